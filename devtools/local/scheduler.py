"""EventBridge Scheduler on a laptop: fires the embedded AWS's schedules when the local clock passes them.

One-time `at(...)` schedules in the template's schedule groups are deleted (ActionAfterCompletion) and their
target invoked in process with the schedule's input, as the local server invokes every function; the template's
`ScheduleV2` rate events (the sweep) fire every period of the local clock. A failed invocation is printed and
not retried here: in AWS the tick is retried and then kept in its dead-letter queue, and the sweep picks the game
up either way.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from devtools.local.clock import LocalClock
from devtools.local.resources import LocalResources
from infra.schedules import at_epoch

_RATE = re.compile(r"rate\((\d+) (minute|minutes|hour|hours|day|days)\)")
_UNIT = {"minute": 60, "hour": 3600, "day": 86400}


@dataclass
class Rate:
    function: str
    period: float
    due: float  # the local clock's time of its next run


def rate_seconds(expression: str) -> float | None:
    found = _RATE.fullmatch(expression.strip())
    return int(found.group(1)) * _UNIT[found.group(2).rstrip("s")] if found else None


def schedule_groups(res: LocalResources) -> list[str]:
    """The template's schedule groups, by the names their Ref resolves to."""
    return [str(res.ref(logical_id)) for logical_id in res.resources("AWS::Scheduler::ScheduleGroup")]


def function_arns(res: LocalResources) -> dict[str, str]:
    """Each function's ARN (by its FunctionName, where the template gives one) -> its logical id."""
    found: dict[str, str] = {}
    for logical_id, props in res.resources("AWS::Serverless::Function").items():
        name = res.resolve(props["FunctionName"]) if "FunctionName" in props else f"{res.stack}-{logical_id}"
        found[res.arn("lambda", f"function:{name}")] = logical_id
        found[res.get_att(logical_id, "Arn")] = logical_id
    return found


def rates(res: LocalResources, now: float) -> list[Rate]:
    found = []
    for logical_id, props in res.resources("AWS::Serverless::Function").items():
        for event in (props.get("Events") or {}).values():
            if event.get("Type") in ("ScheduleV2", "Schedule"):
                period = rate_seconds(str((event.get("Properties") or {}).get("ScheduleExpression", "")))
                if period:
                    found.append(Rate(logical_id, period, now + period))
    return found


MAX_WAIT = 30.0  # seconds: the longest sleep with nothing due sooner (a write or the clock's move wakes it)
RETRY_AFTER = 1.0  # seconds before the pass after a failed one


class LocalScheduler(threading.Thread):
    """Fires due schedules, then sleeps until the next one is due (at most `idle` seconds), or until woken:
    `wake` after a write (it may have set a schedule) and every move of the clock."""

    def __init__(self, client: Any, groups: list[str], targets: dict[str, str], rates: list[Rate],
                 invoke: Callable[[str, dict[str, Any]], Any], clock: LocalClock,
                 lock: AbstractContextManager[Any], idle: float = MAX_WAIT,
                 echo: Callable[[str], None] = print) -> None:
        super().__init__(name="local-scheduler", daemon=True)
        self.client, self.groups, self.targets, self.rates = client, groups, targets, rates
        self.invoke, self.clock, self.lock, self.idle, self.echo = invoke, clock, lock, idle, echo
        self.stopping, self.woken = threading.Event(), threading.Event()
        self.fired = 0  # invocations made, for readiness checks
        self.passes = 0  # passes finished (a test waits for one after advancing the clock)
        self.next_due: float | None = None  # the local clock's time of the next schedule or rate, after a pass
        self.pause = idle  # the sleep after the latest pass (tests read it)
        clock.moved.append(self.woken.set)

    def wake(self) -> None:
        """Look again now: something was written (a schedule may have been set or deleted). What this thread's own
        invocations write, `fire_due` reads again itself."""
        if threading.current_thread() is not self:
            self.woken.set()

    def create_groups(self) -> None:
        with self.lock:
            for group in self.groups:
                self.client.create_schedule_group(Name=group)

    def pending(self) -> list[dict[str, Any]]:
        """The one-time schedules not fired yet: name, group, epoch due, target's logical id, input."""
        found = []
        with self.lock:
            for group in self.groups:
                token: str | None = None
                while True:
                    page = self.client.list_schedules(GroupName=group, **({"NextToken": token} if token else {}))
                    for summary in page.get("Schedules", []):
                        detail = self.client.get_schedule(Name=summary["Name"], GroupName=group)
                        at = at_epoch(detail.get("ScheduleExpression", ""))
                        if at is not None:
                            found.append({"name": detail["Name"], "group": group, "at": at,
                                          "function": self.targets.get(detail["Target"]["Arn"]),
                                          "input": detail["Target"].get("Input", "{}"),
                                          "delete": detail.get("ActionAfterCompletion") == "DELETE"})
                    token = page.get("NextToken")
                    if not token:
                        break
        return sorted(found, key=lambda s: (s["at"], s["name"]))

    def shown(self) -> dict[str, Any]:
        """What `GET /_local/clock` shows of the scheduler: the schedules waiting, and what fired so far."""
        pending = [{k: s[k] for k in ("name", "at", "function")} for s in self.pending()]
        return {"schedules": pending, "fired": self.fired, "passes": self.passes}

    def fire_due(self) -> int:
        """Invoke every schedule due by the local clock, earliest first; how many were fired."""
        now, fired, upcoming = self.clock.now(), 0, []
        for schedule in self.pending():
            if schedule["at"] > now:
                upcoming.append(schedule["at"])
                break
            with self.lock:  # gone before its target runs: the target may set the game's next one
                if schedule["delete"]:
                    self.client.delete_schedule(Name=schedule["name"], GroupName=schedule["group"])
            fired += self._run(schedule["function"], json.loads(schedule["input"]), schedule["name"])
        for rate in self.rates:
            if rate.due <= now:
                rate.due = now + rate.period
                fired += self._run(rate.function, {}, f"rate:{rate.function}")
        if fired:  # what was fired may have set the next schedules
            upcoming = [s["at"] for s in self.pending() if s["at"] > now][:1]
        self.next_due = min([*upcoming, *(rate.due for rate in self.rates)], default=None)
        return fired

    def next_pause(self) -> float:
        """Seconds until the next due time by the local clock (which runs at real speed), at most `idle`."""
        if self.next_due is None:
            return self.idle
        return min(max(self.next_due - self.clock.now(), 0.0), self.idle)

    def _run(self, function: str | None, event: dict[str, Any], what: str) -> int:
        if function is None:
            self.echo(f"[scheduler] {what}: its target is no function of the template")
            return 0
        try:
            self.invoke(function, event)
        except Exception as error:
            self.echo(f"[scheduler] {what}: {function} raised {type(error).__name__}: {error}")
        self.fired += 1
        return 1

    def run(self) -> None:
        while not self.stopping.is_set():
            self.woken.clear()
            try:
                self.fire_due()
                self.pause = self.next_pause()
            except Exception as error:  # keep the server alive; the next pass tries again
                self.echo(f"[scheduler] {type(error).__name__}: {error}")
                self.pause = min(self.idle, RETRY_AFTER)
            self.passes += 1
            self.woken.wait(self.pause)

    def stop(self, timeout: float = 60.0) -> None:
        self.stopping.set()
        self.woken.set()
        self.join(timeout=timeout)
