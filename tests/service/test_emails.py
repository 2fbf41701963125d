"""The e-mail for one seat: its words, its language, its escaping, and only what that seat may see."""

from __future__ import annotations

import json
import random
from pathlib import Path

from devtools.bots import concrete
from domain import to_act
from domain.legal import game_actions
from infra.auth import token_hash
from infra.channels.base import GAME_OVER, YOUR_TURN, Notice
from infra.channels.email import Email
from service.games.repository import load
from service.notices.email.render import Recipient, link_url, render, since_last_move
from service.notices.plan import plan
from service.texts.history import QUIET, sentence
from service.texts.words import TEXTS_DIR, Seats, Texts, texts
from tests.service.email_games import copied, moves, new_game, step

LINK = "l~" + "A" * 32
BASE = "https://play.example"


def email_for(store: object, game_id: str, seat: int, version: int, kind: str = YOUR_TURN,
              language: str = "en") -> Email:
    commits = store.commits(game_id)  # type: ignore[attr-defined]
    at, events = since_last_move(game_id, commits, seat, version)
    state = at.state
    actions = tuple(sorted({a.type for a in game_actions(state, seat)})) if kind == YOUR_TURN else ()
    notice = Notice(game_id, version, seat, state.phase, state.round, actions, kind)
    return render(notice, at, events, Recipient("x@example.net", language), link_url(BASE, game_id, LINK))


def played_until_round(names: tuple[str, ...], seed: int, rounds: int) -> tuple[object, str, tuple[str, ...]]:
    store, game_id, tokens = new_game(names, seed)
    rng = random.Random(seed)
    for state in moves(store, game_id, rng):
        if state.round >= rounds and state.phase == "market":
            break
    return store, game_id, tokens


def test_a_your_turn_email_names_the_game_round_phase_history_actions_and_the_link() -> None:
    store, game_id, tokens = played_until_round(("Ann", "Bob", "Cy"), 3, 2)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    seat = to_act(aggregate.state)[0]
    email = email_for(store, game_id, seat, aggregate.version)
    assert email.subject.startswith("Your turn: Game " + game_id)
    assert "Round 2" in email.subject and "Market phase" in email.subject
    assert "Your turn: choose an action below." in email.text and "Pass" in email.text
    url = f"{BASE}/play/{game_id}#link={LINK}"
    assert url in email.text and f'href="{url}"' in email.html
    assert " bought " in email.text or " passed " in email.text  # the others' moves since its own, in words
    for secret in (*tokens, *aggregate.token_hashes, *(token_hash(t) for t in tokens)):
        assert secret not in email.text and secret not in email.html and secret not in email.subject


def test_the_history_is_the_seats_redacted_history_after_its_last_commit() -> None:
    store, game_id, _ = played_until_round(("Ann", "Bob"), 4, 2)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    seat = to_act(aggregate.state)[0]
    commits = store.commits(game_id)  # type: ignore[attr-defined]
    _, events = since_last_move(game_id, commits, seat, aggregate.version)
    last = max(c.version for c in commits if c.seat == seat)
    newer = [c for c in commits if c.version > last]
    assert events and len(events) >= len(newer)
    words = texts("en")
    who = Seats(words, ["Ann", "Bob"])
    email = email_for(store, game_id, seat, aggregate.version)
    for event in events:  # the take-back bookkeeping is left out, as on the page
        assert (sentence(words, event, who) in email.text) is (event["type"] not in QUIET)


def test_a_player_name_is_escaped_in_the_html() -> None:
    store, game_id, _ = played_until_round(("<b>", "Bob & co"), 5, 2)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    email = email_for(store, game_id, to_act(aggregate.state)[0], aggregate.version)
    assert "<b>" not in email.html and "&lt;b&gt;" in email.html
    assert "Bob & co" not in email.html and "Bob &amp; co" in email.html
    assert "<b>" in email.text  # plain text is not HTML


