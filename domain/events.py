"""Events: past-tense facts. Every random outcome is recorded in the event that needed it (D4)."""

# No `from __future__ import annotations` in the modules of pydantic models: pydantic would evaluate each
# field's annotation from its text when the class is made, at every cold start, for every model.

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from domain.clock_events import (  # the turn clocks' events, part of the Event union below
    ClockPaused,
    ClockStarted,
    ClockStopped,
    ReminderDue,
    SeatReplaced,
    SeatTimedOut,
)
from domain.options import Options
from domain.power_events import (  # the powers' events, part of the Event union below
    CardGained,
    DeckLooked,
    FlavorDoubled,
    FlavorKept,
    FlavorsDrawn,
    MoneyGained,
    PowerDeclined,
    PowerOffered,
    SpiritRecut,
)
from domain.seat_events import MoveTakenBack, SeatResigned, UndoPointCleared, UndoPointSet
from domain.solo_events import GoalClaimed, GoalsDeclined, GoalsOffered, GoalsSwapped, SoloOutcome


# defer_build: an event's validator is built when the first one is made (or validated), not at import. A command
# makes one or two kinds of event; the events it loads are decoded without validation (infra/trusted.py).
class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Setup(BaseModel):
    """Every outcome of the setup shuffle and deals."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    names: tuple[str, ...]
    flight: str
    rows: dict[str, tuple[str, ...]]
    decks: dict[str, tuple[str, ...]]  # top of deck is the last element
    flavor_deck: tuple[str, ...]
    dealt_distillers: tuple[tuple[str, ...], ...]
    goals: tuple[tuple[str, ...], ...]
    awards: tuple[str, ...]
    first_player: int
    solo_grid: tuple[tuple[str, ...], ...] = ()  # solo: the goal rows, bottom to top, left to right
    solo_cleanup: tuple[str, ...] = ()  # solo: the B clean-up deck in turning order


class GameCreated(_Event):
    type: Literal["game_created"] = "game_created"
    options: Options
    setup: Setup


class DistillerChosen(_Event):
    type: Literal["distiller_chosen"] = "distiller_chosen"
    seat: int
    distiller: str


class RoundStarted(_Event):
    type: Literal["round_started"] = "round_started"
    round: int
    first_player: int


class CardBought(_Event):
    type: Literal["card_bought"] = "card_bought"
    seat: int
    source: str  # basic | upgrades | ingredients | items | cube | revealed | looked | truck
    card: str | None = None
    recipe: str | None = None
    cost: int  # the price paid, discounts taken off
    replaced: str | None = None
    refill: str | None = None  # the card dealt into slot 1 after a row purchase
    bonus_money: int = 0  # the basic Yeast purchase bonus (and Gunnhild Hellström's on basic Water)
    discounts: tuple[str, ...] = ()  # the powers whose once-per-round discount this purchase used


class CardRevealed(_Event):
    type: Literal["card_revealed"] = "card_revealed"
    seat: int
    deck: str
    card: str


class RevealDeclined(_Event):
    type: Literal["reveal_declined"] = "reveal_declined"
    seat: int
    deck: str | None = None
    card: str | None = None  # the revealed card, now at the bottom of its deck


class PlayerPassed(_Event):
    type: Literal["player_passed"] = "player_passed"
    seat: int
    phase: str
    automatic: bool = False


class DeckReshuffled(_Event):
    """The truck's cards of one deck (or the flavor discards) shuffled under the remaining deck."""

    type: Literal["deck_reshuffled"] = "deck_reshuffled"
    deck: str  # upgrades | ingredients | items | flavors
    order: tuple[str, ...]


class MarketCleanedUp(_Event):
    type: Literal["market_cleaned_up"] = "market_cleaned_up"
    discarded: dict[str, tuple[str, ...]]
    refills: dict[str, tuple[str, ...]]
    solo_card: str | None = None  # solo: the B card turned, whose back names the slots
    slots: dict[str, tuple[int, ...]] = Field(default_factory=dict)  # solo: slots discarded (1 = left); {} = rightmost


class PhaseStarted(_Event):
    type: Literal["phase_started"] = "phase_started"
    phase: str
    turn: int | None = None
    tasting: tuple[int, ...] = ()  # round end: seats that may hold a tasting
    discard: tuple[int, ...] = ()  # round end: seats that must discard a goal


class Traded(_Event):
    type: Literal["traded"] = "traded"
    seat: int
    gave: str
    took: str
    round: int


class SpiritDistilled(_Event):
    type: Literal["spirit_distilled"] = "spirit_distilled"
    seat: int
    round: int
    washback: tuple[str, ...]
    alcohol_added: int
    cut: tuple[str, ...]  # top and bottom cards (only the top with Column Still), back to the pantry
    spirit: tuple[str, ...]  # the cards that stayed (Mountain Spring Water's extra Water included)
    top_only: bool = False


class DistillSkipped(_Event):
    type: Literal["distill_skipped"] = "distill_skipped"
    seat: int
    automatic: bool = False
    round: int


class SpiritNamed(_Event):
    type: Literal["spirit_named"] = "spirit_named"
    seat: int
    round: int
    spirit_id: int
    recipe: str
    barrel: str
    restore_signature: bool = False
    label: bool | None = None  # None: settled when the Distill phase closes (D2)
    returned: str | None = None  # Spirit Safe: the cut card put back into the spirit


