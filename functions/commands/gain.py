"""POST /games/{game_id}/gain: Round start: take the free basic ingredient offered (Co-op Manager)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("gain")
