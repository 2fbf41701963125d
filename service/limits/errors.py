"""Refusals of the limits (service/limits/rules.py) and of the "my games" listing (service/my_games.py), kept apart
from those modules so that functions/errors.py maps them without importing either at cold start."""

from __future__ import annotations


class RateLimited(Exception):
    """Too many requests of this kind lately: nothing was written."""

    def __init__(self, what: str, retry_after: int) -> None:
        super().__init__(f"too many {what} created lately")
        self.what, self.retry_after = what, retry_after


class InvalidCursor(Exception):
    """The cursor is not one a page of this listing answered."""
