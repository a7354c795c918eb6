// @ts-check
/**
 * Text on the canvas: fonts, cached measuring, and fitting text to the room it has. No text
 * on the board is ever cut short: it shrinks (down to MIN_TEXT, 11 px) or wraps, and what
 * still had to be cut is noted while a drawing is in progress (`startNotingCuts` /
 * `stopNotingCuts`), so the board's test hook can report it (tests keep the list empty).
 */

import { FONT_FAMILY, INK } from "./theme.js";

/** The smallest text the board draws (CSS px at scale 1). */
export const MIN_TEXT = 11;

/** @param {number} size @param {string | number} [weight] */
function font(size, weight = 400) {
  return `${weight} ${size}px ${FONT_FAMILY}`;
}

/** The font each context was last given through setFont (reset when a drawing starts). */
const currentFont = new WeakMap();
/** Widths of strings already measured, by font: the same labels are measured on every draw. */
const widths = new Map();

/**
 * Forget the font set on `ctx`: resizing a canvas resets its state, the font included.
 * @param {CanvasRenderingContext2D} ctx
 */
export function resetFont(ctx) {
  currentFont.delete(ctx);
}

/**
 * Set the font, skipping the (costly) assignment when it is already the one in use.
 * @param {CanvasRenderingContext2D} ctx @param {number} size @param {string | number} [weight]
 */
export function setFont(ctx, size, weight = 400) {
  const f = font(size, weight);
  if (currentFont.get(ctx) !== f) {
    ctx.font = f;
    currentFont.set(ctx, f);
  }
}

/**
 * The width of `str` in the font last set with setFont (cached).
 * @param {CanvasRenderingContext2D} ctx @param {string} str
 */
export function measure(ctx, str) {
  const key = `${currentFont.get(ctx)}\u0000${str}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = ctx.measureText(str).width;
    if (widths.size > 20000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

/** Texts the drawing in progress had to cut short; null when not drawing. */
/** @type {string[] | null} */
let cutShort = null;

/** A drawing starts: note every text it has to cut short. */
export function startNotingCuts() {
  cutShort = [];
}

/** The drawing is done: the texts it cut short (each once), and stop noting. */
export function stopNotingCuts() {
  const cut = [...new Set(cutShort ?? [])];
  cutShort = null;
  return cut;
}

/** Record a text that did not fit even at the smallest size. @param {string} str */
function noteCut(str) {
  if (cutShort && cutShort.length < 50) cutShort.push(str);
}

/**
 * Fit `str` in `maxW`: shrink the font down to 11 px; what still does not fit is cut with an
 * ellipsis (and noted: a layout that cuts text is a bug the tests catch).
 * Leaves ctx.font set to the size used.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {string | number} [weight]
 */
export function fit(ctx, str, maxW, size, weight = 400) {
  let s = size;
  setFont(ctx, s, weight);
  while (s > MIN_TEXT && measure(ctx, str) > maxW) {
    s -= 0.5;
    setFont(ctx, s, weight);
  }
  if (measure(ctx, str) <= maxW + 0.5) return str;
  noteCut(str);
  let t = str;
  while (t.length > 1 && measure(ctx, t + "…") > maxW) t = t.slice(0, -1);
  return t + "…";
}

/**
 * The size (≤ `size`, ≥ 11) at which `str` fits `maxW`, or 0 if it fits at none.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {string | number} [weight]
 */
export function sizeToFit(ctx, str, maxW, size, weight = 400) {
  for (let s = size; s >= MIN_TEXT; s -= 0.5) {
    setFont(ctx, s, weight);
    if (measure(ctx, str) <= maxW + 0.5) return s;
  }
  return 0;
}

/**
 * Draw text, fitted to a width when `max` is given.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} x @param {number} y
 * @param {{size?: number, weight?: string | number, color?: string, align?: CanvasTextAlign,
 *   base?: CanvasTextBaseline, max?: number}} [o]
 */
export function text(ctx, str, x, y, o = {}) {
  const size = o.size ?? 13;
  const t = o.max ? fit(ctx, str, o.max, size, o.weight ?? 400) : str;
  if (!o.max) setFont(ctx, size, o.weight ?? 400);
  ctx.fillStyle = o.color ?? INK;
  ctx.textAlign = o.align ?? "left";
  ctx.textBaseline = o.base ?? "alphabetic";
  ctx.fillText(t, x, y);
}

/**
 * Break `str` into lines of width `maxW` in the font already set on ctx. With `maxLines`, the
 * last line is cut with "…" when there is more (and noted). A single word wider than `maxW`
 * is noted too.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} [maxLines]
 */
export function wrap(ctx, str, maxW, maxLines = Infinity) {
  const lines = breakLines(ctx, str, maxW);
  /** @param {string} l */
  const cut = (l) => {
    noteCut(str);
    let t = l;
    while (t.length > 1 && measure(ctx, t + "…") > maxW) t = t.slice(0, -1);
    return t + "…";
  };
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = cut(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(" ")}`);
    return kept;
  }
  return lines.map((l) => (measure(ctx, l) <= maxW + 0.5 ? l : cut(l)));
}

