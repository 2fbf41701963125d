"""POST /games/{game_id}/taste: Tasting at round end: turn up to 4 SP into money (0 to decline)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("taste")
