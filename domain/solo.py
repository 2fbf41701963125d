"""Solo mode (RULES §3.10): the goal grid, claiming and unlocking, the Swap card, the B-card clean-up, the outcome.

Rows are numbered from 0 (bottom, RULES row 1) to 4 (top); positions from 0 (left).
"""

from __future__ import annotations

from typing import Literal

from domain import commands as c
from domain import events as ev
from domain.catalogue import SOLO_CARDS
from domain.commands import Action, ClaimGoal, DeclineGoals, SwapGoals
from domain.decision import Applier, Decision
from domain.errors import require
from domain.phases.record import Move
from domain.rng import Rng
from domain.solo_conditions import COLLECT, DISTILL, EARN, SELL
from domain.state import DECKS, GameState, Solo

ROW_SIZES = (2, 3, 4, 3, 2)
TIERS = {"standard": "CCBCA", "hard": "CCBBA", "expert": "CBBBA"}  # tier of each row, bottom to top
REVEALED_ROWS = (0, 2, 4)


def deal(difficulty: str, flight: str, rng: Rng) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The grid by difficulty (flight exclusions taken out) and the B cards left, shuffled: the clean-up deck."""
    pools: dict[str, list[str]] = {}
    for tier in "ABC":
        pools[tier] = [s.id for s in SOLO_CARDS.values() if s.tier == tier and flight not in s.excluded_flights]
        rng.shuffle(pools[tier])
    grid = []
    for size, tier in zip(ROW_SIZES, TIERS[difficulty], strict=True):
        grid.append(tuple(pools[tier][:size]))
        pools[tier] = pools[tier][size:]
    return tuple(grid), tuple(pools["B"])


def new_solo(setup: ev.Setup) -> Solo:
    grid = [list(row) for row in setup.solo_grid]
    return Solo(grid=grid, revealed=[[r in REVEALED_ROWS] * len(row) for r, row in enumerate(grid)],
                available=[[r == 0] * len(row) for r, row in enumerate(grid)], cleanup=list(setup.solo_cleanup))


def where(solo: Solo, goal: str) -> tuple[int, int] | None:
    return next(((r, i) for r, row in enumerate(solo.grid) for i, g in enumerate(row) if g == goal), None)


def floor(solo: Solo) -> int:
    """Rows below the highest row with a completed goal are closed."""
    return max((r for r, row in enumerate(solo.grid) for g in row if g in solo.completed), default=0)


def claimable_at(solo: Solo, r: int, i: int) -> bool:
    return (solo.available[r][i] and solo.revealed[r][i] and solo.grid[r][i] not in solo.completed
            and r >= floor(solo))


def claimable(solo: Solo, kind: str | None = None) -> list[str]:
    return [g for r, row in enumerate(solo.grid) for i, g in enumerate(row)
            if claimable_at(solo, r, i) and (kind is None or SOLO_CARDS[g].type == kind)]


def unlocks(solo: Solo, r: int, i: int) -> list[tuple[int, int]]:
    """Left and right in the row; above: p and p+1 into a wider row, p-1 and p into a narrower one."""
    near = [(r, i - 1), (r, i + 1)]
    if r + 1 < len(solo.grid):
        near += [(r + 1, i), (r + 1, i + 1)] if len(solo.grid[r + 1]) > len(solo.grid[r]) else [
            (r + 1, i - 1), (r + 1, i)]
    return [(a, b) for a, b in near if 0 <= b < len(solo.grid[a]) and not solo.available[a][b]]


def collect_met(state: GameState) -> list[str]:
    solo = state.solo
    assert solo is not None
    return [g for g in claimable(solo, "collect") if COLLECT[SOLO_CARDS[g].condition](state.players[0], solo)]


def target(solo: Solo) -> int:
    points = sum(SOLO_CARDS[g].target for g in solo.completed if SOLO_CARDS[g].tier in "AB")
    return points + (SOLO_CARDS["S"].target if solo.swap_used else 0)


def rows_completed(solo: Solo) -> int:
    return sum(1 for row in solo.grid if any(g in solo.completed for g in row))


def outcome(solo: Solo, sp: int) -> ev.SoloOutcome:
    """Won: a completed goal in every row and final SP at least the target (a tie wins, D23)."""
    goal = target(solo)
    rows = rows_completed(solo)
    return ev.SoloOutcome(target=goal, rows_completed=rows, completed=tuple(solo.completed),
                          swap_used=solo.swap_used, sp=sp, won=rows == len(solo.grid) and sp >= goal)


# ----- offers: Distill and Sell goals right after the event, Earn (and Collect) goals at round end ---------


def _offer(ctx: Decision, trigger: Literal["distill", "sell", "round_end"], goals: list[str]) -> None:
    if goals:
        ctx.emit(ev.GoalsOffered(trigger=trigger, goals=tuple(goals)))


def offer_distill(ctx: Decision, spirit_id: int) -> None:
    s = ctx.state
    spirit = s.players[0].spirit(spirit_id) if s.solo is not None else None
    if s.solo is not None and spirit is not None:
        _offer(ctx, "distill", [g for g in claimable(s.solo, "distill") if DISTILL[SOLO_CARDS[g].condition](spirit)])


def offer_sale(ctx: Decision) -> None:
    """After a sale's value is settled (after the Warehouse Manager's choice, if any)."""
    s = ctx.state
    if s.solo is None or not s.players[0].sales:
        return
    p = s.players[0]
    _offer(ctx, "sell", [g for g in claimable(s.solo, "sell") if SELL[SOLO_CARDS[g].condition](p, p.sales[-1])])


def offer_round_end(ctx: Decision) -> None:
    s = ctx.state
    if s.solo is None:
        return
    p, solo = s.players[0], s.solo
    earn = [g for g in claimable(solo, "earn") if EARN[SOLO_CARDS[g].condition](p, solo)]
    _offer(ctx, "round_end", earn + collect_met(s))


# ----- commands ----------------------------------------------------------------------------------------------


def _solo(ctx: Decision, seat: int) -> Solo:
    ctx.player(seat)
    solo = ctx.state.solo
    require(solo is not None, "not_solo", "Goal cards are played in solo games only.")
    assert solo is not None
    require(ctx.state.phase != "setup", "wrong_phase", "Choose your distiller first.")
    return solo


def claim(ctx: Decision, cmd: ClaimGoal) -> None:
    solo = _solo(ctx, cmd.seat)
    pos = where(solo, cmd.goal)
    require(pos is not None, "unknown_goal", "That goal is not in your grid.")
    assert pos is not None
    r, i = pos
    require(cmd.goal not in solo.completed, "goal_completed", "That goal is already completed.")
    require(claimable_at(solo, r, i), "goal_locked",
            "Only a revealed, unlocked goal in a row not closed yet can be completed.")
    card = SOLO_CARDS[cmd.goal]
    if card.type == "collect":
        require(COLLECT[card.condition](ctx.state.players[0], solo), "goal_not_met", "You do not meet that goal.")
    else:
        require(cmd.goal in solo.offered, "goal_not_offered",
                "Distill and Sell goals are claimed right after the event, Earn goals at the end of a round.")
    opened = unlocks(solo, r, i)
    ctx.emit(ev.GoalClaimed(
        seat=cmd.seat, goal=cmd.goal, row=r, position=i, unlocked=tuple(opened),
        revealed=tuple(solo.grid[a][b] for a, b in opened if not solo.revealed[a][b]),
        sp=card.reward_sp, money=card.reward_money))


def decline(ctx: Decision, cmd: DeclineGoals) -> None:
    solo = _solo(ctx, cmd.seat)
    require(bool(solo.offered), "no_offer", "No goal is offered now.")
    ctx.emit(ev.GoalsDeclined(seat=cmd.seat, goals=tuple(solo.offered)))


def swappable(solo: Solo) -> list[tuple[int, int, int]]:
    """(row, a, b) pairs the Swap card may exchange: revealed, not completed, in a row not closed."""
    if solo.swap_used:
        return []
    out = []
    for r, row in enumerate(solo.grid):
        free = [i for i, g in enumerate(row) if solo.revealed[r][i] and g not in solo.completed]
        out += [(r, a, b) for a in free for b in free if a < b and r >= floor(solo)]
    return out


def swap(ctx: Decision, cmd: SwapGoals) -> None:
    solo = _solo(ctx, cmd.seat)
    require(not solo.swap_used, "swap_used", "The Swap card is used once per game.")
    a, b = sorted((cmd.a, cmd.b))
    require((cmd.row, a, b) in swappable(solo), "cannot_swap",
            "Swap two different revealed, uncompleted goals of one row that is not closed.")
    ctx.emit(ev.GoalsSwapped(seat=cmd.seat, row=cmd.row, a=cmd.a, b=cmd.b,
                             cards=(solo.grid[cmd.row][cmd.a], solo.grid[cmd.row][cmd.b])))


# ----- the B-card clean-up --------------------------------------------------------------------------------------


def cleanup(ctx: Decision) -> None:
    """End of Market: turn the next B card; its back names the slots (1 = left) discarded in each row. When
    every B card has been turned, they are turned again in the same order (RULES D13)."""
    solo = ctx.state.solo
    assert solo is not None and solo.cleanup
    card = solo.cleanup[solo.turned % len(solo.cleanup)]
    back = SOLO_CARDS[card].back_discard
    assert back is not None
    slots = dict(zip(DECKS, back, strict=True))
    for deck in DECKS:
        ctx.ensure_deck(deck, len(slots[deck]))
    s = ctx.state
    discarded = {d: tuple(s.rows[d][k - 1] for k in slots[d] if k <= len(s.rows[d])) for d in DECKS}
    refills = {d: tuple(reversed(s.decks[d]))[:len(discarded[d])] for d in DECKS}
    ctx.emit(ev.MarketCleanedUp(discarded=discarded, refills=refills, solo_card=card, slots=slots))


# ----- legal actions -------------------------------------------------------------------------------------------


def actions(s: GameState, base: list[Action]) -> list[Action]:
    """Solo: the goals offered (claim one or decline) block everything else; otherwise the Collect goals met and
    the Swap card's swaps join whatever else the player may do now."""
    solo = s.solo
    assert solo is not None
    met = collect_met(s)
    if solo.offered:
        goals = dict.fromkeys([g for g in solo.offered if g in claimable(solo) and SOLO_CARDS[g].type != "collect"]
                              + met)
        return [*(c.ClaimGoal(goal=g) for g in goals), c.DeclineGoals()]
    if not base:
        return base
    return [*base, *(c.ClaimGoal(goal=g) for g in met),
            *(c.SwapGoals(row=r, a=a, b=b) for r, a, b in swappable(solo))]


