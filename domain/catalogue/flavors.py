"""Flavor deck (RULES.md §1.7): 40 single cards worth money only (5x3, 15x2, 15x1, 5x0), no SP, never bought.

Names are spelled as in BGA ("Toasted Marshmellow"); ids are "flavor_" + snake_case name.
Order = BGA id order.
"""

from __future__ import annotations

from domain.catalogue.model import CardDef, Kind, Market


def _flavor(name: str, bga: int, money: int) -> CardDef:
    id_ = "flavor_" + name.lower().replace(" ", "_")
    return CardDef(id_, name, Kind.FLAVOR, Market.FLAVOR, cost=None, money=money, sp=0, bga_id=bga)


FLAVORS: tuple[CardDef, ...] = (
    _flavor("Vanilla", 63, 3),
    _flavor("Sports Bag", 64, 0),
    _flavor("Smoky", 65, 2),
    _flavor("Tobacco", 66, 1),
    _flavor("Spicy", 67, 3),
    _flavor("Skunky", 68, 0),
    _flavor("Toasted Marshmellow", 69, 2),
    _flavor("Soy Sauce", 70, 1),
    _flavor("Seaweed", 71, 1),
    _flavor("Salty", 72, 1),
    _flavor("Piney", 73, 1),
    _flavor("Old Cellar", 74, 1),
    _flavor("Rubber Tires", 75, 0),
    _flavor("Peaty", 76, 2),
    _flavor("Oaky", 77, 1),  # RULES §1.7 lists Oaky at 1 money (some BGA revisions have 2); RULES wins.
    _flavor("Plastic", 78, 0),
    _flavor("Orange Peel", 79, 2),
    _flavor("Nutty", 80, 2),
    _flavor("Maple", 81, 2),
    _flavor("Leather", 82, 1),
    _flavor("Grass", 83, 1),
    _flavor("Manure", 84, 0),
    _flavor("Horse Blanket", 85, 1),
    _flavor("Ginger", 86, 2),
    _flavor("Malty", 87, 2),
    _flavor("Honey", 88, 2),
    _flavor("Fruity", 89, 3),
    _flavor("Floral", 90, 2),
    _flavor("Coffee", 91, 2),
    _flavor("Cherry", 92, 2),
    _flavor("Fishy", 93, 1),
    _flavor("Cinnamon", 94, 2),
    _flavor("Caramel", 95, 3),
    _flavor("Coriander", 96, 2),
    _flavor("Chocolate", 97, 3),
    _flavor("Bready", 98, 1),
    _flavor("Birthday Cake", 99, 2),
    _flavor("Bacon", 100, 1),
    _flavor("Berries", 101, 1),
    _flavor("Bandages", 102, 1),
)
