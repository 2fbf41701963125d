"""POST /games/{game_id}/choose_distiller: Choose one of the two distillers you were dealt."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("choose_distiller")
