"""POST /games/{game_id}/take_back: Take back your last command (while it revealed nothing)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("take_back")
