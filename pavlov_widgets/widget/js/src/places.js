// @ts-check
/**
 * Place ids: the one place in the board's JavaScript that writes or reads them.
 *
 * A place id (a "region") names something drawn on the board: the targets of an option, a
 * mark, a question's places, the place a "why not?" asks about. Python's
 * `pavlov_widgets/engine/places.py` owns the grammar; `PLACE_KINDS` here is the same table
 * as its `grammar()["kinds"]` (kind → the literal words the text starts with, then its fields
 * in text order, each a name or a number), so a test can compare them:
 *
 *   counter:<counter>        a Soviet counter       weapon:<weapon>          a weapon
 *   stock-soviet:<counter>   a counter in the stock stock-weapon:<weapon>    a weapon in the stock
 *   square:<square>          a combat position      defense:<colour>         a Defense track
 *   box:<name>               a box (reserves, supplies, storm, staging, operational-support,
 *                            soviet-hand, german-hand, orders, german-tactics, tactics-chosen)
 *   box:suppress:<colour>    a Suppression box      track:<track>:<circle>   a circle (1-based)
 *   loc:<loc>                a Volga location       card:<card>              a card
 *   card:<card>:<unit>       a Soviet card's half   tactics:<card>           a Tactics card
 *   header · dice · outcome · card:wehrmacht (the Wehrmacht card's slot)   fixed places
 *
 * A name is letters, digits, "-" and "_"; a number is a whole number from 1 without leading
 * zeros. When two kinds fit a text, the one with the longer words wins (`card:wehrmacht` is
 * the slot, `box:suppress:red` a Suppression box).
 *
 * Write an id with `place.*` (named as Python's classes are), read one with `parsePlace`;
 * nothing else builds an id with a template string or takes one apart. The keys of the view's
 * `tokens` (the token places of the engine's state: "loc:8", "suppress:red", "sapper:3:2",
 * "supplies", "staging") are written with `locKey`, `suppressKey` and `sapperKey`, as Python's
 * `loc_key`, `suppress_key` and `sapper_key` write them.
 */

/**
 * A place id read by `parsePlace`: its kind and its fields, by the names of PLACE_KINDS.
 * @typedef {{kind: "counter", counter: string} | {kind: "weapon", weapon: string}
 *   | {kind: "stock-soviet", counter: string} | {kind: "stock-weapon", weapon: string}
 *   | {kind: "square", square: string} | {kind: "defense", colour: string}
 *   | {kind: "box", name: string} | {kind: "suppression-box", colour: string}
 *   | {kind: "track", track: number, circle: number} | {kind: "loc", loc: number}
 *   | {kind: "card", card: string} | {kind: "card-half", card: string, unit: string}
 *   | {kind: "tactics", card: string} | {kind: "header"} | {kind: "dice"}
 *   | {kind: "outcome"} | {kind: "wehrmacht-slot"}} Place
 * @typedef {Place["kind"]} PlaceKind
 * @typedef {{words: string, fields: Array<[string, "name" | "number"]>}} PlaceKindSpec
 */

/** Every kind of place: its literal words and its fields in text order (Python's
 * `grammar()["kinds"]`, in the same order). @type {Readonly<Record<PlaceKind, PlaceKindSpec>>} */
export const PLACE_KINDS = Object.freeze({
  counter: { words: "counter", fields: [["counter", "name"]] },
  weapon: { words: "weapon", fields: [["weapon", "name"]] },
  "stock-soviet": { words: "stock-soviet", fields: [["counter", "name"]] },
  "stock-weapon": { words: "stock-weapon", fields: [["weapon", "name"]] },
  square: { words: "square", fields: [["square", "name"]] },
  defense: { words: "defense", fields: [["colour", "name"]] },
  box: { words: "box", fields: [["name", "name"]] },
  "suppression-box": { words: "box:suppress", fields: [["colour", "name"]] },
  track: { words: "track", fields: [["track", "number"], ["circle", "number"]] },
  loc: { words: "loc", fields: [["loc", "number"]] },
  card: { words: "card", fields: [["card", "name"]] },
  "card-half": { words: "card", fields: [["card", "name"], ["unit", "name"]] },
  tactics: { words: "tactics", fields: [["card", "name"]] },
  header: { words: "header", fields: [] },
  dice: { words: "dice", fields: [] },
  outcome: { words: "outcome", fields: [] },
  "wehrmacht-slot": { words: "card:wehrmacht", fields: [] },
});

/**
 * The text of a place of `kind` with these fields (in text order).
 * @param {PlaceKind} kind @param {Array<string | number>} fields
 */
