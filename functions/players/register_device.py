"""POST /players/me/devices: register a device for push notices."""

from functions.players.device_routes import add_register_device
from functions.players.endpoints import endpoint

app, lambda_handler = endpoint(add_register_device, key_required=True, key_before_body=True)
