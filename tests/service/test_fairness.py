"""Provably fair games (issue 24, docs/fairness.md): a fair game's every draw comes from its committed seed, the seed
is revealed only by the commit that ends the game, and its proof verifies; any change to a recorded outcome, the
seed or a contribution fails verification where it was made."""

from __future__ import annotations

import copy
import json
import random
import secrets
from typing import Any

import pytest

from devtools.bots import concrete
from domain import to_act
from domain.legal import game_actions
from domain.options import Options, SeatSpec
from infra.seeds import MemorySeedStore
from infra.store import InMemoryEventStore
from service.fairness.chain import genesis, hash_of
from service.fairness.draws import Draws, commitment
from service.fairness.proof import proof_body
from service.fairness.verify import SHUFFLES, verify
from service.games.pipeline import create_game, handle
from service.games.repository import load

GAMES = [  # seats, options: every size, the random flights, pairings, the solo difficulties, resignations
    (1, {"flight": "random_all", "solo_difficulty": "expert"}),
    (2, {"flight": "random_abc", "pairings": True}),
    (3, {"flight": "B"}),
    (4, {"flight": "random_all", "on_resign": "end"}),
    (5, {"flight": "C", "pairings": True}),
]


def fair_game(seats: int, options: dict[str, Any], seed: int, resigns: float = 0.0,
              stop: int | None = None) -> tuple[InMemoryEventStore, MemorySeedStore, str]:
    """A fair game (a seed store, no rng) played at random until it is over (or `stop` commands)."""
    store, seeds = InMemoryEventStore(), MemorySeedStore()
    created = create_game(store, [SeatSpec(name=f"P{i}") for i in range(seats)], Options(**options), seeds=seeds)
    game_id = created.aggregate.game_id
    play(store, seeds, game_id, random.Random(seed), resigns, stop)
    return store, seeds, game_id


def play(store: InMemoryEventStore, seeds: MemorySeedStore, game_id: str, rng: random.Random, resigns: float = 0.0,
         stop: int | None = None) -> None:
    from domain.commands import Resign

    for number in range(5000):
        state = load(store, game_id).state
        if state.phase == "finished" or number == stop:
            return
        seat = rng.choice(to_act(state))
        command = Resign(seat=seat) if rng.random() < resigns else \
            concrete(rng.choice(game_actions(state, seat)), rng)
        handle(store, game_id, seat, command, None, command_id=secrets.token_hex(8), seeds=seeds)
    raise AssertionError("the game did not end")


def rechained(proof: dict[str, Any]) -> dict[str, Any]:
    """The proof's chain made anew over its (changed) commits: what a server rewriting the history would serve, so
    that the draws' own checks, not the chain, have to catch the change."""
    prev = genesis(proof["game_id"])
    for c in proof["commits"]:
        c["prev"] = prev
        prev = hash_of(proof["game_id"], c["version"], c["command_id"], c["seat"], c["events"], c["recorded_at"],
                       c["digest"], prev, c["salt"])
    return {**proof, "head": prev}


def proof(store: InMemoryEventStore, game_id: str) -> dict[str, Any]:
    return json.loads(json.dumps(proof_body(game_id, load(store, game_id), list(store.commits(game_id)))))


@pytest.mark.parametrize(("seats", "options"), GAMES)
def test_every_finished_fair_game_verifies(seats: int, options: dict[str, Any]) -> None:
    store, seeds, game_id = fair_game(seats, options, seed=seats, resigns=0.003 if seats == 4 else 0.0)
    found = proof(store, game_id)
    assert found["verifiable"] and found["seed"] == (seeds.get(game_id) or b"").hex()
    verdict = verify(found)
    assert verdict.ok, verdict
    assert verdict.draws > 1 or seats == 1, verdict  # the setup and every shuffle after it (none in solo?)


