"""GET /games/{game_id}: the caller's view (a seat's with its token, else the spectator's)."""

from functions.api.endpoints import get_game_endpoint

app, lambda_handler = get_game_endpoint()
