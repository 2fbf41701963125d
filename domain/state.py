"""Game state: plain records. Callers treat a state as immutable; `evolve` works on a clone."""

from __future__ import annotations

from typing import Literal, TypeVar

from domain.clock_records import SeatClock
from domain.options import Options
from domain.records import field, record

_new = object.__new__  # the clones fill every slot themselves
T = TypeVar("T")


def _lists(d: dict[str, list[T]]) -> dict[str, list[T]]:
    """A copy of a dict of lists, each list copied: a loop, as a comprehension would be a call of its own."""
    c = d.copy()
    for k in c:
        c[k] = c[k].copy()
    return c


DECKS = ("upgrades", "ingredients", "items")
LABEL_SPACES = 7
ROUNDS = 7

Phase = Literal["new", "setup", "round_start", "market", "distill", "sell", "age", "round_end", "finished"]
PendingKind = Literal[
    "reveal_deck", "revealed",  # the basic Water's reveal
    "name_spirit",  # a fresh distillate to name
    "place_label",  # a sold spirit's label
    "gain_basic", "look_deck", "looked", "truck",  # round-start powers
    "keep_flavor",  # Doig Ventilator, Angus Douglas
    "double_flavor",  # Warehouse Manager
]


@record(slots=True, compiled_init=True)  # made at every move: see domain/records.py
class Spirit:
    id: int
    owner: int
    recipe: str
    cards: list[str]
    barrel: str
    round_distilled: int
    label: bool = False
    label_pending: bool = False
    warehouse: int = 0  # 0: still in the washback; 1 or 2: aging
    flavors: list[str] = field(default_factory=list)  # every flavor card; face down unless in known_flavors
    times_aged: int = 0
    known_flavors: list[str] = field(default_factory=list)  # drawn by a power: known to the owner only

    def clone(self) -> Spirit:
        # Slot by slot, as Player.clone: cheaper than through __init__, and clones are made at every move.
        c = _new(Spirit)
        c.id, c.owner, c.recipe, c.cards, c.barrel = self.id, self.owner, self.recipe, self.cards.copy(), self.barrel
        c.round_distilled, c.label, c.label_pending = self.round_distilled, self.label, self.label_pending
        c.warehouse, c.flavors, c.times_aged = self.warehouse, self.flavors.copy(), self.times_aged
        c.known_flavors = self.known_flavors.copy()
        return c


@record(slots=True, compiled_init=True)  # made at every move: see domain/records.py
class Sale:
    """What the round-end awards need to know about one sale."""

    recipe: str
    money: int
    sp: int
    alcohol: int
    sugars: int
    flavors: int
    aged: bool
    region_match: bool
    water: int = 0
    basic_sugars: int = 0
    same_sugar: int = 0  # the most sugar cards of one type


@record(slots=True, compiled_init=True)  # made at every move: see domain/records.py
class Pending:
    """The one choice a player owes before play goes on."""

    kind: PendingKind
    deck: str | None = None
    card: str | None = None
    cards: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    recipe: str | None = None
    power: str | None = None  # the distiller or upgrade whose power asks
    spirit: int | None = None  # the spirit a flavor choice is for
    top_only: bool = False  # name_spirit: the cut was declared top-only (Column Still)

    def clone(self) -> Pending:
        c = _new(Pending)  # slot by slot, as Spirit.clone
        c.kind, c.deck, c.card, c.cards, c.cut = self.kind, self.deck, self.card, self.cards.copy(), self.cut.copy()
        c.recipe, c.power, c.spirit, c.top_only = self.recipe, self.power, self.spirit, self.top_only
        return c


