// Turn clocks: each seat's time left, from its deadline (epoch seconds, in the view) and the server's time.
// The server's time comes from the Date header of its answers, so a page on a machine whose clock is off (or a
// local server whose test clock was moved on) still counts down from the server's now.
import { h } from "./dom.js";
import { t } from "./i18n.js";

let skewMs = 0; // server time minus this machine's
const TICK_MS = 15000;

export function noteServerTime(dateHeader) {
  const at = Date.parse(dateHeader || "");
  if (!Number.isNaN(at)) skewMs = at - Date.now();
}

export function serverNow() {
  return (Date.now() + skewMs) / 1000;
}

export function leftText(seconds) {
  if (seconds <= 0) return t("clock.overdue");
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440), hours = Math.floor(minutes / 60) % 24, mins = minutes % 60;
  if (days) return t("clock.left_days", { days, hours });
  if (hours) return t("clock.left_hours", { hours, minutes: mins });
  return mins ? t("clock.left_minutes", { minutes: mins }) : t("clock.left_moment");
}

function paint(el) {
  const left = Number(el.dataset.deadline) - serverNow();
  el.textContent = leftText(left);
  el.classList.toggle("clock-low", left < 3600);
}

// A seat's deadline as the view gives it (view.clocks, by seat; null: its clock is not running).
export function deadlineOf(view, seat) {
  const d = (view.clocks || []).find((c) => c.seat === seat)?.deadline;
  return typeof d === "number" ? d : null;
}

export function clockBadge(view, seat) {
  const deadline = deadlineOf(view, seat);
  if (deadline === null) return null;
  const el = h("span", { class: "clock", title: t("clock.title"), dataset: { deadline: String(deadline) } });
  paint(el);
  return el;
}

// The badges count down between renders: only their text changes, never the page around them.
export function startTicking(root = document) {
  return setInterval(() => root.querySelectorAll(".clock[data-deadline]").forEach(paint), TICK_MS);
}
