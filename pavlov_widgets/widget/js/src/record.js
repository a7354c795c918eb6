// @ts-check
/**
 * The recorder that `retain.js` draws through (issue 18: repaint only what changed). It stands
 * in for a CanvasRenderingContext2D while the board's drawing code runs (logical px, the same
 * calls): it records every call for a replay on the real canvas, and gives every painting call
 * (fill, stroke, fillRect, strokeRect, clearRect, fillText) a key (the call, its arguments,
 * its path and every piece of state it paints with: styles, line, font, alpha, clip) and a
 * conservative box in logical px (the path's points, arcs' circles and corners' reach, half
 * the line width times the miter limit where lines meet at angles, the text's measured ink).
 * Text is measured and patterns are made on the real context. What it cannot bound (a
 * transform, an image, a shadow, a filter, a blend mode, spacing between letters) makes the
 * drawing `unsafe`: the canvas is then repainted whole. It implements the part of the 2D
 * context the board uses, and a little more; a call it lacks fails loudly.
 */

import { resetFont } from "./text.js";

/** A box in the drawing's logical px. @typedef {{x0: number, y0: number, x1: number,
 * y1: number}} Box */
/** A recorded call: its name, its arguments (or the value set), and the index of its
 * painting call (-1: not painting). @typedef {[string, any[], number]} Op */

/** The state a canvas context starts with (and every replay starts from). */
export const DEFAULTS = {
  fillStyle: "#000000", strokeStyle: "#000000", lineWidth: 1, font: "10px sans-serif",
  textAlign: "start", textBaseline: "alphabetic", globalAlpha: 1, lineCap: "butt",
  lineJoin: "miter", miterLimit: 10, lineDashOffset: 0, globalCompositeOperation: "source-over",
  shadowBlur: 0, shadowColor: "rgba(0, 0, 0, 0)", shadowOffsetX: 0, shadowOffsetY: 0,
  filter: "none", imageSmoothingEnabled: true, direction: "inherit", letterSpacing: "0px",
  wordSpacing: "0px", fontKerning: "auto",
};
/** @typedef {typeof DEFAULTS & {dash: string, clip: string, clipBox: Box | null}} State */
export const PROPS = /** @type {Array<keyof typeof DEFAULTS>} */ (Object.keys(DEFAULTS));

/** Stable names for styles that are objects (patterns, gradients). */
const objectIds = new WeakMap();
let nextObjectId = 1;
/** @param {unknown} v */
function styleKey(v) {
  if (typeof v !== "object" || v === null) return String(v);
  let id = objectIds.get(v);
  if (!id) {
    id = nextObjectId++;
    objectIds.set(v, id);
  }
  return `#${id}`;
}

/** Text boxes measured, by font, alignment and string (the same labels every drawing). */
const textBoxes = new Map();

const EMPTY = () => ({ x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });

/** @param {Box} b @param {number} x @param {number} y @param {number} [r] */
function extend(b, x, y, r = 0) {
  if (x - r < b.x0) b.x0 = x - r;
  if (y - r < b.y0) b.y0 = y - r;
  if (x + r > b.x1) b.x1 = x + r;
  if (y + r > b.y1) b.y1 = y + r;
}

/** @param {Box} b @param {number} m @param {Box | null} clip @returns {Box} */
function grown(b, m, clip) {
  const g = { x0: b.x0 - m, y0: b.y0 - m, x1: b.x1 + m, y1: b.y1 + m };
  if (!clip) return g;
  return {
    x0: Math.max(g.x0, clip.x0), y0: Math.max(g.y0, clip.y0),
    x1: Math.min(g.x1, clip.x1), y1: Math.min(g.y1, clip.y1),
  };
}

/**
 * Stands in for a CanvasRenderingContext2D while a drawing is made: records the calls, keys
 * and boxes its painting calls. Text is measured and patterns are made on the real context.
 */
export class Recorder {
  /** @param {CanvasRenderingContext2D} real the canvas's own context */
  constructor(real) {
    this.real = real;
    /** @type {Op[]} */
    this.ops = [];
    /** @type {string[]} */
    this.keys = [];
    /** @type {Box[]} */
    this.boxes = [];
    /** @type {State} */
    this.st = { ...DEFAULTS, dash: "", clip: "", clipBox: null };
    /** @type {State[]} */
    this.stack = [];
    this.path = "";
    this.pathBox = EMPTY();
    this.miter = 1;
    this.at = { x: 0, y: 0 };
    this.unsafe = false;
    this.realFont = "";
  }

  /** Start a new drawing (the context's state as a fresh canvas has it). */
  reset() {
    this.ops = [];
    this.keys = [];
    this.boxes = [];
    this.st = { ...DEFAULTS, dash: "", clip: "", clipBox: null };
    this.stack = [];
    this.beginPath();
    this.ops.length = 0;
    this.unsafe = false;
    this.realFont = "";
    resetFont(/** @type {any} */ (this));
  }

