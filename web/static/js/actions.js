// #actions: every legal action of the view as a button, the washback choice as a form of cards to pick.
import { h, fill } from "./dom.js";
import { t } from "./i18n.js";
import { card, cards, catalogue, deck, distiller, distillerPower, goal, labelReward, power, recipe } from "./names.js";
import { gives } from "./tiles.js";

const ANYTIME = new Set(["resign", "take_back"]);
// Letting a turn go is offered beside the moves, never as loudly.
const QUIET_ACTIONS = new Set(["pass", "decline", "skip_distill", "decline_goals"]);
const NOT_IN_BODY = new Set(["seat", "type", "open", "cards", "rule"]);

// A listed action as its command's body: the seat comes from the token, the route names the type.
export function bodyOf(action) {
  return Object.fromEntries(Object.entries(action).filter(([k, v]) => !NOT_IN_BODY.has(k) && v !== null));
}

function buyLabel(a) {
  const base = a.source === "cube" ? t("actions.buy.cube", { recipe: recipe(a.recipe) })
    : a.source === "basic" ? t("actions.buy.basic", { card: card(a.card) })
      : ["revealed", "looked", "truck"].includes(a.source) ? t(`actions.buy.${a.source}`, { card: card(a.card) })
        : t("actions.buy.row", { card: card(a.card) });
  const extras = [];
  if (a.replace) extras.push(t("actions.buy.replace", { card: card(a.replace) }));
  if (a.save_discounts) extras.push(t("actions.buy.save_discounts"));
  return extras.length ? `${base} (${extras.join(t("words.list"))})` : base;
}

function spiritOf(view, id) {
  const me = (view.players || []).find((p) => p.seat === view.you);
  return (me?.spirits || []).find((s) => s.id === id);
}

function labelLabel(a) {
  if (a.space === null || a.space === undefined) return t("actions.place_label_full");
  if (a.take_sp) return t("actions.place_label_sp", { space: a.space });
  const extras = [];
  if (a.card) extras.push(t("actions.label_card", { card: card(a.card) }));
  if (a.recipe) extras.push(t("actions.label_cube", { recipe: recipe(a.recipe) }));
  if (a.discard) extras.push(t("actions.label_discard", { card: card(a.discard) }));
  if (a.replace) extras.push(t("actions.buy.replace", { card: card(a.replace) }));
  const base = t("actions.place_label", { space: a.space, reward: labelReward(a.space) });
  return extras.length ? `${base} (${extras.join(t("words.list"))})` : base;
}

export function actionLabel(a, view) {
  switch (a.type) {
    case "choose_distiller": return t("actions.choose_distiller", { distiller: distiller(a.distiller) });
    case "buy": return buyLabel(a);
    case "gain": return t("actions.gain", { card: card(a.card) });
    case "look": return t("actions.look", { deck: deck(a.deck) });
    case "reveal": return t("actions.reveal", { deck: deck(a.deck) });
    case "trade": return t("actions.trade", { give: card(a.give), take: card(a.take) });
    case "distill": return t("actions.washback", { cards: cards(a.washback || []) });
    case "name_spirit": {
      const extras = [a.restore_signature ? t("actions.restore_signature") : null,
        a.return_card ? t("actions.return_card", { card: card(a.return_card) }) : null,
        a.cash_card ? t("actions.cash_card", { card: card(a.cash_card) }) : null].filter(Boolean);
      const base = t("actions.name_spirit", { recipe: recipe(a.recipe), barrel: card(a.barrel) });
      return extras.length ? `${base} (${extras.join(t("words.list"))})` : base;
    }
    case "keep_flavor": return t("actions.keep_flavor", { card: card(a.card) });
    case "double_flavor": return t("actions.double_flavor", { card: card(a.card) });
    case "sell": {
      const s = spiritOf(view, a.spirit);
      return t("actions.sell", { spirit: a.spirit, recipe: s ? recipe(s.recipe) : "", bottle: card(a.bottle) });
    }
    case "place_label": return labelLabel(a);
    case "age": return t("actions.age", { warehouse: a.warehouse });
    case "taste": return a.sp ? t("actions.taste", { sp: a.sp }) : t("actions.taste_none");
    case "discard_goal": return t("actions.discard_goal", { goal: goal(a.goal) });
    case "claim_goal": return t("actions.claim_goal", { goal: goal(a.goal) });
    case "swap_goals": return t("actions.swap_goals", { row: a.row, a: a.a, b: a.b });
    case "pass": case "decline": case "redistill": case "skip_distill": case "decline_goals": case "resign":
    case "take_back":
      return t(`actions.${a.type}`);
    default: return t("actions.unknown", { type: a.type });
  }
}

