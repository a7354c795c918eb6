// @ts-check
/**
 * Where each part of the board goes, and at what scale: the arrangement (`frame`) for the
 * width the board is given (`chooseLayout`), and which panels a focus view draws.
 *
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./sizes.js").Rect} Rect
 * @typedef {ReturnType<typeof frame>} Frame
 */

import {
  GAP, HOUSE_W, HOUSE_W_MEDIUM, SQUARE_W, VOLGA_W, cardsGeometry, headerLayout, houseGeometryOf,
  squareHeight, stockOffered, stockTrayGeometry, targetsOf, volgaGeometry, volgaGroups,
} from "./sizes.js";

/** The three panels of the board, in printed order (a board may draw some of them). */
export const PANELS = /** @type {const} */ (["house", "square", "volga"]);
/** Logical widths of the arrangements (see `frame`); the narrow one takes any width above
 * NARROW_MIN. */
export const WIDE = 1280;
const MEDIUM = 928;
const NARROW_MIN = 340;
/** How far a board may grow beyond its logical size when the screen has room. */
const MAX_SCALE = 1.5;
/** Room the bar, margins and the page's own padding take above and below the canvas when the
 * wide board is fitted to the height of its screen (CSS px). */
const HEIGHT_RESERVE = 100;
/** The smallest logical width of a focus view (some panels) with the cards strip above
 * its panels: the house panel's, so the strip keeps its cards in one row. */
const FOCUS_MIN = HOUSE_W + 16;
/** The cards and dice strip of a wide focus view, as a column beside its panels (two
 * Soviet cards, or the Wehrmacht card and the dice tray, a row). */
const STRIP_W = 350;

/** Which panels the board draws (all three unless the `panels` trait names fewer).
 * @param {BoardData} d */
export function panelsOf(d) {
  const named = Array.isArray(d.panels)
    ? d.panels.filter((p) => /** @type {readonly string[]} */ (PANELS).includes(p)) : [];
  const list = named.length ? named : PANELS;
  return { house: list.includes("house"), square: list.includes("square"),
    volga: list.includes("volga"), all: PANELS.every((p) => list.includes(p)) };
}

/** The names of the panels drawn, in printed order. @param {BoardData} d */
export function panelNames(d) {
  const shown = panelsOf(d);
  return PANELS.filter((n) => shown[n]);
}

/** The width of the panels of a focus view side by side. @param {BoardData} d */
function panelsRowWidth(d) {
  const p = panelsOf(d);
  const widths = [p.house ? HOUSE_W : 0, p.square ? SQUARE_W : 0, p.volga ? VOLGA_W : 0]
    .filter(Boolean);
  return widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
}

/**
 * The logical width of the wide arrangement: 1280 for the three panels; a focus view's
 * panels side by side with the cards strip as a column beside them (so on a big screen it
 * grows with the height it has rather than leave the width empty).
 * @param {BoardData} d
 */
export function wideWidth(d) {
  return panelsOf(d).all ? WIDE : 16 + panelsRowWidth(d) + GAP + STRIP_W;
}

/** The logical width of a focus view with the cards strip above its panels (its `medium`
 * arrangement); 0 for the whole board. @param {BoardData} d */
export function focusWidth(d) {
  return panelsOf(d).all ? 0 : Math.max(FOCUS_MIN, 16 + panelsRowWidth(d));
}

/**
 * The height the stock tray needs (reinforcements: the counters and weapons the points can
 * buy), as a function of its width; null when nothing in the stock can be bought now.
 * @param {BoardData} d
 */
function stockTrayNeed(d) {
  const offered = stockOffered(d.view, targetsOf(d.choice));
  if (!offered.counters.length && !offered.weapons.length) return null;
  return (/** @type {number} */ w) => stockTrayGeometry(offered, w).h;
}

/**
 * Where each part of the board goes, in logical px (the canvas draws them at `scale`).
 * Three arrangements, by the width available, so that the board is never drawn below its
 * own size (its smallest text is 11 px) and never wider than its place. Each starts with the
 * header and the cards strip (the first choices of every turn are there, so they show with
 * the bar above them on any screen):
 * - `wide` (1280): the house, 9 January Square and the Volga side by side, like the real
 *   board; on a big screen it grows to use the height it has;
 * - `medium` (928): the house beside a narrower square, then the Volga in two columns;
 * - `narrow` (any width from 340): one column — the house (its boxes under its rooms
 *   below 560), then the square and the Volga, side by side when they fit.
 * Panel heights follow what they hold: a short Reserves box when few counters wait there, no
 * Operational Support space when its variant is not in play. A focus view (the `panels`
 * trait names fewer than three) leaves the others out: its panels go side by side (the last
 * one takes any room left) with the cards strip beside them (`wide`, see `wideWidth`) or
 * above them (`medium`, see `focusWidth`); `narrow` stacks them. A panel not drawn is null.
 * The stock tray, when the options can buy from the stock, lies over the panels beside the
 * house: they grow to hold it if they must.
 * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {string} mode
 * @param {number} W
 */
