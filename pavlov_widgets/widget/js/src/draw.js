// @ts-check
/**
 * Drawing primitives shared by the scene and the overlay: rounded rectangles, the textures
 * that make colour never the only cue, tokens, dice, colour pills, the back of a card face
 * down, and the ring drawn around a place (a glow, a mark, the keyboard focus).
 */

import { COLOURS, INK, TOKENS } from "./theme.js";
import { fitLines, measure, setFont, text } from "./text.js";

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** @type {WeakMap<CanvasRenderingContext2D, Record<string, CanvasPattern | null>>} */
const patternCache = new WeakMap();

/**
 * A faint texture per colour so that colour is never the only cue: green diagonal lines,
 * red dots, purple cross-hatching; orange hatching for Disrupted, grey for Exhausted.
 * @param {CanvasRenderingContext2D} ctx @param {string} kind
 * @returns {CanvasPattern | string}
 */
export function pattern(ctx, kind) {
  let cache = patternCache.get(ctx);
  if (!cache) {
    cache = {};
    patternCache.set(ctx, cache);
  }
  if (!(kind in cache)) {
    const tile = document.createElement("canvas");
    tile.width = tile.height = 12;
    const t = /** @type {CanvasRenderingContext2D} */ (tile.getContext("2d"));
    t.lineWidth = 1.2;
    t.beginPath();
    if (kind === "green") {
      t.strokeStyle = "rgba(46,125,50,0.28)";
      t.moveTo(0, 12);
      t.lineTo(12, 0);
      t.stroke();
    } else if (kind === "red") {
      t.fillStyle = "rgba(192,57,43,0.30)";
      t.arc(6, 6, 1.6, 0, Math.PI * 2);
      t.fill();
    } else if (kind === "purple") {
      t.strokeStyle = "rgba(106,61,154,0.26)";
      t.moveTo(0, 6);
      t.lineTo(12, 6);
      t.moveTo(6, 0);
      t.lineTo(6, 12);
      t.stroke();
    } else if (kind === "disrupted") {
      t.strokeStyle = "rgba(240,138,36,0.55)";
      t.lineWidth = 3;
      t.moveTo(-2, 14);
      t.lineTo(14, -2);
      t.stroke();
    } else if (kind === "exhausted") {
      t.strokeStyle = "rgba(0,0,0,0.14)";
      t.lineWidth = 1;
      t.moveTo(0, 0);
      t.lineTo(12, 12);
      t.stroke();
    }
    cache[kind] = ctx.createPattern(tile, "repeat");
  }
  return cache[kind] ?? "transparent";
}

/**
 * A round token with its letter code, and a count badge when there are several.
 * @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} r
 * @param {string} kind @param {number} [count]
 */
export function token(ctx, cx, cy, r, kind, count = 1) {
  const style = TOKENS[/** @type {keyof typeof TOKENS} */ (kind)] ?? {
    fill: "#cccccc", ink: INK, abbr: kind.slice(0, 2),
  };
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = "rgba(0,0,0,0.55)";
  ctx.stroke();
  const size = style.abbr.length > 2 ? 11 : 12;
  text(ctx, style.abbr, cx, cy + 0.5, {
    size, weight: 700, color: style.ink, align: "center", base: "middle",
  });
  if (count > 1) {
    const bx = cx + r * 0.8;
    const by = cy - r * 0.8;
    ctx.beginPath();
    ctx.arc(bx, by, 8, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffff";
    ctx.fill();
    ctx.strokeStyle = INK;
    ctx.lineWidth = 1;
    ctx.stroke();
    text(ctx, String(count), bx, by + 0.5, {
      size: 11, weight: 700, align: "center", base: "middle",
    });
  }
}

/** Where the pips of each face go, in thirds of the die from its centre. */
/** @type {Record<number, Array<[number, number]>>} */
const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/**
 * One die with pips; `mark` true = this die succeeded, false = it failed, null = the roll is
 * read as a whole (a colour, a track, a total).
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} s
 * @param {number} value @param {boolean | null} mark
 */
export function die(ctx, x, y, s, value, mark) {
  roundRect(ctx, x, y, s, s, s * 0.18);
  ctx.fillStyle = mark === true ? "#fff3c4" : mark === false ? "#e6e6e6" : "#ffffff";
  ctx.fill();
  ctx.lineWidth = mark === true ? 3 : 1.4;
  ctx.strokeStyle = mark === true ? "#e09000" : mark === false ? "#9a9a9a" : INK;
  ctx.stroke();
  const pip = Math.max(1.8, s * 0.09);
  const c = s / 2;
  const o = s * 0.26;
  ctx.fillStyle = mark === false ? "#7a7a7a" : INK;
  for (const [dx, dy] of PIPS[value] ?? []) {
    ctx.beginPath();
    ctx.arc(x + c + dx * o, y + c + dy * o, pip, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * A colour pill such as "G4": the letter and number on the colour, so it reads without colour.
 * Returns its width.
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y
 * @param {string} colour @param {string} label
 */
export function pill(ctx, x, y, colour, label) {
  const c = COLOURS[/** @type {keyof typeof COLOURS} */ (colour)];
  setFont(ctx, 13, 700);
  const w = measure(ctx, label) + 10;
  roundRect(ctx, x, y, w, 17, 8);
  ctx.fillStyle = c.strong;
  ctx.fill();
  text(ctx, label, x + w / 2, y + 9, {
    size: 13, weight: 700, color: "#ffffff", align: "center", base: "middle",
  });
  return w;
}

/**
 * A card face down: its back, with what kind of card it is.
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} w
 * @param {number} h @param {string} label @param {string} fill
 */
export function cardBack(ctx, x, y, w, h, label, fill) {
  roundRect(ctx, x, y, w, h, 6);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = "#111";
  ctx.lineWidth = 1.2;
  ctx.stroke();
  roundRect(ctx, x + 5, y + 5, w - 10, h - 10, 4);
  ctx.strokeStyle = "rgba(255,255,255,0.35)";
  ctx.stroke();
  const laid = fitLines(ctx, label, w - 16, 12, 2, 700);
  laid.lines.forEach((line, i) => {
    text(ctx, line, x + w / 2, y + h / 2 - 6 * (laid.lines.length - 1) + i * 14, {
      size: laid.size, weight: 700, color: "#f3ead6", align: "center", base: "middle",
    });
  });
}

/**
 * A ring around a place: a glowing choice (or asked place), the hovered one (thicker), a
 * mark (a little further out, so it shows around a glow), or the keyboard focus (dashed).
 * Nothing is laid over the place itself, so its colours read as printed (a purple room
 * stays purple).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number, w: number, h: number, circle?: boolean}} r
 * @param {string} colour @param {number} width @param {string | null} halo the glow's
 *   colour, or null
 * @param {number[]} [dash] @param {number} [gap] how far outside the place
 */
export function ring(ctx, r, colour, width, halo, dash = [], gap = 0) {
  ctx.save();
  ctx.beginPath();
  const pad = width / 2 + gap;
  if (r.circle) ctx.arc(r.x + r.w / 2, r.y + r.h / 2, r.w / 2 + pad, 0, Math.PI * 2);
  else roundRect(ctx, r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad, 5 + gap);
  ctx.setLineDash(dash);
  if (halo) {
    // A soft halo outside: a wide translucent stroke under the solid one (a shadow blur
    // looks the same but costs far more to draw).
    ctx.lineWidth = width + 6;
    ctx.strokeStyle = halo;
    ctx.stroke();
  }
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
}
