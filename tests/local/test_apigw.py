"""Request -> API Gateway v2 event, and handler result -> HTTP response, without a server."""

from __future__ import annotations

import base64
import json

from devtools.local.apigw import HttpRequest, LambdaContext, error_response, http_event, http_response


def request(**overrides: object) -> HttpRequest:
    fields: dict[str, object] = {
        "method": "post", "target": "/games/g1/buy?a=1&a=2&b=%20x", "body": b'{"card": "water"}',
        "headers": [("Content-Type", "application/json"), ("Authorization", "Bearer t"), ("X-Dup", "1"),
                    ("x-dup", "2"), ("Cookie", "k=v; z=1")],
        "host": "127.0.0.1:3000", "source_ip": "127.0.0.9",
    }
    return HttpRequest(**(fields | overrides))  # type: ignore[arg-type]


def test_the_event_has_every_field_of_payload_format_2_0() -> None:
    event = http_event(request(), "POST /games/{game_id}/buy", {"game_id": "g1"}, now=1_700_000_000.5)
    assert event["version"] == "2.0"
    assert event["routeKey"] == event["requestContext"]["routeKey"] == "POST /games/{game_id}/buy"
    assert event["rawPath"] == "/games/g1/buy" and event["rawQueryString"] == "a=1&a=2&b=%20x"
    assert event["queryStringParameters"] == {"a": "1,2", "b": " x"}
    assert event["pathParameters"] == {"game_id": "g1"}
    assert event["headers"]["content-type"] == "application/json"
    assert event["headers"]["authorization"] == "Bearer t"
    assert event["headers"]["x-dup"] == "1,2"
    assert event["cookies"] == ["k=v", "z=1"] and "cookie" not in event["headers"]
    http = event["requestContext"]["http"]
    assert http == {"method": "POST", "path": "/games/g1/buy", "protocol": "HTTP/1.1", "sourceIp": "127.0.0.9",
                    "userAgent": ""}
    assert event["requestContext"]["stage"] == "$default"
    assert event["requestContext"]["timeEpoch"] == 1_700_000_000_500
    assert event["body"] == '{"card": "water"}' and event["isBase64Encoded"] is False


def test_without_query_params_or_body_those_keys_are_absent() -> None:
    event = http_event(request(target="/games", body=b"", headers=[]), "GET /games", {})
    assert "queryStringParameters" not in event and "pathParameters" not in event
    assert "body" not in event and "cookies" not in event
    assert event["rawQueryString"] == ""


def test_a_binary_body_is_base64() -> None:
    event = http_event(request(body=b"\xff\x00"), "POST /x", {})
    assert event["isBase64Encoded"] is True and base64.b64decode(event["body"]) == b"\xff\x00"


def test_a_v2_response_is_written_back_as_is() -> None:
    response = http_response({"statusCode": 422, "headers": {"Content-Type": "application/json"},
                              "body": '{"error": {}}', "cookies": ["a=b"]})
    assert response.status == 422 and response.body == b'{"error": {}}'
    assert ("Content-Type", "application/json") in response.headers and ("set-cookie", "a=b") in response.headers


def test_base64_bodies_are_decoded_and_bare_values_become_json() -> None:
    encoded = http_response({"statusCode": 200, "body": base64.b64encode(b"hi").decode(), "isBase64Encoded": True})
    assert encoded.body == b"hi"
    bare = http_response({"ok": True})
    assert bare.status == 200 and json.loads(bare.body) == {"ok": True}


def test_errors_have_the_api_shape() -> None:
    response = error_response(404, "not_found", "no route for GET /x")
    assert json.loads(response.body) == {"error": {"code": "not_found", "message": "no route for GET /x",
                                                   "details": {}}}


def test_the_context_looks_like_lambdas() -> None:
    context = LambdaContext("stack-Buy", memory_limit_in_mb=256, timeout_seconds=10)
    assert context.invoked_function_arn == "arn:aws:lambda:us-east-1:123456789012:function:stack-Buy"
    assert 9000 < context.get_remaining_time_in_millis() <= 10000
    assert context.aws_request_id and context.log_group_name == "/aws/lambda/stack-Buy"
