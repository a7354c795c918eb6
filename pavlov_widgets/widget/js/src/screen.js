// @ts-check
/**
 * Where the board is on screen: the part of the screen it shows in (inside any scrolling
 * ancestors), the bar that stays in view while the board scrolls under it, regions in page
 * coordinates, and scrolling places into view below the bar (the choices after a choice, the
 * marks when they change).
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./scene/core.js").Region} Region
 * @typedef {{x: number, y: number, w: number, h: number}} Rect
 */

import { marksOf, regionById } from "./state.js";

/** The ancestors that clip the board (overflow other than visible), nearest first. The
 * body's overflow belongs to the window (CSS overflow propagation): it is left out.
 * @param {Board} b */
function clippers(b) {
  const { doc, win } = b;
  /** @type {HTMLElement[]} */
  const out = [];
  for (let n = b.root; n && n !== doc.documentElement && n !== doc.body;
    n = /** @type {HTMLElement} */ (n.parentElement)) {
    const cs = win.getComputedStyle(n);
    if (cs.overflowY !== "visible" || cs.overflowX !== "visible") out.push(n);
  }
  return out;
}

/** The part of the screen the board can show in (client coordinates). @param {Board} b */
function visibleArea(b) {
  const { win } = b;
  let area = { top: 0, left: 0, bottom: win.innerHeight, right: win.innerWidth };
  for (const n of clippers(b)) {
    const box = n.getBoundingClientRect();
    area = {
      top: Math.max(area.top, box.top + n.clientTop),
      left: Math.max(area.left, box.left + n.clientLeft),
      bottom: Math.min(area.bottom, box.top + n.clientTop + n.clientHeight),
      right: Math.min(area.right, box.left + n.clientLeft + n.clientWidth),
    };
  }
  return area;
}

/** The height of the screen the board scrolls in: its scrolling ancestor's, or the
 * window's. @param {Board} b */
export function screenHeight(b) {
  const { win } = b;
  let h = win.innerHeight;
  for (const n of clippers(b)) {
    const cs = win.getComputedStyle(n);
    const scrolls = cs.overflowY === "auto" || cs.overflowY === "scroll";
    if (scrolls && n.scrollHeight > n.clientHeight + 1) return Math.min(h, n.clientHeight);
    if (scrolls && n.clientHeight > b.ui.el.offsetHeight + 40) h = Math.min(h, n.clientHeight);
  }
  return h;
}

/** Keep the bar (the question and its buttons) in view while the board scrolls under it.
 * @param {Board} b */
export function placeBar(b) {
  b.frames.bar = 0;
  if (b.destroyed) return;
  const { el, bar, surface } = b.ui;
  const top = visibleArea(b).top;
  const box = el.getBoundingClientRect();
  const limit = surface.offsetTop + surface.offsetHeight - bar.offsetHeight;
  const offset = Math.round(Math.max(0, Math.min(top - box.top, limit)));
  const transform = offset > 0 ? `translateY(${offset}px)` : "";
  if (bar.style.transform !== transform) bar.style.transform = transform;
  if (el.classList.contains("pb-stuck") !== offset > 0) {
    el.classList.toggle("pb-stuck", offset > 0);
  }
}

/** Place the bar at the next frame. @param {Board} b */
export function scheduleBar(b) {
  if (!b.destroyed && !b.frames.bar) b.frames.bar = requestAnimationFrame(() => placeBar(b));
}

/**
 * A region in page coordinates: its box and its centre. `origin` is the overlay's box on the
 * page, when already measured.
 * @param {Board} b @param {Rect} r @param {DOMRect} [origin]
 */
export function pageBox(b, r, origin) {
  const rect = origin ?? b.ui.overlay.getBoundingClientRect();
  const scale = b.drawn.scale;
  return {
    x: rect.left + r.x * scale, y: rect.top + r.y * scale, w: r.w * scale, h: r.h * scale,
    cx: rect.left + (r.x + r.w / 2) * scale, cy: rect.top + (r.y + r.h / 2) * scale,
  };
}

