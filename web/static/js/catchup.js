// "Since you last looked" (docs/catch-up.md): read once, before the page's first view (whose read records the
// look), and shown first while anything happened since the seat's last look, until the player closes it.
import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { language, t } from "./i18n.js";

let found = null; // the catch-up shown, or null

export async function loadCatchUp(gameId, token) {
  if (!token) return; // a spectator has no look
  try {
    const { data } = await api.catchUp(gameId, token, language());
    found = data.since && data.lines.length ? data : null; // a first visit has the whole history below
  } catch {
    found = null; // the page works without it
  }
}

export function renderCatchUp(slot, rerender) {
  slot.hidden = !found;
  if (!found) return fill(slot);
  const at = found.since.at.slice(0, 16).replace("T", " ");
  const close = () => { found = null; rerender(); };
  fill(slot, h("h2", { id: "catch-up-title" }, t("catchup.title", { version: found.since.version, at })),
    h("ul", { class: "catch-up-lines" }, found.lines.map((line) => h("li", {}, line))),
    h("button", { type: "button", id: "catch-up-close", onclick: close }, t("catchup.close")));
}
