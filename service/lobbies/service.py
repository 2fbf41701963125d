"""The lobbies' application service: a game with open seats that players claim with an invite code (or, in a
public lobby, without one), managed by its host, started by the host or by the join that fills it.

A lobby is one item written by puts conditional on its revision (infra/lobbies): two joins racing for the last
seat never both land, the loser re-reads and finds the lobby full. Starting is decided by such a write (the
lobby is `started` with its seats frozen) and then carried out by writing the game's version 1 through the
ordinary pipeline, with the lobby's game id, the bots' token hashes and each seat's player id. That put is
conditional too, so a second start never writes a second game; a start whose game write failed is completed
by starting again (the host) or by any later join. A player seat's token hash is of a token nobody is shown:
its player plays with its own key. A lobby never started expires after LOBBY_SECONDS.
"""

from __future__ import annotations

import hmac
import random
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import replace

from domain import GameState, decide
from domain.commands import CreateGame
from domain.options import Options, SeatSpec
from domain.records import record
from domain.rng import Rng
from infra.auth import new_token, token_hash, word
from infra.lobbies import LobbyConflict, LobbyExists, LobbyRecord, LobbyStore, Slot
from infra.players import PlayerRecord
from infra.seeds import SeedStore
from infra.store import ConcurrencyConflict, EventStore
from service.games.pipeline import create_game, new_game_id
from service.lobbies.errors import (
    InvalidLobby,
    InviteRefused,
    LobbyContention,
    LobbyExpired,
    LobbyNotFound,
    LobbyRefused,
    NoSuchSlot,
    NotHost,
)
from service.names import MAX_NAME, printable
from service.players.service import Players
from service.times import iso_seconds as iso

LOBBY_SECONDS = 14 * 24 * 3600  # a lobby not started within 14 days is gone
MAX_SEATS = 5
MAX_LISTED = 50
ATTEMPTS = 3


@record(frozen=True)
class SeatSpecIn:
    """A seat as a new lobby asks for it: the host's own, open (to be claimed), or a bot's (named)."""

    kind: str  # "host", "open" or "bot"
    name: str | None = None


@record(frozen=True)
class Change:
    """A lobby after a change, and the bot tokens it made (by seat: shown once, to the host)."""

    record: LobbyRecord
    tokens: dict[int, str]
    invite: str | None = None  # a new lobby's invite code, shown once
    already: bool = False  # nothing to do: it was so already
    by: str = ""  # the player id of the caller it acted for


Mutation = Callable[[LobbyRecord], tuple[LobbyRecord, dict[int, str]]]


def _bot(name: str | None, seat: int) -> tuple[Slot, str]:
    token = new_token()
    return Slot("bot", _name(name or f"Bot {seat + 1}"), token_sha256=token_hash(token)), token


def _name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not 1 <= len(cleaned) <= MAX_NAME or not printable(cleaned):  # service/names.py's rule
        raise InvalidLobby("name", f"a seat's name has 1 to {MAX_NAME} characters, no control or format characters")
    return cleaned


