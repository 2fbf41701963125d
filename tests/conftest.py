"""The test tiers (pyproject.toml's markers), put on the tests here rather than in each file:

- `e2e`: everything under tests/e2e; `browser`: everything under tests/browser;
- `local`: every test that starts a local server process (`distilled serve`, or tests/browser's seeded one): one
  that uses something tagged `@starts_server` (tests/local/process.py's ServerProcess and running_server,
  tests/browser/harness.py's seeded_server) in its body, one of its fixtures, or a tests helper they call;
- `slow`: every test on moto (`mock_aws`, found the same way, or a fixture parametrized onto the moto world: the
  "aws" or "dynamodb" of ["memory", "aws"]), and the slowest of the rest: SLOW below, by node id prefix
  (`@pytest.mark.slow` on a test works too).

`make quick` runs what is none of these: `pytest -m "not (slow or local or e2e or browser)"`.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
BY_DIRECTORY = {HERE / "e2e": "e2e", HERE / "browser": "browser"}
# The values of a fixture parametrized over both worlds (tests/infra/conftest.py's make_store, and others like it)
# that choose moto: the fixture asks for the moto one by name at run time, out of sight of the collection.
MOTO_PARAMS = {"aws", "dynamodb"}

# Node id prefixes (a file, a test, all of a test's parametrizations, or tests/local/test_cli_*), on no moto and
# starting no server, yet over about 0.25 s a test on a loaded 2-core machine, measured with `pytest -p no:randomly
# --durations=0 -m "not (local or e2e or browser)"`. Leaving them out takes `make quick` from about 9 minutes
# (moto left out too) to about 20-40 s.
SLOW = (
    # many examples, games or moves each: properties, fuzzing, non-interference, every state of a game
    "tests/domain/test_properties.py",
    "tests/domain/test_non_interference.py",
    "tests/service/test_catch_up.py::test_the_catch_up_is_the_seats_redacted_history_since_its_last_look",
    "tests/domain/test_records.py::test_construction_equality_and_repr_are_a_dataclass_s",
    "tests/domain/test_hot_paths.py::test_market_offers_are_those_of_every_item_priced",
    "tests/domain/test_view_model.py::test_every_view_served_matches_the_typed_model",
    "tests/service/test_property.py",
    "tests/service/test_fuzz_input.py",
    "tests/service/test_player_bad_input.py",
    "tests/service/test_player_leaks.py",
    "tests/service/test_bad_input.py",
    "tests/service/test_non_interference.py",
    "tests/service/test_webhook_non_interference.py",
    "tests/service/test_concurrency.py",
    "tests/infra/test_trusted.py::test_trusted_decoding_is_validated_decoding_for_every_event_and_state",
    "tests/infra/test_trusted.py::test_a_trusted_replay_and_a_snapshot_load_equal_the_validated_fold",
    "tests/infra/test_trusted.py::test_a_load_that_takes_its_read_over_equals_the_validated_fold",
    "tests/infra/test_serialization.py::test_every_state_of_a_game_and_every_event_round_trip",
    "tests/functions/test_models.py::test_the_views_legal_actions_post_as_is",
    "tests/functions/test_json_body.py::test_json_within_the_bounds_reads_as_json_reads_it",
    # child Pythons: the Lambda artifacts, what an import loads
    "tests/packaging/test_init_phase.py",
    "tests/packaging/test_artifacts.py",
    "tests/functions/test_link_handlers.py::test_the_game_functions_import_the_session_branch_on_first_use_only",
    "tests/domain/test_purity.py::test_importing_the_domain_loads_no_cloud_library",
    # template.yaml read (about 0.2 s each time), routed, granted and linted
    "tests/infra/test_template.py::test_cfn_lint_reports_nothing",
    "tests/infra/test_notice_markers.py::test_the_table_expires_items_by_expires_at",
    "tests/infra/test_budget.py::test_one_call_and_the_answer_fit_every_function_timeout_even_without_a_deadline",
    "tests/service/test_template_routes.py",
    "tests/service/test_openapi.py",
    "tests/service/test_iam.py",
    "tests/service/test_email_iam.py",
    "tests/service/test_email_ops_iam.py",
    "tests/service/test_push_iam.py",
    "tests/service/test_webhook_iam.py",
    "tests/service/test_clock_grants.py",
    "tests/service/test_packaging.py",
    ("tests/functions/test_web_page.py::"
     "test_the_template_routes_the_page_its_files_and_the_landing_page_to_one_function_without_grants"),
    "tests/functions/test_web_texts.py::test_every_refusal_of_the_rules_and_the_api_reads_in_words",
    "tests/local/test_sam_local_env.py",
    "tests/local/test_sample_events.py::test_every_function_has_its_sample_and_the_files_match_the_template",
    "tests/local/test_queues.py::test_the_templates_webhook_queue_feeds_the_sender_with_partial_failures",
    "tests/local/test_cors.py",
    "tests/local/test_live_local.py",
    "tests/local/test_local_scheduler.py",
    "tests/local/test_push_box.py",
    "tests/local/test_embedded.py",  # moto as a server, in this process
    # whole games and long polls through the handlers, and the CLI playing them
    "tests/functions/test_etag_long_poll.py",
    "tests/functions/test_clock_routes.py",
    "tests/functions/test_errors.py",
    "tests/functions/test_limits.py",
    "tests/functions/test_my_games_and_game_over.py",
    "tests/functions/test_vacation.py",
    "tests/service/test_push_plan.py",
    "tests/service/test_email_plan.py",
    "tests/bench/test_email_bench.py",
    "tests/local/test_cli_",
    "tests/local/test_readme_tour.py",
    # waits for a deadline to pass, by design
    "tests/infra/test_webhook_http.py::test_a_receiver_trickling_its_answer_is_cut_at_the_deadline",
    "tests/infra/test_webhook_http.py::test_a_silent_server_times_out",
    "tests/local/test_httpd.py::test_a_client_that_sends_nothing_is_disconnected",
)


def _names(code: types.CodeType) -> Iterator[str]:
    """The names a function's code refers to, its nested functions, lambdas and comprehensions included."""
    yield from code.co_names
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _names(constant)


