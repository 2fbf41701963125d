"""One EventBridge Scheduler one-time schedule per game, in the template's schedule group, that invokes the
tick function with `{"game_id": ...}` and deletes itself once it has.

Most sets move a schedule that exists (the game advanced before its wake), so `set` updates first and creates
only when there is none; a create racing another create (ConflictException) updates instead. UpdateSchedule
replaces every setting, so both calls send the whole schedule.

A wake already past is set a little ahead (LEAD_SECONDS): a one-time schedule in the past never fires, and the
tick it asks for is due anyway. Errors carry the operation and AWS's code only, never the game's data.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from infra.schedules import at_expression, schedule_name
from infra.store.base import StoreError

LEAD_SECONDS = 60.0
NOT_FOUND, CONFLICT = "ResourceNotFoundException", "ConflictException"


class ScheduleError(StoreError):
    """The scheduler refused or could not be reached: the caller's record fails, and is tried again."""


def _code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", "unknown"))


class EventBridgeSchedules:
    def __init__(self, client: Any, group: str, target_arn: str, role_arn: str,
                 dead_letter_arn: str | None = None, now: Callable[[], float] = time.time) -> None:
        self.client, self.group, self.target_arn, self.role_arn = client, group, target_arn, role_arn
        self.dead_letter_arn, self.now = dead_letter_arn, now

    def _schedule(self, game_id: str, at: float) -> dict[str, Any]:
        target: dict[str, Any] = {"Arn": self.target_arn, "RoleArn": self.role_arn,
                                  "Input": json.dumps({"game_id": game_id}),
                                  # The tick is idempotent: a late retry finds the work done.
                                  "RetryPolicy": {"MaximumRetryAttempts": 3, "MaximumEventAgeInSeconds": 3600}}
        if self.dead_letter_arn:
            target["DeadLetterConfig"] = {"Arn": self.dead_letter_arn}
        return {"Name": schedule_name(game_id), "GroupName": self.group,
                "ScheduleExpression": at_expression(max(at, math.ceil(self.now() + LEAD_SECONDS))),
                "ScheduleExpressionTimezone": "UTC", "FlexibleTimeWindow": {"Mode": "OFF"},
                "ActionAfterCompletion": "DELETE", "State": "ENABLED", "Target": target}

    def set(self, game_id: str, at: float) -> None:
        schedule = self._schedule(game_id, at)
        try:
            try:
                self.client.update_schedule(**schedule)
            except ClientError as error:
                if _code(error) != NOT_FOUND:
                    raise
                try:
                    self.client.create_schedule(**schedule)
                except ClientError as again:
                    if _code(again) != CONFLICT:
                        raise
                    self.client.update_schedule(**schedule)
        except ClientError as error:
            raise ScheduleError(f"scheduler set: {_code(error)}") from None
        except BotoCoreError as error:
            raise ScheduleError(f"scheduler set: {type(error).__name__}") from None

    def clear(self, game_id: str) -> None:
        try:
            self.client.delete_schedule(Name=schedule_name(game_id), GroupName=self.group)
        except ClientError as error:
            if _code(error) != NOT_FOUND:
                raise ScheduleError(f"scheduler clear: {_code(error)}") from None
        except BotoCoreError as error:
            raise ScheduleError(f"scheduler clear: {type(error).__name__}") from None
