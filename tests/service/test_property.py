"""Whatever is posted to whichever route, the answer is never a 5xx, and every refusal has the error shape."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devtools.bots import random_bot
from domain import to_act
from domain.commands import COMMAND_TYPES
from service.games.repository import load
from tests.service.gateway import GameGateway, shared_game
from tests.service.support import MemoryWorld

FIELDS = sorted({name for c in COMMAND_TYPES.values() for name in c.model_fields} | {
    "command_id", "expected_version", "seats", "options", "name", "type"})
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.text(max_size=30), st.sampled_from(["yeast", "basic", "cube", "pass", "juliana", "1"]))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)), max_leaves=20)
bodies = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=8),
    st.fixed_dictionaries({"command_id": st.text(min_size=1, max_size=70)},
                          optional={k: json_values for k in ("expected_version", "seat", "type", "card", "source")}),
    json_values,
)
raw_bodies = st.one_of(bodies.map(json.dumps), st.text(max_size=200), st.binary(max_size=50).map(
    lambda b: b.decode("latin-1")))
ROUTES = ["/games", *(f"/games/{{game}}/{t}" for t in COMMAND_TYPES), "/games/{game}/nope", "/games/{game}"]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(ROUTES), raw=raw_bodies, who=st.sampled_from(["seat0", "seat1", "none", "junk"]),
       method=st.sampled_from(["POST", "POST", "POST", "GET", "PUT"]),
       content_type=st.sampled_from(["application/json", "text/plain", "multipart/form-data", None]))
def test_no_body_on_any_route_gets_a_5xx(
    memory: MemoryWorld, route: str, raw: str, who: str, method: str, content_type: str | None
) -> None:
    gw = _game(memory)
    tokens = {"seat0": gw.tokens[0], "seat1": gw.tokens[1], "none": None, "junk": "junk"}
    headers = {"Content-Type": content_type} if content_type else {"Content-Type": ""}
    reply = gw.request(method, route.format(game=gw.game_id), raw=raw, token=tokens[who], headers=headers)
    assert reply.status < 500, (reply.status, reply.body)
    if reply.status >= 400:
        assert set(reply.body["error"]) == {"code", "message", "details"}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.integers(0, 4), pick=st.integers(0, 10**6), seat=st.integers(0, 2), as_seat=st.integers(0, 2),
       field=st.sampled_from(FIELDS), value=json_values, command_id=st.text(min_size=1, max_size=8),
       route=st.sampled_from([None, *COMMAND_TYPES]))
def test_a_legal_action_bent_out_of_shape_never_gets_a_5xx(
    memory: MemoryWorld, moves: int, pick: int, seat: int, as_seat: int, field: str, value: Any, command_id: str,
    route: str | None,
) -> None:
    """Between examples the game moves on (bots play a few legal moves), so every phase gets its turn."""
    gw = _game(memory)
    for n in range(moves):
        _advance(memory, gw, n)
    view = gw.get(f"/games/{gw.game_id}", token=gw.tokens[seat]).body["view"]
    actions = view["legal_actions"] or [{"type": "pass", "seat": seat}]
    body = {**actions[pick % len(actions)], "command_id": command_id, field: value}
    reply = gw.post(f"/games/{gw.game_id}/{route or body.get('type')}", body, token=gw.tokens[as_seat])
    assert reply.status < 500, (reply.status, reply.body)
    assert reply.status == 200 or set(reply.body["error"]) == {"code", "message", "details"}


def _advance(world: MemoryWorld, gw: GameGateway, n: int) -> None:
    state = load(world.store, gw.game_id).state
    if state.phase == "finished":
        world.game = None  # the next example starts a new game
        return
    version = len(world.store.commits(gw.game_id))
    rng = random.Random(n + version)
    seat = rng.choice(to_act(state))
    command = random_bot(state, seat, rng)
    # One id per (version, n): the same id always comes with the same move, so it can only be a resend.
    reply = gw.post(f"/games/{gw.game_id}/{command.type}", {**command.model_dump(mode="json"),
                                                           "command_id": f"bot-{version}-{n}"}, token=gw.tokens[seat])
    assert reply.status == 200, reply.body


def _game(world: MemoryWorld) -> GameGateway:
    return shared_game(world, 3)