@record(slots=True)
class Player:
    seat: int
    name: str
    dealt: list[str] = field(default_factory=list)
    distiller: str | None = None
    money: int = 0
    sp: int = 0
    pantry: list[str] = field(default_factory=list)
    storeroom: list[str] = field(default_factory=list)
    upgrades: list[str] = field(default_factory=list)
    display: list[str] = field(default_factory=list)
    cubes: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)
    label_spaces: list[str | None] = field(default_factory=lambda: [None] * LABEL_SPACES)
    extra_labels: list[str] = field(default_factory=list)  # labels collected with every space full (D5)
    signature_aside: bool = True  # the signature ingredient waits out of play (label space 1)
    signature_made: bool = False
    spirits: list[Spirit] = field(default_factory=list)
    basics_bought: int = 0
    passed: bool = False
    traded: bool = False
    distilled: bool = False
    sales: list[Sale] = field(default_factory=list)
    pending: Pending | None = None
    tasting_due: bool = False
    discard_due: bool = False
    score: dict[str, int] | None = None
    powers_used: list[str] = field(default_factory=list)  # this round: once-per-phase powers and choices made

    def clone(self) -> Player:
        # Slot by slot, not through __init__ (a third cheaper: the hot path makes one of each player per command).
        # tests/domain/test_state_clone.py holds it to every field.
        q = _new(Player)
        q.seat, q.name, q.distiller, q.money, q.sp = self.seat, self.name, self.distiller, self.money, self.sp
        q.dealt, q.pantry, q.storeroom = self.dealt.copy(), self.pantry.copy(), self.storeroom.copy()
        q.upgrades, q.display, q.cubes = self.upgrades.copy(), self.display.copy(), self.cubes.copy()
        q.goals, q.label_spaces, q.extra_labels = self.goals.copy(), self.label_spaces.copy(), self.extra_labels.copy()
        q.signature_aside, q.signature_made = self.signature_aside, self.signature_made
        q.spirits = [x.clone() for x in self.spirits] if self.spirits else []
        q.basics_bought, q.passed, q.traded, q.distilled = self.basics_bought, self.passed, self.traded, self.distilled
        q.sales = self.sales.copy()  # Sale records are never changed in place: clones share them
        q.pending = self.pending.clone() if self.pending is not None else None
        q.tasting_due, q.discard_due = self.tasting_due, self.discard_due
        q.score = self.score.copy() if self.score is not None else None
        q.powers_used = self.powers_used.copy()
        return q

    def spirit(self, spirit_id: int) -> Spirit | None:
        return next((s for s in self.spirits if s.id == spirit_id), None)

    @property
    def placed_labels(self) -> list[str]:
        return [x for x in self.label_spaces if x is not None] + self.extra_labels

    @property
    def warehouse_spirits(self) -> list[Spirit]:
        return [s for s in self.spirits if s.warehouse]


@record(slots=True)
class Solo:
    """The solo goal grid (RULES §3.10): rows bottom (0) to top (4), positions left (0) to right."""

    grid: list[list[str]]
    revealed: list[list[bool]]
    available: list[list[bool]]
    cleanup: list[str]  # the B clean-up deck, in turning order
    completed: list[str] = field(default_factory=list)  # in claim order
    turned: int = 0  # clean-up cards turned so far
    swap_used: bool = False
    offered: list[str] = field(default_factory=list)  # distill / sell / round-end goals waiting for an answer
    round_sp: int = 0  # SP when the round started (Earn goals)
    matched_bottles: int = 0  # sales whose bottle matched the spirit's region (B7)

    def clone(self) -> Solo:
        return Solo([r.copy() for r in self.grid], [r.copy() for r in self.revealed],
                    [r.copy() for r in self.available], self.cleanup.copy(), self.completed.copy(), self.turned,
                    self.swap_used, self.offered.copy(), self.round_sp, self.matched_bottles)


@record(slots=True)
class Opening:
    """The table as every seat saw it when a simultaneous Distill phase opened (RULES D2).

    Until the phase closes each seat sees the others, the truck, the flavor piles and the solo grid as they were
    then: nothing another seat does during the phase can show through. Never mutated once made (states share it).
    """

    players: list[Player]
    truck: list[str]
    flavor_deck: int
    flavor_discard: list[str]
    flavor_discard_down: int
    solo: Solo | None


@record(slots=True, compiled_init=True)  # made at every move: see domain/records.py
class Undo:
    """A seat's undo point (docs/adr/0011): the state before its last command, which revealed nothing.

    Never shown: no view, history or notice reads it. Never mutated once made (states share it); its state
    holds no undo point of its own.
    """

    seat: int
    state: GameState


