"""POST /games/{game_id}/swap_goals: Solo: swap two goals within a row, once per game (+5 to the target)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("swap_goals")
