"""The label bonus spaces of the Sell phase (RULES §3.6, D5): placing a sold spirit's label and its reward."""

from __future__ import annotations

from functools import cache

from domain import events as ev
from domain.card_rules import BASIC_BARRELS, BASIC_INGREDIENTS, deck_of, signature_ingredient
from domain.catalogue import CARDS, FLIGHTS, LABEL_SPACES
from domain.catalogue.model import Kind, Market
from domain.commands import Action, PlaceLabel
from domain.decision import Decision
from domain.errors import require
from domain.powers.choices import replacements
from domain.purchase import check_slot
from domain.state import GameState, Player
from domain.zones import advance_turn, discard, gain, take_from_row


def free_cards(state: GameState, p: Player, reward: str) -> list[str]:
    """The cards a label space offers for free."""
    rows = state.rows
    if reward == "free_ingredient":
        return sorted(set(rows["ingredients"])) + list(BASIC_INGREDIENTS)
    if reward == "free_item":
        return sorted(set(rows["items"])) + list(BASIC_BARRELS)
    if reward == "free_upgrade":
        return sorted(set(rows["upgrades"]))
    if reward == "truck_swap":
        return sorted(set(state.truck))
    return []


def free_cubes(state: GameState, p: Player) -> list[str]:
    return [r for r in FLIGHTS[state.flight].recipes if r not in p.cubes]


def reward_possible(state: GameState, p: Player, space: int) -> bool:
    reward = LABEL_SPACES[space].reward
    if reward == "signature":
        return p.signature_aside
    if reward == "free_cube":
        return bool(free_cubes(state, p))
    if reward == "free_upgrade":
        return bool(free_cards(state, p, reward))
    return True


def place_label(ctx: Decision, cmd: PlaceLabel) -> None:
    p = ctx.on_turn(cmd.seat, "sell", "Sell")
    s = ctx.state
    require(p.pending is not None and p.pending.kind == "place_label", "no_label",
            "You have no label waiting to be placed.")
    assert p.pending is not None and p.pending.recipe is not None
    base = {"seat": cmd.seat, "recipe": p.pending.recipe}
    extras = (cmd.card, cmd.recipe, cmd.discard, cmd.replace)
    if all(x is not None for x in p.label_spaces):
        require(cmd.space is None and not any(extras), "spaces_full",
                "Every bonus space is full: the label scores 2 SP (send no space).")
        ctx.emit(ev.LabelPlaced(**base, space=None, take_sp=True))
        return
    require(cmd.space is not None and p.label_spaces[cmd.space] is None, "space_taken",
            "Choose an empty bonus space.")
    assert cmd.space is not None
    reward = LABEL_SPACES[cmd.space].reward
    if cmd.take_sp or not reward_possible(s, p, cmd.space):
        require(cmd.take_sp and not any(extras), "take_sp_only",
                "This space can only give its 2 SP now." if not cmd.take_sp else "2 SP comes with nothing else.")
        require(s.options.label_sp_alternative or not reward_possible(s, p, cmd.space), "sp_option_off",
                "This game does not allow 2 SP instead of a space's reward.")
        ctx.emit(ev.LabelPlaced(**base, space=cmd.space, take_sp=True))
        return
    _check_reward(ctx, p, cmd, reward)
    refill = None
    if cmd.card in s.rows.get(_row_of(reward), []) and reward != "truck_swap":
        deck = _row_of(reward)
        ctx.ensure_deck(deck)
        refill = ctx.top(deck)
    ctx.emit(ev.LabelPlaced(**base, space=cmd.space, take_sp=False, card=cmd.card, recipe_cube=cmd.recipe,
                            discard=cmd.discard, replace=cmd.replace, refill=refill))


def _row_of(reward: str) -> str:
    return {"free_ingredient": "ingredients", "free_item": "items", "free_upgrade": "upgrades"}.get(reward, "")


