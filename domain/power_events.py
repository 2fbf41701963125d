"""Events of the distillers' and upgrades' powers (RULES §1.5.3, §1.11), re-exported by domain.events."""

# No `from __future__ import annotations`: see domain/events.py.

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)  # as domain/events.py's


class CardGained(_Event):
    """A free basic card from a round-start power (never counts toward the basic limit, no purchase bonus)."""

    type: Literal["card_gained"] = "card_gained"
    seat: int
    card: str
    power: str


class MoneyGained(_Event):
    type: Literal["money_gained"] = "money_gained"
    seat: int
    money: int
    power: str
    card: str | None = None  # Juliana de la Cruz: the cut card whose money she took


class PowerOffered(_Event):
    """A round-start power that needs its owner's choice is now that player's pending decision."""

    type: Literal["power_offered"] = "power_offered"
    seat: int
    power: str
    kind: str  # gain_basic | look_deck | truck


class DeckLooked(_Event):
    """Fang Xin / Market Buyer took the top cards of a deck in hand (seen by their owner only)."""

    type: Literal["deck_looked"] = "deck_looked"
    seat: int
    deck: str
    cards: tuple[str, ...]  # from the top down


class PowerDeclined(_Event):
    """A round-start choice left unused; cards looked at go to the bottom of their deck in the order seen."""

    type: Literal["power_declined"] = "power_declined"
    seat: int
    power: str


class SpiritRecut(_Event):
    """Coffey Still: the cut cards went back, the stack was shuffled and cut again."""

    type: Literal["spirit_recut"] = "spirit_recut"
    seat: int
    round: int
    cut: tuple[str, ...]
    spirit: tuple[str, ...]


class FlavorsDrawn(_Event):
    """Flavor cards drawn for a power (Malting Floor, Doig Ventilator, Angus Douglas), top of the deck first."""

    type: Literal["flavors_drawn"] = "flavors_drawn"
    seat: int
    round: int
    spirit_id: int
    power: str
    cards: tuple[str, ...]


class FlavorKept(_Event):
    """The drawn flavor that joined the spirit, known to its owner; the others went to the discard pile."""

    type: Literal["flavor_kept"] = "flavor_kept"
    seat: int
    round: int
    spirit_id: int
    power: str
    card: str
    discarded: tuple[str, ...] = ()


class FlavorDoubled(_Event):
    type: Literal["flavor_doubled"] = "flavor_doubled"
    seat: int
    spirit_id: int
    card: str
    money: int
