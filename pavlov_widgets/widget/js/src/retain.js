// @ts-check
/**
 * Repaint only what changed (issue 18: a click's repaint under 100 ms at device pixel ratio
 * 2). Rasterizing the whole board costs far more than recording it: at DPR 2 the scene
 * canvas holds about 4.7 million pixels, and Chromium without a GPU rasterizes every fill,
 * texture and glyph of them again on each commit. A click changes a few places.
 *
 * So a canvas is drawn through a `Recorder` (`record.js`): the drawing code runs as before,
 * but the calls are recorded, and every painting call gets a key (the call, its arguments,
 * its path and every piece of state it paints with) and a conservative box. The new
 * list of keys is matched in order against the last drawing's; the boxes of the calls
 * matched in neither are the damage. The calls are then replayed on the real canvas clipped
 * to the damage (whole device pixels), skipping painting calls outside it.
 *
 * Why the picture is the same as a full redraw: a pixel outside the damage is covered only
 * by calls both drawings made, in the same order, with the same state, so its colour is the
 * one it already had; inside the damage everything is drawn again from the bottom (the
 * scene's background, the overlay's clear). Anything the recorder cannot bound (a transform,
 * an image, a shadow, a blend mode) repaints the whole canvas, as does a new size, scale or
 * canvas. One nuance: Skia may rasterize a path that a clip cuts by another method than a
 * whole one, so the damage grows over every small shape it cuts (repainted whole); the
 * antialiased edge of a larger shape (a room, a panel) cut by the damage may be shaded a few
 * levels apart, at isolated pixels. A browser test compares the canvases with a full redraw,
 * pixel for pixel, at DPR 2.
 */

import { DEFAULTS, PROPS, Recorder } from "./record.js";

/** A box in logical px. @typedef {import("./record.js").Box} Box */

/**
 * The painting calls of the last drawing that are not in the new one, and those of the new
 * one that are not in the last, matched in order by key: their boxes.
 * @param {string[]} oldKeys @param {Box[]} oldBoxes @param {string[]} keys @param {Box[]} boxes
 * @returns {Box[]}
 */
export function damage(oldKeys, oldBoxes, keys, boxes) {
  /** @type {Map<string, number[]>} */
  const where = new Map();
  oldKeys.forEach((k, i) => {
    const list = where.get(k);
    if (list) list.push(i);
    else where.set(k, [i]);
  });
  /** @type {Map<string, number>} */
  const used = new Map();
  /** @type {Box[]} */
  const out = [];
  let last = -1;
  keys.forEach((k, i) => {
    const list = where.get(k);
    let n = used.get(k) ?? 0;
    while (list && n < list.length && list[n] <= last) n++;
    used.set(k, n);
    if (!list || n >= list.length) {
      out.push(boxes[i]);
      return;
    }
    const j = list[n];
    used.set(k, n + 1);
    for (let s = last + 1; s < j; s++) out.push(oldBoxes[s]);
    last = j;
  });
  for (let s = last + 1; s < oldKeys.length; s++) out.push(oldBoxes[s]);
  return out;
}

/** The side (logical px) under which a shape the damage cuts is repainted whole: tokens,
 * dice, pills, counters, rings. Larger shapes (rooms, panels) are cut; growing over them
 * too would repaint a quarter or a third of the scene for a click instead of a few percent. */
const SMALL = 64;

/** A logical box in whole device pixels (a margin of 2 for antialiasing), or null when it
 * is off the canvas. @param {Box} b @param {number} k @param {number} width
 * @param {number} height @returns {Box | null} */
function toDevice(b, k, width, height) {
  if (!(b.x1 > b.x0 && b.y1 > b.y0)) return null;
  const r = {
    x0: Math.max(0, Math.floor(b.x0 * k) - 2), y0: Math.max(0, Math.floor(b.y0 * k) - 2),
    x1: Math.min(width, Math.ceil(b.x1 * k) + 2), y1: Math.min(height, Math.ceil(b.y1 * k) + 2),
  };
  return r.x1 > r.x0 && r.y1 > r.y0 ? r : null;
}

/** Rectangles that overlap or nearly touch, merged (fewer, larger clip rectangles).
 * @param {Box[]} rects @returns {Box[]} */
function merge(rects) {
  let merged = true;
  while (merged) {
    merged = false;
    /** @type {Box[]} */
    const next = [];
    for (const r of rects) {
      const near = next.find((q) => r.x0 <= q.x1 + 8 && q.x0 <= r.x1 + 8 &&
        r.y0 <= q.y1 + 8 && q.y0 <= r.y1 + 8);
      if (near) {
        near.x0 = Math.min(near.x0, r.x0);
        near.y0 = Math.min(near.y0, r.y0);
        near.x1 = Math.max(near.x1, r.x1);
        near.y1 = Math.max(near.y1, r.y1);
        merged = true;
      } else {
        next.push({ ...r });
      }
    }
    rects = next;
  }
  return rects;
}

/**
 * Device-pixel rectangles covering the damaged boxes (logical px at `k` device px each),
 * merged where they touch, and grown over every small painting call of the drawing they cut
 * into: a small shape is then repainted whole, never cut by the clip (Skia may rasterize a
 * clipped path by another method, whose antialiased edge differs a little). Null
 * when they cover so much of the canvas that a full repaint costs as little.
 * @param {Box[]} damaged @param {Box[]} drawing every painting call's box
 * @param {number} k @param {number} width @param {number} height
 * @returns {Box[] | null}
 */
