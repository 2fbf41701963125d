"""A push whose sends keep failing is not lost: its record fails (the stream retries) until the
MAX_SEND_ATTEMPTS-th failure, which goes to the notices' dead-letter queue with what a re-drive needs (no device,
endpoint or text) and stops failing; service.notices.resend then pushes it again, once."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

import pytest

from infra.channels.push import MemoryPushSender, Push
from infra.mail_state import MemoryDeadLetters, MemoryMailState
from service.games.repository import load
from service.notices.plan import Planned, plan
from service.notices.push.channel import MAX_SEND_ATTEMPTS, PUSH
from service.notices.resend import SENT, SKIPPED, resend
from tests.service.email_games import new_game
from tests.service.test_push_plan import pusher, seated, seated_players


class Down(MemoryPushSender):
    def send(self, push: Push) -> None:
        raise TimeoutError("SNS did not answer")


def test_the_last_failed_push_goes_to_the_dead_letters_and_a_redrive_pushes_it_once() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    players = seated_players(2)
    dead_letters = MemoryDeadLetters()
    down = pusher(players, Down(), state=MemoryMailState(), dead_letters=dead_letters)
    found = plan(store, game_id, [1])
    aggregate = seated(load(store, game_id))
    notice = found.notices[1][0]
    for _ in range(MAX_SEND_ATTEMPTS - 1):
        with pytest.raises(TimeoutError):  # the record fails: the stream tries again
            down.deliver([notice], aggregate)
    assert dead_letters.entries == []
    assert down.deliver([notice], aggregate) == 0  # given up: the record no longer fails
    (entry,) = dead_letters.entries
    assert entry == {"game_id": game_id, "version": 1, "seat": notice.seat, "kind": notice.kind, "channel": PUSH,
                     "error": "TimeoutError", "attempts": MAX_SEND_ATTEMPTS}

    working = pusher(players, markers=down.markers)

    def planned(game: str, versions: Collection[int]) -> Planned:
        found = plan(store, game, versions)
        return replace(found, newest=seated(found.newest)) if found.newest is not None else found

    assert resend(entry, planned, working.channels) == SENT
    assert [p.data["seat"] for p in working.sender.sent] == [str(notice.seat)] * 2
    assert resend(entry, planned, working.channels) == SKIPPED  # sent once: marked


def test_without_dead_letters_a_failed_push_always_fails_its_record() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 3)
    down = pusher(seated_players(2), Down())
    notices = plan(store, game_id, [1]).notices[1]
    for _ in range(MAX_SEND_ATTEMPTS + 1):
        with pytest.raises(TimeoutError):
            down.deliver(notices, seated(load(store, game_id)))
