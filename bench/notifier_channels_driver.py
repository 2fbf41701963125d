"""One run of bench/notifier_channels_bench.py against the tree on PYTHONPATH, in a process of its own:
`python -m notifier_channels_driver GAMES SEED` (or `-m bench.notifier_channels_driver`) prints one JSON object:
what the notifier asked of AWS, what it sent, and its CPU time. One file that imports nothing of bench/ (the
baseline tree's may differ) and calls no hook of the container but `reset()`.

Under moto, in this process: four players (confirmed e-mail, one push device, a webhook) play GAMES four-seat lobby
games to the end through the tree's own HTTP handlers, every channel on by the environment alone (SNS topic, SES v2,
SNS push, webhooks to SQS). Then the notifier gets a fresh container and, kept warm, each game's commits one per
invocation, the game's partition written back item by item so that commit v finds the game as it was just after v.
Counting is a botocore `before-parameter-build` handler (every client has it), for calls inside the notifier's
invocations only, each DynamoDB one by the partition it names (PLAYER#, GAME#, NOTICE#, any other by its prefix).
CPU is this thread's time inside `lambda_handler`, less moto's request handling and the counting's own; the
container's first invocation (clients built, modules imported) is reported apart.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

REGION, ACCOUNT, TABLE = "eu-west-1", "123456789012", "bench-notifier"
ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION": REGION,
    "AWS_REGION": REGION, "AWS_ACCOUNT_ID_ENDPOINT_MODE": "disabled", "AWS_CONFIG_FILE": os.devnull,
    "AWS_SHARED_CREDENTIALS_FILE": os.devnull, "TABLE_NAME": TABLE,
    "TOPIC_ARN": f"arn:aws:sns:{REGION}:{ACCOUNT}:turns",
    "POWERTOOLS_SERVICE_NAME": "bench", "POWERTOOLS_METRICS_NAMESPACE": "Bench", "POWERTOOLS_TRACE_DISABLED": "1",
    "POWERTOOLS_LOG_LEVEL": "ERROR", "POWERTOOLS_METRICS_DISABLED": "1",
    # The channels: e-mail, push, webhooks (their queue's URL is set once moto has made it).
    "PAGE_BASE_URL": "https://play.bench.example", "EMAIL_FROM": "turns@bench.example",
    "SES_CONFIGURATION_SET": "bench", "APNS_APPLICATION_ARN": f"arn:aws:sns:{REGION}:{ACCOUNT}:app/APNS/distilled",
}
PLAYERS = 4
READS = {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"}
_CONDITION = re.compile(r"([#\w]+)\s*=\s*(:\w+)")


def _item_keys(op: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """The keys (or items) a DynamoDB call names: the partition of each is what it touches."""
    if op in ("GetItem", "PutItem", "UpdateItem", "DeleteItem"):
        return [params.get("Key") or params.get("Item") or {}]
    if op in ("Query", "Scan"):
        found = _CONDITION.search(params.get("KeyConditionExpression", ""))
        value = (params.get("ExpressionAttributeValues") or {}).get(found.group(2)) if found else None
        return [{"pk": value or {"S": ""}}]
    if op == "BatchGetItem":
        return [k for table in params.get("RequestItems", {}).values() for k in table.get("Keys", [])]
    if op == "BatchWriteItem":
        return [next(iter(w.values())).get("Key") or next(iter(w.values())).get("Item") or {}
                for table in params.get("RequestItems", {}).values() for w in table]
    if op in ("TransactWriteItems", "TransactGetItems"):
        return [part.get("Key") or part.get("Item") or {} for t in params.get("TransactItems", [])
                for part in t.values()]
    return [{}]


def category(pk: str) -> str:
    prefix = pk.partition("#")[0] + "#" if "#" in pk else pk or "?"
    return {"PLAYER#": "player", "GAME#": "game", "NOTICE#": "marker"}.get(prefix, prefix)


class Counts:
    """Every AWS call made while `on`, by service, operation and (DynamoDB) partition prefix; the topic's notices."""

    def __init__(self) -> None:
        self.on = False
        self.calls: Counter[str] = Counter()
        self.records: Counter[str] = Counter()  # DynamoDB items named, by operation and category
        self.told: set[tuple[str, Any, Any]] = set()  # (game, version, seat) of each notice on the topic
        self.notices = 0
        self.own = 0.0  # the hook's own CPU time

    def __call__(self, params: dict[str, Any], model: Any, **_: Any) -> None:
        if not self.on:
            return
        started = time.thread_time()
        service, op = model.service_model.service_name, model.name
        if service == "dynamodb":
            keys = _item_keys(op, params)
            kinds = Counter(category(str((k.get("pk") or {}).get("S", ""))) for k in keys)
            self.calls[f"dynamodb.{op}.{kinds.most_common(1)[0][0]}"] += 1
            for kind, n in kinds.items():
                self.records[f"{'read' if op in READS else 'write'}.{kind}"] += n
        elif service == "sns" and op == "Publish" and params.get("TopicArn"):
            self.notices += 1
            message = json.loads(params.get("Message") or "{}")
            self.told.add((str(message.get("game_id")), message.get("version"), message.get("seat", self.notices)))
            self.calls["sns.Publish.topic"] += 1
        elif service == "sns" and op == "Publish":
            self.calls["sns.Publish.endpoint"] += 1
        else:
            self.calls[f"{service}.{op}"] += 1
        self.own += time.thread_time() - started


