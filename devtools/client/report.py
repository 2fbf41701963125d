"""Text the command line prints about a move accepted and a bot run."""

from __future__ import annotations

import json
import time
from typing import Any

from devtools.client import bots
from devtools.client.phrases import QUIET
from devtools.render import pending_text, whose_turn


def accepted(route: str, answer: Any) -> str:
    """The one line of `--quiet`: accepted, and what comes next (a choice still owed is easy to miss)."""
    if not isinstance(answer, dict):
        return QUIET["accepted"].format(route=route, version="?")
    line = QUIET["accepted"].format(route=route, version=answer.get("version", "?"))
    view = answer.get("view")
    if not isinstance(view, dict):
        return line
    you = view.get("you")
    mine: dict[str, Any] = next((p for p in view.get("players") or [] if p.get("seat") == you), {})
    if mine.get("pending"):
        return line + QUIET["pending"].format(pending=pending_text(mine["pending"]))
    return line + QUIET["waiting"].format(waiting=whose_turn(view))


def progress(verbose: bool) -> bots.Progress | None:
    if not verbose:
        return None
    return lambda seat, route, body: print(f"  seat {seat}: {route} {json.dumps(body)}")


def bot_run(run: bots.BotRun, started: float) -> None:
    took = time.perf_counter() - started
    if run.finished:
        print(f"game over after {run.commands} bot commands ({took:.1f} s). Final scores:")
        winners = run.view.get("winners") or []
        for seat, name, sp, money in bots.scores(run.view):
            print(f"  seat {seat} {name}: {sp} SP, {money} money{'  WINNER' if seat in winners else ''}")
    else:
        # The view is a bot seat's: "= you" would name that bot, not the person who typed the command.
        waiting = whose_turn({**run.view, "you": None})
        phase = str(run.view.get("phase")).replace("_", " ")
        print(f"bots sent {run.commands} commands ({took:.1f} s); now in the {phase} phase, {waiting}")
