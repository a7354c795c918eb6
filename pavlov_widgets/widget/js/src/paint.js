// @ts-check
/**
 * One full redraw of the board, and the animation frames that coalesce redraw requests: the
 * size of the board's place decides its arrangement and scale (told to Python as the `room`
 * trait), both canvases get backing stores scaled by `devicePixelRatio` (crisp), the scene
 * is drawn and its regions indexed by the options drawn on them, then the bar and the log,
 * then the overlay. After each change (a choice, new marks, focus or question) the focus is
 * brought into view (`screen.js`'s `revealFocus`).
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").BoardData} BoardData
 */

import { readTraits } from "./protocol.js";
import { startNotingCuts, stopNotingCuts, resetFont } from "./text.js";
import { WIDE, chooseLayout, fitHeight, focusWidth, frame, wideWidth } from "./geometry.js";
import { drawScene } from "./scene/index.js";
import { pendingOptions, positionOf, question } from "./state.js";
import {
  placeBar, revealFocus, scheduleBar, scheduleKeep, screenHeight,
} from "./screen.js";
import { updateBar } from "./bar.js";
import { updateLog } from "./log.js";
import { drawOverlay } from "./overlay.js";

/** The size and panels each board drew last (a new one keeps the focus in view).
 * @type {WeakMap<Board, string>} */
const sizesDrawn = new WeakMap();

/** Tell Python the size of the board's place (the `room` trait) when it changes.
 * @param {Board} b */
function reportRoom(b) {
  const { src, size } = b;
  if (!src.report || size.width <= 0) return;
  const room = { width: Math.round(size.width), height: Math.round(Math.max(0, size.height)) };
  const key = `${room.width}x${room.height}`;
  if (key === size.roomSent) return;
  size.roomSent = key;
  src.report(room);
}

/** Arrange the board for its place and size both canvases; the frame to draw and the
 * device pixel ratio. @param {Board} b @param {CanvasRenderingContext2D} ctx
 * @param {BoardData} d */
function sizeCanvases(b, ctx, d) {
  const { ui, size, drawn } = b;
  // The width comes from the ResizeObserver; reading el.clientWidth on every draw would
  // force a layout of the whole page.
  if (size.width <= 0) size.width = b.root.clientWidth || ui.el.clientWidth || WIDE;
  const width = Math.max(1, size.width);
  if (size.height <= 0) size.height = screenHeight(b);
  const wideW = wideWidth(d);
  let f = frame(ctx, d, "wide", wideW);
  const layout = chooseLayout(width, size.height, f.H, wideW, focusWidth(d));
  if (layout.mode !== "wide") {
    f = frame(ctx, d, layout.mode, layout.W);
    // a medium board grows with the width only as far as the height shows it whole
    layout.scale = fitHeight(layout.scale, size.height, f.H);
  }
  // the scale drawn at is the one the canvases are sized for (after fitting the height)
  drawn.mode = layout.mode;
  drawn.scale = layout.scale;
  const cssW = Math.round(f.W * layout.scale);
  const cssH = Math.round(f.H * layout.scale);
  const dpr = b.win.devicePixelRatio || 1;
  for (const c of [ui.scene, ui.overlay]) {
    const bw = Math.round(cssW * dpr);
    const bh = Math.round(cssH * dpr);
    if (c.width !== bw) c.width = bw;
    if (c.height !== bh) c.height = bh;
  }
  if (cssW !== size.cssW || cssH !== size.cssH) {
    for (const node of [ui.scene, ui.overlay, ui.surface]) {
      node.style.width = `${cssW}px`;
      node.style.height = `${cssH}px`;
    }
    // The bar, the notes and the log are as wide as the board drawn.
    ui.el.style.maxWidth = `${cssW}px`;
  }
  size.cssW = cssW;
  size.cssH = cssH;
  reportRoom(b);
  return { dpr, f };
}

