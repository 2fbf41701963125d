// The page's summary lines: where the game stands, whom it waits for, and the history as sentences.
import { h } from "./dom.js";
import { Seats, sentence } from "./history.js";
import { t } from "./i18n.js";
import { catalogue, list, phase } from "./names.js";

// Bookkeeping of take-backs: the action list offers the take-back itself; the history stays about the game.
const QUIET_EVENTS = new Set(["undo_point_set", "undo_point_cleared"]);
// Lines that open a stretch of the game stand out, so the history reads by round and phase.
const MILESTONES = new Set(["game_created", "round_started", "phase_started", "round_ended", "game_ended"]);

export const playable = (view) => (view.legal_actions || []).some((a) => a.type !== "resign" && a.type !== "take_back");

export function seatName(view, seat) {
  return (view.players || []).find((p) => p.seat === seat)?.name ?? t("words.seat", { seat });
}

export function waitingText(view, playable) {
  if (view.phase === "finished") return t("waiting.over");
  if (playable) return t("waiting.your_turn");
  const acting = view.to_act || [];
  if (!acting.length) return t("waiting.nobody");
  return t("waiting.for", { names: list(acting.map((s) => seatName(view, s))) });
}

export function status(reply) {
  const view = reply.view;
  const rounds = catalogue.rounds;
  const bits = [t("app.game", { game: reply.game_id }),
    rounds ? t("app.round", { round: view.round, rounds }) : t("app.round_plain", { round: view.round }),
    t("app.phase", { phase: phase(view.phase) }), t("app.version", { version: reply.version })];
  if (view.turn !== null && view.turn !== undefined && view.phase !== "finished") {
    bits.push(t("app.turn", { name: seatName(view, view.turn) }));
  }
  return bits.join(" · ");
}

// One <li> per sentence, newest last; those of commits after `seen` are marked fresh.
export function historyItems(commits, view, seen) {
  const created = commits.flatMap((c) => c.events || []).find((e) => e.type === "game_created");
  const who = new Seats(created?.setup?.names || (view?.players || []).map((p) => p.name));
  const items = [];
  for (const commit of commits) {
    for (const event of commit.events || []) {
      if (QUIET_EVENTS.has(event.type)) continue;
      const fresh = seen !== null && commit.version > seen;
      const kind = [fresh ? "fresh" : "", MILESTONES.has(event.type) ? "milestone" : ""].join(" ").trim() || null;
      items.push(h("li", { class: kind, dataset: { version: commit.version, type: event.type } },
        sentence(event, who)));
    }
  }
  return items.length ? items : [h("li", { class: "empty" }, t("history.empty"))];
}
