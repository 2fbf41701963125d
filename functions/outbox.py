"""The transactional outbox's relay, run by the notifier: an outbox item (kind `outbox`, written in the same
transaction as the change it announces, e.g. a confirmation e-mail) is published to the topic as it is, then
deleted.

With the e-mail channel configured (PAGE_BASE_URL and EMAIL_FROM, service/bootstrap/reactions.py), a confirmation
message goes out as the e-mail itself (service/notices/email/confirm.py) through the same sender instead of the
topic: a topic stays for deployments without SES.

At least once: a failed publish fails the record, and the stream delivers it again (bounded retries, then the
dead-letter queue); a crash after the publish can repeat the message, which carries its `dedup_key`. The item is
deleted once published so that the secret it may carry (a confirmation code) stays in the table only until
then; a delete that fails is left to the item's TTL (`expires_at`), never retried as a publish.
"""

from __future__ import annotations

import json
from typing import Any

from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import (
    DynamoDBRecord,
    DynamoDBRecordEventName,
)

from functions import container
from functions.observability import count, logger
from infra.budget import can_start
from infra.players.base import OUTBOX_PREFIX
from service.bootstrap.settings import setting

OUTBOX_KIND = "outbox"
ATTRIBUTES = ("kind", "channel", "player_id")  # for subscription filter policies: never an address or a code


class Deferred(Exception):
    """Not tried: too little of the invocation was left. The stream delivers the record again."""


def outbox_item(record: DynamoDBRecord) -> dict[str, Any] | None:
    """The new image of a newly written outbox item; None for anything else."""
    if record.event_name is not DynamoDBRecordEventName.INSERT or record.dynamodb is None:
        return None
    image = record.dynamodb.new_image
    pk = image.get("pk")
    if image.get("kind") != OUTBOX_KIND or not isinstance(pk, str) or not pk.startswith(OUTBOX_PREFIX):
        return None
    return dict(image)


def relay(image: dict[str, Any]) -> int:
    """Publish one outbox item's message and delete the item; how many messages went out (1)."""
    if not can_start(container.time_left):
        raise Deferred()
    message: dict[str, Any] = json.loads(image["message"])
    if not _sent_as_email(message):
        attributes = {name: {"DataType": "String", "StringValue": str(message[name])}
                      for name in ATTRIBUTES if message.get(name)}
        container.sns().publish(TopicArn=setting("TOPIC_ARN"), Message=image["message"], MessageAttributes=attributes)
    count("OutboxMessagesSent")
    try:
        container.dynamodb().delete_item(TableName=setting("TABLE_NAME"),
                                         Key={"pk": {"S": image["pk"]}, "sk": {"S": image["sk"]}})
    except Exception:  # published: a repeat would be worse than an item its TTL removes
        logger.warning("outbox item not deleted; its TTL will remove it", extra={"kind": message.get("kind")})
    return 1


def _sent_as_email(message: dict[str, Any]) -> bool:
    """Send a confirmation message as its e-mail, when the e-mail channel is configured; whether it was."""
    if message.get("kind") != "confirm_email" or message.get("channel") != "email":
        return False
    sender = container.reactions().email_sender
    if sender is None:
        return False
    from service.notices.email.confirm import confirmation_email

    sender.send(confirmation_email(message))
    count("ConfirmationEmailsSent")
    return True
