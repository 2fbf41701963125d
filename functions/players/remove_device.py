"""DELETE /players/me/devices/{device_id}: remove a push device (and its endpoint)."""

from functions.players.device_routes import add_remove_device
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_remove_device, key_required=True)
