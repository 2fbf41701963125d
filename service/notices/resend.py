"""Re-driving notices from the notices' dead-letter queue: e-mails (service/notices/email/plan.py `dead_letter`) and
pushes (service/notices/push/plan.py `dead_letter`), told apart by their `channel`.

An entry names (game, version, seat, kind); the notice is planned again from the game's commits and handed to
its channel, which skips it when its key was sent meanwhile (the version's marker) or coalesced into a later
e-mail of the round. A "your turn" whose seat is no longer waiting is gone: telling it now would be wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from service.notices.email.plan import EMAIL, Mailer
from service.notices.plan import Planned

if TYPE_CHECKING:
    from service.notices.push.plan import Pusher

PUSH = "push"  # service/push_plan.PUSH, without importing the push channel for e-mails

SENT, SKIPPED, GONE, INVALID = "sent", "skipped", "gone", "invalid"


def resend(entry: dict[str, Any], plan: Callable[[str, Collection[int]], Planned], mailer: Mailer | None,
           pusher: Pusher | None = None) -> str:
    """Send one dead-lettered notice again by its channel; a send that fails raises (the entry stays queued)."""
    try:
        game_id, version, seat, kind = (str(entry["game_id"]), int(entry["version"]), int(entry["seat"]),
                                        str(entry["kind"]))
    except (KeyError, TypeError, ValueError):
        return INVALID
    channel = {EMAIL: mailer, PUSH: pusher}.get(str(entry.get("channel", EMAIL)))
    if channel is None:
        return INVALID
    found = plan(game_id, {version})
    notices = [n for n in found.notices.get(version, []) if n.seat == seat and n.kind == kind]
    if not notices or found.newest is None:
        return GONE
    return SENT if channel.deliver(notices, found.newest) else SKIPPED
