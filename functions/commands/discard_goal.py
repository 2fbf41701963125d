"""POST /games/{game_id}/discard_goal: Discard a goal at round end."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("discard_goal")
