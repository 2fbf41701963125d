"""GET /players/{player_id}/confirm-email?code=...: what the confirmation link opens."""

from functions.players.endpoints import endpoint
from functions.players.routes import add_confirm_link

app, lambda_handler = endpoint(add_confirm_link)
