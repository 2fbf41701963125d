"""POST /games/{game_id}/resign: Resign (a stand-in plays your seat on, or the game ends)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("resign")
