"""Since you last looked (service/catch_up.py, docs/catch-up.md) over the API: reading the view records a seat's
look, acting records it from the stream, and the catch-up is the seat's own redacted history since that look,
in words; it refuses a caller without a seat and bad input."""

from __future__ import annotations

import random
import secrets
from typing import Any

import pytest

from devtools.bots import random_bot
from domain import to_act
from functions import container, reactions
from service.texts.history import QUIET
from tests.service.gateway import Gateway
from tests.service.support import MemoryWorld


def new_game(gw: Gateway, seats: int = 3) -> tuple[str, list[str]]:
    created = gw.post("/games", {"seats": [{"name": n} for n in ["Ann", "Bo", "Cy", "Di", "Ed"][:seats]]})
    assert created.status == 201, created.body
    return created.body["game_id"], [s["token"] for s in created.body["seats"]]


def play(gw: Gateway, game_id: str, tokens: list[str], rng: random.Random, moves: int) -> int:
    """Random legal moves through the routes, each by a seat that must act; the version reached."""
    for _ in range(moves):
        state = container.games().load(game_id).state
        if state.phase == "finished":
            break
        seat = rng.choice(to_act(state))
        command = random_bot(state, seat, rng)
        body = {k: v for k, v in command.model_dump(mode="json").items() if k not in ("seat", "type")}
        reply = gw.post(f"/games/{game_id}/{command.type}", {**body, "command_id": secrets.token_hex(8)},
                        token=tokens[seat])
        assert reply.status == 200, reply.body
    return container.games().load(game_id).version


def caught_up(gw: Gateway, game_id: str, token: str, **query: str) -> dict[str, Any]:
    found = gw.get(f"/games/{game_id}/catch-up", token=token, query=query or None)
    assert found.status == 200, found.body
    body: dict[str, Any] = found.body
    return body


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_catch_up_is_the_seats_redacted_history_since_its_last_look(memory: MemoryWorld, seed: int) -> None:
    rng = random.Random(seed)
    gw = Gateway()
    game_id, tokens = new_game(gw, 2 + seed % 3)
    play(gw, game_id, tokens, rng, rng.randrange(0, 40))
    seat = rng.randrange(len(tokens))
    looked = gw.get(f"/games/{game_id}", token=tokens[seat]).body["version"]  # the seat looks
    now = play(gw, game_id, tokens, rng, rng.randrange(1, 60))
    found = caught_up(gw, game_id, tokens[seat])
    assert found["since"]["version"] == looked and found["version"] == now and found["seat"] == seat
    history = gw.get(f"/games/{game_id}/events", token=tokens[seat], query={"after": str(looked)}).body
    assert found["commits"] == history["commits"]  # what GET /events serves this seat since its look
    events = [e for c in found["commits"] for e in c["events"] if e["type"] not in QUIET]
    assert len(found["lines"]) == len(events) and all(line.strip() for line in found["lines"])
    assert caught_up(gw, game_id, tokens[seat]) == found, "reading the catch-up records nothing"
    gw.get(f"/games/{game_id}", token=tokens[seat])  # reading the view does
    again = caught_up(gw, game_id, tokens[seat])
    assert again["since"]["version"] == now and again["commits"] == [] and again["lines"] == []


def test_a_seat_that_never_looked_gets_everything_in_its_language(memory: MemoryWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    play(gw, game_id, tokens, random.Random(5), 6)
    found = caught_up(gw, game_id, tokens[2], language="es")
    assert found["since"] is None and found["commits"][0]["version"] == 1 and found["language"] == "es"
    english = caught_up(gw, game_id, tokens[2])
    assert len(found["lines"]) == len(english["lines"]) and found["lines"] != english["lines"]


def test_acting_records_the_look_from_the_stream_and_never_steps_back(memory: MemoryWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    rng = random.Random(9)
    version = play(gw, game_id, tokens, rng, 1)
    commit = container.store().commits(game_id)[-1]
    assert commit.seat is not None and commit.version == version
    reactions.seen(reactions.Batch(), game_id, version)  # the notifier's reaction to that commit
    assert caught_up(gw, game_id, tokens[commit.seat])["since"]["version"] == version
    later = play(gw, game_id, tokens, rng, 5)
    gw.get(f"/games/{game_id}", token=tokens[commit.seat])
    reactions.seen(reactions.Batch(), game_id, version)  # a retried record, late: the newer look stays
    assert caught_up(gw, game_id, tokens[commit.seat])["since"]["version"] == later


def test_a_catch_up_needs_a_seat_of_the_game_and_a_known_language(memory: MemoryWorld) -> None:
    gw = Gateway()
    game_id, tokens = new_game(gw)
    _, other_tokens = new_game(gw)
    assert gw.get(f"/games/{game_id}/catch-up").status == 401
    assert gw.get(f"/games/{game_id}/catch-up", token=other_tokens[0]).status == 401  # another game's seat
    assert gw.get("/games/nope/catch-up", token=tokens[0]).status == 404
    refused = gw.get(f"/games/{game_id}/catch-up", token=tokens[0], query={"language": "fr"})
    assert refused.status == 422, refused.body
    spectator = gw.get(f"/games/{game_id}")  # a spectator's read records no look
    assert spectator.status == 200 and caught_up(gw, game_id, tokens[0])["since"] is None
