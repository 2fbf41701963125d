"""What the players' service refuses, by type (functions/errors.py maps each to its HTTP answer). Kept apart,
without imports, so that mapping them costs the game functions nothing at cold start. No message carries a
key, a code or a contact."""

from __future__ import annotations

# The refusals no schema can say (whether a zone is in the tz database, a host public, a vacation within the days
# left, a webhook set): each is answered as its own 422 code, which the route's document lists. Any other kind is
# one the document's schema already refuses (a length, a pattern): 422 invalid_request.
RULE_KINDS = frozenset({"unknown_time_zone", "invalid_host", "not_set", "past", "allowance", "empty_window",
                        "invalid_token", "refused_by_platform", "not_https"})


class InvalidField(Exception):
    """A profile field that cannot be stored as sent. `kind` is stable, for machines; the value is never named."""

    def __init__(self, field: str, kind: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.kind, self.message = field, kind, message


class Unauthenticated(Exception):
    """Absent, malformed, unknown or rotated player key: one answer whatever is wrong."""


class PlayerNotFound(Exception):
    pass


class InvalidCode(Exception):
    def __init__(self, code: str) -> None:  # "invalid_code" or "code_expired": never the code sent
        super().__init__(code)
        self.code = code


class StaleRevision(Exception):
    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"the profile is at revision {current}, not {expected}")
        self.expected, self.current = expected, current


class PlayerContention(Exception):
    """Other writes to this player kept landing first: retry."""
