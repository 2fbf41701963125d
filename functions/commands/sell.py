"""POST /games/{game_id}/sell: Sell a spirit in a bottle."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("sell")
