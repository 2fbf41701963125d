"""POST /players/me/email/confirm: confirm the caller's e-mail address with its code."""

from functions.players.endpoints import endpoint
from functions.players.routes import add_confirm_own

app, lambda_handler = endpoint(add_confirm_own, key_required=True, key_before_body=True)
