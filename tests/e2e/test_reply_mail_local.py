"""Play by e-mail, for real (issue 23), on the local server as a user runs it: three players with confirmed
addresses play a whole game only by replying to their e-mails over the local SMTP listener, to the final scores;
every answer is scanned for what its seat must not see. Then the drop paths over the wire: an unreadable line and
refusals answered, a mail delivered twice acting once, an auto-reply never answered, a forged sender refused
with nothing written and nothing answered.

Replies name choices by the number the e-mail lists them with (service/replies/words.py reads a number as the
choice listed with it; the open Distill's bare number is refused: name the cards, and the policy tries the next)."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.client import ApiClient
from devtools.client import lobbies as lobby_api
from tests.e2e.mail_client import (
    answer_to,
    confirmed_email_player,
    listed_choice,
    listed_choices,
    mails_to,
    newest_reply_to,
    reply,
    send,
    text_of,
)
from tests.local.process import ServerProcess, eventually, running_server

NAMES = ("Ada", "Grace", "Linus")
MOVES = 400  # replies at most: a hung game fails instead of running on
_REPLY_ADDRESS = re.compile(r"play\+[A-Za-z0-9_~.-]+@distilled\.local")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with pytest.MonkeyPatch.context() as patch:  # a whole game is more replies a player than an hour allows
        patch.setenv("LIMIT_REPLIES_PER_PLAYER_HOUR", "0")
        yield from running_server()


def seated(client: ApiClient, server: ServerProcess, tag: str) -> tuple[str, dict[int, dict[str, Any]]]:
    """A started 3-player game of players with confirmed addresses: its id and each seat's player (+ address)."""
    players = []
    for name in NAMES:
        address = f"{name.lower()}.{tag}@example.net"
        players.append({**confirmed_email_player(client, server, name, address), "address": address, "name": name})
    made = lobby_api.create_lobby(client, players[0]["key"], 3, False, {"flight": "A"})
    _, game_id, code = lobby_api.parse_invite(made["invite_link"])
    lobby_api.join(client, game_id, players[1]["key"], code)
    assert lobby_api.join(client, game_id, players[2]["key"], code)["started"]
    return game_id, {client.game(game_id, p["key"])["seat"]: p for p in players}


def view_of(client: ApiClient, game_id: str, player: dict[str, Any]) -> dict[str, Any]:
    return client.game(game_id, player["key"])


def hidden_from_others(view: dict[str, Any]) -> set[str]:
    """What only this seat may see while the game runs: its goals, and the distillers it was dealt but did not
    choose."""
    me = next(p for p in view["view"]["players"] if p["seat"] == view["seat"])
    dealt = set(me.get("dealt_distillers") or []) - {me.get("distiller")}
    return {str(g) for g in me.get("goals") or []} | {str(d) for d in dealt}


def assert_no_leak(answer: dict[str, Any], seat: int, secrets: dict[int, set[str]], keys: list[str]) -> None:
    text = "\n".join([text_of(answer), answer.get("html") or "", str(answer.get("subject"))])
    addresses = set(_REPLY_ADDRESS.findall(text))
    assert addresses <= {answer["reply_to"]}, "an answer carries a reply address other than its own next one"
    assert not any(key in text for key in keys), "an answer carries a player key"
    for other, hidden in secrets.items():
        if other != seat:
            leaked = [s for s in hidden if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text)]
            assert not leaked, f"seat {seat}'s answer names seat {other}'s hidden {leaked[:3]}"


def replied(server: ServerProcess, mail: dict[str, Any], lines: list[str], name: str,
            **headers: str) -> dict[str, Any]:
    """Reply; the answer to it."""
    message = reply(mail, lines, name, **headers)
    send(server, message)
    answer = eventually(lambda: answer_to(server, mail["to"], str(message["Message-ID"])))
    assert answer, f"no answer to {lines}"
    return dict(answer)