def test_the_seed_is_kept_apart_and_revealed_only_by_the_last_commit() -> None:
    store, seeds, game_id = fair_game(3, {"flight": "A"}, seed=7, stop=60)
    seed = seeds.get(game_id)
    assert seed is not None
    snapshots = store.table.snapshots.get(game_id, {})
    assert snapshots, "a snapshot was written (60 commands)"
    stored = json.dumps([list(c) for c in store.commits(game_id)]) + json.dumps(list(snapshots.values()), default=str)
    assert seed.hex() not in stored and commitment(seed) in stored
    aggregate = load(store, game_id)
    assert aggregate.fairness is not None and aggregate.fairness.seed is None
    store, seeds, game_id = fair_game(3, {"flight": "A"}, seed=7)
    last = store.commits(game_id)[-1]
    assert [e for e in last.events if e["type"] == "reveal"] == [{"type": "reveal", "v": 1,
                                                                  "seed": (seeds.get(game_id) or b"").hex()}]
    assert all(e["type"] != "reveal" for c in store.commits(game_id)[:-1] for e in c.events)


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    store, _, game_id = fair_game(3, {"flight": "A"}, seed=11)
    return proof(store, game_id)


def test_a_changed_seed_fails_at_its_commitment(finished: dict[str, Any]) -> None:
    tampered = {**finished, "seed": secrets.token_bytes(32).hex()}
    verdict = verify(tampered)
    assert not verdict.ok and verdict.version == 1 and "committed" in (verdict.problem or "")


def test_a_changed_contribution_fails_at_the_first_commit(finished: dict[str, Any]) -> None:
    tampered = copy.deepcopy(finished)
    next(e for e in tampered["commits"][0]["events"] if e["type"] == "fairness")["contributions"] = ["mine"]
    verdict = verify({**rechained(tampered), "contributions": [{"version": 1, "seat": None, "value": "mine"},
                                                               *finished["contributions"]]})
    assert not verdict.ok and verdict.version == 1 and "setup" in (verdict.problem or ""), verdict


def test_a_changed_setup_fails_at_the_first_commit(finished: dict[str, Any]) -> None:
    tampered = copy.deepcopy(finished)
    created = next(e for e in tampered["commits"][0]["events"] if e["type"] == "game_created")
    deck = created["setup"]["decks"]["ingredients"]
    deck[0], deck[-1] = deck[-1], deck[0]
    assert "chain" in (verify(tampered).problem or "")
    verdict = verify(rechained(tampered))
    assert not verdict.ok and verdict.version == 1 and "decks" in (verdict.problem or "")


def test_a_changed_shuffle_fails_at_its_commit(finished: dict[str, Any]) -> None:
    tampered = copy.deepcopy(finished)
    commit = next(c for c in tampered["commits"][1:] if any(e["type"] in SHUFFLES for e in c["events"]))
    event = next(e for e in commit["events"] if e["type"] in SHUFFLES)
    key = "order" if event["type"] == "deck_reshuffled" else "spirit"
    cards = event[key] if event[key] and len(set(event[key])) > 1 else event["cut"]
    first_other = next(i for i, c in enumerate(cards) if c != cards[0])
    cards[0], cards[first_other] = cards[first_other], cards[0]
    assert verify(tampered).version == commit["version"]  # the chain breaks there
    verdict = verify(rechained(tampered))
    assert not verdict.ok and verdict.version == commit["version"], verdict


def test_a_changed_event_breaks_the_chain_at_its_commit(finished: dict[str, Any]) -> None:
    tampered = copy.deepcopy(finished)
    commit = tampered["commits"][5]
    commit["recorded_at"] = "2020-01-01T00:00:00.000Z"
    verdict = verify(tampered)
    assert not verdict.ok and verdict.version == commit["version"] and "chain" in (verdict.problem or "")
    last = copy.deepcopy(finished)
    last["commits"][-1]["seat"] = None if last["commits"][-1]["seat"] is not None else 0
    assert verify(last).version == last["commits"][-1]["version"]


def test_a_head_noted_earlier_is_checked_against_the_chain() -> None:
    """What an e-mail carried (a version and its head) is on the finished game's chain; another head is not."""
    store, seeds, game_id = fair_game(3, {"flight": "A"}, seed=12, stop=20)
    noted = load(store, game_id)
    assert noted.head is not None
    rng = random.Random(13)
    play(store, seeds, game_id, rng)
    full = proof(store, game_id)
    assert verify(full, at=(noted.version, noted.head)).ok
    assert not verify(full, at=(noted.version + 1, noted.head)).ok
    assert not verify(full, at=(len(full["commits"]) + 1, noted.head)).ok


