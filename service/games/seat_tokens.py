"""A seat's token reissued: a commit that carries only a new seats record (service/games/repository.py folds the
newest record of a game), so the old token fails on the very next load, everywhere (each load reads the
commits after what it knew). The commit is appended like any command's, conditional on its version: it never
overwrites a move, and a move racing it is decided again on the new version. Its command id is random (a
reissue is never a repeat: each answers a new token)."""

from __future__ import annotations

import secrets

from infra.auth import new_token, token_hash
from infra.lobbies import LobbyStore
from infra.store import Commit, ConcurrencyConflict, EventStore
from service.fairness.chain import chained
from service.games.pipeline import MAX_ATTEMPTS, Contention, GameNotFound, now
from service.games.recent import Recent
from service.games.repository import Aggregate, fold_commits, load, seats_record
from service.lobbies.errors import LobbyNotFound, NoSuchSeat, NotHost, SeatTaken
from service.players.service import Players


def reissue_token(store: EventStore, game_id: str, seat: int, recent: Recent | None = None) -> tuple[str, Aggregate]:
    """A new token for `seat` (answered once; only its hash is stored) and the game after the reissue."""
    for _ in range(MAX_ATTEMPTS):
        aggregate = load(store, game_id, recent)
        if not aggregate.exists:
            raise GameNotFound(game_id)
        if not 0 <= seat < len(aggregate.token_hashes):
            raise NoSuchSeat(seat)
        if seat < len(aggregate.players) and aggregate.players[seat] is not None:
            raise SeatTaken(seat)
        token = new_token()
        hashes = list(aggregate.token_hashes)
        hashes[seat] = token_hash(token)
        record = seats_record(hashes, aggregate.contacts, aggregate.players)
        commit = Commit(game_id=game_id, version=aggregate.version + 1, command_id=f"reissue-{secrets.token_hex(8)}",
                        seat=None, events=(record,), recorded_at=now(), **chained(aggregate))
        try:
            store.append(commit)
        except ConcurrencyConflict:
            continue
        after = fold_commits(aggregate, [commit])
        if recent is not None:
            recent.put(after)
        return token, after
    raise Contention(game_id, MAX_ATTEMPTS)


def host_reissue(players: Players, lobbies: LobbyStore, store: EventStore, game_id: str, key: str | None, seat: int,
                 recent: Recent | None = None) -> tuple[str, Aggregate]:
    """The host of a lobby's game (its key) reissues a bot's (or an unclaimed) seat's token."""
    host = players.authenticate(key)
    lobby = lobbies.get(game_id) if game_id else None
    if lobby is None:
        raise LobbyNotFound(game_id)  # a game made without a lobby has no host
    if lobby.host != host.player_id:
        raise NotHost()
    return reissue_token(store, game_id, seat, recent)
