"""POST /games: create a game; answers its id and the seat tokens."""

from functions.api.endpoints import create_game_endpoint

app, lambda_handler = create_game_endpoint()
