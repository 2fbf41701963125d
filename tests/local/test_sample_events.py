"""events/: one sample event per function of template.yaml (for `sam local invoke -e`), kept in step with the
template, and each one answered by its handler as documented."""

from __future__ import annotations

import importlib
import json
import random
import re
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

from devtools.local import sam
from devtools.sample_events import (
    EVENTS_DIR,
    SAMPLE_GAME,
    SAMPLE_PLAYER,
    SAMPLE_PLAYER_KEY,
    SAMPLE_TOKEN,
    sample_events,
    text,
)
from devtools.template import TEMPLATE_PATH, load_template
from domain.options import SeatSpec
from functions import container
from infra.schedules.index import MemoryClockIndex
from infra.schedules.memory import MemorySchedules
from service.games.pipeline import create_game
from tests.service.gateway import FakeContext
from tests.service.support import MemoryWorld, give, memory_world

SPECS = sam.functions(load_template(TEMPLATE_PATH), TEMPLATE_PATH.parent)
EXPECTED = {"CreateGameFunction": {201}, "GetGameFunction": {200}, "GetEventsFunction": {200},
            "GetProofFunction": {409},  # the sample game is not over
            "GetCatchUpFunction": {200},
            "NotFoundFunction": {404}, "CreatePlayerFunction": {201}, "GetMeFunction": {200}, "UpdateMeFunction": {200},
            "RotateKeyFunction": {200},
            # The sample's code is a placeholder: the player has no pending e-mail address.
            "ConfirmEmailFunction": {422}, "ConfirmEmailLinkFunction": {422},
            # The sample game has no lobby: the routes of one answer 404 lobby_not_found.
            "CreateLobbyFunction": {201}, "ListLobbiesFunction": {200}, "GetLobbyFunction": {404},
            "JoinLobbyFunction": {404}, "RemoveLobbySeatFunction": {404}, "ReplaceLobbySeatFunction": {404},
            "StartLobbyFunction": {404}, "ReissueSeatTokenFunction": {404},
            # The sample link token is a placeholder: the one answer to every bad link.
            "MintLinkFunction": {201}, "ExchangeLinkFunction": {401},
            # No platform application in the sample's environment; the sample device id is not the player's.
            "RegisterDeviceFunction": {422}, "RemoveDeviceFunction": {404}}


@pytest.fixture
def world() -> Iterator[MemoryWorld]:
    from infra.connections import InMemoryConnectionStore

    worlds = memory_world()
    found = next(worlds)
    give(connections=InMemoryConnectionStore(), management=_Posted(), schedules=MemorySchedules(),
         clock_index=MemoryClockIndex())
    yield found
    next(worlds, None)  # the world's teardown


class _Posted:
    """The live broadcaster's management client: the sample commit's game has no connection to post to."""

    def post_to_connection(self, **_: Any) -> None:
        raise AssertionError("no connection watches the sample game")


def test_every_function_has_its_sample_and_the_files_match_the_template() -> None:
    expected = sample_events()
    assert set(expected) == set(SPECS)
    on_disk = {p.stem for p in EVENTS_DIR.glob("*.json")}
    assert on_disk == set(SPECS), "run `python -m devtools.sample_events`"
    for logical_id, event in expected.items():
        assert (EVENTS_DIR / f"{logical_id}.json").read_text(encoding="utf-8") == text(event), logical_id


@pytest.mark.parametrize("logical_id", sorted(SPECS))
def test_each_handler_answers_its_sample(world: MemoryWorld, logical_id: str) -> None:
    created = create_game(world.store, [SeatSpec(name="Ada"), SeatSpec(name="Grace")], rng=random.Random(1),
                          game_id=SAMPLE_GAME)
    player = container.players().create("Ada")
    raw = (EVENTS_DIR / f"{logical_id}.json").read_text(encoding="utf-8")
    raw = raw.replace(SAMPLE_PLAYER_KEY, player.key).replace(SAMPLE_PLAYER, player.record.player_id)
    event: dict[str, Any] = json.loads(raw.replace(SAMPLE_TOKEN, created.tokens[0]))
    spec = SPECS[logical_id]
    handler = getattr(importlib.import_module(spec.module), spec.attr)
    result = handler(event, FakeContext(logical_id))
    if logical_id == "NotifierFunction":
        assert result == {"batchItemFailures": []}
        assert world.outbox.messages, "the sample commit tells the seats who must act"
        return
    if logical_id == "WebhookSenderFunction":  # the sample player has no webhook: the message is dropped
        assert result == {"batchItemFailures": []}
        return
    if logical_id == "LiveBroadcasterFunction":
        assert result == {"batchItemFailures": []}
        return
    if logical_id == "ReleaseHeldFunction":  # scheduled: nothing held in the sample world
        assert result == {"due": 0, "sent": 0, "dropped": 0, "still_quiet": 0, "answers": 0}
        return
    if logical_id in ("LiveConnectFunction", "LiveDisconnectFunction"):  # the socket's: no body to answer
        assert result == {"statusCode": 200}
        return
    if logical_id in ("ClockTickFunction", "ClockSweepFunction"):  # the schedules': no HTTP answer
        assert result in ({"game_id": SAMPLE_GAME, "fired": (), "next_wake": None, "skipped": None},  # no clock
                          {"found": 0, "ticked": 0, "failed": 0, "deferred": 0})
        return
    if logical_id == "EmailFeedbackFunction":  # an SES bounce of an address nobody has: suppressed
        assert result == {"suppressed": 1}
        return
    if logical_id == "InboundMailFunction":  # replies: off without REPLY_DOMAIN (the sample's mail is nobody's)
        assert result == {"off": 1}
        return
    if logical_id in ("UnsubscribeFunction", "UnsubscribePageFunction"):  # the same page whatever the token
        assert result["statusCode"] == 200 and result["headers"]["Content-Type"].startswith("text/html")
        return
    if logical_id == "WebPageFunction":  # a page, not JSON
        assert result["statusCode"] == 200 and result["headers"]["Content-Type"].startswith("text/html")
        return
    status, body = result["statusCode"], json.loads(result["body"])
    assert status in EXPECTED.get(logical_id, {200, 422}), (status, body)  # a command: done, or the rules' no
    if status >= 400:
        assert set(body["error"]) == {"code", "message", "details"}


def test_samconfig_deploys_with_the_capability_and_stage_the_template_needs() -> None:
    config = tomllib.loads((TEMPLATE_PATH.parent / "samconfig.toml").read_text(encoding="utf-8"))
    stage_pattern = load_template(TEMPLATE_PATH)["Parameters"]["Stage"]["AllowedPattern"]
    assert config["default"]["global"]["parameters"]["stack_name"]
    for env in ("default", "prod"):
        deploy = config[env]["deploy"]["parameters"]
        assert deploy["capabilities"] == "CAPABILITY_IAM"  # the template creates IAM roles
        stage = deploy["parameter_overrides"].removeprefix("Stage=")
        assert re.fullmatch(stage_pattern, stage), stage
