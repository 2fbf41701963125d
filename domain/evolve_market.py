"""Appliers for setup, Market and Distill events."""

from __future__ import annotations

from domain import events as ev
from domain.appliers import advance_turn, applies, discard, gain, take_from_row
from domain.catalogue import DISTILLERS, FLIGHTS
from domain.evolve_powers import to_bottom
from domain.lookups import next_seat, remove_all, signature_ingredient
from domain.powers import FRESH
from domain.solo import new_solo
from domain.state import GameState, Opening, Pending, Player, Spirit


@applies(ev.GameCreated)
def _created(s: GameState, e: ev.GameCreated) -> None:
    setup = e.setup
    n = len(setup.names)
    s.options = e.options
    s.players = [Player(seat=i, name=name, dealt=list(setup.dealt_distillers[i]), goals=list(setup.goals[i]),
                        storeroom=["metal_barrel", "glass_bottle"]) for i, name in enumerate(setup.names)]
    s.phase, s.flight, s.first_player = "setup", setup.flight, setup.first_player
    s.rows = {k: list(v) for k, v in setup.rows.items()}
    s.decks = {k: list(v) for k, v in setup.decks.items()}
    s.flavor_deck = list(setup.flavor_deck)
    s.awards = list(setup.awards)
    per_recipe, basic = (5, 7) if n == 1 else (n, 2 * n)
    s.labels = {r: per_recipe for r in FLIGHTS[setup.flight].recipes} | {"vodka": basic, "moonshine": basic}
    s.solo = new_solo(setup) if setup.solo_grid else None


@applies(ev.DistillerChosen)
def _chosen(s: GameState, e: ev.DistillerChosen) -> None:
    p = s.players[e.seat]
    d = DISTILLERS[e.distiller]
    p.distiller = e.distiller
    p.money += d.money
    p.pantry += ["yeast"] * d.yeast + ["water"] * d.water
    if e.distiller == "nathan":
        p.cubes.append("whiskey")


@applies(ev.RoundStarted)
def _round_started(s: GameState, e: ev.RoundStarted) -> None:
    s.round, s.first_player, s.phase, s.turn = e.round, e.first_player, "market", e.first_player
    for p in s.players:
        p.basics_bought, p.passed, p.traded, p.distilled = 0, False, False, False
        p.sales, p.pending, p.powers_used = [], None, []
    if s.solo is not None:
        s.solo.round_sp = s.players[0].sp


@applies(ev.CardBought)
def _bought(s: GameState, e: ev.CardBought) -> None:
    p = s.players[e.seat]
    p.money += e.bonus_money - e.cost
    p.powers_used += e.discounts
    if e.source == "cube":
        assert e.recipe is not None
        p.cubes.append(e.recipe)
    else:
        assert e.card is not None
        if e.source in ("looked", "truck"):
            _bought_at_round_start(s, p, e.source, e.card)
        elif e.source == "basic":
            p.basics_bought += 1
        elif e.source == "revealed":
            p.pending = None
        else:
            take_from_row(s, e.source, e.card)
        gain(s, p, e.card, e.replaced)
        if e.source == "basic" and e.card == "water":
            p.pending = Pending("reveal_deck")
    if s.phase == "market":
        advance_turn(s, e.seat)


def _bought_at_round_start(s: GameState, p: Player, source: str, card: str) -> None:
    """Fang Xin / Market Buyer / Trucker bought: the rest looked at goes under its deck; the power is used, and
    an upgrade bought now waits for the next round to act."""
    pend = p.pending
    if source == "looked" and pend is not None and pend.deck:
        rest = list(pend.cards)
        rest.remove(card)
        to_bottom(s, pend.deck, rest)
    else:
        s.truck.remove(card)
    if pend is not None and pend.power:
        p.powers_used.append(pend.power)
    p.powers_used.append(FRESH + card)
    p.pending = None


@applies(ev.CardRevealed)
def _revealed(s: GameState, e: ev.CardRevealed) -> None:
    s.decks[e.deck].pop()
    s.players[e.seat].pending = Pending("revealed", deck=e.deck, card=e.card)


@applies(ev.RevealDeclined)
def _declined(s: GameState, e: ev.RevealDeclined) -> None:
    if e.deck is not None and e.card is not None:
        s.decks[e.deck].insert(0, e.card)
    s.players[e.seat].pending = None
    advance_turn(s, e.seat)


