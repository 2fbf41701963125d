"""A clocked game's page shows each waiting seat's time left next to its name, counting from the server's time:
when the local test clock moves on, the page's count follows (its reminder is a move of the game, which the
page picks up on its own)."""

from __future__ import annotations

import json
import re
import urllib.request

from devtools.client import ApiClient
from tests.browser.harness import Pages, SeededServer, wait_ms
from tests.browser.table import NAMES, Game, until_version
from tests.local.process import WAIT_LIMIT, limit

CLOCK = {"mode": "per_move", "per_move_hours": 24}
BADGE = "article.player[data-seat='{seat}'] .clock"


def advance(server: SeededServer, seconds: float) -> None:
    request = urllib.request.Request(server.url + "/_local/clock", method="POST",
                                     data=json.dumps({"advance_seconds": seconds}).encode())
    with urllib.request.urlopen(request, timeout=limit(WAIT_LIMIT)) as answer:
        assert answer.status == 200


def test_each_waiting_seat_shows_its_time_left_and_it_follows_the_clock(server: SeededServer, pages: Pages) -> None:
    client = ApiClient(server.url)
    created = client.create_game(list(NAMES), {"flight": "A", "clock": CLOCK})
    game = Game(client, created["game_id"], ApiClient.tokens(created))
    first = game.state(0)
    waiting = first["view"]["to_act"]
    page = pages.open(server.url, game.game_id, game.credential(0), name="seat0")
    until_version(page, first["version"])
    for seat in waiting:
        text = page.locator(BADGE.format(seat=seat)).inner_text(timeout=wait_ms())
        assert re.fullmatch(r"(23 h 5\d min|1 d 0 h) left", text), text
    idle = [s for s in range(len(NAMES)) if s not in waiting]
    assert all(page.locator(BADGE.format(seat=s)).count() == 0 for s in idle)
    pages.shot(page, "clock-full-day")

    advance(server, 23 * 3600)  # past the 12 h reminder: the game moves, the page reads the server's new time
    until_version(page, first["version"] + 1)
    seat = waiting[0]
    page.wait_for_function("sel => /^(59|60) min left|^1 h 0 min left|^under/.test("
                           "document.querySelector(sel)?.textContent || '')",
                           arg=BADGE.format(seat=seat), timeout=wait_ms())
    assert "clock-low" in (page.locator(BADGE.format(seat=seat)).get_attribute("class") or "")
    pages.shot(page, "clock-an-hour-left")