def test_each_seats_first_command_records_its_contribution() -> None:
    store, seeds = InMemoryEventStore(), MemorySeedStore()
    created = create_game(store, [SeatSpec(name="A"), SeatSpec(name="B")], Options(flight="A"), seeds=seeds,
                          contributions=("the creator's",))
    game_id, rng = created.aggregate.game_id, random.Random(3)
    given = {0: "seat zero's own", 1: None}
    for _ in range(12):
        state = load(store, game_id).state
        seat = rng.choice(to_act(state))
        handle(store, game_id, seat, concrete(rng.choice(game_actions(state, seat)), rng), None,
               command_id=secrets.token_hex(8), seeds=seeds, contribution=given[seat] or None)
        given[seat] = given[seat] or None
    fairness = load(store, game_id).fairness
    assert fairness is not None
    made = {c.seat: c for c in fairness.contributions}
    assert made[None].value == "the creator's" and made[None].version == 1
    assert made[0].value == "seat zero's own" and len(made[1].value) == 32, "a seat that sends none: one drawn"
    assert [c.seat for c in fairness.contributions].count(0) == 1, "a seat's first contribution only"
    play(store, seeds, game_id, rng)
    assert verify(proof(store, game_id)).ok


def test_the_creators_contribution_changes_the_setup() -> None:
    """The same seed, the same game id, another contribution: another deal."""
    dealt = []
    for contribution in ("alice", "bob", "alice"):
        seeds = MemorySeedStore()
        seeds.put("sameGame0001", b"\x07" * 32)  # found by the creation, as a retried start finds its seed
        created = create_game(InMemoryEventStore(), [SeatSpec(name="A"), SeatSpec(name="B")], Options(flight="A"),
                              seeds=seeds, game_id="sameGame0001", contributions=(contribution,))
        state = created.aggregate.state
        dealt.append((state.decks, state.first_player, [p.dealt for p in state.players]))
    assert dealt[0] != dealt[1] and dealt[0] == dealt[2]


def test_contributions_change_the_draws() -> None:
    seed = secrets.token_bytes(32)
    deck = [f"card{i:02}" for i in range(40)]
    assert Draws(seed, 1, ("alice",)).shuffled(deck) != Draws(seed, 1, ("bob",)).shuffled(deck)
    assert Draws(seed, 1, ("alice",)).shuffled(deck) == Draws(seed, 1, ("alice",)).shuffled(deck[::-1])
    assert Draws(seed, 1).shuffled(deck) != Draws(seed, 2).shuffled(deck)


def test_a_game_with_a_given_rng_says_it_is_not_verifiable() -> None:
    store = InMemoryEventStore()
    created = create_game(store, [SeatSpec(name="A"), SeatSpec(name="B")], Options(), rng=random.Random(1),
                          seeds=MemorySeedStore())
    found = proof(store, created.aggregate.game_id)
    assert found["verifiable"] is False and "seed" not in found
    assert not verify(found).ok


def test_distilled_verify_checks_a_saved_proof(finished: dict[str, Any], tmp_path: Any,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from devtools import cli

    good, bad = tmp_path / "proof.json", tmp_path / "tampered.json"
    good.write_text(json.dumps(finished))
    bad.write_text(json.dumps({**finished, "seed": secrets.token_bytes(32).hex()}))
    assert cli.main(["verify", "--file", str(good)]) == 0
    assert "verified" in capsys.readouterr().out
    assert cli.main(["verify", "--file", str(bad)]) == 1
    assert "NOT verified at commit 1" in capsys.readouterr().out
    assert cli.main(["verify"]) == 2
    head = f"{finished['version']}:{finished['head']}"
    assert cli.main(["verify", "--file", str(good), "--at", head]) == 0
    assert cli.main(["verify", "--file", str(good), "--at", f"{finished['version']}:{'a' * 64}"]) == 1
