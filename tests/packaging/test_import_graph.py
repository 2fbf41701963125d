"""The import graph's checks (devtools/import_graph.py, run by `make lint`) find what they are for."""

from __future__ import annotations

from devtools.import_graph import handler_modules, main, problems


def test_a_cycle_is_found_however_long() -> None:
    graph = {"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}
    assert problems(graph, graph, []) == ["import cycle: a <-> b <-> c"]


def test_a_graph_without_a_cycle_has_no_problem() -> None:
    graph = {"a": ["b", "c"], "b": ["c"], "c": [], "outside": ["a"]}
    assert problems(["a", "b", "c"], graph, ["a"]) == []


def test_a_handler_importing_another_handler_is_found() -> None:
    graph = {"functions.outbox": [], "functions.notifier": ["functions.outbox", "functions.release_held"],
             "functions.release_held": []}
    found = problems(graph, graph, ["functions.notifier", "functions.release_held"])
    assert found == ["handler functions.notifier imports handler functions.release_held"]


def test_the_handlers_are_read_from_the_template() -> None:
    def function(handler: object) -> dict[str, object]:
        return {"Type": "AWS::Serverless::Function", "Properties": {"Handler": handler}}

    template = {"Resources": {"A": function("functions/commands/buy.lambda_handler"),
                              "B": function("functions/notifier.lambda_handler"),
                              "C": {"Type": "AWS::SQS::Queue", "Properties": {"Handler": "not/a.function"}}}}
    assert handler_modules(template) == {"functions.commands.buy", "functions.notifier"}


def test_this_repository_keeps_the_contract(capsys: object) -> None:
    assert main() == 0
