"""GET /games/{game_id}/proof: what anyone needs to check a finished game's draws and history (docs/fairness.md).

Served once the game is over, to anyone (no token: everything it holds is public then): the generator, the
commitment the first commit recorded, the contributions, the seed the last commit revealed, and every commit's
domain events as they were written (no redaction: nothing is hidden any more), never the seats record (token
hashes, contact addresses). Before the end: 409 `game_not_finished`, with the commitment in its details (a player
may note it). A game created before seeds were kept answers `verifiable: false`.
"""

from __future__ import annotations

from aws_lambda_powertools.event_handler import APIGatewayHttpResolver

from functions import container
from functions.api.docs import responses
from functions.api.edge import cache_headers, etag, json_response, load_game, matches, not_modified
from functions.errors import ApiError
from service.fairness.proof import proof_body


def add_get_proof(app: APIGatewayHttpResolver) -> None:
    @app.get(
        "/games/<game_id>/proof", operation_id="getProof", tags=["games"], summary="The proof of a finished game",
        description="Once the game is over: the draws' generator, the commitment to the seed, the contributions, "
                    "the seed, and every commit's events as written, for `distilled verify` or any checker "
                    "(docs/fairness.md). Before the end: 409 game_not_finished (the commitment in its details).",
        responses=responses(app, 200, "Proof", "The proof.", 404, 409),
    )
    def get_proof(game_id: str):
        aggregate = load_game(game_id)
        if aggregate.state.phase != "finished":
            commitment = aggregate.fairness.commitment if aggregate.fairness is not None else None
            raise ApiError(409, "game_not_finished", "The proof is served once the game is over.",
                           commitment=commitment)
        tag = etag("proof", game_id, aggregate.version)
        if matches(app, tag):
            return not_modified(tag)
        commits = container.games().history(aggregate, 0)
        return json_response(proof_body(game_id, aggregate, commits), headers=cache_headers(tag))
