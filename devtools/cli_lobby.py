"""`distilled invite | join | lobby | start`: meet other players through an invite link, as the saved player.

The invite link carries its code after `#`: pass it on as it is. Once the game starts, the game commands
(`distilled show`, `buy`, ...) play the saved player's seat with its key; the host's bot seats with their tokens;
and `join`, `lobby` and `start` print the player's page link (a browser URL to play the seat there).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from devtools.cli_play import _one_line_errors
from devtools.client import ApiClient, base_url
from devtools.client import lobbies as api
from devtools.client.clocks import add_clock_argument
from devtools.client.http import ClientError
from devtools.client.links import page_link
from devtools.client.players import SavedPlayer
from devtools.client.saved import SavedGames


def _player(args: argparse.Namespace) -> tuple[SavedGames, ApiClient, str]:
    saved = SavedGames(args.state_file)
    found = SavedPlayer(saved).require()
    return saved, ApiClient(args.url or found.get("url") or base_url()), str(found["key"])


def _page(client: ApiClient, key: str, view: dict[str, Any], args: argparse.Namespace) -> list[str]:
    """The saved player's page link, once its game exists (and the player has a seat in it)."""
    if args.json or view["status"] != "started" or not any(s["you"] for s in view["seats"]):
        return []
    return ["your page link (open it in a browser to play there):", f"  {page_link(client, view['game_id'], key)}"]


def _print(answer: dict[str, Any], args: argparse.Namespace, lines: list[str]) -> None:
    shown = {k: v for k, v in answer.items() if k not in ("bot_tokens", "invite")}  # secrets are saved, not printed
    print(json.dumps(shown, indent=2) if args.json else "\n".join(lines))


@_one_line_errors
def _invite(args: argparse.Namespace) -> int:
    saved, client, key = _player(args)
    seats: int | list[dict[str, Any]] = args.seats
    if args.bot:
        seats = [{"host": True}] + [{"open": True}] * (args.seats - 1) + [{"bot": True, "name": n} for n in args.bot]
    options = {k: v for k, v in {"flight": args.flight, "clock": args.clock}.items() if v is not None}
    made = api.create_lobby(client, key, seats, args.public, options)
    api.remember_lobby(saved, made["lobby"], client.url, made["bot_tokens"])
    if args.link_file:  # to pass it on as it is (a message, a chat): the link is the invitation's only secret,
        with os.fdopen(os.open(args.link_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as out:
            out.write(made["invite_link"] + "\n")  # so, like the state file, readable by this user only
    _print(made, args, [*api.lobby_lines(made["lobby"]), "pass this link on to the players you invite:",
                        f"  {made['invite_link']}"])
    return 0


def _link(args: argparse.Namespace) -> str:
    if (args.link is None) == (args.link_file is None):
        raise ClientError("pass the invite link (or a public lobby's game id), or --link-file FILE: one of them")
    if args.link is not None:
        return str(args.link)
    try:
        return str(args.link_file.read_text(encoding="utf-8").strip())
    except OSError as error:
        raise ClientError(f"cannot read the invite link from {args.link_file}: {error.strerror}") from None


@_one_line_errors
def _join(args: argparse.Namespace) -> int:
    saved = SavedGames(args.state_file)
    found = SavedPlayer(saved).require()
    link_url, game_id, code = api.parse_invite(_link(args))
    client = ApiClient(args.url or found.get("url") or link_url or base_url())
    joined = api.join(client, game_id, str(found["key"]), code)
    api.remember_lobby(saved, joined["lobby"], client.url)
    started = ["the game has started: `distilled show` to see it"] if joined["started"] else [
        "waiting for the other seats: `distilled lobby` to see who joined"]
    _print(joined, args, [*api.lobby_lines(joined["lobby"]), *started,
                          *_page(client, str(found["key"]), joined["lobby"], args)])
    return 0


def _game_id(saved: SavedGames, given: str | None) -> str:
    game_id = given or saved.data.get("last_game")
    if not game_id:
        raise ClientError("no game given and none saved: pass GAME_ID")
    return str(game_id)


@_one_line_errors
def _lobby(args: argparse.Namespace) -> int:
    saved, client, key = _player(args)
    game_id = _game_id(saved, args.game_id)
    view = api.lobby(client, game_id, key)
    if saved.game(game_id) is not None or any(s["you"] for s in view["seats"]):
        api.remember_lobby(saved, view, client.url)
    _print(view, args, [*api.lobby_lines(view), *_page(client, key, view, args)])
    return 0


@_one_line_errors
def _start(args: argparse.Namespace) -> int:
    saved, client, key = _player(args)
    game_id = _game_id(saved, args.game_id)
    started = api.start(client, game_id, key)
    api.remember_lobby(saved, started["lobby"], client.url, started["bot_tokens"])
    _print(started, args, [*api.lobby_lines(started["lobby"]), "started: `distilled show` to see the game",
                           *_page(client, key, started["lobby"], args)])
    return 0


def add_parsers(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    invite = subparsers.add_parser("invite", help="open a lobby as the saved player and print its invite link")
    invite.add_argument("--seats", type=int, default=2, help="seats, the host's included (default 2)")
    invite.add_argument("--bot", action="append", default=[], metavar="NAME", help="add a bot's seat (repeatable)")
    invite.add_argument("--public", action="store_true", help="list it in GET /lobbies: anyone may join")
    invite.add_argument("--flight", help="the game's flight, A to H")
    add_clock_argument(invite)
    invite.add_argument("--link-file", type=Path, metavar="FILE", help="also write the invite link to FILE")
    invite.set_defaults(func=_invite)
    join = subparsers.add_parser("join", help="claim a seat with an invite link (or a public lobby's game id)")
    join.add_argument("link", nargs="?", metavar="LINK|GAME_ID")
    join.add_argument("--link-file", type=Path, metavar="FILE", help="read the invite link from FILE instead")
    join.set_defaults(func=_join)
    lobby = subparsers.add_parser("lobby", help="show a lobby: its seats and who took them")
    lobby.add_argument("game_id", nargs="?", metavar="GAME_ID")
    lobby.set_defaults(func=_lobby)
    start = subparsers.add_parser("start", help="start a lobby's game (its host); open seats go to bots")
    start.add_argument("game_id", nargs="?", metavar="GAME_ID")
    start.set_defaults(func=_start)
    for parser in (invite, join, lobby, start):
        parser.add_argument("--url", help="API base URL (default: the saved player's, or $DISTILLED_URL)")
        parser.add_argument("--state-file", type=Path, help="saved key and games (default: ~/.distilled/games.json)")
        parser.add_argument("--json", action="store_true", help="print the API's JSON answer (never a secret)")
