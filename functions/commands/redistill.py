"""POST /games/{game_id}/redistill: Redistill: cut the spirit again (Coffey Still)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("redistill")