def _check_reward(ctx: Decision, p: Player, cmd: PlaceLabel, reward: str) -> None:
    s = ctx.state
    if reward in ("money_5", "signature"):
        require(not any((cmd.card, cmd.recipe, cmd.discard, cmd.replace)), "no_choice",
                "This space's reward needs no choice.")
    elif reward == "free_cube":
        require(cmd.recipe in free_cubes(s, p), "cube_choice", "Name a recipe of the flight you do not know.")
        require(not any((cmd.card, cmd.discard, cmd.replace)), "no_choice", "Only a recipe is chosen here.")
    else:
        offered = free_cards(s, p, reward)
        if reward == "truck_swap":
            require(cmd.discard in p.pantry if p.pantry else cmd.discard is None, "discard_choice",
                    "Discard one card from your pantry.")
            require(cmd.card in offered if offered else cmd.card is None, "card_choice",
                    "Take one card from the truck.")
        else:
            require(cmd.card in offered, "card_choice", "Choose one of the cards this space offers.",
                    offered=offered)
            require(cmd.discard is None, "no_choice", "Nothing is discarded here.")
        require(cmd.recipe is None, "no_choice", "No recipe is chosen here.")
        if cmd.card is not None:
            check_slot(p, cmd.card, cmd.replace)
        elif cmd.replace is not None:
            require(False, "nothing_to_replace", "Only an upgrade replaces another upgrade.")
    if cmd.card is not None:
        require(CARDS[cmd.card].kind is not Kind.FLAVOR, "card_choice", "Flavors are never offered.")


# Label placements as listed: commands are frozen, so one instance serves every listing. Positional arguments:
# a cache keyed by keywords costs three times as much, and a truck swap lists every discard with every take.
@cache
def _label(seat: int, space: int | None, take_sp: bool = False) -> PlaceLabel:
    return PlaceLabel(seat=seat, space=space, take_sp=take_sp)


@cache
def _cube_label(seat: int, space: int, recipe: str) -> PlaceLabel:
    return PlaceLabel(seat=seat, space=space, recipe=recipe)


@cache
def _card_label(seat: int, space: int, card: str | None, replace: str | None, discard: str | None = None) -> PlaceLabel:
    return PlaceLabel(seat=seat, space=space, card=card, replace=replace, discard=discard)


def actions(s: GameState, p: Player) -> list[Action]:
    seat = p.seat
    if all(x is not None for x in p.label_spaces):
        return [_label(seat, None)]
    out: list[Action] = []
    for space, filled in enumerate(p.label_spaces):
        if filled is not None:
            continue
        possible = reward_possible(s, p, space)
        if s.options.label_sp_alternative or not possible:
            out.append(_label(seat, space, True))
        if not possible:
            continue
        reward = LABEL_SPACES[space].reward
        if reward in ("money_5", "signature"):
            out.append(_label(seat, space))
        elif reward == "free_cube":
            out += [_cube_label(seat, space, r) for r in free_cubes(s, p)]
        elif reward == "truck_swap":
            discards: list[str | None] = [*sorted(set(p.pantry))] or [None]
            takes: list[str | None] = [*free_cards(s, p, reward)] or [None]
            swaps = [(t, r) for t in takes for r in (replacements(p, t) if t else [None])]
            out += [_card_label(seat, space, t, r, d) for d in discards for t, r in swaps]
        else:
            out += [_card_label(seat, space, t, r) for t in free_cards(s, p, reward) for r in replacements(p, t)]
    return out


def apply_label_placed(s: GameState, e: ev.LabelPlaced) -> None:
    p = s.players[e.seat]
    p.pending = None
    if e.space is None:
        p.extra_labels.append(e.recipe)
    else:
        p.label_spaces[e.space] = e.recipe
    if e.take_sp or e.space is None:
        p.sp += 2
    else:
        reward = LABEL_SPACES[e.space].reward
        if reward == "money_5":
            p.money += 5
        elif reward == "signature":
            sig = signature_ingredient(p)
            if sig:
                p.pantry.append(sig)
            p.signature_aside = False
        elif reward == "free_cube" and e.recipe_cube:
            p.cubes.append(e.recipe_cube)
        elif reward == "truck_swap":
            if e.discard:
                p.pantry.remove(e.discard)
                discard(s, e.discard)
            if e.card:
                s.truck.remove(e.card)
                gain(s, p, e.card, e.replace)
        elif e.card:
            deck = deck_of(e.card)
            if deck and CARDS[e.card].market is not Market.BASIC:
                take_from_row(s, deck, e.card)
            gain(s, p, e.card, e.replace)
    advance_turn(s, e.seat)
