"""GET /players/me/games: the caller's games, awaiting its move first."""

from functions.players.endpoints import endpoint
from functions.players.games_routes import add_my_games

app, lambda_handler = endpoint(add_my_games, with_metrics=False, key_required=True)
