"""GET /lobbies: the public lobbies with a free seat."""

from functions.lobbies.routes import add_list_lobbies
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_list_lobbies, with_metrics=False)
