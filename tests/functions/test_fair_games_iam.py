"""Fair games over the AWS fakes (docs/fairness.md): created by POST /games and by a lobby's start, each keeps its
seed where template.yaml lets only those functions write it, plays, ends by a resignation that reveals the seed,
and serves a proof that verifies, every call within its function's grants."""

from __future__ import annotations

from dataclasses import replace

from functions import container
from service.fairness.verify import verify
from tests.functions.test_lobby_handlers import act, invite_of, player
from tests.service.gateway import Gateway
from tests.service.iam import assert_within_policies
from tests.service.support import AwsWorld


def fair_gateway() -> Gateway:
    container.install(replace(container.given(), rng=None))  # no rng given: every game fair
    gateway = Gateway()
    gateway.operations.watch(container.dynamodb())
    return gateway


def ended_and_verified(gw: Gateway, game_id: str, tokens: list[str]) -> None:
    assert gw.get(f"/games/{game_id}/proof").code == "game_not_finished"
    for _ in range(3):
        assert act(gw, game_id, tokens[0]).status in (200, 422)
    resigned = gw.post(f"/games/{game_id}/resign", {"command_id": "bye"}, token=tokens[1])
    assert resigned.status == 200 and resigned.body["view"]["phase"] == "finished", resigned.body
    proof = gw.get(f"/games/{game_id}/proof")
    assert proof.status == 200 and proof.body["verifiable"], proof.body
    assert verify(proof.body).ok
    assert_within_policies(gw.operations)


def test_a_created_fair_game_keeps_its_seed_within_the_grants(aws: AwsWorld) -> None:
    gw = fair_gateway()
    created = gw.post("/games", {"seats": [{"name": "Ann"}, {"name": "Bo"}], "options": {"on_resign": "end"}})
    assert created.status == 201, created.body
    ended_and_verified(gw, created.body["game_id"], [s["token"] for s in created.body["seats"]])
    seeds = {c.leading_keys[0] for c in gw.operations.used["functions/create_game.lambda_handler"] if c.leading_keys}
    assert any(k.startswith("SEED#") for k in seeds)


def test_a_lobbys_fair_game_keeps_its_seed_within_the_grants(aws: AwsWorld) -> None:
    gw = fair_gateway()
    _, host = player(gw, "Hana")
    _, ada = player(gw, "Ada")
    made = gw.post("/lobbies", {"seats": 2, "options": {"flight": "A", "on_resign": "end"},
                                "contribution": "the-host's"}, token=host)
    assert made.status == 201, made.body
    game_id, code = invite_of(made.body["invite_link"])
    joined = gw.post(f"/lobbies/{game_id}/join", {"invite": code, "contribution": "ada's"}, token=ada)
    assert joined.body["started"]
    assert "the-host's" not in joined.text and "ada's" not in joined.text, "a lobby view shows no contribution"
    ended_and_verified(gw, game_id, [host, ada])
    fairness = container.games().load(game_id).fairness
    assert fairness is not None and fairness.values()[:2] == ("the-host's", "ada's"), "both in the first commit"
