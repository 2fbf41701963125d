"""The page as a person reaches it: from the link `distilled new` prints (no seat token in any URL, the link's
token gone from the address bar); and a move another seat's simultaneous move made stale goes again by itself."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Request, Route

from tests.browser.harness import SESSION_KEY, Pages, SeededServer, wait_ms
from tests.browser.table import first_move, new_game, shown, until_version
from tests.local.process import ROOT, limit

PAGE_LINE = re.compile(r"page\s+(\S+/play/(\S+)#link=(\S+))")


def distilled_new(url: str, state_file: Path) -> tuple[str, list[tuple[str, str]], list[str]]:
    """`distilled new Ada Bruno` against the server: the game id, each seat's (page URL, link token), and the seat
    tokens it saved."""
    done = subprocess.run([sys.executable, "-m", "devtools.cli", "new", "Ada", "Bruno", "--url", url,
                           "--state-file", str(state_file)], cwd=ROOT, capture_output=True, text=True,
                          timeout=limit(120), check=True)
    found = PAGE_LINE.findall(done.stdout)
    assert len(found) == 2, done.stdout
    game_id = found[0][1]
    tokens = re.findall(r"seat \d \S+\s+token (\S+)", done.stdout)
    assert len(tokens) == 2, done.stdout
    return game_id, [(page, link) for page, _, link in found], tokens


def test_the_link_distilled_new_prints_opens_its_seat_and_no_token_travels_in_a_url(
        server: SeededServer, pages: Pages, tmp_path: Path) -> None:
    game_id, links, tokens = distilled_new(server.url, tmp_path / "games.json")
    page_url, link_token = links[1]
    requested: list[Request] = []
    page = pages.open(server.url, game_id, name="bruno-by-link", path=page_url.removeprefix(server.url),
                      before=lambda context: context.on("request", lambda r: requested.append(r)))
    assert shown(page, "seat") == "1"
    assert page.evaluate("() => window.location.hash") == "", "the link token left the address bar"
    stored = json.loads(page.evaluate("key => localStorage.getItem(key)", SESSION_KEY.format(game_id=game_id)))
    assert stored["seat"] == 1 and stored["token"].startswith("s~") and stored["token"] not in tokens
    version = int(shown(page, "version"))
    first_move(page).click()
    until_version(page, version + 1)
    assert new_game_seat_moved(server.url, game_id, tokens[1], version)
    for request in requested:
        for secret in (*tokens, link_token, stored["token"]):
            assert secret not in request.url, f"a credential in {request.url}"
        assert request.headers.get("authorization", "") in ("", f"Bearer {stored['token']}")


def new_game_seat_moved(url: str, game_id: str, token: str, version: int) -> bool:
    from devtools.client import ApiClient

    return int(ApiClient(url).game(game_id, token)["version"]) > version


def test_a_move_made_stale_by_another_seats_move_at_once_goes_again_by_itself(
        server: SeededServer, pages: Pages) -> None:
    game = new_game(server.url)
    shown_at = game.state(0)
    assert shown_at["phase"] == "setup" and sorted(shown_at["to_act"]) == [0, 1], "both choose at once"
    answers: list[tuple[str, int]] = []

    def deaf(context: BrowserContext) -> None:
        """Seat 1's page hears nothing of seat 0's move: no live socket message, long polls held."""
        context.route_web_socket(re.compile(r"/live"), lambda socket: None)
        context.route(re.compile(r"/games/[^/]+\?.*wait="), lambda route: None)

        def told(route: Route) -> None:
            response = route.fetch()
            if route.request.method == "POST":
                answers.append((route.request.url.rsplit("/", 1)[-1], response.status))
            route.fulfill(response=response)
        context.route(re.compile(r"/games/[^/]+/choose_distiller$"), told)

    pages.tolerate(r"status of 409")  # the refusal the test provokes, as the browser logs a failed request
    page = pages.open(server.url, game.game_id, game.credential(1), name="seat1-deaf", before=deaf)
    until_version(page, shown_at["version"])
    choice = next(a for a in shown_at["view"]["legal_actions"] if a["type"] == "choose_distiller")
    game.client.command(game.game_id, game.tokens[0], "choose_distiller",
                        {k: v for k, v in choice.items() if k != "type"}, shown_at["version"])
    assert shown_version_of(page) == shown_at["version"], "the page has not heard of seat 0's move"
    first_move(page).click()
    until_version(page, shown_at["version"] + 2)
    assert [status for _, status in answers] == [409, 200], answers  # refused once, then accepted
    assert page.locator("#error").inner_text(timeout=wait_ms()) == ""
    assert game.state(1)["version"] == shown_at["version"] + 2


def shown_version_of(page: Any) -> int:
    return int(shown(page, "version"))
