"""Request and response bodies of the players' routes. Strict like every body of this API: unknown fields, a
number for a string, or a string over its bound are refused (422) before the service sees them; what a field
means (a real time zone, an https URL) the service checks, naming the field."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from functions.api.json_body import MAX_COUNT
from service.clocks.vacation import VACATION_DAYS
from service.names import EMAIL_PATTERN, HTTPS_URL_PATTERN, MAX_EMAIL, MAX_NAME, NAME_PATTERN, WEBHOOK_URL_PATTERN
from service.players.profiles import MAX_PUSH_ENDPOINT, MAX_WEBHOOK_URL
from service.players.service import UNSET, Changes

CODE_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"
TIME_ZONE = Field(default=None, max_length=64, description="An IANA time zone name (Europe/Paris); default UTC.")


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, regex_engine="python-re")


class CreatePlayerBody(_Body):
    name: str = Field(min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN,
                      description=f"Display name, 1 to {MAX_NAME} characters, no control or format characters.")
    time_zone: str | None = TIME_ZONE


# The wall-clock times service/notices/quiet_hours.py reads (00:00 to 23:59).
CLOCK_PATTERN = r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]$"


class QuietHours(_Body):
    start: str = Field(max_length=5, pattern=CLOCK_PATTERN, description="HH:MM, 24-hour, e.g. 22:00.")
    end: str = Field(max_length=5, pattern=CLOCK_PATTERN,
                     description="HH:MM; before start: the window ends the next day (08:00).")


class Device(BaseModel):
    device_id: str
    platform: str = Field(description="apns, apns_sandbox or fcm.")
    added_at: str


class UpdatePlayerBody(_Body):
    """Only the fields sent change; null clears a field (a cleared time zone is UTC; the name cannot be cleared)."""

    # Not null in the document: a name cannot be cleared.
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME, pattern=NAME_PATTERN)] | SkipJsonSchema[None] = None
    time_zone: str | None = TIME_ZONE
    email: str | None = Field(
        default=None, max_length=MAX_EMAIL, pattern=EMAIL_PATTERN,
        description="A new address is pending until confirmed through the link sent to it (valid 24 h); "
                    "nothing else is sent to it before. Sending the confirmed address again changes nothing.")
    webhook_url: str | None = Field(default=None, max_length=MAX_WEBHOOK_URL, pattern=WEBHOOK_URL_PATTERN,
                                    description="An https URL to a public host, no credentials in it.")
    push_endpoint: str | None = Field(default=None, max_length=MAX_PUSH_ENDPOINT, pattern=HTTPS_URL_PATTERN,
                                      description="A push subscription endpoint (an https URL).")
    expected_revision: int | None = Field(
        default=None, ge=1, le=MAX_COUNT,
        description="The profile's revision this change is based on: 409 stale_revision if it has moved on. "
                    "Without it, a change is applied over the newest.")
    quiet_hours: QuietHours | None = Field(
        default=None, description="Hold e-mail and push notices between start and end, wall clock in the "
                                  "player's time zone (the game is never held); null: no quiet hours.")

    vacation_until: str | None = Field(
        default=None, max_length=40, json_schema_extra={"format": "date-time"},
        description=f"ISO 8601 with its zone (2027-01-20T18:00:00Z): your games' turn clocks pause until then "
                    f"instead of running out. {VACATION_DAYS} days a year, counted from now and rounded up; null ends "
                    "a vacation and gives back the days not yet begun.")

    language: Literal["en", "es", "ko"] | None = Field(default=None, description="The e-mails' language; null: en.")
    email_every_turn: bool | None = Field(
        default=None, description="An e-mail for every turn, not only a round's first; null: false.")
    email_enabled: bool | None = Field(
        default=None, description="false: no e-mail at all (what one-click unsubscribe sets); null: true.")


    def changes(self) -> Changes:
        sent = self.model_fields_set - {"expected_revision"}
        fields = {name: getattr(self, name) if name in sent else UNSET
                  for name in ("name", "time_zone", "email", "webhook_url", "push_endpoint", "vacation_until",
                               "language", "email_every_turn", "email_enabled")}
        if "quiet_hours" in sent:
            fields["quiet_hours"] = None if self.quiet_hours is None else (self.quiet_hours.start,
                                                                           self.quiet_hours.end)
        return Changes(**fields)


class ConfirmBody(_Body):
    code: str = Field(pattern=CODE_PATTERN, description="The code of the confirmation message.")


class EmailContact(BaseModel):
    address: str
    confirmed: bool = Field(description="Only a confirmed address receives anything but its confirmation.")
    confirmation_expires_at: str | None = Field(description="While pending: when its code expires.")
    disabled_reason: Literal["bounced", "complained"] | None = Field(
        default=None, description="The address is off after a permanent bounce or a complaint: send it again "
                                  "(PATCH email) to confirm it anew.")
    disabled_since: str | None = None


class Contacts(BaseModel):
    email: EmailContact | None
    webhook_url: str | None
    push_endpoint: str | None


class Vacation(BaseModel):
    until: str | None = Field(description="While on vacation: when it ends.")
    days_left: int = Field(description="Days of vacation left this calendar year (UTC).")
    days_per_year: int


class Preferences(BaseModel):
    language: Literal["en", "es", "ko"]
    email_every_turn: bool
    email_enabled: bool = Field(description="The player's own off switch for every e-mail.")


class WebhookState(BaseModel):
    state: str = Field(description="enabled; disabled (after repeated failed deliveries: set the URL again to "
                                   "re-enable it); set (no secret yet: POST /players/me/webhook-secret).")
    since: str | None = Field(description="When the URL was set, or when it was disabled.")
    failures: int = Field(description="Consecutive deliveries that failed every attempt.")


class PlayerProfile(BaseModel):
    player_id: str
    name: str
    time_zone: str
    contacts: Contacts = Field(description="Shown to the player only, never to anyone else.")
    created_at: str
    updated_at: str
    revision: int = Field(description="Send it as expected_revision to refuse a change based on an older profile.")
    vacation: Vacation = Field(description="Your turn clocks pause while you are on vacation.")
    devices: list[Device] = Field(default_factory=list, description="Push devices (never their tokens).")
    quiet_hours: QuietHours | None = None
    preferences: Preferences
    webhook: WebhookState | None = Field(default=None, description="The webhook's state (never its secret).")


class UpdatedProfile(PlayerProfile):
    webhook_secret: str | None = Field(
        default=None, description="Only when this change set a webhook URL for the first time: the secret that "
                                  "signs its deliveries (docs/webhooks.md), shown only this once.")


class NewWebhookSecret(BaseModel):
    player_id: str
    webhook_secret: str = Field(description="The new secret, shown only once; deliveries are signed with it now.")


class CreatedPlayer(BaseModel):
    player_id: str
    key: str = Field(description="The player's secret: send `Authorization: Bearer <key>`. Shown only once.")
    profile: PlayerProfile


class NewKey(BaseModel):
    player_id: str
    key: str = Field(description="The new key, shown only once; the old one is refused from now on.")


class EmailConfirmed(BaseModel):
    player_id: str
    confirmed: bool
    already_confirmed: bool = Field(description="This code had confirmed the address before: nothing changed.")
    message: str


def confirmed_reply(player_id: str, already: bool) -> dict[str, Any]:
    message = "This e-mail address was already confirmed." if already else "Your e-mail address is confirmed."
    return {"player_id": player_id, "confirmed": True, "already_confirmed": already, "message": message}
