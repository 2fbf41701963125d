"""POST /lobbies/{game_id}/start: the host starts the game."""

from functions.lobbies.routes import add_start_lobby
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_start_lobby, key_required=True)
