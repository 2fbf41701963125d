"""`python -m devtools.sample_events`: write events/<FunctionLogicalId>.json, one sample event per function of
template.yaml, for `sam local invoke <Function> -e events/<Function>.json`.

The API events are built by the local server's own translation (devtools/local/apigw.py), so they have the
shape API Gateway (HTTP API, payload 2.0) sends; the live socket's routes get the WebSocket API's events (a
connection to the sample game, a ping); the stream consumers' is one DynamoDB stream record of a new commit.
Replace SAMPLE_TOKEN with a seat token of a real game to act as that seat. tests/local/test_sample_events.py
fails when these files drift from the template, and invokes every handler with its sample.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from devtools.local import sam
from devtools.local.apigw import HttpRequest, http_event
from devtools.template import TEMPLATE_PATH, load_template

EVENTS_DIR = TEMPLATE_PATH.parent / "events"
SAMPLE_GAME = "sampleGame01"
SAMPLE_TOKEN = "replace-with-a-seat-token"
SAMPLE_TIME = 1_780_000_000.0
SAMPLE_PLAYER = "pSamplePlayer0001"
SAMPLE_PLAYER_KEY = "replace-with-a-player-key"
SAMPLE_CODE = "replace-with-the-code"
SAMPLE_LINK = "replace-with-a-link-token"
# The players' routes (functions/players/): a body for each that takes one.
PLAYER_BODIES: dict[str, dict[str, Any]] = {
    "POST /players": {"name": "Ada", "time_zone": "Europe/Paris"},
    "PATCH /players/me": {"time_zone": "Europe/London"},
    "POST /players/me/email/confirm": {"code": SAMPLE_CODE},
}
# The lobbies' routes (functions/lobbies/): a body for each that takes one.
LOBBY_BODIES: dict[str, dict[str, Any]] = {
    "POST /lobbies": {"seats": 2, "options": {"flight": "A"}},
    "POST /lobbies/{game_id}/join": {"invite": SAMPLE_CODE},
    "POST /lobbies/{game_id}/seats/{seat}/replace": {"bot": True, "name": "Robo"},
}
# A body for each command route: well-formed, so a handler answers with the rules' verdict on it.
SAMPLE_FIELDS: dict[str, dict[str, Any]] = {
    "choose_distiller": {"distiller": "jeong"}, "buy": {"source": "basic", "card": "yeast"},
    "gain": {"card": "yeast"}, "look": {"deck": "upgrades"}, "reveal": {"deck": "ingredients"}, "decline": {},
    "pass": {}, "trade": {"give": "barley", "take": "yeast"}, "distill": {"washback": ["yeast", "water",
                                                                                          "mixed_grains"]},
    "redistill": {}, "resign": {}, "take_back": {},
    "skip_distill": {}, "name_spirit": {"recipe": "vodka", "barrel": "metal_barrel"},
    "keep_flavor": {"card": "flavor_oaky"}, "double_flavor": {"card": "flavor_oaky"},
    "sell": {"spirit": 1, "bottle": "glass_bottle"}, "place_label": {"space": 0}, "age": {"warehouse": 1},
    "taste": {"sp": 0}, "discard_goal": {"goal": "monarch"}, "claim_goal": {"goal": "C6"}, "decline_goals": {},
    "swap_goals": {"row": 0, "a": 0, "b": 1},
}


def _player_event(route: sam.Route) -> dict[str, Any]:
    path = route.path.replace("{player_id}", SAMPLE_PLAYER)
    headers = [("host", "127.0.0.1:3000"), ("user-agent", "sam-local-sample")]
    if route.path.startswith("/players/me"):
        headers.append(("authorization", f"Bearer {SAMPLE_PLAYER_KEY}"))
    body = json.dumps(PLAYER_BODIES[route.route_key]).encode() if route.route_key in PLAYER_BODIES else b""
    if body:
        headers.append(("content-type", "application/json"))
    target = f"{path}?code={SAMPLE_CODE}" if "{player_id}" in route.path else path
    params = {"player_id": SAMPLE_PLAYER} if "{player_id}" in route.path else {}
    event = http_event(HttpRequest(route.method, target, headers, body), route.route_key, params, now=SAMPLE_TIME)
    event["requestContext"]["requestId"] = f"sample-{route.function}"
    return event


def _lobby_event(route: sam.Route) -> dict[str, Any]:
    """A lobby route, or the host's reissue of a seat token: as the sample player, on the sample game's lobby."""
    params = {k: v for k, v in (("game_id", SAMPLE_GAME), ("seat", "1")) if f"{{{k}}}" in route.path}
    path = route.path.replace("{game_id}", SAMPLE_GAME).replace("{seat}", "1")
    headers = [("host", "127.0.0.1:3000"), ("user-agent", "sam-local-sample"),
               ("authorization", f"Bearer {SAMPLE_PLAYER_KEY}")]
    body = json.dumps(LOBBY_BODIES[route.route_key]).encode() if route.route_key in LOBBY_BODIES else b""
    if body:
        headers.append(("content-type", "application/json"))
    target = f"{path}?open=true" if route.route_key == "GET /lobbies" else path
    event = http_event(HttpRequest(route.method, target, headers, body), route.route_key, params, now=SAMPLE_TIME)
    event["requestContext"]["requestId"] = f"sample-{route.function}"
    return event


def _link_event(route: sam.Route) -> dict[str, Any]:
    """A page link minted with the sample seat token, or the sample link exchanged for a session."""
    headers = [("host", "127.0.0.1:3000"), ("user-agent", "sam-local-sample"), ("content-type", "application/json")]
    if route.path == "/sessions":
        body, params = json.dumps({"link_token": SAMPLE_LINK}).encode(), {}
    else:
        body, params = b"{}", {"game_id": SAMPLE_GAME}
        headers.append(("authorization", f"Bearer {SAMPLE_TOKEN}"))
    path = route.path.replace("{game_id}", SAMPLE_GAME)
    event = http_event(HttpRequest(route.method, path, headers, body), route.route_key, params, now=SAMPLE_TIME)
    event["requestContext"]["requestId"] = f"sample-{route.function}"
    return event


def _unsubscribe_event(route: sam.Route) -> dict[str, Any]:
    """One-click unsubscribe (functions/mail/): a token of the right shape that names nothing."""
    token = "u~" + "S" * 32
    headers = [("host", "127.0.0.1:3000"), ("user-agent", "sam-local-sample")]
    body = b""
    if route.method == "POST":
        body = b"List-Unsubscribe=One-Click"
        headers.append(("content-type", "application/x-www-form-urlencoded"))
    event = http_event(HttpRequest(route.method, route.path.replace("{token}", token), headers, body),
                       route.route_key, {"token": token}, now=SAMPLE_TIME)
    event["requestContext"]["requestId"] = f"sample-{route.function}"
    return event


def _feedback_event() -> dict[str, Any]:
    """An SES bounce event as the feedback topic delivers it (functions/email_feedback.py)."""
    message = {"eventType": "Bounce", "bounce": {"bounceType": "Permanent", "bounceSubType": "General",
                                                 "bouncedRecipients": [{"emailAddress": "bounce@example.org"}]},
               "mail": {"messageId": "sample-message", "destination": ["bounce@example.org"]}}
    return {"Records": [{"EventSource": "aws:sns", "EventVersion": "1.0", "EventSubscriptionArn":
                         "arn:aws:sns:us-east-1:123456789012:feedback:sample",
                         "Sns": {"Type": "Notification", "MessageId": "sample-1", "Subject": None,
                                 "TopicArn": "arn:aws:sns:us-east-1:123456789012:feedback",
                                 "Message": json.dumps(message), "Timestamp": "2026-01-01T00:00:00.000Z",
                                 "MessageAttributes": {}}}]}


def _inbound_mail_event() -> dict[str, Any]:
    """An SES receipt rule's Lambda action (functions/mail/inbound.py): the raw mail is in S3 under its id."""
    verdict = {"status": "PASS"}
    return {"Records": [{"eventSource": "aws:ses", "eventVersion": "1.0", "ses": {
        "mail": {"messageId": "sample-message", "source": "ann@example.org", "destination": ["play@example.org"]},
        "receipt": {"recipients": ["play@example.org"], "spfVerdict": verdict, "dkimVerdict": verdict,
                    "spamVerdict": verdict, "virusVerdict": verdict, "dmarcVerdict": verdict,
                    "action": {"type": "Lambda", "invocationType": "Event"}}}}]}


