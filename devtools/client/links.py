"""Page links for the command line: a link token minted for one's own seat (with its seat token, session or
player key), as the URL a browser opens: `<server>/play/<game_id>#link=<link token>`. The fragment never
reaches a server, so the token is in no access log; the page exchanges it for a session."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from devtools.client.http import ApiClient


def mint_link(client: ApiClient, game_id: str, token: str) -> dict[str, Any]:
    """A fresh link for the seat `token` plays. Resent after a network error: a second link is harmless."""
    result: dict[str, Any] = client.request("POST", f"/games/{quote(game_id, safe='')}/links", {}, token)
    return result


def page_url(client: ApiClient, minted: dict[str, Any]) -> str:
    return client.url + str(minted["path"])


def page_link(client: ApiClient, game_id: str, token: str) -> str:
    return page_url(client, mint_link(client, game_id, token))
