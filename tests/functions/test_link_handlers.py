"""The link routes through their handlers under moto, as API Gateway calls them (routes from template.yaml):
a page link minted with a seat token, a session token or a player key, exchanged for a session that plays its
seat only; every bad link gets the one 401 and writes nothing; a reissued seat token voids links and sessions;
no token reaches a log; every AWS call is checked against the function's grants."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from functions import container
from functions.observability import logger
from tests.functions.test_limits import gw_event
from tests.service.gateway import Gateway, Reply
from tests.service.iam import assert_within_policies
from tests.service.support import TABLE_NAME, AwsWorld


@pytest.fixture
def gw(aws: AwsWorld) -> Gateway:
    gateway = Gateway()
    gateway.operations.watch(container.dynamodb())
    return gateway


def game(gw: Gateway, seats: int = 2) -> tuple[str, list[str]]:
    created = gw.post("/games", {"seats": [{"name": "ABCDE"[i]} for i in range(seats)]})
    assert created.status == 201, created.body
    return created.body["game_id"], [s["token"] for s in created.body["seats"]]


def mint(gw: Gateway, game_id: str, token: str, body: Any = None) -> Reply:
    return gw.post(f"/games/{game_id}/links", body, token=token)


def session(gw: Gateway, link_token: str) -> Reply:
    return gw.post("/sessions", {"link_token": link_token})


def item_count(aws: AwsWorld) -> int:
    return int(aws.dynamodb.scan(TableName=TABLE_NAME, Select="COUNT")["Count"])


def act(gw: Gateway, game_id: str, token: str) -> Reply:
    view = gw.get(f"/games/{game_id}", token=token).body
    action = next(a for a in view["view"]["legal_actions"] if not a.get("open"))
    return gw.post(f"/games/{game_id}/{action['type']}", {**action, "command_id": f"c{view['version']}"}, token=token)


def test_a_link_minted_with_a_seat_token_becomes_a_session_that_plays_that_seat(gw: Gateway) -> None:
    game_id, tokens = game(gw)
    minted = mint(gw, game_id, tokens[1])
    assert minted.status == 201, minted.body
    link = minted.body["link_token"]
    assert minted.body == {"game_id": game_id, "seat": 1, "link_token": link,
                           "expires_at": minted.body["expires_at"], "path": f"/play/{game_id}#link={link}"}
    assert minted.body["expires_at"].endswith("Z") and tokens[1] not in minted.text
    started = session(gw, link)
    assert started.status == 201, started.body
    token = started.body["session_token"]
    assert token.startswith("s~") and started.body["game_id"] == game_id and started.body["seat"] == 1
    assert session(gw, link).status == 201  # a link opens on a phone and on a laptop
    assert gw.get(f"/games/{game_id}", token=token).body["seat"] == 1
    assert gw.get(f"/games/{game_id}/events", token=token).body["seat"] == 1
    to_act = gw.get(f"/games/{game_id}").body["to_act"]
    moved = act(gw, game_id, token) if 1 in to_act else act(gw, game_id, tokens[to_act[0]])
    assert moved.status == 200, moved.body
    again = mint(gw, game_id, token, {})  # a session mints a link for its own seat
    assert again.status == 201 and again.body["seat"] == 1
    assert_within_policies(gw.operations)


def test_a_session_acts_for_its_own_seat_and_game_only(gw: Gateway) -> None:
    game_id, tokens = game(gw)
    other_id, _ = game(gw)
    token = session(gw, mint(gw, game_id, tokens[0]).body["link_token"]).body["session_token"]
    view = gw.get(f"/games/{game_id}", token=token).body
    action = next(a for a in view["view"]["legal_actions"] if not a.get("open"))
    wrong = gw.post(f"/games/{game_id}/{action['type']}", {**action, "command_id": "x", "seat": 1}, token=token)
    assert (wrong.status, wrong.code) == (403, "wrong_seat")
    assert gw.get(f"/games/{other_id}", token=token).status == 401
    assert mint(gw, other_id, token).status == 401
    forged = "s~" + "A" * 32  # a session's shape, but no session
    assert gw.get(f"/games/{game_id}", token=forged).status == 401
    assert_within_policies(gw.operations)


@pytest.mark.parametrize("link_token", [
    "l~" + "A" * 32, "garbage", "l~short", "s~" + "A" * 32, "l~" + "A" * 31 + "!", "x" * 256])
def test_a_bad_link_gets_the_one_401_and_writes_nothing(gw: Gateway, aws: AwsWorld, link_token: str) -> None:
    game_id, tokens = game(gw)
    mint(gw, game_id, tokens[0])
    before = item_count(aws)
    refused = session(gw, link_token)
    assert (refused.status, refused.code) == (401, "link_invalid")
    assert link_token not in refused.text
    assert item_count(aws) == before


@pytest.mark.parametrize("body", [{}, {"link_token": 5}, {"link_token": ""}, {"link_token": "l", "x": 1}])
def test_a_malformed_exchange_body_is_422_and_writes_nothing(gw: Gateway, aws: AwsWorld, body: Any) -> None:
    refused = gw.post("/sessions", body)
    assert (refused.status, refused.code) == (422, "invalid_request")
    assert item_count(aws) == 0


def test_minting_needs_a_credential_of_the_game_and_takes_no_fields(gw: Gateway, aws: AwsWorld) -> None:
    game_id, tokens = game(gw)
    before = item_count(aws)
    assert gw.post(f"/games/{game_id}/links").status == 401
    assert mint(gw, game_id, "not-a-token").status == 401
    assert mint(gw, game_id, tokens[0], {"seat": 1}).code == "invalid_request"
    assert mint(gw, "nosuchgame01", tokens[0]).code == "game_not_found"
    assert item_count(aws) == before


def test_a_reissued_seat_token_voids_its_links_and_sessions(gw: Gateway) -> None:
    host = gw.post("/players", {"name": "Hana"}).body["key"]
    made = gw.post("/lobbies", {"seats": [{"host": True}, {"bot": True}]}, token=host).body
    game_id, bot = made["game_id"], made["bot_tokens"][0]["token"]
    assert gw.post(f"/lobbies/{game_id}/start", token=host).status == 200
    host_link = mint(gw, game_id, host)  # a player's key mints for its own seat
    assert host_link.status == 201 and host_link.body["seat"] == 0
    link = mint(gw, game_id, bot).body["link_token"]
    old_session = session(gw, link).body["session_token"]
    assert gw.get(f"/games/{game_id}", token=old_session).body["seat"] == 1
    reissued = gw.post(f"/games/{game_id}/seats/1/token", token=host)
    assert reissued.status == 200
    assert session(gw, link).code == "link_invalid"
    assert gw.get(f"/games/{game_id}", token=old_session).status == 401
    fresh = session(gw, mint(gw, game_id, reissued.body["token"]).body["link_token"]).body["session_token"]
    assert gw.get(f"/games/{game_id}", token=fresh).body["seat"] == 1
    host_session = session(gw, host_link.body["link_token"]).body["session_token"]  # seat 0 was not reissued
    assert gw.get(f"/games/{game_id}", token=host_session).body["seat"] == 0
    assert_within_policies(gw.operations)


def test_sessions_per_source_are_limited_and_a_refusal_writes_nothing(
        gw: Gateway, aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_SESSIONS_PER_SOURCE_HOUR", "1")
    game_id, tokens = game(gw)
    link = mint(gw, game_id, tokens[0]).body["link_token"]
    ip = "203.0.113.9"
    assert gw_event(gw, "POST", "/sessions", {"link_token": link}, ip).status == 201
    before = item_count(aws)
    refused = gw_event(gw, "POST", "/sessions", {"link_token": link}, ip)
    assert (refused.status, refused.code) == (429, "rate_limited") and ip not in refused.text
    assert item_count(aws) == before
    assert gw_event(gw, "POST", "/sessions", {"link_token": "l~" + "B" * 32}, ip).code == "link_invalid"
    assert gw_event(gw, "POST", "/sessions", {"link_token": link}, "203.0.113.10").status == 201
    assert_within_policies(gw.operations)


def test_no_log_line_carries_a_link_a_session_or_a_seat_token(
        gw: Gateway, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]) -> None:
    game_id, tokens = game(gw)
    link = mint(gw, game_id, tokens[0]).body["link_token"]
    token = session(gw, link).body["session_token"]
    gw.get(f"/games/{game_id}", token=token)
    second = mint(gw, game_id, token).body["link_token"]
    session(gw, "l~" + "C" * 32)
    printed = capsys.readouterr()
    logs = "\n".join(logger.registered_formatter.format(r) for r in caplog.records) + printed.out + printed.err
    assert '"message":"link minted"' in logs and '"message":"session started"' in logs  # the logs were read
    for secret in (link, token, second, tokens[0], link.removeprefix("l~"), token.removeprefix("s~"), "C" * 32):
        assert secret not in logs


def test_only_a_session_shaped_token_costs_a_lookup_and_that_one_a_single_get(gw: Gateway) -> None:
    game_id, tokens = game(gw)
    token = session(gw, mint(gw, game_id, tokens[0]).body["link_token"]).body["session_token"]
    calls: list[tuple[str, str]] = []

    def record(model: Any, params: dict[str, Any], **_: Any) -> None:
        key = params.get("Key") or params.get("Item") or {}
        calls.append((model.name, str(key.get("pk", {}).get("S", "")).split("#", 1)[0]))

    container.dynamodb().meta.events.register("before-parameter-build.dynamodb", record)
    lookups = {}
    for name, presented in (("seat token", tokens[1]), ("session", token), ("garbage", "s~short"),
                            ("unknown seat-token shape", "A" * 32)):
        calls.clear()
        gw.get(f"/games/{game_id}", token=presented)
        lookups[name] = [c for c in calls if c[1] in ("SESSION", "LINK", "PLAYER")]
    assert lookups == {"seat token": [], "session": [("GetItem", "SESSION")], "garbage": [],
                       "unknown seat-token shape": []}


def test_the_game_functions_import_the_session_branch_on_first_use_only() -> None:
    """A seat-token game pays nothing for sessions at cold start: the branch's modules load when a session
    shows up."""
    check = ("import sys, functions.get_game, functions.get_events, functions.commands.buy; "
             "print(sorted(m for m in sys.modules if m.startswith(('service.links', 'infra.links'))))")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", check], cwd=root, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.stdout.strip() == "[]", done.stdout
