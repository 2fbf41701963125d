"""Every command a seat may send has its `distilled` subcommand (the CLI's arguments are its own, the list of
commands is the domain's)."""

from __future__ import annotations

from devtools.client.commands import PLAYER_COMMANDS
from domain.commands import COMMAND_TYPES


def test_every_command_has_a_cli_subcommand() -> None:
    assert sorted(c.type for c in PLAYER_COMMANDS) == sorted(COMMAND_TYPES)


def test_subcommand_names_are_unique() -> None:
    names = [c.name for c in PLAYER_COMMANDS]
    assert len(names) == len(set(names))
