"""Replies taken in (service/replies/inbound.py): who is heard, what acts, what is answered."""

from __future__ import annotations

from dataclasses import replace

import pytest

from infra.channels.base import YOUR_TURN, MarkerKey
from service.replies.inbound import Verdicts
from tests.service.inbound_support import ADDRESSES, DOMAIN, IDS, PASS, World, plain


@pytest.fixture
def world(monkeypatch: pytest.MonkeyPatch) -> World:
    return World(monkeypatch)


def nothing_happened(world: World, version: int) -> None:
    assert world.game.version == version
    assert world.sender.sent == []


def test_a_reply_moves_and_is_answered_once_to_the_confirmed_address(world: World) -> None:
    to = world.address(0)
    assert to.startswith("play+") and to.endswith("@" + DOMAIN)
    before = world.game.version
    assert world.receive(plain(ADDRESSES[0], to, "1\n")) == "answered"
    assert world.game.version == before + 1
    [answer] = world.sender.sent
    assert answer.to == ADDRESSES[0]
    assert answer.in_reply_to == "<m1@mail.example.net>"
    assert answer.reply_to is not None and answer.reply_to != to and answer.reply_to.endswith("@" + DOMAIN)
    assert world.players.get(IDS[0]).email_every_turn is True  # type: ignore[union-attr]


def test_a_mail_delivered_twice_acts_and_answers_once(world: World) -> None:
    raw = plain(ADDRESSES[0], world.address(0), "1")
    assert world.receive(raw) == "answered"
    version = world.game.version
    assert world.receive(raw) == "duplicate"
    assert world.game.version == version and len(world.sender.sent) == 1


def test_a_second_delivery_after_a_lost_answer_acts_once_and_answers(world: World) -> None:
    """The first delivery acted but crashed before its answer: the retry replays the command, then answers."""
    raw = plain(ADDRESSES[0], world.address(0), "1")
    world.receive(raw)
    version = world.game.version
    world.markers.keys.clear()
    world.sender.sent.clear()
    assert world.receive(raw) == "answered"
    assert world.game.version == version
    [answer] = world.sender.sent
    assert "“1”: done." in answer.text  # played once, by the first delivery


@pytest.mark.parametrize("headers", [
    {"Auto-Submitted": "auto-replied"}, {"Precedence": "bulk"}, {"Precedence": "list"}, {"X-Autoreply": "yes"},
    {"X-Autorespond": "yes"}, {"List-Id": "<games.example.com>"}, {"Return-Path": "<>"},
])
def test_machines_are_not_heard(world: World, headers: dict[str, str]) -> None:
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], world.address(0), "1", headers=headers)) == "automatic"
    nothing_happened(world, version)


def test_bounces_from_the_mailer_daemon_are_not_heard(world: World) -> None:
    version = world.game.version
    assert world.receive(plain("MAILER-DAEMON@mx.example.net", world.address(0), "1")) == "automatic"
    nothing_happened(world, version)


def test_auto_submitted_no_is_a_person(world: World) -> None:
    assert world.receive(plain(ADDRESSES[0], world.address(0), "1", headers={"Auto-Submitted": "no"})) == "answered"


@pytest.mark.parametrize("verdicts", [
    Verdicts(spf="FAIL", dkim="FAIL"), Verdicts(spf="GRAY", dkim="PROCESSING_FAILED"), Verdicts(),
    Verdicts(spf="PASS", dkim="PASS", dmarc="FAIL"),
])
def test_unauthenticated_mail_moves_nothing_and_gets_nothing(world: World, verdicts: Verdicts) -> None:
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], world.address(0), "1"), verdicts) == "stranger"
    nothing_happened(world, version)


@pytest.mark.parametrize("verdicts", [replace(PASS, spam="FAIL"), replace(PASS, virus="FAIL")])
def test_spam_and_viruses_are_dropped(world: World, verdicts: Verdicts) -> None:
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], world.address(0), "1"), verdicts) == "harmful"
    nothing_happened(world, version)


