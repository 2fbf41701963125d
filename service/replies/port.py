"""What the inbound service (service/replies/inbound.py) takes, injected by the composition root: a `Reader` of
reply words and a renderer of the answer e-mail (`RenderAnswer`), and the `Answer` it hands that renderer.

The reader (service/replies/words.py) numbers a seat's legal actions with their reply words (`choices`) and
reads one line of a reply against them (`read`), answering one of three readings, told apart by their shape:
a command (it has `body`: the body POST /games/{id}/{type} takes, without command_id and expected_version), a
request to show the board (neither `body` nor `reason`), or an unreadable line (it has `reason`, and may have a
`code`). The renderer is service/replies/answer_email.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol

from domain.records import record
from domain.state import GameState
from infra.channels.email import Email
from service.games.aggregate import Aggregate

Kind = Literal["command", "show", "unreadable"]
# What became of one line of a reply.
ACCEPTED, REPLAYED, SHOWN, REFUSED, UNREADABLE, NOT_RUN = (
    "accepted", "replayed", "shown", "refused", "unreadable", "not_run")


class Reader(Protocol):
    def choices(self, state: GameState, seat: int) -> Sequence[Any]:
        """The seat's legal actions, numbered (1 first), each with its reply words."""
        ...

    def read(self, line: str, choices: Sequence[Any]) -> Any:
        """One line read against `choices`: a Command(body), Show() or Unreadable(reason)."""
        ...


def kind_of(reading: Any) -> Kind:
    if isinstance(getattr(reading, "body", None), Mapping):
        return "command"
    return "unreadable" if hasattr(reading, "reason") else "show"


@record(frozen=True)
class Line:
    """One line of a reply and what came of it. `reason`: a refusal's code (the rules', the service's: `stale`,
    `not_your_turn`, `invalid`, `busy`, or the reader's: `Unreadable.code`); `version`: what an accepted (or
    replayed) command wrote."""

    text: str
    outcome: str
    reason: str = ""
    version: int | None = None
    message: str = ""  # the refusal or the reader's words for it (English), beside its code in `reason`


@record(frozen=True)
class Answer:
    """What an answer e-mail says: the game now as the seat sees it, each line's outcome, the seat's numbered
    choices now (empty: the game waits for others, or is over). Addressed by the service, not the renderer:
    the confirmed address in `To` and the seat's new reply address in `Reply-To` are set on what it renders."""

    game_id: str
    seat: int
    language: str
    aggregate: Aggregate
    lines: tuple[Line, ...]
    choices: tuple[Any, ...]
    subject: str  # the reply's own subject (an answer is "Re:" it)
    show: bool = False  # a line asked for the board


class RenderAnswer(Protocol):
    def __call__(self, answer: Answer) -> Email:
        """The answer e-mail (its `to` and `reply_to` are overwritten by the service)."""
        ...