  /** @param {string} name @param {any[]} args */
  op(name, args) {
    this.ops.push([name, args, -1]);
  }

  /** A painting call: recorded with its key and box. @param {string} name @param {any[]} args
   * @param {string} key @param {Box} box */
  paint(name, args, key, box) {
    const st = this.st;
    if (st.globalCompositeOperation !== "source-over" || st.filter !== "none" ||
      st.shadowBlur !== 0 || st.shadowOffsetX !== 0 || st.shadowOffsetY !== 0 ||
      st.letterSpacing !== "0px" || st.wordSpacing !== "0px" ||
      [box.x0, box.y0, box.x1, box.y1].some(Number.isNaN)) {
      this.unsafe = true; // effects the boxes do not bound, or a box that is not a number
    }
    this.ops.push([name, args, this.keys.length]);
    this.keys.push(`${name}|${st.globalAlpha}|${st.clip}|${key}`);
    this.boxes.push(box);
  }

  // --- state -------------------------------------------------------------------------------

  save() {
    this.stack.push({ ...this.st });
    this.op("save", []);
  }

  restore() {
    const top = this.stack.pop();
    if (top) this.st = top;
    this.op("restore", []);
  }

  /** @param {number[]} segments */
  setLineDash(segments) {
    this.st.dash = segments.join(",");
    this.op("setLineDash", [[...segments]]);
  }

  getLineDash() {
    return this.st.dash ? this.st.dash.split(",").map(Number) : [];
  }

  /** @param {string} str */
  measureText(str) {
    this.syncFont();
    return this.real.measureText(str);
  }

  syncFont() {
    if (this.realFont !== this.st.font) {
      this.real.font = this.st.font;
      this.realFont = this.st.font;
    }
  }

  /** @param {CanvasImageSource} image @param {string | null} repetition */
  createPattern(image, repetition) {
    return this.real.createPattern(image, repetition);
  }

  /** Transforms and images cannot be bounded here: the whole canvas is repainted.
   * @param {string} name @param {any[]} args */
  unbounded(name, args) {
    this.unsafe = true;
    this.op(name, args);
  }

  /** @param {any[]} a */
  setTransform(...a) { this.unbounded("setTransform", a); }
  /** @param {any[]} a */
  translate(...a) { this.unbounded("translate", a); }
  /** @param {any[]} a */
  scale(...a) { this.unbounded("scale", a); }
  /** @param {any[]} a */
  rotate(...a) { this.unbounded("rotate", a); }
  /** @param {any[]} a */
  drawImage(...a) { this.unbounded("drawImage", a); }

  // --- the path ------------------------------------------------------------------------------

  beginPath() {
    this.path = "";
    this.pathBox = EMPTY();
    this.miter = 1;
    this.op("beginPath", []);
  }

  closePath() {
    this.path += "Z";
    this.op("closePath", []);
  }

  /** @param {number} x @param {number} y */
  moveTo(x, y) {
    this.path += `M${x},${y}`;
    extend(this.pathBox, x, y);
    this.at = { x, y };
    this.op("moveTo", [x, y]);
  }

  /** @param {number} x @param {number} y */
  lineTo(x, y) {
    this.path += `L${x},${y}`;
    extend(this.pathBox, this.at.x, this.at.y);
    extend(this.pathBox, x, y);
    this.at = { x, y };
    this.miter = Math.max(this.miter, this.st.miterLimit);
    this.op("lineTo", [x, y]);
  }

  /** @param {number} cx @param {number} cy @param {number} x @param {number} y */
  quadraticCurveTo(cx, cy, x, y) {
    this.path += `Q${cx},${cy},${x},${y}`;
    extend(this.pathBox, this.at.x, this.at.y);
    extend(this.pathBox, cx, cy);
    extend(this.pathBox, x, y);
    this.at = { x, y };
    this.miter = Math.max(this.miter, this.st.miterLimit);
    this.op("quadraticCurveTo", [cx, cy, x, y]);
  }

  /** @param {number} x @param {number} y @param {number} r @param {number} a0
   * @param {number} a1 @param {boolean} [ccw] */
  arc(x, y, r, a0, a1, ccw = false) {
    // (a line from the current point to the arc's start: that point is in the box already)
    this.path += `A${x},${y},${r},${a0},${a1},${ccw ? 1 : 0}`;
    extend(this.pathBox, x, y, r);
    this.at = { x: x + r * Math.cos(a1), y: y + r * Math.sin(a1) };
    this.op("arc", [x, y, r, a0, a1, ccw]);
  }

