"""POST /games/{game_id}/age: Put the new spirit into a warehouse to age."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("age")
