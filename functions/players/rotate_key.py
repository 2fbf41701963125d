"""POST /players/me/key: a new key for the caller; the old one fails from now on."""

from functions.players.endpoints import endpoint
from functions.players.routes import add_rotate_key

app, lambda_handler = endpoint(add_rotate_key, key_required=True)
