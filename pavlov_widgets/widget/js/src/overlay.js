// @ts-check
/**
 * The overlay canvas, redrawn on every pointer or key move (the scene under it is not): the
 * places that glow (the options, or a question's places in its own colour; the hovered one
 * thicker), the tutor's marks (a ring in the style's colour with its sign, ✓ or ✗), and the
 * keyboard focus (a navy and white ring with an "Enter: ..." label). Every ring has a dark
 * band and a light one, so that it stands at 3:1 on any ground (see `theme.js`). Repainted only where it changed
 * (`retain.js`): a pointer move that changes no ring leaves the canvas alone.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./scene/core.js").Region} Region
 * @typedef {import("./draw.js").RingDrawn} RingDrawn
 */

import { FOCUS, HILITE, MARKS, MARK_RIM, QUESTION } from "./theme.js";
import { text } from "./text.js";
import { ring } from "./draw.js";
import { setClass, setText } from "./dom.js";
import { retained } from "./retain.js";
import { revealKeyboardFocus } from "./screen.js";
import {
  marksOf, pendingOptions, question, regionById, surfaceHasFocus, touch,
} from "./state.js";

/** The overlay's retained drawing (repainted where it changed, see `retain.js`).
 * @param {Board} b */
export function overlayCanvas(b) {
  const { overlay } = b.ui;
  return retained(overlay, /** @type {CanvasRenderingContext2D} */ (overlay.getContext("2d")));
}

/** The rings each board's overlay drew last, with what each marks.
 * @type {WeakMap<Board, Array<RingDrawn & {kind: string, region: string}>>} */
const ringsDrawn = new WeakMap();

/** The rings the overlay drew last: the place each rings, its bands' colours and reach, and
 * what it marks ("glow", "question", "focus", a mark's style), for the contrast test.
 * @param {Board} b */
export function drawnRings(b) {
  return [...(ringsDrawn.get(b) ?? [])];
}

/** @param {Board} b */
export function drawOverlay(b) {
  const { ui, drawn } = b;
  const { overlay } = ui;
  const k = (b.win.devicePixelRatio || 1) * drawn.scale;
  // cleared whole (in logical px, a little beyond the edges), then the rings drawn again:
  // only where they changed reaches the canvas
  overlayCanvas(b).paint(k, (ctx) => {
    ctx.clearRect(-1, -1, overlay.width / k + 2, overlay.height / k + 2);
    drawRings(b, ctx);
  });
}

/** The glows, the marks and the keyboard focus (its label and buttons too).
 * @param {Board} b @param {CanvasRenderingContext2D} ctx */
function drawRings(b, ctx) {
  const { ui, drawn, focus, size } = b;
  const { focusLabel } = ui;
  /** @type {Array<RingDrawn & {kind: string, region: string}>} */
  const rings = [];
  ringsDrawn.set(b, rings);
  const scale = drawn.scale;
  const asking = !!question(b);
  const look = asking ? QUESTION : HILITE;
  for (const id of drawn.optionsByRegion.keys()) {
    const r = regionById(b, id);
    if (!r) continue;
    // a dark edge then the glow (see theme.js); the hovered place's glow is wider
    const drawnRing = ring(ctx, r, [{ colour: look.edge, width: 2 },
      { colour: look.glow, width: id === focus.hover ? 5 : 3 }], look.halo);
    rings.push({ ...drawnRing, kind: asking ? "question" : "glow", region: id });
  }
  drawMarks(b, ctx, rings);
  const opts = pendingOptions(b);
  const focused = opts[focus.index];
  const showFocus = focus.index >= 0 && surfaceHasFocus(b) && focus.keyboard && !touch(b);
  if (!focusLabel.hidden) focusLabel.hidden = true;
  /** The focus rings' boxes (logical px, with their reach), to keep in view. */
  const boxes = [];
  if (focused && showFocus && drawn.drawnOptions.has(focus.index)) {
    /** @type {Region | null} */
    let first = null;
    for (const t of focused.targets) {
      const r = regionById(b, t);
      if (!r) continue;
      // over the glow it replaces: a navy band, then a white one (see theme.js)
      const drawnRing = ring(ctx, r, [{ colour: FOCUS.edge, width: 3.5 },
        { colour: FOCUS.glow, width: 3 }]);
      rings.push({ ...drawnRing, kind: "keyboard", region: t });
      const reach = drawnRing.bands[drawnRing.bands.length - 1].to + 2;
      boxes.push({ x: r.x - reach, y: r.y - reach, w: r.w + 2 * reach, h: r.h + 2 * reach });
      first = first ?? r;
    }
    if (first) {
      // Positioned from sizes already known: reading the DOM here would force a layout.
      setText(focusLabel, `Enter: ${focused.label}`);
      focusLabel.hidden = false;
      const left = Math.max(0, Math.min(first.x * scale, size.cssW - 264));
      let top = (first.y + first.h) * scale + 6;
      if (top + 26 > size.cssH) top = first.y * scale - 30;
      focusLabel.style.left = `${left}px`;
      focusLabel.style.top = `${top}px`;
    }
  }
  for (const [i, button] of drawn.buttonMap) {
    setClass(button, "pb-kbd-focus", showFocus && i === focus.index);
  }
  revealKeyboardFocus(b, boxes.length ? `${focus.index}|${focused?.id}|${focused?.targets}` : "",
    boxes);
}

/**
 * The marks: a ring in the style's colour just outside the place (around any glow), and
 * the style's sign (✓, ✗) on a disc at its upper right corner.
 * @param {Board} b @param {CanvasRenderingContext2D} ctx
 * @param {Array<RingDrawn & {kind: string, region: string}>} rings where the rings drawn go
 */
function drawMarks(b, ctx, rings) {
  for (const m of marksOf(b)) {
    const r = regionById(b, m.region);
    if (!r) continue;
    const look = MARKS[/** @type {keyof typeof MARKS} */ (m.style)];
    const glowing = b.drawn.optionsByRegion.has(m.region);
    const gap = glowing ? 7 : 2;
    rings.push({ ...ring(ctx, r, [{ colour: look.colour, width: 3.5 },
      { colour: MARK_RIM, width: 2 }], look.halo, gap),
      kind: m.style, region: m.region });
    if (!look.sign) continue;
    const reach = 2.75 + gap;
    const cx = r.circle ? r.x + r.w / 2 + (r.w / 2 + reach) * Math.SQRT1_2 : r.x + r.w + reach;
    const cy = r.circle ? r.y + r.h / 2 - (r.h / 2 + reach) * Math.SQRT1_2 : r.y - reach;
    ctx.beginPath();
    ctx.arc(cx, cy, 10, 0, Math.PI * 2);
    ctx.fillStyle = look.colour;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "#ffffff";
    ctx.stroke();
    text(ctx, look.sign, cx, cy + 1, {
      size: 13, weight: 700, color: "#ffffff", align: "center", base: "middle",
    });
  }
}
