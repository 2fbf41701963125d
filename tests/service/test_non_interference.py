"""Non-interference over HTTP: while a simultaneous Distill phase is open, no response another seat or a spectator
gets — its view, every page of its history, its catch-up, its notice — depends on which step a seat took (RULES D2).

The game is played through the routes; at each secret step the table is copied once per alternative, the
alternative is posted on its copy, and what every other caller is then served is compared. (The domain test
tests/domain/test_non_interference.py covers every power and kind of secret; this one covers the wiring.)
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import replace
from typing import Any

from devtools.bots import concrete
from domain import to_act
from domain.legal import game_actions
from domain.state import GameState
from functions import container
from infra.store import InMemoryEventStore
from infra.store.memory import MemoryTable
from service.games.repository import load
from service.notices.plan import notices
from tests.service.gateway import Gateway
from tests.service.support import MemoryWorld

PAGE = 4  # small pages, so that the phase's opening commit falls on another page than the steps after it


def branch(table: MemoryTable) -> InMemoryEventStore:
    """A store over a copy of the table (rows are immutable JSON text), used from now on by the handlers."""
    copy = MemoryTable(commits={g: dict(rows) for g, rows in table.commits.items()},
                       snapshots={g: dict(rows) for g, rows in table.snapshots.items()})
    store = InMemoryEventStore(copy)
    container.install(replace(container.given(), store=store))
    container.recent_games().clear()  # a warm cache would hold another branch's game
    return store


def served(gw: Gateway, store: InMemoryEventStore, game_id: str, version: int, token: str | None,
           seat: int | None) -> str:
    """Everything this caller is sent about the game now, minus `to_act` (public by decision), clock times and the
    chain's head: a salted hash, different on every branch whatever the seats did (each commit's salt is random
    and never served before the end: checked here), so it tells nothing of a secret step (docs/fairness.md)."""
    caught_up = None  # read first: the view's read records the seat's look (docs/catch-up.md)
    if token is not None:
        found = gw.get(f"/games/{game_id}/catch-up", token=token)
        assert found.status == 200 and found.body["seat"] == seat and found.body["lines"], found.body
        caught_up = {"lines": found.body["lines"], "since": found.body["since"] and found.body["since"]["version"],
                     "commits": [{k: v for k, v in c.items() if k != "recorded_at"} for c in found.body["commits"]]}
    game = gw.get(f"/games/{game_id}", token=token)
    assert game.status == 200, game.body
    salts = [c.salt for c in store.commits(game_id) if c.salt]
    assert salts and not any(salt in game.text for salt in salts)
    body = game.body
    assert body.pop("head")["version"] == body["version"]
    body.pop("to_act"), body["view"].pop("to_act")
    pages, after = [], 0
    while after is not None:
        page = gw.get(f"/games/{game_id}/events", token=token, query={"after": str(after), "limit": str(PAGE)})
        assert page.status == 200, page.body
        pages += [{k: v for k, v in commit.items() if k != "recorded_at"} for commit in page.body["commits"]]
        after = page.body["next_after"]
    told = [{k: v for k, v in n.message().items() if k != "head"}
            for n in notices(store, game_id, [version])[version] if n.seat == seat]
    return json.dumps({"game": body, "history": pages, "notices": told, "catch_up": caught_up}, sort_keys=True)


def post(gw: Gateway, game_id: str, token: str, command: Any) -> int:
    body = {k: v for k, v in command.model_dump(mode="json").items() if k not in ("seat", "type")}
    reply = gw.post(f"/games/{game_id}/{command.type}", {**body, "command_id": secrets.token_hex(8)}, token=token)
    assert reply.status == 200, reply.body
    version: int = reply.body["version"]
    return version


def compare_alternatives(gw: Gateway, table: MemoryTable, game_id: str, tokens: list[str], state: GameState,
                         seat: int, rng: random.Random) -> int:
    listed = game_actions(state, seat)  # resigning is public by decision (ADR 11)
    choices = [concrete(a, rng) for a in rng.sample(listed, min(4, len(listed)))]
    seen: dict[tuple[Any, ...], tuple[str, Any]] = {}
    compared = 0
    for command in choices:
        store = branch(table)
        version = post(gw, game_id, tokens[seat], command)
        after = load(store, game_id).state
        if after.opening is None:
            continue  # this step closed the phase: the rules reveal everything
        done = tuple(to_act(after))
        for viewer in [None, *(q for q in range(state.n) if q != seat)]:
            text = served(gw, store, game_id, version, None if viewer is None else tokens[viewer], viewer)
            first = seen.setdefault((viewer, done), (text, command))
            assert text == first[0], f"seat {viewer} can tell {command!r} from {first[1]!r}"
            compared += 1
    return compared


def test_no_response_to_another_caller_depends_on_a_secret_distill_step(memory: MemoryWorld) -> None:
    gw, rng = Gateway(), random.Random(5)
    created = gw.post("/games", {"seats": [{"name": n} for n in ("Ann", "Bob", "Cy")], "options": {"flight": "A"}})
    game_id, tokens = created.body["game_id"], [s["token"] for s in created.body["seats"]]
    table, compared = memory.store.table, 0
    while compared < 30:
        state = load(memory.store, game_id).state
        assert state.phase != "finished"
        seat = rng.choice(to_act(state))
        if state.opening is not None:
            compared += compare_alternatives(gw, table, game_id, tokens, state, seat, rng)
            container.install(replace(container.given(), store=memory.store))
            container.recent_games().clear()
        post(gw, game_id, tokens[seat], concrete(rng.choice(game_actions(state, seat)), rng))
    assert compared >= 30


def test_history_pages_say_the_same_as_one_page_while_a_phase_is_secret(memory: MemoryWorld) -> None:
    """Where a page starts never changes what it shows: a market step before the phase opened stays public."""
    gw, rng = Gateway(), random.Random(8)
    created = gw.post("/games", {"seats": [{"name": n} for n in ("Ann", "Bob")], "options": {"flight": "B"}})
    game_id, tokens = created.body["game_id"], [s["token"] for s in created.body["seats"]]
    secret_steps = 0
    while not (secret_steps and load(memory.store, game_id).state.opening is not None):
        state = load(memory.store, game_id).state
        seat = to_act(state)[0]
        secret_steps += state.opening is not None
        post(gw, game_id, tokens[seat], concrete(rng.choice(game_actions(state, seat)), rng))
    for token in (tokens[0], None):
        whole = gw.get(f"/games/{game_id}/events", token=token, query={"limit": "500"}).body["commits"]
        paged, after = [], 0
        while after is not None:
            page = gw.get(f"/games/{game_id}/events", token=token, query={"after": str(after), "limit": "1"}).body
            paged += page["commits"]
            after = page["next_after"]
        assert paged == whole
        assert any(e["type"] == "card_bought" for commit in whole for e in commit["events"])
