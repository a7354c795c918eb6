// @ts-check
/**
 * Drawing primitives shared by the scene and the overlay: rounded rectangles, the textures
 * that make colour never the only cue, tokens, dice, colour pills, the back of a card face
 * down, and the ring drawn around a place (a glow, a mark, the keyboard focus).
 */

import { COLOURS, INK, TEXTURES, TOKENS } from "./theme.js";
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
 * A texture per colour so that colour is never the only cue: green diagonal lines, red dots,
 * purple cross-hatching, each in the area's strong colour, opaque and at least a pixel
 * wide, so that their marks stand at 3:1 against the area's fill (WCAG 1.4.11; spaced
 * out, so that the board still reads as its colours); orange hatching for Disrupted, grey
 * for Exhausted.
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
    // the area textures are spaced out (a tile of 16 to 18 px) so the rooms read as colours
    const side = kind === "green" ? 16 : kind === "red" ? 14 : kind === "purple" ? 18 : 12;
    const tile = document.createElement("canvas");
    tile.width = tile.height = side;
    const t = /** @type {CanvasRenderingContext2D} */ (tile.getContext("2d"));
    t.lineWidth = 1.2;
    t.beginPath();
    if (kind === "green") {
      // one diagonal, and its ends at the tile's corners (so the lines join up)
      t.strokeStyle = TEXTURES.green;
      t.lineWidth = 1.6;
      t.moveTo(0, side);
      t.lineTo(side, 0);
      t.moveTo(-2, 2);
      t.lineTo(2, -2);
      t.moveTo(side - 2, side + 2);
      t.lineTo(side + 2, side - 2);
      t.stroke();
    } else if (kind === "red") {
      t.fillStyle = TEXTURES.red;
      t.arc(side / 2, side / 2, 1.8, 0, Math.PI * 2);
      t.fill();
    } else if (kind === "purple") {
      // on whole pixels (a line between two rows would be two pale rows)
      const mid = side / 2 + 0.5;
      t.strokeStyle = TEXTURES.purple;
      t.moveTo(0, mid);
      t.lineTo(side, mid);
      t.moveTo(mid, 0);
      t.lineTo(mid, side);
      t.stroke();
    } else if (kind === "disrupted") {
      t.strokeStyle = TEXTURES.disrupted;
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
 * A patch of an area's plain fill under a line of text (middle baseline) that sits on the
 * area's texture: the texture's marks are as dark as the text, and the text reads at 4.5:1
 * only on the plain fill (WCAG 1.4.3). The texture shows all round it.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} x @param {number} y
 * @param {{size: number, weight?: number, align?: CanvasTextAlign}} o the text's font and
 *   alignment @param {string} fill
 */
export function backing(ctx, str, x, y, o, fill) {
  setFont(ctx, o.size, o.weight ?? 400);
  const w = measure(ctx, str);
  const x0 = o.align === "right" ? x - w : o.align === "center" ? x - w / 2 : x;
  roundRect(ctx, x0 - 3, y - o.size / 2 - 2, w + 6, o.size + 4, 3);
  ctx.fillStyle = fill;
  ctx.fill();
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

/** One band of a ring, from the inside out: its colour, its width and its dashes (none:
 * solid). @typedef {{colour: string, width: number, dash?: number[]}} Tone */
/** A ring as drawn: the place it rings, and each band's colour and reach outside the place's
 * edge (logical px; for the contrast test, see `overlay.js`'s `drawnRings`).
 * @typedef {{x: number, y: number, w: number, h: number, circle: boolean,
 *   bands: Array<{colour: string, from: number, to: number, dash: number[]}>}} RingDrawn */

/**
 * A ring around a place: a glowing choice (or asked place), the hovered one (thicker), a
 * mark (a little further out, so it shows around a glow), or the keyboard focus. Its bands
 * are drawn from the inside out, edge to edge, `gap` outside the place; a halo (a wide
 * translucent stroke) under them. Nothing is laid over the place itself, so its colours read
 * as printed (a purple room stays purple).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number, w: number, h: number, circle?: boolean}} r
 * @param {Tone[]} tones the bands, from the inside out
 * @param {string | null} [halo] the glow's colour, or null
 * @param {number} [gap] how far outside the place
 * @returns {RingDrawn}
 */
export function ring(ctx, r, tones, halo = null, gap = 0) {
  const total = tones.reduce((a, t) => a + t.width, 0);
  /** The path at `pad` outside the place. @param {number} pad */
  const path = (pad) => {
    ctx.beginPath();
    if (r.circle) ctx.arc(r.x + r.w / 2, r.y + r.h / 2, r.w / 2 + pad, 0, Math.PI * 2);
    else roundRect(ctx, r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad, 5 + pad - 1.5);
  };
  ctx.save();
  if (halo) {
    // A soft halo outside: a wide translucent stroke under the solid bands (a shadow blur
    // looks the same but costs far more to draw).
    path(gap + total / 2);
    ctx.lineWidth = total + 6;
    ctx.strokeStyle = halo;
    ctx.stroke();
  }
  /** @type {RingDrawn["bands"]} */
  const bands = [];
  let from = gap;
  for (const t of tones) {
    path(from + t.width / 2);
    ctx.setLineDash(t.dash ?? []);
    ctx.lineWidth = t.width;
    ctx.strokeStyle = t.colour;
    ctx.stroke();
    bands.push({ colour: t.colour, from, to: from + t.width, dash: t.dash ?? [] });
    from += t.width;
  }
  ctx.restore();
  return { x: r.x, y: r.y, w: r.w, h: r.h, circle: !!r.circle, bands };
}
