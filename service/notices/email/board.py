"""What a playable e-mail shows of the game, from the seat's own view only (domain.view for that seat, never the
state): its board (money, SP, pantry, storeroom, upgrades, cubes, spirits and where they age), the market with
its costs, and the numbered choices with the words to reply (service/replies/words.py). Sections of lines, as
plain text and as escaped HTML, saying the same. Used by the turn e-mail (render.py) and the answer to a reply
(service/replies/answer.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from domain.catalogue import CARDS, FLIGHTS
from domain.catalogue.model import Market
from domain.purchase import cube_cost
from domain.records import record
from service.replies.words import Choice
from service.texts.words import Texts

View = Mapping[str, Any]
BASIC = tuple(cid for cid, card in CARDS.items() if card.market is Market.BASIC)
ROWS = ("upgrades", "ingredients", "items")


@record(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]
    code: tuple[str, ...] = ()  # the choices only: each line's reply words, shown as code in the HTML
    notes: tuple[str, ...] = ()  # the choices only: a second line under a choice ("" for none)
    numbered: bool = False
    footer: str = ""


def me(seat_view: View) -> Mapping[str, Any]:
    return next((p for p in seat_view.get("players") or [] if p.get("seat") == seat_view.get("you")), {})


def _named(w: Texts, ids: Sequence[Any]) -> str:
    return w.cards(list(ids)) if ids else w.t("words.none")


def _priced(w: Texts, ids: Sequence[str]) -> str:
    named = [f"{w.card(c)} ({w.t('card.cost', cost=CARDS[c].cost or 0)})" if c in CARDS else w.card(c) for c in ids]
    return w.t("words.list").join(named) or w.t("board.empty")


def _spirit(w: Texts, spirit: Mapping[str, Any]) -> str:
    where = (w.t("player.warehouse", warehouse=spirit["warehouse"]) if spirit.get("warehouse")
             else w.t("player.washback"))
    bits = [w.t("spirit.title", id=spirit.get("id")),
            w.recipe(spirit["recipe"]) if spirit.get("recipe") else w.t("spirit.unnamed")]
    if spirit.get("barrel"):
        bits.append(w.t("spirit.in_barrel", barrel=w.card(spirit["barrel"])))
    if spirit.get("times_aged"):
        bits.append(w.t("spirit.aged", count=spirit["times_aged"]))
    bits.append(w.t("spirit.flavors", count=spirit.get("flavors") or 0))
    if spirit.get("cards"):
        bits.append(w.t("spirit.from", cards=w.cards(spirit["cards"])))
    return f"{where}: {' · '.join(bits)}"


def board(w: Texts, seat_view: View) -> list[Section]:
    """The seat's own board and the market, as the seat's view has them."""
    p = me(seat_view)
    mine = [w.t("mail.money_sp", money=p.get("money", 0), sp=p.get("sp", 0)),
            f"{w.t('mail.pantry')}: {_named(w, p.get('pantry') or [])}",
            f"{w.t('player.storeroom')}: {_named(w, p.get('storeroom') or [])}"]
    if p.get("upgrades"):
        mine.append(f"{w.t('player.upgrades')}: {_named(w, p['upgrades'])}")
    if p.get("cubes"):
        mine.append(f"{w.t('player.cubes')}: {w.t('words.list').join(w.recipe(r) for r in p['cubes'])}")
    if p.get("goals"):
        mine.append(f"{w.t('player.goals')}: {w.t('words.list').join(w.goal(g) for g in p['goals'])}")
    mine += [_spirit(w, s) for s in p.get("spirits") or []]
    rows = seat_view.get("rows") or {}
    market = [f"{w.t('board.basic')}: {_priced(w, BASIC)}",
              *(f"{w.t(f'board.rows.{row}')}: {_priced(w, rows.get(row) or [])}" for row in ROWS)]
    if seat_view.get("truck"):
        market.append(f"{w.t('board.truck')}: {_named(w, seat_view['truck'])}")
    flight = seat_view.get("flight")
    if flight in FLIGHTS:
        known = set(p.get("cubes") or [])
        cubes = [f"{w.recipe(r)} ({w.t('card.cost', cost=cube_cost(r))})" for r in FLIGHTS[flight].recipes
                 if r not in known]
        market.append(f"{w.t('board.cubes', flight=flight)}: {w.t('words.list').join(cubes) or w.t('board.none')}")
    return [Section(w.t("mail.board"), tuple(mine)), Section(w.t("mail.market"), tuple(market))]


def choices_section(w: Texts, listed: Sequence[Choice]) -> Section:
    """The numbered choices: each one's reply words and label; the open Distill by its template and an example."""
    if not listed:
        return Section(w.t("app.actions"), (w.t("actions.none"),))
    code = tuple(c.template or c.words for c in listed)
    notes = tuple(w.t("mail.example", words=c.words) if c.template else "" for c in listed)
    return Section(w.t("app.actions"), tuple(c.label for c in listed), code, notes, numbered=True,
                   footer=w.t("mail.reply"))


def text(sections: Sequence[Section]) -> list[str]:
    out: list[str] = []
    for s in sections:
        out += ["", f"{s.title}:"]
        for i, line in enumerate(s.lines):
            if s.numbered:
                out.append(f"{i + 1}. {s.code[i]} — {line}")
                out += [f"   {s.notes[i]}"] if s.notes[i] else []
            else:
                out.append(f"- {line}")
        out += [s.footer] if s.footer else []
    return out


def html(sections: Sequence[Section]) -> str:
    out: list[str] = []
    for s in sections:
        out.append(f"<h2>{escape(s.title)}</h2>")
        if s.numbered:
            out.append("<ol>")
            for i, line in enumerate(s.lines):
                note = f"<br><small>{escape(s.notes[i])}</small>" if s.notes[i] else ""
                out.append(f'<li value="{i + 1}"><code>{escape(s.code[i])}</code> — {escape(line)}{note}</li>')
            out.append("</ol>")
        else:
            out += ["<ul>", *(f"<li>{escape(line)}</li>" for line in s.lines), "</ul>"]
        out += [f"<p>{escape(s.footer)}</p>"] if s.footer else []
    return "".join(out)
