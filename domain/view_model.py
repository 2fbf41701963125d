"""The shape of `view(state, seat)`: every field a client reads, typed, for the API's OpenAPI document.

`view` builds plain data (cheap on every request); tests/domain/test_view_model.py validates what it builds
against these models, strictly and with no field left undeclared, over random games of every size, so the
document cannot drift from what is served.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from domain.commands import Action
from domain.options import Options
from domain.state import PendingKind, Phase

LegalAction = Action  # every command a seat may post, plus the one open entry (which cards to distill)


class _View(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SpiritView(_View):
    id: int
    warehouse: int = Field(description="0: just made, not aging yet; 1 or 2: the warehouse it ages in.")
    round_distilled: int
    flavors: int = Field(description="How many flavor cards it has (face down until the sale).")
    times_aged: int
    recipe: str
    barrel: str
    cards: list[str] = Field(description="The cards that stayed in the spirit after the cut.")
    label: bool
    label_pending: bool = Field(description="Simultaneous distilling: the label is settled when the phase closes.")
    known_flavors: list[str] | None = Field(description="Flavors a power drew for it: its owner's only (else null).")


class PendingView(_View):
    kind: PendingKind
    deck: str | None
    card: str | None
    cards: list[str]
    cut: list[str]
    recipe: str | None
    power: str | None
    spirit: int | None
    top_only: bool


class PlayerView(_View):
    seat: int
    name: str
    money: int
    sp: int
    distiller: str | None = Field(description="Null for another seat until setup is over.")
    pantry: list[str]
    pantry_count: int
    storeroom: list[str]
    upgrades: list[str]
    display: list[str] = Field(description="Premium bottles from sold spirits.")
    cubes: list[str] = Field(description="Recipes known beyond Vodka and Moonshine.")
    label_spaces: list[str | None] = Field(description="The 7 label bonus spaces: the recipe placed, or null.")
    extra_labels: list[str] = Field(description="Labels collected with every space full (RULES D5).")
    signature_aside: bool
    signature_made: bool
    spirits: list[SpiritView]
    basics_bought: int
    passed: bool
    powers_used: list[str]
    distilled: bool | None = Field(description="Null for another seat while a simultaneous Distill phase is open.")
    goals: list[str] | None = Field(description="Private: your own, everyone's once the game is over.")
    goal_count: int
    score: dict[str, int] | None = Field(description="The final score's parts, once the game is over.")
    resigned: bool = Field(description="The seat resigned: the rules' stand-in plays it, or the game ended (D15).")
    dealt_distillers: list[str] | None = Field(default=None, description="Your own seat only.")
    pending: PendingView | None = Field(default=None, description="Your own seat only: the choice you owe.")
    tasting_due: bool | None = Field(default=None, description="Your own seat only.")
    discard_due: bool | None = Field(default=None, description="Your own seat only.")


class SoloCell(_View):
    card: str | None = Field(description="Null while face down.")
    hidden: bool
    available: bool
    completed: bool
    claimable: bool


class SoloView(_View):
    rows: list[list[SoloCell]] = Field(description="The goal grid, bottom row first.")
    completed: list[str]
    closed_below: int
    target: int
    rows_completed: int
    swap_used: bool
    offered: list[str]
    cleanup_turned: list[str]
    cleanup_size: int


class StandingView(_View):
    seat: int
    name: str
    sp: int = Field(description="The final score.")
    money: int = Field(description="Money left over after scoring: it breaks a tie.")
    place: int = Field(description="1 for the best; tied seats share a place.")
    winner: bool


class ResultView(_View):
    """The end of the game, the same for every seat and spectator (each seat's breakdown is its `score`)."""

    winners: list[int] = Field(description="The winning seats (ties share the win; solo: empty if the game is lost).")
    winner_names: list[str]
    standings: list[StandingView] = Field(description="Best first.")


class ClockView(_View):
    """One seat's turn clock (docs/adr/0016-turn-clocks.md). Times are seconds since the epoch (UTC)."""

    seat: int
    deadline: float | None = Field(description="While the game waits for the seat: when its time runs out (then "
                                               "the rules play its move). Null: its clock is not running.")
    bank_left: float | None = Field(description="Bank clocks: seconds in the seat's bank (while its clock runs, "
                                                "as it was when it started). Null: a fixed time per move.")
    timeouts: int = Field(description="How often the seat's time ran out in this game.")
    paused_until: float | None = Field(description="Its clock is paused for its player's vacation until then.")


class GameView(_View):
    """A seat's view (`you` is its seat, `legal_actions` what it may post now) or the spectator's (`you` null)."""

    phase: Phase
    round: int
    first_player: int
    turn: int | None = Field(description="Whose turn it is in a turn-order phase (Market, Sell), else null.")
    flight: str
    options: Options
    rows: dict[str, list[str]] = Field(description="The premium market rows, newest card (slot 1) first.")
    deck_sizes: dict[str, int]
    truck: list[str]
    flavor_deck_size: int
    flavor_discard: dict[str, int] = Field(description="Face-up flavor discards (revealed at sales), by card.")
    flavor_discard_face_down: int = Field(description="Flavors a power drew and its owner did not keep.")
    labels: dict[str, int] = Field(description="Labels left per recipe.")
    awards: list[str] = Field(description="Spirit Awards still open.")
    awards_won: dict[str, list[int]]
    players: list[PlayerView]
    to_act: list[int] = Field(description="Seats that must act before the game can move on.")
    winners: list[int]
    result: ResultView | None = Field(description="Once the game is over: final scores, places and the winners.")
    secret_phase: bool = Field(description="A simultaneous Distill phase is open: the other seats' boards and "
                                           "the shared piles are shown as the phase found them.")
    you: int | None
    solo: SoloView | None
    clocks: list[ClockView] = Field(description="By seat, in a game with a turn clock; empty without one.")
    legal_actions: list[LegalAction] = Field(
        description="Each entry is a body to POST as-is (plus a command_id) to /games/{game_id}/{entry.type}; "
                    "the one entry with open=true is the distill choice: POST {washback: [...]} from its cards.")