export function frame(ctx, d, mode, W) {
  const v = d.view;
  const plan = d.plan;
  const header = headerLayout(ctx, v, W);
  const y0 = header.h + GAP;
  const groups = volgaGroups(plan).length;
  const support = !!v.os?.active;
  const tracks = plan.tracks.length;
  const tray = stockTrayNeed(d);
  /** A panel's height `h`, or more if the stock tray `w` wide needs more.
   * @param {number} h @param {number} w */
  const withTray = (h, w) => Math.max(h, tray ? tray(w) : 0);
  /** The cards strip across the board at `y0`, its cards `cardW` wide. @param {number} cardW */
  const stripAcross = (cardW) => cardsGeometry(ctx, d, { x: 8, y: y0, w: W - 16, h: 0 }, cardW);
  const shown = panelsOf(d);
  /** @type {Rect | null} */
  let house = null;
  /** @type {Rect | null} */
  let square = null;
  /** @type {Rect | null} */
  let volga = null;
  /** @type {Rect} */
  let trayAt;
  let cards;
  if (!shown.all && mode !== "narrow") {
    // A focus view: the panels drawn side by side, the last taking the room left; the cards
    // strip beside them (wide) or above them (medium).
    const beside = mode === "wide";
    const right = beside ? W - 8 - STRIP_W - GAP : W - 8;
    cards = beside
      ? cardsGeometry(ctx, d, { x: right + GAP, y: y0, w: STRIP_W, h: 0 }, 140)
      : stripAcross(140);
    const y1 = beside ? y0 : cards.y + cards.h + GAP;
    const names = PANELS.filter((n) => shown[n]);
    const natural = { house: HOUSE_W, square: SQUARE_W, volga: VOLGA_W };
    let x = 8;
    /** @type {Record<string, Rect>} */
    const at = {};
    names.forEach((n, i) => {
      const last = i === names.length - 1;
      const w = last ? right - x : natural[n];
      at[n] = { x, y: y1, w, h: 0 };
      x += w + GAP;
    });
    const heights = names.map((n) => {
      const w = at[n].w;
      if (n === "house") return houseGeometryOf(w, v, plan).h;
      if (n === "square") return squareHeight(ctx, w, tracks);
      return volgaGeometry(w, groups, support).h;
    });
    const others = names.filter((n) => n !== "house");
    const trayX = others.length ? at[others[0]].x : 8;
    const trayW = right - trayX;
    const R = withTray(Math.max(...heights), trayW);
    for (const n of names) at[n].h = R;
    house = at.house ?? null;
    square = at.square ?? null;
    volga = at.volga ?? null;
    trayAt = { x: trayX, y: y1, w: trayW, h: R };
  } else if (mode === "wide") {
    cards = stripAcross(140);
    const y1 = cards.y + cards.h + GAP;
    const hg = houseGeometryOf(HOUSE_W, v, plan);
    const vg = volgaGeometry(VOLGA_W, groups, support);
    const R = withTray(Math.max(hg.h, squareHeight(ctx, SQUARE_W, tracks), vg.h),
      SQUARE_W + GAP + VOLGA_W);
    house = { x: 8, y: y1, w: HOUSE_W, h: R };
    square = { x: 8 + HOUSE_W + GAP, y: y1, w: SQUARE_W, h: R };
    volga = { x: square.x + SQUARE_W + GAP, y: y1, w: VOLGA_W, h: R };
    trayAt = { x: square.x, y: y1, w: SQUARE_W + GAP + VOLGA_W, h: R };
  } else if (mode === "medium") {
    cards = stripAcross(132);
    const y1 = cards.y + cards.h + GAP;
    const hg = houseGeometryOf(HOUSE_W_MEDIUM, v, plan);
    const sw = W - 16 - HOUSE_W_MEDIUM - GAP;
    const R = Math.max(hg.h, squareHeight(ctx, sw, tracks));
    house = { x: 8, y: y1, w: HOUSE_W_MEDIUM, h: R };
    square = { x: 8 + HOUSE_W_MEDIUM + GAP, y: y1, w: sw, h: R };
    const vg = volgaGeometry(W - 16, groups, support);
    volga = { x: 8, y: y1 + R + GAP, w: W - 16, h: withTray(vg.h, W - 16) };
    trayAt = volga;
  } else {
    const inner = W - 16;
    const cardW = Math.min(172, Math.floor((inner - 16 - 4) / 2));
    const fourW = Math.floor((inner - 16 - 12) / 4);
    cards = stripAcross(fourW >= 136 ? Math.min(fourW, 160) : cardW);
    const y1 = cards.y + cards.h + GAP;
    let y2 = y1;
    if (shown.house) {
      const hg = houseGeometryOf(inner, v, plan);
      const only = !shown.square && !shown.volga;
      const hh = only ? withTray(hg.h, inner) : hg.h;
      house = { x: 8, y: y1, w: inner, h: hh };
      y2 = y1 + hh + GAP;
    }
    if (!shown.square && !shown.volga) {
      trayAt = house ?? { x: 8, y: y1, w: inner, h: 0 };
    } else if (!shown.square || !shown.volga) {
      // one of the two, the whole width
      const h = shown.square ? squareHeight(ctx, inner, tracks)
        : volgaGeometry(inner, groups, support).h;
      const rect = { x: 8, y: y2, w: inner, h: withTray(h, inner) };
      if (shown.square) square = rect;
      else volga = rect;
      trayAt = rect;
    } else if (inner >= SQUARE_W + GAP + VOLGA_W) {
      const vw = inner - SQUARE_W - GAP;
      const vg = volgaGeometry(vw, groups, support);
      const R = withTray(Math.max(squareHeight(ctx, SQUARE_W, tracks), vg.h), inner);
      square = { x: 8, y: y2, w: SQUARE_W, h: R };
      volga = { x: 8 + SQUARE_W + GAP, y: y2, w: vw, h: R };
      trayAt = { x: 8, y: y2, w: inner, h: R };
    } else {
      const sh = withTray(squareHeight(ctx, inner, tracks), inner);
      square = { x: 8, y: y2, w: inner, h: sh };
      const vg = volgaGeometry(inner, groups, support);
      volga = { x: 8, y: y2 + sh + GAP, w: inner, h: vg.h };
      trayAt = square;
    }
  }
  const bottom = Math.max(cards.y + cards.h, ...[house, square, volga]
    .map((r) => (r ? r.y + r.h : 0)));
  return { mode, W, H: Math.ceil(bottom + GAP), header, house, square, volga, cards,
    tray: trayAt };
}

