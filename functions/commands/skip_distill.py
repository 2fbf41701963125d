"""POST /games/{game_id}/skip_distill: Do not distill this round."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("skip_distill")
