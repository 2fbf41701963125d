"""POST /lobbies/{game_id}/seats/{seat}/replace: the host opens a seat again or gives it to a bot."""

from functions.lobbies.routes import add_replace_seat
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_replace_seat, key_required=True, key_before_body=True)
