"""PATCH /players/me: change the caller's name, time zone or contacts."""

from functions.players.endpoints import endpoint
from functions.players.routes import add_update_me

app, lambda_handler = endpoint(add_update_me, key_required=True, key_before_body=True)
