"""Re-driving notices from the notices' dead-letter queue (service/notices/delivery.py `dead_letter`): each entry
is sent again through the channel it names, by the same delivery loop as the notifier's.

An entry names (game, version, seat, kind); the notice is planned again from the game's commits and handed to
its channel, which skips it when its key was sent meanwhile (the version's marker) or coalesced into a later
message of the round. A "your turn" whose seat is no longer waiting is gone: telling it now would be wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from service.notices.plan import Planned
from service.notices.registry import Channels

SENT, SKIPPED, GONE, INVALID = "sent", "skipped", "gone", "invalid"
EMAIL = "email"  # an entry written before dead letters named their channel was an e-mail's


def resend(entry: dict[str, Any], plan: Callable[[str, Collection[int]], Planned], channels: Channels) -> str:
    """Send one dead-lettered notice again by its channel; a send that fails raises (the entry stays queued)."""
    try:
        game_id, version, seat, kind = (str(entry["game_id"]), int(entry["version"]), int(entry["seat"]),
                                        str(entry["kind"]))
    except (KeyError, TypeError, ValueError):
        return INVALID
    name = str(entry.get("channel", EMAIL))
    if not name or name not in channels.by_name:
        return INVALID
    found = plan(game_id, {version})
    notices = [n for n in found.notices.get(version, []) if n.seat == seat and n.kind == kind]
    if not notices or found.newest is None:
        return GONE
    table = channels.table(found.newest, found)
    sent = channels.deliver(notices, table, only=[name])
    return SENT if sent.get(name) else SKIPPED
