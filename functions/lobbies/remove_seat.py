"""POST /lobbies/{game_id}/seats/{seat}/remove: the host removes a seat before the start."""

from functions.lobbies.routes import add_remove_seat
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_remove_seat, key_required=True)
