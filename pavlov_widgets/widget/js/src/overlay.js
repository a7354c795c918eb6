// @ts-check
/**
 * The overlay canvas, redrawn on every pointer or key move (the scene under it is not): the
 * places that glow (the options, or a question's places in its own colour; the hovered one
 * thicker), the tutor's marks (a ring in the style's colour with its sign, ✓ or ✗), and the
 * keyboard focus (a dashed ring with an "Enter: ..." label). Repainted only where it changed
 * (`retain.js`): a pointer move that changes no ring leaves the canvas alone.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./scene/core.js").Region} Region
 */

import { FOCUS, HILITE, MARKS, QUESTION } from "./theme.js";
import { text } from "./text.js";
import { ring } from "./draw.js";
import { setClass, setText } from "./dom.js";
import { retained } from "./retain.js";
import {
  marksOf, pendingOptions, question, regionById, surfaceHasFocus, touch,
} from "./state.js";

/** The overlay's retained drawing (repainted where it changed, see `retain.js`).
 * @param {Board} b */
export function overlayCanvas(b) {
  const { overlay } = b.ui;
  return retained(overlay, /** @type {CanvasRenderingContext2D} */ (overlay.getContext("2d")));
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
  const scale = drawn.scale;
  const asking = !!question(b);
  const glow = asking ? QUESTION : HILITE;
  const halo = asking ? "rgba(0,145,168,0.35)" : "rgba(255,160,0,0.35)";
  for (const id of drawn.optionsByRegion.keys()) {
    const r = regionById(b, id);
    if (!r) continue;
    ring(ctx, r, glow, id === focus.hover ? 5 : 3, halo);
  }
  drawMarks(b, ctx);
  const opts = pendingOptions(b);
  const focused = opts[focus.index];
  const showFocus = focus.index >= 0 && surfaceHasFocus(b) && focus.keyboard && !touch(b);
  if (!focusLabel.hidden) focusLabel.hidden = true;
  if (focused && showFocus && drawn.drawnOptions.has(focus.index)) {
    /** @type {Region | null} */
    let first = null;
    for (const t of focused.targets) {
      const r = regionById(b, t);
      if (!r) continue;
      ring(ctx, r, FOCUS, 3.5, null, [7, 4]);
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
}

/**
 * The marks: a ring in the style's colour just outside the place (around any glow), and
 * the style's sign (✓, ✗) on a disc at its upper right corner.
 * @param {Board} b @param {CanvasRenderingContext2D} ctx
 */
function drawMarks(b, ctx) {
  for (const m of marksOf(b)) {
    const r = regionById(b, m.region);
    if (!r) continue;
    const look = MARKS[/** @type {keyof typeof MARKS} */ (m.style)];
    const glowing = b.drawn.optionsByRegion.has(m.region);
    const gap = glowing ? 6 : 2;
    ring(ctx, r, look.colour, 3.5, look.halo, [], gap);
    if (!look.sign) continue;
    const reach = 1.75 + gap;
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
