"""What one sale is about: who sells which spirit in which bottle (shared by the sale formula and powers)."""

# No `from __future__ import annotations`: NamedTuple would compile each field's annotation from its text.
from typing import NamedTuple

from domain.card_rules import resolve
from domain.catalogue import CARDS, RECIPES
from domain.catalogue.model import Kind, Region
from domain.labels import collected
from domain.state import Player, Spirit


class SaleContext(NamedTuple):  # a named tuple: made in a third of a frozen dataclass's time at a cold start
    owner: Player
    spirit: Spirit
    bottle: str

    @property
    def recipe_region(self) -> Region:
        return resolve(RECIPES[self.spirit.recipe].region, self.owner)

    @property
    def bottle_region(self) -> Region:
        return resolve(CARDS[self.bottle].region, self.owner)

    @property
    def aged(self) -> bool:
        return RECIPES[self.spirit.recipe].aged

    @property
    def sugars(self) -> int:
        return sum(1 for c in self.spirit.cards if CARDS[c].kind is Kind.SUGAR)

    def other_label_regions(self) -> list[Region]:
        """Regions of the labels the owner holds besides this spirit's own (Home = the distiller's region)."""
        labels = collected(self.owner)
        if self.spirit.warehouse and self.spirit.label:
            labels.remove(self.spirit.recipe)
        return [resolve(RECIPES[r].region, self.owner) for r in labels]
