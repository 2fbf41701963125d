// #board: the market (rows with costs, basic market, cubes, truck), labels and awards, the label bonus spaces.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { award, awardText, catalogue, labelReward } from "./names.js";
import { recipeChip, tile, tiles } from "./tiles.js";

const ROWS = ["upgrades", "ingredients", "items"];

function section(titleKey, params, ...body) {
  return h("section", { class: `panel panel-${titleKey.split(".").pop()}` }, h("h3", {}, t(titleKey, params)), ...body);
}

// The cards this seat may buy now, by market source: their tiles are marked (the buttons are in #actions).
function buyable(view, source) {
  return new Set((view.legal_actions || []).filter((a) => a.type === "buy" && a.source === source).map((a) => a.card));
}

function marked(id, can, options = {}) {
  const el = tile(id, { ...options, note: can.has(id) ? t("board.can_buy") : "" });
  if (can.has(id)) el.classList.add("buyable");
  return el;
}

function marketRow(view, deck) {
  const row = (view.rows || {})[deck] || [];
  const can = buyable(view, deck);
  const size = (view.deck_sizes || {})[deck];
  return h("section", { class: "panel row", "aria-label": t(`board.rows.${deck}`) },
    h("h3", {}, t(`board.rows.${deck}`), h("span", { class: "sub" }, ` · ${t("board.deck", { count: size ?? 0 })}`)),
    row.length ? h("ol", { class: "tiles market-row" },
      row.map((id, i) => h("li", { "aria-label": t("board.slot", { slot: i + 1 }) }, marked(id, can, { long: true }))))
      : h("p", { class: "empty" }, t("board.empty")));
}

function basicMarket(view) {
  const ids = Object.entries(catalogue.cards).filter(([, c]) => c.market === "basic").map(([id]) => id);
  const can = buyable(view, "basic");
  return section("board.basic", {}, h("p", { class: "sub" }, t("board.basic_note")),
    h("div", { class: "tiles" }, ids.map((id) => marked(id, can, { long: true }))));
}

function cubes(view) {
  const flight = catalogue.flights[view.flight] || [];
  return section("board.cubes", { flight: view.flight },
    h("ul", { class: "chips" }, flight.map((id) => h("li", {},
      recipeChip(id, `${catalogue.recipes[id]?.cube_cost ?? "?"}`)))));
}

function truck(view) {
  return section("board.truck", {}, (view.truck || []).length ? tiles(view.truck, { compact: true })
    : h("p", { class: "empty" }, t("board.truck_empty")));
}

function labelsAndAwards(view) {
  const labels = Object.entries(view.labels || {});
  const won = Object.entries(view.awards_won || {});
  const names = Object.fromEntries((view.players || []).map((p) => [p.seat, p.name]));
  return section("board.labels_left", {},
    h("ul", { class: "chips" }, labels.map(([id, n]) => h("li", {}, recipeChip(id, `×${n}`)))),
    h("h4", {}, t("board.awards")),
    (view.awards || []).length ? h("ul", { class: "awards" }, view.awards.map((id) => h("li", {},
      h("strong", {}, award(id)), ` (${catalogue.awards[id]?.sp ?? "?"} ${t("scores.sp")}) `,
      h("span", { class: "sub" }, awardText(id))))) : h("p", { class: "empty" }, t("board.none")),
    won.length ? [h("h4", {}, t("board.awards_won")), h("ul", { class: "awards" }, won.map(([id, seats]) =>
      h("li", {}, h("strong", {}, award(id)), `: ${seats.map((s) => names[s] ?? s).join(t("words.list"))}`)))] : null);
}

function labelSpaces() {
  return section("board.label_spaces", {}, h("ol", { class: "spaces", start: "0" },
    catalogue.label_spaces.map((_, i) => h("li", {}, h("span", { class: "space-no" }, String(i)), labelReward(i)))));
}

function flavors(view) {
  const discard = Object.entries(view.flavor_discard || {});
  return section("board.flavor_discard", {},
    h("p", { class: "sub" }, t("board.flavor_deck", { count: view.flavor_deck_size ?? 0 }),
      view.flavor_discard_face_down ? ` · ${t("board.face_down", { count: view.flavor_discard_face_down })}` : ""),
    discard.length ? tiles(discard.flatMap(([id, n]) => Array(n).fill(id)), { showCost: false })
      : h("p", { class: "empty" }, t("board.none")));
}

function solo(view) {
  const s = view.solo;
  if (!s) return null;
  const rows = [...(s.rows || [])].map((row, i) => [row, i]).reverse(); // as it lies on the table: top row first
  const state = (cell) => (cell.completed ? "done" : cell.claimable ? "open" : "locked");
  return h("section", { class: "panel panel-solo" }, h("h3", {}, t("solo.title")),
    h("p", {}, t("solo.target", { target: s.target }), " · ", t("solo.rows", { done: s.rows_completed, rows: rows.length }),
      s.swap_used ? ` · ${t("solo.swap_used")}` : ""),
    h("div", { class: "solo-grid" }, rows.map(([row, i]) => h("div", { class: "solo-row" },
      h("span", { class: "solo-row-name" }, t("solo.row", { row: i })),
      row.map((cell) => h("div", { class: `solo-cell ${state(cell)}` },
        h("strong", {}, cell.hidden ? t("solo.hidden") : cell.card),
        cell.hidden ? null : h("span", {}, t(`solo_goals.${cell.card}`)),
        h("span", { class: "sub" }, t(`solo.${state(cell)}`))))))),
    (s.offered || []).length ? h("p", {}, t("solo.offered", { goals: s.offered.map((g) => t("solo.cell",
      { id: g, goal: t(`solo_goals.${g}`) })).join(t("words.list")) })) : null,
    s.cleanup_size ? h("p", { class: "sub" }, t("solo.cleanup", { count: (s.cleanup_turned || []).length, size: s.cleanup_size })) : null);
}

export function renderBoard(root, view) {
  fill(root,
    h("div", { class: "market" }, ROWS.map((deck) => marketRow(view, deck))),
    h("div", { class: "board-grid" }, basicMarket(view), cubes(view), truck(view), labelsAndAwards(view),
      labelSpaces(), flavors(view), solo(view)));
}

