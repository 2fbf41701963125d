"""`distilled serve | new | link | show | log | bots | demo | do | <player command>`: run the service and play it
over HTTP."""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from devtools.client import ApiClient, ClientError, base_url, history, report
from devtools.client import bots as http_bots
from devtools.client.actions import concrete, is_open
from devtools.client.clocks import add_clock_argument, clock_line
from devtools.client.commands import PLAYER_COMMANDS, PlayerCommand
from devtools.client.links import mint_link, page_link, page_url
from devtools.client.players import SavedPlayer
from devtools.client.saved import SavedGames, Seat
from devtools.render import render

Run = Callable[[argparse.Namespace], int]
DEMO_NAMES = ("Ada", "Grace", "Linus")
PHASES = ("round_start", "market", "distill", "sell", "age", "round_end")


def _one_line_errors(run: Run) -> Run:
    """API and network errors as one line on stderr, never a traceback."""

    @functools.wraps(run)
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except ClientError as error:
            print(error.line(), file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            return 130

    return wrapped


def _client(args: argparse.Namespace, seat: Seat | None = None) -> ApiClient:
    client = ApiClient(args.url or (seat.url if seat else None) or base_url())
    if seat is not None:
        client.acting = seat.who()  # a refusal says which seat it was sent as
    return client


def _seat(args: argparse.Namespace, spectator: bool = False, remember: bool = True) -> tuple[SavedGames, Seat]:
    """The game and seat a command acts as. Only moves remember them as the defaults (`remember`)."""
    saved = SavedGames(args.state_file)
    return saved, saved.resolve(args.game, args.seat, args.token, args.url, spectator, remember)


def _print(answer: Any, args: argparse.Namespace) -> None:
    print(json.dumps(answer, indent=2) if args.json else render(answer))


# --- subcommands --------------------------------------------------------------------------------------------


def _serve(args: argparse.Namespace) -> int:
    from devtools.local.__main__ import run

    return run(args)


@_one_line_errors
def _new(args: argparse.Namespace) -> int:
    names = list(args.names) or [f"Player {i + 1}" for i in range(args.players)]
    options = {k: v for k, v in {
        "flight": args.flight, "distill_order": "sequential" if args.sequential else None,
        "pairings": False if args.no_pairings else None, "auto_best": True if args.auto_best else None,
        "label_sp_alternative": False if args.no_label_sp else None, "solo_difficulty": args.solo_difficulty,
        "clock": args.clock,
    }.items() if v is not None}
    client = _client(args)
    created = client.create_game(names, options)
    game_id, tokens = created["game_id"], client.tokens(created)
    saved = SavedGames(args.state_file)
    saved.remember(game_id, client.url, names, tokens)
    if args.json:
        print(json.dumps(created, indent=2))
        return 0
    print(f"game {game_id} created on {client.url}")
    if args.clock:
        print(f"  {clock_line(args.clock)}")
    for seat, (name, token) in enumerate(zip(names, tokens, strict=True)):
        print(f"  seat {seat} {name:<12} token {token}")
        print(f"         {'':<12} page  {page_link(client, game_id, token)}")
    others = ",".join(str(seat) for seat in range(1, len(names)))
    bots = f"   (or let bots play the others: distilled bots --seats {others})" if others else ""
    print(f"tokens saved in {saved.path}; next: distilled show --seat 0{bots}")
    return 0


@_one_line_errors
def _link(args: argparse.Namespace) -> int:
    _, seat = _seat(args, remember=False)
    if seat.token is None:
        raise ClientError(f"no saved seat in game {seat.game_id}: pass --seat N or --token")
    client = _client(args, seat)
    minted = mint_link(client, seat.game_id, seat.token)
    if args.json:
        print(json.dumps(minted, indent=2))
        return 0
    print(page_url(client, minted))
    print(f"  {seat.who()}: open it in a browser to play there; valid until {minted['expires_at']}, on any device")
    return 0


@_one_line_errors
def _show(args: argparse.Namespace) -> int:
    saved, seat = _seat(args, args.spectator, remember=False)
    client = _client(args, seat)
    if seat.token and not args.json:  # a seat: since it last looked first (the view's read records the look)
        print("\n".join(history.catch_up(client.catch_up(seat.game_id, seat.token,
                                                           SavedPlayer(saved).language or "en"))), end="\n\n")
    _print(client.game(seat.game_id, seat.token), args)
    return 0


@_one_line_errors
def _log(args: argparse.Namespace) -> int:
    saved, seat = _seat(args, args.spectator, remember=False)
    client = _client(args, seat)
    commits, page = history.every_page(client, seat.game_id, seat.token, args.after)
    if args.json:
        print(json.dumps({**page, "commits": commits, "next_after": None}, indent=2))
        return 0
    names = (saved.game(seat.game_id) or {}).get("names") or []
    if not names and args.after:  # no game_created event in this part of the history to name the seats
        names = [p["name"] for p in client.game(seat.game_id, seat.token)["view"]["players"]]
    language = args.lang or SavedPlayer(saved).language or "en"
    for line in history.lines(commits, names, language):
        print(line)
    return 0


@_one_line_errors
def _bots(args: argparse.Namespace) -> int:
    saved, seat = _seat(args, spectator=True)
    tokens = saved.tokens(seat.game_id)
    for other in args.also:  # another player's machine: the seats it plays in this game, with its key
        if not other.exists():
            raise ClientError(f"no state file {other}")
        tokens = SavedGames(other).tokens(seat.game_id) | tokens
    if args.seats:
        wanted = {int(s) for s in args.seats.split(",")}
        missing = wanted - tokens.keys()
        if missing:
            raise ClientError(f"no saved token for seat(s) {sorted(missing)} of game {seat.game_id}")
        tokens = {s: t for s, t in tokens.items() if s in wanted}
    if not tokens:
        raise ClientError(f"no saved seat tokens for game {seat.game_id}")
    started = time.perf_counter()
    client, rng = _client(args, seat), random.Random(args.seed)
    run = http_bots.play(client, seat.game_id, tokens, rng, report.progress(args.verbose), until=args.until)
    report.bot_run(run, started)
    return 0


@_one_line_errors
def _demo(args: argparse.Namespace) -> int:
    client = _client(args)
    created = client.create_game(list(DEMO_NAMES), {"flight": args.flight} if args.flight else {})
    game_id, tokens = created["game_id"], client.tokens(created)
    SavedGames(args.state_file).remember(game_id, client.url, list(DEMO_NAMES), tokens)
    print(f"game {game_id}: bots play {', '.join(DEMO_NAMES)} over {client.url} ...", flush=True)
    started = time.perf_counter()
    rng = random.Random(args.seed)
    run = http_bots.play(client, game_id, dict(enumerate(tokens)), rng, report.progress(args.verbose))
    report.bot_run(run, started)
    print(f"replay it: distilled log --game {game_id} --seat 0   (outbox: {client.url}/_local/outbox)")
    return 0


def _send(args: argparse.Namespace, seat: Seat, route: str, fields: dict[str, Any]) -> int:
    answer = _client(args, seat).command(seat.game_id, seat.token, route, fields, args.expected_version)
    if args.json:
        print(json.dumps(answer, indent=2))
    elif args.quiet or not isinstance(answer, dict) or "view" not in answer:
        print(report.accepted(route, answer))
    else:
        print(f"ok: {route} accepted\n")
        print(render({"game_id": seat.game_id, **answer}))
    return 0


def _player_command(command: PlayerCommand) -> Run:
    @_one_line_errors
    def run(args: argparse.Namespace) -> int:
        _, seat = _seat(args)
        fields = command.fields(args)
        if command.needs_view(fields):  # a card or distiller the user named by where it is, not by its id
            view = _client(args, seat).game(seat.game_id, seat.token)["view"]
            mine = view["players"][view["you"]] if view.get("you") is not None else {}
            fields = command.complete(fields, mine)
        return _send(args, seat, command.route, fields)

    return run


@_one_line_errors
def _do(args: argparse.Namespace) -> int:
    _, seat = _seat(args)
    answer = _client(args, seat).game(seat.game_id, seat.token)
    actions = answer["view"].get("legal_actions") or []
    if not 0 <= args.number < len(actions):
        raise ClientError(f"no legal action [{args.number}]: `distilled show` lists {len(actions)}")
    action = actions[args.number]
    if is_open(action):
        raise ClientError("that action needs a choice: distilled distill CARD... (see `distilled show`)")
    route, body = concrete(action, random.Random())
    if args.expected_version is None:
        args.expected_version = answer["version"]
    return _send(args, seat, route, body)


# --- registration -------------------------------------------------------------------------------------------


def _common(parser: argparse.ArgumentParser, seat: bool = True) -> None:
    parser.add_argument("--url", help="API base URL (default: $DISTILLED_URL or http://127.0.0.1:3000)")
    parser.add_argument("--state-file", type=Path, help="saved games and tokens (default: ~/.distilled/games.json)")
    parser.add_argument("--json", action="store_true", help="print the API's JSON answer")
    if seat:
        parser.add_argument("--game", help="game id (default: the last one used)")
        parser.add_argument("--seat", type=int, help="your seat (default: the last one used in this game)")
        parser.add_argument("--token", help="seat token (default: the saved one)")


def add_parsers(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register serve, new, link, show, log, bots, demo, do and one subcommand per player command."""
    from devtools.local.__main__ import add_arguments

    serve = subparsers.add_parser("serve", help="run the API locally (embedded DynamoDB, SNS, SQS; no Docker)")
    add_arguments(serve)
    serve.set_defaults(func=_serve)

    new = subparsers.add_parser("new", help="create a game and save its seat tokens")
    _common(new, seat=False)
    new.add_argument("names", nargs="*", help="player names, one per seat")
    new.add_argument("--players", type=int, default=3, help="number of seats when no names are given")
    new.add_argument("--flight", help="recipe flight A-H, random_abc or random_all")
    new.add_argument("--sequential", action="store_true", help="distill in turn order instead of simultaneously")
    new.add_argument("--no-pairings", action="store_true", help="play without distiller pairings")
    new.add_argument("--auto-best", action="store_true", help="let the server pick the best recipe")
    new.add_argument("--no-label-sp", action="store_true", help="no 2 SP alternative to label rewards")
    new.add_argument("--solo-difficulty", choices=("standard", "hard", "expert"))
    add_clock_argument(new)
    new.set_defaults(func=_new)

    link = subparsers.add_parser("link", help="print a fresh page link (a browser URL) for a saved seat")
    _common(link)
    link.set_defaults(func=_link)

    for name, run, about in (("show", _show, "show your view of a game and your numbered legal actions"),
                             ("log", _log, "show the game's event history as your seat may see it")):
        sub = subparsers.add_parser(name, help=about)
        _common(sub)
        sub.add_argument("--spectator", action="store_true", help="without a seat token")
        if name == "log":
            sub.add_argument("--after", type=int, default=0, help="only events after this version")
            sub.add_argument("--lang", choices=history.LANGUAGES,
                             help="the sentences' language (default: your saved player's profile language, as "
                                  "`distilled player show|set` last saw it, else en)")
        sub.set_defaults(func=run)

    bots = subparsers.add_parser("bots", help="let bots play seats of a game until a human must act")
    _common(bots)
    bots.add_argument("--seats", help="comma-separated seats for the bots (default: every saved seat)")
    bots.add_argument("--also", type=Path, action="append", default=[], metavar="STATE_FILE",
                      help="also play the seats saved in another state file (another player's), repeatable")
    bots.add_argument("--until", choices=PHASES, metavar="PHASE",
                      help=f"stop once the game reaches this phase ({', '.join(PHASES)})")
    demo = subparsers.add_parser("demo", help="bots play a 3-player game on the server, start to end")
    _common(demo, seat=False)
    demo.add_argument("--flight", help="recipe flight A-H")
    for sub, run in ((bots, _bots), (demo, _demo)):
        sub.add_argument("--seed", type=int, help="seed the bots' choices")
        sub.add_argument("--verbose", action="store_true", help="print every command the bots send")
        sub.set_defaults(func=run)

    do = subparsers.add_parser("do", help="send legal action number N from `distilled show`")
    do.add_argument("number", type=int, metavar="N")
    for command in PLAYER_COMMANDS:
        parser = subparsers.add_parser(command.name, help=command.help)
        command.arguments(parser)
        parser.set_defaults(func=_player_command(command))
    for parser in (do, *(subparsers.choices[c.name] for c in PLAYER_COMMANDS)):
        _common(parser)
        parser.add_argument("--expected-version", type=int, help="refuse (409) if the game has moved on")
        parser.add_argument("--quiet", action="store_true", help="print one line instead of the new view")
    do.set_defaults(func=_do)
