// A card as a readable tile: its name, its cost, what it gives; the rules text as its description.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { card, cardText, catalogue, recipe } from "./names.js";

export function gives(id) {
  const info = catalogue.cards[id] || {};
  const parts = [];
  if (info.money) parts.push(t("card.money", { money: info.money }));
  if (info.sp) parts.push(t("card.sp", { sp: info.sp }));
  if (info.sugar) parts.push(t(`card.sugars.${info.sugar}`));
  if (info.barrel) parts.push(t(`card.barrels.${info.barrel}`));
  if (info.region && info.region !== "none") parts.push(t(`card.regions.${info.region}`));
  if (info.upgrade_kind) parts.push(t(`card.upgrade_kinds.${info.upgrade_kind}`));
  return parts;
}

export function tile(id, { count = 1, showCost = true, note = "", long = false } = {}) {
  const info = catalogue.cards[id] || {};
  const text = cardText(id);
  const cost = info.cost;
  const what = gives(id);
  const kind = info.kind ? t(`card.kinds.${info.kind}`) : "";
  return h("div", { class: `tile kind-${info.kind || "unknown"}`, role: "group",
    "aria-label": [card(id), showCost && cost !== undefined ? t("card.cost", { cost }) : "", ...what]
      .filter(Boolean).join(", "), title: text || null, dataset: { card: id } },
  h("div", { class: "tile-head" },
    h("span", { class: "tile-name" }, card(id)),
    showCost && cost !== undefined && cost !== null
      ? h("span", { class: "tile-cost", "aria-hidden": "true" }, String(cost)) : null),
  h("div", { class: "tile-kind" }, kind, count > 1 ? h("span", { class: "tile-count" }, t("card.copies", { count })) : null),
  what.length ? h("div", { class: "tile-gives" }, what.join(" · ")) : null,
  text && long ? h("div", { class: "tile-text" }, text) : null,
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
