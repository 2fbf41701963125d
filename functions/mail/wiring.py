"""The e-mail operations' adapters for this Lambda container, built on first use: the mail state in the games
table (suppressions, unsubscribe grants, send attempts), the one-click unsubscribe service and the e-mail
dead-letter queue. An in-process run (the container given its stores) keeps the mail state in memory too."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from functions import container

if TYPE_CHECKING:
    from infra.mail_state import DeadLetters, MailState
    from service.notices.email.unsubscribe import Unsubscribes

DEAD_LETTER_QUEUE = "EMAIL_DEAD_LETTER_QUEUE_URL"
_given: dict[str, Any] = {}
_built: dict[int, Any] = {}  # by the container's services: rebuilt when they are (container.reset)
_queues: dict[str, Any] = {}  # the dead-letter queue's client, by its URL


def use(*, state: MailState | None = None, dead_letters: DeadLetters | None = None) -> None:
    """Use these (tests, the local server); nothing: build them from the environment again."""
    _given.clear()
    _given.update({k: v for k, v in {"state": state, "dead_letters": dead_letters}.items() if v is not None})
    _built.clear()
    _queues.clear()


def mail_state() -> MailState:
    if "state" in _given:
        return _given["state"]
    services = container.services()
    found = _built.get(id(services))
    if found is None:
        if services.given.store is not None:
            from infra.mail_state import MemoryMailState

            found = MemoryMailState()
        else:
            from infra.mail_state import DynamoMailState
            from service.bootstrap import setting

            found = DynamoMailState(container.dynamodb(), setting("TABLE_NAME"))
        _built.clear()
        _built[id(services)] = found
    return found


def unsubscribes() -> Unsubscribes:
    from service.notices.email.unsubscribe import Unsubscribes

    return Unsubscribes(mail_state(), container.services().player_store)


def dead_letters() -> DeadLetters | None:
    """The e-mail dead-letter queue, when EMAIL_DEAD_LETTER_QUEUE_URL names one."""
    if "dead_letters" in _given:
        return _given["dead_letters"]
    url = os.environ.get(DEAD_LETTER_QUEUE, "").strip()
    if not url:
        return None
    if url not in _queues:  # once per container: the push channel asks for it on every stream record
        import boto3

        from infra.budget import CLIENT_CONFIG, bound
        from infra.mail_state import SqsDeadLetters

        _queues[url] = SqsDeadLetters(bound(boto3.client("sqs", config=CLIENT_CONFIG), container.time_left), url)
    return _queues[url]
