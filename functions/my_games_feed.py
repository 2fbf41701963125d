"""The "my games" read model (service/my_games.py), kept by the notifier from the table's stream: a game's
entries from the newest state the notifier folded for its notices anyway (no second read), a lobby's from the
lobby item the stream carries (kind `lobby`, INSERT or MODIFY: the mapping's filter passes them).

Every write is conditional on the game's version (a lobby's revision): a repeated or late record writes nothing
older than what is stored, so at-least-once delivery in any order converges on the newest entry. A failed write
fails its record, and the stream delivers it again.
"""

from __future__ import annotations

from collections.abc import Iterable

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import (
    DynamoDBRecord,
    DynamoDBRecordEventName,
)

from functions import container
from functions.observability import metrics
from infra.lobbies.base import LOBBY_PREFIX, LobbyRecord, from_json
from infra.my_games import GameEntry
from service.games.repository import Aggregate
from service.my_games import game_entries, lobby_entries

LOBBY_KIND = "lobby"
_CHANGES = (DynamoDBRecordEventName.INSERT, DynamoDBRecordEventName.MODIFY)


def lobby_item(record: DynamoDBRecord) -> LobbyRecord | None:
    """The lobby a newly written (or rewritten) lobby item holds; None for anything else."""
    if record.event_name not in _CHANGES or record.dynamodb is None:
        return None
    image = record.dynamodb.new_image
    pk = image.get("pk")
    if image.get("kind") != LOBBY_KIND or not isinstance(pk, str) or not pk.startswith(LOBBY_PREFIX):
        return None
    return from_json(str(image["lobby"]))


def keep(entries: Iterable[GameEntry]) -> int:
    """Write each entry unless a newer one is stored; how many were written."""
    store = container.my_games_store()
    written = sum(1 for entry in entries if store.put(entry))
    if written:
        metrics.add_metric(name="MyGamesEntriesWritten", unit=MetricUnit.Count, value=written)
    return written


def keep_lobby(record: LobbyRecord) -> int:
    return keep(lobby_entries(record))


def keep_game(newest: Aggregate | None, recorded_at: str | None) -> int:
    if newest is None or recorded_at is None or not any(newest.players):
        return 0  # a game made by POST /games has no players: nobody's "my games" lists it
    return keep(game_entries(newest, recorded_at))
