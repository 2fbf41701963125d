"""The player commands of the `distilled` command line: their arguments, and the command body they become."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from devtools.client.actions import route_of
from devtools.client.http import ClientError

DECKS = ("upgrades", "ingredients", "items")


@dataclass(frozen=True)
class PlayerCommand:
    name: str  # the subcommand
    type: str  # the command's type (its route, unless ROUTES says otherwise)
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    fields: Callable[[argparse.Namespace], dict[str, Any]]

    @property
    def route(self) -> str:
        return route_of(self.type)

    def needs_view(self, fields: dict[str, Any]) -> bool:
        """Whether a field names something by where it is in your view, to be looked up before sending."""
        hook = VIEW_HOOKS.get(self.type)
        return hook is not None and hook[0](fields)

    def complete(self, fields: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
        """The fields with those names replaced by ids, from your own player in your view."""
        return VIEW_HOOKS[self.type][1](fields, mine)


def _none(parser: argparse.ArgumentParser) -> None:
    """No arguments beyond the common ones."""


def _buy_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--basic", metavar="CARD", help="a basic card: yeast, water, mixed_grains, ...")
    source.add_argument("--row", choices=DECKS, help="a premium row; name the card with --card")
    source.add_argument("--cube", metavar="RECIPE", help="a recipe cube")
    source.add_argument("--revealed", action="store_true", help="the card your water bonus revealed")
    source.add_argument("--looked", action="store_true", help="one of the cards a round-start look showed you")
    source.add_argument("--truck", action="store_true", help="a card from the truck (Trucker, round start)")
    parser.add_argument("--card", help="the card to buy from --row, --looked, --truck (or --revealed)")
    parser.add_argument("--replace", metavar="UPGRADE", help="the upgrade to give up when all slots are full")
    parser.add_argument("--save-discounts", action="store_true", help="pay full price, keep your discounts")


def _buy_fields(args: argparse.Namespace) -> dict[str, Any]:
    if args.basic:
        return {"source": "basic", "card": args.basic}
    if args.cube:
        return {"source": "cube", "recipe": args.cube}
    source = args.row or ("looked" if args.looked else "truck" if args.truck else "revealed")
    if source != "revealed" and not args.card:
        raise ClientError(f"buy --{'row ' + args.row if args.row else source} needs --card CARD")
    fields: dict[str, Any] = {"source": source, "card": args.card}
    if args.replace:
        fields["replace"] = args.replace
    if args.save_discounts:
        fields["save_discounts"] = True
    return {k: v for k, v in fields.items() if v is not None}


def _revealed(fields: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
    """`buy --revealed` buys the card the water bonus revealed."""
    return {**fields, "card": (mine.get("pending") or {}).get("card")}


def _dealt(fields: dict[str, Any], mine: dict[str, Any]) -> dict[str, Any]:
    """`choose-distiller 1`: the first of the two distillers you were dealt, numbered as `show` lists them."""
    dealt, number = mine.get("dealt_distillers") or [], int(fields["distiller"])
    if not dealt or mine.get("distiller"):
        return fields  # nothing left to choose: the server says why
    if not 1 <= number <= len(dealt):
        listed = " or ".join(f"{i + 1} ({d})" for i, d in enumerate(dealt))
        raise ClientError(f"choose-distiller {number}: you were dealt {len(dealt)} distillers, choose {listed}")
    return {**fields, "distiller": dealt[number - 1]}


VIEW_HOOKS: dict[str, tuple[Callable[[dict[str, Any]], bool],
                            Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]]] = {
    "buy": (lambda fields: fields.get("source") == "revealed" and "card" not in fields, _revealed),
    "choose_distiller": (lambda fields: str(fields["distiller"]).isdigit(), _dealt),
}


def _label_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("space", type=int, nargs="?", help="label space 0-6 (none when every space is full)")
    parser.add_argument("--take-sp", action="store_true", help="take 2 SP instead of the space's reward")
    for name, about in (("card", "the free card"), ("recipe", "the free cube (space 4)"),
                        ("discard", "the pantry card sent to the truck (space 2)"),
                        ("replace", "the upgrade to give up when all slots are full")):
        parser.add_argument(f"--{name}", help=about)


def _label_fields(args: argparse.Namespace) -> dict[str, Any]:
    fields: dict[str, Any] = {"space": args.space, "take_sp": args.take_sp, "card": args.card,
                              "recipe": args.recipe, "discard": args.discard, "replace": args.replace}
    return {k: v for k, v in fields.items() if v is not None}


def _one(name: str, kind: type = str, metavar: str | None = None, about: str | None = None
         ) -> tuple[Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], dict[str, Any]]]:
    """A command with a single positional argument, sent as the field of the same name."""

    def arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(name, type=kind, metavar=metavar or name.upper(), help=about)

    return arguments, lambda args: {name: getattr(args, name)}


def _trade_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("give", help="the pantry card to give")
    parser.add_argument("take", help="the card to take instead")


def _distill_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("washback", nargs="+", metavar="CARD", help="the pantry cards that go into the washback")
    parser.add_argument("--extra-alcohol", type=int, default=0, metavar="N",
                        help="extra Alcohol from Worm Tub (2) and/or Coppersmith (1)")
    parser.add_argument("--top-only", action="store_true", help="Column Still: cut only the top card")


def _distill_fields(args: argparse.Namespace) -> dict[str, Any]:
    fields: dict[str, Any] = {"washback": list(args.washback)}
    if args.extra_alcohol:
        fields["extra_alcohol"] = args.extra_alcohol
    if args.top_only:
        fields["top_only"] = True
    return fields


def _name_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("recipe", help="the recipe to name the spirit after")
    parser.add_argument("--barrel", required=True, help="the barrel it goes into")
    parser.add_argument("--restore-signature", action="store_true", help="take the signature ingredient back")
    parser.add_argument("--return-card", metavar="CARD", help="Spirit Safe: put this cut card back")
    parser.add_argument("--cash-card", metavar="CARD", help="Juliana: take the money value of this cut card")


def _name_fields(args: argparse.Namespace) -> dict[str, Any]:
    fields = {"recipe": args.recipe, "barrel": args.barrel, "restore_signature": args.restore_signature,
              "return_card": args.return_card, "cash_card": args.cash_card}
    return {k: v for k, v in fields.items() if v is not None}


def _sell_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spirit", type=int, help="the spirit's number (#N in `distilled show`)")
    parser.add_argument("--bottle", required=True, help="the bottle to sell it in")


def _swap_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("row", type=int, help="the row, 0 (bottom) to 4")
    parser.add_argument("a", type=int, help="one position in the row, 0 (left) to 3")
    parser.add_argument("b", type=int, help="the other position")


PLAYER_COMMANDS: tuple[PlayerCommand, ...] = (
    PlayerCommand("choose-distiller", "choose_distiller", "choose your distiller (setup)",
                  *_one("distiller", about="one of the two distillers you were dealt: 1 or 2 as `distilled show` "
                                          "numbers them, or its id (e.g. jeong)")),
    PlayerCommand("buy", "buy", "buy a card or a recipe cube (market)", _buy_arguments, _buy_fields),
    PlayerCommand("reveal", "reveal", "water bonus: reveal the top card of a premium deck",
                  *_one("deck", about="upgrades, ingredients or items")),
    PlayerCommand("decline", "decline", "water bonus: reveal nothing, or leave the revealed card",
                  _none, lambda args: {}),
    PlayerCommand("pass", "pass", "pass (market or sell)", _none, lambda args: {}),
    PlayerCommand("trade", "trade", "trade one pantry card (distill)", _trade_arguments,
                  lambda args: {"give": args.give, "take": args.take}),
    PlayerCommand("distill", "distill", "distill these pantry cards", _distill_arguments, _distill_fields),
    PlayerCommand("skip-distill", "skip_distill", "do not distill this round", _none, lambda args: {}),
    PlayerCommand("name", "name_spirit", "name the spirit you distilled and barrel it", _name_arguments,
                  _name_fields),
    PlayerCommand("sell", "sell", "sell a spirit in a bottle", _sell_arguments,
                  lambda args: {"spirit": args.spirit, "bottle": args.bottle}),
    PlayerCommand("label", "place_label", "place the sold spirit's label", _label_arguments, _label_fields),
    PlayerCommand("age", "age", "move the new spirit into a warehouse",
                  *_one("warehouse", int, "N", "warehouse 1 or 2")),
    PlayerCommand("taste", "taste", "tasting: spend SP", *_one("sp", int, "SP", "0 to 4")),
    PlayerCommand("discard", "discard_goal", "discard one of your goals", *_one("goal")),
    PlayerCommand("gain", "gain", "round start: take the free basic card a power offers", *_one("card")),
    PlayerCommand("look", "look", "round start: look at the top cards of a premium deck",
                  *_one("deck", about="upgrades, ingredients or items")),
    PlayerCommand("redistill", "redistill", "Coffey Still: cut the spirit again", _none, lambda args: {}),
    PlayerCommand("keep-flavor", "keep_flavor", "keep one of the flavor cards a power drew", *_one("card")),
    PlayerCommand("double-flavor", "double_flavor", "Warehouse Manager: the flavor whose money counts double",
                  *_one("card")),
    PlayerCommand("claim-goal", "claim_goal", "solo: claim a goal", *_one("goal", about="e.g. C6")),
    PlayerCommand("decline-goals", "decline_goals", "solo: decline the goals offered", _none, lambda args: {}),
    PlayerCommand("swap-goals", "swap_goals", "solo: swap two goals within a row (once; +5 to the target)",
                  _swap_arguments, lambda args: {"row": args.row, "a": args.a, "b": args.b}),
    PlayerCommand("resign", "resign", "resign: a stand-in plays your seat on, or the game ends (its option)",
                  _none, lambda args: {}),
    PlayerCommand("undo", "take_back", "take back your last command (while it revealed nothing and nobody "
                  "else has acted)", _none, lambda args: {}),
)
