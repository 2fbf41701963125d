// Catalogue ids as words in the chosen language, and the catalogue's numbers (catalogue.json).
import { has, t } from "./i18n.js";

export let catalogue = { cards: {}, recipes: {}, distillers: {}, goals: {}, awards: {}, label_spaces: [], flights: {} };

export async function loadCatalogue() {
  const reply = await fetch("/assets/catalogue.json");
  if (reply.ok) catalogue = await reply.json();
}

const HIDDEN = "hidden";

export function card(id) {
  if (id === HIDDEN) return t("card.hidden");
  if (id === null || id === undefined) return t("card.unknown");
  const key = `cards.${id}.name`;
  return has(key) ? t(key) : String(id);
}

export function cardText(id) {
  const key = `cards.${id}.text`;
  return has(key) ? t(key) : "";
}

export function cards(ids) {
  if (typeof ids === "number") return t("words.cards", { count: ids });
  return counted(ids || []).map(([id, n]) => (n > 1 ? t("words.times", { card: card(id), count: n }) : card(id)))
    .join(t("words.list")) || t("words.none");
}

// [["water", 2], ["barley", 1]]: the same card once, with its count, in first-seen order.
export function counted(ids) {
  const counts = new Map();
  for (const id of ids) counts.set(id, (counts.get(id) || 0) + 1);
  return [...counts.entries()];
}

export function recipe(id) {
  const key = `recipes.${id}`;
  return id && has(key) ? t(key) : String(id ?? "?");
}

export function distiller(id) {
  const key = `distillers.${id}.name`;
  return has(key) ? t(key) : String(id);
}

export function distillerPower(id) {
  const key = `distillers.${id}.power`;
  return has(key) ? t(key) : "";
}

export function goal(id) {
  if (id === HIDDEN) return t("card.hidden");
  const key = `goals.${id}.name`;
  if (has(key)) return t(key);
  const solo = `solo_goals.${id}`;
  return has(solo) ? t("solo.cell", { id, goal: t(solo) }) : String(id);
}

export function goalText(id) {
  const key = `goals.${id}.text`;
  return has(key) ? t(key) : "";
}

export function award(id) {
  const key = `awards.${id}.name`;
  return has(key) ? t(key) : String(id);
}

export function awardText(id) {
  const key = `awards.${id}.text`;
  return has(key) ? t(key) : "";
}

// A power belongs to a distiller or to an upgrade card.
export function power(id) {
  return id in (catalogue.distillers || {}) ? distiller(id) : card(id);
}

export function deck(id) {
  const key = `decks.${id}`;
  return has(key) ? t(key) : String(id);
}

export function phase(id) {
  const key = `phases.${id}`;
  return has(key) ? t(key) : String(id).replace(/_/g, " ");
}

export function list(items) {
  const named = [...items];
  if (named.length > 1) return named.slice(0, -1).join(t("words.list")) + t("words.and") + named.at(-1);
  return named[0] ?? t("words.nobody");
}

export function labelReward(index) {
  const reward = catalogue.label_spaces[index];
  return reward ? t(`label_rewards.${reward}`) : "";
}

export const cost = (id) => catalogue.cards[id]?.cost ?? null;
