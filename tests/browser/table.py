"""A game at the table for the browser tests: made and moved over the API, watched and clicked in the pages.

The API is the referee: a page is awaited until it shows the version the server holds (a readiness wait),
then read or clicked; what it shows is compared with what the API answers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page

from devtools.client import ApiClient
from devtools.client import bots as http_bots
from domain.commands import ANYTIME
from tests.browser.harness import wait_ms

# Buttons that post a move (a form's submit button carries data-action too); resigning and taking back are
# never clicked by a test that plays the game on.
MOVES = "#actions :is(button, input[type=submit])[data-action]" + "".join(
    f":not([data-action={kind}])" for kind in sorted(ANYTIME))
NAMES = ("Ada", "Bruno")


@dataclass
class Game:
    client: ApiClient
    game_id: str
    tokens: list[str]

    def credential(self, seat: int) -> dict[str, Any]:
        return {"token": self.tokens[seat], "seat": seat}

    def state(self, seat: int | None = 0) -> dict[str, Any]:
        """GET /games/<id> as a seat (or as a spectator: None)."""
        return self.client.game(self.game_id, None if seat is None else self.tokens[seat])

    def bots_until(self, phase: str, seed: int = 3) -> dict[str, Any]:
        """Both seats play (seeded, over the API) until the game reaches `phase`; the game as seat 0 sees it."""
        run = http_bots.play(self.client, self.game_id, dict(enumerate(self.tokens)), random.Random(seed),
                             until=phase)
        assert run.view.get("phase") == phase, f"the bots stopped in {run.view.get('phase')}, not {phase}"
        return self.state(0)


def new_game(url: str, flight: str = "A") -> Game:
    client = ApiClient(url)
    created = client.create_game(list(NAMES), {"flight": flight})
    return Game(client, created["game_id"], ApiClient.tokens(created))


def shown(page: Page, hook: str) -> str:
    """One of the page's <body data-*> hooks: version, phase, round, seat, over, busy."""
    value: str = page.evaluate("hook => document.body.dataset[hook]", hook)
    return value


def shown_version(page: Page) -> int:
    return int(shown(page, "version"))


def until_version(page: Page, version: int) -> None:
    """Until the page shows `version` (or a later one) with no request in flight."""
    page.wait_for_function(
        "v => Number(document.body.dataset.version) >= v && document.body.dataset.busy === 'false'",
        arg=version, timeout=wait_ms())


def moves(page: Page) -> Locator:
    return page.locator(MOVES)


def first_move(page: Page) -> Locator:
    """The move listed first in the view's legal actions (the lowest data-index), once the page shows one."""
    moves(page).first.wait_for(state="visible", timeout=wait_ms())
    indices = moves(page).evaluate_all("found => found.map(e => Number(e.dataset.index))")
    return page.locator(f'{MOVES}[data-index="{min(indices)}"]')


def play_first_move(page: Page, version: int) -> None:
    """Click this seat's first move on the page showing `version`, then wait until the page shows its result."""
    first_move(page).click()
    until_version(page, version + 1)


def history(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#history li").all_inner_texts()]
