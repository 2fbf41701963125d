"""Every client mistake gets its status and error code, and writes nothing."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from domain import decide, legal_actions
from domain.commands import Buy
from domain.errors import RuleViolation
from service.games.repository import load
from tests.service.gateway import Gateway, Reply
from tests.service.support import MemoryWorld


@dataclass
class Game:
    gw: Gateway
    world: MemoryWorld
    game_id: str
    tokens: list[str]

    def path(self, command: str) -> str:
        return f"/games/{self.game_id}/{command}"


@pytest.fixture
def game(memory: MemoryWorld) -> Game:
    gw = Gateway()
    created = gw.post("/games", {"seats": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]})
    assert created.status == 201
    return Game(gw, memory, created.body["game_id"], [s["token"] for s in created.body["seats"]])


@pytest.fixture
def unchanged(game: Game) -> Iterator[None]:
    """The test's requests must write nothing."""
    before = game.world.commit_count()
    yield
    assert game.world.commit_count() == before


def refused(reply: Reply, status: int, code: str) -> None:
    assert reply.status == status, reply.body
    assert reply.code == code, reply.body
    assert set(reply.body["error"]) == {"code", "message", "details"}
    assert reply.headers.get("Content-Type") == "application/json"


def a_distiller(game: Game, seat: int = 0) -> str:
    state = load(game.world.store, game.game_id).state
    return str(legal_actions(state, seat)[0].distiller)


def test_a_whole_number_is_an_int_however_it_is_written(game: Game) -> None:
    """JSON Schema's integer is any number with no fraction: 0.0 is the seat 0, 1e0 the version 1."""
    body = {"command_id": "whole", "distiller": a_distiller(game), "seat": 0.0, "expected_version": 1e0}
    reply = game.gw.post(game.path("choose_distiller"), raw=json.dumps(body).replace("1.0", "1e0"),
                         token=game.tokens[0])
    assert reply.status == 200, reply.body