// A second line for the buttons where it helps choosing: what a card gives, a distiller's power, a recipe's value.
function detail(a) {
  if (a.type === "choose_distiller") return distillerPower(a.distiller);
  if (a.type === "name_spirit") {
    const r = catalogue.recipes[a.recipe];
    return r ? t("recipe_info.value", { money: r.money, sp: r.sp }) : null;
  }
  if (a.type === "buy" && a.source === "cube") {
    return t("card.cost", { cost: catalogue.recipes[a.recipe]?.cube_cost ?? "?" });
  }
  const id = ["buy", "gain", "keep_flavor", "double_flavor", "trade"].includes(a.type) ? (a.card || a.take) : null;
  if (!id) return null;
  const info = catalogue.cards[id] || {};
  const cost = a.type === "buy" && info.cost !== undefined && info.cost !== null ? t("card.cost", { cost: info.cost }) : null;
  return [cost, ...gives(id)].filter(Boolean).join(" · ") || null;
}

function button(a, i, view, primary, short = null) {
  const more = detail(a);
  const full = actionLabel(a, view);
  return h("button", { type: "button", class: `action${primary ? " primary" : ""}${a.type === "resign" ? " danger" : ""}`,
    dataset: { action: a.type, index: i }, "aria-label": short ? [full, more].filter(Boolean).join(". ") : null },
  h("span", { class: "action-label" }, short || full),
  more ? h("span", { class: a.type === "choose_distiller" ? "action-text" : "action-more" }, more) : null);
}

// Within a long list, a button names only what differs; its heading says the rest (and aria-label all of it).
function shortLabel(a) {
  if (a.type === "buy") {
    const what = a.source === "cube" ? recipe(a.recipe) : card(a.card);
    const extras = [a.replace ? t("actions.buy.replace", { card: card(a.replace) }) : null,
      a.save_discounts ? t("actions.buy.save_discounts") : null].filter(Boolean);
    return extras.length ? `${what} (${extras.join(t("words.list"))})` : what;
  }
  if (a.type === "place_label" && a.space !== null && a.space !== undefined) {
    const base = a.take_sp ? t("actions.label_take_sp")
      : a.card && a.discard ? t("actions.label_swap", { discard: card(a.discard), card: card(a.card) })
        : a.card ? t("actions.label_take", { card: card(a.card) })
          : a.recipe ? t("actions.label_cube_short", { recipe: recipe(a.recipe) }) : t("actions.label_reward");
    return a.replace ? `${base} (${t("actions.buy.replace", { card: card(a.replace) })})` : base;
  }
  return null;
}

function subgroupOf(a) {
  if (a.type === "buy") {
    const title = a.source === "basic" ? t("board.basic") : a.source === "cube" ? t("actions.buy.cubes")
      : ["upgrades", "ingredients", "items"].includes(a.source) ? t(`board.rows.${a.source}`)
        : t(`actions.buy.from_${a.source}`);
    return [`buy-${a.source}`, title];
  }
  if (a.type === "place_label" && a.space !== null && a.space !== undefined) {
    return [`space-${a.space}`, t("actions.place_label", { space: a.space, reward: labelReward(a.space) })];
  }
  return null;
}

const KINDS_OK = (ids) => {
  const kinds = ids.map((id) => catalogue.cards[id]?.kind);
  if (!kinds.includes("sugar")) return false;
  const y = kinds.includes("yeast"); const w = kinds.includes("water");
  const al = kinds.filter((k) => k === "alcohol").length;
  return (y && w) || (y && al > 0) || (w && al > 0) || al >= 2;
};

// The washback: every card picked at first (the whole pantry always makes a valid washback when offered).
function readPicks(form, alcohol, top) {
  const body = { washback: [...form.querySelectorAll("input[name=card]:checked")].map((box) => box.value) };
  const extra = form.elements.extra_alcohol ? Number(form.elements.extra_alcohol.value) : alcohol[0];
  if (extra) body.extra_alcohol = extra;
  const topOnly = form.elements.top_only ? form.elements.top_only.checked : top[0];
  if (topOnly) body.top_only = true;
  return body;
}

