"""Snapshot items are compressed; games stored before that still load (from their commits)."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING

from devtools.bots import random_bot
from domain import to_act
from domain.options import SeatSpec
from infra.store.dynamodb import DynamoEventStore
from service.games import pipeline
from service.games.repository import SNAPSHOT_EVERY, Aggregate, fold_commits, load

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient

OLD_FINGERPRINT = 1305537064  # SNAPSHOT_SCHEMA_VERSION before compressed snapshots


def test_a_snapshot_is_compressed_and_an_old_string_snapshot_is_replayed_past(
    dynamodb: DynamoDBClient, table_name: str
) -> None:
    store, rng = DynamoEventStore(table_name, dynamodb), random.Random(3)
    game = pipeline.create_game(store, [SeatSpec(name=n) for n in "ABC"], rng=rng).aggregate
    for _ in range(SNAPSHOT_EVERY + 2):
        seat = rng.choice(to_act(game.state))
        game = pipeline.handle(store, game.game_id, seat, random_bot(game.state, seat, rng), rng=rng,
                               loaded=game).aggregate
    key = {"pk": {"S": f"GAME#{game.game_id}"}, "sk": {"S": f"V#{SNAPSHOT_EVERY:010d}#S"}}
    item = dynamodb.get_item(TableName=table_name, Key=key)["Item"]
    assert set(item["payload"]) == {"B"} and len(item["payload"]["B"]) < 4096
    dynamodb.delete_item(TableName=table_name, Key=key)
    old = {**item, "schema_version": {"N": str(OLD_FINGERPRINT)},
           "payload": {"S": json.dumps({"state": {}, "processed": {}, "token_sha256": [], "contacts": []})}}
    dynamodb.put_item(TableName=table_name, Item=old)  # as the code before this change wrote it
    loaded = load(DynamoEventStore(table_name, dynamodb), game.game_id)
    assert loaded.snapshot_version == 0 and loaded.state == game.state
    assert loaded == fold_commits(Aggregate(game.game_id), store.commits(game.game_id))
