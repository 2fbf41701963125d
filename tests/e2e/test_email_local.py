"""Play by e-mail on the local server, as a user runs it: a game with each seat's address; every seat's e-mail
lands as an `.eml` file listed in the outbox; its link (never a token) opens the seat, which moves; the seat
that must act next is e-mailed in turn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.client import ApiClient
from tests.local.process import ServerProcess, eventually, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def emails(server: ServerProcess, game_id: str) -> list[dict[str, Any]]:
    return [e["message"] for e in server.outbox() if e.get("topic") == "email"
            and e["message"].get("game_id") == game_id]


def session_from(client: ApiClient, game_id: str, mail: dict[str, Any]) -> str:
    """The e-mail's link opens its seat: its link token exchanged for a session (no seat token involved)."""
    link_token = mail["link"].split("#link=", 1)[1]
    session = client.request("POST", "/sessions", {"link_token": link_token})
    assert (session["game_id"], session["seat"]) == (game_id, mail["seat"])
    return str(session["session_token"])


def move(client: ApiClient, game_id: str, session: str) -> bool:
    """The seat's first legal move, if the game waits for it."""
    view = client.game(game_id, session)
    if view["seat"] not in view["to_act"] or not view["view"]["legal_actions"]:
        return False
    action = view["view"]["legal_actions"][0]
    client.command(game_id, session, action["type"], {k: v for k, v in action.items() if k != "type"})
    return True


def test_each_seat_is_emailed_and_moves_from_its_link(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    seats = [{"name": "Ada", "email": "ada@example.net"}, {"name": "<b>Grace</b>", "email": "grace@example.net"}]
    created = client.request("POST", "/games", {"seats": seats, "options": {"flight": "A"}}, idempotent=False)
    game_id, tokens = created["game_id"], client.tokens(created)
    first = eventually(lambda: (found := emails(server, game_id)) and len(found) == 2 and found)
    assert sorted(m["to"] for m in first) == ["ada@example.net", "grace@example.net"]
    for mail in first:
        assert Path(mail["eml"]).is_file() and Path(mail["preview"]).is_file()
        assert mail["link"].startswith(f"{server.url}/play/{game_id}#link=l~")
        assert "&lt;b&gt;Grace&lt;/b&gt;" in mail["html"] and "<b>Grace" not in mail["html"]
        text = Path(mail["eml"]).read_text()
        assert not any(token in text for token in tokens)
    sessions = {mail["seat"]: session_from(client, game_id, mail) for mail in first}
    for _ in range(20):  # play on from the links until a seat is told again (the round's first turn)
        if len(emails(server, game_id)) > 2:
            break
        assert any(move(client, game_id, sessions[seat]) for seat in sorted(sessions))
        eventually(lambda: len(emails(server, game_id)) > 2, timeout=2)  # a pause to let the stream catch up
    later = eventually(lambda: emails(server, game_id)[2:])  # the standard (scaled) limit for the last one
    assert later and all(m["version"] > 1 and m["seat"] in (0, 1) for m in later)
    assert all(m["subject"].startswith("Your turn: ") for m in later)
