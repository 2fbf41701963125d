"""SES bounce and complaint events through the feedback function under moto: a permanent bounce or a complaint
turns a player's address off (found by its lookup item, written with the address change) or suppresses a seat
contact's address; a transient bounce is only counted. Every AWS call within the function's grants; no address
in the logs."""

from __future__ import annotations

import json
from typing import Any

import pytest

from functions import container, email_feedback
from infra.channels.email import address_hash
from service.notices.email.feedback import feedback
from tests.functions.test_player_handlers import created, gw
from tests.service.gateway import FakeContext, Gateway
from tests.service.iam import assert_within_policies
from tests.service.support import AwsWorld

__all__ = ["gw"]
FEEDBACK = "functions/email_feedback.lambda_handler"


def ses_event(kind: str, *addresses: str, bounce_type: str = "Permanent") -> dict[str, Any]:
    recipients = [{"emailAddress": a, "action": "failed", "status": "5.1.1"} for a in addresses]
    body: dict[str, Any] = {"eventType": kind, "mail": {"destination": list(addresses), "messageId": "m1"}}
    if kind == "Bounce":
        body["bounce"] = {"bounceType": bounce_type, "bounceSubType": "General", "bouncedRecipients": recipients}
    else:
        body["complaint"] = {"complainedRecipients": recipients, "complaintFeedbackType": "abuse"}
    return {"Records": [{"EventSource": "aws:sns", "Sns": {"Type": "Notification", "Message": json.dumps(body)}}]}


def deliver(gw: Gateway, event: dict[str, Any]) -> dict[str, int]:
    with gw.operations.running(FEEDBACK):
        done: dict[str, int] = email_feedback.lambda_handler(event, FakeContext("EmailFeedbackFunction"))
    return done


def with_address(gw: Gateway, address: str) -> str:
    _, key = created(gw)
    assert gw.request("PATCH", "/players/me", {"email": address}, token=key).status == 200
    return key


@pytest.mark.parametrize(("kind", "reason"), [("Bounce", "bounced"), ("Complaint", "complained")])
def test_a_permanent_failure_turns_the_players_address_off_until_it_is_set_again(
        gw: Gateway, aws: AwsWorld, kind: str, reason: str, capsys: pytest.CaptureFixture[str]) -> None:
    key = with_address(gw, "Ada@Example.org")
    assert deliver(gw, ses_event(kind, "ada@example.org")) == {"player_off": 1}
    email = gw.get("/players/me", token=key).body["contacts"]["email"]
    assert email["disabled_reason"] == reason and email["disabled_since"]
    assert deliver(gw, ses_event(kind, "ada@example.org")) == {"unchanged": 1}
    assert "ada@example.org" not in capsys.readouterr().out.lower(), "an address in the logs"
    again = gw.request("PATCH", "/players/me", {"email": "Ada@Example.org"}, token=key).body["contacts"]["email"]
    assert again["disabled_reason"] is None and again["confirmed"] is False, "sent again: confirmed anew"
    assert container.reactions().mail_state.suppressed(address_hash("ada@example.org")) is None
    assert_within_policies(gw.operations)


def test_a_seat_contacts_address_is_suppressed_and_a_transient_bounce_only_counted(gw: Gateway,
                                                                                   aws: AwsWorld) -> None:
    state = container.reactions().mail_state
    assert deliver(gw, ses_event("Bounce", "soft@example.net", bounce_type="Transient")) == {"counted": 1}
    assert state.suppressed(address_hash("soft@example.net")) is None
    assert deliver(gw, ses_event("Bounce", "soft@example.net", bounce_type="Transient")) == {"counted": 1}
    assert state.count_transient(address_hash("soft@example.net")) == 3
    assert deliver(gw, ses_event("Complaint", "seat@example.net", "other@example.net")) == {"suppressed": 2}
    assert state.suppressed(address_hash("SEAT@example.net")) == "complained"
    assert_within_policies(gw.operations)


def test_a_stale_lookup_does_not_turn_off_the_players_new_address(gw: Gateway, aws: AwsWorld) -> None:
    key = with_address(gw, "old@example.org")
    assert gw.request("PATCH", "/players/me", {"email": "new@example.org"}, token=key).status == 200
    # The old address's lookup still names the player; the player has moved on: the address is suppressed.
    assert deliver(gw, ses_event("Bounce", "old@example.org")) == {"suppressed": 1}
    assert gw.get("/players/me", token=key).body["contacts"]["email"]["disabled_reason"] is None


def test_only_the_fields_needed_are_read_and_anything_else_is_ignored(gw: Gateway, aws: AwsWorld) -> None:
    assert list(feedback({"eventType": "Delivery", "delivery": {"recipients": ["a@example.net"]}})) == []
    assert list(feedback({"eventType": "Bounce", "bounce": {"bouncedRecipients": "nope"}})) == []
    assert list(feedback({"notificationType": "Complaint",
                          "complaint": {"complainedRecipients": [{"emailAddress": 3}, {}]}})) == []
    junk = {"Records": [{"Sns": {"Message": "not json"}}, {"Sns": {}}, {"Sns": {"Message": "[1]"}}]}
    assert deliver(gw, junk) == {}