@record
class Lobbies:
    store: LobbyStore
    players: Players
    games: EventStore
    rng: Rng | None  # None: the started games are fair (with `seeds`: service/fairness/)
    clock: Callable[[], float] = time.time
    new_code: Callable[[], str] = lambda: word(16)
    seeds: SeedStore | None = None

    # --- the host's lobby ----------------------------------------------------------------------------------

    def create(self, key: str | None, seats: Sequence[SeatSpecIn], options: Options, public: bool,
               admit: Callable[[str], None] | None = None, contribution: str | None = None) -> Change:
        """`admit`: the limits' check for the host (service/limits/rules.py), once the lobby is known to be valid;
        `contribution`: the host's to the game's draws (docs/fairness.md), kept with its seat until the start."""
        host = self.players.authenticate(key)
        if not 1 <= len(seats) <= MAX_SEATS:
            raise InvalidLobby("seats", f"a game has 1 to {MAX_SEATS} seats")
        if sum(s.kind == "host" for s in seats) > 1:
            raise InvalidLobby("seats", "the host takes at most one seat", "two_hosts")
        slots: list[Slot] = []
        tokens: dict[int, str] = {}
        for i, spec in enumerate(seats):
            if spec.kind == "host":
                slots.append(Slot("player", host.name, host.player_id, contribution=contribution))
            elif spec.kind == "bot":
                slot, tokens[i] = _bot(spec.name, i)
                slots.append(slot)
            else:
                slots.append(Slot("open"))
        _playable([_seat(s) for s in slots], options)
        if admit is not None:
            admit(host.player_id)
        code, now = self.new_code(), self.clock()
        while True:
            record = LobbyRecord(new_game_id(), host.player_id, tuple(slots), options.model_dump(mode="json"),
                                 token_hash(code), public, iso(now), int(now) + LOBBY_SECONDS)
            try:
                self.store.create(record)
            except LobbyExists:  # 96 random bits: never in practice, but never an overwrite either
                continue
            return Change(record, tokens, invite=code)

    def remove(self, game_id: str, key: str | None, seat: int) -> Change:
        def removed(record: LobbyRecord) -> tuple[LobbyRecord, dict[int, str]]:
            _slot(record, seat)
            if sum(s.kind != "removed" for s in record.slots) == 1 and record.slots[seat].kind != "removed":
                raise LobbyRefused("last_seat", "A lobby keeps at least one seat.")
            return _with(record, seat, Slot("removed")), {}

        return self._host_change(game_id, key, removed)

    def replace(self, game_id: str, key: str | None, seat: int, kind: str, name: str | None = None) -> Change:
        def replaced(record: LobbyRecord) -> tuple[LobbyRecord, dict[int, str]]:
            current = _slot(record, seat)
            if kind == "open":
                return (record, {}) if current.kind == "open" else (_with(record, seat, Slot("open")), {})
            slot, token = _bot(name, seat)
            return _with(record, seat, slot), {seat: token}

        return self._host_change(game_id, key, replaced)

    def start(self, game_id: str, key: str | None) -> Change:
        """The host starts the game; seats still open are played by bots (their tokens answered once)."""
        host = self.players.authenticate(key)
        found = self._read(game_id)
        if found.host != host.player_id:
            raise NotHost()
        if found.started:
            self._materialize(found)  # completes a start whose game write failed; else changes nothing
            return Change(found, {}, already=True)

        def started(record: LobbyRecord) -> tuple[LobbyRecord, dict[int, str]]:
            tokens: dict[int, str] = {}
            slots = list(record.slots)
            for i in record.free():
                slots[i], tokens[i] = _bot(None, i)
            return self._started(replace(record, slots=tuple(slots))), tokens

        return self._write(game_id, lambda: self._open_lobby(game_id, host), started)

    # --- anyone's ------------------------------------------------------------------------------------------

    def get(self, game_id: str) -> LobbyRecord:
        return self._read(game_id)

    def viewer(self, key: str | None) -> PlayerRecord | None:
        """The player a key names, for a view that needs none (None when no key was sent)."""
        return None if key is None else self.players.authenticate(key)

    def open_lobbies(self, limit: int = MAX_LISTED) -> list[LobbyRecord]:
        now = self.clock()
        return [r for r in self.store.open_lobbies(limit) if r.listed() and r.expires_at > now]

    def join(self, game_id: str, key: str | None, invite: str | None, contribution: str | None = None) -> Change:
        """Claim the next free seat (`contribution`: the player's to the game's draws, kept with the seat)."""
        player = self.players.authenticate(key)

        def joined(record: LobbyRecord) -> tuple[LobbyRecord, dict[int, str]]:
            _admitted(record, invite)
            if any(s.player_id == player.player_id for s in record.slots):
                raise LobbyRefused("already_seated", "You already have a seat in this lobby.")
            free = record.free()
            if not free:
                raise LobbyRefused("lobby_full", "Every seat of this lobby is taken.")
            claimed = _with(record, free[0], Slot("player", player.name, player.player_id,
                                                  contribution=contribution))
            return (self._started(claimed) if len(free) == 1 else claimed), {}

        def read() -> LobbyRecord:
            record = self._read(game_id)
            if record.started:
                self._materialize(record)
                if any(s.player_id == player.player_id for s in record.slots):
                    raise LobbyRefused("already_seated", "You already have a seat in this game.")
                raise LobbyRefused("lobby_started", "This game has started.")
            return self._live(record)

        return replace(self._write(game_id, read, joined), by=player.player_id)

    # --- internals -----------------------------------------------------------------------------------------

    def _read(self, game_id: str) -> LobbyRecord:
        record = self.store.get(game_id) if game_id else None
        if record is None:
            raise LobbyNotFound(game_id)
        return record

    def _live(self, record: LobbyRecord) -> LobbyRecord:
        if not record.started and record.expires_at <= self.clock():
            raise LobbyExpired()
        return record

    def _open_lobby(self, game_id: str, host: PlayerRecord) -> LobbyRecord:
        record = self._live(self._read(game_id))
        if record.host != host.player_id:
            raise NotHost()
        if record.started:
            raise LobbyRefused("lobby_started", "This game has started: its seats can no longer change.")
        return record

    def _host_change(self, game_id: str, key: str | None, change: Mutation) -> Change:
        host = self.players.authenticate(key)
        return self._write(game_id, lambda: self._open_lobby(game_id, host), change)

    def _started(self, record: LobbyRecord) -> LobbyRecord:
        seats = [_seat(s) for s in record.slots if s.kind != "removed"]
        _playable(seats, Options.model_validate(record.options))
        return replace(record, started_at=iso(self.clock()))

    def _write(self, game_id: str, read: Callable[[], LobbyRecord], change: Mutation) -> Change:
        for _ in range(ATTEMPTS):
            record = read()
            changed, tokens = change(record)
            if changed == record:
                return Change(record, {}, already=True)
            written = replace(changed, revision=record.revision + 1)
            try:
                self.store.replace(written)
            except LobbyConflict:
                continue
            if written.started:
                self._materialize(written)
            return Change(written, tokens)
        raise LobbyContention()

    def _materialize(self, record: LobbyRecord) -> None:
        """The started lobby's game, written as version 1 unless it already is."""
        seated = [s for s in record.slots if s.kind != "removed"]
        hashes = [s.token_sha256 or token_hash(new_token()) for s in seated]  # a player's: a token never shown
        with suppress(ConcurrencyConflict):  # written before: by the start that decided it, or a retry
            create_game(self.games, [_seat(s) for s in seated], Options.model_validate(record.options), (),
                        rng=self.rng, game_id=record.game_id, token_hashes=hashes,
                        players=[s.player_id for s in seated], seeds=self.seeds,
                        contributions=[s.contribution for s in seated if s.contribution])


