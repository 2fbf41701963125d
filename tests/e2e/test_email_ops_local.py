"""E-mail operations on the local server, as a user meets them: each notice e-mail carries one unsubscribe URL
(header and footer) that works against the local server (GET shows the button, POST unsubscribes); a bounce
injected at /_local/ses-feedback turns its address off; the confirmation of a new address arrives as an e-mail
in the player's language whose link confirms it; an injected SES failure is retried by the stream."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from email import message_from_string, policy
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from devtools.client import ApiClient
from tests.local.process import ServerProcess, eventually, running_server

ONE_CLICK = b"List-Unsubscribe=One-Click"


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def emails(server: ServerProcess, to: str | None = None, game_id: str | None = None) -> list[dict[str, Any]]:
    return [e["message"] for e in server.outbox() if e.get("topic") == "email"
            and (to is None or e["message"].get("to") == to)
            and (game_id is None or e["message"].get("game_id") == game_id)]


def http(method: str, url: str, body: bytes | None = None, content_type: str | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, data=body, method=method)
    if content_type:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.status, answer.read().decode()


def game(client: ApiClient, *addresses: str) -> str:
    seats = [{"name": f"P{i}", "email": a} for i, a in enumerate(addresses)]
    return str(client.request("POST", "/games", {"seats": seats}, idempotent=False)["game_id"])


def test_unsubscribe_and_a_bounce_stop_the_emails(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    first = game(client, "ada@example.net", "grace@example.net")
    (mail,) = eventually(lambda: emails(server, "ada@example.net", first) or None)
    raw = Path(mail["eml"]).read_text(encoding="utf-8")
    message = message_from_string(raw, policy=policy.default)
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    (url,) = re.findall(r"<(http://[^>]+/unsubscribe/[^>]+)>", str(message["List-Unsubscribe"]))
    assert url.startswith(f"{server.url}/unsubscribe/u~") and url in mail["html"]

    status, page = http("GET", url)
    assert status == 200 and 'method="post"' in page
    status, done = http("POST", url, ONE_CLICK, "application/x-www-form-urlencoded")
    assert status == 200
    assert http("POST", f"{server.url}/unsubscribe/u~{'Z' * 32}", ONE_CLICK,
                "application/x-www-form-urlencoded") == (200, done), "an unknown token: the same answer"

    request = urllib.request.Request(f"{server.url}/_local/ses-feedback", method="POST", data=json.dumps(
        {"address": "grace@example.net", "type": "Bounce"}).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert json.loads(answer.read())["done"] == {"suppressed": 1}

    second = game(client, "ada@example.net", "grace@example.net", "carol@example.net")
    eventually(lambda: emails(server, "carol@example.net", second) or None)
    assert emails(server, "ada@example.net", second) == [] and emails(server, "grace@example.net", second) == []


def test_the_confirmation_arrives_as_an_email_and_its_link_confirms(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = client.request("POST", "/players", {"name": "Ada"}, idempotent=False)
    key = created["key"]
    client.request("PATCH", "/players/me", {"email": "ada.player@example.net", "language": "es"}, token=key)
    (mail,) = eventually(lambda: emails(server, "ada.player@example.net") or None)
    assert "Confirma tu dirección" in mail["subject"]
    text = Path(mail["eml"]).read_text(encoding="utf-8")
    assert key not in text and key.split(".")[1] not in text
    (link,) = set(re.findall(rf"{re.escape(server.url)}/players/[^\s\"<>]+", mail["html"].replace("&amp;", "&")))
    assert urlsplit(link).path.endswith("/confirm-email")
    status, body = http("GET", link)
    assert status == 200 and json.loads(body)["confirmed"] is True


def test_an_injected_ses_failure_is_retried_by_the_stream(server: ServerProcess) -> None:
    request = urllib.request.Request(f"{server.url}/_local/ses-failures", method="POST",
                                     data=json.dumps({"next": 1}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        assert json.loads(answer.read()) == {"failing": 1}
    game_id = game(ApiClient(server.url), "dora@example.net")
    (mail,) = eventually(lambda: emails(server, "dora@example.net", game_id) or None)
    assert mail["seat"] == 0
