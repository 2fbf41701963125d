"""Running a reply's lines, in order, through the command pipeline the HTTP routes use (service/games/pipeline.py),
as the seat the reply address names, while the seat must act, stopping at the first refusal.

Each line is read against the seat's choices in the game the player saw: the first against the version the reply
address was minted for (what its e-mail listed, its numbers), each next one against the version the line before
wrote. When the game has moved on since (another seat acted in a simultaneous phase) and the seat's moves are
still the same, the line runs on the game as it is (a take-back only if it is still offered: another seat's move
ends it); otherwise it is refused as `stale` (the answer shows the game now). Once a move has ended the seat's
turn, a line that reads as none of the choices it had is a sign-off ("Thanks!"): it and the rest are left out.

A line's command id is derived from the mail's Message-ID and the line's number: a mail delivered twice acts
once (the pipeline answers a command id it has seen from the game, writing nothing: `replayed`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from pydantic import ValidationError

from domain.commands import ANYTIME, COMMAND_TYPES
from domain.errors import RuleViolation
from domain.legal import game_actions, legal_actions, to_act
from service.games.aggregate import Aggregate
from service.games.pipeline import CommandIdReused, Contention, GameNotFound, Outcome, StaleVersion
from service.replies.port import ACCEPTED, NOT_RUN, REFUSED, REPLAYED, SHOWN, UNREADABLE, Line, Reader, kind_of


class GamesPort(Protocol):
    """What the runner takes of the games' service (service/bootstrap/ `Games`)."""

    def load(self, game_id: str, near: int | None = None) -> Aggregate: ...

    def handle(self, game_id: str, seat: int, command: Any, expected_version: int | None, *, command_id: str,
               loaded: Aggregate | None = None) -> Outcome: ...


def command_id(message_id: str, number: int) -> str:
    """The command id of a reply's `number`-th line: the same for every delivery of the same mail."""
    return f"mail-{hashlib.sha256(message_id.encode()).hexdigest()[:24]}-{number}"


def to_command(body: Any, seat: int) -> Any:
    """The domain command a reading's body asks for (ValueError: no such command, or not a valid one)."""
    fields = {k: v for k, v in dict(body).items() if k not in ("command_id", "expected_version", "seat")}
    command = COMMAND_TYPES.get(str(fields.get("type")))
    if command is None:
        raise ValueError("no such command")
    try:
        return command.model_validate({**fields, "seat": seat})
    except ValidationError:
        raise ValueError("invalid command") from None


class Runner:
    def __init__(self, games: GamesPort, reader: Reader, at_version: Callable[[str, int], Aggregate]) -> None:
        """`at_version`: the game just after a version (folded from its commits: only when it has moved on)."""
        self.games, self.reader, self.at_version = games, reader, at_version

    def run(self, game_id: str, seat: int, version: int, lines: Sequence[str], message_id: str) -> list[Line]:
        done: list[Line] = []
        had: Sequence[Any] = ()  # the choices the line before was read against
        for number, text in enumerate(lines, start=1):
            current = self.games.load(game_id)
            seen = self._seen(current, version)
            if seat not in to_act(seen.state) and any(line.version is not None for line in done):
                # A move ended the seat's turn. What follows is a move not run, or a `show`, or, read as none of
                # the choices the seat had, a sign-off ("Thanks!", "Cheers"): left out of the answer, as the rest.
                then = kind_of(self.reader.read(text, had))
                if then == "show":
                    done.append(Line(text, SHOWN))
                    continue
                return done if then == "unreadable" else done + [Line(t, NOT_RUN) for t in lines[len(done):]]
            had = self.reader.choices(seen.state, seat)
            reading = self.reader.read(text, had)
            kind = kind_of(reading)
            if kind == "show":
                done.append(Line(text, SHOWN))
                continue
            if kind == "unreadable":
                done.append(Line(text, UNREADABLE, str(getattr(reading, "code", "unknown_words")),
                                 message=str(reading.reason)))
                break
            if seat not in to_act(seen.state):  # a command line while the seat has no move is refused
                done.append(Line(text, REFUSED, "not_your_turn"))
                break
            expected = current.version if self._still(seen, current, seat, reading.body) else version
            line = self._command(current, seat, expected, text, reading.body, command_id(message_id, number))
            done.append(line)
            if line.version is None:
                break
            version = line.version
        return done + [Line(text, NOT_RUN) for text in lines[len(done):]]

    def _seen(self, current: Aggregate, version: int) -> Aggregate:
        """The game as the player saw it: the line is read against its choices (its numbers as listed)."""
        if current.version == version:
            return current
        then = self.at_version(current.game_id, version)
        return then if then.exists and version < current.version else current

    def _still(self, seen: Aggregate, current: Aggregate, seat: int, body: Any) -> bool:
        """Whether a line read in `seen` may run on the game as it is: the seat's moves are the same (another
        seat acted meanwhile, in a simultaneous phase), and the command, if it is one of those a seat may send
        at any time (a take-back is offered only until another seat acts), is still offered."""
        if seen is current:
            return True
        if game_actions(seen.state, seat) != game_actions(current.state, seat):
            return False
        try:
            command = to_command(body, seat)
        except ValueError:
            return True  # refused as invalid, whichever version it runs on
        return command.type not in ANYTIME or command in legal_actions(current.state, seat)

    def _command(self, current: Aggregate, seat: int, expected: int, text: str, body: Any, cid: str) -> Line:
        try:
            command = to_command(body, seat)
            outcome = self.games.handle(current.game_id, seat, command, expected, command_id=cid,
                                        loaded=current if current.version == expected else None)
        except ValueError:
            return Line(text, REFUSED, "invalid")
        except StaleVersion:
            return Line(text, REFUSED, "stale")
        except RuleViolation as refused:
            return Line(text, REFUSED, refused.code, message=refused.message)
        except (Contention, CommandIdReused, GameNotFound):
            return Line(text, REFUSED, "busy")
        return Line(text, REPLAYED if outcome.replayed else ACCEPTED, version=outcome.command_version)
