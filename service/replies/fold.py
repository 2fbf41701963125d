"""Folding the answer to a reply into the seat's next e-mail (docs/adr/0030-folded-answers.md).

A reply whose every line was played and that leaves the seat waiting (others must act, or the game is over)
needs no board in its answer, only "done": that answer is held (infra/held_answers.py) for up to
REPLY_FOLD_SECONDS (300; 0: every answer at once). The seat's next e-mail (its next "your turn", a reminder,
"game over": service/notices/email/channel.py) takes it and says it at its top, "In-Reply-To" the reply; if none
came in time, the held-release pass (functions/release_held.py, every 5 minutes) sends it alone. So a player who
plays by e-mail gets one e-mail per reply, not an answer and then a turn notice.

Never folded: a refusal or an unreadable line (the player must hear at once, and the answer lists the choices
again), a `show`, and an answer that carries the seat's next turn (it replaces that turn's notice). A reply that
is answered at once takes any answer still held for the seat, and says both.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from infra.held_answers import HeldAnswer, HeldAnswers
from service.replies.port import ACCEPTED, REPLAYED, Line

DEFAULT_FOLD_SECONDS = 300


def fold_seconds() -> int:
    value = os.environ.get("REPLY_FOLD_SECONDS", "").strip()
    return int(value) if value.isdigit() else DEFAULT_FOLD_SECONDS


def foldable(lines: Sequence[Line], waits: bool) -> bool:
    """Whether an answer may wait for the seat's next e-mail: every line played (one of them just now), and the
    seat does not have to act (an answer that carries its turn goes at once)."""
    return (not waits and any(line.outcome == ACCEPTED for line in lines)
            and all(line.outcome in (ACCEPTED, REPLAYED) for line in lines))


def held_lines(held: HeldAnswer | None) -> tuple[Line, ...]:
    return tuple(Line(text, ACCEPTED) for text in held.lines) if held is not None else ()


def release_due(answers: HeldAnswers, send_alone: Callable[[HeldAnswer], bool], now: str, limit: int,
                can_go_on: Callable[[], bool] = lambda: True) -> int:
    """Send alone each answer due by `now` that no e-mail took: how many went. One that a newer reply replaced
    with a later due time is held again; one whose sending failed is held again for the next pass."""
    sent = 0
    for due in answers.due(now, limit):
        if not can_go_on():
            break
        taken = answers.take(due.game_id, due.seat)
        if taken is None:
            continue  # an e-mail took it meanwhile
        if taken.due > now:
            answers.hold(taken)
            continue
        try:
            sent += int(send_alone(taken))
        except Exception:
            answers.hold(taken)
            raise
    return sent
