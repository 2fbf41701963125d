"""GET /lobbies/{game_id}: the lobby as the caller may see it."""

from functions.lobbies.routes import add_get_lobby
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_get_lobby, with_metrics=False)
