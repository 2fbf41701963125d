"""POST /games/{game_id}/claim_goal: Solo: claim one of the goals offered or open to you."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("claim_goal")
