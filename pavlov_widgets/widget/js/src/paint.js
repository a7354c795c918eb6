// @ts-check
/**
 * One full redraw of the board, and the animation frames that coalesce redraw requests: the
 * size of the board's place decides its arrangement and scale (told to Python as the `room`
 * trait), both canvases get backing stores scaled by `devicePixelRatio` (crisp), the scene
 * is drawn and its regions indexed by the options drawn on them, then the bar and the log
 * (and what the screen reader is told, `announce.js`), then the overlay. After each change
 * (a choice, new marks, focus or question) the focus is brought into view (`screen.js`'s
 * `revealFocus`).
 *
 * Both canvases are repainted only where their drawing changed (`retain.js`): rasterizing the
 * whole board again at device pixel ratio 2 is most of a click's time otherwise (issue 18).
 * Each click's way to the screen is timed in phases for the benchmark (`clickPhases`): the
 * intent sent, the first trait of Python's answer received, the drawing started and ended, the
 * next frame; with `globalThis.PAVLOV_BOARD_MARKS` set they also go to the page's performance
 * timeline (`performance.measure`), where Chromium's profiler shows them.
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
  fittedLayout, placeBar, refitFocus, revealFocus, scheduleBar, scheduleKeep, screenHeight,
} from "./screen.js";
import { updateBar } from "./bar.js";
import { updateLog } from "./log.js";
import { announceDraw } from "./announce.js";
import { drawOverlay, overlayCanvas } from "./overlay.js";
import { retained } from "./retain.js";
import { presentLayout, presentRoom, presenting, updatePresenter } from "./present.js";

/**
 * One click on its way to the screen (ms on the page's clock): the intent sent, the first
 * change of a trait after it, the drawing of the answer started and ended, the next frame
 * (the one that shows it), and the share of each canvas repainted.
 * @typedef {{sent: number, received: number, drawn: number, painted: number, shown: number,
 *   scene: number, overlay: number}} ClickPhases
 */

/** When the first trait change after each click came, by the click being timed.
 * @type {WeakMap<object, number>} */
const received = new WeakMap();
/** The phases of the clicks drawn, per board (the newest 1,000).
 * @type {WeakMap<Board, ClickPhases[]>} */
const phases = new WeakMap();

/** A trait changed: the first change after a click is when Python's answer came.
 * @param {Board} b */
export function noteChange(b) {
  const click = b.sending.pendingClick;
  if (click && !received.has(click)) received.set(click, performance.now());
}

/** The next drawing repaints both canvases whole (their pixels were lost: a context
 * restored after the browser dropped it). @param {Board} b */
export function forgetPixels(b) {
  const { scene } = b.ui;
  retained(scene, /** @type {CanvasRenderingContext2D} */ (
    scene.getContext("2d", { alpha: false }))).forget();
  overlayCanvas(b).forget();
}

/** The share of each canvas the last drawing repainted (0 to 1). @param {Board} b */
export function repainted(b) {
  const { scene } = b.ui;
  return {
    scene: retained(scene, /** @type {CanvasRenderingContext2D} */ (
      scene.getContext("2d", { alpha: false }))).repainted,
    overlay: overlayCanvas(b).repainted,
  };
}

/** The phases of the clicks drawn so far (for the benchmark). @param {Board} b */
export function clickPhases(b) {
  return [...(phases.get(b) ?? [])];
}

/** Record a click's phases; with `PAVLOV_BOARD_MARKS` set, on the performance timeline too.
 * @param {Board} b @param {ClickPhases} p */
function notePhases(b, p) {
  const list = phases.get(b) ?? [];
  list.push(p);
  if (list.length > 1000) list.shift();
  phases.set(b, list);
  if (!(/** @type {any} */ (globalThis).PAVLOV_BOARD_MARKS)) return;
  const steps = [["pb: to Python and back", p.sent, p.received],
    ["pb: waiting for a frame", p.received, p.drawn], ["pb: drawing", p.drawn, p.painted],
    ["pb: raster to screen", p.painted, p.shown]];
  for (const [name, start, end] of /** @type {Array<[string, number, number]>} */ (steps)) {
    performance.measure(name, { start, end });
  }
}

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
  const presented = presentRoom(b); // presenter mode: the screen less its side column
  if (presented) Object.assign(size, presented);
  if (size.width <= 0) size.width = b.root.clientWidth || ui.el.clientWidth || WIDE;
  const width = Math.max(1, size.width);
  if (size.height <= 0) size.height = screenHeight(b);
  const wideW = wideWidth(d);
  let f = frame(ctx, d, "wide", wideW);
  const layout = presented ? presentLayout(presented, f.H, wideW)
    : chooseLayout(width, size.height, f.H, wideW, focusWidth(d));
  if (layout.mode !== "wide") {
    f = frame(ctx, d, layout.mode, layout.W);
    // a medium board grows with the width only as far as the height shows it whole
    layout.scale = fitHeight(layout.scale, size.height, f.H);
  }
  const fit = fittedLayout(b, d);
  if (fit) {
    // a focus view drawn smaller, so that its places fit together (screen.js's refitFocus)
    Object.assign(layout, { mode: "narrow", ...fit });
    f = frame(ctx, d, "narrow", fit.W);
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

/**
 * One redraw: the scene, the DOM parts, the overlay. The canvases are repainted where their
 * drawing changed, or whole with `whole` (the benchmark's cost of a full redraw).
 * @param {Board} b @param {boolean} [whole]
 */
export function draw(b, whole = false) {
  if (b.destroyed) return;
  const { ui, drawn, stats, sending, size } = b;
  const t0 = performance.now();
  const d = readTraits(b.src);
  if (!d.plan || !d.plan.squares || !d.view || !d.view.score) return;
  // Opaque: the scene covers its whole canvas, and opaque canvases composite faster.
  const ctx = /** @type {CanvasRenderingContext2D} */ (ui.scene.getContext("2d", { alpha: false }));
  const scene = retained(ui.scene, ctx);
  if (whole) forgetPixels(b);
  resetFont(ctx);
  startNotingCuts();
  let done = false;
  try {
    const { dpr, f } = sizeCanvases(b, ctx, d);
    drawn.regions = scene.paint(dpr * drawn.scale, (rc) => drawScene(rc, d, f));
    done = true;
  } finally {
    const cut = stopNotingCuts();
    if (done) drawn.clipped = cut;
  }
  indexOptions(b);
  if (refitFocus(b, d)) {
    draw(b);
    return;
  }
  const tScene = performance.now();
  updateBar(b, d);
  updatePresenter(b, d);
  updateLog(b, d.log_entries ?? []);
  announceDraw(b, d);
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
    const shares = repainted(b);
    requestAnimationFrame(() => {
      const shown = performance.now();
      stats.latencies.push(shown - click.t0);
      if (stats.latencies.length > 1000) stats.latencies.shift();
      notePhases(b, {
        sent: click.t0, received: received.get(click) ?? t0, drawn: t0, painted: t1, shown,
        ...shares,
      });
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
  if (presenting(b)) {
    // the whole board is on screen: nothing to scroll (the notebook under it stays put)
  } else if (changed || resized) {
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