// `again`: picks to show instead of the default (a refused try, or what the player was picking when the page
// re-rendered); `retry` marks the submit button as the refused move.
function distillForm(a, i, onSubmit, again = null, retry = false) {
  const picked = (form) => [...form.querySelectorAll("input[name=card]:checked")].map((box) => box.value);
  const status = h("p", { class: "form-status", "aria-live": "polite" });
  const alcohol = (a.extra_alcohol || [0]);
  const top = (a.top_only || [false]);
  const submit = h("button", { type: "submit", class: "action primary", dataset: { action: "distill", index: i } },
    t("actions.distill.submit"));
  const update = (form) => {
    const ids = picked(form);
    const ok = KINDS_OK(ids);
    status.textContent = `${t("actions.distill.count", { count: ids.length })} · ${t(ok ? "actions.distill.ok" : "actions.distill.invalid")}`;
    status.classList.toggle("bad", !ok);
  };
  const form = h("form", { class: "distill-form", dataset: { actionForm: "distill", index: i } },
    h("fieldset", {}, h("legend", {}, t("actions.distill.title")),
      h("p", { class: "sub" }, t("actions.distill.rule")),
      h("div", { class: "pick-all" }, ["all", "none"].map((which) => h("button", { type: "button", class: "quiet small",
        onclick: (event) => {
          for (const box of event.target.form.querySelectorAll("input[name=card]")) box.checked = which === "all";
          event.target.form.dataset.touched = "true";
          update(event.target.form);
        } }, t(`actions.distill.${which}`)))),
      h("div", { class: "picks" }, (a.cards || []).map((id, k) => h("label", { class: `pick kind-${catalogue.cards[id]?.kind || "unknown"}` },
        h("input", { type: "checkbox", name: "card", value: id, checked: true, id: `pick-${i}-${k}` }),
        h("span", {}, card(id)))))),
    alcohol.length > 1 ? h("label", { class: "inline" }, t("actions.distill.extra_alcohol"), " ",
      h("select", { name: "extra_alcohol" }, alcohol.map((n) => h("option", { value: n, selected: n === Math.max(...alcohol) }, String(n))))) : null,
    top.includes(true) ? h("label", { class: "inline" }, h("input", { type: "checkbox", name: "top_only",
      checked: top.length === 1 }), " ", t("actions.distill.top_only")) : null,
    status, submit);
  if (again) {
    // The same picks again: a choice is never made twice because the game moved on.
    const left = [...again.washback];
    for (const box of form.querySelectorAll("input[name=card]")) {
      const at = left.indexOf(box.value);
      box.checked = at >= 0;
      if (at >= 0) left.splice(at, 1);
    }
    if (form.elements.extra_alcohol && again.extra_alcohol !== undefined) form.elements.extra_alcohol.value = String(again.extra_alcohol);
    if (form.elements.top_only) form.elements.top_only.checked = Boolean(again.top_only);
    form.dataset.touched = "true";
    if (retry) submit.classList.add("retry");
  }
  form.addEventListener("change", () => {
    form.dataset.touched = "true";
    update(form);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onSubmit("distill", readPicks(form, alcohol, top));
  });
  form.readPicks = () => readPicks(form, alcohol, top);
  update(form);
  return form;
}

function group(key, children) {
  if (!children.length) return null;
  // Buttons of one kind (the buys of one row, the options of one label space) go under their own heading.
  const lists = [];
  for (const [sub, title, el] of children) {
    const last = lists.at(-1);
    if (last && last.sub === sub && sub !== null) last.els.push(el);
    else lists.push({ sub, title, els: [el] });
  }
  // A long list (the Market's buys) in one quiet style; a few choices stand out.
  const many = children.length > 4 ? " many" : "";
  return h("section", { class: `action-group group-${key}` }, h("h3", {}, t(`actions.groups.${key}`)),
    lists.map(({ sub, title, els }) => (sub === null ? h("div", { class: `action-list${many}` }, els)
      : h("div", { class: "action-sub" }, h("h4", {}, title), h("div", { class: `action-list${many}` }, els)))));
}

const GROUP = { buy: "buy", sell: "sell", place_label: "label", trade: "trade" };

const same = (x, y) => JSON.stringify(x, Object.keys(x).sort()) === JSON.stringify(y, Object.keys(y).sort());

// What the player has picked in the washback form so far, if they changed it (kept across a re-render).
export function pickedSoFar(root) {
  const form = root.querySelector("form[data-action-form=distill]");
  return form && form.dataset.touched && form.readPicks ? form.readPicks() : null;
}

// `again`: the move refused as stale ({type, body}); if it is still offered, it is marked (and focused by the caller).
export function renderActions(root, view, onPost, again = null) {
  const listed = view.legal_actions || [];
  const kept = pickedSoFar(root);
  const groups = { main: [], buy: [], sell: [], label: [], trade: [], anytime: [] };
  listed.forEach((a, i) => {
    if (a.open) {
      const refused = again && again.type === "distill" && again.body.washback ? again.body : null;
      groups.main.push([null, null, distillForm(a, i, onPost, refused || kept, Boolean(refused))]);
      return;
    }
    const key = ANYTIME.has(a.type) ? "anytime" : GROUP[a.type] || "main";
    const [sub, title] = subgroupOf(a) || [null, null];
    const el = button(a, i, view, key !== "anytime" && !QUIET_ACTIONS.has(a.type), sub === null ? null : shortLabel(a));
    if (again && again.type === a.type && same(again.body, bodyOf(a))) el.classList.add("retry");
    el.addEventListener("click", () => onPost(a.type, bodyOf(a)));
    groups[key].push([sub, title, el]);
  });
  fill(root, ["main", "buy", "sell", "label", "trade", "anytime"].map((key) => group(key, groups[key])));
}

export function pendingText(pending) {
  if (!pending) return "";
  const known = ["reveal_deck", "revealed", "name_spirit", "place_label", "gain_basic", "look_deck", "looked",
    "truck", "keep_flavor", "double_flavor"];
  const key = known.includes(pending.kind) ? pending.kind : "unknown";
  return t(`pending.${key}`, { kind: pending.kind, card: pending.card ? card(pending.card) : "?",
    cards: cards(pending.cards || []), recipe: recipe(pending.recipe), power: pending.power ? power(pending.power) : "",
    spirit: pending.spirit ?? "?" });
}
