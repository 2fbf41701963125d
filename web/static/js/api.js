// The JSON API, same origin: the game's view, its history, commands, and a link's exchange for a session.
import { noteServerTime } from "./clock.js";

export class ApiError extends Error {
  constructor(status, code, message, details) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.details = details || {};
  }
}

const sessionKey = (gameId) => `distilled.session.${gameId}`;

export function loadCredential(gameId) {
  try {
    const stored = JSON.parse(localStorage.getItem(sessionKey(gameId)) || "null");
    if (stored && typeof stored.token === "string" && stored.token) return stored;
  } catch {
    // an unreadable entry is no credential
  }
  return null;
}

export function saveCredential(gameId, token, seat) {
  localStorage.setItem(sessionKey(gameId), JSON.stringify({ token, seat }));
}

export function clearCredential(gameId) {
  localStorage.removeItem(sessionKey(gameId));
}

async function call(method, path, { token, body, etag } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (etag) headers["If-None-Match"] = etag;
  let reply;
  try {
    reply = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store", credentials: "omit", referrerPolicy: "no-referrer",
    });
  } catch {
    throw new ApiError(0, "network", "");
  }
  noteServerTime(reply.headers.get("Date")); // the clocks count from the server's time
  if (reply.status === 304) return { notModified: true, etag };
  let data = null;
  try {
    data = await reply.json();
  } catch {
    data = null;
  }
  if (!reply.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(reply.status, error.code || "unknown", error.message || String(reply.status), error.details);
  }
  return { data, etag: reply.headers.get("ETag") };
}

export const api = {
  // wait: the server may hold the answer until the game moves (long poll), given the ETag of what is shown.
  game: (gameId, token, etag, wait = 0) =>
    call("GET", `/games/${encodeURIComponent(gameId)}${etag && wait ? `?wait=${wait}` : ""}`, { token, etag }),
  events: (gameId, token, after) =>
    call("GET", `/games/${encodeURIComponent(gameId)}/events?after=${after}`, { token }),
  command: (gameId, token, type, body) =>
    call("POST", `/games/${encodeURIComponent(gameId)}/${encodeURIComponent(type)}`, { token, body }),
  session: (linkToken) => call("POST", "/sessions", { body: { link_token: linkToken } }),
  catchUp: (gameId, token, lang) =>
    call("GET", `/games/${encodeURIComponent(gameId)}/catch-up?language=${encodeURIComponent(lang)}`, { token }),
  proof: (gameId) => call("GET", `/games/${encodeURIComponent(gameId)}/proof`),
};
