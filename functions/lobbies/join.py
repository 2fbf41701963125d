"""POST /lobbies/{game_id}/join: claim the next free seat (the last one starts the game)."""

from functions.lobbies.routes import add_join_lobby
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_join_lobby, key_required=True, key_before_body=True)
