"""What the lobbies' service refuses, by type (functions/errors.py maps each to its HTTP answer). No message
carries an invite code, a key or a token."""

from __future__ import annotations


class LobbyNotFound(Exception):
    def __init__(self, game_id: str) -> None:
        super().__init__("There is no such lobby.")
        self.game_id = game_id


class LobbyExpired(Exception):
    """A lobby never started within LOBBY_SECONDS: it cannot be joined or started (DynamoDB's TTL removes it)."""


class NotHost(Exception):
    """Only the lobby's host (the player who created it) may do this."""


class InviteRefused(Exception):
    """`invite_required` (a private lobby, no code sent) or `invalid_invite` (not this lobby's code)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class LobbyRefused(Exception):
    """The lobby is not in a state that allows it: `lobby_full`, `lobby_started`, `already_seated`,
    `last_seat` (a lobby keeps at least one seat)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


class NoSuchSlot(Exception):
    def __init__(self, seat: int) -> None:
        super().__init__(f"There is no seat {seat}.")
        self.seat = seat


class InvalidLobby(Exception):
    """Seats that cannot make a game (`field` names the body field; never echoes a value). `code`: invalid_request
    for what the document's schema refuses as well; else the rule's own code (two_hosts, or the game rules' code),
    which the route's document lists."""

    def __init__(self, field: str, message: str, code: str = "invalid_request") -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.message, self.code = field, message, code


class LobbyContention(Exception):
    """Other writes to this lobby kept landing first: retry."""


class SeatTaken(Exception):
    """The seat is a player's: its player plays it with its key, and no seat token is given out for it."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} is a player's")
        self.seat = seat


class NoSuchSeat(Exception):
    def __init__(self, seat: int) -> None:
        super().__init__(f"there is no seat {seat}")
        self.seat = seat
