// The page of one game: loads the caller's view and history, renders them, posts the actions picked.
import { api, ApiError, clearCredential, loadCredential, saveCredential } from "./js/api.js";
import { bodyOf, pendingText, renderActions } from "./js/actions.js";
import { startTicking } from "./js/clock.js";
import { renderBoard } from "./js/board.js";
import { loadCatchUp, renderCatchUp } from "./js/catchup.js";
import { h, fill } from "./js/dom.js";
import { has, preferred, t, use } from "./js/i18n.js";
import { watch } from "./js/live.js";
import { loadCatalogue, phase } from "./js/names.js";
import { renderPlayers } from "./js/players.js";
import { scoresSection } from "./js/scores.js";
import { checkGame } from "./js/verify.js";
import { historyItems, playable, status, waitingText } from "./js/summary.js";

const POLL_MS = 3000;
const POLL_LIVE_MS = 30000; // with a live socket, a slow poll only in case a frame was lost
const LONG_POLL_S = 20;
const $ = (id) => document.getElementById(id);

const state = {
  gameId: document.querySelector('meta[name="distilled-game"]')?.content || "",
  liveUrl: document.querySelector('meta[name="distilled-live"]')?.content || "",
  credential: null,
  reply: null, // the last GET /games/{id} (or command) answer
  check: null, // the fairness check of a finished game: null (not asked), {busy}, or its verdict
  etag: null,
  commits: [], // the history, oldest first
  busy: false,
  error: null, // {code, message} of the last refusal
  notice: "",
  live: null,
  historyShown: false,
  historySeen: null, // the newest version of the history shown before the last change
  historyNewest: null,
  focusRetry: false,
  liveOn: false, // the live socket is open
  again: null, // the move refused because the game had moved on: offered again, marked, if still legal
};

function setBusy(busy) {
  state.busy = busy;
  document.body.dataset.busy = String(busy);
  for (const el of document.querySelectorAll("#actions button, #actions input, #actions select")) el.disabled = busy;
}

function errorText(error) {
  if (!error) return "";
  const key = `errors.${error.code}`;
  return has(key) ? t(key) : t("errors.unknown", { message: error.message || error.code });
}

function showError(error) {
  state.error = error;
  $("error").textContent = errorText(error);
}

function render() {
  const reply = state.reply;
  if (!reply) return;
  const view = reply.view;
  const body = document.body.dataset;
  body.version = String(reply.version);
  body.phase = view.phase;
  body.round = String(view.round);
  body.seat = view.you === null || view.you === undefined ? "spectator" : String(view.you);
  body.over = String(view.phase === "finished");
  const me = (view.players || []).find((p) => p.seat === view.you);
  $("status").textContent = [status(reply), t("app.flight", { flight: view.flight }),
    (view.players || []).length === 1 ? t("app.solo") : null,
    t(state.liveOn ? "app.live" : state.error?.code === "network" ? "app.offline" : "app.polling")]
    .filter(Boolean).join(" · ");
  $("seat-line").textContent = me ? t("app.seat", { name: me.name, seat: me.seat }) : t("app.spectator");
  const myTurn = playable(view);
  // A tab in the background says when it is this seat's turn.
  document.title = myTurn ? `${t("app.title_turn")} · ${t("app.title")}` : `${t("app.title")} · ${phase(view.phase)}`;
  const actions = view.legal_actions || [];
  const waiting = $("waiting");
  waiting.textContent = waitingText(view, myTurn);
  waiting.classList.toggle("your-turn", myTurn);
  $("pending").textContent = me?.pending ? pendingText(me.pending) : "";
  const focused = document.activeElement;
  const hadFocus = $("actions").contains(focused);
  // The element to focus again after the re-render: the same action, or the same card of the washback.
  const again = hadFocus && focused.id ? `#${focused.id}` : hadFocus && focused.dataset.action
    ? `[data-action="${focused.dataset.action}"][data-index="${focused.dataset.index}"]` : null;
  renderActions($("actions"), view, post, state.again);
  if (!actions.length && view.you !== null && view.you !== undefined) {
    $("actions").append(h("p", { class: "empty" }, t("actions.none")));
  }
  renderBoard($("board"), view);
  renderCatchUp($("catch-up"), render);
  renderPlayers($("players"), view);
  const scores = scoresSection(view, state.check, checkFairness);
  fill($("scores-slot"), scores);
  $("leave").hidden = !loadCredential(state.gameId); // a refused credential can be dropped too
  $("error").textContent = errorText(state.error);
  $("notice").textContent = state.notice;
  renderHistory();
  setBusy(state.busy);
  const retry = state.focusRetry ? $("actions").querySelector(".retry") : null;
  state.focusRetry = false;
  if (retry) retry.focus();
  else if (hadFocus) ((again && $("actions").querySelector(again)) || $("actions").querySelector("[data-action]") || $("waiting")).focus();
}