@record(slots=True)
class GameState:
    options: Options = field(default_factory=Options)
    players: list[Player] = field(default_factory=list)
    phase: Phase = "new"
    round: int = 0
    first_player: int = 0
    turn: int | None = None
    flight: str = ""
    rows: dict[str, list[str]] = field(default_factory=dict)  # slot 1 (newest, left) at index 0
    decks: dict[str, list[str]] = field(default_factory=dict)  # top at the end
    truck: list[str] = field(default_factory=list)
    flavor_deck: list[str] = field(default_factory=list)
    flavor_discard: list[str] = field(default_factory=list)  # face up: the flavors sales revealed
    flavor_discard_down: list[str] = field(default_factory=list)  # face down: drawn by a power and not kept
    labels: dict[str, int] = field(default_factory=dict)
    awards: list[str] = field(default_factory=list)  # still open
    awards_won: dict[str, list[int]] = field(default_factory=dict)
    next_spirit: int = 1
    winners: list[int] = field(default_factory=list)
    aged_round: int = 0  # the last round whose Age phase has handed out its flavors
    solo: Solo | None = None  # solo games only
    opening: Opening | None = None  # while a simultaneous Distill phase is open: what the other seats see
    resigned: list[int] = field(default_factory=list)  # seats that resigned, in order (D15)
    undo: Undo | None = None  # the last command's seat may take it back (domain.take_back)
    clocks: tuple[SeatClock, ...] = ()  # by seat, in a game with a clock (domain.clocks); () without one

    def clone(self) -> GameState:
        c = self.clone_table()
        c.players = [p.clone() for p in self.players]
        return c

    def clone_table(self) -> GameState:
        """A clone but for the players: its list holds this state's own Player objects, for a caller that
        clones each one before anything may change it (domain.decision)."""
        # Slot by slot, as Player.clone: once per command.
        c = _new(GameState)
        c.options, c.phase, c.round, c.first_player = self.options, self.phase, self.round, self.first_player
        c.players = self.players.copy()
        c.turn, c.flight, c.next_spirit, c.aged_round = self.turn, self.flight, self.next_spirit, self.aged_round
        c.rows = _lists(self.rows)
        c.decks = _lists(self.decks)
        c.truck, c.flavor_deck = self.truck.copy(), self.flavor_deck.copy()
        c.flavor_discard, c.flavor_discard_down = self.flavor_discard.copy(), self.flavor_discard_down.copy()
        c.labels, c.awards = self.labels.copy(), self.awards.copy()
        c.awards_won = _lists(self.awards_won)
        c.winners, c.resigned = self.winners.copy(), self.resigned.copy()
        c.solo = self.solo.clone() if self.solo is not None else None
        c.opening, c.undo = self.opening, self.undo  # never changed once made: states share them
        c.clocks = self.clocks  # a tuple of frozen records: shared too
        return c

    def without_undo(self) -> GameState:
        """A state sharing every part of this one but its undo point (an undo point holds none of its own): only
        of a state no one changes any more."""
        c = _new(GameState)  # slot by slot, as clone_table: once per quiet command
        c.options, c.players, c.phase, c.round = self.options, self.players, self.phase, self.round
        c.first_player, c.undo, c.clocks, c.resigned = self.first_player, None, self.clocks, self.resigned
        c.turn, c.flight, c.rows, c.decks, c.truck = self.turn, self.flight, self.rows, self.decks, self.truck
        c.flavor_deck, c.flavor_discard = self.flavor_deck, self.flavor_discard
        c.flavor_discard_down = self.flavor_discard_down
        c.labels, c.awards, c.awards_won, c.next_spirit = self.labels, self.awards, self.awards_won, self.next_spirit
        c.winners, c.aged_round, c.solo, c.opening = self.winners, self.aged_round, self.solo, self.opening
        return c

    @property
    def n(self) -> int:
        return len(self.players)

    def order(self) -> list[int]:
        """Seats in turn order from the first player."""
        return [(self.first_player + i) % self.n for i in range(self.n)]
