"""Checking a finished game's proof (GET /games/{id}/proof, docs/fairness.md): that its seed is the one committed to
at creation, and that every random outcome the history records is the generator's (service/fairness/draws.py).

- the seed's SHA-256 is the commitment the first commit recorded;
- the first commit: the rules' setup (domain/phases/setup.py), run again with the generator over the seed, the
  contributions and version 1 from the seats' names and the options the game recorded, gives exactly the game
  that was created (every deck, row, flavor, distiller, goal, award, the first player, the solo grid);
- every later commit: each event that records a shuffle (`deck_reshuffled`: its order; `spirit_distilled` and
  `spirit_recut`: the stack, put back together from its cut and what stayed) is the generator's shuffle of the
  same cards for that version, in the order the events come (the order the rules drew them in).

Pure: the proof in, a verdict out, naming the first mismatch. `distilled verify` (devtools/cli) prints it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from domain import GameState, execute
from domain.commands import CreateGame
from domain.options import Options, SeatSpec
from domain.phases.distill import EXTRA_WATER
from domain.records import record
from service.fairness.draws import GENERATOR, Draws

SHUFFLES = ("deck_reshuffled", "spirit_distilled", "spirit_recut")


@record(frozen=True)
class Verdict:
    ok: bool
    draws: int = 0  # the random outcomes checked
    problem: str | None = None  # the first mismatch, in words
    version: int | None = None  # where it is (the commit's version)


def stack(event: Mapping[str, Any]) -> list[str]:
    """The shuffled stack a distillation cut: its top, what stayed (less the Water a cut Mountain Spring Water
    added at the end), its bottom (none when only the top was cut)."""
    cut, spirit = list(event["cut"]), list(event["spirit"])
    added = cut.count(EXTRA_WATER)
    middle = spirit[:len(spirit) - added] if added else spirit
    return [cut[0], *middle, *cut[1:]]


def shuffled_cards(event: Mapping[str, Any]) -> list[str]:
    return list(event["order"]) if event["type"] == "deck_reshuffled" else stack(event)


def _setup_problem(created: Mapping[str, Any], draws: Draws) -> str | None:
    setup = created["setup"]
    command = CreateGame(seats=tuple(SeatSpec(name=n) for n in setup["names"]),
                         options=Options.model_validate(created["options"]))
    events, _ = execute(GameState(), command, draws)
    again = events[0].model_dump(mode="json")
    recorded = {k: v for k, v in created.items() if k != "v"}
    if again == recorded:
        return None
    fields = [k for k in again.get("setup", {}) if again["setup"].get(k) != setup.get(k)]
    return f"the setup's {', '.join(fields) or 'event'} is not what the generator deals"


def verify(proof: Mapping[str, Any]) -> Verdict:
    if not proof.get("verifiable"):
        return Verdict(False, problem="the game is not verifiable (created before seeds were kept, or not over)")
    if proof.get("generator") != GENERATOR:
        return Verdict(False, problem=f"unknown generator {proof.get('generator')!r}")
    seed = bytes.fromhex(str(proof["seed"]))
    if hashlib.sha256(seed).hexdigest() != proof.get("commitment"):
        return Verdict(False, problem="the seed is not the one committed to", version=1)
    commits: Sequence[Mapping[str, Any]] = proof.get("commits") or []
    contributions = tuple(str(c) for c in proof.get("contributions") or ())
    first = commits[0] if commits else None
    record_of = next((r for r in (first or {}).get("records", []) if r.get("type") == "fairness"), None)
    if first is None or record_of is None or record_of.get("commitment") != proof.get("commitment") or \
            tuple(record_of.get("contributions") or ()) != contributions:
        return Verdict(False, problem="the first commit does not record this commitment and contributions", version=1)
    created = next((e for e in first["events"] if e.get("type") == "game_created"), None)
    if created is None:
        return Verdict(False, problem="the first commit creates no game", version=1)
    problem = _setup_problem(created, Draws(seed, 1, contributions))
    if problem is not None:
        return Verdict(False, problem=problem, version=1)
    checked = 1
    for commit in commits[1:]:
        version = int(commit["version"])
        draws = Draws(seed, version, contributions)
        for event in commit["events"]:
            if event.get("type") not in SHUFFLES:
                continue
            recorded = shuffled_cards(event)
            if draws.shuffled(recorded) != recorded:
                return Verdict(False, checked, f"the {event['type']} of commit {version} is not the generator's "
                                               "shuffle", version)
            checked += 1
    return Verdict(True, checked)
