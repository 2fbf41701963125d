from __future__ import annotations

import pytest

from infra.auth import authorization, bearer_token, new_token, seat_for, token_hash


def test_tokens_are_long_random_and_stored_as_hashes() -> None:
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) >= 32 for t in tokens)  # 24 bytes: 192 bits
    token = next(iter(tokens))
    assert len(token_hash(token)) == 64 and token not in token_hash(token)


def test_a_token_names_its_seat_and_nothing_else() -> None:
    tokens = [new_token() for _ in range(4)]
    hashes = [token_hash(t) for t in tokens]
    assert [seat_for(t, hashes) for t in tokens] == [0, 1, 2, 3]
    assert seat_for(new_token(), hashes) is None and seat_for("", hashes) is None


@pytest.mark.parametrize(("value", "token"), [
    ("Bearer abc", "abc"), ("bearer  abc ", "abc"), ("Basic abc", None), ("Bearer", None), ("", None),
    ("Bearer " + "x" * 257, None),
])
def test_bearer_header_parsing(value: str, token: str | None) -> None:
    assert bearer_token(value) == token


def test_the_authorization_header_is_found_in_any_case() -> None:
    assert authorization({"authorization": "Bearer a"}) == "Bearer a"
    assert authorization({"Authorization": "Bearer b"}) == "Bearer b"
    assert authorization({"x": "y"}) is None


def test_ids_and_tokens_never_start_with_a_dash_a_command_line_would_take_for_an_option(monkeypatch) -> None:
    import secrets

    from infra import auth
    from service.games import pipeline
    from service.lobbies import service as lobbies

    draws = iter(["-first", "-second", "third"] * 3)
    monkeypatch.setattr(secrets, "token_urlsafe", lambda nbytes: next(draws))
    assert auth.new_token() == "third"
    assert pipeline.new_game_id() == "third"
    assert lobbies.Lobbies.__dataclass_fields__["new_code"].default() == "third"
