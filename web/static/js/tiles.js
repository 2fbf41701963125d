// A card as a readable tile: its name, its cost, what it gives; the rules text as its description.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { card, cardText, catalogue, recipe } from "./names.js";

export function gives(id) {
  const info = catalogue.cards[id] || {};
  const parts = [];
  if (info.money) parts.push(t(info.money > 0 ? "card.money" : "card.money_less", { money: Math.abs(info.money) }));
  if (info.sp) parts.push(t(info.sp > 0 ? "card.sp" : "card.sp_less", { sp: Math.abs(info.sp) }));
  if (info.sugar) parts.push(t(`card.sugars.${info.sugar}`));
  if (info.barrel) parts.push(t(`card.barrels.${info.barrel}`));
  if (info.region && info.region !== "none") parts.push(t(`card.regions.${info.region}`));
  if (info.upgrade_kind) parts.push(t(`card.upgrade_kinds.${info.upgrade_kind}`));
  return parts;
}

// long: with the rules text (the market); compact: name and what it gives (a seat's cards).
export function tile(id, { count = 1, showCost = true, note = "", long = false, compact = false } = {}) {
  const info = catalogue.cards[id] || {};
  const text = cardText(id);
  const cost = showCost ? info.cost : undefined;
  const what = gives(id);
  const kind = info.kind ? t(`card.kinds.${info.kind}`) : "";
  const label = [count > 1 ? t("words.times", { card: card(id), count }) : card(id), kind,
    cost !== undefined && cost !== null ? t("card.cost", { cost }) : "", ...what, text].filter(Boolean).join(". ");
  return h("div", { class: `tile kind-${info.kind || "unknown"}${compact ? " compact" : ""}`, role: "img",
    "aria-label": label, title: text || null, dataset: { card: id } },
  h("div", { class: "tile-head", "aria-hidden": "true" },
    h("span", { class: "tile-name" }, card(id), count > 1 ? h("span", { class: "tile-count" }, t("card.copies", { count })) : null),
    cost !== undefined && cost !== null ? h("span", { class: "tile-cost" }, String(cost)) : null),
  compact ? null : h("div", { class: "tile-kind", "aria-hidden": "true" }, kind),
  what.length ? h("div", { class: "tile-gives", "aria-hidden": "true" }, what.join(" · ")) : null,
  text && long ? h("div", { class: "tile-text", "aria-hidden": "true" }, text) : null,
  note ? h("div", { class: "tile-note" }, note) : null);
}

export function tiles(ids, options = {}) {
  const counts = new Map();
  for (const id of ids || []) counts.set(id, (counts.get(id) || 0) + 1);
  if (!counts.size) return h("p", { class: "empty" }, t("board.empty"));
  return h("div", { class: "tiles" }, [...counts].map(([id, count]) => tile(id, { ...options, count })));
}

export function recipeChip(id, extra = "") {
  const info = catalogue.recipes[id] || {};
  return h("span", { class: `chip tier-${info.tier || "basic"}`, title: extra || null }, recipe(id),
    extra ? h("span", { class: "chip-extra" }, ` ${extra}`) : null);
}
