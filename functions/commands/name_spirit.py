"""POST /games/{game_id}/name_spirit: Name the distilled spirit: recipe and barrel."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("name_spirit")
