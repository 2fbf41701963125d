"""The games this machine joined: ids, seat tokens and the seat last played, so commands need only --game/--seat."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from devtools.client.http import ClientError

# The token saved for a seat the saved player plays (a lobby's game): its key is sent, whichever is newest.
PLAYER_SEAT = "@player"


def default_path() -> Path:
    return Path(os.environ.get("DISTILLED_STATE_FILE") or Path.home() / ".distilled" / "games.json")


@dataclass
class Seat:
    game_id: str
    seat: int | None  # None: a spectator
    token: str | None
    url: str
    name: str | None = None  # the player's name, as saved by `new`

    def who(self) -> str:
        """The seat a request acts as, for messages: "seat 1 Grace", "a spectator", "the --token seat"."""
        if self.token is None:
            return "a spectator"
        if self.seat is None:
            return "the seat of the given --token"
        return f"seat {self.seat}" + (f" {self.name}" if self.name else "")


class SavedGames:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()
        self.data: dict[str, Any] = {"last_game": None, "games": {}}
        if self.path.exists():
            try:
                self.data = json.loads(self.path.read_text(encoding="utf-8"))
            except ValueError:
                raise ClientError(f"{self.path} is not valid JSON; remove it or pass --state-file") from None

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(json.dumps(self.data, indent=2), encoding="utf-8")
        # Seat tokens are secrets: readable by this user only.
        os.chmod(temporary, 0o600)
        os.replace(temporary, self.path)

    def remember(self, game_id: str, url: str, names: list[str], tokens: list[str], seat: int = 0) -> None:
        self.data["games"][game_id] = {"url": url, "names": names, "tokens": tokens, "seat": seat}
        self.data["last_game"] = game_id
        self.save()

    def game(self, game_id: str) -> dict[str, Any] | None:
        found: dict[str, Any] | None = self.data["games"].get(game_id)
        return found

    def resolve(self, game_id: str | None, seat: int | None, token: str | None, url: str | None,
                spectator: bool = False, remember: bool = True) -> Seat:
        """Fill what the user left out from the saved game: the last game, its last seat, that seat's token.

        With `remember`, the game and seat named become the defaults. Reads pass False: looking at another
        seat's view must not change the seat the next move acts as."""
        game_id = game_id or self.data.get("last_game")
        if not game_id:
            raise ClientError("no game given and none saved: pass --game ID (or start one with `distilled new`)")
        saved = self.game(game_id) or {}
        if spectator:
            return Seat(game_id, None, None, url or saved.get("url") or "")
        chosen = seat
        if seat is None and token is None and saved.get("tokens"):
            seat = int(saved.get("seat", 0))
        if token is None and seat is not None:
            tokens = saved.get("tokens") or []
            if not 0 <= seat < len(tokens):
                raise ClientError(f"no token saved for seat {seat} of game {game_id}: pass --token")
            token = tokens[seat]
            if token == PLAYER_SEAT:
                token = (self.data.get("player") or {}).get("key")
        elif seat is None and token in (saved.get("tokens") or []):
            seat = saved["tokens"].index(token)
        changed = self.data.get("last_game") != game_id or (chosen is not None and saved.get("seat") != chosen)
        if remember and saved and changed:
            # The seat named last becomes the default for this game, and this game the default game.
            saved["seat"] = chosen if chosen is not None else saved.get("seat", 0)
            self.data["last_game"] = game_id
            self.save()
        names = saved.get("names") or []
        name = names[seat] if seat is not None and 0 <= seat < len(names) else None
        return Seat(game_id, seat, token, url or saved.get("url") or "", name)

    def tokens(self, game_id: str) -> dict[int, str]:
        saved = self.game(game_id) or {}
        key = (self.data.get("player") or {}).get("key")
        tokens = [key if t == PLAYER_SEAT else t for t in saved.get("tokens") or []]
        return {seat: token for seat, token in enumerate(tokens) if token}
