"""POST /players/me/devices and DELETE /players/me/devices/{device_id}: a player's push devices
(service/notices/push/devices.py). The device token goes to SNS only: never answered, logged or stored here."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ConfigDict, Field

from functions import container
from functions.api.edge import json_response
from functions.errors import ApiError
from functions.observability import count, logger
from functions.players.models import Device, PlayerProfile
from functions.players.routes import KEY_REQUIRED, TAGS, presented_key, responses
from service.notices.push.devices import (
    MAX_DEVICES,
    MAX_TOKEN,
    DeviceNotFound,
    Devices,
    PlatformUnavailable,
    TooManyDevices,
)
from service.players.profiles import own_profile

DEVICE_ID_PATTERN = r"^d[A-Za-z0-9_-]{4,32}$"


class RegisterDeviceBody(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    platform: Literal["apns", "apns_sandbox", "fcm"] = Field(description="APNs (production or sandbox) or FCM.")
    token: str = Field(min_length=1, max_length=MAX_TOKEN + 20,
                       description="The device token the platform gave the app: hex for APNs, FCM's as is.")


class RegisteredDevice(BaseModel):
    device: Device
    profile: PlayerProfile


def devices() -> Devices:
    """This container's devices service (the composition root's)."""
    return container.reactions().devices


def _refused(error: Exception) -> ApiError:
    match error:
        case PlatformUnavailable():
            return ApiError(422, "platform_unavailable", "Push to that platform is not set up on this service.")
        case TooManyDevices():
            return ApiError(409, "too_many_devices", f"At most {MAX_DEVICES} devices: remove one first.",
                            limit=MAX_DEVICES)
    return ApiError(404, "device_not_found", "The caller has no device with that id.")


_ERRORS = {409: "too_many_devices: remove a device first; contention: retry.",
           404: "device_not_found: the caller has no such device."}


def add_register_device(app: APIGatewayHttpResolver) -> None:
    described = responses(201, RegisteredDevice, "The device (its id) and the profile.", 400, 401, 409, 413, 415, 422)
    described[409]["description"] = _ERRORS[409]
    described[422]["description"] = ("invalid_token: the token has not the platform's shape (details name it); "
                                     "platform_unavailable: this service has no application for that platform.")

    @app.post(
        "/players/me/devices", operation_id="registerDevice", tags=TAGS, summary="Register a device for push",
        description=f"Push notices (your turn, game over) go to each registered device, at most {MAX_DEVICES}. "
                    "Registering the same token again answers the same device. The token is never shown back.",
        security=KEY_REQUIRED, responses=described,
    )
    def register_device(body: Annotated[RegisterDeviceBody, Body()]) -> Response[RegisteredDevice]:
        try:
            record, device = devices().register(presented_key(app), body.platform, body.token)
        except (PlatformUnavailable, TooManyDevices) as error:
            raise _refused(error) from None
        logger.append_keys(player_id=record.player_id)
        logger.info("device registered", extra={"platform": device.platform, "device_id": device.device_id})
        count("DevicesRegistered")
        reply: dict[str, Any] = {"device": device.shown(), "profile": own_profile(record)}
        return json_response(reply, 201, {"Location": "/players/me"})


def add_remove_device(app: APIGatewayHttpResolver) -> None:
    described = responses(200, PlayerProfile, "The profile without the device.", 401, 404, 409, 422)
    described[404]["description"] = _ERRORS[404]

    @app.delete(
        "/players/me/devices/<device_id>", operation_id="removeDevice", tags=TAGS, summary="Remove a device",
        description="Its endpoint is deleted: nothing more is pushed to it.",
        security=KEY_REQUIRED, responses=described,
    )
    def remove_device(device_id: str) -> Response[PlayerProfile]:
        import re

        try:
            if not re.fullmatch(DEVICE_ID_PATTERN, device_id):
                container.players().authenticate(presented_key(app))  # a wrong key first, whatever the id
                raise DeviceNotFound(device_id)
            record = devices().remove(presented_key(app), device_id)
        except DeviceNotFound as error:
            raise _refused(error) from None
        logger.append_keys(player_id=record.player_id)
        logger.info("device removed", extra={"device_id": device_id})
        count("DevicesRemoved")
        return json_response(own_profile(record))


DEVICE_ROUTES = (add_register_device, add_remove_device)
