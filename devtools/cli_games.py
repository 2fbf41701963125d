"""`distilled games`: the saved player's games, "your move" first (GET /players/me/games)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from devtools.cli_play import _one_line_errors
from devtools.client import ApiClient, base_url
from devtools.client.my_games import game_line, my_games
from devtools.client.players import SavedPlayer
from devtools.client.saved import SavedGames


@_one_line_errors
def _games(args: argparse.Namespace) -> int:
    found = SavedPlayer(SavedGames(args.state_file)).require()
    client = ApiClient(args.url or found.get("url") or base_url())
    games = my_games(client, str(found["key"]))
    if args.json:
        print(json.dumps({"games": games}, indent=2))
    elif not games:
        print("no games yet: `distilled invite` opens a lobby, `distilled join LINK` takes a seat")
    else:
        print("\n".join(game_line(g) for g in games))
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    games = subparsers.add_parser("games", help="the saved player's games, your move first")
    games.add_argument("--url", help="API base URL (default: the saved player's, or $DISTILLED_URL)")
    games.add_argument("--state-file", type=Path, help="saved key and games (default: ~/.distilled/games.json)")
    games.add_argument("--json", action="store_true", help="print the API's entries as JSON")
    games.set_defaults(func=_games)
