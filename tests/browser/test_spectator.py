"""A page without a credential shows no private information, checked as non-interference (RULES D2).

Two local servers draw chance from the same seed, so the same requests make the same game on each, card for
card. Both games are played to the secret Distill phase; there seat 0 makes a different hidden choice in each
(another trade: its pantry differs). While the phase is still open, a spectator's page must read exactly the
same on both (its whole text and its history), and so must the other seat's; the spectator has no actions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.harness import Pages, SeededServer, seeded_server
from tests.browser.table import Game, history, moves, new_game, shown, until_version

SEED = 23


@pytest.fixture(scope="module")
def twins() -> Iterator[tuple[SeededServer, SeededServer]]:
    with seeded_server(SEED) as first, seeded_server(SEED) as second:
        yield first, second


def trades(game: dict[str, Any]) -> list[dict[str, Any]]:
    """Seat 0's distinct trades: each changes its pantry, and none ends its Distill step."""
    listed = [a for a in game["view"]["legal_actions"] if a["type"] == "trade"]
    distinct = {(a["give"], a["take"]): a for a in listed}
    return list(distinct.values())


def read(page: Page, game_id: str) -> dict[str, Any]:
    """What the page says, less its game id (each server names its game its own way)."""
    return {"text": page.evaluate("() => document.body.innerText").replace(game_id, "<game>"),
            "history": history(page), "phase": shown(page, "phase"), "version": shown(page, "version")}


def secret_step(game: Game, trade: dict[str, Any]) -> dict[str, Any]:
    fields = {k: v for k, v in trade.items() if k not in ("type", "seat") and v is not None}
    answer = game.client.command(game.game_id, game.tokens[0], "trade", fields,
                                 expected_version=game.state(0)["version"])
    return answer


def test_a_spectator_sees_nothing_of_a_hidden_choice(twins: tuple[SeededServer, SeededServer],
                                                     pages: Pages) -> None:
    games = [new_game(server.url) for server in twins]
    reached = [g.bots_until("distill") for g in games]
    assert reached[0]["view"] == reached[1]["view"], "the same seed and requests must make the same game"
    options = trades(reached[0])
    assert len(options) >= 2, f"seat 0 has fewer than two trades to choose from: {options}"

    for game, trade in zip(games, options[:2], strict=True):
        secret_step(game, trade)
    after = [g.state(0) for g in games]
    assert after[0]["view"]["players"][0]["pantry"] != after[1]["view"]["players"][0]["pantry"]
    assert all(a["phase"] == "distill" and a["to_act"] == after[0]["to_act"] for a in after), "still secret"

    seen: dict[str, list[dict[str, Any]]] = {"spectator": [], "seat1": []}
    for n, (server, game, state) in enumerate(zip(twins, games, after, strict=True)):
        spectator = pages.open(server.url, game.game_id, None, name=f"spectator-{n}")
        other = pages.open(server.url, game.game_id, game.credential(1), name=f"seat1-{n}")
        for page in (spectator, other):
            until_version(page, state["version"])
        assert shown(spectator, "seat") == "spectator"
        assert moves(spectator).count() == 0 and spectator.locator("#actions [data-action]").count() == 0
        seen["spectator"].append(read(spectator, game.game_id))
        seen["seat1"].append(read(other, game.game_id))
        pages.shot(spectator, f"spectator-{n}")
    for viewer, (first, second) in seen.items():
        assert first == second, f"the {viewer} can tell seat 0's hidden choices apart"