@applies(ev.PlayerPassed)
def _passed(s: GameState, e: ev.PlayerPassed) -> None:
    s.players[e.seat].passed = True
    advance_turn(s, e.seat)


@applies(ev.DeckReshuffled)
def _reshuffled(s: GameState, e: ev.DeckReshuffled) -> None:
    if e.deck == "flavors":
        s.flavor_discard, s.flavor_discard_down = [], []
        s.flavor_deck = list(e.order) + s.flavor_deck
        return
    remove_all(s.truck, e.order)
    s.decks[e.deck] = list(e.order) + s.decks[e.deck]


@applies(ev.MarketCleanedUp)
def _cleaned(s: GameState, e: ev.MarketCleanedUp) -> None:
    for deck, gone in e.discarded.items():
        row = s.rows[deck]
        if deck in e.slots:  # solo: the slots the B card names; the rest slide right
            for k in sorted((k for k in e.slots[deck] if k <= len(row)), reverse=True):
                s.truck.append(row.pop(k - 1))
        for _ in gone:
            if row and deck not in e.slots:
                s.truck.append(row.pop())
            if s.decks[deck]:
                row.insert(0, s.decks[deck].pop())
    if e.solo_card is not None and s.solo is not None:
        s.solo.turned += 1


@applies(ev.PhaseStarted)
def _phase(s: GameState, e: ev.PhaseStarted) -> None:
    s.phase, s.turn = e.phase, e.turn
    s.opening = None
    if e.phase == "distill" and s.options.distill_order == "simultaneous":
        solo = s.solo.clone() if s.solo is not None else None
        s.opening = Opening([p.clone() for p in s.players], list(s.truck), len(s.flavor_deck),
                            list(s.flavor_discard), len(s.flavor_discard_down), solo)
    for p in s.players:
        p.passed = False
        p.tasting_due = p.seat in e.tasting
        p.discard_due = p.seat in e.discard


@applies(ev.Traded)
def _traded(s: GameState, e: ev.Traded) -> None:
    p = s.players[e.seat]
    (p.pantry if e.gave in p.pantry else p.storeroom).remove(e.gave)
    discard(s, e.gave)
    p.pantry.append(e.took)
    p.traded = True


@applies(ev.SpiritDistilled)
def _distilled(s: GameState, e: ev.SpiritDistilled) -> None:
    p = s.players[e.seat]
    remove_all(p.pantry, e.washback)
    p.pantry += e.cut
    p.distilled = True
    p.pending = Pending("name_spirit", cards=list(e.spirit), cut=list(e.cut), top_only=e.top_only)


@applies(ev.SpiritNamed)
def _named(s: GameState, e: ev.SpiritNamed) -> None:
    p = s.players[e.seat]
    assert p.pending is not None
    cards = list(p.pending.cards)
    sig = signature_ingredient(p)
    if e.restore_signature and sig:
        p.pantry.remove(sig)
        cards.append(sig)
    if e.returned:
        p.pantry.remove(e.returned)
        cards.append(e.returned)
    p.storeroom.remove(e.barrel)
    spirit = Spirit(e.spirit_id, e.seat, e.recipe, cards, e.barrel, e.round)
    if e.recipe == (DISTILLERS[p.distiller].signature_recipe if p.distiller else None):
        p.signature_made = True
    if e.label is None:
        spirit.label_pending = True
    elif e.label:
        spirit.label = True
        if e.recipe in s.labels:
            s.labels[e.recipe] -= 1
    p.spirits.append(spirit)
    p.pending = None
    s.next_spirit = e.spirit_id + 1
    if s.options.distill_order == "sequential":
        s.turn = next_seat(s, e.seat, lambda q: not q.distilled)


@applies(ev.DistillSkipped)
def _skipped(s: GameState, e: ev.DistillSkipped) -> None:
    s.players[e.seat].distilled = True
    if s.options.distill_order == "sequential":
        s.turn = next_seat(s, e.seat, lambda q: not q.distilled)


@applies(ev.LabelsSettled)
def _settled(s: GameState, e: ev.LabelsSettled) -> None:
    wanted = set(e.labelled) | set(e.unlabelled)
    for p in s.players:
        for sp in p.spirits:
            if sp.id in wanted:
                sp.label_pending = False
                sp.label = sp.id in e.labelled
                if sp.label and sp.recipe in s.labels:
                    s.labels[sp.recipe] -= 1