def test_a_whole_game_is_played_by_replies_alone(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    game_id, seats = seated(client, server, "game")
    keys = [p["key"] for p in seats.values()]
    addresses = [p["address"] for p in seats.values()]
    started, moves = time.monotonic(), 0
    refused: dict[tuple[int, int], set[int]] = {}
    scanned: set[str] = set()  # the e-mails already scanned for leaks
    first = len(game_mails(server, addresses))  # the game's first turn notices
    for _ in range(MOVES):
        views = {seat: view_of(client, game_id, p) for seat, p in seats.items()}
        if views[0]["view"]["phase"] == "finished":
            break
        secrets = {seat: hidden_from_others(v) for seat, v in views.items()}
        for seat, player in seats.items():  # every e-mail since, to whichever seat, while the game runs
            for mail in mails_to(server, player["address"]):
                if mail["eml"] not in scanned and not mail.get("code"):
                    scanned.add(mail["eml"])
                    assert_no_leak(mail, seat, secrets, keys)
        acting = views[0]["view"]["to_act"]
        seat = next(s for s in acting if s in seats)
        player = seats[seat]
        # The newest e-mail the seat can answer, once it lists the seat's choices (its turn's notice, or an answer
        # that carries the turn).
        mail = eventually(lambda p=player: (m if (m := newest_reply_to(server, p["address"])) and listed_choices(m)
                                            else None))
        assert mail, f"seat {seat} must act and was never mailed its choices"
        # A choice the game refused (a listed action that is no whole command yet) is not tried again there.
        at = (seat, views[seat]["version"])
        number = next(n for n in listed_choices(mail) if n not in refused.get(at, ()))
        taken = taken_in(server)
        send(server, reply(mail, [str(number)], player["name"]))
        assert eventually(lambda t=taken: taken_in(server) > t), "the reply was never taken in"
        if view_of(client, game_id, player)["version"] == at[1]:
            refused.setdefault(at, set()).add(number)
        moves += 1
        if moves % 10 == 0:
            print(f"{moves} replies, {time.monotonic() - started:.1f} s, round {views[0]['view']['round']}")
    else:
        raise AssertionError(f"the game did not finish in {MOVES} replies")
    took = time.monotonic() - started
    final = view_of(client, game_id, seats[0])["view"]
    standings = final["result"]["standings"]
    assert sorted(s["seat"] for s in standings) == [0, 1, 2]
    assert final["winners"] and all(s["winner"] == (s["seat"] in final["winners"]) for s in standings)
    by_seat = {p["seat"]: p for p in final["players"]}
    assert all(s["sp"] == (by_seat[s["seat"]]["score"] or {}).get("sp", by_seat[s["seat"]]["sp"]) for s in standings)
    # One e-mail per reply (ADR 30): an answer that left the seat waiting was said by its next e-mail, at the
    # latest "game over" (or, having raced it, by the held release, 5 minutes of the local clock on).
    advance(server, 900)
    received = eventually(lambda: n if (n := len(game_mails(server, addresses)) - first) >= moves else None)
    assert received is not None and moves <= received <= moves + len(seats), (received, moves)
    print(f"a 3-player game by e-mail: {moves} replies in {took:.1f} s, {received} e-mails after the first turn's")


def game_mails(server: ServerProcess, addresses: list[str]) -> list[dict[str, Any]]:
    """The e-mails of the game to its players (not their addresses' confirmations)."""
    return [m for a in addresses for m in mails_to(server, a) if not m.get("code")]


def taken_in(server: ServerProcess) -> int:
    """Replies the server's terminal reported taken in: answered at once, or held for the seat's next e-mail."""
    return inbox_lines(server, "answered") + inbox_lines(server, "held")


def advance(server: ServerProcess, seconds: int) -> None:
    request = urllib.request.Request(server.url + "/_local/clock", method="POST",
                                     data=json.dumps({"advance_seconds": seconds}).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.status == 200


def inbox_lines(server: ServerProcess, outcome: str) -> int:
    """How many received mails the server's terminal reported with this outcome."""
    return server.text().count(f"[inbox] a reply: {outcome}\n")


def version(client: ApiClient, game_id: str, player: dict[str, Any]) -> int:
    return int(view_of(client, game_id, player)["version"])


def test_every_drop_path_over_the_wire(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    game_id, seats = seated(client, server, "drops")
    keys = [p["key"] for p in seats.values()]
    acting = view_of(client, game_id, seats[0])["view"]["to_act"]
    seat = acting[0]
    player = seats[seat]
    mail = eventually(lambda: newest_reply_to(server, player["address"]))
    assert mail
    first = version(client, game_id, player)

    # An unreadable line: answered, nothing written.
    unreadable = replied(server, mail, ["xyzzy"], player["name"])
    assert version(client, game_id, player) == first and unreadable["reply_to"]
    assert "“xyzzy”: not played: " in text_of(unreadable)

    # An auto-reply to the same e-mail: never answered, nothing written.
    send(server, reply(mail, ["I am out of the office."], player["name"], Auto_Submitted="auto-replied"))
    assert eventually(lambda: inbox_lines(server, "automatic") >= 1)

    # A forged sender: the seat's From, another envelope sender (the local SPF/DKIM FAIL): nothing, to nobody.
    send(server, reply(mail, ["1"], player["name"]), envelope_from="mallory@example.org")
    assert eventually(lambda: inbox_lines(server, "stranger") >= 1)
    assert version(client, game_id, player) == first

    # A move, delivered twice (the same Message-ID; the second by the local inbox's POST): acts once, and its
    # answer is held for the seat's next e-mail (the seat now waits for the others: ADR 30).
    number = listed_choice(unreadable)
    assert number is not None, "the answer to an unreadable line lists the choices again"
    move = reply(unreadable, [str(number)], player["name"])
    send(server, move)
    assert eventually(lambda: inbox_lines(server, "held") >= 1)
    moved = version(client, game_id, player)
    assert moved > first and seat not in view_of(client, game_id, player)["view"]["to_act"]
    status, done = _post_eml(server, move.as_bytes())
    assert (status, done) == (200, {"done": {"duplicate": 1}})
    send(server, move)
    assert eventually(lambda: inbox_lines(server, "duplicate") >= 2)

    # A refusal: the seat's turn is over, the first e-mail's choice again (the game it showed is gone: `stale`):
    # answered at once, nothing written, and the answer says the held one too.
    refused = replied(server, mail, [str(number)], player["name"])
    assert refused["reply_to"] and version(client, game_id, player) == moved
    assert f"“{number}”: not played: the game has moved on since that e-mail" in text_of(refused)
    assert f"“{number}”: done." in text_of(refused), "the move's answer, held, is said by the next answer"
    eventually(lambda: False, timeout=1.0)  # a pause: an answer wrongly sent to a dropped mail would land by now
    answers = [m for m in mails_to(server, player["address"]) if m.get("in_reply_to")]
    assert [m["in_reply_to"] for m in answers] == [unreadable["in_reply_to"], refused["in_reply_to"]], \
        "the unreadable line and the refusal answered (the move's said by the refusal's); nothing else"
    assert not [m for e in server.outbox() if (m := e["message"]) and isinstance(m, dict)
                and m.get("to") == "mallory@example.org"]
    secrets = {s: hidden_from_others(view_of(client, game_id, p)) for s, p in seats.items()}
    for answer in answers:
        assert_no_leak(answer, seat, secrets, keys)


def _post_eml(server: ServerProcess, raw: bytes) -> tuple[int, Any]:
    request = urllib.request.Request(server.url + "/_local/inbox", data=raw, method="POST",
                                     headers={"content-type": "message/rfc822"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, json.loads(response.read())
