"""Commands: what a seat asks for. Imperative names, a literal `type`, frozen."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.options import Options, SeatSpec

Deck = Literal["upgrades", "ingredients", "items"]


class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    seat: int = Field(default=0, ge=0, le=4)


class CreateGame(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    type: Literal["create_game"] = "create_game"
    seats: tuple[SeatSpec, ...] = Field(min_length=1, max_length=5)
    options: Options = Options()


class ChooseDistiller(_Command):
    type: Literal["choose_distiller"] = "choose_distiller"
    distiller: str


class Buy(_Command):
    """A purchase. source: basic | upgrades | ingredients | items | cube | revealed (water bonus), or at round
    start: looked (Fang Xin, Market Buyer) | truck (Trucker). Discounts apply by themselves unless saved."""

    type: Literal["buy"] = "buy"
    source: Literal["basic", "upgrades", "ingredients", "items", "cube", "revealed", "looked", "truck"]
    card: str | None = None
    recipe: str | None = None
    replace: str | None = None  # upgrade to give up when all 3 slots are full
    save_discounts: bool = False  # pay the full price and keep this round's discounts for later


class Gain(_Command):
    """Round start (Jacqueline Booker, Co-op Manager): take the free basic ingredient offered."""

    type: Literal["gain"] = "gain"
    card: str


class Look(_Command):
    """Round start (Fang Xin, Market Buyer): look at the top cards of one premium deck."""

    type: Literal["look"] = "look"
    deck: Deck


class Reveal(_Command):
    """Water bonus: reveal the top card of one premium deck."""

    type: Literal["reveal"] = "reveal"
    deck: Deck


class Decline(_Command):
    """Water bonus: reveal nothing, or leave the revealed card (it goes to the bottom of its deck). Round start:
    do not look, buy nothing of the cards looked at (they go to the bottom), or buy nothing from the truck."""

    type: Literal["decline"] = "decline"


class PassTurn(_Command):
    type: Literal["pass"] = "pass"


class Trade(_Command):
    type: Literal["trade"] = "trade"
    give: str
    take: str


class Distill(_Command):
    type: Literal["distill"] = "distill"
    washback: tuple[str, ...] = Field(min_length=1, max_length=40)
    extra_alcohol: int = Field(default=0, ge=0, le=3)  # Worm Tub: 2, Coppersmith: 1, both: 3
    top_only: bool = False  # Column Still: cut only the top card


class Redistill(_Command):
    """Coffey Still, once per Distill phase: the cut cards go back, the stack is shuffled and cut again."""

    type: Literal["redistill"] = "redistill"


class SkipDistill(_Command):
    type: Literal["skip_distill"] = "skip_distill"


class NameSpirit(_Command):
    type: Literal["name_spirit"] = "name_spirit"
    recipe: str
    barrel: str
    restore_signature: bool = False
    return_card: str | None = None  # Spirit Safe: one cut card put back into the spirit
    cash_card: str | None = None  # Juliana de la Cruz: the cut card whose money she gains (not with auto_best)


class KeepFlavor(_Command):
    """Doig Ventilator, Angus Douglas: the flavor card kept of those drawn (the others are discarded)."""

    type: Literal["keep_flavor"] = "keep_flavor"
    card: str


class DoubleFlavor(_Command):
    """Warehouse Manager (without auto_best): the revealed flavor card whose money counts double."""

    type: Literal["double_flavor"] = "double_flavor"
    card: str


class Sell(_Command):
    type: Literal["sell"] = "sell"
    spirit: int
    bottle: str


class PlaceLabel(_Command):
    """Put the sold spirit's label on a bonus space and take its reward (or 2 SP instead)."""

    type: Literal["place_label"] = "place_label"
    space: int | None = Field(default=None, ge=0, le=6)  # None only when all 7 spaces are full
    take_sp: bool = False
    card: str | None = None  # free card (spaces 2, 3, 5, 6)
    recipe: str | None = None  # free cube (space 4)
    discard: str | None = None  # pantry card sent to the truck (space 2)
    replace: str | None = None  # upgrade given up when the slots are full


class Age(_Command):
    type: Literal["age"] = "age"
    warehouse: int = Field(ge=1, le=2)


class Taste(_Command):
    type: Literal["taste"] = "taste"
    sp: int = Field(ge=0, le=4)


class DiscardGoal(_Command):
    type: Literal["discard_goal"] = "discard_goal"
    goal: str


class ClaimGoal(_Command):
    """Solo: complete one of your goals (an offered Distill, Sell or Earn goal, or a Collect goal that is met)."""

    type: Literal["claim_goal"] = "claim_goal"
    goal: str


class DeclineGoals(_Command):
    """Solo: give up the goals offered now (Collect goals stay claimable while they are met)."""

    type: Literal["decline_goals"] = "decline_goals"


class SwapGoals(_Command):
    """Solo, once per game (the Swap card, +5 to the target): two goals of one row change places."""

    type: Literal["swap_goals"] = "swap_goals"
    row: int = Field(ge=0, le=4)  # 0 = bottom row
    a: int = Field(ge=0, le=3)  # positions, 0 = left
    b: int = Field(ge=0, le=3)


PlayerCommand = Annotated[
    ChooseDistiller | Buy | Gain | Look | Reveal | Decline | PassTurn | Trade | Distill | Redistill | SkipDistill
    | NameSpirit | KeepFlavor | Sell | DoubleFlavor | PlaceLabel | Age | Taste | DiscardGoal | ClaimGoal
    | DeclineGoals | SwapGoals,
    Field(discriminator="type"),
]
Command = CreateGame | ChooseDistiller | Buy | Gain | Look | Reveal | Decline | PassTurn | Trade | Distill \
    | Redistill | SkipDistill | NameSpirit | KeepFlavor | Sell | DoubleFlavor | PlaceLabel | Age | Taste | DiscardGoal \
    | ClaimGoal | DeclineGoals | SwapGoals

COMMAND_TYPES: dict[str, type[BaseModel]] = {
    c.model_fields["type"].default: c
    for c in (ChooseDistiller, Buy, Gain, Look, Reveal, Decline, PassTurn, Trade, Distill, Redistill, SkipDistill,
              NameSpirit, KeepFlavor, Sell, DoubleFlavor, PlaceLabel, Age, Taste, DiscardGoal, ClaimGoal,
              DeclineGoals, SwapGoals)
}


class OpenDistill(BaseModel):
    """A legal action with an open choice: which pantry cards go into the washback."""

    model_config = ConfigDict(frozen=True)
    type: Literal["distill"] = "distill"
    seat: int
    open: Literal[True] = True
    cards: tuple[str, ...]  # the pantry cards that may go in (a multiset)
    extra_alcohol: tuple[int, ...] = (0,)  # the values Distill.extra_alcohol may take (Worm Tub, Coppersmith)
    top_only: tuple[bool, ...] = (False,)  # the values Distill.top_only may take (Column Still)
    rule: str = (
        "at least one sugar, plus yeast and water, yeast and alcohol, water and alcohol, or two alcohol"
    )

# What legal_actions lists: ready-to-send commands, and the one open choice (the washback).
Action = ChooseDistiller | Buy | Gain | Look | Reveal | Decline | PassTurn | Trade | Redistill | SkipDistill \
    | NameSpirit | KeepFlavor | Sell | DoubleFlavor | PlaceLabel | Age | Taste | DiscardGoal | ClaimGoal \
    | DeclineGoals | SwapGoals | OpenDistill
