// #players: every seat's public state (and the viewer's own private parts: goals, dealt distillers).
import { clockBadge } from "./clock.js";
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { card, cards, catalogue, distiller, distillerPower, goal, goalText, labelReward, recipe } from "./names.js";
import { recipeChip, tiles } from "./tiles.js";

function spirit(s) {
  const bits = [s.barrel ? t("spirit.in_barrel", { barrel: card(s.barrel) }) : null,
    s.times_aged ? t("spirit.aged", { count: s.times_aged }) : null,
    s.flavors ? t("spirit.flavors", { count: s.flavors }) : null,
    s.label ? t("spirit.label") : null, s.label_pending ? t("spirit.label_pending") : null].filter(Boolean);
  return h("li", { class: "spirit" },
    h("strong", {}, t("spirit.title", { id: s.id }), " ", s.recipe ? recipe(s.recipe) : t("spirit.unnamed")),
    bits.length ? h("span", { class: "sub" }, ` · ${bits.join(" · ")}`) : null,
    h("div", { class: "sub" }, t("spirit.from", { cards: cards(s.cards) })),
    s.known_flavors && s.known_flavors.length ? h("div", { class: "sub" }, t("spirit.known", { cards: cards(s.known_flavors) })) : null);
}

function spirits(p) {
  const all = p.spirits || [];
  const out = [];
  for (const where of [1, 2]) {
    const here = all.filter((s) => s.warehouse === where);
    out.push(h("div", { class: "warehouse" }, h("h4", {}, t("player.warehouse", { warehouse: where })),
      here.length ? h("ul", { class: "spirits" }, here.map(spirit)) : h("p", { class: "empty" }, t("player.empty"))));
  }
  const fresh = all.filter((s) => !s.warehouse);
  if (fresh.length) out.unshift(h("div", { class: "warehouse washback" }, h("h4", {}, t("player.washback")),
    h("ul", { class: "spirits" }, fresh.map(spirit))));
  return h("div", { class: "warehouses" }, out);
}

function labelSpaces(p) {
  const spaces = p.label_spaces || [];
  return h("div", { class: "part" }, h("h4", {}, t("player.label_spaces")),
    h("ol", { class: "label-slots" }, spaces.map((r, i) => h("li", { class: r ? "taken" : "free",
      title: `${t("board.label_space", { space: i })}: ${labelReward(i)}`,
      "aria-label": `${t("board.label_space", { space: i })}: ${r ? recipe(r) : labelReward(i)}` },
    h("span", { class: "space-no", "aria-hidden": "true" }, String(i)),
    r ? h("span", { class: "slot-recipe", "aria-hidden": "true" }, recipe(r)) : null))),
    (p.extra_labels || []).length ? h("p", {}, t("player.extra_labels"), ": ",
      p.extra_labels.map((r) => recipe(r)).join(t("words.list"))) : null);
}

function part(titleKey, body, params = {}) {
  return h("div", { class: "part" }, h("h4", {}, t(titleKey, params)), body);
}

function goals(p) {
  if (p.goals === null || p.goals === undefined) {
    return part("player.goals", h("p", { class: "sub" }, t("player.goals_secret", { count: p.goal_count ?? 0 })));
  }
  return part("player.goals", p.goals.length ? h("ul", { class: "goals" }, p.goals.map((g) => h("li", {},
    h("strong", {}, goal(g)), ` (${catalogue.goals[g]?.sp ?? "?"} SP) `, h("span", { class: "sub" }, goalText(g)))))
    : h("p", { class: "empty" }, t("player.empty")));
}

function marks(p, view) {
  const out = [];
  if (p.seat === view.you) out.push(["you", "player.you"]);
  if ((view.to_act || []).includes(p.seat) && view.phase !== "finished") out.push(["act", "player.to_act"]);
  if (p.seat === view.first_player) out.push(["first", "player.first"]);
  if (p.passed) out.push(["passed", "player.passed"]);
  if (p.distilled && view.phase === "distill") out.push(["passed", "player.distilled"]);
  if (p.tasting_due) out.push(["act", "player.tasting_due"]);
  if (p.discard_due) out.push(["act", "player.discard_due"]);
  if (p.resigned) out.push(["resigned", "player.resigned"]);
  return h("span", { class: "marks" }, out.map(([cls, key]) => h("span", { class: `mark mark-${cls}` }, t(key))));
}

// The distiller's signature recipe and ingredient, and where the seat stands with them.
function signature(p) {
  const d = catalogue.distillers[p.distiller];
  if (!d) return null;
  const flags = [p.signature_aside ? t("player.signature_aside") : null, p.signature_made ? t("player.signature_made") : null]
    .filter(Boolean);
  return h("p", { class: "sub signature" }, t("player.signature", { recipe: recipe(d.signature_recipe), card: card(d.signature_ingredient) }),
    flags.length ? ` · ${flags.join(" · ")}` : "");
}

function dealt(p) {
  if (p.distiller || !(p.dealt_distillers || []).length) return null;
  return part("player.dealt", h("ul", { class: "goals" }, p.dealt_distillers.map((d) => h("li", {},
    h("strong", {}, distiller(d)), " ", h("span", { class: "sub" }, distillerPower(d))))));
}

function player(p, view) {
  const mine = p.seat === view.you;
  const acting = (view.to_act || []).includes(p.seat) && view.phase !== "finished";
  return h("article", { class: `player${mine ? " mine" : ""}${acting ? " acting" : ""}`, dataset: { seat: p.seat },
    "aria-label": p.name },
  h("header", { class: "player-head" },
    h("h3", {}, p.name, h("span", { class: "sub" }, ` · ${t("words.seat", { seat: p.seat })}`)), marks(p, view),
    view.phase !== "finished" ? clockBadge(view, p.seat) : null,
    h("div", { class: "purse" },
      h("span", { class: "money", title: t("player.money") }, t("player.money_short", { money: p.money })),
      h("span", { class: "sp", title: t("player.sp") }, t("player.sp_short", { sp: p.sp })))),
  view.secret_phase && !mine ? h("p", { class: "sub secret" }, t("app.secret_phase")) : null,
  h("p", { class: "distiller" }, p.distiller
    ? [h("strong", {}, distiller(p.distiller)), " ", h("span", { class: "sub" }, distillerPower(p.distiller))]
    : h("span", { class: "sub" }, t("player.distiller_secret"))),
  signature(p),
  dealt(p),
  part("player.pantry_count", tiles(p.pantry, { showCost: false, compact: true }), { count: p.pantry_count ?? 0 }),
  (p.storeroom || []).length ? part("player.storeroom", tiles(p.storeroom, { showCost: false, compact: true })) : null,
  spirits(p),
  labelSpaces(p),
  (p.upgrades || []).length ? part("player.upgrades", tiles(p.upgrades, { showCost: false, long: true })) : null,
  (p.display || []).length ? part("player.display", tiles(p.display, { showCost: false, compact: true })) : null,
  (p.cubes || []).length ? part("player.cubes", h("ul", { class: "chips" }, p.cubes.map((r) => h("li", {}, recipeChip(r))))) : null,
  goals(p));
}

export function renderPlayers(root, view) {
  const players = [...(view.players || [])];
  // The viewer's own board first: it is the one a player reads most.
  players.sort((a, b) => (b.seat === view.you) - (a.seat === view.you) || a.seat - b.seat);
  fill(root, players.map((p) => player(p, view)));
}