class Gateway:
    """An ApiClient transport: template.yaml's routes, API Gateway v2 events, the tree's handlers called directly."""

    def __init__(self, root: Path) -> None:
        from devtools.local import sam
        from devtools.template import load_template

        self.specs = sam.functions(load_template(root / "template.yaml"), root)
        self.table = sam.routes(self.specs)
        self.handlers: dict[str, Any] = {}

    def __call__(self, request: Any, timeout: float) -> tuple[int, bytes]:
        import importlib

        from devtools.local import sam
        from devtools.local.apigw import HttpRequest, LambdaContext, http_event

        target = "/" + request.full_url.split("//", 1)[1].partition("/")[2]
        found = sam.find_route(self.table, request.get_method(), target.partition("?")[0])
        assert found is not None, target
        route, params = found
        spec = self.specs[route.function]
        if spec.logical_id not in self.handlers:
            self.handlers[spec.logical_id] = getattr(importlib.import_module(spec.module), spec.attr)
        body = request.data if isinstance(request.data, bytes) else b""
        event = http_event(HttpRequest(request.get_method(), target, list(request.header_items()), body),
                           route.route_key, params)
        context = LambdaContext(function_name=spec.logical_id, timeout_seconds=spec.timeout)
        result = self.handlers[spec.logical_id](event, context)
        return int(result["statusCode"]), str(result.get("body") or "").encode()


def _players(api: Any, raw: Any) -> list[str]:
    """Four players, each with a confirmed e-mail address, an enabled webhook and one push device: their keys."""
    keys = []
    for i in range(PLAYERS):
        made = api.request("POST", "/players", {"name": f"Player {i}"}, idempotent=False)
        player, key = made["player_id"], made["key"]
        api.request("PATCH", "/players/me", {"email": f"p{i}@bench.example",
                                            "webhook_url": f"https://hooks.bench.example/p{i}"}, key)
        outbox = raw.query(TableName=TABLE, KeyConditionExpression="pk = :pk",
                           ExpressionAttributeValues={":pk": {"S": f"OUTBOX#{player}"}})["Items"]
        (code,) = {json.loads(item["message"]["S"])["code"] for item in outbox}  # what the link would carry
        assert api.request("POST", "/players/me/email/confirm", {"code": code}, key)["confirmed"]
        api.request("POST", "/players/me/devices", {"platform": "apns", "token": f"{i:02x}" * 32}, key)
        keys.append(key)
    return keys


