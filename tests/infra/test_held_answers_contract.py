"""One contract, two stores of answers held for a seat's next e-mail (infra/held_answers.py), on memory and moto:
one per seat, taken once (the second taker finds nothing), listed when due, soonest first, and not before."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from infra.held_answers import DynamoHeldAnswers, HeldAnswer, HeldAnswers, MemoryHeldAnswers

if TYPE_CHECKING:
    from mypy_boto3_dynamodb import DynamoDBClient


def answer(game: str = "g1", seat: int = 0, due: str = "2026-12-03T10:05:00Z",
           lines: tuple[str, ...] = ("buy water",)) -> HeldAnswer:
    return HeldAnswer(game, seat, "p" + "A" * 16, lines, "Re: Your turn", "<m1@mail.example.net>", due)


@pytest.fixture(params=["memory", "dynamodb"])
def answers(request: pytest.FixtureRequest, table_name: str) -> HeldAnswers:
    if request.param == "memory":
        return MemoryHeldAnswers()
    client: DynamoDBClient = request.getfixturevalue("dynamodb")
    return DynamoHeldAnswers(client, table_name)


def test_an_answer_is_taken_once(answers: HeldAnswers) -> None:
    held = answer(lines=("buy water", "“2”, with a quote & <b>tag</b>"))
    answers.hold(held)
    assert answers.take("g1", 0) == held
    assert answers.take("g1", 0) is None
    assert answers.take("g1", 1) is None and answers.take("g2", 0) is None


def test_one_answer_per_seat_the_newest_kept(answers: HeldAnswers) -> None:
    answers.hold(answer(lines=("1",)))
    answers.hold(answer(lines=("1", "2"), due="2026-12-03T10:09:00Z"))
    answers.hold(answer(seat=1, lines=("3",)))
    assert answers.take("g1", 0) == answer(lines=("1", "2"), due="2026-12-03T10:09:00Z")
    assert answers.take("g1", 1) == answer(seat=1, lines=("3",))


def test_due_lists_soonest_first_and_nothing_early(answers: HeldAnswers) -> None:
    late, soon = answer("g1", 0, "2026-12-03T10:09:00Z"), answer("g2", 1, "2026-12-03T10:01:00Z")
    answers.hold(late)
    answers.hold(soon)
    assert answers.due("2026-12-03T10:00:59Z", 10) == []
    assert answers.due("2026-12-03T10:01:00Z", 10) == [soon]
    assert answers.due("2026-12-03T11:00:00Z", 10) == [soon, late]
    assert answers.due("2026-12-03T11:00:00Z", 1) == [soon]
    answers.take("g2", 1)
    assert answers.due("2026-12-03T11:00:00Z", 10) == [late]


def test_held_answers_are_not_quiet_hours_notices(dynamodb: DynamoDBClient, table_name: str) -> None:
    """Both share HELD#<game>: neither's listing of what is due returns the other's items."""
    from infra.held import DynamoHeldStore

    DynamoHeldAnswers(dynamodb, table_name).hold(answer(due="2026-12-03T10:00:00Z"))
    assert DynamoHeldStore(dynamodb, table_name).due("2026-12-04T00:00:00Z", 10) == []
    item = dynamodb.get_item(TableName=table_name, Key={"pk": {"S": "HELD#g1"}, "sk": {"S": "S0#answer"}})["Item"]
    assert int(item["expires_at"]["N"]) == 1_796_896_800  # gone by TTL a week after it was due: 2026-12-10T10:00Z