function renderHistory() {
  const items = historyItems(state.commits, state.reply?.view, state.historySeen);
  const list = $("history");
  // Newest last, in view, unless the reader scrolled back to read older lines.
  const atEnd = !state.historyShown || list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  fill(list, items);
  if (atEnd) list.scrollTop = list.scrollHeight;
  state.historyShown = state.commits.length > 0;
  const newest = state.commits.at(-1)?.version ?? null;
  if (newest !== state.historyNewest) {
    // What arrived since the last look is marked until the next change.
    state.historySeen = state.historyNewest;
    state.historyNewest = newest;
  }
}

function token() {
  return state.credential?.token;
}

async function loadHistory() {
  let after = state.commits.at(-1)?.version ?? 0;
  for (;;) {
    const { data } = await api.events(state.gameId, token(), after);
    // Two loads may overlap (a poll and a move): a commit is kept once.
    const known = state.commits.at(-1)?.version ?? 0;
    state.commits.push(...data.commits.filter((c) => c.version > known));
    if (data.next_after === null || data.next_after === undefined || !data.commits.length) break;
    after = data.next_after;
  }
}

async function refresh(wait = 0) {
  try {
    const got = await api.game(state.gameId, token(), state.reply ? state.etag : null, wait);
    const shown = state.reply;
    const hadError = state.error;
    // A poll sent before a move may answer after it: an older view never replaces a newer one.
    if (!got.notModified && (!state.reply || got.data.version >= state.reply.version)) {
      state.reply = got.data;
      state.etag = got.etag;
    }
    if (!got.notModified || !state.commits.length) await loadHistory();
    if (state.error?.code === "network") state.error = null;
    // Unchanged, the page stays as it is: a re-render would reset what the player is doing (picks, focus).
    const moved = !shown || state.reply.version !== shown.version || state.reply.seat !== shown.seat;
    if (moved || state.error !== hadError || document.body.dataset.busy === "true") render();
  } catch (error) {
    await failed(error);
  }
}

async function failed(error) {
  if (!(error instanceof ApiError)) throw error;
  if (error.code === "unauthorized" && state.credential) {
    // The stored credential no longer opens its seat: watch as a spectator, and say so.
    state.credential = null;
    state.reply = null;
    state.commits = [];
    showError(error);
    state.etag = null;
    await refresh();
    return;
  }
  showError(error);
  if (!state.reply) {
    fill($("board"), h("p", { class: "empty" }, errorText(error)));
    document.body.dataset.busy = "false";
  }
}

// Where several seats act at once, another seat's move makes the shown version stale. When it changed nothing of
// this seat's own board and the same move is still listed, the move goes again, once, at the new version.
function stillMine(shown, now, body) {
  if (!shown || !now || shown.seat === null || shown.to_act.length < 2) return false;
  if (now.phase !== shown.phase || now.round !== shown.round || now.seat !== shown.seat) return false;
  const mine = (reply) => JSON.stringify(reply.view.players[reply.seat]);
  const wanted = JSON.stringify(body);
  return mine(shown) === mine(now) && now.view.legal_actions.some((a) => a.type === shown.view.legal_actions
    .find((b) => JSON.stringify(bodyOf(b)) === wanted)?.type && JSON.stringify(bodyOf(a)) === wanted);
}