export function deviceRects(damaged, drawing, k, width, height) {
  if (damaged.length > 400) return null;
  /** @type {Box[]} */
  let rects = merge(/** @type {Box[]} */ (damaged.map((b) => toDevice(b, k, width, height))
    .filter(Boolean)));
  const small = (SMALL * k) ** 2;
  /** @type {Box[]} */
  const shapes = [];
  for (const b of drawing) {
    const r = toDevice(b, k, width, height);
    if (r && (r.x1 - r.x0) * (r.y1 - r.y0) <= small) shapes.push(r);
  }
  for (let round = 0; round < 4 && rects.length; round++) {
    let grew = false;
    for (const r of rects) {
      for (const q of shapes) {
        const cuts = q.x0 < r.x1 && r.x0 < q.x1 && q.y0 < r.y1 && r.y0 < q.y1 &&
          (q.x0 < r.x0 || q.y0 < r.y0 || q.x1 > r.x1 || q.y1 > r.y1);
        if (!cuts) continue;
        r.x0 = Math.min(r.x0, q.x0);
        r.y0 = Math.min(r.y0, q.y0);
        r.x1 = Math.max(r.x1, q.x1);
        r.y1 = Math.max(r.y1, q.y1);
        grew = true;
      }
    }
    if (!grew) break;
    rects = merge(rects);
  }
  const area = rects.reduce((a, r) => a + (r.x1 - r.x0) * (r.y1 - r.y0), 0);
  return area > 0.7 * width * height ? null : rects;
}

/** Each canvas's retained drawing. @type {WeakMap<HTMLCanvasElement, RetainedCanvas>} */
const retainedCanvases = new WeakMap();

/**
 * The retained drawing of `canvas` (made at its first use).
 * @param {HTMLCanvasElement} canvas @param {CanvasRenderingContext2D} ctx its context
 */
export function retained(canvas, ctx) {
  let r = retainedCanvases.get(canvas);
  if (!r) {
    r = new RetainedCanvas(canvas, ctx);
    retainedCanvases.set(canvas, r);
  }
  return r;
}

/**
 * A canvas repainted where its drawing changed. `paint` draws through a recorder; the first
 * drawing, a new size or scale, and anything the recorder cannot bound repaint it whole.
 */
export class RetainedCanvas {
  /** @param {HTMLCanvasElement} canvas @param {CanvasRenderingContext2D} ctx */
  constructor(canvas, ctx) {
    this.canvas = canvas;
    this.ctx = ctx;
    this.rec = new Recorder(ctx);
    /** What the canvas shows: the keys and boxes of its painting calls, at which scale and
     * size. @type {{keys: string[], boxes: Box[], at: string} | null} */
    this.shown = null;
    /** The share of the canvas repainted last time (0 to 1). */
    this.repainted = 0;
  }

  /** The next drawing repaints the whole canvas. */
  forget() {
    this.shown = null;
  }

  /**
   * Draw with `draw` (logical px, `k` device px each) and repaint what changed.
   * @template T
   * @param {number} k @param {(ctx: CanvasRenderingContext2D) => T} draw @returns {T}
   */
  paint(k, draw) {
    const { rec, canvas, ctx } = this;
    rec.reset();
    const result = draw(/** @type {CanvasRenderingContext2D} */ (/** @type {unknown} */ (rec)));
    const at = `${k}|${canvas.width}|${canvas.height}`;
    const last = this.shown;
    /** @type {Box[] | null} */
    let rects = null;
    // (the benchmark's switch to measure the cost of repainting everything, as before)
    const all = !!(/** @type {any} */ (globalThis).PAVLOV_BOARD_REPAINT_ALL);
    if (last && last.at === at && !rec.unsafe && !all) {
      rects = deviceRects(damage(last.keys, last.boxes, rec.keys, rec.boxes), rec.boxes, k,
        canvas.width, canvas.height);
    }
    this.shown = rec.unsafe ? null : { keys: rec.keys, boxes: rec.boxes, at };
    this.repainted = rects ? rects.reduce((a, r) => a + (r.x1 - r.x0) * (r.y1 - r.y0), 0) /
      Math.max(1, canvas.width * canvas.height) : 1;
    if (rects && !rects.length) return result; // nothing changed: the canvas is left alone
    ctx.save();
    for (const name of PROPS) {
      if (ctx[name] !== DEFAULTS[name]) /** @type {any} */ (ctx)[name] = DEFAULTS[name];
    }
    ctx.setLineDash([]);
    if (!rects) {
      ctx.setTransform(k, 0, 0, k, 0, 0);
      replay(ctx, rec, null, k);
    }
    for (const r of rects ?? []) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      ctx.rect(r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0);
      ctx.clip();
      ctx.beginPath();
      ctx.setTransform(k, 0, 0, k, 0, 0);
      replay(ctx, rec, [r], k);
      ctx.restore();
    }
    ctx.restore();
    return result;
  }
}

/**
 * Play the recorded calls on the real context, skipping painting calls outside `rects`
 * (device px; null: none skipped).
 * @param {CanvasRenderingContext2D} ctx @param {Recorder} rec @param {Box[] | null} rects
 * @param {number} k
 */
function replay(ctx, rec, rects, k) {
  const real = /** @type {any} */ (ctx);
  const { boxes } = rec;
  for (const [name, args, paint] of rec.ops) {
    if (paint === -2) {
      real[name] = args[0];
      continue;
    }
    if (paint >= 0 && rects) {
      const b = boxes[paint];
      const x0 = b.x0 * k;
      const y0 = b.y0 * k;
      const x1 = b.x1 * k;
      const y1 = b.y1 * k;
      if (!rects.some((r) => x0 < r.x1 && r.x0 < x1 && y0 < r.y1 && r.y0 < y1)) continue;
    }
    real[name](...args);
  }
}