def _game(api: Any, keys: list[str], seed: int) -> str:
    """A lobby of four seats filled by the players, started, and played to the end by bots."""
    from devtools.client.bots import play

    lobby = api.request("POST", "/lobbies", {"seats": PLAYERS, "options": {}}, keys[0], idempotent=False)
    game_id = lobby["game_id"]
    for key in keys[1:]:
        api.request("POST", f"/lobbies/{game_id}/join", {"invite": lobby["invite"]}, key)
    seats = {api.game(game_id, key)["seat"]: key for key in keys}
    assert sorted(seats) == list(range(PLAYERS)), seats
    run = play(api, game_id, seats, random.Random(seed))
    assert run.finished, f"the game of seed {seed} did not finish"
    return str(game_id)


def stream_record(item: dict[str, Any], sequence: int) -> dict[str, Any]:
    """The Lambda record of a new item, as a NEW_IMAGE stream hands it over (the table is made without a stream:
    moto keeping one costs every write, and this driver knows what it wrote)."""
    return {"eventID": f"bench-{sequence}", "eventName": "INSERT", "eventVersion": "1.1",
            "eventSource": "aws:dynamodb", "awsRegion": REGION,
            "eventSourceARN": f"arn:aws:dynamodb:{REGION}:{ACCOUNT}:table/{TABLE}/stream/2026-01-01T00:00:00.000",
            "dynamodb": {"ApproximateCreationDateTime": int(time.time()), "Keys": {"pk": item["pk"], "sk": item["sk"]},
                         "NewImage": item, "SequenceNumber": str(sequence).zfill(21), "SizeBytes": len(str(item)),
                         "StreamViewType": "NEW_IMAGE"}}


@contextlib.contextmanager
def _moto_timed(spent: list[float]) -> Any:
    """moto's request handling (it serves each request in the calling thread) timed apart, into spent[0]."""
    from moto.core.botocore_stubber import BotocoreStubber

    original = BotocoreStubber.__call__

    def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return original(self, *args, **kwargs)
        finally:
            spent[0] += time.thread_time() - started

    BotocoreStubber.__call__ = timed  # type: ignore[method-assign]
    try:
        yield
    finally:
        BotocoreStubber.__call__ = original  # type: ignore[method-assign]


def _notify(games: list[str], raw: Any, counts: Counts) -> dict[str, Any]:
    """Each game's commits, one per invocation, to the notifier in a warm container of its own."""
    from devtools.local.apigw import LambdaContext
    from functions import container, notifier

    partitions = {}
    for game_id in games:
        pages = raw.get_paginator("query").paginate(TableName=TABLE, KeyConditionExpression="pk = :pk",
                                                    ExpressionAttributeValues={":pk": {"S": f"GAME#{game_id}"}})
        partitions[game_id] = [item for page in pages for item in page["Items"]]
        keys = [{"DeleteRequest": {"Key": {"pk": i["pk"], "sk": i["sk"]}}} for i in partitions[game_id]]
        for at in range(0, len(keys), 25):
            assert not raw.batch_write_item(RequestItems={TABLE: keys[at:at + 25]})["UnprocessedItems"]
    container.reset()  # the notifier's own container: built from the environment on first use, then kept warm
    commits, handler, moto, first, warm_notices = 0, 0.0, [0.0], 0.0, 0
    for game_id in games:
        items = partitions[game_id]  # by sort key: commit v, then the snapshot taken at v (if any), then v + 1
        for i, item in enumerate(items):
            if item["kind"]["S"] == "snapshot" and i and items[i - 1]["version"] == item["version"]:
                continue  # written with its commit
            raw.put_item(TableName=TABLE, Item=item)
            if item["kind"]["S"] != "commit":
                continue  # the mapping's FilterCriteria
            if i + 1 < len(items) and items[i + 1]["kind"]["S"] == "snapshot" \
                    and items[i + 1]["version"] == item["version"]:
                raw.put_item(TableName=TABLE, Item=items[i + 1])  # taken at v, before the stream is read
            context = LambdaContext(function_name="NotifierFunction", timeout_seconds=30)
            event = {"Records": [stream_record(item, commits + 1)]}
            own, spent_moto, notices = counts.own, moto[0], counts.notices
            counts.on = True
            with _moto_timed(moto):
                started = time.thread_time()
                answer = notifier.lambda_handler(event, context)
                spent = time.thread_time() - started
            counts.on = False
            assert not answer["batchItemFailures"], answer
            spent -= (counts.own - own) + (moto[0] - spent_moto)
            if commits:  # the container's first invocation (clients built, modules imported) is reported apart
                handler, warm_notices = handler + spent, warm_notices + counts.notices - notices
            else:
                first = spent
            commits += 1
    return {"commits": commits, "cpu_s": handler, "cpu_notices": warm_notices, "first_invocation_s": first,
            "moto_s": moto[0]}


