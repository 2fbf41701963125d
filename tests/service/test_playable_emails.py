"""A "your turn" e-mail is playable on its own: its text part holds the round, the phase, the seat's money, SP,
pantry and warehouse, the market with its costs, the history since its last move, and the numbered choices with
the words to reply, which read back to the legal actions; the HTML says the same. Nothing in it depends on
another seat's hidden cards."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from domain import to_act
from domain.catalogue import GOALS
from domain.commands import OpenDistill
from domain.legal import legal_actions
from domain.view import view
from infra.channels.base import GAME_OVER, REMINDER, YOUR_TURN, Notice
from service.games.repository import load
from service.notices.email.render import Recipient, link_url, render, since_last_move
from service.replies.words import Command, command_of, listing, read
from service.texts.words import texts
from tests.service.email_games import moves, new_game
from tests.service.test_emails import BASE, LINK, email_for, played_until_round

card_name = texts("en").card
CHOICE = re.compile(r"^(\d+)\. (.+?) — (.+)$")


def test_the_text_part_holds_the_board_the_market_and_the_choices() -> None:
    store, game_id, _ = played_until_round(("Ann", "Bob", "Cy"), 3, 3)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    seat = to_act(aggregate.state)[0]
    me = aggregate.state.players[seat]
    text = email_for(store, game_id, seat, aggregate.version).text
    assert "Round 3 · Market phase" in text
    assert f"Money {me.money} · {me.sp} SP" in text and "Pantry: " in text and "Storeroom: " in text
    assert "Market:" in text and "Basic market: Yeast (Cost " in text and "Premium items: " in text
    assert all(f"{card_name(card)} (Cost " in text for card in aggregate.state.rows["upgrades"])
    assert "Your actions:" in text and 'Reply to this e-mail with one move per line' in text
    numbered = [CHOICE.match(line) for line in text.splitlines()]
    found = [(int(m[1]), m[2], m[3]) for m in numbered if m]
    listed = legal_actions(aggregate.state, seat)
    assert [n for n, _, _ in found] == list(range(1, len(listed) + 1))
    made = listing(view(aggregate.state, seat))
    for (_, words, label), action in zip(found, listed, strict=True):  # the words as printed read back
        reading = read(words, made)
        assert isinstance(reading, Command) and command_of(reading.body, seat) == action and label
    assert "may take this back" not in text and "can no longer be taken back" not in text


def test_the_html_says_the_same_and_keeps_the_link() -> None:
    store, game_id, _ = played_until_round(("Ann", "<b>"), 5, 2)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    seat = to_act(aggregate.state)[0]
    email = email_for(store, game_id, seat, aggregate.version)
    for choice in listing(view(aggregate.state, seat)):
        assert f"{choice.number}. {choice.words} — {choice.label}" in email.text
        assert f'<li value="{choice.number}"><code>{choice.words}</code>' in email.html
    assert "<h2>Your board</h2>" in email.html and "<h2>Market</h2>" in email.html
    assert f'href="{BASE}/play/{game_id}#link={LINK}"' in email.html and "<b>" not in email.html


def test_a_washback_choice_is_shown_by_its_template_and_an_example() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 8)
    for state in moves(store, game_id, random.Random(8)):
        seat = next((q for q in to_act(state) if any(isinstance(a, OpenDistill) for a in legal_actions(state, q))),
                    None)
        if seat is not None:
            break
    else:
        raise AssertionError("no washback choice came up")
    text = email_for(store, game_id, seat, load(store, game_id).version).text
    assert "distill <card> <card> …" in text and "   for example: distill " in text


def test_a_reminder_is_playable_and_game_over_has_no_choices() -> None:
    store, game_id, _ = played_until_round(("Ann", "Bob"), 9, 2)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    seat = to_act(aggregate.state)[0]
    reminder = email_for(store, game_id, seat, aggregate.version, kind=REMINDER)
    assert "Your actions:" in reminder.text and "1. " in reminder.text
    over = email_for(store, game_id, seat, aggregate.version, kind=GAME_OVER)
    assert "Your actions:" not in over.text and "Your board:" not in over.text


def test_the_board_is_in_the_players_language() -> None:
    store, game_id, _ = played_until_round(("Ann", "Bob"), 9, 2)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    seat = to_act(aggregate.state)[0]
    assert "Tu tablero:" in email_for(store, game_id, seat, aggregate.version, language="es").text
    assert "내 보드:" in email_for(store, game_id, seat, aggregate.version, language="ko").text


def test_another_seats_hidden_cards_never_change_the_email() -> None:
    """Seat 0's e-mail from two states that differ only in seat 1's hidden cards (its goals, the distillers it
    was dealt, its spirits' flavors) and in the order of the face-down decks: word for word the same."""
    store, game_id, _ = played_until_round(("Ann", "Bob", "Cy"), 12, 4)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    state = aggregate.state
    other = state.clone()
    bob = other.players[1]
    bob.goals = [g for g in GOALS if g not in bob.goals][: len(bob.goals)]
    bob.dealt = list(reversed(bob.dealt)) or ["ajani", "angus"]
    for spirit in bob.spirits:
        spirit.flavors = list(reversed(spirit.flavors))
    for deck in other.decks.values():
        deck.reverse()
    other.flavor_deck.reverse()
    assert bob.goals != state.players[1].goals and other != state
    at, events = since_last_move(game_id, store.commits(game_id), 0, aggregate.version)  # type: ignore[attr-defined]
    notice = Notice(game_id, aggregate.version, 0, state.phase, state.round, (), YOUR_TURN)
    to, link = Recipient("x@example.net"), link_url(BASE, game_id, LINK)
    first = render(notice, at, events, to, link)
    second = render(notice, replace(at, state=other), events, to, link)
    assert first == second and "Your board:" in first.text
    other.players[0].money += 1  # the test can fail: seat 0's own board shows
    assert render(notice, replace(at, state=other), events, to, link) != first


def test_each_spirit_is_shown_where_it_ages() -> None:
    from service.notices.email.board import board

    spirit = {"id": 3, "warehouse": 1, "recipe": "vodka", "barrel": "wood_barrel", "times_aged": 1, "flavors": 2,
              "cards": ["water", "yeast", "mixed_grains"]}
    fresh = {"id": 4, "warehouse": None, "recipe": None, "barrel": None, "times_aged": 0, "flavors": 0, "cards": []}
    seat_view = {"you": 0, "flight": "A", "rows": {}, "players": [{"seat": 0, "money": 2, "sp": 5,
                                                                   "spirits": [spirit, fresh]}]}
    lines = board(texts("en"), seat_view)[0].lines
    assert "Warehouse 1: Spirit #3 · Vodka · in Wood Barrel · aged 1\u00d7 · 2 flavor(s) · from Water, Yeast, Mixed " \
           "Grains" in lines
    assert "Washback (new spirit): Spirit #4 · Not named yet · 0 flavor(s)" in lines
