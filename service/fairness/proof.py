"""A game's proof, as GET /games/{id}/proof serves it (functions/api/proof_routes.py; docs/fairness.md): the
fairness (generator, commitment, contributions, and the seed once revealed) and every commit's domain events as
written, with its fairness records, never the seats record (token hashes, contact addresses). Served once the
game is over, when nothing in it is hidden any more; checked by service/fairness/verify.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from infra.store import Commit
from service.fairness.records import FAIRNESS_RECORD, REVEAL_RECORD
from service.games.aggregate import Aggregate
from service.games.repository import RECORDS


def proof_body(game_id: str, aggregate: Aggregate, commits: Sequence[Commit]) -> dict[str, Any]:
    fairness = aggregate.fairness
    body: dict[str, Any] = {"game_id": game_id, "version": aggregate.version,
                            "verifiable": fairness is not None and fairness.seed is not None}
    if fairness is not None:
        body.update(generator=fairness.generator, commitment=fairness.commitment,
                    contributions=list(fairness.contributions), seed=fairness.seed)
    body["commits"] = [
        {"version": c.version, "seat": c.seat, "recorded_at": c.recorded_at,
         "events": [e for e in c.events if e["type"] not in RECORDS],
         "records": [e for e in c.events if e["type"] in (FAIRNESS_RECORD, REVEAL_RECORD)]}
        for c in commits
    ]
    return body
