// Every word the page shows comes from texts/<lang>.json; English fills any key a translation lacks.
const LANGS = ["en", "es", "ko"];
const STORE = "distilled.lang";
let current = "en";
let texts = {};
let fallback = {};

async function load(lang) {
  const reply = await fetch(`/assets/texts/${lang}.json`);
  if (!reply.ok) throw new Error(`texts ${lang}: ${reply.status}`);
  return reply.json();
}

function lookup(table, key) {
  let node = table;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

export function has(key) {
  return typeof lookup(texts, key) === "string" || typeof lookup(fallback, key) === "string";
}

// t("board.deck", {count: 3}): the text of `key` with its {placeholders} filled; the key itself if unknown.
export function t(key, params = {}) {
  let text = lookup(texts, key);
  if (typeof text !== "string") text = lookup(fallback, key);
  if (typeof text !== "string") return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function language() {
  return current;
}

export function preferred() {
  const saved = localStorage.getItem(STORE);
  if (LANGS.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const base = String(wanted).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export async function use(lang, remember = false) {
  if (!LANGS.includes(lang)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await load("en");
  try {
    texts = lang === "en" ? fallback : await load(lang);
  } catch {
    texts = fallback; // a missing translation still leaves a working page
  }
  current = lang;
  if (remember) localStorage.setItem(STORE, lang);
  document.documentElement.lang = lang;
  translateStatic(document);
}

// Static markup names its text by data-t (and data-t-label for an aria-label).
export function translateStatic(root) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of root.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
}
