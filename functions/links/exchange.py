"""POST /sessions: a link token exchanged for a session token."""

from functions.links.endpoints import endpoint
from functions.links.routes import add_exchange_link

app, lambda_handler = endpoint(add_exchange_link)
