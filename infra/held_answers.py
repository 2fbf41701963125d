"""Answers to replies held for the seat's next e-mail (service/replies/fold.py, docs/adr/0030-folded-answers.md):
one item per (game, seat) in the games table (pk `HELD#<game>`, sk `S<seat>#answer`: the quiet hours' partition,
another sort key), listed by when it is due on the table's sparse index (gsi1pk `HELD#ANSWERS`, gsi1sk
`<due>#<game>#<seat>`), gone by TTL a week after it was due whatever happens.

`take` is the one way out: a conditional delete that returns the item, so that of the seat's next e-mail and the
release of a due answer, exactly one gets it (the other finds nothing)."""

from __future__ import annotations

import json
import threading
from datetime import datetime, timedelta
from typing import Any, Protocol

from domain.records import field, record

ANSWERS_DUE_KEY = "HELD#ANSWERS"
TTL_AFTER_DUE = timedelta(days=7)


@record(frozen=True)
class HeldAnswer:
    game_id: str
    seat: int
    player_id: str
    lines: tuple[str, ...]  # the reply lines that were played, in order (each was accepted)
    subject: str  # the reply's subject: an answer sent alone is "Re:" it
    message_id: str  # the newest reply's Message-ID: the e-mail carrying the answer is "In-Reply-To" it
    due: str  # ISO 8601, UTC ("2026-05-02T08:00:00Z"): when it is sent alone if no e-mail took it

    @property
    def slot(self) -> tuple[str, int]:
        return self.game_id, self.seat


class HeldAnswers(Protocol):
    def hold(self, answer: HeldAnswer) -> None:
        """Keep `answer` for its (game, seat), replacing what was held there (the caller took and merged it)."""
        ...

    def take(self, game_id: str, seat: int) -> HeldAnswer | None:
        """The seat's held answer, forgotten here: None when there is none (or another caller took it)."""
        ...

    def due(self, now: str, limit: int) -> list[HeldAnswer]:
        """Held answers due at `now` or earlier, soonest first, at most `limit` (still to be taken)."""
        ...


@record
class MemoryHeldAnswers:
    items: dict[tuple[str, int], HeldAnswer] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def hold(self, answer: HeldAnswer) -> None:
        with self.lock:
            self.items[answer.slot] = answer

    def take(self, game_id: str, seat: int) -> HeldAnswer | None:
        with self.lock:
            return self.items.pop((game_id, seat), None)

    def due(self, now: str, limit: int) -> list[HeldAnswer]:
        with self.lock:
            return sorted((a for a in self.items.values() if a.due <= now), key=lambda a: a.due)[:limit]


def _key(game_id: str, seat: int) -> dict[str, Any]:
    return {"pk": {"S": f"HELD#{game_id}"}, "sk": {"S": f"S{seat}#answer"}}


def _epoch(iso: str) -> int:
    return int(datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp())


def _answer(item: dict[str, Any]) -> HeldAnswer:
    return HeldAnswer(item["game_id"]["S"], int(item["seat"]["N"]), item["player_id"]["S"],
                      tuple(json.loads(item["lines"]["S"])), item["subject"]["S"], item["message_id"]["S"],
                      item["due"]["S"])


class DynamoHeldAnswers:
    def __init__(self, client: Any, table: str) -> None:
        self.client, self.table = client, table

    def hold(self, answer: HeldAnswer) -> None:
        item = {**_key(*answer.slot), "kind": {"S": "held_answer"}, "game_id": {"S": answer.game_id},
                "seat": {"N": str(answer.seat)}, "player_id": {"S": answer.player_id},
                "lines": {"S": json.dumps(list(answer.lines))}, "subject": {"S": answer.subject},
                "message_id": {"S": answer.message_id}, "due": {"S": answer.due},
                "gsi1pk": {"S": ANSWERS_DUE_KEY}, "gsi1sk": {"S": f"{answer.due}#{answer.game_id}#{answer.seat}"},
                "expires_at": {"N": str(_epoch(answer.due) + int(TTL_AFTER_DUE.total_seconds()))}}
        self.client.put_item(TableName=self.table, Item=item)

    def take(self, game_id: str, seat: int) -> HeldAnswer | None:
        # Unconditional, returning what it removed: of two callers, only one gets the item back.
        found = self.client.delete_item(TableName=self.table, Key=_key(game_id, seat), ReturnValues="ALL_OLD")
        item = found.get("Attributes")
        return _answer(item) if item else None

    def due(self, now: str, limit: int) -> list[HeldAnswer]:
        found = self.client.query(
            TableName=self.table, IndexName="gsi1", Limit=limit,
            KeyConditionExpression="gsi1pk = :due AND gsi1sk <= :now",
            ExpressionAttributeValues={":due": {"S": ANSWERS_DUE_KEY}, ":now": {"S": f"{now}#~"}})
        return [_answer(i) for i in found.get("Items", [])]
