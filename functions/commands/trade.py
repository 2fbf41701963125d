"""POST /games/{game_id}/trade: Trade one pantry card before distilling."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("trade")
