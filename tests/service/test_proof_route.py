"""GET /games/{id}/proof over the API (functions/api/proof_routes.py): refused until the game is over (the
commitment in the refusal), then the whole proof, which verifies; no view or history serves the seed before."""

from __future__ import annotations

import secrets
from dataclasses import replace

from functions import container
from infra.seeds import memory_seeds
from service.fairness.verify import verify
from tests.service.gateway import Gateway
from tests.service.support import MemoryWorld


def test_the_proof_is_refused_before_the_end_and_verifies_after(memory: MemoryWorld) -> None:
    container.install(replace(container.given(), rng=None))  # fair games: no rng given
    gw = Gateway()
    created = gw.post("/games", {"seats": [{"name": "Ann"}, {"name": "Bo"}], "options": {"on_resign": "end"}})
    assert created.status == 201
    game_id, tokens = created.body["game_id"], [s["token"] for s in created.body["seats"]]
    seed = memory_seeds(memory.store).get(game_id)
    assert seed is not None
    early = gw.get(f"/games/{game_id}/proof")
    assert early.status == 409 and early.code == "game_not_finished"
    fairness = container.games().load(game_id).fairness
    assert fairness is not None and early.body["error"]["details"]["commitment"] == fairness.commitment
    seen = [gw.get(f"/games/{game_id}", token=t).text + gw.get(f"/games/{game_id}/events", token=t).text
            for t in [*tokens, None]]
    assert not any(seed.hex() in text for text in seen), "the seed served before the end"
    resigned = gw.post(f"/games/{game_id}/resign", {"command_id": secrets.token_hex(8)}, token=tokens[0])
    assert resigned.status == 200 and resigned.body["view"]["phase"] == "finished"
    proof = gw.get(f"/games/{game_id}/proof")
    assert proof.status == 200 and proof.body["seed"] == seed.hex() and proof.body["verifiable"]
    assert "token_sha256" not in proof.text and "contacts" not in proof.text, "the seats record is sealed"
    assert proof.body["head"] == resigned.body["head"]["hash"]
    assert verify(proof.body).ok
