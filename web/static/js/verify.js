// The page's own check of a finished game's proof (GET /games/{id}/proof), written from docs/fairness.md alone,
// not from the server's code, so that the two check each other: the chain of commits, the seed against its
// commitment, the contributions against the records, the flight and the market decks the setup dealt, and every
// shuffle after it, each against the generator `distilled-draws-v1`. (Dealing the rest of the setup again needs
// the rules: `distilled verify` does that.) Web Crypto does the hashing.

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
  constructor(key, version) { this.key = key; this.version = version; this.block = 0; this.numbers = []; }

  async next() {
    if (!this.numbers.length) {
      const bytes = await hmac(this.key, enc.encode(`${this.version}:${this.block}`));
      this.block += 1;
      const view = new DataView(bytes.buffer);
      this.numbers = [0, 8, 16, 24].map((i) => view.getBigUint64(i, false));
    }
    return this.numbers.shift();
  }

  async below(n) {
    const big = BigInt(n);
    const limit = TWO_64 - (TWO_64 % big);
    for (;;) {
      const x = await this.next();
      if (x < limit) return Number(x % big);
    }
  }

  async shuffled(items) {
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

const fail = (problem, version, draws = 0) => ({ ok: false, problem, version, draws });

export async function verifyProof(proof) {
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
  let draws = 0;
  // The setup: the flight when drawn, then each market's deck (its row the last four cards, dealt the last first).
  const created = commits[0].events.find((e) => e.type === "game_created");
  if (!created) return fail("the first commit creates no game", 1);
  const setup = new Draws(await drawKey(seed, values(1)), 1);
  const choice = created.options.flight;
  const pool = choice === "random_abc" ? "ABC" : choice === "random_all" ? "ABCDEFGH" : null;
  if (pool && pool[await setup.below(pool.length)] !== created.setup.flight) return fail("the flight is not the generator's", 1);
  for (const market of ["upgrades", "ingredients", "items"]) {
    const cards = [...created.setup.decks[market], ...[...created.setup.rows[market]].reverse()];
    if (!same(await setup.shuffled(cards), cards)) return fail(`the ${market} deck is not the generator's shuffle`, 1);
    draws += 1;
  }
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