function write(kind, ...fields) {
  return [PLACE_KINDS[kind].words, ...fields].join(":");
}

/** Writes each kind of place id. */
export const place = Object.freeze({
  /** @param {string} counter */
  counter: (counter) => write("counter", counter),
  /** @param {string} weapon */
  weapon: (weapon) => write("weapon", weapon),
  /** A counter in the stock tray. @param {string} counter */
  stockCounter: (counter) => write("stock-soviet", counter),
  /** A weapon in the stock tray. @param {string} weapon */
  stockWeapon: (weapon) => write("stock-weapon", weapon),
  /** @param {string} square */
  square: (square) => write("square", square),
  /** @param {string} colour */
  defense: (colour) => write("defense", colour),
  /** @param {string} name */
  box: (name) => write("box", name),
  /** @param {string} colour */
  suppressionBox: (colour) => write("suppression-box", colour),
  /** Circle `circle` of track `track` (both 1-based). @param {number} track @param {number} circle */
  trackCircle: (track, circle) => write("track", track, circle),
  /** @param {number} loc */
  location: (loc) => write("loc", loc),
  /** @param {string} card */
  card: (card) => write("card", card),
  /** The half of Soviet card `card` that is `unit`'s. @param {string} card @param {string} unit */
  cardHalf: (card, unit) => write("card-half", card, unit),
  /** @param {string} card */
  tacticsCard: (card) => write("tactics", card),
  header: write("header"),
  dice: write("dice"),
  outcome: write("outcome"),
  wehrmachtSlot: write("wehrmacht-slot"),
});

/** The text of a place (the inverse of `parsePlace`). @param {Place} p */
export function formatPlace(p) {
  const values = /** @type {Record<string, string | number>} */ (/** @type {unknown} */ (p));
  return write(p.kind, ...PLACE_KINDS[p.kind].fields.map(([name]) => values[name]));
}

/** Whether `s` is a name: letters, digits, "-" and "_". @param {string} s */
function isName(s) {
  if (!s) return false;
  for (const c of s) {
    const ok = (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") ||
      c === "-" || c === "_";
    if (!ok) return false;
  }
  return true;
}

/** Whether `s` is a number: a whole number from 1, without leading zeros. @param {string} s */
function isNumber(s) {
  if (!s || s[0] < "1" || s[0] > "9") return false;
  for (const c of s) if (c < "0" || c > "9") return false;
  return true;
}

/** The kinds by their first word, longer words first (they win when two kinds fit). */
const BY_FIRST = (() => {
  /** @type {Map<string, Array<{kind: PlaceKind, words: string[], size: number}>>} */
  const out = new Map();
  for (const [kind, spec] of Object.entries(PLACE_KINDS)) {
    const words = spec.words.split(":");
    const rows = out.get(words[0]) ?? [];
    rows.push({ kind: /** @type {PlaceKind} */ (kind), words, size: words.length + spec.fields.length });
    out.set(words[0], rows);
  }
  for (const rows of out.values()) rows.sort((a, b) => b.words.length - a.words.length);
  return out;
})();

/**
 * Read a place id: its kind and fields, or null when `text` is not a place id (syntax only:
 * whether the place is in the game is Python's question).
 * @param {unknown} text @returns {Place | null}
 */
export function parsePlace(text) {
  if (typeof text !== "string" || !text) return null;
  const parts = text.split(":");
  const row = (BY_FIRST.get(parts[0]) ?? []).find((r) =>
    parts.length === r.size && r.words.every((w, i) => parts[i] === w));
  if (!row) return null;
  /** @type {Record<string, string | number>} */
  const out = { kind: row.kind };
  const values = parts.slice(row.words.length);
  for (const [i, [name, type]] of PLACE_KINDS[row.kind].fields.entries()) {
    const part = values[i];
    if (type === "number" ? !isNumber(part) : !isName(part)) return null;
    out[name] = type === "number" ? Number(part) : part;
  }
  return /** @type {Place} */ (/** @type {unknown} */ (out));
}

/** The token place of Volga location `loc`: "loc:12". @param {number} loc */
export const locKey = (loc) => `loc:${loc}`;
/** The token place of a colour's Suppression box: "suppress:red". @param {string} colour */
export const suppressKey = (colour) => `suppress:${colour}`;
/** The token place of a Sapper token on a track's circle: "sapper:3:2".
 * @param {number} track @param {number} circle */
export const sapperKey = (track, circle) => `sapper:${track}:${circle}`;
