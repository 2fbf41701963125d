"""Re-driving notice e-mails from the e-mail dead-letter queue (service/emails_plan.py `dead_letter`).

An entry names (game, version, seat, kind); the notice is planned again from the game's commits and handed to
the mailer, which skips it when its key was sent meanwhile (the version's marker) or coalesced into a later
e-mail of the round. A "your turn" whose seat is no longer waiting is gone: telling it now would be wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from service.emails_plan import EMAIL, Mailer
from service.notices import Planned

SENT, SKIPPED, GONE, INVALID = "sent", "skipped", "gone", "invalid"


def resend(entry: dict[str, Any], plan: Callable[[str, Collection[int]], Planned], mailer: Mailer) -> str:
    """Send one dead-lettered e-mail again; a send that fails raises (the entry stays in the queue)."""
    try:
        game_id, version, seat, kind = (str(entry["game_id"]), int(entry["version"]), int(entry["seat"]),
                                        str(entry["kind"]))
    except (KeyError, TypeError, ValueError):
        return INVALID
    if entry.get("channel", EMAIL) != EMAIL:
        return INVALID
    found = plan(game_id, {version})
    notices = [n for n in found.notices.get(version, []) if n.seat == seat and n.kind == kind]
    if not notices or found.newest is None:
        return GONE
    return SENT if mailer.deliver(notices, found.newest) else SKIPPED
