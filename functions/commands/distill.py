"""POST /games/{game_id}/distill: Distill: put pantry cards into the washback."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("distill")
