"""How long an invocation may wait on AWS, so that it always answers before its function's timeout.

The arithmetic (template.yaml: Timeout 10 s for every function):

    one attempt   <= CONNECT_TIMEOUT + READ_TIMEOUT                          1 + 2         = 3 s
    one call      <= ATTEMPTS x attempt + RETRY_DELAY                        2 x 3 + 1     = 7 s
    a call starts only with  attempt + RESERVE              left             3 + 2         = 5 s
    a retry waits only with  RETRY_DELAY + attempt + RESERVE left            1 + 3 + 2     = 6 s

so every call ends, answered or failed, with RESERVE (2 s) still left to answer: a failing store gets its 503
`store_unavailable` out by 8 s, and the notifier its partial batch response. Without a deadline (a CLI, a test)
the client settings alone bound a call to 7 s. A test holds these numbers to the template's timeouts.

RETRY_DELAY is botocore's standard-mode backoff before the second attempt: rand(0, 1) x (1 s for throttling,
less for other errors). A service may ask for longer with `x-amz-retry-after` (recent botocore then waits up
to 5 s more); the retry check counts that in, so such a retry is dropped rather than overrun.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from botocore.config import Config
from botocore.exceptions import BotoCoreError

CONNECT_TIMEOUT = 1.0  # DynamoDB and SNS connect in milliseconds from Lambda, in-region
READ_TIMEOUT = 2.0  # the longest wait for the next bytes of an answer (DynamoDB's take milliseconds)
ATTEMPTS = 2  # the first try and one retry: botocore's default for DynamoDB, 4 x 3 s, alone overruns 10 s
RETRY_DELAY = 1.0
RETRY_AFTER_MAX = 5.0  # botocore's cap on what x-amz-retry-after adds
RESERVE = 2.0  # to build the answer and flush logs and metrics after the last call
ATTEMPT = CONNECT_TIMEOUT + READ_TIMEOUT
WORST_CALL = ATTEMPTS * ATTEMPT + RETRY_DELAY

CLIENT_CONFIG = Config(
    connect_timeout=CONNECT_TIMEOUT,
    read_timeout=READ_TIMEOUT,
    retries={"mode": "standard", "total_max_attempts": ATTEMPTS},
)

TimeLeft = Callable[[], float]  # seconds until the invocation's timeout


class OutOfTime(BotoCoreError):
    """A call not started, or not retried, because it could not end before the invocation's deadline."""

    fmt = "{operation}: not enough time left before the function's timeout"


def can_start(time_left: TimeLeft) -> bool:
    """Time for one more attempt and the answer after it."""
    return time_left() >= ATTEMPT + RESERVE


def _retry_delay(response: Any) -> float:
    """The longest botocore may wait before retrying after `response` ((http response, parsed) or None)."""
    http = response[0] if isinstance(response, tuple) and response else None
    headers = getattr(http, "headers", None) or {}
    try:
        asked = int(headers.get("x-amz-retry-after", 0)) / 1000
    except (TypeError, ValueError):
        asked = 0.0
    return RETRY_DELAY + min(max(asked, 0.0), RETRY_AFTER_MAX)


def bound(client: Any, time_left: TimeLeft) -> Any:
    """`client`, made to refuse a call or a retry that could not end RESERVE before the deadline."""
    service = client.meta.service_model.service_id.hyphenize()

    def before_call(model: Any, **_: Any) -> None:
        if not can_start(time_left):
            raise OutOfTime(operation=model.name)

    def needs_retry(response: Any = None, **_: Any) -> bool | None:
        # First in line: False stops botocore's retry; None lets botocore's own handler decide.
        if time_left() < _retry_delay(response) + ATTEMPT + RESERVE:
            return False
        return None

    client.meta.events.register(f"before-call.{service}", before_call, unique_id="budget-before-call")
    client.meta.events.register_first(f"needs-retry.{service}", needs_retry, unique_id="budget-needs-retry")
    return client