def test_one_of_spf_or_dkim_is_enough(world: World) -> None:
    assert world.receive(plain(ADDRESSES[0], world.address(0), "1"), Verdicts(spf="FAIL", dkim="PASS")) == "answered"


@pytest.mark.parametrize("sender", ["mallory@example.org", "Ann <ann@example.net.evil.test>", ""])
def test_a_forged_sender_moves_nothing_and_gets_nothing(world: World, sender: str) -> None:
    version = world.game.version
    assert world.receive(plain(sender, world.address(0), "1")) == "stranger"
    nothing_happened(world, version)


def test_a_stolen_reply_address_used_by_the_other_player_moves_nothing(world: World) -> None:
    version = world.game.version
    assert world.receive(plain(ADDRESSES[1], world.address(0), "1")) == "stranger"
    nothing_happened(world, version)


def test_the_senders_address_case_does_not_matter(world: World) -> None:
    assert world.receive(plain("Ann <ANN@Example.NET>", world.address(0), "1")) == "answered"


@pytest.mark.parametrize("to", [f"play+{'0' * 40}@{DOMAIN}", "play@" + DOMAIN, "someone@example.net",
                                f"play+{'0' * 40}@elsewhere.example"])
def test_unknown_addresses_move_nothing(world: World, to: str) -> None:
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], to, "1")) == "unknown_address"
    nothing_happened(world, version)


def test_an_expired_reply_address_moves_nothing(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    to = world.address(0)
    tokens = world.services.reactions.reply_tokens
    assert tokens is not None
    later = tokens.clock() + 73 * 3600
    monkeypatch.setattr(tokens, "clock", lambda: later)
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], to, "1")) == "unknown_address"
    nothing_happened(world, version)


def test_a_reissued_seat_token_voids_the_reply_addresses(world: World) -> None:
    to = world.address(0)
    game = world.game
    voided = replace(game, token_hashes=("f" * 64, *game.token_hashes[1:]))
    tokens = world.services.reactions.reply_tokens
    assert tokens is not None
    grant = tokens.find(to.split("+")[1].split("@")[0])
    assert grant is not None and tokens.current(grant, game) and not tokens.current(grant, voided)


def test_lines_run_in_order_and_stop_at_the_first_refusal(world: World) -> None:
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], world.address(0), "zzz\n1\n")) == "answered"
    assert world.game.version == version  # the unreadable first line stopped the rest
    [answer] = world.sender.sent
    assert "“zzz”: not played: not_a_choice" in answer.text
    assert "“1”: not played: an earlier line stopped the reply." in answer.text


def test_a_refused_command_writes_nothing_and_is_answered(world: World) -> None:
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], world.address(0), "bad\n1")) == "answered"
    assert world.game.version == version
    [answer] = world.sender.sent
    assert "“bad”: not played: " in answer.text and "“1”: not played: an earlier line stopped" in answer.text


def test_after_its_move_the_seat_no_longer_acts_and_the_rest_is_not_run(world: World) -> None:
    """Setup is simultaneous: one choice each. The second line is not run (the seat has nothing to do)."""
    version = world.game.version
    world.receive(plain(ADDRESSES[0], world.address(0), "1\n1"))
    assert world.game.version == version + 1
    [answer] = world.sender.sent
    assert answer.text.count("“1”: done.") == 1 and "“1”: not played: an earlier line stopped" in answer.text


def test_a_sign_off_after_the_move_that_ended_the_turn_is_left_out(world: World) -> None:
    """"Thanks!" reads as none of the seat's choices: not a move, nothing to answer about it."""
    world.receive(plain(ADDRESSES[0], world.address(0), "1\nThanks!\nsee you"))
    [answer] = world.sender.sent
    assert answer.text.count("“1”: done.") == 1
    assert "Thanks" not in answer.text and "see you" not in answer.text


