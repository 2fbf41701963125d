"""POST /games/{game_id}/keep_flavor: Keep one of the flavor cards drawn."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("keep_flavor")
