"""POST /players/me/webhook-secret: a new signing secret for the caller's webhook, shown once."""

from functions.players.endpoints import endpoint
from functions.players.routes import add_rotate_webhook_secret

app, lambda_handler = endpoint(add_rotate_webhook_secret, key_required=True)
