// #history: each served (redacted) event as one sentence; a hidden value stays hidden.
import { t } from "./i18n.js";
import { award, card, cards, deck, distiller, goal, labelReward, list, phase, power, recipe } from "./names.js";

const HIDDEN = "hidden";

export class Seats {
  constructor(names = []) {
    this.names = names;
  }

  name(seat) {
    return Number.isInteger(seat) && seat >= 0 && seat < this.names.length ? this.names[seat] : t("words.seat", { seat });
  }

  several(seats) {
    return list((seats || []).map((s) => this.name(s)));
  }
}

const spirits = (ids) => (ids || []).map((id) => t("words.spirit", { id })).join(t("words.list")) || t("words.none");
const goals = (ids) => (ids || []).map(goal).join(t("words.list")) || t("words.none");
const seen = (e) => (Array.isArray(e.cards) ? t("event_bits.seen", { cards: cards(e.cards) }) : "");
const count = (e) => (typeof e.cards === "number" ? e.cards : (e.cards || []).length);
const flag = (key, on) => (on ? `${key}_${on}` : key);
// The clocks' times are seconds since the epoch: shown in the reader's own time zone and language.
const when = (epoch) => (typeof epoch === "number" ? new Date(epoch * 1000).toLocaleString() : "?");
const hours = (seconds) => t("event_bits.hours", { hours: (Number(seconds || 0) / 3600).toFixed(1) });

function bought(e) {
  const key = { cube: "card_bought_cube", revealed: "card_bought_revealed", looked: "card_bought_looked",
    truck: "card_bought_truck" }[e.source] || "card_bought";
  let extra = "";
  if (e.bonus_money) extra += t("event_bits.bonus_money", { money: e.bonus_money });
  if (e.replaced) extra += t("event_bits.replaced", { card: card(e.replaced) });
  if (e.refill) extra += t("event_bits.refill", { card: card(e.refill) });
  return [key, { card: card(e.card), recipe: recipe(e.recipe), cost: e.cost, extra }];
}

function labelled(e) {
  const fields = { recipe: recipe(e.recipe), space: e.space };
  if (e.space === null || e.space === undefined) return ["label_placed_full", fields];
  if (e.take_sp) return ["label_placed_sp", fields];
  let reward = labelReward(e.space);
  if (e.card) reward += t("event_bits.free_card", { card: card(e.card) });
  else if (e.recipe_cube) reward += t("event_bits.free_card", { card: recipe(e.recipe_cube) });
  return ["label_placed", { ...fields, reward }];
}

