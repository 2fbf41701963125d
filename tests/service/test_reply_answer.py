"""The answer to a reply (service/replies/answer.py): each line's outcome, in the player's language, and the board
and fresh choices when the seat must act again; everything the player wrote is escaped in the HTML."""

from __future__ import annotations

import pytest

from service.replies.answer import Accepted, Answer, Refused, render_answer
from service.replies.words import listing
from tests.service.test_reply_words import MARKET

LINK = "https://play.example/play/g1#link=l~x"


def test_each_line_is_said_done_or_not_played_with_its_reason() -> None:
    answer = render_answer("g1", [("buy water", Accepted()),
                                  ("buy wtr", Refused("unknown_words", "'buy wtr' is not one of the choices.")),
                                  ("buy glass_bottle", Refused("cannot_afford", "That costs 5 and you have 3."))])
    assert isinstance(answer, Answer) and answer.subject == "Your reply: Game g1"
    assert answer.text.splitlines()[:4] == [
        "Your reply:", "- “buy water”: done.", "- “buy wtr”: not played: 'buy wtr' is not one of the choices.",
        "- “buy glass_bottle”: not played: That costs 5 and you have 3."]
    assert "Your actions" not in answer.text and "<li>“buy water”: done.</li>" in answer.html


def test_no_line_read_says_so() -> None:
    assert "Your reply held no move." in render_answer("g1", []).text


def test_when_the_seat_acts_again_the_answer_carries_its_board_and_choices() -> None:
    answer = render_answer("g1", [("pass", Accepted())], seat_view=MARKET, link=LINK)
    assert "Your next move:" in answer.text and "Your board:" in answer.text and "Market:" in answer.text
    for choice in listing(MARKET):
        assert f"{choice.number}. {choice.words} — {choice.label}" in answer.text
        assert f"<code>{choice.words}</code>" in answer.html
    assert LINK in answer.text and f'href="{LINK}"' in answer.html


def test_only_anytime_choices_are_no_next_move() -> None:
    seat_view = {**MARKET, "legal_actions": [{"seat": 0, "type": "resign"}]}
    answer = render_answer("g1", [("pass", Accepted())], seat_view=seat_view)
    assert "Your next move:" not in answer.text and "1. resign" in answer.text


@pytest.mark.parametrize(("language", "done", "refused"), [
    ("es", "«buy water»: hecho.", "no hay ninguna opción con ese número."),
    ("ko", "“buy water”: 완료.", "그 번호의 선택지는 없습니다."),
])
def test_the_answer_is_in_the_players_language(language: str, done: str, refused: str) -> None:
    answer = render_answer("g1", [("buy water", Accepted()), ("9", Refused("out_of_range", "There is no choice 9."))],
                           language, seat_view=MARKET)
    assert done in answer.text and refused in answer.text and f'lang="{language}"' in answer.html


def test_a_rules_refusal_uses_the_pages_words_and_an_unknown_code_its_message() -> None:
    spanish = render_answer("g1", [("x", Refused("cannot_afford", "That costs 5.")),
                                   ("y", Refused("brand_new_code", "Something new."))], "es").text
    assert "No puedes pagarlo." in spanish and "That costs" not in spanish
    assert "Something new." in spanish


def test_what_the_player_wrote_is_escaped_and_cut() -> None:
    answer = render_answer("g1", [("<script>alert(1)</script>" + "x" * 300, Refused("unknown_words", "no"))])
    assert "<script>" not in answer.html and "&lt;script&gt;" in answer.html
    assert max(len(line) for line in answer.text.splitlines()) < 200
