"""What the whole-flow test over HTTP shares: a transport that records every answer by the credential sent, the
"my games" entry of a game (polled: the notifier keeps it from the stream), and moves found in a seat's view."""

from __future__ import annotations

import json
import urllib.request
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request

from devtools.client import ApiClient
from devtools.client.http import urllib_transport
from devtools.client.my_games import my_games
from tests.local.process import eventually, limit


class Recorded:
    """Every answer a client was given, by the credential it sent ("" for none)."""

    def __init__(self) -> None:
        self.answers: dict[str, list[str]] = {}

    def __call__(self, request: Request, timeout: float) -> tuple[int, bytes]:
        status, raw = urllib_transport(request, timeout)
        sent = request.get_header("Authorization") or ""
        self.answers.setdefault(sent.removeprefix("Bearer "), []).append(raw.decode())
        return status, raw

    def seen_with(self, credential: str) -> str:
        return "\n".join(self.answers.get(credential, []))


def entry(client: ApiClient, key: str, game_id: str, **expected: Any) -> dict[str, Any] | None:
    """The caller's "my games" entry of the game once it has every expected field, else None."""
    found = [g for g in my_games(client, key) if g["game_id"] == game_id]
    if found and all(found[0].get(k) == v for k, v in expected.items()):
        return found[0]
    return None


def listed(client: ApiClient, key: str, game_id: str, **expected: Any) -> tuple[dict[str, Any], list[str]]:
    """Poll "my games" (kept from the stream, so a write shows up within seconds) until the entry is there; the
    entry and the order of the caller's game ids."""
    found = eventually(lambda: entry(client, key, game_id, **expected), timeout=limit(120), every=0.2)
    assert found, f"game {game_id} never showed in my games with {expected}: {my_games(client, key)}"
    return found, [g["game_id"] for g in my_games(client, key)]


def quiet_buy(view: dict[str, Any]) -> dict[str, Any] | None:
    """A basic purchase other than Water (Water's bonus reveals a card, which nobody may take back)."""
    for action in view.get("legal_actions") or []:
        if action["type"] == "buy" and action.get("source") == "basic" and action.get("card") != "water":
            return {k: v for k, v in action.items() if k != "type"}
    return None


def types(view: dict[str, Any]) -> list[str]:
    return [a["type"] for a in view.get("legal_actions") or []]


def raw_post(url: str, body: Any, key: str) -> tuple[int, dict[str, str], Any]:
    """A POST seen as a browser would: status, headers and JSON answer (ApiError keeps no headers)."""
    request = Request(url, json.dumps(body).encode(), {"content-type": "application/json",
                                                       "authorization": f"Bearer {key}"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=limit(60)) as response:
            return int(response.status), dict(response.headers), json.loads(response.read())
    except HTTPError as error:
        return int(error.code), dict(error.headers), json.loads(error.read())
