"""Least privilege for replies by e-mail: every DynamoDB call InboundMailFunction makes taking a reply in (the
reply grant, the player, the command's commit, the markers, the new reply grant, the rate limit, the player's
"e-mail every turn", the answer held for the seat's next e-mail) is granted by template.yaml with its key
conditions, as is the held release's sending that answer alone; and it may not touch a session."""

from __future__ import annotations

import base64
import random
import time
from email.message import EmailMessage

import pytest

from functions import container, release_held
from functions.mail import inbound
from infra.auth import new_token, token_hash
from infra.channels.email import MemoryEmailSender
from infra.players import PlayerRecord
from service.games import pipeline
from tests.service.gateway import FakeContext
from tests.service.iam import OperationLog, assert_within_policies
from tests.service.support import AwsWorld, give
from tests.service.test_iam import allowed, put

INBOUND = "functions/mail/inbound.lambda_handler"
RELEASE = "functions/release_held.lambda_handler"
PLAYERS = ("pAAAAAAAAAAAAAAAA", "pBBBBBBBBBBBBBBBB")
ADDRESSES = ("ann@example.net", "bo@example.com")


def test_the_inbound_function_may_not_open_sessions_or_links() -> None:
    assert allowed(INBOUND, put("REPLY#abc")) and allowed(INBOUND, put("GAME#g1"))
    assert not allowed(INBOUND, put("SESSION#abc")), "a reply could open a session"
    assert not allowed(INBOUND, put("LINK#abc"))


def test_every_call_taking_a_reply_in_is_granted(aws: AwsWorld, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in {"REPLY_DOMAIN": "reply.example.org", "PAGE_BASE_URL": "https://play.example"}.items():
        monkeypatch.setenv(name, value)
    mails = MemoryEmailSender()
    give(email_sender=mails)
    for player_id, address in zip(PLAYERS, ADDRESSES, strict=True):
        container.services().player_store.create(PlayerRecord(player_id, "0" * 64, player_id[1], "UTC", "t", "t",
                                                              email=address, email_confirmed=True))
    from domain.options import SeatSpec

    created = pipeline.create_game(container.store(), [SeatSpec(name="Ann"), SeatSpec(name="Bo")],
                                   rng=random.Random(1), players=PLAYERS,
                                   token_hashes=[token_hash(new_token()) for _ in PLAYERS])
    game = created.aggregate
    tokens = container.reactions().reply_tokens
    assert tokens is not None
    address = tokens.address(game, 0, game.version)  # as the notifier mints it, with its own grants
    reply = EmailMessage()
    reply["From"], reply["To"], reply["Subject"], reply["Message-ID"] = ADDRESSES[0], address, "Re: x", "<r1@x>"
    reply.set_content("1\n\n-- \nAnn\n")
    event = {"Records": [{"ses": {"mail": {"messageId": "m1"}, "content": base64.b64encode(reply.as_bytes()).decode(),
                                  "receipt": {"recipients": [address], "spfVerdict": {"status": "PASS"},
                                              "dkimVerdict": {"status": "PASS"}, "spamVerdict": {"status": "PASS"},
                                              "virusVerdict": {"status": "PASS"}}}}]}
    log = OperationLog()
    log.watch(container.dynamodb())
    with log.running(INBOUND):  # the seat waits for the other now: its answer waits for its next e-mail
        assert inbound.handle(event) == {"held": 1}
    assert container.games().load(game.game_id).version == game.version + 1
    assert mails.sent == []
    # No e-mail took it: the held release sends it alone once it is due (an hour on).
    give(email_sender=mails, wall_clock=lambda: time.time() + 3600)
    with log.running(RELEASE):
        assert release_held.lambda_handler({}, FakeContext())["answers"] == 1
    assert [m.to for m in mails.sent] == [ADDRESSES[0]] and mails.sent[0].in_reply_to == "<r1@x>"
    prefixes = {c.leading_keys[0].split("#")[0] for c in log.used[INBOUND] if c.leading_keys}
    assert {"GAME", "REPLY", "PLAYER", "NOTICE", "HELD"} <= prefixes
    assert "HELD" in {c.leading_keys[0].split("#")[0] for c in log.used[RELEASE] if c.leading_keys}
    assert_within_policies(log)
