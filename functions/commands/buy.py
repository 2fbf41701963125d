"""POST /games/{game_id}/buy: Buy from the market: a basic card, a row card, a recipe cube, or the revealed card."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("buy")