def _api_event(route: sam.Route) -> dict[str, Any]:
    if route.path.startswith("/unsubscribe/"):
        return _unsubscribe_event(route)
    if route.route_key in ("POST /sessions", "POST /games/{game_id}/links"):
        return _link_event(route)
    if route.path.startswith("/players"):
        return _player_event(route)
    if route.path.startswith("/lobbies") or route.path.startswith("/games/{game_id}/seats/"):
        return _lobby_event(route)
    path = route.path.replace("{game_id}", SAMPLE_GAME)
    headers = [("host", "127.0.0.1:3000"), ("user-agent", "sam-local-sample")]
    body = b""
    if route.method == "POST" and route.path == "/games":
        body = json.dumps({"seats": [{"name": "Ada"}, {"name": "Grace"}], "options": {"flight": "A"}}).encode()
    elif route.method == "POST":
        command = route.path.rsplit("/", 1)[1]
        body = json.dumps({"command_id": f"sample-{command}", **SAMPLE_FIELDS[command]}).encode()
        headers.append(("authorization", f"Bearer {SAMPLE_TOKEN}"))
    elif route.path == "/games/{game_id}/catch-up":  # a seat's alone
        headers.append(("authorization", f"Bearer {SAMPLE_TOKEN}"))
    if body:
        headers.append(("content-type", "application/json"))
    method = "GET" if route.method == "ANY" else route.method
    target = "/no/such/route" if route.path == "$default" else path
    params = {"game_id": SAMPLE_GAME} if "{game_id}" in route.path else {}
    event = http_event(HttpRequest(method, target, headers, body), route.route_key, params, now=SAMPLE_TIME)
    event["requestContext"]["requestId"] = f"sample-{route.function}"
    return event


