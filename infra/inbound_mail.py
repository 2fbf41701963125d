"""Received mail, raw: SES's receipt rule stores each message in S3 (`<INBOUND_MAIL_PREFIX><message id>`) before it
invokes the inbound function, which reads it here. An in-memory fake beside it."""

from __future__ import annotations

from typing import Any, Protocol

from domain.records import field, record

MAX_BYTES = 1_000_000  # a reply is a few lines: anything larger is not read


class RawMail(Protocol):
    def get(self, message_id: str) -> bytes | None:
        """The raw message SES stored under this id, or None (gone, or too large to be a reply)."""
        ...


class S3RawMail:
    def __init__(self, client: Any, bucket: str, prefix: str = "") -> None:
        self.client, self.bucket, self.prefix = client, bucket, prefix

    def get(self, message_id: str) -> bytes | None:
        if not message_id or "/" in message_id:
            return None
        try:
            found = self.client.get_object(Bucket=self.bucket, Key=f"{self.prefix}{message_id}")
        except self.client.exceptions.NoSuchKey:
            return None
        if int(found.get("ContentLength") or 0) > MAX_BYTES:
            return None
        body: bytes = found["Body"].read(MAX_BYTES + 1)
        return body if len(body) <= MAX_BYTES else None


@record
class MemoryRawMail:
    messages: dict[str, bytes] = field(default_factory=dict)

    def get(self, message_id: str) -> bytes | None:
        return self.messages.get(message_id)
