"""The players' routes through their handlers under moto, as API Gateway calls them (routes from template.yaml),
the confirmation e-mail through the table's stream and the notifier to SNS, every AWS call checked against the
function's grants."""

from __future__ import annotations

from typing import Any

import pytest

from functions import container, notifier
from tests.service.gateway import FakeContext, Gateway, Reply
from tests.service.iam import assert_within_policies
from tests.service.streams import StreamReader
from tests.service.support import TABLE_NAME, AwsWorld

NOTIFIER = "functions/notifier.lambda_handler"


@pytest.fixture
def gw(aws: AwsWorld) -> Gateway:
    gateway = Gateway()
    gateway.operations.watch(container.dynamodb())
    return gateway


def created(gw: Gateway, name: str = "Ada", **body: Any) -> tuple[str, str]:
    reply = gw.post("/players", {"name": name, **body})
    assert reply.status == 201, reply.body
    assert reply.headers["Location"] == "/players/me"
    return reply.body["player_id"], reply.body["key"]


def relay(aws: AwsWorld, gw: Gateway, stream: StreamReader) -> list[dict[str, Any]]:
    """Hand the stream's new records to the notifier, as the event source mapping would; what it published."""
    with gw.operations.running(NOTIFIER):
        assert notifier.lambda_handler({"Records": stream.read()}, FakeContext()) == {"batchItemFailures": []}
    return aws.messages()


def test_create_read_update_and_the_profile_shape(gw: Gateway) -> None:
    player_id, key = created(gw, "Ada", time_zone="Europe/Paris")
    me = gw.get("/players/me", token=key)
    assert me.status == 200
    assert me.body == {**me.body, "player_id": player_id, "name": "Ada", "time_zone": "Europe/Paris", "revision": 1,
                       "contacts": {"email": None, "webhook_url": None, "push_endpoint": None}}
    patched = gw.request("PATCH", "/players/me", {"webhook_url": "https://hooks.example.org/d", "name": "Ada L."},
                         token=key)
    assert patched.status == 200 and patched.body["revision"] == 2
    assert patched.body["contacts"]["webhook_url"] == "https://hooks.example.org/d"
    cleared = gw.request("PATCH", "/players/me", {"webhook_url": None}, token=key)
    assert cleared.body["contacts"]["webhook_url"] is None and cleared.body["name"] == "Ada L."
    stale = gw.request("PATCH", "/players/me", {"name": "Old", "expected_revision": 2}, token=key)
    assert (stale.status, stale.code, stale.body["error"]["details"]) == (
        409, "stale_revision", {"expected_revision": 2, "revision": 3})
    assert_within_policies(gw.operations)


@pytest.mark.parametrize(("body", "loc"), [
    ({"name": ""}, ["body", "name"]), ({"name": 3}, ["body", "name"]), ({}, ["body", "name"]),
    ({"name": "Ada", "admin": True}, ["body", "admin"]),
])
def test_a_bad_new_player_is_refused_with_the_field_named_and_nothing_written(
        gw: Gateway, aws: AwsWorld, body: dict[str, Any], loc: list[str]) -> None:
    reply = gw.post("/players", body)
    assert (reply.status, reply.code) == (422, "invalid_request")
    assert loc in [e["loc"] for e in reply.body["error"]["details"]["errors"]]
    assert aws.dynamodb.scan(TableName=TABLE_NAME)["Count"] == 0


@pytest.mark.parametrize(("body", "field"), [
    ({"email": "nope"}, "email"), ({"webhook_url": "http://x.example"}, "webhook_url"), ({"name": None}, "name"),
    ({"push_endpoint": "https://a:b@push.example"}, "push_endpoint"), ({"time_zone": 5}, "time_zone"),
    ({"revision": 9}, "revision"),
])
def test_a_bad_change_is_refused_with_the_field_named_and_nothing_written(
        gw: Gateway, body: dict[str, Any], field: str) -> None:
    _, key = created(gw)
    before = gw.get("/players/me", token=key).body
    reply = gw.request("PATCH", "/players/me", body, token=key)
    assert (reply.status, reply.code) == (422, "invalid_request")
    assert ["body", field] in [e["loc"] for e in reply.body["error"]["details"]["errors"]]
    assert gw.get("/players/me", token=key).body == before


