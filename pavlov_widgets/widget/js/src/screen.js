// @ts-check
/**
 * Where the board is on screen: the part of the screen it shows in (inside any scrolling
 * ancestors), the bar that stays in view while the board scrolls under it, regions in page
 * coordinates, and scrolling places into view below the bar (the choices after a choice, the
 * marks when they change).
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./scene/core.js").Region} Region
 * @typedef {{x: number, y: number, w: number, h: number}} Rect
 */

import { marksOf, positionOf, regionById } from "./state.js";
import { place } from "./places.js";
import { panelsOf } from "./geometry.js";
// paint.js draws with this module's help: its schedule is called only once both are loaded
import { schedule } from "./paint.js";
// presenter mode shows the whole board on the screen: nothing scrolls, the bar is beside it
import { presenting } from "./present.js";

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

/** How much of its board, as a share of the screen, a stuck bar leaves free below it before
 * it goes with its board (see `placeBar`). */
const LEAVE_BELOW = 1 / 3;

/**
 * Whether the top of the part of the screen the board shows in is its own scrolling box's
 * (the walkthrough's box, on screen): the bar then stays at that top whatever the board
 * shows, as the box is the board's own screen. @param {Board} b @param {number} top
 */
function ownBoxOnTop(b, top) {
  const keep = b.root.closest(`.${KEEP_CLASS}`);
  if (!keep) return false;
  return clippers(b).some((n) => keep.contains(n) && n !== keep &&
    n.getBoundingClientRect().top + n.clientTop >= top - 1);
}

/**
 * Keep the bar (the question and its buttons) in view while the board scrolls under it. Once
 * the page has scrolled the board so far that less than a third of a screen of it is left
 * below the bar (the learner has gone on to what follows, another walkthrough), the bar goes
 * back to its board's top with it: stuck on, it sat over the board's last rows, places the
 * learner still sees and reads (the Reserves box, the bottom row of rooms).
 * @param {Board} b
 */
