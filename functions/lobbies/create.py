"""POST /lobbies: open a lobby; answers its invite link (the code shown once)."""

from functions.lobbies.routes import add_create_lobby
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_create_lobby, key_required=True, key_before_body=True)