/**
 * The width of the board's place decides its arrangement and scale (never below 1, so no
 * text is smaller than 11 CSS px; the narrow arrangement takes any width from 340). A wide
 * board also grows to fill the height `height` it has, within MAX_SCALE. A focus view (some
 * panels) is wide from its own width `wideW` on, and medium (the strip above its panels)
 * from `focusW`.
 * @param {number} width @param {number} height @param {number} wideH the wide board's
 *   logical height
 * @param {number} [wideW] the wide board's logical width @param {number} [focusW] a focus
 *   view's medium width (0 for the whole board)
 */
export function chooseLayout(width, height, wideH, wideW = WIDE, focusW = 0) {
  if (width >= wideW) {
    return { mode: "wide", W: wideW, scale: fitHeight(Math.min(MAX_SCALE, width / wideW),
      height, wideH) };
  }
  if (focusW) {
    if (width >= focusW) {
      return { mode: "medium", W: focusW, scale: Math.max(1, Math.min(1.2, width / focusW)) };
    }
  } else if (width >= MEDIUM) {
    return { mode: "medium", W: MEDIUM, scale: Math.max(1, Math.min(1.2, width / MEDIUM)) };
  }
  return { mode: "narrow", W: Math.max(NARROW_MIN, Math.floor(width)), scale: 1 };
}

/**
 * The scale `scale` at most, so that a board `H` logical px high fits the height `height`
 * it has (with its bar and margins), but never below 1 (no text under 11 px): a board that
 * has room to grow grows only as far as the screen shows it whole.
 * @param {number} scale @param {number} height the height of the screen it scrolls in
 *   (0 or less: unknown) @param {number} H its logical height
 */
export function fitHeight(scale, height, H) {
  const byHeight = height > 0 ? (height - HEIGHT_RESERVE) / H : scale;
  return Math.max(1, Math.min(scale, byHeight));
}
