"""POST /players: create a player; answers its id and its key (shown once)."""

from functions.players.endpoints import endpoint
from functions.players.routes import add_create_player

app, lambda_handler = endpoint(add_create_player)