def _seat(slot: Slot) -> SeatSpec:
    return SeatSpec(name=slot.name or "Open seat")


def _playable(seats: list[SeatSpec], options: Options) -> None:
    """Refuse now, not at the start, what the rules would refuse then (pure: the rules set up a throwaway game)."""
    from domain.errors import RuleViolation

    try:
        decide(GameState(), CreateGame(seats=tuple(seats), options=options), random.Random(0))
    except RuleViolation as refused:
        raise InvalidLobby("options", refused.message, refused.code) from None


def _slot(record: LobbyRecord, seat: int) -> Slot:
    if not 0 <= seat < len(record.slots):
        raise NoSuchSlot(seat)
    return record.slots[seat]


def _with(record: LobbyRecord, seat: int, slot: Slot) -> LobbyRecord:
    slots = list(record.slots)
    gone, slots[seat] = slots[seat].player_id, slot
    left = tuple(p for p in record.left if p != slot.player_id)
    if gone and gone != slot.player_id and gone not in left:  # "my games" must forget the lobby for this player
        left += (gone,)
    return replace(record, slots=tuple(slots), left=left)


def _admitted(record: LobbyRecord, invite: str | None) -> None:
    if invite is None:
        if not record.public:
            raise InviteRefused("invite_required")
        return
    if not hmac.compare_digest(token_hash(invite), record.invite_sha256):
        raise InviteRefused("invalid_invite")
