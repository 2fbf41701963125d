"""Text the command line prints about a game's history and a bot run."""

from __future__ import annotations

import json
import time
from typing import Any

from infra.client import bots
from infra.render import whose_turn


def event_text(event: dict[str, Any]) -> str:
    fields = " ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "v", "seat") and v not in (None, []))
    who = f"seat {event['seat']} " if event.get("seat") is not None else ""
    return f"{who}{event.get('type')} {fields}".rstrip()


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
        print(f"bots sent {run.commands} commands ({took:.1f} s); now {whose_turn(run.view)}")
