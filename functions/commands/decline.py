"""POST /games/{game_id}/decline: Water bonus: reveal nothing, or leave the revealed card."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("decline")