def test_game_over_says_so_with_the_scores() -> None:
    store, game_id, _ = new_game(("Ann", "Bob"), 6)
    for _ in moves(store, game_id, random.Random(6)):
        pass
    version = load(store, game_id).version
    (over,) = [n for n in plan(store, game_id, [version]).notices[version] if n.kind == GAME_OVER and n.seat == 0]
    at, events = since_last_move(game_id, store.commits(game_id), 0, version)
    email = render(over, at, events, Recipient("x@example.net"), link_url(BASE, game_id, LINK))
    assert email.subject.startswith("Game over") and "The game is over." in email.text
    assert f"Ann: {over.scores[0]} SP" in email.text


def test_the_players_language_is_used_and_english_fills_the_gaps(tmp_path: Path) -> None:
    english = json.loads((TEXTS_DIR / "en.json").read_text(encoding="utf-8"))
    (tmp_path / "en.json").write_text(json.dumps(english), encoding="utf-8")
    (tmp_path / "es.json").write_text(json.dumps({"app": {"title_turn": "Tu turno", "game": "Partida {game}"},
                                                  "phases": {"market": "Mercado"}}), encoding="utf-8")
    spanish = texts("es", tmp_path)
    assert isinstance(spanish, Texts) and spanish.t("app.game", game="g") == "Partida g"
    assert spanish.phase("market") == "Mercado" and spanish.t("actions.pass") == "Pass"
    assert texts("xx").language == "en"
    for language in ("es", "ko"):  # the shipped translations, when this checkout has them
        if (TEXTS_DIR / f"{language}.json").exists():
            shipped = json.loads((TEXTS_DIR / f"{language}.json").read_text(encoding="utf-8"))
            assert texts(language).t("app.title_turn") == shipped["app"]["title_turn"]


def test_the_email_is_rendered_in_the_recipients_language(monkeypatch: object, tmp_path: Path) -> None:
    import service.notices.email.render as emails

    (tmp_path / "en.json").write_text((TEXTS_DIR / "en.json").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "ko.json").write_text(json.dumps({"app": {"title_turn": "당신 차례", "game": "게임 {game}"}}),
                                      encoding="utf-8")
    monkeypatch.setattr(emails, "texts", lambda language: texts(language, tmp_path))  # type: ignore[attr-defined]
    store, game_id, _ = played_until_round(("Ann", "Bob"), 7, 1)
    aggregate = load(store, game_id)  # type: ignore[arg-type]
    email = email_for(store, game_id, to_act(aggregate.state)[0], aggregate.version, language="ko")
    assert email.subject.startswith(f"당신 차례: 게임 {game_id}") and 'lang="ko"' in email.html


def test_no_email_depends_on_another_seats_hidden_choice() -> None:
    """Non-interference: two games differing only in one seat's secret step (a distiller, a distill step) give
    every other seat still waiting the same e-mail, word for word."""
    store, game_id, _ = new_game(("Ann", "Bob", "Cy"), 11)
    rng, compared = random.Random(11), 0
    for state in moves(store, game_id, rng):
        if compared >= 20:
            break
        if state.opening is None and state.phase != "setup":
            continue
        seat = rng.choice(to_act(state))
        listed = game_actions(state, seat)
        if len(listed) < 2:
            continue
        seen: dict[tuple[int, tuple[int, ...]], str] = {}
        for action in rng.sample(listed, min(3, len(listed))):
            branch = copied(store)
            version = step(branch, game_id, seat, concrete(action, random.Random(1)), random.Random(2))
            after = load(branch, game_id).state
            if after.opening is None and after.phase != "setup":
                continue  # the step ended the secret: the rules reveal it
            done = tuple(to_act(after))
            for other in (q for q in done if q != seat):
                email = email_for(branch, game_id, other, version)
                first = seen.setdefault((other, done), email.subject + email.text + email.html)
                assert first == email.subject + email.text + email.html, f"seat {other} can tell {action!r}"
                compared += 1
    assert compared >= 20
