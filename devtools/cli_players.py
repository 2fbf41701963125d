"""`distilled player create | show | set | rotate-key | confirm`: the player this machine acts as.

The key is saved in the state file beside the games' seat tokens (~/.distilled/games.json, mode 0600); no
command prints it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from devtools.cli_play import _one_line_errors
from devtools.client import ApiClient, base_url
from devtools.client import players as api
from devtools.client.saved import SavedGames

SETTABLE = (("name", "name"), ("time_zone", "time_zone"), ("email", "email"), ("webhook", "webhook_url"),
            ("push", "push_endpoint"), ("language", "language"))
SWITCHES = (("every_turn", "email_every_turn"), ("emails", "email_enabled"))  # on | off


def _saved(args: argparse.Namespace) -> tuple[api.SavedPlayer, ApiClient, str]:
    player = api.SavedPlayer(SavedGames(args.state_file))
    found = player.require()
    return player, ApiClient(args.url or found.get("url") or base_url()), str(found["key"])


def _print(answer: dict[str, Any], args: argparse.Namespace, lines: list[str]) -> None:
    shown = {k: v for k, v in answer.items() if k != "key"}  # a key is saved, never printed
    print(json.dumps(shown, indent=2) if args.json else "\n".join(lines))


@_one_line_errors
def _create(args: argparse.Namespace) -> int:
    player = api.SavedPlayer(SavedGames(args.state_file))
    if player.current and not args.replace:
        print(f"error: player {player.current['player_id']} is saved already; --replace forgets its key",
              file=sys.stderr)
        return 1
    client = ApiClient(args.url or base_url())
    created = api.create_player(client, args.name, args.time_zone)
    player.remember(created["player_id"], created["key"], created["profile"]["name"], client.url)
    player.seen(created["profile"])
    _print(created, args, [*api.profile_lines(created["profile"]), f"key saved in {player.saved.path}"])
    return 0


@_one_line_errors
def _show(args: argparse.Namespace) -> int:
    player, client, key = _saved(args)
    profile = api.me(client, key)
    player.seen(profile)
    _print(profile, args, api.profile_lines(profile))
    return 0


@_one_line_errors
def _set(args: argparse.Namespace) -> int:
    # An empty value clears a field: `--email ''`.
    changes: dict[str, Any] = {field: (getattr(args, option) or None) for option, field in SETTABLE
                               if getattr(args, option) is not None}
    changes.update({field: getattr(args, option) == "on" for option, field in SWITCHES
                    if getattr(args, option) is not None})
    if not changes:
        print("error: nothing to change: pass --name, --time-zone, --email, --webhook, --push, --language, "
              "--every-turn or --emails", file=sys.stderr)
        return 2
    player, client, key = _saved(args)
    profile = api.update_me(client, key, changes)
    player.seen(profile)
    lines = api.profile_lines(profile)
    if changes.get("email"):
        lines.append("a confirmation link was sent to the new address: nothing else goes there until it is opened")
    if profile.get("webhook_secret"):  # answered this once: the CLI does not keep it
        lines.append(f"webhook secret {profile['webhook_secret']} (shown only now: give it to your receiver, "
                     "docs/webhooks.md)")
    _print(profile, args, lines)
    return 0


@_one_line_errors
def _rotate(args: argparse.Namespace) -> int:
    player, client, key = _saved(args)
    rotated = api.rotate_key(client, key)
    player.new_key(rotated["key"])
    _print(rotated, args, [f"new key for player {rotated['player_id']} saved in {player.saved.path}; "
                           "the old one no longer works"])
    return 0


@_one_line_errors
def _confirm(args: argparse.Namespace) -> int:
    _, client, key = _saved(args)
    confirmed = api.confirm_email(client, key, args.code)
    _print(confirmed, args, [confirmed["message"]])
    return 0


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    top = subparsers.add_parser("player", help="create and edit the player this machine acts as")
    sub = top.add_subparsers(dest="player_command", required=True)
    create = sub.add_parser("create", help="create a player and save its key")
    create.add_argument("name")
    create.add_argument("--time-zone", help="an IANA time zone name, e.g. Europe/Paris (default UTC)")
    create.add_argument("--replace", action="store_true", help="forget the saved player's key")
    create.set_defaults(func=_create)
    sub.add_parser("show", help="show the player's profile").set_defaults(func=_show)
    edit = sub.add_parser("set", help="change the name, time zone or contacts ('' clears one)")
    edit.add_argument("--name")
    edit.add_argument("--time-zone", dest="time_zone")
    edit.add_argument("--email", help="pending until confirmed through the link sent to it")
    edit.add_argument("--webhook", help="an https URL")
    edit.add_argument("--push", help="a push endpoint (an https URL)")
    edit.add_argument("--language", choices=["en", "es", "ko"], help="the e-mails' language (and `distilled log`'s)")
    edit.add_argument("--every-turn", dest="every_turn", choices=["on", "off"],
                      help="an e-mail for every turn (off: one per round)")
    edit.add_argument("--emails", choices=["on", "off"], help="off: no e-mail at all")
    edit.set_defaults(func=_set)
    sub.add_parser("rotate-key", help="replace the key (the old one stops working)").set_defaults(func=_rotate)
    confirm = sub.add_parser("confirm", help="confirm the e-mail address with the code of its message")
    confirm.add_argument("code")
    confirm.set_defaults(func=_confirm)
    for parser in sub.choices.values():
        parser.add_argument("--url", help="API base URL (default: the saved player's, or $DISTILLED_URL)")
        parser.add_argument("--state-file", type=Path, help="saved key and games (default: ~/.distilled/games.json)")
        parser.add_argument("--json", action="store_true", help="print the API's JSON answer (never the key)")
