"""Bots over HTTP: they see only what their seat's view shows and send commands like any other client."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from devtools.client.actions import concrete, playing
from devtools.client.http import ApiClient, ApiError

MAX_COMMANDS = 5000
MAX_REJECTIONS = 20  # a rule refusal is a bug in the view or the bot; stop rather than loop


@dataclass
class BotRun:
    view: dict[str, Any]  # the last view seen (of a bot seat)
    version: int
    commands: int = 0
    rejected: list[str] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)  # seats that had to act, and did

    @property
    def finished(self) -> bool:
        return self.view.get("phase") == "finished"

    @property
    def waiting_for(self) -> list[int]:
        return [] if self.finished else list(self.view.get("to_act") or [])


Progress = Callable[[int, str, dict[str, Any]], None]


def play(client: ApiClient, game_id: str, tokens: dict[int, str], rng: random.Random | None = None,
         progress: Progress | None = None, max_commands: int = MAX_COMMANDS, until: str | None = None) -> BotRun:
    """Play the seats in `tokens` until the game ends, only other seats can act, `max_commands` were sent, or
    the game has reached the phase `until`."""
    if not tokens:
        raise ValueError("bots need at least one seat token")
    rng = rng or random.Random()
    views: dict[int, dict[str, Any]] = {}  # per seat: the latest response, still current while the version holds
    first = min(tokens)
    current = views[first] = client.game(game_id, tokens[first])
    run = BotRun(current["view"], current["version"])
    while run.commands < max_commands:
        acting = [s for s in run.view.get("to_act") or [] if s in tokens]
        if run.finished or not acting or run.view.get("phase") == until:
            return run
        seat = rng.choice(acting)
        mine = views.get(seat)
        if mine is None or mine["version"] != run.version:
            mine = views[seat] = client.game(game_id, tokens[seat])
        actions = playing(mine["view"].get("legal_actions") or [])
        if not actions:  # the game moved on between the two reads
            run.view, run.version = mine["view"], mine["version"]
            continue
        route, body = concrete(rng.choice(actions), rng)
        try:
            answer = client.command(game_id, tokens[seat], route, body, expected_version=mine["version"])
        except ApiError as error:
            if error.status != 409:
                run.rejected.append(error.line())
                if len(run.rejected) > MAX_REJECTIONS:
                    raise
            views.pop(seat, None)
            latest = client.game(game_id, tokens[seat])
            run.view, run.version = latest["view"], latest["version"]
            continue
        run.commands += 1
        run.acted.add(seat)
        if progress is not None:
            progress(seat, route, body)
        if isinstance(answer, dict) and isinstance(answer.get("view"), dict) and "version" in answer:
            views[seat] = {"view": answer["view"], "version": answer["version"]}
            run.view, run.version = answer["view"], answer["version"]
        else:
            latest = views[seat] = client.game(game_id, tokens[seat])
            run.view, run.version = latest["view"], latest["version"]
    return run


def scores(view: dict[str, Any]) -> list[tuple[int, str, int, int]]:
    """(seat, name, SP, money) per player, best first."""
    rows = [(p["seat"], p["name"], int(p.get("sp") or 0), int(p.get("money") or 0)) for p in view["players"]]
    return sorted(rows, key=lambda r: (-r[2], -r[3], r[0]))
