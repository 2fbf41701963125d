"""Setup (RULES §3.1, D11): game creation and the distiller choice."""

from __future__ import annotations

from domain import events as ev
from domain.awards import eligible
from domain.catalogue import DISTILLERS, FLIGHTS, GOALS, deck
from domain.catalogue.model import Market
from domain.commands import Action, ChooseDistiller, CreateGame, listed
from domain.decision import Decision
from domain.errors import RuleViolation, require
from domain.events import Event
from domain.phases.record import PhaseRules, Step
from domain.rng import Rng
from domain.solo import deal, new_solo
from domain.state import GameState, Player

ROW_SIZE = 4


GOALS_DEALT = 3


DISTILLERS_DEALT = 2


def _pick_flight(choice: str, rng: Rng) -> str:
    if choice == "random_abc":
        return "ABC"[rng.randrange(3)]
    if choice == "random_all":
        return "ABCDEFGH"[rng.randrange(8)]
    return choice


def _shuffled(cards: list[str], rng: Rng) -> list[str]:
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def _deal(pool: list[str], per_seat: int, seats: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(pool[i * per_seat:(i + 1) * per_seat]) for i in range(seats))


def create_game(cmd: CreateGame, rng: Rng) -> list[Event]:
    n = len(cmd.seats)
    require(1 <= n <= 5, "player_count", "A game has 1 (solo) to 5 seats.")
    flight = _pick_flight(cmd.options.flight, rng)
    rows: dict[str, tuple[str, ...]] = {}
    decks: dict[str, tuple[str, ...]] = {}
    for name, market in (("upgrades", Market.UPGRADE), ("ingredients", Market.INGREDIENT),
                         ("items", Market.ITEM)):
        cards = _shuffled(list(deck(market)), rng)
        rows[name] = tuple(reversed(cards[-ROW_SIZE:]))  # dealt from the top, first card to slot 4
        decks[name] = tuple(cards[:-ROW_SIZE])
    pool = [d.id for d in DISTILLERS.values()
            if not (cmd.options.pairings and flight in d.removed_with_pairings)]
    goals = [g.id for g in GOALS.values() if flight not in g.excluded_flights] if n > 1 else []
    awards = _shuffled(eligible(flight, n), rng)[: n + 1] if n > 1 else []  # none in solo (RULES §1.13)
    grid, cleanup = deal(cmd.options.solo_difficulty, flight, rng) if n == 1 else ((), ())
    setup = ev.Setup(
        names=tuple(s.name for s in cmd.seats), flight=flight, rows=rows, decks=decks,
        flavor_deck=tuple(_shuffled(list(deck(Market.FLAVOR)), rng)),
        dealt_distillers=_deal(_shuffled(pool, rng), DISTILLERS_DEALT, n),
        goals=_deal(_shuffled(goals, rng), GOALS_DEALT, n),
        awards=tuple(awards), first_player=rng.randrange(n), solo_grid=grid, solo_cleanup=cleanup,
    )
    assert all(FLIGHTS[flight].recipes)
    return [ev.GameCreated(options=cmd.options, setup=setup)]


def choose_distiller(ctx: Decision, cmd: ChooseDistiller) -> None:
    p = ctx.player(cmd.seat)
    require(ctx.state.phase == "setup", "wrong_phase", "Distillers are chosen before the first round.")
    require(p.distiller is None, "already_chosen", "You have already chosen your distiller.")
    if cmd.distiller not in p.dealt:
        # Name both: the player may have typed a distiller of another seat or of another game.
        names = " or ".join(f"{DISTILLERS[d].name} ({d})" for d in p.dealt)
        raise RuleViolation("not_dealt", f"Choose one of the two distillers you were dealt: {names}.", dealt=p.dealt)
    ctx.emit(ev.DistillerChosen(seat=cmd.seat, distiller=cmd.distiller))


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


def _chosen(s: GameState, e: ev.DistillerChosen) -> None:
    p = s.players[e.seat]
    d = DISTILLERS[e.distiller]
    p.distiller = e.distiller
    p.money += d.money
    p.pantry += ["yeast"] * d.yeast + ["water"] * d.water
    if e.distiller == "nathan":
        p.cubes.append("whiskey")


def actions(s: GameState, p: Player) -> list[Action]:
    return [] if p.distiller else [listed(ChooseDistiller, seat=p.seat, distiller=d) for d in p.dealt]


def waiting(s: GameState) -> list[int]:
    return [p.seat for p in s.players if p.distiller is None]


def step(ctx: Decision) -> Step:
    return "wait" if waiting(ctx.state) else "done"


NEW = PhaseRules("new", appliers={ev.GameCreated: _created})  # CreateGame itself is the decider's
PHASE = PhaseRules("setup", moves={ChooseDistiller: choose_distiller}, appliers={ev.DistillerChosen: _chosen},
                   legal=actions, to_act=waiting, step=step, next=lambda s: "round_start")
