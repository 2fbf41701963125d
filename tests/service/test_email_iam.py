"""Least privilege for e-mail: the notifier writes link grants (LINK# keys only) and sends through SES as one
identity, from one address, with one configuration set."""

from __future__ import annotations

import random
from typing import Any

import pytest

from devtools.template import load_template
from domain.options import SeatSpec
from functions import container, notifier
from infra.channels.email import MemoryEmailSender
from service.games import pipeline
from tests.service.gateway import FakeContext
from tests.service.iam import OperationLog, assert_within_policies, statements
from tests.service.streams import StreamReader
from tests.service.support import AwsWorld, give
from tests.service.test_iam import NOTIFIER, allowed, put


def test_the_notifier_may_write_link_grants_but_no_session_or_player() -> None:
    assert allowed(NOTIFIER, put("LINK#abc"))
    assert not allowed(NOTIFIER, put("SESSION#abc")), "the notifier could open sessions"
    assert not allowed(NOTIFIER, put("PLAYER#p1")), "the notifier could rewrite a player"


def test_ses_is_granted_send_email_alone_on_the_identity_from_the_sender_address() -> None:
    ses = [s for s in statements(NOTIFIER) if any(str(a).startswith("ses:") for a in s["Action"])]
    assert len(ses) == 1
    (grant,) = ses
    assert grant["Effect"] == "Allow" and grant["Action"] == ["ses:SendEmail"]
    identity, configuration_set = grant["Resource"]
    assert identity == {"Ref": "SesIdentityArn"}
    assert configuration_set["Fn::Sub"].endswith(":configuration-set/${SesConfigurationSet}")
    assert grant["Condition"] == {"StringEquals": {"ses:FromAddress": {"Ref": "EmailFrom"}}}
    variables = _notifier()["Properties"]["Environment"]["Variables"]
    assert variables["EMAIL_FROM"] == {"Ref": "EmailFrom"} and variables["PAGE_BASE_URL"] == {"Ref": "PageBaseUrl"}
    assert variables["SES_CONFIGURATION_SET"] == {"Ref": "SesConfigurationSet"}


def _notifier() -> dict[str, Any]:
    resources = load_template()["Resources"]
    (found,) = [r for r in resources.values() if r.get("Properties", {}).get("Handler") == NOTIFIER]
    return dict(found)


def test_every_call_the_notifier_makes_while_emailing_is_granted(aws: AwsWorld,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    mails = MemoryEmailSender()
    monkeypatch.setenv("PAGE_BASE_URL", "https://play.example")
    give(email_sender=mails)
    log = OperationLog()
    log.watch(container.dynamodb())
    pipeline.create_game(container.store(), [SeatSpec(name="A"), SeatSpec(name="B")],
                         contacts=[{"email": "a@example.net"}, None], rng=random.Random(1))
    records = StreamReader(aws.dynamodb).read()
    with log.running(NOTIFIER):
        assert notifier.lambda_handler({"Records": records}, FakeContext()) == {"batchItemFailures": []}
    assert len(mails.sent) == 1
    assert any(c.leading_keys and c.leading_keys[0].startswith("LINK#") for c in log.used[NOTIFIER])
    assert_within_policies(log)
