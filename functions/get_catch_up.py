"""GET /games/{game_id}/catch-up: since the seat last looked (functions/api/catch_up_routes.py, docs/catch-up.md)."""

from functions.api.endpoints import get_catch_up_endpoint

app, lambda_handler = get_catch_up_endpoint()
