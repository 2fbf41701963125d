"""POST /games/{game_id}/place_label: Place the sold spirit's label on a bonus space (or take 2 SP)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("place_label")