/** A region's rectangle on the screen. @param {Board} b @param {Rect} r */
export function screenRect(b, r) {
  const p = pageBox(b, r);
  return { left: p.x, top: p.y, right: p.x + p.w, bottom: p.y + p.h };
}

/** The area where a place is really seen: on screen, and below the bar. @param {Board} b */
export function openArea(b) {
  const area = visibleArea(b);
  const bar = b.ui.bar.getBoundingClientRect();
  return { ...area, top: Math.max(area.top, bar.bottom) };
}

/**
 * Scroll so that the logical rectangle `r` of the board shows below the bar: in the
 * middle of what is left of the screen (`center`), or just in (`nearest`).
 * @param {Board} b @param {Rect} r @param {ScrollLogicalPosition} [block]
 */
export function scrollToRect(b, r, block = "center") {
  const scale = b.drawn.scale;
  const marker = b.doc.createElement("div");
  marker.style.cssText = "position:absolute;pointer-events:none;visibility:hidden";
  marker.style.left = `${r.x * scale}px`;
  marker.style.top = `${r.y * scale}px`;
  marker.style.width = `${Math.max(1, r.w * scale)}px`;
  marker.style.height = `${Math.max(1, r.h * scale)}px`;
  marker.style.scrollMarginTop = `${b.ui.bar.offsetHeight + 8}px`;
  marker.style.scrollMarginBottom = "8px";
  b.ui.surface.appendChild(marker);
  marker.scrollIntoView({ block, inline: "nearest" });
  marker.remove();
  placeBar(b);
}

/** The place of a region in the engine's order of options. @param {Board} b @param {string} id */
function order(b, id) {
  const list = b.drawn.optionsByRegion.get(id) ?? [];
  return list.length ? Math.min(...list) : Infinity;
}

/** After a choice: if no place that glows is in view, bring them (or the first) in.
 * @param {Board} b */
export function revealChoices(b) {
  const glowing = [];
  for (const id of b.drawn.optionsByRegion.keys()) {
    const r = regionById(b, id);
    if (r) glowing.push(r);
  }
  reveal(b, glowing, (id) => order(b, id));
}

/** When the marks change: unless every marked place is in view, bring them in (or the
 * first marked), just in: the page moves no more than it must. @param {Board} b */
export function revealMarks(b) {
  const marked = [];
  for (const m of marksOf(b)) {
    const r = regionById(b, m.region);
    if (r) marked.push(r);
  }
  const first = marked.map((r) => r.id);
  reveal(b, marked, (id) => first.indexOf(id), "nearest", true);
}

/**
 * If none of `places` is in view (not all, with `every`), scroll them in (all, when they
 * fit together; else the first by `rank`).
 * @param {Board} b @param {Region[]} places @param {(id: string) => number} rank
 * @param {ScrollLogicalPosition} [block] how far to scroll: "center" or just in ("nearest")
 * @param {boolean} [every] all of them must be in view
 */
function reveal(b, places, rank, block = "center", every = false) {
  if (!places.length) return;
  const area = openArea(b);
  /** @param {Region} r */
  const seen = (r) => {
    const s = screenRect(b, r);
    return s.top >= area.top - 1 && s.bottom <= area.bottom + 1 &&
      s.left >= area.left - 1 && s.right <= area.right + 1;
  };
  const inView = every ? places.every(seen) : places.some(seen);
  if (inView) return;
  const x0 = Math.min(...places.map((r) => r.x));
  const y0 = Math.min(...places.map((r) => r.y));
  const x1 = Math.max(...places.map((r) => r.x + r.w));
  const y1 = Math.max(...places.map((r) => r.y + r.h));
  const room = (area.bottom - area.top) / b.drawn.scale - 16;
  // All of them in the middle when they fit together, else from the first the engine
  // lists, just under the bar.
  const first = places.reduce((p, q) => (rank(p.id) <= rank(q.id) ? p : q));
  if (y1 - y0 <= room) scrollToRect(b, { x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, block);
  else scrollToRect(b, first, block === "center" ? "start" : block);
}
