"""Typed rule violations: a stable code for machines and a message for people."""

from __future__ import annotations

from typing import Any

# Every code a RuleViolation names (tests/domain/test_rule_codes.py finds each in the rules' source): what a command
# route's 422 may answer besides invalid_request, which the OpenAPI document lists as the enum of its error code.
RULE_CODES = frozenset({
    "already_chosen", "already_distilled", "already_traded", "bad_fields", "basic_limit", "cannot_afford",
    "cannot_give", "cannot_return", "cannot_swap", "cannot_take", "cannot_take_back", "card_choice", "cash_choice",
    "clock_moved", "cube_choice", "cube_owned", "discard_choice", "empty_deck", "extra_alcohol", "flavor_choice",
    "gain_choice", "game_exists", "game_over", "goal_completed", "goal_locked", "goal_not_met", "goal_not_offered",
    "goals_offered", "invalid_washback", "must_age_first", "must_sell", "no_barrel", "no_bottle", "no_choice",
    "no_clock", "no_discard", "no_discount", "no_flavor_choice", "no_game", "no_label", "no_offer", "no_redistill",
    "no_reveal", "no_round_start_choice", "no_tasting", "not_basic", "not_dealt", "not_due", "not_enough_sp",
    "not_in_flight", "not_in_pantry", "not_in_row", "not_solo", "not_your_turn", "nothing_revealed", "nothing_to_age",
    "nothing_to_decline", "nothing_to_name", "nothing_to_redistill", "nothing_to_replace", "pending_choice",
    "player_count", "recipe_mismatch", "replace_required", "resigned", "slot_free", "sp_option_off", "space_taken",
    "spaces_full", "swap_used", "take_sp_only", "top_only", "unknown_card", "unknown_command", "unknown_goal",
    "unknown_recipe", "unknown_seat", "unknown_spirit", "warehouse_full", "wrong_card", "wrong_phase", "wrong_source",
})


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
