"""Notice markers: one per (game, version, seat, channel), outside the game's partition, removed by DynamoDB's TTL;
the keys keep the shapes they were stored under before `MarkerKey`, so markers written then still count."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from infra.channels.base import GAME_OVER, REMINDER, MarkerKey, Notice
from infra.channels.memory import MemoryMarkers
from infra.channels.sns import MARKER_TTL_SECONDS, DynamoMarkers, marker_key
from infra.store.dynamodb import DynamoEventStore

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

NOTICE = Notice("g1", 7, 2, "market", 3, ("buy", "pass"))


def test_a_marked_notice_is_sent_and_expires(dynamodb: DynamoDBClient, table_name: str) -> None:
    markers = DynamoMarkers(dynamodb, table_name)
    key = MarkerKey.of(NOTICE)
    assert not markers.sent(key)
    markers.mark(key)
    assert markers.sent(key)
    assert not markers.sent(MarkerKey.of(Notice("g1", 7, 3, "market", 3, ("buy",))))
    assert not markers.sent(MarkerKey.of(NOTICE, "email"))  # another channel's marker of the same notice
    assert not markers.sent(MarkerKey.of(replace(NOTICE, kind=GAME_OVER)))
    (item,) = dynamodb.scan(TableName=table_name)["Items"]
    assert (item["pk"], item["sk"], item["kind"]) == ({"S": "NOTICE#g1"}, {"S": "V#0000000007#S2"}, {"S": "notice"})
    expires = int(item["expires_at"]["N"])
    assert time.time() + MARKER_TTL_SECONDS - 60 < expires <= time.time() + MARKER_TTL_SECONDS
    assert DynamoEventStore(table_name, dynamodb).commits("g1") == ()  # never read as part of the game


def test_every_channels_markers_are_stored_apart(dynamodb: DynamoDBClient, table_name: str) -> None:
    markers = DynamoMarkers(dynamodb, table_name)
    keys = [MarkerKey.of(NOTICE), MarkerKey.of(NOTICE, "email"), MarkerKey.of_round(NOTICE, "email"),
            MarkerKey.of(NOTICE, "push"), MarkerKey.of_round(NOTICE, "push"), MarkerKey.of(NOTICE, "webhook")]
    for key in keys:
        markers.mark(key)
    assert all(markers.sent(key) for key in keys)
    stored = sorted(i["sk"]["S"] for i in dynamodb.scan(TableName=table_name)["Items"])
    assert stored == sorted(["V#0000000007#S2", "V#0000000007#S2#your_turn.email", "V#0000000000#S2#round3.email",
                             "V#0000000007#S2#your_turn.push", "V#0000000000#S2#round3.push",
                             "V#0000000007#S2#your_turn.webhook"])
    assert markers.sent(MarkerKey.of_round(replace(NOTICE, version=9), "email"))  # the round's, whatever version
    assert not markers.sent(MarkerKey.of_round(replace(NOTICE, round=4), "email"))


def test_marker_keys_keep_their_stored_shapes() -> None:
    """The strings markers were written under before `MarkerKey` (a notice's key with its kind suffixed by the
    channel; version 0 and `roundN.channel` for a round's), as DynamoDB sort keys and as in-memory keys."""
    notice = Notice("g", 5, 1, "market", 3, ("buy",))
    over, reminder = replace(notice, kind=GAME_OVER, actions=()), replace(notice, kind=REMINDER, deadline=1.0)
    expected = [
        (MarkerKey.of(notice), "V#0000000005#S1", "g:5:1"),
        (MarkerKey.of(over), "V#0000000005#S1#game_over", "g:5:1:game_over"),
        (MarkerKey.of(reminder), "V#0000000005#S1#reminder", "g:5:1:reminder"),
        (MarkerKey.of(notice, "email"), "V#0000000005#S1#your_turn.email", "g:5:1:your_turn.email"),
        (MarkerKey.of(over, "email"), "V#0000000005#S1#game_over.email", "g:5:1:game_over.email"),
        (MarkerKey.of(reminder, "email"), "V#0000000005#S1#reminder.email", "g:5:1:reminder.email"),
        (MarkerKey.of_round(notice, "email"), "V#0000000000#S1#round3.email", "g:0:1:round3.email"),
        (MarkerKey.of(notice, "push"), "V#0000000005#S1#your_turn.push", "g:5:1:your_turn.push"),
        (MarkerKey.of_round(notice, "push"), "V#0000000000#S1#round3.push", "g:0:1:round3.push"),
        (MarkerKey.of(notice, "webhook"), "V#0000000005#S1#your_turn.webhook", "g:5:1:your_turn.webhook"),
    ]
    for key, sort_key, text in expected:
        assert (key.sort_key, key.text) == (sort_key, text), key
        assert marker_key(key) == {"pk": {"S": "NOTICE#g"}, "sk": {"S": sort_key}}
    for told in (notice, over, reminder):  # the topic's marker is the notice's own key (its `dedup_key`)
        assert MarkerKey.of(told).text == told.key == told.message()["dedup_key"]
    # A round's key is the seat's round on the channel: neither the version nor the kind told matter.
    assert MarkerKey.of_round(replace(notice, version=9, actions=()), "email") == MarkerKey.of_round(notice, "email")
    assert MarkerKey.of(Notice("g", 12, 0, "market", 3, ())).sort_key == "V#0000000012#S0"  # zero-padded to 10


def test_memory_markers_hold_the_keys_text() -> None:
    markers = MemoryMarkers()
    notice = Notice("g", 5, 1, "market", 3, ("buy",))
    markers.mark(MarkerKey.of(notice))
    markers.mark(MarkerKey.of_round(notice, "email"))
    assert markers.keys == {"g:5:1", "g:0:1:round3.email"}
    assert markers.sent(MarkerKey.of(notice)) and not markers.sent(MarkerKey.of(notice, "email"))


def test_the_table_expires_items_by_expires_at(template: dict[str, Any]) -> None:
    ttl = template["Resources"]["GamesTable"]["Properties"]["TimeToLiveSpecification"]
    assert ttl == {"AttributeName": "expires_at", "Enabled": True}