  /** The corner's arc touches both lines within r / tan(θ / 2) of the corner.
   * @param {number} x1 @param {number} y1 @param {number} x2 @param {number} y2
   * @param {number} r */
  arcTo(x1, y1, x2, y2, r) {
    this.path += `T${x1},${y1},${x2},${y2},${r}`;
    const ax = this.at.x - x1;
    const ay = this.at.y - y1;
    const bx = x2 - x1;
    const by = y2 - y1;
    const cos = (ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by) || 1);
    const half = Math.acos(Math.max(-1, Math.min(1, cos))) / 2;
    const reach = half > 0.05 ? Math.max(r, r / Math.tan(half)) : Infinity;
    if (!Number.isFinite(reach)) this.unsafe = true;
    extend(this.pathBox, this.at.x, this.at.y);
    extend(this.pathBox, x1, y1, reach);
    this.at = { x: x1, y: y1 };
    this.op("arcTo", [x1, y1, x2, y2, r]);
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  rect(x, y, w, h) {
    this.path += `R${x},${y},${w},${h}`;
    extend(this.pathBox, x, y);
    extend(this.pathBox, x + w, y + h);
    this.at = { x, y };
    this.op("rect", [x, y, w, h]);
  }

  /** @param {CanvasFillRule} [rule] */
  clip(rule) {
    const st = this.st;
    st.clip += `|${rule ?? ""}${this.path}`;
    st.clipBox = grown(this.pathBox, 1, st.clipBox);
    this.op("clip", rule ? [rule] : []);
  }

  // --- painting ------------------------------------------------------------------------------

  /** @param {CanvasFillRule} [rule] */
  fill(rule) {
    const st = this.st;
    this.paint("fill", rule ? [rule] : [], `${rule ?? ""}|${styleKey(st.fillStyle)}|${this.path}`,
      grown(this.pathBox, 1, st.clipBox));
  }

  stroke() {
    const st = this.st;
    const w = Number(st.lineWidth);
    this.paint("stroke", [], `${styleKey(st.strokeStyle)}|${w}|${st.dash}|${st.lineDashOffset}|` +
      `${st.lineCap}|${st.lineJoin}|${st.miterLimit}|${this.path}`,
    grown(this.pathBox, (w / 2) * this.miter + 1, st.clipBox));
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  fillRect(x, y, w, h) {
    const b = EMPTY();
    extend(b, x, y);
    extend(b, x + w, y + h);
    this.paint("fillRect", [x, y, w, h], `${styleKey(this.st.fillStyle)}|${x},${y},${w},${h}`,
      grown(b, 1, this.st.clipBox));
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  strokeRect(x, y, w, h) {
    const st = this.st;
    const lw = Number(st.lineWidth);
    const b = EMPTY();
    extend(b, x, y);
    extend(b, x + w, y + h);
    this.paint("strokeRect", [x, y, w, h], `${styleKey(st.strokeStyle)}|${lw}|${st.dash}|` +
      `${st.lineDashOffset}|${st.lineJoin}|${x},${y},${w},${h}`, grown(b, lw + 1, st.clipBox));
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  clearRect(x, y, w, h) {
    const b = EMPTY();
    extend(b, x, y);
    extend(b, x + w, y + h);
    this.paint("clearRect", [x, y, w, h], `${x},${y},${w},${h}`, grown(b, 1, this.st.clipBox));
  }

  /** @param {string} str @param {number} x @param {number} y @param {number} [maxWidth] */
  fillText(str, x, y, maxWidth) {
    const st = this.st;
    const args = maxWidth === undefined ? [str, x, y] : [str, x, y, maxWidth];
    this.paint("fillText", args, `${styleKey(st.fillStyle)}|${st.font}|${st.textAlign}|` +
      `${st.textBaseline}|${st.direction}|${st.fontKerning}|${x},${y},${maxWidth}|${str}`,
    grown(this.textBox(str, x, y), 2, st.clipBox));
  }

  /** The ink of a text drawn at (x, y) with the current font and alignment (a text squeezed
   * to a maximum width stays inside it). @param {string} str @param {number} x
   * @param {number} y @returns {Box} */
  textBox(str, x, y) {
    const st = this.st;
    const key = `${st.font}|${st.textAlign}|${st.textBaseline}|${st.direction}|${str}`;
    let m = textBoxes.get(key);
    if (!m) {
      this.syncFont();
      const real = /** @type {any} */ (this.real);
      real.textAlign = st.textAlign;
      real.textBaseline = st.textBaseline;
      real.direction = st.direction;
      const t = real.measureText(str);
      m = [t.actualBoundingBoxLeft, t.actualBoundingBoxRight, t.actualBoundingBoxAscent,
        t.actualBoundingBoxDescent];
      if (textBoxes.size > 20000) textBoxes.clear();
      textBoxes.set(key, m);
    }
    return { x0: x - m[0], x1: x + m[1], y0: y - m[2], y1: y + m[3] };
  }
}

for (const name of PROPS) {
  Object.defineProperty(Recorder.prototype, name, {
    get() {
      return this.st[name];
    },
    set(value) {
      this.st[name] = value;
      this.ops.push([name, [value], -2]);
    },
  });
}