def _stream_event() -> dict[str, Any]:
    """One INSERT of a commit item: the game's first version, as the table's stream (NEW_IMAGE) delivers it."""
    keys = {"pk": {"S": f"GAME#{SAMPLE_GAME}"}, "sk": {"S": "V#0000000001#C"}}
    image = {**keys, "kind": {"S": "commit"}, "version": {"N": "1"}}
    return {"Records": [{
        "eventID": "sample-1", "eventName": "INSERT", "eventVersion": "1.1", "eventSource": "aws:dynamodb",
        "awsRegion": "us-east-1",
        "dynamodb": {"Keys": keys, "NewImage": image, "SequenceNumber": "100000000000000000001",
                     "SizeBytes": 120, "StreamViewType": "NEW_IMAGE"},
        "eventSourceARN": "arn:aws:dynamodb:us-east-1:123456789012:table/games/stream/2026-01-01T00:00:00.000",
    }]}


def _queue_event() -> dict[str, Any]:
    """One SQS message of the webhook queue (service/notices/webhook/channel.py): for the sample player, who has no
    webhook."""
    body = {"player_id": SAMPLE_PLAYER, "generation": 2, "delivery": f"{SAMPLE_GAME}:1:0:your_turn", "attempt": 1,
            "body": {"kind": "your_turn", "game_id": SAMPLE_GAME, "version": 1, "seat": 0, "link": None}}
    return {"Records": [{
        "messageId": "sample-message-1", "receiptHandle": "sample-receipt", "body": json.dumps(body),
        "attributes": {"ApproximateReceiveCount": "1", "SentTimestamp": "1767225600000"},
        "messageAttributes": {}, "md5OfBody": "", "eventSource": "aws:sqs", "awsRegion": "us-east-1",
        "eventSourceARN": "arn:aws:sqs:us-east-1:123456789012:webhooks",
    }]}


def _socket_event(route: str) -> dict[str, Any]:
    """A WebSocket route's event (devtools/local/live.py): a connection to the sample game, a ping."""
    from devtools.local.live import socket_event

    headers = [("host", "127.0.0.1:3000"), ("user-agent", "sam-local-sample"), ("upgrade", "websocket")]
    request = HttpRequest("GET", f"/live?game_id={SAMPLE_GAME}", headers)
    event = socket_event(route, "sampleConnection0=", request, "live", SAMPLE_TIME, now=SAMPLE_TIME,
                         query={"game_id": SAMPLE_GAME} if route == "$connect" else None,
                         body='{"action": "ping"}' if route == "$default" else None)
    event["requestContext"] |= {"requestId": f"sample-{route}", "extendedRequestId": f"sample-{route}"}
    if "messageId" in event["requestContext"]:
        event["requestContext"]["messageId"] = "sample-message"
    return event


# Functions invoked by the schedules the service makes at run time (not in the template): their schedule's input.
SCHEDULE_INPUTS: dict[str, dict[str, Any]] = {"ClockTickFunction": {"game_id": SAMPLE_GAME}}


def sample_events() -> dict[str, dict[str, Any]]:
    """Each function's sample event, by logical id."""
    template = load_template(TEMPLATE_PATH)
    specs = sam.functions(template, TEMPLATE_PATH.parent)
    out: dict[str, dict[str, Any]] = {}
    for route in sam.routes(specs):  # most specific first: a function of several routes gets its first
        out.setdefault(route.function, _api_event(route))
    api = sam.socket_api(template)
    out |= {function: _socket_event(route) for route, function in (api.routes if api else {}).items()}
    for logical_id, spec in specs.items():
        if any(e.get("Type") in ("Schedule", "ScheduleV2") for e in spec.events.values()):
            out.setdefault(logical_id, {})  # a rate schedule's invocation carries no input
    out |= {k: v for k, v in SCHEDULE_INPUTS.items() if k in specs}
    if "InboundMailFunction" in specs:
        out["InboundMailFunction"] = _inbound_mail_event()
    for logical_id in specs:
        events = template["Resources"][logical_id]["Properties"].get("Events") or {}
        by_topic = any(e.get("Type") == "SNS" for e in events.values())
        queued = any(e.get("Type") == "SQS" for e in events.values())
        out.setdefault(logical_id, _feedback_event() if by_topic else _queue_event() if queued else _stream_event())
    return dict(sorted(out.items()))


def text(event: dict[str, Any]) -> str:
    return json.dumps(event, indent=2, sort_keys=True) + "\n"


def main() -> int:
    EVENTS_DIR.mkdir(exist_ok=True)
    events = sample_events()
    for stale in set(EVENTS_DIR.glob("*.json")) - {EVENTS_DIR / f"{k}.json" for k in events}:
        stale.unlink()
    for logical_id, event in events.items():
        (EVENTS_DIR / f"{logical_id}.json").write_text(text(event), encoding="utf-8")
    print(f"{len(events)} sample events in {EVENTS_DIR}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
