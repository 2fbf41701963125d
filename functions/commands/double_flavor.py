"""POST /games/{game_id}/double_flavor: Choose the revealed flavor whose money counts double (Warehouse Manager)."""

from functions.api.endpoints import command_endpoint

app, lambda_handler = command_endpoint("double_flavor")
