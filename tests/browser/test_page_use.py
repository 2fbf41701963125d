"""The page as people use it: on a phone, from the keyboard alone, and in each of its languages.

The phone and desktop pictures of a board mid-game go to test-artifacts/screenshots/ at every run; with
DISTILLED_UPDATE_SCREENSHOTS=1 they also replace the README's, in docs/screenshots/ (a plain run leaves the
checkout as it was).
"""

from __future__ import annotations

import json
import os
import shutil
from typing import Any

from tests.browser.harness import ROOT, Pages, SeededServer, wait_ms
from tests.browser.table import MOVES, new_game, shown, until_version

DOCS = ROOT / "docs" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
MAX_TABS = 400  # more stops than the busiest page has: only stops a page whose actions Tab never reaches


def texts(language: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((ROOT / "web" / "static" / "texts" / f"{language}.json").read_text("utf-8"))
    return loaded


def test_the_board_mid_game_fits_a_phone(server: SeededServer, pages: Pages) -> None:
    game = new_game(server.url)
    state = game.bots_until("sell")
    seat = state["to_act"][0]
    phone = pages.open(server.url, game.game_id, game.credential(seat), name="phone", **PHONE)
    desktop = pages.open(server.url, game.game_id, game.credential(seat), name="desktop", **DESKTOP)
    for page in (phone, desktop):
        until_version(page, state["version"])
        page.locator("#board").wait_for(state="visible", timeout=wait_ms())
    pictures = {"phone.png": pages.shot(phone, "phone", full_page=False),
                "desktop.png": pages.shot(desktop, "desktop", full_page=False)}
    pages.shot(phone, "phone-full")
    pages.shot(desktop, "desktop-full")
    phone.locator("#board").screenshot(path=str(pages.path("phone-board")))
    if os.environ.get("DISTILLED_UPDATE_SCREENSHOTS") == "1":
        DOCS.mkdir(parents=True, exist_ok=True)
        for name, taken in pictures.items():
            shutil.copyfile(taken, DOCS / name)
    widths = phone.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= 390, f"the page is {widths[0]} px wide on a 390 px phone: it scrolls sideways"
    wider = phone.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 5).map(e => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className)""")
    assert wider == [], f"these reach past the phone's right edge: {wider}"


def test_a_move_can_be_chosen_and_sent_with_tab_and_enter(server: SeededServer, pages: Pages) -> None:
    game = new_game(server.url)
    state = game.bots_until("market")
    seat = state["to_act"][0]
    page = pages.open(server.url, game.game_id, game.credential(seat), name="keyboard")
    until_version(page, state["version"])
    page.locator(MOVES).first.wait_for(state="visible", timeout=wait_ms())
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if page.evaluate("selector => document.activeElement?.matches(selector) ?? false", MOVES):
            break
    else:
        raise AssertionError(f"{MAX_TABS} presses of Tab never reached a move in #actions")
    chosen = page.evaluate("() => document.activeElement.dataset.action")
    page.keyboard.press("Enter")
    until_version(page, state["version"] + 1)
    after = game.state(seat)
    assert after["version"] == state["version"] + 1
    commit = game.client.events(game.game_id, game.tokens[seat], state["version"])["commits"][0]
    assert commit["seat"] == seat, f"Enter on {chosen} did not post this seat's move"


def test_the_language_switch_changes_the_texts(server: SeededServer, pages: Pages) -> None:
    game = new_game(server.url)
    state = game.bots_until("market")
    page = pages.open(server.url, game.game_id, game.credential(0), name="language")
    until_version(page, state["version"])
    english = texts("en")
    phase = shown(page, "phase")
    assert english["phases"][phase] in page.inner_text("body")
    for language in ("es", "ko"):
        words = texts(language)
        page.select_option("#lang", language)
        page.wait_for_function(
            "([phase, heading]) => document.body.innerText.includes(phase)"
            " && document.querySelector('#actions-title')?.innerText.trim() === heading",
            arg=[words["phases"][phase], words["app"]["actions"]], timeout=wait_ms())
        assert english["phases"][phase] not in page.inner_text("#history")
        assert page.evaluate("() => document.documentElement.lang") == language
        pages.shot(page, f"language-{language}")