/**
 * `str` broken into lines no wider than `maxW` where it can be (a word wider than `maxW`
 * keeps a line of its own). Uses the font already set on ctx.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 */
function breakLines(ctx, str, maxW) {
  const words = str.split(/\s+/).filter(Boolean);
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (measure(ctx, next) <= maxW || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Lay `str` out in at most `maxLines` lines of width `maxW`: the biggest size from `size`
 * down to 11 px at which it fits; at 11 px it takes the lines it needs.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {number} maxLines @param {string | number} [weight]
 * @returns {{lines: string[], size: number}}
 */
export function fitLines(ctx, str, maxW, size, maxLines, weight = 400) {
  for (let s = size; s >= MIN_TEXT; s -= 0.5) {
    setFont(ctx, s, weight);
    const lines = breakLines(ctx, str, maxW);
    if (lines.length <= maxLines && lines.every((l) => measure(ctx, l) <= maxW + 0.5)) {
      return { lines, size: s };
    }
  }
  setFont(ctx, MIN_TEXT, weight);
  return { lines: wrap(ctx, str, maxW), size: MIN_TEXT };
}

/** The fewest letters a broken word keeps on either side of its hyphen. */
const MIN_PART = 3;

/**
 * A name (a counter's) in at most two lines of width `maxW`: one line at the biggest size
 * from `size` down to 11 px where it fits; else two, broken between words or, a single word
 * too long for the line (a narrow room's counter on a phone), within the word with a hyphen
 * (as printed names are broken), keeping the longest first part that fits, before a
 * syllable where it can. Null when it fits
 * in neither (the caller cuts it, and that is noted).
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {string | number} [weight]
 * @returns {{lines: string[], size: number} | null}
 */
export function fitName(ctx, str, maxW, size, weight = 400) {
  const one = sizeToFit(ctx, str, maxW, size, weight);
  if (one) return { lines: [str], size: one };
  for (let s = Math.min(size, 12); s >= MIN_TEXT; s -= 0.5) {
    setFont(ctx, s, weight);
    const lines = breakLines(ctx, str, maxW);
    if (lines.length === 2 && lines.every((l) => measure(ctx, l) <= maxW + 0.5)) {
      return { lines, size: s };
    }
    if (lines.length !== 1) continue;
    /** @type {number[]} */
    const fitting = [];
    for (let i = str.length - MIN_PART; i >= MIN_PART; i--) {
      if (measure(ctx, `${str.slice(0, i)}-`) > maxW + 0.5) continue;
      if (measure(ctx, str.slice(i)) > maxW + 0.5) break;
      fitting.push(i);
    }
    // before a syllable's start (a consonant then a vowel: Cherno-golov) where one fits
    const at = fitting.find((i) => startsSyllable(str, i)) ?? fitting[0];
    if (at !== undefined) return { lines: [`${str.slice(0, at)}-`, str.slice(at)], size: s };
  }
  return null;
}

const VOWELS = "aeiouy";

/** Whether a syllable starts at letter `i` of `name`: a consonant (or ch, sh, zh) followed by
 * a vowel (for breaking a name: Ivash-chenko, not Ivashc-henko). Letters are compared one by
 * one: the board matches no regular expression against text (tests/test_widget.py).
 * @param {string} name @param {number} i */
function startsSyllable(name, i) {
  const [a = "", b = "", c = ""] = name.slice(i, i + 3).toLowerCase();
  if ("csz".includes(a) && b === "h" && c !== "" && VOWELS.includes(c)) return true;
  return a !== "" && !VOWELS.includes(a) && a !== "h" && b !== "" && VOWELS.includes(b);
}

/** `s` with a capital first letter. @param {string} s */
export function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
