"""A page without a credential shows no private information, checked as non-interference (RULES D2).

Two local servers draw chance from the same seed, so the same requests make the same game on each, card for
card. Both games are played to the secret Distill phase; there seat 0 makes a different hidden choice in each
(another trade: its pantry differs). While the phase is still open, a spectator's page must read exactly the
same on both (its whole text and its history), and so must the other seat's; the spectator has no actions
and sees neither seat's goals.
(Seat 0 above stands for the first seat still to act that has two trades to choose from.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.harness import ROOT, Pages, SeededServer, seeded_server
from tests.browser.table import Game, history, moves, new_game, shown, until_version

SEED = 23  # the servers' chance
BOTS = 4  # the bots' choices: with SEED, both seats are still to act when the Distill phase opens


@pytest.fixture(scope="module")
def twins() -> Iterator[tuple[SeededServer, SeededServer]]:
    with seeded_server(SEED) as first, seeded_server(SEED) as second:
        yield first, second


def trades(game: dict[str, Any]) -> list[dict[str, Any]]:
    """A seat's distinct trades that change its pantry: none of them ends its Distill step."""
    listed = [a for a in game["view"]["legal_actions"] if a["type"] == "trade" and a["give"] != a["take"]]
    return list({(a["give"], a["take"]): a for a in listed}.values())


def chooser(game: Game) -> tuple[int, list[dict[str, Any]]]:
    """The first seat with two different trades to choose from, while the other seat also has yet to act (so
    the phase stays open, and secret, after the trade whatever it leads to)."""
    waiting = game.state(0)["to_act"]
    assert sorted(waiting) == [0, 1], f"only {waiting} still to act: pick another BOTS seed"
    for seat in waiting:
        options = trades(game.state(seat))
        if len(options) >= 2:
            return seat, options[:2]
    raise AssertionError("no seat has two trades to choose from: pick another SEED")


def texts_en() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((ROOT / "web" / "static" / "texts" / "en.json").read_text("utf-8"))
    return loaded


def read(page: Page, game_id: str) -> dict[str, Any]:
    """What the page says, less its game id (each server names its game its own way)."""
    return {"text": page.evaluate("() => document.body.innerText").replace(game_id, "<game>"),
            "history": history(page), "phase": shown(page, "phase"), "version": shown(page, "version")}


def secret_step(game: Game, seat: int, trade: dict[str, Any]) -> None:
    fields = {k: v for k, v in trade.items() if k not in ("type", "seat") and v is not None}
    game.client.command(game.game_id, game.tokens[seat], "trade", fields, expected_version=game.state(seat)["version"])


def test_a_spectator_sees_nothing_of_a_hidden_choice(twins: tuple[SeededServer, SeededServer],
                                                     pages: Pages) -> None:
    games = [new_game(server.url) for server in twins]
    reached = [g.bots_until("distill", seed=BOTS) for g in games]
    assert reached[0]["view"] == reached[1]["view"], "the same seed and requests must make the same game"
    seat, options = chooser(games[0])
    other_seat = 1 - seat

    for game, trade in zip(games, options, strict=True):
        secret_step(game, seat, trade)
    after = [g.state(seat) for g in games]
    assert after[0]["view"]["players"][seat]["pantry"] != after[1]["view"]["players"][seat]["pantry"]
    assert all(a["phase"] == "distill" and a["to_act"] == after[0]["to_act"] for a in after), "still secret"

    seen: dict[str, list[dict[str, Any]]] = {"spectator": [], "other seat": [], "chooser": []}
    for n, (server, game, state) in enumerate(zip(twins, games, after, strict=True)):
        spectator = pages.open(server.url, game.game_id, None, name=f"spectator-{n}")
        other = pages.open(server.url, game.game_id, game.credential(other_seat), name=f"seat{other_seat}-{n}")
        chooser_page = pages.open(server.url, game.game_id, game.credential(seat), name=f"seat{seat}-{n}")
        for page in (spectator, other, chooser_page):
            until_version(page, state["version"])
        assert shown(spectator, "seat") == "spectator"
        assert moves(spectator).count() == 0 and spectator.locator("#actions [data-action]").count() == 0
        seen["spectator"].append(read(spectator, game.game_id))
        seen["other seat"].append(read(other, game.game_id))
        seen["chooser"].append(read(chooser_page, game.game_id))
        pages.shot(spectator, f"spectator-{n}")
    # Nor does it show what the rules keep private all game long: the seats' distillery goals.
    goal_names = texts_en()["goals"]
    goals = {s: {goal_names[g]["name"] for g in games[0].state(s)["view"]["players"][s]["goals"]} for s in (0, 1)}
    assert not [name for name in goals[0] | goals[1] if name in seen["spectator"][0]["text"]]
    assert all(name in seen["chooser"][0]["text"] for name in goals[seat]), "a seat sees its own goals"
    # The comparison can see a difference: the chooser's own page shows its own pantry.
    own = seen.pop("chooser")
    assert own[0]["text"] != own[1]["text"], "the chooser's own pages should differ by its pantry"
    for viewer, (first, second) in seen.items():
        assert first == second, f"the {viewer} can tell seat {seat}'s hidden choices apart"
