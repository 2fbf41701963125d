"""The players' routes for the command line, and the player key saved beside the games' seat tokens (the same
file, mode 0600: a key is a secret)."""

from __future__ import annotations

from typing import Any

from devtools.client.http import ApiClient, ClientError
from devtools.client.saved import SavedGames


class SavedPlayer:
    """The player this machine acts as: `{"player": {"player_id", "key", "name", "url", "language"}}` in the
    state file."""

    def __init__(self, saved: SavedGames) -> None:
        self.saved = saved

    @property
    def current(self) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.saved.data.get("player")
        return found

    def require(self) -> dict[str, Any]:
        if not self.current or not self.current.get("key"):
            raise ClientError(f"no player saved in {self.saved.path}: run `distilled player create NAME` first")
        return self.current

    def remember(self, player_id: str, key: str, name: str, url: str) -> None:
        self.saved.data["player"] = {"player_id": player_id, "key": key, "name": name, "url": url}
        self.saved.save()

    @property
    def language(self) -> str | None:
        """The language of the profile as the CLI last saw it: `distilled log` speaks it without a request."""
        found = (self.current or {}).get("language")
        return found if isinstance(found, str) else None

    def seen(self, profile: dict[str, Any]) -> None:
        """Keep the language of a profile the server just answered (create, show, set) beside the key."""
        language = (profile.get("preferences") or {}).get("language")
        if self.current and isinstance(language, str) and self.current.get("language") != language:
            self.current["language"] = language
            self.saved.save()

    def new_key(self, key: str) -> None:
        self.require()["key"] = key
        self.saved.save()


def create_player(client: ApiClient, name: str, time_zone: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {"name": name} | ({"time_zone": time_zone} if time_zone else {})
    result: dict[str, Any] = client.request("POST", "/players", body, idempotent=False)
    return result


def me(client: ApiClient, key: str) -> dict[str, Any]:
    result: dict[str, Any] = client.request("GET", "/players/me", token=key)
    return result


def update_me(client: ApiClient, key: str, changes: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = client.request("PATCH", "/players/me", changes, key)
    return result


def rotate_key(client: ApiClient, key: str) -> dict[str, Any]:
    # Never resent once it may have left: a second rotation would replace the key the first one answered.
    result: dict[str, Any] = client.request("POST", "/players/me/key", None, key, idempotent=False)
    return result


def confirm_email(client: ApiClient, key: str, code: str) -> dict[str, Any]:
    result: dict[str, Any] = client.request("POST", "/players/me/email/confirm", {"code": code}, key)
    return result


def _webhook(profile: dict[str, Any]) -> str:
    url = (profile.get("contacts") or {}).get("webhook_url")
    state = profile.get("webhook") or {}
    return f"{url} ({state['state']} since {state['since']})" if url and state.get("since") else url or "none"


def profile_lines(profile: dict[str, Any]) -> list[str]:
    """A profile, readable: one line per field."""
    contacts = profile.get("contacts") or {}
    email = contacts.get("email")
    if email is None:
        mail = "none"
    elif email["confirmed"]:
        mail = f"{email['address']} (confirmed)"
    else:
        mail = (f"{email['address']} (pending: open the link sent to it, or `distilled player confirm CODE`, "
                f"before {email['confirmation_expires_at']})")
    return [
        f"player     {profile['player_id']} {profile['name']}",
        f"time zone  {profile['time_zone']}",
        f"e-mail     {mail}",
        f"webhook    {_webhook(profile)}",
        f"push       {contacts.get('push_endpoint') or 'none'}",
        f"revision   {profile['revision']} (updated {profile['updated_at']})",
        *_preference_lines(profile),
    ]


def _preference_lines(profile: dict[str, Any]) -> list[str]:
    found = profile.get("preferences")
    if not found:
        return []
    off = ((profile.get("contacts") or {}).get("email") or {}).get("disabled_reason")
    emails = "off" if not found["email_enabled"] else f"off ({off}: set the address again)" if off else (
        "every turn" if found["email_every_turn"] else "one per round")
    return [f"e-mails    {emails}, in {found['language']}"]
