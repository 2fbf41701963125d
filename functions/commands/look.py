"""POST /games/{game_id}/look: Round start: look at the top cards of a premium deck (Market Buyer)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("look")
