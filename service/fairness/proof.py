"""A game's proof, as GET /games/{id}/proof serves it (functions/api/proof_routes.py; docs/fairness.md): the
fairness (generator, commitment, contributions, and the seed once revealed), the head, and every commit as
written and chained (service/fairness/chain.py): its events in order, the seats record sealed (its hash stands
for the token hashes and contact addresses it holds). Served once the
game is over, when nothing in it is hidden any more; checked by service/fairness/verify.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from infra.store import Commit
from service.fairness.chain import sealed
from service.games.aggregate import Aggregate


def proof_body(game_id: str, aggregate: Aggregate, commits: Sequence[Commit]) -> dict[str, Any]:
    fairness = aggregate.fairness
    body: dict[str, Any] = {"game_id": game_id, "version": aggregate.version,
                            "verifiable": fairness is not None and fairness.seed is not None}
    if fairness is not None:
        body.update(generator=fairness.generator, commitment=fairness.commitment,
                    contributions=[{"version": c.version, "seat": c.seat, "value": c.value}
                                   for c in fairness.contributions], seed=fairness.seed)
    if aggregate.head is not None:
        body["head"] = aggregate.head
    body["commits"] = [
        {"version": c.version, "seat": c.seat, "command_id": c.command_id, "recorded_at": c.recorded_at,
         "digest": c.digest, "prev": c.prev, "salt": c.salt, "events": [sealed(e) for e in c.events]}
        for c in commits
    ]
    return body
