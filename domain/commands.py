"""Commands: what a seat asks for. Imperative names, a literal `type`, frozen."""

# No `from __future__ import annotations`: see domain/events.py.

from functools import cache
from typing import Annotated, Any, Literal, TypeVar, cast, get_args

from pydantic import BaseModel, ConfigDict, Field

from domain.options import Options, SeatSpec

Deck = Literal["upgrades", "ingredients", "items"]
MAX_SPIRIT_ID = 99


# defer_build: a command's validator is built when the first one is made, not at import. Each Lambda function
# takes one command and lists only its phase's legal actions: it never needs most of them.
class _Command(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    seat: int = Field(default=0, ge=0, le=4)


class CreateGame(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    type: Literal["create_game"] = "create_game"
    seats: tuple[SeatSpec, ...] = Field(min_length=1, max_length=5)
    options: Options = Options()


class ChooseDistiller(_Command):
    """Choose one of the two distillers you were dealt."""

    type: Literal["choose_distiller"] = "choose_distiller"
    distiller: str


class Buy(_Command):
    """Buy from the market: a basic card, a row card, a recipe cube, or the revealed card.

    At round start also a card looked at (Fang Xin, Market Buyer) or from the truck (Trucker). Discounts
    apply by themselves unless saved.
    """

    type: Literal["buy"] = "buy"
    source: Literal["basic", "upgrades", "ingredients", "items", "cube", "revealed", "looked", "truck"]
    card: str | None = None
    recipe: str | None = None
    replace: str | None = None  # upgrade to give up when all 3 slots are full
    save_discounts: bool = False  # pay the full price and keep this round's discounts for later


class Gain(_Command):
    """Round start: take the free basic card a power offers (Jacqueline Booker, Co-op Manager)."""

    type: Literal["gain"] = "gain"
    card: str


class Look(_Command):
    """Round start: look at the top cards of a premium deck (Fang Xin, Market Buyer)."""

    type: Literal["look"] = "look"
    deck: Deck


class Reveal(_Command):
    """Water bonus: reveal the top card of a premium deck."""

    type: Literal["reveal"] = "reveal"
    deck: Deck


class Decline(_Command):
    """Water bonus: reveal nothing, or leave the revealed card.

    The card left goes to the bottom of its deck. At round start: do not look, buy nothing of the cards
    looked at (they go to the bottom), or buy nothing from the truck.
    """

    type: Literal["decline"] = "decline"


class PassTurn(_Command):
    """Pass (market or sell phase)."""

    type: Literal["pass"] = "pass"


class Trade(_Command):
    """Trade one pantry card before distilling."""

    type: Literal["trade"] = "trade"
    give: str
    take: str


class Distill(_Command):
    """Distill: put pantry cards into the washback."""

    type: Literal["distill"] = "distill"
    washback: tuple[str, ...] = Field(min_length=1, max_length=40)
    extra_alcohol: int = Field(default=0, ge=0, le=3)  # Worm Tub: 2, Coppersmith: 1, both: 3
    top_only: bool = False  # Column Still: cut only the top card


class Redistill(_Command):
    """Redistill: cut the spirit again (Coffey Still).

    Once per Distill phase: the cut cards go back, the stack is shuffled and cut again.
    """

    type: Literal["redistill"] = "redistill"


class SkipDistill(_Command):
    """Do not distill this round."""

    type: Literal["skip_distill"] = "skip_distill"


class NameSpirit(_Command):
    """Name the distilled spirit: recipe and barrel."""

    type: Literal["name_spirit"] = "name_spirit"
    recipe: str
    barrel: str
    restore_signature: bool = False
    return_card: str | None = None  # Spirit Safe: one cut card put back into the spirit
    cash_card: str | None = None  # Juliana de la Cruz: the cut card whose money she gains (not with auto_best)


class KeepFlavor(_Command):
    """Keep one of the flavor cards drawn.

    Doig Ventilator, Angus Douglas: the others go face down to the discard pile.
    """

    type: Literal["keep_flavor"] = "keep_flavor"
    card: str


class DoubleFlavor(_Command):
    """Choose the revealed flavor whose money counts double (Warehouse Manager)."""

    type: Literal["double_flavor"] = "double_flavor"
    card: str


class Sell(_Command):
    """Sell a spirit in a bottle."""

    type: Literal["sell"] = "sell"
    # The game numbers its spirits from 1, one per seat per round at most (35 in a game): an id within the bound
    # and not the seat's is the rules' unknown_spirit.
    spirit: int = Field(ge=1, le=MAX_SPIRIT_ID)
    bottle: str


class PlaceLabel(_Command):
    """Place the sold spirit's label on a bonus space (or take 2 SP)."""

    type: Literal["place_label"] = "place_label"
    space: int | None = Field(default=None, ge=0, le=6)  # None only when all 7 spaces are full
    take_sp: bool = False
    card: str | None = None  # free card (spaces 2, 3, 5, 6)
    recipe: str | None = None  # free cube (space 4)
    discard: str | None = None  # pantry card sent to the truck (space 2)
    replace: str | None = None  # upgrade given up when the slots are full


class Age(_Command):
    """Put the new spirit into a warehouse to age."""

    type: Literal["age"] = "age"
    warehouse: int = Field(ge=1, le=2)


class Taste(_Command):
    """Tasting at round end: turn up to 4 SP into money (0 to decline)."""

    type: Literal["taste"] = "taste"
    sp: int = Field(ge=0, le=4)


class DiscardGoal(_Command):
    """Discard a goal at round end."""

    type: Literal["discard_goal"] = "discard_goal"
    goal: str


class ClaimGoal(_Command):
    """Solo: claim one of the goals offered or open to you.

    An offered Distill, Sell or Earn goal, or a Collect goal that is met.
    """

    type: Literal["claim_goal"] = "claim_goal"
    goal: str


class DeclineGoals(_Command):
    """Solo: decline the goals offered (Collect goals stay open)."""

    type: Literal["decline_goals"] = "decline_goals"


class SwapGoals(_Command):
    """Solo: swap two goals within a row, once per game (+5 to the target)."""

    type: Literal["swap_goals"] = "swap_goals"
    row: int = Field(ge=0, le=4)  # 0 = bottom row
    a: int = Field(ge=0, le=3)  # positions, 0 = left
    b: int = Field(ge=0, le=3)


class Resign(_Command):
    """Resign: a stand-in plays your seat on, or the game ends (the game's on_resign option).

    Allowed in any phase until the game is over, whether or not it is your turn; it cannot be taken back.
    """

    type: Literal["resign"] = "resign"


class TakeBack(_Command):
    """Take back your last command, while it revealed nothing and no other seat has acted since.

    Offered in legal_actions only then. The history keeps both commands.
    """

    type: Literal["take_back"] = "take_back"


# The one list of the commands a seat may send: every other list (the route per command, the API body models,
# COMMAND_TYPES, the move tables' coverage test) is derived from it.
AnyPlayerCommand = (ChooseDistiller | Buy | Gain | Look | Reveal | Decline | PassTurn | Trade | Distill | Redistill
                    | SkipDistill | NameSpirit | KeepFlavor | Sell | DoubleFlavor | PlaceLabel | Age | Taste
                    | DiscardGoal | ClaimGoal | DeclineGoals | SwapGoals | Resign | TakeBack)
PlayerCommand = Annotated[AnyPlayerCommand, Field(discriminator="type")]
Command = CreateGame | AnyPlayerCommand

COMMAND_TYPES: dict[str, type[BaseModel]] = {c.model_fields["type"].default: c for c in get_args(AnyPlayerCommand)}

# Commands legal_actions may list that never make a seat one the game waits for (to_act): a seat may resign,
# or take its last command back, whether or not the game waits for it. Bots leave them alone.
ANYTIME = frozenset({"resign", "take_back"})


class OpenDistill(BaseModel):
    """A legal action with an open choice: which pantry cards go into the washback."""

    model_config = ConfigDict(frozen=True, defer_build=True)
    type: Literal["distill"] = "distill"
    seat: int
    open: Literal[True] = True
    cards: tuple[str, ...]  # the pantry cards that may go in (a multiset)
    extra_alcohol: tuple[int, ...] = (0,)  # the values Distill.extra_alcohol may take (Worm Tub, Coppersmith)
    top_only: tuple[bool, ...] = (False,)  # the values Distill.top_only may take (Column Still)
    rule: str = (
        "at least one sugar, plus yeast and water, yeast and alcohol, water and alcohol, or two alcohol"
    )

# What legal_actions lists: ready-to-send commands, and the one open choice (the washback; a whole Distill is
# never listed).
Action = AnyPlayerCommand | OpenDistill


Listed = TypeVar("Listed", bound=BaseModel)


def listed(kind: type[Listed], **fields: Any) -> Listed:
    """A command as `legal_actions` lists it. Commands are frozen, so one instance per distinct command serves
    every listing: listing is the hot path of bots and simulations, and its fields come from a finite set."""
    return cast(Listed, _listed(kind, tuple(fields.items())))


@cache
def _listed(kind: type[BaseModel], fields: tuple[tuple[str, Any], ...]) -> BaseModel:
    return kind(**dict(fields))


def seated(kind: type[Listed], seat: int) -> Listed:
    """`listed` for a command whose one field is the seat (a pass, a skip): listed at nearly every decision, and
    a cache keyed by the seat alone costs a third of one keyed by the fields."""
    return cast(Listed, _seated(kind, seat))


@cache
def _seated(kind: type[BaseModel], seat: int) -> BaseModel:
    return kind(seat=seat)
