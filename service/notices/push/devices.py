"""A player's push devices: registering one (an SNS platform endpoint for its token), listing, removing, and
pruning one whose endpoint is gone.

The record keeps, per device, an id, the platform, the endpoint ARN and when it was added, as JSON text in
`devices`; never the device token (SNS holds it in the endpoint). At most MAX_DEVICES per player. A refused
request writes nothing: the token's shape, the platform being on and the device limit are checked before the
endpoint is made. Writes are conditional on the revision read, retried after a lost race, like the profile's.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from domain.records import record
from infra.players import PlayerRecord, PlayerStore, RevisionConflict
from infra.push_endpoints import APNS, APNS_SANDBOX, GCM, EndpointRefused, Endpoints
from service.players.errors import InvalidField, PlayerContention
from service.times import iso_seconds as iso

MAX_DEVICES = 5
ATTEMPTS = 3
# The API's platform names -> SNS's, and the environment variable naming each platform application.
PLATFORMS = {"apns": APNS, "apns_sandbox": APNS_SANDBOX, "fcm": GCM}
APPLICATION_ENV = {"apns": "APNS_APPLICATION_ARN", "apns_sandbox": "APNS_SANDBOX_APPLICATION_ARN",
                   "fcm": "FCM_APPLICATION_ARN"}
_APNS_TOKEN = re.compile(r"(?:[0-9a-fA-F]{2}){32,100}")  # 32 bytes today; Apple says the length may grow
_FCM_TOKEN = re.compile(r"[!-~]{20,4096}")  # printable ASCII, no spaces
MAX_TOKEN = 4096


class PlatformUnavailable(Exception):
    """This deployment has no platform application for that platform."""


class TooManyDevices(Exception):
    pass


class DeviceNotFound(Exception):
    pass


@record(frozen=True)
class Device:
    device_id: str
    platform: str  # the API's name: apns, apns_sandbox or fcm
    endpoint_arn: str
    added_at: str

    @property
    def sns_platform(self) -> str:
        return PLATFORMS[self.platform]

    def shown(self) -> dict[str, str]:
        """What the player sees of it: neither the token nor the endpoint."""
        return {"device_id": self.device_id, "platform": self.platform, "added_at": self.added_at}


def devices(record: PlayerRecord) -> tuple[Device, ...]:
    """The record's devices (a record that cannot be read has none: nothing is sent to a guess)."""
    try:
        rows = json.loads(record.devices) if record.devices else []
        return tuple(Device(str(r["device_id"]), str(r["platform"]), str(r["endpoint_arn"]), str(r["added_at"]))
                     for r in rows if r.get("platform") in PLATFORMS)
    except (ValueError, TypeError, KeyError, AttributeError):
        return ()


def stored(found: tuple[Device, ...]) -> str | None:
    return json.dumps([d.__dict__ for d in found], separators=(",", ":")) if found else None


def valid_token(platform: str, token: str) -> str:
    token = token.strip()
    shape = _APNS_TOKEN if PLATFORMS.get(platform) in (APNS, APNS_SANDBOX) else _FCM_TOKEN
    if len(token) > MAX_TOKEN or not shape.fullmatch(token):
        what = "an even number of hex digits (64 or more)" if shape is _APNS_TOKEN else \
            "20 to 4096 printable characters without spaces"
        raise InvalidField("token", "invalid_token", f"a {platform} device token must be {what}")
    return token


def applications(environment: Mapping[str, str]) -> dict[str, str]:
    """The platform applications configured: an empty ARN turns its platform off."""
    return {p: environment.get(name, "").strip() for p, name in APPLICATION_ENV.items()
            if environment.get(name, "").strip()}


@record
class Devices:
    store: PlayerStore
    authenticate: Callable[[str | None], PlayerRecord]
    endpoints: Endpoints
    applications: Mapping[str, str]
    clock: Callable[[], float] = time.time
    new_id: Callable[[], str] = lambda: "d" + secrets.token_urlsafe(8)
    # How a prune is written: the store's put by default; on DynamoDB the notifier's narrower update of the
    # devices alone (infra/players/devices.py), so it needs no right to rewrite a profile.
    prune_write: Callable[[PlayerRecord], None] | None = None

    def register(self, key: str | None, platform: str, token: str) -> tuple[PlayerRecord, Device]:
        record = self.authenticate(key)
        token = valid_token(platform, token)
        application = self.applications.get(platform)
        if not application:
            raise PlatformUnavailable(platform)
        if len(devices(record)) >= MAX_DEVICES:
            raise TooManyDevices()
        try:
            arn = self.endpoints.create(application, token, record.player_id)
        except EndpointRefused:
            raise InvalidField("token", "refused_by_platform", "the platform refused this device token") from None
        device = Device(self.new_id(), platform, arn, iso(self.clock()))

        def add(current: PlayerRecord) -> PlayerRecord:
            known = devices(current)
            if any(d.endpoint_arn == arn for d in known):
                return current  # registered before (SNS answers the same endpoint for the same token)
            if len(known) >= MAX_DEVICES:
                raise TooManyDevices()
            return replace(current, devices=stored((*known, device)))

        written = self._write(lambda: self.authenticate(key), add)
        return written, next(d for d in devices(written) if d.endpoint_arn == arn)

    def remove(self, key: str | None, device_id: str) -> PlayerRecord:
        """Its endpoint goes first: a write that then fails leaves a device whose endpoint is gone, which the
        next push prunes; the other order could leave an endpoint nobody knows of."""
        record = self.authenticate(key)
        found = [d for d in devices(record) if d.device_id == device_id]
        if not found:
            raise DeviceNotFound(device_id)
        self.endpoints.delete(found[0].endpoint_arn)
        return self._write(lambda: self.authenticate(key), lambda r: without(r, found[0].endpoint_arn))

    def prune(self, player_id: str, endpoint_arn: str) -> None:
        """Drop the device of a gone endpoint (the notifier's, after it deleted the endpoint)."""

        def read() -> PlayerRecord:
            record = self.store.get(player_id)
            if record is None:
                raise DeviceNotFound(endpoint_arn)
            return record

        try:
            self._write(read, lambda r: without(r, endpoint_arn), self.prune_write)
        except DeviceNotFound:
            return

    def _write(self, read: Callable[[], PlayerRecord], change: Callable[[PlayerRecord], PlayerRecord],
               write: Callable[[PlayerRecord], None] | None = None) -> PlayerRecord:
        for _ in range(ATTEMPTS):
            record = read()
            changed = change(record)
            if changed == record:
                return record
            written = replace(changed, revision=record.revision + 1, updated_at=iso(self.clock()))
            try:
                (write or self.store.replace)(written)
            except RevisionConflict:
                continue
            return written
        raise PlayerContention()


def without(record: PlayerRecord, endpoint_arn: str) -> PlayerRecord:
    kept = tuple(d for d in devices(record) if d.endpoint_arn != endpoint_arn)
    return replace(record, devices=stored(kept))


def shown_devices(record: PlayerRecord) -> list[dict[str, Any]]:
    return [d.shown() for d in devices(record)]