def test_a_zone_the_tz_database_does_not_know_is_refused_by_its_own_code(gw: Gateway) -> None:
    """No schema can say which names the tz database has: that refusal is a code of its own, not the schema's."""
    reply = gw.post("/players", {"name": "Ada", "time_zone": "Nowhere/Land"})
    assert (reply.status, reply.code) == (422, "unknown_time_zone")
    assert ["body", "time_zone"] in [e["loc"] for e in reply.body["error"]["details"]["errors"]]


def test_every_bad_key_gets_one_and_the_same_401(gw: Gateway) -> None:
    player_id, key = created(gw)
    rotated = gw.post("/players/me/key", token=key)
    assert rotated.status == 200 and rotated.body["player_id"] == player_id and rotated.body["key"] != key
    answers: list[Reply] = []
    for headers in [{}, {"Authorization": f"Bearer {key}"}, {"Authorization": "Bearer garbage"},
                    {"Authorization": key}, {"Authorization": f"Bearer {player_id}.wrong"},
                    {"Authorization": "Bearer pAAAAAAAAAAAAAAAA.x"}]:
        for method, path, body in [("GET", "/players/me", None), ("PATCH", "/players/me", {"name": "Mallory"}),
                                   ("PATCH", "/players/me", {"name": 5, "extra": True}),
                                   ("POST", "/players/me/key", None),
                                   ("POST", "/players/me/email/confirm", {"code": "abc"})]:
            answers.append(gw.request(method, path, body, headers=headers))
    assert {(a.status, a.text, a.headers.get("WWW-Authenticate")) for a in answers} == {
        (401, answers[0].text, 'Bearer realm="distilled"')}
    me = gw.get("/players/me", token=rotated.body["key"])
    assert me.status == 200 and me.body["name"] == "Ada" and me.body["revision"] == 2


def test_a_new_email_is_pending_until_its_link_is_opened(gw: Gateway, aws: AwsWorld) -> None:
    stream = StreamReader(aws.dynamodb)
    player_id, key = created(gw)
    assert relay(aws, gw, stream) == []  # a new player is not a message
    pending = gw.request("PATCH", "/players/me", {"email": "ada@example.org"}, token=key,
                         headers={"Host": "api.example.org", "X-Forwarded-Proto": "https"})
    email = pending.body["contacts"]["email"]
    assert email["address"] == "ada@example.org" and email["confirmed"] is False and email["confirmation_expires_at"]
    [message] = relay(aws, gw, stream)
    code = message["code"]
    assert message["kind"] == "confirm_email" and message["to"] == "ada@example.org"
    assert message["link"] == f"https://api.example.org/players/{player_id}/confirm-email?code={code}"
    assert code not in pending.text
    outbox = aws.dynamodb.query(TableName=TABLE_NAME, KeyConditionExpression="pk = :pk",
                                ExpressionAttributeValues={":pk": {"S": f"OUTBOX#{player_id}"}})
    assert outbox["Count"] == 0, "a relayed outbox item (and its code) is deleted"

    wrong = gw.get(f"/players/{player_id}/confirm-email", query={"code": "0" * 32})
    assert (wrong.status, wrong.code) == (422, "invalid_code")
    assert gw.get("/players/pNoSuchPlayer0000/confirm-email", query={"code": code}).status == 404
    assert gw.get(f"/players/{player_id}/confirm-email").status == 422  # no code at all
    opened = gw.get(f"/players/{player_id}/confirm-email", query={"code": code})
    assert opened.status == 200 and opened.body["confirmed"] and not opened.body["already_confirmed"]
    again = gw.post("/players/me/email/confirm", {"code": code}, token=key)
    assert again.status == 200 and again.body["already_confirmed"]
    assert gw.get("/players/me", token=key).body["contacts"]["email"] == {
        "address": "ada@example.org", "confirmed": True, "confirmation_expires_at": None,
        "disabled_reason": None, "disabled_since": None}
    assert relay(aws, gw, stream) == []  # confirming sends nothing
    assert_within_policies(gw.operations)
