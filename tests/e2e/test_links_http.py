"""Page links over real HTTP, as a user runs them: `distilled serve` in its own process. A game is created, a
link minted with a seat token is exchanged (no token sent) for a session, and the session plays its seat's
move; the server's terminal (its logs) never shows a link, session or seat token."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from devtools.client import ApiClient, ApiError
from devtools.client.links import mint_link
from tests.local.process import ServerProcess, eventually, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    yield from running_server("--verbose")  # every request and the functions' own logs


def test_a_link_exchanged_for_a_session_plays_its_seat(server: ServerProcess) -> None:
    client = ApiClient(server.url)
    created = client.create_game(["Ada", "Grace"], {"flight": "A"})
    game_id, tokens = created["game_id"], client.tokens(created)
    minted = mint_link(client, game_id, tokens[1])
    assert minted["seat"] == 1 and minted["path"] == f"/play/{game_id}#link={minted['link_token']}"
    session = client.request("POST", "/sessions", {"link_token": minted["link_token"]})
    assert (session["game_id"], session["seat"]) == (game_id, 1)
    token = session["session_token"]
    view = client.game(game_id, token)
    assert view["seat"] == 1 and 1 in view["to_act"]  # everybody chooses a distiller first
    choice = next(a for a in view["view"]["legal_actions"] if a["type"] == "choose_distiller")
    moved = client.command(game_id, token, "choose_distiller", {k: v for k, v in choice.items() if k != "type"})
    assert moved["seat"] == 1 and moved["version"] == view["version"] + 1
    with pytest.raises(ApiError) as refused:
        client.request("POST", "/sessions", {"link_token": "l~" + "A" * 32})
    assert (refused.value.status, refused.value.code) == (401, "link_invalid")
    assert eventually(lambda: '"session started"' in server.text() and "link minted" in server.text()), \
        "the functions' logs reach the server's terminal"
    logs = server.text()
    for secret in (minted["link_token"], token, *tokens):
        assert secret not in logs
