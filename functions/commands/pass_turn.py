"""POST /games/{game_id}/pass: Pass (market or sell phase)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("pass")