@pytest.mark.usefixtures("unchanged")
class TestRefusedAndNothingWritten:
    def test_malformed_json(self, game: Game) -> None:
        refused(game.gw.post(game.path("pass"), raw='{"command_id": "a",', token=game.tokens[0]), 400,
                "malformed_json")

    @pytest.mark.parametrize("body", [
        {"command_id": 7}, {"command_id": ""}, {"command_id": "x" * 65}, {"command_id": "a\nb"},
        {"command_id": "a", "distiller": 3}, {"command_id": "a"}, {"distiller": "x"},
        {"command_id": "a", "distiller": "x", "expected_version": "one"},
        {"command_id": "a", "distiller": "x", "expected_version": 0},
        {"command_id": "a", "distiller": "x", "surprise": True},
        {"command_id": "a", "distiller": "x", "type": "buy"},
        {"command_id": "a", "distiller": "x", "seat": 9}, [1, 2], "text", None, 12,
    ])
    def test_wrong_shapes_and_types(self, game: Game, body: object) -> None:
        refused(game.gw.post(game.path("choose_distiller"), raw=json.dumps(body),
                             token=game.tokens[0]), 422, "invalid_request")

    @pytest.mark.parametrize("bent", [
        {"expected_version": True}, {"expected_version": "1"}, {"expected_version": 1.5}, {"seat": 0.5},
        {"seat": False}, {"seat": "0"}, {"seat": 1e300},
    ])
    def test_no_field_is_coerced(self, game: Game, bent: dict[str, object]) -> None:
        """Each of these was read as the int it resembles, and the command was accepted."""
        body = {"command_id": "a", "distiller": a_distiller(game), **bent}
        reply = game.gw.post(game.path("choose_distiller"), body, token=game.tokens[0])
        refused(reply, 422, "invalid_request")
        assert [e["loc"][-1] for e in reply.body["error"]["details"]["errors"]] == list(bent)

    @pytest.mark.parametrize("options", [{"pairings": 1}, {"auto_best": "true"}, {"label_sp_alternative": 0}])
    def test_no_option_is_coerced(self, game: Game, options: dict[str, object]) -> None:
        refused(game.gw.post("/games", {"seats": [{"name": "A"}, {"name": "B"}], "options": options}), 422,
                "invalid_request")

    def test_unknown_command_route(self, game: Game) -> None:
        refused(game.gw.post(game.path("fly"), {"command_id": "a"}, token=game.tokens[0]), 404, "not_found")
        refused(game.gw.request("DELETE", f"/games/{game.game_id}"), 404, "not_found")

    @pytest.mark.parametrize("game_id", ["nope", "no%20such", "x" * 65])
    def test_unknown_game(self, game: Game, game_id: str) -> None:
        refused(game.gw.post(f"/games/{game_id}/pass", {"command_id": "a"}, token=game.tokens[0]), 404,
                "game_not_found")
        refused(game.gw.get(f"/games/{game_id}"), 404, "game_not_found")
        refused(game.gw.get(f"/games/{game_id}/events"), 404, "game_not_found")

    @pytest.mark.parametrize("header", [None, "", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer not-a-token",
                                        "Bearer " + "x" * 300])
    def test_missing_malformed_or_unknown_token(self, game: Game, header: str | None) -> None:
        headers = {} if header is None else {"Authorization": header}
        body = {"command_id": "a", "distiller": a_distiller(game)}
        reply = game.gw.post(game.path("choose_distiller"), body, headers=headers)
        refused(reply, 401, "unauthorized")
        assert reply.headers["WWW-Authenticate"].startswith("Bearer")
        if header is not None:
            refused(game.gw.get(f"/games/{game.game_id}", headers=headers), 401, "unauthorized")

    def test_another_seats_token(self, game: Game) -> None:
        body = {"seat": 1, "type": "choose_distiller", "distiller": a_distiller(game, 1), "command_id": "a"}
        refused(game.gw.post(game.path("choose_distiller"), body, token=game.tokens[0]), 403, "wrong_seat")

    def test_a_stale_expected_version(self, game: Game) -> None:
        body = {"command_id": "a", "distiller": a_distiller(game), "expected_version": 5}
        reply = game.gw.post(game.path("choose_distiller"), body, token=game.tokens[0])
        refused(reply, 409, "stale_version")
        assert reply.body["error"]["details"] == {"expected_version": 5, "version": 1}

    def test_an_illegal_move_answers_its_rule_code(self, game: Game) -> None:
        state = load(game.world.store, game.game_id).state
        with pytest.raises(RuleViolation) as rule:
            decide(state, Buy(seat=0, source="basic", card="yeast"))
        body = {"command_id": "a", "source": "basic", "card": "yeast"}
        refused(game.gw.post(game.path("buy"), body, token=game.tokens[0]), 422, rule.value.code)
        refused(game.gw.post(game.path("choose_distiller"), {"command_id": "b", "distiller": "nobody"},
                             token=game.tokens[0]), 422, "not_dealt")

    def test_an_oversized_body(self, game: Game) -> None:
        body = {"command_id": "a", "distiller": "x" * 17_000}
        refused(game.gw.post(game.path("choose_distiller"), body, token=game.tokens[0]), 413, "body_too_large")
        refused(game.gw.post("/games", {"seats": [{"name": "x" * 17_000}]}), 413, "body_too_large")

    def test_a_body_that_is_not_json(self, game: Game) -> None:
        reply = game.gw.post(game.path("pass"), raw="command_id=a", token=game.tokens[0],
                             headers={"Content-Type": "application/x-www-form-urlencoded"})
        refused(reply, 415, "unsupported_media_type")

    @pytest.mark.parametrize("body", [
        {"seats": []}, {"seats": [{"name": f"P{i}"} for i in range(6)]},
        {"seats": [{"name": ""}, {"name": "B"}]}, {"seats": [{"name": "A", "email": "nope"}, {"name": "B"}]},
        {"seats": [{"name": "A"}, {"name": "B"}], "options": {"flight": "Z"}}, {},
    ])
    def test_a_game_that_cannot_be_created(self, game: Game, body: object) -> None:
        reply = game.gw.post("/games", body)
        assert reply.status == 422 and reply.code in ("invalid_request", "player_count"), reply.body

    @pytest.mark.parametrize("query", [{"after": "-1"}, {"after": "x"}, {"limit": "0"}, {"limit": "501"},
                                       {"after": " 1"}, {"after": "1.0"}, {"after": "1_0"}, {"limit": "+5"},
                                       {"after": "1" * 5000}, {"after": "\u0661"}])
    def test_a_bad_history_query(self, game: Game, query: dict[str, str]) -> None:
        refused(game.gw.get(f"/games/{game.game_id}/events", query=query), 422, "invalid_request")


