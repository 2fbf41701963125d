"""POST /games/{game_id}/decline_goals: Solo: decline the goals offered (Collect goals stay open)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("decline_goals")