def main(argv: list[str]) -> None:
    games, seed = (int(argv[1]) if len(argv) > 1 else 2), (int(argv[2]) if len(argv) > 2 else 4)
    os.environ.update(ENVIRONMENT)
    for name in ("AWS_PROFILE", "WEBHOOKS_ALLOW_LOOPBACK"):
        os.environ.pop(name, None)
    import boto3
    from botocore.handlers import BUILTIN_HANDLERS
    from moto import mock_aws

    counts = Counts()
    # Registered on every botocore session made from here on (the default one and any other), so on every client.
    BUILTIN_HANDLERS.append(("before-parameter-build", counts))
    with mock_aws(), contextlib.redirect_stdout(sys.stderr):  # the handlers' log lines: not the answer
        raw_session = boto3.session.Session()  # the driver's own clients (never called while counting)
        raw = raw_session.client("dynamodb")
        from devtools.template import load_template, table_definition
        from functions import container

        root = Path(container.__file__).resolve().parents[1]
        table = table_definition(load_template(root / "template.yaml"))
        raw.create_table(TableName=TABLE, **{k: v for k, v in table.items() if k != "StreamSpecification"})
        raw_session.client("sns").create_topic(Name="turns")
        raw_session.client("sns").create_platform_application(Name="distilled", Platform="APNS", Attributes={})
        ses = raw_session.client("ses")
        ses.verify_email_identity(EmailAddress=ENVIRONMENT["EMAIL_FROM"])
        ses.create_configuration_set(ConfigurationSet={"Name": ENVIRONMENT["SES_CONFIGURATION_SET"]})
        os.environ["WEBHOOK_QUEUE_URL"] = raw_session.client("sqs").create_queue(QueueName="webhooks")["QueueUrl"]
        _seed(container, seed)

        from devtools.client.http import ApiClient

        api = ApiClient("https://api.bench.example", transport=Gateway(root), retries=0)
        keys = _players(api, raw)
        played = [_game(api, keys, seed + g) for g in range(games)]
        found = _notify(played, raw, counts)
        container.reset()
    print(json.dumps({**found, "games": games, "tree": str(root), "notices": counts.notices,
                      "seat_commits": len(counts.told), "calls": dict(counts.calls),
                      "records": dict(counts.records), "process_cpu_s": time.process_time()}))


def _seed(container: Any, seed: int) -> None:
    """The games' deals from `seed`, so that both trees play the very same games (paired runs): the composition
    root's one object of fakes where the tree has it, the older trees' `override` else."""
    rng = random.Random(seed)
    if hasattr(container, "install"):
        from service.bootstrap import Given

        container.install(Given(rng=rng))
    else:
        container.override(rng=rng)


if __name__ == "__main__":
    main(sys.argv)