def refers_to(function: Any, wanted: Callable[[str, Any], bool], seen: set[int] | None = None) -> bool:
    """Whether a function refers to a name and global that is `wanted`, itself or through a tests helper it calls."""
    seen = set() if seen is None else seen
    function = getattr(function, "__wrapped__", function)
    code = getattr(function, "__code__", None)
    if code is None or id(code) in seen:
        return False
    seen.add(id(code))
    found = getattr(function, "__globals__", {})
    for name in _names(code):
        value = found.get(name)
        if wanted(name, value):
            return True
        helper = isinstance(value, types.FunctionType) and value.__module__.startswith("tests.")
        if helper and refers_to(value, wanted, seen):
            return True
    return False


_answers: dict[tuple[Any, Callable[[str, Any], bool]], bool] = {}


def _refers_to_once(function: Any, wanted: Callable[[str, Any], bool]) -> bool:
    """refers_to, once per function: a fixture is looked at once, not once per test using it."""
    key = (function, wanted)
    if key not in _answers:
        _answers[key] = refers_to(function, wanted)
    return _answers[key]


def starts_a_server(name: str, value: Any) -> bool:
    return bool(getattr(value, "starts_local_server", False))


def on_moto(name: str, value: Any) -> bool:
    return name == "mock_aws"  # moto's, imported at the top of a module or in a function


def uses(item: pytest.Item, wanted: Callable[[str, Any], bool]) -> bool:
    """Whether the test, or a fixture it uses, refers to something `wanted`."""
    info = getattr(item, "_fixtureinfo", None)
    fixtures = info.name2fixturedefs if info is not None else {}
    functions = [getattr(item, "obj", None)]
    functions += [fixture.func for name in getattr(item, "fixturenames", ()) for fixture in fixtures.get(name, ())]
    return any(_refers_to_once(function, wanted) for function in functions)


def _parametrized_onto_moto(item: pytest.Item) -> bool:
    params = getattr(item, "callspec", None)
    return params is not None and any(isinstance(v, str) and v in MOTO_PARAMS for v in params.params.values())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(item.path)
        for directory, marker in BY_DIRECTORY.items():
            if directory in path.parents:
                item.add_marker(marker)
        if uses(item, starts_a_server):
            item.add_marker("local")
        if item.nodeid.startswith(SLOW) or _parametrized_onto_moto(item) or uses(item, on_moto):
            item.add_marker("slow")
