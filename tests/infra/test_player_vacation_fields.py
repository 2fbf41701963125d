"""The vacation fields of a player record (service/clocks/vacation.py) read back intact from both player stores."""

from __future__ import annotations

from infra.players import PlayerRecord, PlayerStore
from tests.infra.test_player_store_contract import backend, player, players  # noqa: F401  # the stores' fixtures


def test_a_players_vacation_reads_back_intact(players: PlayerStore) -> None:  # noqa: F811
    away = player("pDDDDDDDDDDDDDDDD", vacation_until=1_900_000_000, vacation_year=2030, vacation_days_used=7)
    players.create(away)
    found = players.get(away.player_id)
    assert found == away and isinstance(found, PlayerRecord) and found.vacation_until == 1_900_000_000
