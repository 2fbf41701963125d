"""The clocks' grants in template.yaml: the schedules may invoke the tick function and nothing else; who moves
schedules may do so in the clocks' group only and pass the schedules' role only; nothing local-only ships."""

from __future__ import annotations

from typing import Any

from devtools.template import TEMPLATE_PATH, load_template
from tests.service.iam import Call, allowed, statements

NOTIFIER = "functions/notifier.lambda_handler"
TICK = "functions/clock_tick.lambda_handler"
SWEEP = "functions/clock_sweep.lambda_handler"
SCHEDULE_ACTIONS = {"scheduler:CreateSchedule", "scheduler:UpdateSchedule", "scheduler:DeleteSchedule",
                    "scheduler:GetSchedule"}
TICK_ARN = {"Fn::Sub": "arn:${AWS::Partition}:lambda:${AWS::Region}:${AWS::AccountId}:function:"
                       "${AWS::StackName}-clock-tick"}
GROUP_SCHEDULES = {"Fn::Sub": "arn:${AWS::Partition}:scheduler:${AWS::Region}:${AWS::AccountId}:schedule/"
                              "${ClockScheduleGroup}/clock-*"}


def resources() -> dict[str, Any]:
    found: dict[str, Any] = load_template()["Resources"]
    return found


def listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def test_the_schedules_role_invokes_the_tick_function_only() -> None:
    role = resources()["ClockSchedulerRole"]["Properties"]
    trust = role["AssumeRolePolicyDocument"]["Statement"]
    assert [s["Principal"] for s in trust] == [{"Service": "scheduler.amazonaws.com"}]
    assert all("aws:SourceAccount" in s["Condition"]["StringEquals"] for s in trust)
    granted = [s for p in role["Policies"] for s in p["PolicyDocument"]["Statement"]]
    invoke = [s for s in granted if "lambda:InvokeFunction" in listed(s["Action"])]
    assert [s["Resource"] for s in invoke] == [TICK_ARN]
    assert {a for s in granted for a in listed(s["Action"])} == {"lambda:InvokeFunction", "sqs:SendMessage"}
    tick = resources()["ClockTickFunction"]["Properties"]
    assert tick["FunctionName"] == {"Fn::Sub": "${AWS::StackName}-clock-tick"}, "the role names the function so"


def test_schedules_are_moved_in_the_clocks_group_only_passing_the_schedules_role_only() -> None:
    for handler in (NOTIFIER, TICK, SWEEP):
        granted = statements(handler)
        moving = [s for s in granted if SCHEDULE_ACTIONS & set(listed(s["Action"]))]
        assert moving and all(set(listed(s["Action"])) <= SCHEDULE_ACTIONS for s in moving), handler
        assert all(s["Resource"] == GROUP_SCHEDULES for s in moving), handler
        passing = [s for s in granted if "iam:PassRole" in listed(s["Action"])]
        assert [s["Resource"] for s in passing] == [{"Fn::GetAtt": ["ClockSchedulerRole", "Arn"]}], handler
        assert all(s["Condition"] == {"StringEquals": {"iam:PassedToService": "scheduler.amazonaws.com"}}
                   for s in passing), handler
        assert not any(a.startswith("scheduler:") and a not in SCHEDULE_ACTIONS
                       for s in granted for a in listed(s["Action"])), handler


def test_the_clock_index_is_written_under_its_own_keys_only() -> None:
    for handler in (NOTIFIER, TICK, SWEEP):
        assert allowed(handler, Call("dynamodb:PutItem", leading_keys=("CLOCK#g1",))), handler
    assert not allowed(NOTIFIER, Call("dynamodb:PutItem", leading_keys=("GAME#g1",)))
    assert allowed(TICK, Call("dynamodb:PutItem", leading_keys=("GAME#g1",)))  # a tick appends to the game
    assert not allowed(TICK, Call("dynamodb:PutItem", leading_keys=("PLAYER#p1",)))
    index = "GamesTable.Arn/index/gsi1"
    assert allowed(SWEEP, Call("dynamodb:Query", index, ("CLOCKS#3",)))
    assert not allowed(SWEEP, Call("dynamodb:Query", index, ("MYGAMES#p1",))), "the sweep could list players' games"


def test_the_tick_function_has_a_dead_letter_queue_with_an_alarm_and_the_sweep_a_rate() -> None:
    res = resources()
    tick = res["ClockTickFunction"]["Properties"]
    assert tick["DeadLetterQueue"] == {"Type": "SQS", "TargetArn": {"Fn::GetAtt": ["ClockDeadLetterQueue", "Arn"]}}
    alarm = res["ClockDeadLetterAlarm"]["Properties"]
    assert alarm["Dimensions"][0]["Value"] == {"Fn::GetAtt": ["ClockDeadLetterQueue", "QueueName"]}
    sweep = res["ClockSweepFunction"]["Properties"]["Events"]["Sweep"]
    assert sweep["Type"] == "ScheduleV2" and sweep["Properties"]["ScheduleExpression"] == "rate(15 minutes)"


def test_the_local_test_clock_is_nowhere_in_the_template() -> None:
    text = TEMPLATE_PATH.read_text()
    assert "_local" not in text and "advance_seconds" not in text
    for logical_id, resource in resources().items():
        props = resource.get("Properties") or {}
        variables = ((props.get("Environment") or {}).get("Variables") or {})
        assert not [v for v in variables if "LOCAL" in v or "TEST" in v], logical_id
        for event in (props.get("Events") or {}).values():
            assert not str((event.get("Properties") or {}).get("Path", "")).startswith("/_local"), logical_id