/** Which options glow on which drawn region; the others are buttons. @param {Board} b */
function indexOptions(b) {
  const { drawn } = b;
  drawn.optionsByRegion = new Map();
  drawn.drawnOptions = new Set();
  const ids = new Set(drawn.regions.map((r) => r.id));
  pendingOptions(b).forEach((o, i) => {
    for (const t of o.targets) {
      if (!ids.has(t)) continue;
      const list = drawn.optionsByRegion.get(t) ?? [];
      list.push(i);
      drawn.optionsByRegion.set(t, list);
      drawn.drawnOptions.add(i);
    }
  });
}

/** One full redraw: the scene, the DOM parts, the overlay. @param {Board} b */
export function draw(b) {
  if (b.destroyed) return;
  const { ui, drawn, stats, sending, size } = b;
  const t0 = performance.now();
  const d = readTraits(b.src);
  if (!d.plan || !d.plan.squares || !d.view || !d.view.score) return;
  // Opaque: the scene covers its whole canvas, and opaque canvases composite faster.
  const ctx = /** @type {CanvasRenderingContext2D} */ (ui.scene.getContext("2d", { alpha: false }));
  resetFont(ctx);
  startNotingCuts();
  let done = false;
  try {
    const { dpr, f } = sizeCanvases(b, ctx, d);
    ctx.setTransform(dpr * drawn.scale, 0, 0, dpr * drawn.scale, 0, 0);
    drawn.regions = drawScene(ctx, d, f);
    done = true;
  } finally {
    const cut = stopNotingCuts();
    if (done) drawn.clipped = cut;
  }
  indexOptions(b);
  const tScene = performance.now();
  updateBar(b, d);
  updateLog(b, d.log_entries ?? []);
  const tDom = performance.now();
  drawOverlay(b);
  const t1 = performance.now();
  stats.draws.push(t1 - t0);
  stats.parts = { scene: tScene - t0, dom: tDom - tScene, overlay: t1 - tDom };
  if (stats.draws.length > 1000) stats.draws.shift();
  const position = positionOf(d);
  const click = sending.pendingClick;
  if (click && position !== click.at) {
    // Click to repainted board: measured at the next frame, once this one is on screen.
    sending.pendingClick = null;
    requestAnimationFrame(() => {
      stats.latencies.push(performance.now() - click.t0);
      if (stats.latencies.length > 1000) stats.latencies.shift();
    });
  }
  // The bar follows at the next frame (reading the layout here would force one per draw),
  // unless the focus is to be brought into view now, which needs it in place: when the
  // position, the marks, the focus or the question change (not at the first drawing: a
  // notebook that opens must not jump to every board). A first drawing or a new size
  // scrolls only the board's own box (`revealFocus`'s `inner`).
  const shown = `${position}|${JSON.stringify(d.marks ?? [])}|` +
    `${JSON.stringify(d.focus ?? [])}|${JSON.stringify(question(b)?.regions ?? [])}`;
  const changed = b.shown.marks !== null && shown !== b.shown.marks;
  const sized = `${size.cssW}x${size.cssH}|${JSON.stringify(d.panels ?? [])}`;
  const resized = sized !== sizesDrawn.get(b);
  b.shown.marks = shown;
  sizesDrawn.set(b, sized);
  if (sending.revealFrom && position !== sending.revealFrom) sending.revealFrom = "";
  if (changed || resized) {
    placeBar(b);
    revealFocus(b, !changed);
    // and once more at the next frame, inside the board's box: the page around the board
    // (the walkthrough's narration) may still be settling from the same change
    scheduleKeep(b);
  } else {
    scheduleBar(b);
  }
}

/** Redraw at the next animation frame (requests until then are one). @param {Board} b */
export function schedule(b) {
  if (b.destroyed || b.frames.scene) return;
  b.frames.scene = requestAnimationFrame(() => {
    b.frames.scene = 0;
    draw(b);
  });
}

/** Redraw the overlay at the next animation frame. @param {Board} b */
export function scheduleOverlay(b) {
  if (b.destroyed || b.frames.overlay) return;
  b.frames.overlay = requestAnimationFrame(() => {
    b.frames.overlay = 0;
    drawOverlay(b);
  });
}
