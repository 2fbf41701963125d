"""Typed rule violations: a stable code for machines and a message for people."""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details

    def __repr__(self) -> str:
        return f"RuleViolation({self.code!r}, {self.message!r})"


def require(condition: object, code: str, message: str, **details: Any) -> None:
    if not condition:
        raise RuleViolation(code, message, **details)
