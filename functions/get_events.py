"""GET /games/{game_id}/events?after=N: the history as the caller may see it."""

from functions.api.endpoints import get_events_endpoint

app, lambda_handler = get_events_endpoint()