# ----- appliers --------------------------------------------------------------------------------------------------


def _solo_of(s: GameState) -> Solo:
    assert s.solo is not None
    return s.solo


def _offered(s: GameState, e: ev.GoalsOffered) -> None:
    _solo_of(s).offered = list(e.goals)


def _claimed(s: GameState, e: ev.GoalClaimed) -> None:
    solo = _solo_of(s)
    solo.completed.append(e.goal)
    for r, i in e.unlocked:
        solo.available[r][i] = True
        solo.revealed[r][i] = True
    p = s.players[e.seat]
    p.sp += e.sp
    p.money += e.money
    kind = SOLO_CARDS[e.goal].type
    once = kind in ("distill", "sell")  # a spirit satisfies one goal of each event type
    solo.offered = [g for g in solo.offered if g != e.goal and not (once and SOLO_CARDS[g].type == kind)]


def _declined(s: GameState, e: ev.GoalsDeclined) -> None:
    _solo_of(s).offered = []


def _swapped(s: GameState, e: ev.GoalsSwapped) -> None:
    solo = _solo_of(s)
    row = solo.grid[e.row]
    row[e.a], row[e.b] = row[e.b], row[e.a]
    solo.swap_used = True


# Solo goals are answered in any phase after setup: no phase holds these moves, the decider falls back on them.
MOVES: dict[type, Move] = {ClaimGoal: claim, DeclineGoals: decline, SwapGoals: swap}
APPLIERS: dict[type, Applier] = {ev.GoalsOffered: _offered, ev.GoalClaimed: _claimed, ev.GoalsDeclined: _declined,
            ev.GoalsSwapped: _swapped}
