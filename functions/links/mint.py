"""POST /games/{game_id}/links: a page link (link token) for the caller's own seat."""

from functions.links.endpoints import endpoint
from functions.links.routes import add_mint_link

app, lambda_handler = endpoint(add_mint_link, token_required=True)
