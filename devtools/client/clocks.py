"""`--clock` of `distilled new` and `distilled invite`: a turn clock as a user types it, made into the API's
`options.clock` (domain/options.py's Clock, docs/adr/0016-turn-clocks.md).

    24h           {"mode": "per_move", "per_move_hours": 24}              the same time for every move
    bank:3d+12h   {"mode": "bank", "bank_hours": 72, "bonus_hours": 12}   a bank of time, a bonus after each move

A duration is whole numbers with the units d, h and m, largest first and each at most once (90m, 24h, 3d,
3d12h, 1h30m); every time is more than zero and at most 30 days, as the API allows. Bad input is refused by
argparse (exit 2) before any request is sent. The rest of the clock (reminders, timeouts_to_replace,
on_replace) keeps the API's defaults.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from domain.options import MAX_HOURS

DURATION = re.compile(r"(?:(?P<d>\d+)d)?(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)?")
SYNTAX = "a time per move like 24h, or bank:BANK+BONUS like bank:3d+12h"
UNITS = "whole numbers with units d, h, m, largest first: 90m, 24h, 3d, 3d12h"
LONGEST = f"{MAX_HOURS // 24}d"  # 30d

CLOCK_HELP = (
    "a turn clock (default: none, the game waits for ever). DURATION: the same time for every move, e.g. 24h; "
    "bank:BANK+BONUS: each seat draws on a bank of time, the bonus added to it after each of its moves, e.g. "
    "bank:3d+12h. A duration is whole numbers with units d, h, m, largest first: 90m, 24h, 3d, 3d12h, 1h30m; "
    f"every time more than zero and at most {LONGEST}. At a deadline the rules play the seat's move; after 3 "
    "timeouts a bot plays the seat for good")


def _minutes(text: str) -> int | None:
    """The minutes of a duration ("3d12h" -> 5040), None if it is not one."""
    found = DURATION.fullmatch(text.strip().lower())
    if found is None or not any(found.groups()):
        return None
    return sum(int(found[unit] or 0) * size for unit, size in (("d", 1440), ("h", 60), ("m", 1)))


def duration_text(hours: float) -> str:
    """Hours in the syntax `--clock` reads: 84 -> "3d12h", 1.5 -> "1h30m"."""
    minutes = round(hours * 60)
    parts = [(minutes // 1440, "d"), (minutes // 60 % 24, "h"), (minutes % 60, "m")]
    return "".join(f"{n}{unit}" for n, unit in parts if n) or "0m"


def _hours(part: str, what: str, given: str) -> float:
    """A duration as the API's hours (an int when whole), or the reason it is refused."""
    where = "" if part.strip() == given.strip() else f" in {given!r}"
    if not part.strip():
        raise argparse.ArgumentTypeError(f"{what} is missing{where}: {SYNTAX}")
    minutes = _minutes(part)
    if minutes is None:
        raise argparse.ArgumentTypeError(f"{what} {part!r}{where} is not a duration: {UNITS}")
    if minutes == 0:
        raise argparse.ArgumentTypeError(f"{what} {part!r}{where} is no time: it must be more than zero")
    if minutes > MAX_HOURS * 60:
        raise argparse.ArgumentTypeError(
            f"{what} {part!r}{where} is too long: at most {LONGEST}, the longest a clock allows")
    return minutes // 60 if minutes % 60 == 0 else minutes / 60


def _bonus_without_bank(given: str, text: str) -> str:
    """Why DURATION+DURATION without `bank:` is refused, with the two clocks it may have meant."""
    first, _, second = text.partition("+")
    bank, bonus = _minutes(first), _minutes(second)
    head = f"{given!r}: '+' adds a bonus per move, which only a bank has"
    if not (bank and bonus):
        return f"{head}: bank:BANK+BONUS like bank:3d+12h"
    each = duration_text((bank + bonus) / 60)
    return (f"{head}: bank:{text} (a bank of {duration_text(bank / 60)}, {duration_text(bonus / 60)} added after "
            f"each move) or {each} ({each} for every move)")


def parse_clock(given: str) -> dict[str, Any]:
    """`--clock`'s value as the API's `options.clock`; argparse.ArgumentTypeError (exit 2) says what is wrong."""
    text = given.strip()
    kind, colon, rest = text.partition(":")
    if not colon:
        if "+" in text:
            raise argparse.ArgumentTypeError(_bonus_without_bank(given, text))
        return {"mode": "per_move", "per_move_hours": _hours(text, "the time per move", given)}
    if kind.strip().lower() != "bank":
        raise argparse.ArgumentTypeError(f"unknown clock {kind!r} in {given!r}: {SYNTAX}")
    bank, plus, bonus = rest.partition("+")
    if not plus:
        raise argparse.ArgumentTypeError(
            f"{given!r} has no bonus: a bank needs one after '+', the time added after each move, e.g. "
            f"bank:{rest.strip() or '3d'}+12h")
    return {"mode": "bank", "bank_hours": _hours(bank, "the bank", given),
            "bonus_hours": _hours(bonus, "the bonus", given)}


def clock_line(clock: dict[str, Any] | None) -> str | None:
    """The clock of a game's (or lobby's) options in a few words, None for none."""
    if not clock:
        return None
    if clock.get("mode") == "bank":
        return (f"clock: a bank of {duration_text(clock['bank_hours'])} per seat, "
                f"{duration_text(clock['bonus_hours'])} added after each move")
    return f"clock: {duration_text(clock['per_move_hours'])} per move"


def add_clock_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--clock", type=parse_clock, metavar="DURATION|bank:BANK+BONUS", help=CLOCK_HELP)
