"""Checking a finished game's proof (GET /games/{id}/proof, docs/fairness.md): that its seed is the one committed to
at creation, and that every random outcome the history records is the generator's (service/fairness/draws.py).

- the seed's SHA-256 is the commitment the first commit recorded;
- the first commit: the rules' setup (domain/phases/setup.py), run again with the generator over the seed, the
  contributions and version 1 from the seats' names and the options the game recorded, gives exactly the game
  that was created (every deck, row, flavor, distiller, goal, award, the first player, the solo grid);
- the chain: each commit's `prev` is the hash of the one before (the first's, the genesis), so the last hash, the
  head, stands for the whole history (service/fairness/chain.py); `at` checks a head noted earlier (an e-mail's);
- every later commit: each event that records a shuffle (`deck_reshuffled`: its order; `spirit_distilled` and
  `spirit_recut`: the stack, put back together from its cut and what stayed) is the generator's shuffle of the
  same cards for that version, in the order the events come (the order the rules drew them in).

Pure: the proof in, a verdict out, naming the first mismatch. `distilled verify` (devtools/cli) prints it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from domain import GameState, execute
from domain.commands import CreateGame
from domain.options import Options, SeatSpec
from domain.phases.distill import EXTRA_WATER
from domain.records import record
from service.fairness.chain import genesis, hash_of
from service.fairness.draws import GENERATOR, Draws

SHUFFLES = ("deck_reshuffled", "spirit_distilled", "spirit_recut")
RECORDS = ("seats", "fairness", "reveal")


@record(frozen=True)
class Verdict:
    ok: bool
    draws: int = 0  # the random outcomes checked
    problem: str | None = None  # the first mismatch, in words
    version: int | None = None  # where it is (the commit's version)
    head: str | None = None  # the chain's head, recomputed


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


def domain_events(commit: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [e for e in commit.get("events") or [] if e.get("type") not in RECORDS]


def chain(game_id: str, commits: Sequence[Mapping[str, Any]],
          at: tuple[int, str] | None = None) -> tuple[str | None, Verdict | None]:
    """The head the commits chain to, or the first break (a Verdict); `at`: (version, hash) that must be on it."""
    prev = genesis(game_id)
    for number, commit in enumerate(commits, start=1):
        version = int(commit["version"])
        if version != number:
            return None, Verdict(False, problem=f"commit {number} is missing", version=number)
        if commit.get("prev") != prev:
            changed = max(version - 1, 1)  # the commit its prev no longer names (or the genesis: the first)
            return None, Verdict(False, problem=f"the chain breaks: commit {changed} is not what commit {version} "
                                                "chained to (it, or that prev, was changed)", version=changed)
        prev = hash_of(game_id, version, str(commit["command_id"]), commit.get("seat"), commit["events"],
                       str(commit["recorded_at"]), commit.get("digest"), prev, str(commit.get("salt")))
        if at is not None and at[0] == version and at[1] != prev:
            return None, Verdict(False, problem=f"commit {version}'s hash is not {at[1]}: the history was not "
                                                "this when that hash was given", version=version)
    if at is not None and at[0] > len(commits):
        return None, Verdict(False, problem=f"no commit {at[0]} in the proof", version=at[0])
    return prev, None


def _first_problem(proof: Mapping[str, Any], first: Mapping[str, Any] | None, seed: bytes,
                   contributions: Sequence[Mapping[str, Any]]) -> str | None:
    """What is wrong with the first commit: its fairness record, or the setup the seed deals."""
    record_of = next((r for r in (first or {}).get("events", []) if r.get("type") == "fairness"), None)
    at_creation = _values(contributions, 1)
    if first is None or record_of is None or record_of.get("commitment") != proof.get("commitment") or \
            tuple(record_of.get("contributions") or ()) != at_creation:
        return "the first commit does not record this commitment and contributions"
    created = next((e for e in domain_events(first) if e.get("type") == "game_created"), None)
    if created is None:
        return "the first commit creates no game"
    return _setup_problem(created, Draws(seed, 1, at_creation))


def _values(contributions: Sequence[Mapping[str, Any]], version: int) -> tuple[str, ...]:
    """The contributions a commit's draws depend on: those recorded up to it, in order."""
    return tuple(str(c["value"]) for c in contributions if int(c["version"]) <= version)


def _contributions_problem(commits: Sequence[Mapping[str, Any]],
                           contributions: Sequence[Mapping[str, Any]]) -> Verdict | None:
    """The proof's contributions must be the ones the commits record, where they record them."""
    recorded = [{"version": 1, "seat": None, "value": str(v)}
                for r in (commits[0].get("events") or []) if r.get("type") == "fairness"
                for v in r.get("contributions") or []] if commits else []
    recorded += [{"version": int(c["version"]), "seat": r.get("seat"), "value": str(r.get("value"))}
                 for c in commits[1:] for r in c.get("events") or [] if r.get("type") == "contribution"]
    given = [{"version": int(c["version"]), "seat": c.get("seat"), "value": str(c["value"])} for c in contributions]
    if recorded == given:
        return None
    where = next((int(g["version"] or 1) for r, g in zip(recorded, given, strict=False) if r != g), None)
    return Verdict(False, problem="the contributions are not the ones the commits record", version=where)


def _shuffles(commits: Sequence[Mapping[str, Any]], seed: bytes, contributions: Sequence[Mapping[str, Any]]) -> Verdict:
    """Every shuffle after the setup, against the generator: the first that is not its, or how many were."""
    checked = 1
    for commit in commits[1:]:
        version = int(commit["version"])
        draws = Draws(seed, version, _values(contributions, version))
        for event in domain_events(commit):
            if event.get("type") not in SHUFFLES:
                continue
            recorded = shuffled_cards(event)
            if draws.shuffled(recorded) != recorded:
                return Verdict(False, checked, f"the {event['type']} of commit {version} is not the generator's "
                                               "shuffle", version)
            checked += 1
    return Verdict(True, checked)


def verify(proof: Mapping[str, Any], at: tuple[int, str] | None = None) -> Verdict:
    """`at`: a (version, head hash) a player kept (an e-mail's, a view's): it must be on the proof's chain."""
    if not proof.get("verifiable"):
        return Verdict(False, problem="the game is not verifiable (created before seeds were kept, or not over)")
    if proof.get("generator") != GENERATOR:
        return Verdict(False, problem=f"unknown generator {proof.get('generator')!r}")
    seed = bytes.fromhex(str(proof["seed"]))
    if hashlib.sha256(seed).hexdigest() != proof.get("commitment"):
        return Verdict(False, problem="the seed is not the one committed to", version=1)
    commits: Sequence[Mapping[str, Any]] = proof.get("commits") or []
    head, broken = chain(str(proof.get("game_id")), commits, at)
    if broken is not None:
        return broken
    if proof.get("head") != head:
        return Verdict(False, problem="the proof's head is not its last commit's hash", version=len(commits))
    contributions: Sequence[Mapping[str, Any]] = proof.get("contributions") or []
    wrong = _contributions_problem(commits, contributions)
    if wrong is not None:
        return wrong
    problem = _first_problem(proof, commits[0] if commits else None, seed, contributions)
    if problem is not None:
        return Verdict(False, problem=problem, version=1)
    found = _shuffles(commits, seed, contributions)
    return replace(found, head=head) if found.ok else found