const FORMS = {
  game_created: (e, who) => ["game_created", { names: who.several(who.names.map((_, i) => i)),
    flight: e.setup?.flight, first: who.name(e.setup?.first_player) }],
  distiller_chosen: (e) => (e.distiller === HIDDEN ? ["distiller_chosen_hidden", {}]
    : ["distiller_chosen", { distiller: distiller(e.distiller) }]),
  round_started: (e, who) => ["round_started", { round: e.round, first: who.name(e.first_player) }],
  card_bought: bought,
  card_gained: (e) => ["card_gained", { card: card(e.card), power: power(e.power) }],
  money_gained: (e) => ["money_gained", { money: e.money, power: power(e.power) }],
  power_offered: (e) => ["power_offered", { power: power(e.power) }],
  deck_looked: (e) => ["deck_looked", { count: count(e), deck: deck(e.deck), seen: seen(e) }],
  power_declined: (e) => ["power_declined", { power: power(e.power) }],
  card_revealed: (e) => ["card_revealed", { card: card(e.card), deck: deck(e.deck) }],
  reveal_declined: (e) => [flag("reveal_declined", e.card ? "card" : ""), { card: card(e.card), deck: deck(e.deck) }],
  player_passed: (e) => [flag("player_passed", e.automatic ? "automatic" : ""), { phase: phase(e.phase) }],
  deck_reshuffled: (e) => ["deck_reshuffled", { deck: deck(e.deck) }],
  market_cleaned_up: (e) => ["market_cleaned_up", { cards: cards(Object.values(e.discarded || {}).flat()) }],
  phase_started: (e, who) => (e.turn === null || e.turn === undefined ? ["phase_started", { phase: phase(e.phase) }]
    : ["phase_started_turn", { phase: phase(e.phase), who: who.name(e.turn) }]),
  traded: (e) => ["traded", { gave: card(e.gave), took: card(e.took) }],
  spirit_distilled: (e) => ["spirit_distilled", { washback: cards(e.washback), alcohol: e.alcohol_added ?? 0,
    cut: cards(e.cut), spirit: cards(e.spirit) }],
  spirit_recut: (e) => ["spirit_recut", { cut: cards(e.cut), spirit: cards(e.spirit) }],
  distill_skipped: (e) => [flag("distill_skipped", e.automatic ? "automatic" : ""), {}],
  secret_distill_step: () => ["secret_distill_step", {}],
  spirit_named: (e) => ["spirit_named", { recipe: recipe(e.recipe), spirit: e.spirit_id, barrel: card(e.barrel) }],
  flavors_drawn: (e) => ["flavors_drawn", { count: count(e), spirit: e.spirit_id, power: power(e.power), seen: seen(e) }],
  flavor_kept: (e) => ["flavor_kept", { spirit: e.spirit_id, power: power(e.power), card: card(e.card) }],
  labels_settled: (e) => ["labels_settled", { labelled: spirits(e.labelled),
    unlabelled: (e.unlabelled || []).length ? t("event_bits.unlabelled", { spirits: spirits(e.unlabelled) }) : "" }],
  spirit_sold: (e) => ["spirit_sold", { spirit: e.spirit_id, bottle: card(e.bottle), money: e.money, sp: e.sp,
    flavors: (e.flavors || []).length ? t("event_bits.sold_flavors", { cards: cards(e.flavors) }) : "" }],
  flavor_doubled: (e) => ["flavor_doubled", { card: card(e.card), spirit: e.spirit_id, money: e.money }],
  label_placed: labelled,
  spirit_stored: (e) => ["spirit_stored", { spirit: e.spirit_id, warehouse: e.warehouse }],
  flavor_added: (e, who) => {
    const income = Object.entries(e.money || {});
    const money = income.map(([seat, m]) => t("event_bits.income", { who: who.name(Number(seat)), money: m }))
      .join(t("words.list"));
    // aged is [] when every spirit of spirit_ids aged (an empty array is truthy: `e.aged || ...` never falls back)
    return ["flavor_added", { spirits: spirits((e.aged || []).length ? e.aged : e.spirit_ids),
      money: income.length ? t("event_bits.barrel_money", { money }) : "" }];
  },
  awards_scored: (e, who) => ["awards_scored", { round: e.round, awards: Object.entries(e.awards || {})
    .map(([a, seats]) => t("event_bits.award", { award: award(a), seats: who.several(seats), sp: (e.shares || {})[a] ?? "?" }))
    .join(t("words.list")) || t("words.none") }],
  tasting_held: (e) => ["tasting_held", { sp: e.sp }],
  goal_discarded: (e) => (e.goal === HIDDEN ? ["goal_discarded_hidden", {}] : ["goal_discarded", { goal: goal(e.goal) }]),
  round_ended: (e) => ["round_ended", { round: e.round }],
  game_ended: (e, who) => ["game_ended", {
    scores: (e.scores || []).map((s, seat) => t("event_bits.score", { who: who.name(seat), sp: s?.sp ?? "?" }))
      .join(t("words.list")), winners: who.several(e.winners) }],
  goals_offered: (e) => ["goals_offered", { trigger: t(`triggers.${e.trigger}`), goals: goals(e.goals) }],
  goal_claimed: (e) => ["goal_claimed", { goal: goal(e.goal) }],
  goals_declined: (e) => ["goals_declined", { goals: goals(e.goals) }],
  goals_swapped: (e) => ["goals_swapped", { a: e.a, b: e.b, row: e.row }],
  seat_resigned: () => ["seat_resigned", {}],
  undo_point_set: () => ["undo_point_set", {}],
  undo_point_cleared: () => ["undo_point_cleared", {}],
  move_taken_back: () => ["move_taken_back", {}],
  clock_started: (e) => ["clock_started", { deadline: when(e.deadline) }],
  clock_stopped: (e) => ["clock_stopped", { used: hours(e.used) }],
  reminder_due: (e) => ["reminder_due", { deadline: when(e.deadline) }],
  seat_timed_out: (e) => ["seat_timed_out", { count: e.count }],
  seat_replaced: (e) => [e.by === "resign" ? "seat_replaced_resign" : "seat_replaced", {}],
  clock_paused: (e) => ["clock_paused", { until: when(e.until), deadline: when(e.deadline) }],
};

export function sentence(e, who) {
  const form = FORMS[e.type];
  if (!form) {
    return t("events.unknown", { who: "seat" in e ? `${who.name(e.seat)}: ` : "", type: String(e.type) });
  }
  const [key, fields] = form(e, who);
  return t(`events.${key}`, { who: who.name(e.seat), ...fields });
}

