"""The page opens on "Since you last looked" (web/static/js/catchup.js, docs/catch-up.md): a seat that comes back
after others moved sees what happened since in one panel, as its own history says it, and closes it; with
nothing new, or on a first visit, there is no panel."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from devtools.client import ApiClient
from tests.browser.harness import Pages
from tests.local.process import ServerProcess, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server()


def test_coming_back_the_page_opens_on_what_happened_since(server: ServerProcess, pages: Pages) -> None:
    client = ApiClient(server.url)
    created = client.create_game(["Ann", "Bo", "Cy"], {"flight": "A"})
    game_id, tokens = created["game_id"], ApiClient.tokens(created)
    first = pages.open(server.url, game_id, {"token": tokens[1], "seat": 1}, name="bo-first")
    assert first.locator("#catch-up").is_hidden(), "a first visit has the whole history below"
    first.context.close()
    for seat in (0, 2):  # the others choose their distillers while Bo is away
        view = client.game(game_id, tokens[seat])["view"]
        choice = next(a for a in view["legal_actions"] if a["type"] == "choose_distiller")
        client.command(game_id, tokens[seat], "choose_distiller", {"distiller": choice["distiller"]})
    page = pages.open(server.url, game_id, {"token": tokens[1], "seat": 1}, name="bo-back")
    panel = page.locator("#catch-up")
    assert panel.is_visible()
    assert panel.locator("h2").inner_text().startswith("Since you last looked (version 1, ")
    lines = panel.locator("li").all_inner_texts()
    assert lines == ["Ann chose a distiller (secret until everyone has chosen).",
                     "Cy chose a distiller (secret until everyone has chosen)."], lines
    pages.shot(page, "since")
    page.click("#catch-up-close")
    assert panel.is_hidden()
    page.context.close()
    again = pages.open(server.url, game_id, {"token": tokens[1], "seat": 1}, name="bo-again")
    assert again.locator("#catch-up").is_hidden(), "nothing new since the last look"
    assert not pages.errors, pages.errors
