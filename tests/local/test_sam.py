"""Functions, routes and stream sources read from a SAM template."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from devtools.client.actions import route_of
from devtools.local.sam import Route, find_route, functions, routes, stream_sources
from devtools.template import TEMPLATE_PATH, load_template
from domain.commands import COMMAND_TYPES

HERE = Path(__file__).parent
FAKE = load_template(HERE / "fake_template.yaml")


def test_handlers_resolve_against_code_uri_and_globals_apply() -> None:
    specs = functions(FAKE, HERE)
    echo = specs["Echo"]
    assert echo.code_root == HERE.parents[1] and echo.module == "tests.local.fake_handlers" and echo.attr == "echo"
    assert echo.timeout == 10 and echo.memory == 128
    assert set(specs["Notifier"].environment) == {"TABLE_NAME", "STAGE", "TOPIC_ARN", "DLQ_URL"}


def test_routes_come_from_http_api_events() -> None:
    table = routes(functions(FAKE, HERE))
    assert {r.route_key for r in table} == {"GET /echo/{name}", "ANY /files/{path+}", "POST /notes/{note_id}",
                                            "GET /notes/{note_id}"}


def test_literal_segments_win_over_variables_and_greedy_comes_last() -> None:
    table = sorted([Route("ANY", "/{proxy+}", "Proxy"), Route("GET", "/games/{game_id}", "Game"),
                    Route("GET", "/games/{game_id}/events", "Events"), Route("POST", "/games/{game_id}/{cmd}", "Cmd"),
                    Route("POST", "/games/{game_id}/buy", "Buy"), Route("ANY", "$default", "NotFound")],
                   key=lambda r: r.specificity)
    buy = next(r for r in table if r.function == "Buy")
    assert find_route(table, "POST", "/games/g1/buy") == (buy, {"game_id": "g1"})
    assert find_route(table, "POST", "/games/g1/sell")[0].function == "Cmd"  # type: ignore[index]
    assert find_route(table, "GET", "/games/g%2F1/events")[1] == {"game_id": "g/1"}  # type: ignore[index]
    assert find_route(table, "GET", "/games/g1/")[0].function == "Game"  # type: ignore[index]
    assert find_route(table, "DELETE", "/other/path")[0].function == "Proxy"  # type: ignore[index]
    assert find_route(table[-1:], "PATCH", "/x") == (table[-1], {})
    assert find_route(table[:-2], "GET", "/nope") is None


def test_stream_sources_keep_the_mapping_settings() -> None:
    [source] = stream_sources(functions(FAKE, HERE))
    assert (source.function, source.table, source.batch_size, source.max_retries) == ("Notifier", "Notes", 10, 2)
    assert source.report_failures and source.on_failure == {"Fn::GetAtt": ["DeadLetters", "Arn"]}
    assert source.filters == ['{"eventName": ["INSERT"]}']


# --- the real template.yaml -------------------------------------------------------------------------------

REAL = load_template(TEMPLATE_PATH)
REAL_SPECS = functions(REAL, TEMPLATE_PATH.parent)
REAL_ROUTES = routes(REAL_SPECS)


def test_every_handler_of_the_template_exists() -> None:
    # Found, not imported: handlers must be imported after their environment is set (the e2e server does).
    for spec in REAL_SPECS.values():
        assert spec.code_root == TEMPLATE_PATH.parent
        assert importlib.util.find_spec(spec.module) is not None, spec.logical_id


def test_the_client_posts_every_command_to_a_route_of_the_template() -> None:
    for command_type in COMMAND_TYPES:
        found = find_route(REAL_ROUTES, "POST", f"/games/g1/{route_of(command_type)}")
        assert found is not None and found[0].path != "$default", command_type


def test_the_real_notifier_mapping_is_found_as_a_plain_resource() -> None:
    [source] = [s for s in stream_sources(REAL_SPECS, REAL) if s.function == "NotifierFunction"]
    assert (source.function, source.table) == ("NotifierFunction", "GamesTable")
    assert source.report_failures and 0 < source.max_retries <= 10
    assert source.on_failure == {"Fn::GetAtt": ["NotifierDeadLetterQueue", "Arn"]}
