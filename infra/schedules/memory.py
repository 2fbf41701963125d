"""Schedules in a dict: the service tests' and the sweep's tests' stand-in for EventBridge Scheduler."""

from __future__ import annotations

from domain.records import field, record


@record
class MemorySchedules:
    wakes: dict[str, float] = field(default_factory=dict)  # game id -> epoch
    calls: list[tuple[str, str]] = field(default_factory=list)  # ("set" | "clear", game id), in order

    def set(self, game_id: str, at: float) -> None:
        self.wakes[game_id] = at
        self.calls.append(("set", game_id))

    def clear(self, game_id: str) -> None:
        self.wakes.pop(game_id, None)
        self.calls.append(("clear", game_id))

    def due(self, now: float) -> list[str]:
        """The games whose wake has come, earliest first."""
        return [g for g, at in sorted(self.wakes.items(), key=lambda kv: kv[1]) if at <= now]