// Once the game is over: the page's own check of its proof (js/verify.js), written apart from the server's code.
async function checkFairness() {
  state.check = { busy: true };
  render();
  state.check = await checkGame(() => api.proof(state.gameId));
  render();
}

async function post(type, body, again = false) {
  if (state.busy || !state.reply) return;
  setBusy(true);
  state.notice = "";
  state.again = null;
  try {
    // A contribution of this browser's own to the game's draws (docs/fairness.md): the seat's first one counts.
    const contribution = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    const sent = { ...body, command_id: crypto.randomUUID(), expected_version: state.reply.version, contribution };
    const { data } = await api.command(state.gameId, token(), type, sent);
    state.error = null;
    state.reply = data;
    state.etag = null;
    await loadHistory();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "stale_version") {
      const shown = state.reply;
      state.etag = null;
      state.busy = false;
      await refresh();
      if (!again && stillMine(shown, state.reply, body)) {
        await post(type, body, true);
        return;
      }
      showError(error);
      state.again = { type, body };
      state.focusRetry = true;
      render();
      return;
    }
    showError(error);
  } finally {
    state.busy = false;
  }
  render();
}

async function exchangeLink() {
  const match = window.location.hash.match(/^#link=([^&]+)/);
  if (!match) return;
  // The link token never stays in the address bar (nor in the history of this tab).
  history.replaceState(null, "", window.location.pathname + window.location.search);
  $("notice").textContent = t("app.link_exchanging");
  try {
    const { data } = await api.session(decodeURIComponent(match[1]));
    if (data.game_id === state.gameId) saveCredential(state.gameId, data.session_token, data.seat);
    else showError({ code: "link_refused", message: "" });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const code = error.status === 404 && error.code === "not_found" ? "link_unavailable"
      : ["network", "rate_limited"].includes(error.code) ? error.code : "link_refused";
    showError({ code, message: error.message });
  }
  $("notice").textContent = "";
}

// Without a live socket: a long poll where the server holds answers (else a poll every POLL_MS at most).
function schedule() {
  const tick = async () => {
    const started = Date.now();
    const live = state.live?.connected();
    if (!document.hidden && !state.busy) await refresh(live ? 0 : LONG_POLL_S);
    setTimeout(tick, live ? POLL_LIVE_MS : Math.max(0, POLL_MS - (Date.now() - started)));
  };
  setTimeout(tick, POLL_MS);
}

async function main() {
  await Promise.all([use(preferred()), loadCatalogue()]);
  const select = $("lang");
  select.value = document.documentElement.lang;
  select.addEventListener("change", async () => {
    await use(select.value, true);
    render();
  });
  $("leave").addEventListener("click", () => {
    clearCredential(state.gameId);
    Object.assign(state, { credential: null, reply: null, etag: null, commits: [], historySeen: null,
      historyNewest: null, error: null });
    refresh();
  });
  if (!state.gameId) {
    showError({ code: "no_game", message: t("app.no_game") });
    document.body.dataset.busy = "false";
    return;
  }
  await exchangeLink();
  state.credential = loadCredential(state.gameId);
  await loadCatchUp(state.gameId, token()); // before the view: reading it records the look
  await refresh(); // data-busy stays true until this first answer is shown
  state.live = watch(state.liveUrl, state.gameId, (version) => {
    if (!state.reply || version > state.reply.version) refresh();
  }, (on) => {
    state.liveOn = on;
    render();
  });
  document.addEventListener("visibilitychange", () => !document.hidden && refresh());
  startTicking($("players"));
  schedule();
}

main();
