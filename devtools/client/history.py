"""`distilled log`: the history GET /games/{id}/events served, one sentence per event.

Only the fields of the served (redacted) events are read: a hidden value stays hidden, and the catalogue only
turns ids into names. The sentences are in devtools.client.phrases.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from devtools.client import names as n
from devtools.client.phrases import EVENTS, EXTRAS, LABEL_REWARDS, WORDS
from domain.catalogue import LABEL_SPACES
from domain.redact import HIDDEN
from service.texts.clocks import utc

Event = dict[str, Any]


class Seats:
    """Player names by seat: from the game_created event, else as the caller's view names them."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names = list(names)

    def __call__(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return WORDS["seat"].format(seat=seat)

    def several(self, seats: Iterable[Any]) -> str:
        """"Ada", "Ada and Grace", "Ada, Grace and Linus"."""
        named = [self(s) for s in seats]
        if len(named) > 1:
            return WORDS["and"].join([WORDS["list"].join(named[:-1]), named[-1]])
        return named[0] if named else WORDS["nobody"]


def _spirits(ids: Iterable[Any]) -> str:
    return WORDS["list"].join(WORDS["spirit"].format(id=i) for i in ids) or WORDS["none"]


def _created(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    setup = e.get("setup") or {}
    return "game_created", {"names": who.several(range(len(who.names))), "flight": setup.get("flight"),
                            "first": who(setup.get("first_player"))}


def _bought(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    source = e.get("source")
    key = {"cube": "card_bought.cube", "revealed": "card_bought.revealed", "looked": "card_bought.looked",
           "truck": "card_bought.truck"}.get(str(source), "card_bought")
    fields = {"card": n.card(e.get("card")), "recipe": n.recipe(e.get("recipe")), "cost": e.get("cost")}
    extra = EXTRAS["bonus_money"].format(money=e["bonus_money"]) if e.get("bonus_money") else ""
    extra += EXTRAS["replaced"].format(card=n.card(e["replaced"])) if e.get("replaced") else ""
    extra += EXTRAS["refill"].format(card=n.card(e["refill"])) if e.get("refill") else ""
    return key, fields | {"extra": extra}


def _label(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    space = e.get("space")
    fields = {"recipe": n.recipe(e.get("recipe")), "space": space}
    if space is None:
        return "label_placed.full", fields
    if e.get("take_sp"):
        return "label_placed.sp", fields
    reward = LABEL_REWARDS.get(LABEL_SPACES[space].reward, "") if 0 <= space < len(LABEL_SPACES) else ""
    taken = e.get("card") or e.get("recipe_cube")
    reward += EXTRAS["free_card"].format(card=n.card(taken) if e.get("card") else n.recipe(taken)) if taken else ""
    return "label_placed", fields | {"reward": reward}


def _sold(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    flavors = e.get("flavors") or []
    return "spirit_sold", {"spirit": e.get("spirit_id"), "bottle": n.card(e.get("bottle")), "money": e.get("money"),
                           "sp": e.get("sp"),
                           "flavors": EXTRAS["sold_flavors"].format(cards=n.cards(flavors)) if flavors else ""}


def _awards(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    shares = e.get("shares") or {}
    won = [EXTRAS["award"].format(award=n.award(a), seats=who.several(seats), sp=shares.get(a, "?"))
           for a, seats in (e.get("awards") or {}).items()]
    return "awards_scored", {"round": e.get("round"), "awards": WORDS["list"].join(won) or WORDS["none"]}


def _ended(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    scores = [EXTRAS["score"].format(who=who(seat), sp=score.get("sp", "?"))
              for seat, score in enumerate(e.get("scores") or [])]
    return "game_ended", {"scores": WORDS["list"].join(scores), "winners": who.several(e.get("winners") or [])}


Form = Callable[[Event, Seats], tuple[str, dict[str, Any]]]
Field = Callable[[Event], Any]


def _simple(key: str, **fields: Field) -> Form:
    return lambda e, who: (key, {k: f(e) for k, f in fields.items()})


def _raw(name: str) -> Field:
    return lambda e: e.get(name)


def _card(name: str) -> Field:
    return lambda e: n.card(e.get(name))


def _cards(name: str) -> Field:
    return lambda e: n.cards(e.get(name))


def _power(e: Event) -> str:
    return n.power(e.get("power"))


def _joined(name: str) -> Field:
    return lambda e: WORDS["list"].join(str(x) for x in e.get(name) or [])


def _hidden_or(key: str, field: str, name: Callable[[Any], str]) -> Form:
    return lambda e, who: (f"{key}.hidden", {}) if e.get(field) == HIDDEN else (key, {field: name(e.get(field))})


def _flag(key: str, flag: str, **fields: Field) -> Form:
    """The `key.flag` sentence when the event's flag is set (an automatic pass, a revealed card left...)."""
    return lambda e, who: (f"{key}.{flag}" if e.get(flag) else key, {k: f(e) for k, f in fields.items()})


def _seen(e: Event) -> str:
    cards = e.get("cards")  # the owner's history lists them; everyone else's only counts them
    return EXTRAS["seen"].format(cards=n.cards(cards)) if isinstance(cards, list) else ""


def _count(e: Event) -> Any:
    cards = e.get("cards")
    return cards if isinstance(cards, int) else len(cards or [])


def _phase(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    phase = str(e.get("phase")).replace("_", " ")
    if e.get("turn") is None:
        return "phase_started", {"phase": phase}
    return "phase_started.turn", {"phase": phase, "who": who(e.get("turn"))}


def _settled(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    missed = e.get("unlabelled") or []
    return "labels_settled", {"labelled": _spirits(e.get("labelled") or []),
                              "unlabelled": EXTRAS["unlabelled"].format(spirits=_spirits(missed)) if missed else ""}


def _flavor_added(e: Event, who: Seats) -> tuple[str, dict[str, Any]]:
    income = e.get("money") or {}
    money = WORDS["list"].join(f"{who(int(seat))} +{m}" for seat, m in income.items())
    return "flavor_added", {"spirits": _spirits(e.get("aged") or e.get("spirit_ids") or []),
                            "money": EXTRAS["barrel_money"].format(money=money) if income else ""}


def _discarded(e: Event) -> str:
    return n.cards([c for cards in (e.get("discarded") or {}).values() for c in cards])


FORMS: dict[str, Form] = {
    "game_created": _created,
    "distiller_chosen": _hidden_or("distiller_chosen", "distiller", n.distiller),
    "round_started": lambda e, who: ("round_started", {"round": e.get("round"), "first": who(e.get("first_player"))}),
    "card_bought": _bought,
    "card_gained": _simple("card_gained", card=_card("card"), power=_power),
    "money_gained": _simple("money_gained", money=_raw("money"), power=_power),
    "power_offered": _simple("power_offered", power=_power),
    "deck_looked": _simple("deck_looked", count=_count, deck=_raw("deck"), seen=_seen),
    "power_declined": _simple("power_declined", power=_power),
    "card_revealed": _simple("card_revealed", card=_card("card"), deck=_raw("deck")),
    "reveal_declined": _flag("reveal_declined", "card", card=_card("card"), deck=_raw("deck")),
    "player_passed": _flag("player_passed", "automatic", phase=_raw("phase")),
    "deck_reshuffled": _simple("deck_reshuffled", deck=_raw("deck")),
    "market_cleaned_up": _simple("market_cleaned_up", cards=_discarded),
    "phase_started": _phase,
    "traded": _simple("traded", gave=_card("gave"), took=_card("took")),
    "spirit_distilled": _simple("spirit_distilled", washback=_cards("washback"), alcohol=_raw("alcohol_added"),
                                cut=_cards("cut"), spirit=_cards("spirit")),
    "spirit_recut": _simple("spirit_recut", cut=_cards("cut"), spirit=_cards("spirit")),
    "distill_skipped": _flag("distill_skipped", "automatic"),
    "secret_distill_step": _simple("secret_distill_step"),
    "spirit_named": _simple("spirit_named", recipe=lambda e: n.recipe(e.get("recipe")), spirit=_raw("spirit_id"),
                            barrel=_card("barrel")),
    "flavors_drawn": _simple("flavors_drawn", count=_count, spirit=_raw("spirit_id"), power=_power, seen=_seen),
    "flavor_kept": _simple("flavor_kept", spirit=_raw("spirit_id"), power=_power, card=_card("card")),
    "labels_settled": _settled,
    "spirit_sold": _sold,
    "flavor_doubled": _simple("flavor_doubled", card=_card("card"), spirit=_raw("spirit_id"), money=_raw("money")),
    "label_placed": _label,
    "spirit_stored": _simple("spirit_stored", spirit=_raw("spirit_id"), warehouse=_raw("warehouse")),
    "flavor_added": _flavor_added,
    "awards_scored": _awards,
    "tasting_held": _simple("tasting_held", sp=_raw("sp")),
    "goal_discarded": _hidden_or("goal_discarded", "goal", n.goal),
    "round_ended": _simple("round_ended", round=_raw("round")),
    "game_ended": _ended,
    "goals_offered": _simple("goals_offered", trigger=_raw("trigger"), goals=_joined("goals")),
    "goal_claimed": _simple("goal_claimed", goal=_raw("goal")),
    "goals_declined": _simple("goals_declined", goals=_joined("goals")),
    "goals_swapped": _simple("goals_swapped", a=_raw("a"), b=_raw("b"), row=_raw("row")),
    "seat_resigned": _simple("seat_resigned"),
    "undo_point_set": _simple("undo_point_set"),
    "undo_point_cleared": _simple("undo_point_cleared"),
    "move_taken_back": _simple("move_taken_back"),
    "clock_started": _simple("clock_started", deadline=lambda e: utc(e.get("deadline"))),
    "clock_stopped": _simple("clock_stopped", used=lambda e: f"{float(e.get('used') or 0) / 3600:.1f}"),
    "reminder_due": _simple("reminder_due", deadline=lambda e: utc(e.get("deadline"))),
    "seat_timed_out": _simple("seat_timed_out", count=_raw("count")),
    "seat_replaced": lambda e, who: ("seat_replaced.resign" if e.get("by") == "resign" else "seat_replaced", {}),
    "clock_paused": _simple("clock_paused", until=lambda e: utc(e.get("until")),
                            deadline=lambda e: utc(e.get("deadline"))),
}


def sentence(event: Event, who: Seats) -> str:
    """One event in words; an event type this client does not know still gets a line."""
    form = FORMS.get(str(event.get("type")))
    if form is None:
        seat = f"{who(event['seat'])}: " if "seat" in event else ""
        return EVENTS["unknown"].format(who=seat, type=event.get("type"))
    key, fields = form(event, who)
    values = {"who": who(event.get("seat"))} | fields
    return EVENTS[key].format(**values) + str(values.get("extra", ""))


def lines(commits: Iterable[dict[str, Any]], who: Seats) -> list[str]:
    """`v12  Ada bought Barley for 3`: each commit's version, then each of its events."""
    out = []
    for commit in commits:
        for event in commit.get("events") or []:
            if event.get("type") == "game_created" and not who.names:
                who.names = list((event.get("setup") or {}).get("names") or [])
            out.append(f"{'v' + str(commit.get('version')):<5} {sentence(event, who)}")
    return out
