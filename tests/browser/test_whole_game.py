"""Two seats, each in its own browser context, play a whole 2-player game to the final scores by clicking.

Whenever the API says a seat is to act, that seat's page is awaited until it shows the version the server holds
(it learns of the other seat's moves by itself) and its first listed move is clicked. The first time a page shows
a phase, it is photographed (test-artifacts/screenshots/). At the end both pages say the game is over and show
the API's final scores.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.browser.harness import Pages, SeededServer, wait_ms
from tests.browser.table import new_game, play_first_move, shown, until_version

MAX_MOVES = 600  # a first-move game takes about a hundred; this only stops a page that never ends the game


def shown_scores(page: Page) -> dict[int, tuple[int, int]]:
    """Seat -> (SP, money) as the page's #scores table shows them."""
    rows = page.locator("#scores tbody tr[data-seat]")
    cells = rows.evaluate_all(
        "rows => rows.map(r => [Number(r.dataset.seat), [...r.querySelectorAll('td')].map(c => c.innerText)])")
    return {seat: (int(texts[1]), int(texts[2])) for seat, texts in cells}


def api_scores(game: dict[str, Any]) -> dict[int, tuple[int, int]]:
    return {s["seat"]: (s["sp"], s["money"]) for s in game["view"]["result"]["standings"]}


def test_two_seats_play_a_whole_game_by_clicking(server: SeededServer, pages: Pages) -> None:
    game = new_game(server.url)
    seats = [pages.open(server.url, game.game_id, game.credential(s), name=f"seat{s}") for s in (0, 1)]
    photographed: set[tuple[int, str]] = set()

    def photograph(seat: int, phase: str) -> None:
        if (seat, phase) not in photographed:
            until_version(seats[seat], now["version"])
            photographed.add((seat, phase))
            pages.shot(seats[seat], f"{len(photographed):02d}-{phase}-seat{seat}")

    for _ in range(MAX_MOVES):
        now = game.state(0)
        for seat in (0, 1):
            photograph(seat, now["phase"])
        if now["phase"] == "finished":
            break
        acting = now["to_act"][0]
        until_version(seats[acting], now["version"])
        assert shown(seats[acting], "phase") == now["phase"]
        play_first_move(seats[acting], now["version"])
    else:
        raise AssertionError(f"the game did not end within {MAX_MOVES} moves")

    final = game.state(0)
    for page in seats:
        page.wait_for_function("() => document.body.dataset.over === 'true'", timeout=wait_ms())
        assert shown_scores(page) == api_scores(final)
    phases = {phase for _, phase in photographed}
    assert {"setup", "market", "distill", "finished"} <= phases
    assert game.state(1)["version"] == final["version"]