export function placeBar(b) {
  b.frames.bar = 0;
  if (b.destroyed) return;
  const { el, bar } = b.ui;
  if (presenting(b)) {
    bar.style.transform = "";
    return;
  }
  // the bar stays over the canvas and, while it is open, the board as text under it (issue
  // 19: a learner reading the text by keyboard keeps the question in view)
  const end = /** @type {HTMLElement} */ (el.querySelector(".pb-outline[open]") ?? b.ui.surface);
  const top = visibleArea(b).top;
  const box = el.getBoundingClientRect();
  const limit = end.offsetTop + end.offsetHeight - bar.offsetHeight;
  const rest = end.getBoundingClientRect().bottom - top;
  const leaving = rest < bar.offsetHeight + (b.win.innerHeight - top) * LEAVE_BELOW &&
    !ownBoxOnTop(b, top);
  const offset = leaving ? 0 : Math.round(Math.max(0, Math.min(top - box.top, limit)));
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

/** The class of an ancestor whose top must stay on screen when the page scrolls for the
 * board (the walkthrough's narration and controls sit at its top). */
export const KEEP_CLASS = "pb-keep-in-view";

/**
 * The ancestors that scroll the board vertically, nearest first, each with the part of the
 * screen it shows (its own box cut by every clipping ancestor outside it, and the window);
 * the page last.
 * @param {Board} b
 */
function scrollers(b) {
  const { doc, win } = b;
  const clip = clippers(b);
  /** @type {Array<{node: Element, top: number, bottom: number}>} */
  const out = [];
  clip.forEach((n, i) => {
    const cs = win.getComputedStyle(n);
    const scrolls = cs.overflowY === "auto" || cs.overflowY === "scroll";
    if (!scrolls || n.scrollHeight <= n.clientHeight + 1) return;
    let top = 0;
    let bottom = win.innerHeight;
    for (const m of clip.slice(i)) {
      const box = m.getBoundingClientRect();
      top = Math.max(top, box.top + m.clientTop);
      bottom = Math.min(bottom, box.top + m.clientTop + m.clientHeight);
    }
    out.push({ node: n, top, bottom });
  });
  const page = doc.scrollingElement;
  if (page && !out.some((s) => s.node === page) && page.scrollHeight > win.innerHeight + 1) {
    const top = clip.reduce((t, m) => Math.max(t, m.getBoundingClientRect().top), 0);
    out.push({ node: page, top: Math.max(0, top), bottom: win.innerHeight });
  }
  return out;
}

/**
 * Scroll so that the logical rectangle `r` of the board shows below the bar: the board's own
 * scrolling box first (the walkthrough's), then any outer one only as far as it must. An
 * outer scroll never takes the top of the board's `pb-keep-in-view` ancestor (the
 * walkthrough's narration and controls) off the screen. `block`: "center" puts `r` in the
 * middle of what is left of the screen, "nearest" just in, "start" just under the bar;
 * `inner` scrolls only inside the `pb-keep-in-view` ancestor (never the page).
 * @param {Board} b @param {Rect} r @param {ScrollLogicalPosition} [block]
 * @param {boolean} [inner]
 */
export function scrollToRect(b, r, block = "center", inner = false) {
  if (presenting(b)) return;
  const keep = b.root.closest(`.${KEEP_CLASS}`);
  const barH = b.ui.bar.offsetHeight + 8;
  for (const { node, top, bottom } of scrollers(b)) {
    const mine = !!keep && keep.contains(node) && keep !== node;
    if (inner && !mine) break;
    placeBar(b);
    const s = screenRect(b, r);
    const lo = top + barH;
    const hi = bottom - 8;
    if (s.top >= lo - 1 && s.bottom <= hi + 1) break;
    let delta;
    if (block === "center" && s.bottom - s.top <= hi - lo) {
      delta = (s.top + s.bottom) / 2 - (lo + hi) / 2;
    } else if (block === "start" || s.top < lo || s.bottom - s.top > hi - lo) {
      delta = s.top - lo;
    } else {
      delta = s.bottom - hi;
    }
    if (delta > 0 && keep && !mine && node.contains(keep)) {
      delta = Math.min(delta, Math.max(0, keep.getBoundingClientRect().top - top));
    }
    if (Math.abs(delta) < 1) continue;
    if (node === b.doc.scrollingElement) b.win.scrollBy(0, delta);
    else node.scrollTop += delta;
  }
  placeBar(b);
}

/** The places to keep in view, drawn, the most important first: the marks that are not in
 * the focus (what the tutor points at beyond the session's places), then the focus (the
 * places that matter now, in the session's order), then the places that glow (the choices),
 * in the engine's order of options; and when there is none of these (dice to roll, or just
 * rolled), the dice. @param {Board} b @returns {Region[]} */
export function focusPlaces(b) {
  const focus = b.src.get("focus") ?? [];
  const marked = marksOf(b).map((m) => m.region).filter((id) => !focus.includes(id));
  const glowing = [...b.drawn.optionsByRegion.entries()]
    .sort((p, q) => Math.min(...p[1]) - Math.min(...q[1])).map(([id]) => id);
  const rolled = b.src.get("choice")?.kind === "chance" || !!b.src.get("last_roll")?.dice;
  // the places to choose on come after what the session points at: they are the question's
  // choices (a walkthrough's "your turn" asks for one of them next)
  let ids = [...marked, ...focus, ...glowing];
  if (!ids.length && rolled) ids = [place.dice];
  /** @type {Region[]} */
  const out = [];
  for (const id of new Set(ids)) {
    const r = regionById(b, id);
    if (r) out.push(r);
  }
  return out;
}

/**
 * Keep the focus in view (after each change): all its places when they fit on the screen
 * together, else the first of them (see `focusPlaces`). The board's own scrolling box moves
 * first; see `scrollToRect`.
 * @param {Board} b @param {boolean} [inner] scroll only inside the board's
 *   `pb-keep-in-view` ancestor (a first drawing, a new size: the page stays where it is)
 */
export function revealFocus(b, inner = false) {
  const places = focusPlaces(b);
  if (!places.length) return;
  keepInView(b, shownTogether(b, places), inner);
  // the keyboard focus is where the learner is: its ring stays in view above all
  const ring = keyboardRings.get(b);
  if (ring && ring.box) keepInView(b, ring.box, inner);
}

/** Whether a logical rectangle of the board is fully in the open area (on screen, below the
 * bar). @param {Board} b @param {Rect} r */
function inOpenArea(b, r) {
  const area = openArea(b);
  const s = screenRect(b, r);
  return s.top >= area.top - 1 && s.bottom <= area.bottom + 1 &&
    s.left >= area.left - 1 && s.right <= area.right + 1;
}

/** What to keep in view of places that belong together (a focus, the rings of one focused
 * option): the box round all of them when it fits on the screen below the bar, else the
 * first of them. @param {Board} b @param {Rect[]} rects at least one */
function shownTogether(b, rects) {
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const all = {
    x: x0, y: y0, w: Math.max(...rects.map((r) => r.x + r.w)) - x0,
    h: Math.max(...rects.map((r) => r.y + r.h)) - y0,
  };
  const room = screenHeight(b) - b.ui.bar.offsetHeight - 16;
  return all.h * b.drawn.scale <= room ? all : rects[0];
}

/** Scroll a logical rectangle into the open area when it is not there already.
 * @param {Board} b @param {Rect} r @param {boolean} [inner] */
function keepInView(b, r, inner = false) {
  if (!inOpenArea(b, r)) scrollToRect(b, r, "nearest", inner);
}

/** The keyboard focus's rings each board drew last: what is focused, and the box of its
 * rings (logical px; null when no focus ring is drawn).
 * @type {WeakMap<Board, {key: string, box: Rect | null}>} */
const keyboardRings = new WeakMap();

/**
 * The keyboard focus moved (the overlay drew its ring on other places, see `overlay.js`):
 * scroll the page, or the notebook, so that the whole ring shows below the sticky bar (WCAG
 * 2.4.11 Focus Not Obscured; issue 19: at 1366 x 768 the arrow keys left a move target's ring
 * under the bar). The places of one option are kept in view together when they fit, else
 * the first. Nothing scrolls while the focus stays on the same places (a pointer move
 * redraws the overlay: the learner's own scrolling is left alone).
 * @param {Board} b @param {string} key what is focused (the option and its places)
 * @param {Rect[]} boxes each focus ring's box (logical px), the first place first
 */
export function revealKeyboardFocus(b, key, boxes) {
  const known = keyboardRings.get(b);
  const box = boxes.length ? shownTogether(b, boxes) : null;
  keyboardRings.set(b, { key, box });
  if (known && known.key === key) return;
  if (box) keepInView(b, box);
}

/** The smallest scale a focus view is drawn at so that its places fit together (its 11 px
 * text is then 5.5 CSS px: 11 device pixels on a phone). */
const MIN_FOCUS_SCALE = 0.5;
/** How many times a focus view is drawn again for one position before it stays as it is. */
const FIT_TRIES = 3;

/** How many times a focus view's fitted layout is given up because the height below its bar
 * changed, for one position. The bar's height can depend on the layout (its text wraps
 * otherwise at another width, or in another font): without a limit, the own size and the
 * fitted one each give the other's height, and the board is drawn again without end (the
 * JupyterLite site hung on notebook 03 this way, issue 22). */
const FIT_RESETS = 1;

/** The layout each board's focus view is drawn at, and for what (see `refitFocus`): W 0 is
 * its own layout; `room` the height below its bar it was chosen for; `resets` how many times
 * it was given up for a new height (at most FIT_RESETS).
 * @type {WeakMap<Board, {key: string, room: number, W: number, scale: number,
 *   tries: number, resets: number}>} */
const fits = new WeakMap();

/** What a focus view's layout is chosen for: the board's width, its panels, its focus and
 * marks, the position. @param {Board} b @param {BoardData} d */
function fitKey(b, d) {
  return `${Math.round(b.size.width)}|${JSON.stringify(d.panels ?? [])}|` +
    `${JSON.stringify(d.focus ?? [])}|${JSON.stringify(d.marks ?? [])}|${positionOf(d)}`;
}

/** The height the board has below its bar, in steps of 8 px (so that a pixel's change does
 * not draw it again). @param {Board} b */
function roomBelowBar(b) {
  return 8 * Math.floor((screenHeight(b) - b.ui.bar.offsetHeight - 16) / 8);
}

/**
 * The layout a focus view is drawn at where its places did not fit together on the screen at
 * its own size (`refitFocus` chose it): a logical width `W` in the narrow arrangement, drawn
 * at `scale` (below 1) so that it is as wide as its place; null to draw it as `chooseLayout`
 * says. @param {Board} b @param {BoardData} d
 */
export function fittedLayout(b, d) {
  const fit = fits.get(b);
  if (presenting(b)) return null;
  return fit && fit.W > 0 && fit.key === fitKey(b, d) ? { W: fit.W, scale: fit.scale } : null;
}

/**
 * After a focus view is drawn (the panels its session's places are on, `Board.fit_focus`):
 * whether its focus places (see `focusPlaces`) fit together in the height the board has
 * below its bar; where they do not (the Ju 87 card and location 8 on a phone), a smaller
 * scale is chosen at which they do, on a logical width that keeps the board as wide as its
 * place (so the panels rearrange: the Volga in two columns), and true is returned: draw
 * again. Never below MIN_FOCUS_SCALE, and at most FIT_TRIES times a position and height; a
 * new height below the bar (the narration above grew) starts again from its own size, at
 * most FIT_RESETS times a position (then the fitted layout stays).
 * @param {Board} b @param {BoardData} d
 */
export function refitFocus(b, d) {
  if (panelsOf(d).all || presenting(b)) return false;
  const key = fitKey(b, d);
  const room = roomBelowBar(b);
  const known = fits.get(b);
  const same = known && known.key === key ? known : null;
  const resets = same?.resets ?? 0;
  if (same && same.room !== room && same.W > 0) {
    if (resets >= FIT_RESETS) {
      // the fitted layout stays, now settled for this height (see FIT_RESETS)
      fits.set(b, { ...same, room, tries: FIT_TRIES });
      return false;
    }
    fits.set(b, { key, room, W: 0, scale: 1, tries: 0, resets: resets + 1 });
    return true;
  }
  const tries = same && same.room === room ? same.tries : 0;
  if (tries >= FIT_TRIES) return false;
  const places = focusPlaces(b);
  const scale = b.drawn.scale;
  const y0 = Math.min(...places.map((r) => r.y));
  const span = Math.max(...places.map((r) => r.y + r.h)) - y0;
  if (places.length < 2 || span * scale <= room || scale <= MIN_FOCUS_SCALE) {
    fits.set(b, { key, room, W: same?.W ?? 0, scale: same?.scale ?? scale, tries: FIT_TRIES,
      resets });
    return false;
  }
  const next = Math.max(MIN_FOCUS_SCALE, Math.min(0.98 * scale, room / span));
  fits.set(b, { key, room, W: Math.floor(Math.max(1, b.size.width) / next), scale: next,
    tries: tries + 1, resets });
  return true;
}

/** Whether a focus view's layout was chosen for another height below its bar than it has
 * now (the narration above it grew or shrank): it is to be drawn again. @param {Board} b */
function roomChanged(b) {
  const fit = fits.get(b);
  return !!fit && fit.room !== roomBelowBar(b);
}

/** Boards waiting for a frame to be kept in view (see `scheduleKeep`).
 * @type {WeakSet<Board>} */
const keeping = new WeakSet();

/** Something around the board changed size (the narration above it grew, the page moved it):
 * at the next frame the bar is placed again, a focus view whose height below the bar changed is
 * drawn again (see `refitFocus`), and the focus brought back into view inside the
 * board's own box (never the page). @param {Board} b */
export function scheduleKeep(b) {
  if (b.destroyed || keeping.has(b)) return;
  keeping.add(b);
  requestAnimationFrame(() => {
    keeping.delete(b);
    if (b.destroyed) return;
    placeBar(b);
    if (roomChanged(b)) schedule(b);
    revealFocus(b, true);
  });
}
