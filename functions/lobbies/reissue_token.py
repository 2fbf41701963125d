"""POST /games/{game_id}/seats/{seat}/token: the host reissues a bot seat's token."""

from functions.lobbies.routes import add_reissue_token
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_reissue_token, key_required=True)
