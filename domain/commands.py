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
    """Market purchase. source: basic | upgrades | ingredients | items | cube | revealed."""

    type: Literal["buy"] = "buy"
    source: Literal["basic", "upgrades", "ingredients", "items", "cube", "revealed"]
    card: str | None = None
    recipe: str | None = None
    replace: str | None = None  # upgrade to give up when all 3 slots are full


class Reveal(_Command):
    """Water bonus: reveal the top card of one premium deck."""

    type: Literal["reveal"] = "reveal"
    deck: Deck


class Decline(_Command):
    """Water bonus: reveal nothing, or leave the revealed card (it goes to the bottom of its deck)."""

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


class SkipDistill(_Command):
    type: Literal["skip_distill"] = "skip_distill"


class NameSpirit(_Command):
    type: Literal["name_spirit"] = "name_spirit"
    recipe: str
    barrel: str
    restore_signature: bool = False


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


PlayerCommand = Annotated[
    ChooseDistiller | Buy | Reveal | Decline | PassTurn | Trade | Distill | SkipDistill | NameSpirit
    | Sell | PlaceLabel | Age | Taste | DiscardGoal,
    Field(discriminator="type"),
]
Command = CreateGame | ChooseDistiller | Buy | Reveal | Decline | PassTurn | Trade | Distill | SkipDistill \
    | NameSpirit | Sell | PlaceLabel | Age | Taste | DiscardGoal

COMMAND_TYPES: dict[str, type[BaseModel]] = {
    c.model_fields["type"].default: c
    for c in (ChooseDistiller, Buy, Reveal, Decline, PassTurn, Trade, Distill, SkipDistill, NameSpirit,
              Sell, PlaceLabel, Age, Taste, DiscardGoal)
}


class OpenDistill(BaseModel):
    """A legal action with an open choice: which pantry cards go into the washback."""

    model_config = ConfigDict(frozen=True)
    type: Literal["distill"] = "distill"
    seat: int
    open: Literal[True] = True
    cards: tuple[str, ...]  # the pantry cards that may go in (a multiset)
    rule: str = (
        "at least one sugar, plus yeast and water, yeast and alcohol, water and alcohol, or two alcohol"
    )
