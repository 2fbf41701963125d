"""GET /players/me: the caller's own profile, contacts included."""

from functions.players.endpoints import endpoint
from functions.players.routes import add_get_me

app, lambda_handler = endpoint(add_get_me, with_metrics=False, key_required=True)