def test_a_reply_to_an_older_email_still_reads_when_the_seats_choices_are_the_same(world: World) -> None:
    to = world.address(0)  # minted at version 1; then seat 1 chooses its distiller (simultaneous)
    assert world.receive(plain(ADDRESSES[1], world.address(1), "1", "<bo@mail>")) == "answered"
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], to, "1")) == "answered"
    assert world.game.version == version + 1


def test_the_rate_limit_drops_replies_over_it(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LIMIT_REPLIES_PER_PLAYER_HOUR", "1")
    assert world.receive(plain(ADDRESSES[0], world.address(0), "show", "<a@x>")) == "answered"
    version = world.game.version
    assert world.receive(plain(ADDRESSES[0], world.address(0), "1", "<b@x>")) == "rate_limited"
    assert world.game.version == version and len(world.sender.sent) == 1


def test_an_answer_that_shows_the_turn_marks_its_notice_sent(world: World) -> None:
    world.receive(plain(ADDRESSES[0], world.address(0), "show"))
    game = world.game
    assert world.markers.sent(MarkerKey(world.game_id, 0, "email", game.version, YOUR_TURN))
    assert world.players.get(IDS[0]).email_every_turn is None  # type: ignore[union-attr]  (nothing accepted)


def test_a_chosen_every_turn_setting_is_kept(world: World) -> None:
    record = world.players.get(IDS[0])
    assert record is not None
    world.players.replace(replace(record, email_every_turn=False, revision=record.revision + 1))
    world.receive(plain(ADDRESSES[0], world.address(0), "1"))
    assert world.players.get(IDS[0]).email_every_turn is False  # type: ignore[union-attr]


def test_the_answer_carries_no_secret(world: World) -> None:
    world.receive(plain(ADDRESSES[0], world.address(0), "1"))
    [answer] = world.sender.sent
    for secret in world.tokens:
        assert secret not in answer.text and secret not in answer.html
    assert answer.unsubscribe_url is None


def test_a_your_turn_email_carries_a_new_reply_address_each_time(world: World) -> None:
    from infra.channels.base import Notice
    from service.notices.delivery import Seat, Table
    from service.notices.email.channel import EmailChannel
    from service.notices.email.render import Recipient

    tokens = world.services.reactions.reply_tokens
    channel = EmailChannel(world.sender, replies=tokens)
    game = world.game
    table = Table(game, world.players, world.services.links, "https://play.example.org",
                  lambda: world.store.commits(world.game_id))
    notice = Notice(world.game_id, game.version, 0, game.state.phase, 1, ("choose_distiller",))
    to = Recipient(ADDRESSES[0], player_id=IDS[0])
    channel.send(notice, to, Seat(table, 0))
    channel.send(notice, to, Seat(table, 0))
    first, second = (e.reply_to for e in world.sender.sent)
    assert first and second and first != second and first.endswith("@" + DOMAIN)
    assert world.receive(plain(ADDRESSES[0], first, "1")) == "answered"  # and it works
    channel.send(notice, Recipient("contact@example.net"), Seat(table, 0))  # a seat contact: none
    assert world.sender.sent[-1].reply_to is None


def test_the_reply_words_of_the_turn_email_play_and_a_wrong_word_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the service's own reader: the words a choice is listed with play it; others are refused, in words."""
    from service.replies.words import choices

    world = World(monkeypatch, real_words=True)
    version = world.game.version
    first = choices(world.game.state, 0)[0]
    assert world.receive(plain(ADDRESSES[0], world.address(0), "buy unobtainium\n" + first.words)) == "answered"
    assert world.game.version == version  # the first line stopped the reply
    [refused] = world.sender.sent
    assert "“buy unobtainium”: not played: " in refused.text and "an earlier line stopped" in refused.text
    world.sender.sent.clear()
    assert world.receive(plain(ADDRESSES[0], world.address(0), first.words.upper() + ".", "<m2@x>")) == "answered"
    assert world.game.version == version + 1
    [answer] = world.sender.sent
    assert f"“{first.words.upper()}.”: done." in answer.text
