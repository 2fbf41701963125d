"""Saved games: the last game and seat are the defaults; tokens are found, never retyped."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from devtools.client import ClientError
from devtools.client.saved import SavedGames


def test_the_last_game_and_seat_become_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "d" / "games.json"
    SavedGames(path).remember("g1", "http://a", ["Ada", "Bo"], ["t0", "t1"])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    seat = SavedGames(path).resolve(None, None, None, None)
    assert (seat.game_id, seat.seat, seat.token, seat.url) == ("g1", 0, "t0", "http://a")
    assert SavedGames(path).resolve("g1", 1, None, None).token == "t1"
    again = SavedGames(path).resolve(None, None, None, "http://b")
    assert (again.seat, again.token, again.url) == (1, "t1", "http://b")
    assert SavedGames(path).tokens("g1") == {0: "t0", 1: "t1"}


def test_spectators_and_explicit_tokens(tmp_path: Path) -> None:
    saved = SavedGames(tmp_path / "games.json")
    seat = saved.resolve("other", None, "tok", "http://x")
    assert (seat.game_id, seat.seat, seat.token) == ("other", None, "tok")
    spectator = saved.resolve("other", None, None, None, spectator=True)
    assert spectator.token is None and spectator.seat is None


def test_unknown_seats_are_refused(tmp_path: Path) -> None:
    saved = SavedGames(tmp_path / "games.json")
    saved.remember("g1", "http://a", ["Ada"], ["t0"])
    with pytest.raises(ClientError, match="no token saved for seat 3"):
        saved.resolve("g1", 3, None, None)
    with pytest.raises(ClientError, match="no game given"):
        SavedGames(tmp_path / "none.json").resolve(None, None, None, None)


def test_reads_do_not_change_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    SavedGames(path).remember("g1", "http://a", ["Ada", "Grace"], ["t0", "t1"])
    SavedGames(path).remember("g2", "http://a", ["Bo"], ["u0"])
    read = SavedGames(path).resolve("g1", 1, None, None, remember=False)
    assert (read.game_id, read.seat, read.token, read.who()) == ("g1", 1, "t1", "seat 1 Grace")
    move = SavedGames(path).resolve(None, None, None, None)
    assert (move.game_id, move.seat, move.who()) == ("g2", 0, "seat 0 Bo")


def test_a_given_token_is_matched_to_its_saved_seat(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    SavedGames(path).remember("g1", "http://a", ["Ada", "Grace"], ["t0", "t1"])
    assert SavedGames(path).resolve("g1", None, "t1", None).who() == "seat 1 Grace"
    assert SavedGames(path).resolve("g1", None, "other", None).who() == "the seat of the given --token"
    assert SavedGames(path).resolve("g1", None, None, None, spectator=True).who() == "a spectator"
