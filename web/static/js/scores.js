// #scores: once the game is over, the standings (place, SP, money breaking a tie) and each seat's breakdown.
import { h } from "./dom.js";
import { has, t } from "./i18n.js";
import { list } from "./names.js";

function breakdown(score) {
  const parts = Object.entries(score || {}).filter(([k, v]) => !["sp", "money"].includes(k) && v);
  if (!parts.length) return null;
  return h("span", { class: "sub" }, parts.map(([k, v]) => `${has(`scores.parts.${k}`) ? t(`scores.parts.${k}`) : k.replace(/_/g, " ")} ${v}`)
    .join(t("words.list")));
}

// The fairness check's line: a button, then what the page's own check of the proof found (js/verify.js).
function fairness(check, onCheck) {
  if (!check) return h("p", { class: "fairness" }, h("button", { type: "button", id: "check-fairness", onclick: onCheck }, t("scores.verify")));
  if (check.busy) return h("p", { class: "fairness", id: "fairness" }, t("scores.verifying"));
  return h("p", { class: "fairness", id: "fairness", role: "status" }, check.ok
    ? t("scores.verified", { draws: check.draws, commits: check.commits, head: check.head })
    : t("scores.not_verified", { version: check.version ?? "?", problem: check.problem }));
}

export function scoresSection(view, check = null, onCheck = null) {
  const result = view.result;
  if (!result) return null;
  const bySeat = Object.fromEntries((view.players || []).map((p) => [p.seat, p]));
  return h("section", { id: "scores", class: "scores panel", "aria-labelledby": "scores-title" },
    h("h2", { id: "scores-title" }, t("scores.title")),
    h("p", { class: "winners" }, result.winner_names.length ? t("scores.winners", { names: list(result.winner_names) })
      : t("scores.nobody")),
    h("table", {}, h("thead", {}, h("tr", {}, ["place", "player", "sp", "money", "breakdown"].map((k) =>
      h("th", { scope: "col" }, t(`scores.${k}`))))),
    h("tbody", {}, result.standings.map((s) => h("tr", { class: s.winner ? "winner" : null, dataset: { seat: s.seat } },
      h("td", {}, String(s.place)), h("th", { scope: "row" }, s.name, s.winner ? h("span", { class: "mark mark-win" }, ` ${t("scores.winner")}`) : null),
      h("td", {}, String(s.sp)), h("td", {}, String(s.money)), h("td", {}, breakdown(bySeat[s.seat]?.score))))),
    onCheck ? fairness(check, onCheck) : null));
}