@pytest.mark.usefixtures("unchanged")
class TestBodiesPythonsJsonMishandles:
    """Each was a 500: Python's json raises other errors than JSONDecodeError, or reads what JSON forbids."""

    @pytest.mark.parametrize("raw", [b'{"command_id": "\xff"}', b'{"command_id": "caf\xe9"}'])
    def test_a_body_that_is_not_utf8(self, game: Game, raw: bytes) -> None:
        refused(game.gw.post(game.path("pass"), raw=raw, token=game.tokens[0]), 400, "malformed_json")
        refused(game.gw.post("/games", raw=raw.replace(b"command_id", b"seats")), 400, "malformed_json")

    def test_text_with_lone_surrogates_whether_sent_or_escaped(self, game: Game) -> None:
        sent = {"body": '{"command_id": "\udcff"}', "isBase64Encoded": False}  # no UTF-8 spells it
        refused(game.gw.post(game.path("pass"), raw="{}", token=game.tokens[0], event=sent), 400, "malformed_json")
        escaped = '{"seats": [{"name": "\\ud800"}, {"name": "B"}]}'
        refused(game.gw.post("/games", raw=escaped), 400, "malformed_json")

    @pytest.mark.parametrize("nested", ["[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000])
    def test_json_nested_a_thousand_deep(self, game: Game, nested: str) -> None:
        refused(game.gw.post(game.path("pass"), raw=f'{{"command_id": "a", "x": {nested}}}', token=game.tokens[0]),
                400, "malformed_json")
        refused(game.gw.post("/games", raw=f'{{"seats": {nested}}}'), 400, "malformed_json")

    @pytest.mark.parametrize("number", ["1" * 4301, "1e999999", "NaN", "-Infinity"])
    def test_numbers_json_cannot_hold(self, game: Game, number: str) -> None:
        raw = f'{{"command_id": "a", "expected_version": {number}}}'
        refused(game.gw.post(game.path("pass"), raw=raw, token=game.tokens[0]), 400, "malformed_json")
        refused(game.gw.post("/games", raw=f'{{"seats": [{{"name": "A"}}], "options": {number}}}'), 400,
                "malformed_json")


def test_a_base64_body_is_read_as_the_json_it_holds(game: Game) -> None:
    """API Gateway base64-encodes a body it deems binary (one sent without a Content-Type, say)."""
    sent = json.dumps({"seats": [{"name": "A" * 40}] * 2, "options": {"flight": "A"}}).encode()
    created = game.gw.post("/games", raw=b"", event={"body": base64.b64encode(sent).decode(), "isBase64Encoded": True})
    assert created.status == 201, created.body
    # Limits count the bytes sent, not the longer base64 text: 15,000 bytes are 20,000 characters of base64.
    padded = sent[:-1] + b" " * (15_000 - len(sent)) + b"}"
    as_base64 = {"body": base64.b64encode(padded).decode(), "isBase64Encoded": True}
    assert game.gw.post("/games", raw=b"", event=as_base64).status == 201
    oversized = {"body": base64.b64encode(padded + b" " * 2000).decode(), "isBase64Encoded": True}
    refused(game.gw.post("/games", raw=b"", event=oversized), 413, "body_too_large")


def test_a_token_of_another_game(game: Game) -> None:
    other = game.gw.post("/games", {"seats": [{"name": "X"}, {"name": "Y"}]}).body["seats"][0]["token"]
    before = game.world.commit_count()
    refused(game.gw.post(game.path("choose_distiller"), {"command_id": "a", "distiller": a_distiller(game)},
                         token=other), 401, "unauthorized")
    assert game.world.commit_count() == before


def test_a_repeated_command_id_gets_the_same_answer_and_writes_once(game: Game) -> None:
    body = {"command_id": "once", "distiller": a_distiller(game)}
    first = game.gw.post(game.path("choose_distiller"), body, token=game.tokens[0])
    before = game.world.commit_count()
    again = game.gw.post(game.path("choose_distiller"), body, token=game.tokens[0])
    assert first.status == again.status == 200
    assert again.body == first.body and first.body["command_version"] == 2
    assert game.world.commit_count() == before
    # Later, after other moves: the original version, and the game as it is now.
    other = {"command_id": "once", "distiller": a_distiller(game, 1)}  # the same id, another seat: its own
    assert game.gw.post(game.path("choose_distiller"), other, token=game.tokens[1]).body["command_version"] == 3
    late = game.gw.post(game.path("choose_distiller"), body, token=game.tokens[0])
    assert (late.status, late.body["command_version"], late.body["version"]) == (200, 2, 3)
    assert game.world.commit_count() == before + 1


def test_a_command_id_reused_for_another_command_is_refused_and_writes_nothing(game: Game) -> None:
    state = load(game.world.store, game.game_id).state
    mine, other = (str(a.distiller) for a in legal_actions(state, 0)[:2])
    first = game.gw.post(game.path("choose_distiller"), {"command_id": "once", "distiller": mine},
                         token=game.tokens[0])
    assert first.status == 200
    before = game.world.commit_count()
    reused = game.gw.post(game.path("choose_distiller"), {"command_id": "once", "distiller": other},
                          token=game.tokens[0])
    refused(reused, 409, "command_id_reused")
    assert reused.body["error"]["details"] == {"command_version": 2}
    # A resend is the same command whatever else it says: expected_version and seat are no part of it.
    resend = {"distiller": mine, "command_id": "once", "seat": 0, "expected_version": 7, "type": "choose_distiller"}
    again = game.gw.post(game.path("choose_distiller"), resend, token=game.tokens[0])
    assert (again.status, again.body["command_version"]) == (200, 2)
    assert game.world.commit_count() == before


def test_the_spectator_sees_no_legal_actions_and_no_one_s_secrets(game: Game) -> None:
    reply = game.gw.get(f"/games/{game.game_id}")
    assert reply.status == 200 and reply.body["seat"] is None
    assert reply.body["view"]["legal_actions"] == [] and reply.body["to_act"] == [0, 1, 2]
    assert all(p["goals"] is None for p in reply.body["view"]["players"])
    mine = game.gw.get(f"/games/{game.game_id}", token=game.tokens[2]).body
    assert mine["seat"] == 2 and mine["view"]["players"][2]["goals"]
    assert all(a["type"] in ("choose_distiller", "resign") and a["seat"] == 2 for a in mine["view"]["legal_actions"])
