// The page's own check of a finished game's proof (GET /games/{id}/proof), written from docs/fairness.md alone,
// not from the server's code, so that the two check each other: the chain of commits, the seed against its
// commitment, the contributions against the records, the whole setup dealt again from the catalogue
// (catalogue.json: the decks, the awards, goals and distillers each flight leaves in, the solo grid's tiers), and
// every shuffle after it, each against the generator `distilled-draws-v1`. Web Crypto does the hashing.

import { catalogue } from "./names.js";

const enc = new TextEncoder();
const TWO_64 = 1n << 64n;
const SHUFFLES = ["deck_reshuffled", "spirit_distilled", "spirit_recut"];
const RECORDS = ["seats", "fairness", "contribution", "reveal"];
const EXTRA_WATER = "mountain_spring_water";

const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const unhex = (text) => new Uint8Array(text.match(/../g).map((b) => parseInt(b, 16)));

async function sha256(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

async function hmac(keyBytes, message) {
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

// One commit's draws: HMAC-SHA256 counter mode over the key, 64-bit integers, rejection sampling, Fisher-Yates.
class Draws {
  constructor(key, version) { this.key = key; this.version = version; this.block = 0; this.numbers = []; this.outcomes = 0; }

  async next() {
    if (!this.numbers.length) {
      const bytes = await hmac(this.key, enc.encode(`${this.version}:${this.block}`));
      this.block += 1;
      const view = new DataView(bytes.buffer);
      this.numbers = [0, 8, 16, 24].map((i) => view.getBigUint64(i, false));
    }
    return this.numbers.shift();
  }

  async number(n) { this.outcomes += 1; return this.below(n); }  // a drawn number, counted as an outcome

  async below(n) {
    const big = BigInt(n);
    const limit = TWO_64 - (TWO_64 % big);
    for (;;) {
      const x = await this.next();
      if (x < limit) return Number(x % big);
    }
  }

  async shuffled(items) {
    this.outcomes += 1;
    const x = [...items].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = x.length - 1; i > 0; i -= 1) {
      const j = await this.below(i + 1);
      [x[i], x[j]] = [x[j], x[i]];
    }
    return x;
  }
}

async function drawKey(seed, values) {
  return hmac(seed, concat([enc.encode("distilled-draws-v1"), ...values.map((c) => concat([new Uint8Array([0]), enc.encode(c)]))]));
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function stack(event) {
  const cut = [...event.cut];
  const spirit = [...event.spirit];
  const added = cut.filter((c) => c === EXTRA_WATER).length;
  return [cut[0], ...(added ? spirit.slice(0, spirit.length - added) : spirit), ...cut.slice(1)];
}

async function commitHash(gameId, c, prev) {
  const body = { game_id: gameId, version: c.version, command_id: c.command_id, seat: c.seat,
    recorded_at: c.recorded_at, digest: c.digest, prev, salt: c.salt, events: c.events };
  return sha256(enc.encode(JSON.stringify(body)));
}

// The setup as docs/fairness.md "What draws what" deals it, from the seats' names, the options and the catalogue.
const MARKETS = [["upgrades", "upgrade"], ["ingredients", "ingredient"], ["items", "item"]];
const ids = (table, keep) => Object.entries(table || {}).filter(([, x]) => keep(x)).map(([id]) => id);
const copies = (cat, market) => Object.entries(cat.cards || {}).filter(([, c]) => c.market === market)
  .flatMap(([id, c]) => Array(c.copies || 1).fill(id));
const leftOut = (x, key, flight) => (x[key] || []).includes(flight);
const dealt = (pool, each, n) => Array.from({ length: n }, (_, i) => pool.slice(i * each, (i + 1) * each));

async function dealSetup(draws, options, names, cat) {
  const n = names.length;
  const pool = options.flight === "random_abc" ? "ABC" : options.flight === "random_all" ? "ABCDEFGH" : null;
  const flight = pool ? pool[await draws.number(pool.length)] : options.flight;
  const rows = {}, decks = {};
  for (const [name, market] of MARKETS) {
    const cards = await draws.shuffled(copies(cat, market));
    rows[name] = cards.slice(-4).reverse();  // the last card dealt to slot 1
    decks[name] = cards.slice(0, -4);
  }
  const awardPool = ids(cat.awards, (a) => !leftOut(a, "excluded_flights", flight)
    && !(n === 2 && leftOut(a, "excluded_two_player_flights", flight)));
  const awards = n > 1 ? (await draws.shuffled(awardPool)).slice(0, n + 1) : [];
  let grid = [], cleanup = [];
  if (n === 1) {
    const tiers = {};
    for (const tier of "ABC") {
      tiers[tier] = await draws.shuffled(ids(cat.solo.cards, (c) => c.tier === tier && !leftOut(c, "excluded_flights", flight)));
    }
    grid = cat.solo.row_sizes.map((size, r) => {
      const tier = cat.solo.row_tiers[options.solo_difficulty][r];
      const row = tiers[tier].slice(0, size);
      tiers[tier] = tiers[tier].slice(size);
      return row;
    });
    cleanup = tiers.B;
  }
  const flavors = await draws.shuffled(copies(cat, "flavor"));
  const distillers = ids(cat.distillers, (d) => !(options.pairings && leftOut(d, "removed_with_pairings", flight)));
  const dealtDistillers = dealt(await draws.shuffled(distillers), 2, n);
  const goals = dealt(await draws.shuffled(n > 1 ? ids(cat.goals, (g) => !leftOut(g, "excluded_flights", flight)) : []), 3, n);
  return { names, flight, rows, decks, flavor_deck: flavors, dealt_distillers: dealtDistillers, goals, awards,
    first_player: await draws.number(n), solo_grid: grid, solo_cleanup: cleanup };
}

// The first part of the recorded setup that is not the deal, in words (null when it all is).
function setupProblem(again, recorded) {
  if (again.flight !== recorded.flight) return "the flight is not the generator's";
  for (const [name] of MARKETS) {
    if (!same(again.rows[name], recorded.rows?.[name]) || !same(again.decks[name], recorded.decks?.[name])) {
      return `the ${name} deck is not the generator's shuffle`;
    }
  }
  const field = Object.keys(again).find((k) => !same(again[k], recorded[k] ?? (k.startsWith("solo_") ? [] : undefined)));
  return field ? `the setup's ${field} is not the generator's deal` : null;
}

const fail = (problem, version, draws = 0) => ({ ok: false, problem, version, draws });

export async function verifyProof(proof, cat = catalogue) {
  if (!proof.verifiable) return fail("the game is not verifiable", null);
  if (proof.generator !== "distilled-draws-v1") return fail(`unknown generator ${proof.generator}`, null);
  const commits = proof.commits || [];
  let prev = await sha256(enc.encode(`distilled-chain-v1|${proof.game_id}`));
  for (const [i, c] of commits.entries()) {
    if (c.version !== i + 1) return fail(`commit ${i + 1} is missing`, i + 1);
    if (c.prev !== prev) return fail("the chain breaks", Math.max(c.version - 1, 1));
    prev = await commitHash(proof.game_id, c, prev);
  }
  if (proof.head !== prev) return fail("the head is not the last commit's hash", commits.length);
  const seed = unhex(proof.seed);
  if ((await sha256(seed)) !== proof.commitment) return fail("the seed is not the one committed to", 1);
  const recorded = [];
  for (const c of commits) {
    for (const e of c.events) {
      if (e.type === "fairness" && c.version === 1) (e.contributions || []).forEach((v) => recorded.push({ version: 1, seat: null, value: v }));
      if (e.type === "contribution") recorded.push({ version: c.version, seat: e.seat, value: e.value });
    }
  }
  if (!same(recorded, proof.contributions || [])) return fail("the contributions are not the ones recorded", 1);
  const values = (v) => recorded.filter((c) => c.version <= v).map((c) => c.value);
  // The setup, dealt again: each shuffle and number it drew is an outcome checked.
  const created = commits[0].events.find((e) => e.type === "game_created");
  if (!created) return fail("the first commit creates no game", 1);
  const setup = new Draws(await drawKey(seed, values(1)), 1);
  const problem = setupProblem(await dealSetup(setup, created.options, created.setup.names, cat), created.setup);
  if (problem) return fail(problem, 1);
  let draws = setup.outcomes;
  for (const c of commits.slice(1)) {
    const events = c.events.filter((e) => !RECORDS.includes(e.type) && SHUFFLES.includes(e.type));
    if (!events.length) continue;
    const d = new Draws(await drawKey(seed, values(c.version)), c.version);
    for (const e of events) {
      const cards = e.type === "deck_reshuffled" ? [...e.order] : stack(e);
      if (!same(await d.shuffled(cards), cards)) return fail(`the ${e.type} of commit ${c.version} is not the generator's shuffle`, c.version, draws);
      draws += 1;
    }
  }
  return { ok: true, draws, commits: commits.length, head: prev };
}

// The page's check of a game: the proof fetched, then verified; a refusal or a network failure is a verdict too.
export async function checkGame(fetchProof) {
  try {
    const { data } = await fetchProof();
    return await verifyProof(data);
  } catch (error) {
    return { ok: false, problem: error?.message || String(error), version: null };
  }
}
