"""The `distilled` command line."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from devtools import cli_catalogue, cli_games, cli_lobby, cli_play, cli_players, cli_verify


def _simulate(args: argparse.Namespace) -> int:
    from devtools.simulate import simulate, terminal_progress

    if not 1 <= args.players <= 5:
        print("error: --players must be 1 to 5", file=sys.stderr)
        return 2
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    result = simulate(args.players, args.games, args.seed, args.bot, terminal_progress)
    if args.json:
        print(json.dumps(result))
        return 0
    for g in result["games"]:
        scores = ", ".join(f"seat {s['seat']}: {s['sp']} SP ({s['money']} money)" for s in g["scores"])
        winners = ", ".join(str(w) for w in g["winners"]) or "none"
        print(f"seed {g['seed']}: {g['rounds_played']} rounds, {g['events']} events; {scores}; winner {winners}")
    print(f"{result['games_per_second']} games/s")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="distilled", description="Distilled Online: tools for players and operators")
    sub = top.add_subparsers(dest="command", required=True)
    cli_catalogue.add_parser(sub)
    cli_play.add_parsers(sub)
    cli_players.add_parser(sub)
    cli_lobby.add_parsers(sub)
    cli_games.add_parser(sub)
    cli_verify.add_parser(sub)
    sim = sub.add_parser("simulate", help="play whole games with bots through the rules engine")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bot", choices=("random", "greedy"), default="random")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.set_defaults(func=_simulate)
    return top


SIGPIPE_STATUS = 141  # 128 + SIGPIPE: what a shell reports for a writer whose reader went away


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # a closed pipe shows here when the output fitted in the buffer
    except BrokenPipeError:
        # `distilled show | head -1`: the reader has all it wanted. Point stdout at /dev/null so that the
        # interpreter's own flush at exit does not print a second error, and exit as a killed writer would.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return SIGPIPE_STATUS
    return status


if __name__ == "__main__":
    sys.exit(main())
