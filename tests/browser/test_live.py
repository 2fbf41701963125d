"""A seat's page, left open without reloading, shows the other seat's move when it is made."""

from __future__ import annotations

from tests.browser.harness import Pages, SeededServer, wait_ms
from tests.browser.table import NAMES, history, new_game, play_first_move, shown_version, until_version


def test_a_page_left_open_shows_the_other_seats_move(server: SeededServer, pages: Pages) -> None:
    game = new_game(server.url)
    before = game.bots_until("market")
    mover = before["to_act"][0]
    watcher = 1 - mover
    pages_of = {seat: pages.open(server.url, game.game_id, game.credential(seat), name=f"seat{seat}")
                for seat in (mover, watcher)}
    for page in pages_of.values():
        until_version(page, before["version"])
    earlier = history(pages_of[watcher])
    watcher_document = pages_of[watcher].evaluate("() => { window.notReloaded = true; return document.URL; }")

    play_first_move(pages_of[mover], before["version"])

    # Readiness: the watcher's page catches up on its own (socket, long poll or polling, whichever it uses).
    until_version(pages_of[watcher], before["version"] + 1)
    pages_of[watcher].wait_for_function("n => document.querySelectorAll('#history li').length > n",
                                        arg=len(earlier), timeout=wait_ms())
    assert pages_of[watcher].evaluate("() => window.notReloaded === true && document.URL") == watcher_document
    assert shown_version(pages_of[watcher]) == game.state(watcher)["version"]
    gained = history(pages_of[watcher])[len(earlier):]
    assert gained and NAMES[mover] in gained[0], f"the watcher's history gained {gained}"
    assert history(pages_of[watcher])[-len(gained):] == history(pages_of[mover])[-len(gained):]
