"""The page's own check of a finished game (web/static/js/verify.js, written from docs/fairness.md, not from the
server's code): on the local server, whose games are fair, a game ended by a resignation verifies in the browser;
the same checker refuses a proof whose chain, seed or shuffle was changed, naming the move."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from devtools.client import ApiClient
from tests.browser.harness import Pages, wait_ms
from tests.local.process import ServerProcess, running_server

CHECK = "async (proof) => (await import('/assets/js/verify.js')).verifyProof(proof)"


@pytest.fixture(scope="module")
def fair() -> Iterator[ServerProcess]:
    yield from running_server()


def played_and_resigned(client: ApiClient) -> tuple[str, list[str]]:
    created = client.create_game(["Ann", "Bo"], {"on_resign": "end"})
    game_id, tokens = created["game_id"], ApiClient.tokens(created)
    for seat, token in enumerate(tokens):  # each chooses a distiller: draws nothing, records a contribution
        view = client.game(game_id, token)["view"]
        choice = next(a for a in view["legal_actions"] if a["type"] == "choose_distiller")
        client.command(game_id, token, "choose_distiller", {"distiller": choice["distiller"]})
        assert client.game(game_id, token)["seat"] == seat
    client.command(game_id, tokens[1], "resign", {})
    return game_id, tokens


def check(page: Page, proof: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(CHECK, proof)
    return found


def test_a_finished_game_verifies_in_the_page_and_a_changed_one_does_not(fair: ServerProcess, pages: Pages) -> None:
    client = ApiClient(fair.url)
    game_id, tokens = played_and_resigned(client)
    page = pages.open(fair.url, game_id, {"token": tokens[0], "seat": 0}, name="ann")
    page.click("#check-fairness")
    page.wait_for_function("() => (document.getElementById('fairness')?.textContent || '').startsWith('Verified')",
                           timeout=wait_ms())
    said = page.locator("#fairness").inner_text()
    proof: dict[str, Any] = client.request("GET", f"/games/{game_id}/proof")
    assert f"chain to {proof['head']}" in said, said
    pages.shot(page, "verified")

    assert check(page, proof)["ok"]
    seed = copy.deepcopy(proof)
    seed["seed"] = ("0" if proof["seed"][0] != "0" else "1") + proof["seed"][1:]
    assert check(page, seed)["problem"] == "the seed is not the one committed to"
    moved = copy.deepcopy(proof)
    moved["commits"][1]["recorded_at"] = "2020-01-01T00:00:00.000Z"
    assert check(page, moved) == {"ok": False, "problem": "the chain breaks", "version": 2, "draws": 0}
    deck = copy.deepcopy(proof)
    created = next(e for e in deck["commits"][0]["events"] if e["type"] == "game_created")
    cards = created["setup"]["decks"]["items"]
    cards[0], cards[-1] = cards[-1], cards[0]
    assert check(page, deck)["problem"] == "the chain breaks", "a changed setup breaks the chain first"
    from tests.service.test_fairness import rechained

    again = check(page, rechained(deck))  # as a server rewriting the history would serve it
    assert again["problem"] == "the items deck is not the generator's shuffle" and again["version"] == 1


def test_the_pages_checker_verifies_every_kind_of_game_the_server_proves(fair: ServerProcess, pages: Pages) -> None:
    """Whole games of 1 to 5 seats with the random flights, pairings, solo and resignations, played in process and
    proven by the server's code: the page's checker, written apart, agrees with each."""
    from tests.service.test_fairness import GAMES, fair_game, proof

    game_id, _ = played_and_resigned(ApiClient(fair.url))
    page = pages.open(fair.url, game_id, name="checker")  # a spectator's page: only its module is used
    for seats, options in GAMES:
        store, _, played = fair_game(seats, options, seed=seats + 30, resigns=0.003 if seats == 4 else 0.0)
        found = check(page, proof(store, played))
        assert found["ok"], (seats, options, found)
        assert found["draws"] >= 3 and found["commits"] == len(store.commits(played))


SETUP_CHANGES = {  # a part of the setup, and how a server choosing it would have changed it
    "awards": lambda s: s["awards"].reverse(),
    "goals": lambda s: s["goals"].reverse(),
    "dealt_distillers": lambda s: s["dealt_distillers"].reverse(),
    "flavor_deck": lambda s: s["flavor_deck"].reverse(),
    "first_player": lambda s: s.update(first_player=(s["first_player"] + 1) % len(s["names"])),
    "solo_grid": lambda s: s["solo_grid"][0].reverse(),
    "solo_cleanup": lambda s: s["solo_cleanup"].reverse(),
    "flight": lambda s: s.update(flight="A" if s["flight"] != "A" else "B"),
}


def test_the_page_deals_the_whole_setup_again_and_names_the_part_a_server_chose(fair: ServerProcess,
                                                                                 pages: Pages) -> None:
    """Each part of the setup changed alone, and the chain made anew over it (as a server rewriting the history
    would serve it): the page's checker refuses it at commit 1 and names that part."""
    from tests.service.test_fairness import fair_game, proof, rechained

    game_id, _ = played_and_resigned(ApiClient(fair.url))
    page = pages.open(fair.url, game_id, name="setup-checker")
    games = [(1, {"flight": "random_all", "on_resign": "end"}), (3, {"flight": "random_abc", "on_resign": "end"})]
    served = {seats: proof(store, played) for seats, options in games  # ended early by a resignation
              for store, _, played in [fair_game(seats, options, seed=seats + 50, resigns=0.05)]}
    for part, change in SETUP_CHANGES.items():
        seats = 1 if part.startswith("solo_") else 3
        changed = copy.deepcopy(served[seats])
        created = next(e for e in changed["commits"][0]["events"] if e["type"] == "game_created")
        before = copy.deepcopy(created["setup"])
        change(created["setup"])
        assert created["setup"] != before, part
        found = check(page, rechained(changed))
        expected = ("the flight is not the generator's" if part == "flight"
                    else f"the setup's {part} is not the generator's deal")
        assert (found["ok"], found["problem"], found["version"]) == (False, expected, 1), part
    assert all(check(page, served[seats])["ok"] for seats in served)
