"""POST /games/{game_id}/reveal: Water bonus: reveal the top card of a premium deck."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("reveal")