class LabelsSettled(_Event):
    type: Literal["labels_settled"] = "labels_settled"
    labelled: tuple[int, ...]  # spirit ids that got a label
    unlabelled: tuple[int, ...]


class SpiritSold(_Event):
    type: Literal["spirit_sold"] = "spirit_sold"
    seat: int
    spirit_id: int
    bottle: str
    flavors: tuple[str, ...]  # revealed at the sale
    money: int
    sp: int
    breakdown: dict[str, int]
    double_choice: bool = False  # Warehouse Manager: the owner now picks the flavor whose money counts double


class LabelPlaced(_Event):
    type: Literal["label_placed"] = "label_placed"
    seat: int
    recipe: str
    space: int | None  # None: every space was full (D5)
    take_sp: bool
    card: str | None = None
    recipe_cube: str | None = None
    discard: str | None = None
    replace: str | None = None
    refill: str | None = None


class SpiritStored(_Event):
    type: Literal["spirit_stored"] = "spirit_stored"
    seat: int
    spirit_id: int
    warehouse: int


class FlavorAdded(_Event):
    """Face-down flavors for the warehouse spirits; which cards they are stays hidden until the sale."""

    type: Literal["flavor_added"] = "flavor_added"
    spirit_ids: tuple[int, ...]  # one entry per card, drawn from the top of the flavor deck in order
    money: dict[int, int] = Field(default_factory=dict)  # seat -> American Standard Barrel income
    aged: tuple[int, ...] = ()  # every spirit aged (Angus Douglas's may get no face-down card); () = spirit_ids


class AwardsScored(_Event):
    type: Literal["awards_scored"] = "awards_scored"
    round: int
    awards: dict[str, tuple[int, ...]]  # award id -> seats that split it
    shares: dict[str, int]  # award id -> SP each


class TastingHeld(_Event):
    type: Literal["tasting_held"] = "tasting_held"
    seat: int
    sp: int


class GoalDiscarded(_Event):
    type: Literal["goal_discarded"] = "goal_discarded"
    seat: int
    goal: str


class RoundEnded(_Event):
    type: Literal["round_ended"] = "round_ended"
    round: int


class GameEnded(_Event):
    type: Literal["game_ended"] = "game_ended"
    scores: tuple[dict[str, int], ...]  # per seat: breakdown + total sp + money
    winners: tuple[int, ...]
    revealed: str | None = None  # Trucker: the top premium ingredient, worth its money in SP
    solo: SoloOutcome | None = None  # solo games only


Event = Annotated[
    GameCreated | DistillerChosen | RoundStarted | CardBought | CardGained | MoneyGained | PowerOffered
    | DeckLooked | PowerDeclined | CardRevealed | RevealDeclined | PlayerPassed | DeckReshuffled
    | MarketCleanedUp | PhaseStarted | Traded | SpiritDistilled | SpiritRecut | DistillSkipped | SpiritNamed
    | FlavorsDrawn | FlavorKept | LabelsSettled | SpiritSold | FlavorDoubled | LabelPlaced | SpiritStored
    | FlavorAdded | AwardsScored | TastingHeld | GoalDiscarded | RoundEnded | GameEnded | GoalsOffered
    | GoalClaimed | GoalsDeclined | GoalsSwapped | SeatResigned | UndoPointSet | UndoPointCleared
    | MoveTakenBack | ClockStarted | ClockStopped | ReminderDue | SeatTimedOut | SeatReplaced | ClockPaused,
    Field(discriminator="type"),
]
# Built on first use too: the validating decoder is for what the store did not write itself.
EVENT_LIST: TypeAdapter[list[Event]] = TypeAdapter(list[Event], config=ConfigDict(defer_build=True))
EVENT: TypeAdapter[Event] = TypeAdapter(Event, config=ConfigDict(defer_build=True))
SCHEMA_VERSION = 1

__all__ = [  # re-exported: the powers', solo and seat events are part of this module's union
    "EVENT", "EVENT_LIST", "SCHEMA_VERSION", "AwardsScored", "CardBought", "CardGained", "CardRevealed",
    "ClockPaused", "ClockStarted", "ClockStopped", "DeckLooked", "DeckReshuffled", "DistillSkipped",
    "DistillerChosen", "Event", "FlavorAdded", "FlavorDoubled", "FlavorKept", "FlavorsDrawn", "GameCreated",
    "GameEnded", "GoalClaimed", "GoalDiscarded", "GoalsDeclined", "GoalsOffered", "GoalsSwapped", "LabelPlaced",
    "LabelsSettled", "MarketCleanedUp", "MoneyGained", "MoveTakenBack", "PhaseStarted", "PlayerPassed",
    "PowerDeclined", "PowerOffered", "ReminderDue", "RevealDeclined", "RoundEnded", "RoundStarted", "SeatReplaced",
    "SeatResigned", "SeatTimedOut", "Setup", "SoloOutcome", "SpiritDistilled", "SpiritNamed", "SpiritRecut",
    "SpiritSold", "SpiritStored", "TastingHeld", "Traded", "UndoPointCleared", "UndoPointSet"
]
