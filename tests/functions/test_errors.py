"""The one error mapping: what the handlers answer when the store or the code itself fails."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from aws_lambda_powertools.event_handler.exceptions import BadRequestError

from functions import container
from functions.errors import answer
from infra.store import InMemoryEventStore, StoreError
from tests.service.gateway import Gateway
from tests.service.support import MemoryWorld


class Broken(InMemoryEventStore):
    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def load(self, *args: Any, **kwargs: Any) -> Any:
        raise self.error


@pytest.mark.parametrize(("error", "status", "code"), [
    (StoreError("throttled"), 503, "store_unavailable"),
    (RuntimeError("a bug"), 500, "internal"),
])
def test_server_side_failures_keep_the_error_shape(memory: MemoryWorld, error: Exception, status: int,
                                                   code: str) -> None:
    container.install(replace(container.given(), store=Broken(error)))
    reply = Gateway().get("/games/abc")
    assert (reply.status, reply.code) == (status, code)
    assert "a bug" not in reply.text and "throttled" not in reply.text


def test_other_powertools_errors_keep_their_status() -> None:
    found = answer(BadRequestError("nope"))
    assert (found.status, found.code) == (400, "bad_request")
