// @ts-check
/**
 * How big each part of the board is for the width it is given: the house (its rooms, side
 * boxes and Reserves), 9 January Square, the Volga side, the header's lines, the dark strip of
 * cards and dice, the German player's piles (7.4) and the stock tray. `geometry.js` puts the
 * parts together; the scene draws each part where these say.
 *
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./protocol.js").Choice} Choice
 * @typedef {import("./protocol.js").GermanCards} GermanCards
 * @typedef {import("./protocol.js").Plan} Plan
 * @typedef {import("./protocol.js").UnitSpec} UnitSpec
 * @typedef {import("./protocol.js").View} View
 * @typedef {{x: number, y: number, w: number, h: number}} Rect
 */

import { place } from "./places.js";
import { MUTED } from "./theme.js";
import { fitLines, measure, setFont, sizeToFit } from "./text.js";

export const GAP = 8;
/** The house panel with its side column of boxes (wide and medium arrangements). */
export const HOUSE_W = 604;
/** Below this width the house's boxes go under its rooms (in two columns), not beside them. */
const HOUSE_STACKED_BELOW = 560;
const SIDE_W = 118;
const GRID_H = 484;
/** A counter in a room: one line of name (COUNTER_H), or two (TALL_COUNTER_H, a narrow room
 * where a long name is broken in two); a weapon counter in a room (WEAPON_H). */
export const COUNTER_H = 34;
export const TALL_COUNTER_H = 48;
export const WEAPON_H = 22;
/** Where the counters of a room start, below its colour letters and number. */
export const ROOM_TOP = 23;
/** The rooms of a house with its boxes under them are at least this tall: a counter with its
 * name in two lines (they grow when two share a room; a short house keeps more of a phone's
 * screen for the places that matter). */
const STACKED_ROOM_H = ROOM_TOP + TALL_COUNTER_H + 2 + 3;
export const SQUARE_W = 344;
/** The house is a little narrower in the medium arrangement, so the square keeps room. */
export const HOUSE_W_MEDIUM = 584;
export const VOLGA_W = 300;
/** A location box on the Volga side, and the gap after it. */
export const LOC_W = 46;
export const LOC_STEP = 50;
export const TRACK_ROW = 72;
export const VOLGA_ROW = 54;
export const STAGING_H = 68;
export const OS_H = 112;
/** A counter as the Reserves box and the stock tray draw it. */
const CHIP_W = 140;
export const CHIP_H = COUNTER_H;
/** The smallest dice tray; a narrower space sends it to the next row of the strip. */
const DICE_MIN_W = 150;
/** The German player's cards in the strip (7.4): tile size. */
export const GTILE_W = 100;
export const GTILE_H = 112;
/** A counter in the stock tray. */
export const STOCK_CHIP_W = 124;

/** Whether Tactics cards (variant 7.2, or the German player's of 7.4) are in play.
 * @param {View} view */
export function hasTactics(view) {
  return !!view?.tactics && view.tactics.level !== "none";
}

/** Every place the pending choice's options are drawn on. @param {Choice | undefined} choice */
export function targetsOf(choice) {
  /** @type {Set<string>} */
  const targets = new Set();
  for (const o of choice?.options ?? []) for (const t of o.targets) targets.add(t);
  return targets;
}

/**
 * The German player's piles (7.4) as groups of tiles flowed into rows `inner` wide: the hand,
 * the orders (three slots, the first resolved first), the Tactics hand and the Tactics card
 * placed face down. Each group knows its tiles; a group wider than a row wraps its tiles.
 * @param {GermanCards} g @param {number} inner
 */
export function germanGeometry(g, inner) {
  const cols = Math.max(1, Math.floor((inner + 4) / (GTILE_W + 4)));
  const specs = [
    { key: "hand", title: `German hand (${g.handCount})`, n: Math.max(1, g.handCount) },
    { key: "orders", title: `Orders, first resolved first (${g.ordersCount})`,
      n: Math.max(3, g.ordersCount) },
    { key: "tactics", title: `Tactics hand (${g.tacticsCount})`, n: Math.max(1, g.tacticsCount) },
    { key: "chosen", title: "Tactics face down", n: 1 },
  ];
  /** @type {Array<{key: string, title: string, n: number, cols: number, x: number, y: number,
   *   w: number, h: number}>} */
  const groups = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  for (const spec of specs) {
    const c = Math.min(spec.n, cols);
    const rows = Math.ceil(spec.n / c);
    const w = Math.max(c * (GTILE_W + 4) - 4, Math.min(inner, 150));
    const h = 20 + rows * (GTILE_H + 4) - 4;
    if (x > 0 && x + w > inner) {
      x = 0;
      y += rowH + 8;
      rowH = 0;
    }
    groups.push({ ...spec, cols: c, x, y, w, h });
    x += w + 12;
    rowH = Math.max(rowH, h);
  }
  return { groups, h: 22 + y + rowH };
}

/**
 * The groups of the Volga side: each unit with its locations, and the locations no unit has
 * (location 3), in location order (1.2).
 * @param {Plan} plan
 * @returns {Array<{label: string, name: string, locs: number[], unit: UnitSpec | null}>}
 */
export function volgaGroups(plan) {
  /** @type {Array<{label: string, name: string, locs: number[], unit: UnitSpec | null}>} */
  const groups = [];
  /** @type {Map<number, UnitSpec>} */
  const byLoc = new Map();
  for (const u of plan.units) for (const n of u.locs) byLoc.set(n, u);
  const numbers = Object.keys(plan.locNames).map(Number).sort((a, b) => a - b);
  for (const n of numbers) {
    const u = byLoc.get(n) ?? null;
    const last = groups[groups.length - 1];
    if (last && u && last.unit === u) last.locs.push(n);
    else {
      const name = u ? u.name : plan.locNames[String(n)] ?? `Location ${n}`;
      const label = u ? u.short : name.split(",")[0];
      groups.push({ label, name, locs: [n], unit: u });
    }
  }
  return groups;
}

/**
 * The house panel `w` wide: its rooms, its boxes (Defense, Suppression, Supplies, Storm
 * Group) and the Reserves box sized to the `reserve` counters and weapons in it. The rooms are
 * always the printed board's grid (where a room is tells its line of sight and its colours,
 * 1.3); a narrow house puts its boxes under the rooms and makes the rooms as tall as `crowd`
 * (the counters of the most crowded room, in logical px) needs.
 * @param {number} w @param {number} reserve @param {number} suppliesKinds
 * @param {number} [crowd]
 */
export function houseGeometry(w, reserve, suppliesKinds, crowd = 0) {
  const inner = w - 16;
  const stacked = w < HOUSE_STACKED_BELOW;
  const chipCols = Math.max(1, Math.floor((inner - 8 + 4) / (CHIP_W + 4)));
  const chipW = Math.min(170, Math.floor((inner - 8 - 4 * (chipCols - 1)) / chipCols));
  const reserveRows = Math.max(1, Math.ceil(reserve / chipCols));
  const reservesH = 24 + reserveRows * (CHIP_H + 3) + 4;
  if (!stacked) {
    const gridW = inner - 10 - SIDE_W;
    const reservesY = 28 + GRID_H + 8;
    return {
      stacked, gridW, gridH: GRID_H,
      side: { x: 8 + gridW + 10, y: 28, w: SIDE_W, h: GRID_H, cols: 1, row: 24, box: 28 },
      reserves: { x: 8, y: reservesY, w: inner, h: reservesH, cols: chipCols, chipW },
      h: reservesY + reservesH + 8,
    };
  }
  // The rooms across the whole width, the boxes under them in two columns.
  const roomH = Math.max(STACKED_ROOM_H, ROOM_TOP + crowd + 3);
  const gridH = 4 * roomH + 3 * 4;
  const boxW = (inner - 8) / 2;
  const perRow = Math.max(1, Math.floor((boxW - 8) / 36));
  const suppliesH = 22 + Math.max(1, Math.ceil(suppliesKinds / perRow)) * 30;
  // Finger-sized rows: Defense tracks and Suppression boxes 32 px high.
  const colA = 18 + 3 * 35 + 6 + 17 + 3 * 35;
  const boxesH = Math.max(colA, suppliesH + 6 + 160);
  const sideY = 28 + gridH + 10;
  const reservesY = sideY + boxesH + 8;
  return {
    stacked, gridW: inner, gridH,
    side: { x: 8, y: sideY, w: inner, h: boxesH, cols: 2, row: 32, box: 32 },
    reserves: { x: 8, y: reservesY, w: inner, h: reservesH, cols: chipCols, chipW },
    h: reservesY + reservesH + 8,
  };
}

/**
 * The height the counters of the most crowded room take when their names take two lines:
 * at most two counters share a room, with a weapon of their designation (4.0 Move).
 * @param {View} v @param {Plan} plan
 */
function crowdOf(v, plan) {
  /** @type {Map<string, number>} */
  const need = new Map();
  for (const sq of plan.squares) need.set(sq.id, 0);
  /** @param {string} where @param {number} h */
  const add = (where, h) => {
    const now = need.get(where);
    if (now !== undefined) need.set(where, now + h);
  };
  for (const c of Object.values(v.soviet)) add(c.where, TALL_COUNTER_H + 2);
  for (const wpn of Object.values(v.weapons)) add(wpn.where, WEAPON_H + 2);
  return Math.max(0, ...need.values());
}

/** The house panel's geometry for the view drawn. @param {number} w @param {View} v
 * @param {Plan} plan */
export function houseGeometryOf(w, v, plan) {
  return houseGeometry(w, reserveCount(v), Object.keys(v.tokens?.supplies ?? {}).length,
    crowdOf(v, plan));
}

const SQUARE_RULE =
  "New counters enter at circle 1 and push the others on; one past the last circle loses " +
  "the game (6.0).";

/**
 * The lines under the tracks of 9 January Square, laid out for a panel `w` wide.
 * @param {CanvasRenderingContext2D} ctx @param {number} w
 */
export function squareLegend(ctx, w) {
  const rule = fitLines(ctx, SQUARE_RULE, w - 20, 12, 3);
  return { rule, h: 24 + rule.lines.length * 16 + 8 + 2 * 28 };
}

/**
 * The 9 January Square panel `w` wide: its height.
 * @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} tracks
 */
export function squareHeight(ctx, w, tracks) {
  return 30 + tracks * TRACK_ROW + squareLegend(ctx, w).h;
}

/**
 * The Volga panel `w` wide: one column of units (two when `w` allows), the Staging Area and,
 * only when its variant is in play, the Operational Support space (7.1): beside two columns
 * when there is room for them, else under the units.
 * @param {number} w @param {number} groups @param {boolean} support
 */
export function volgaGeometry(w, groups, support) {
  const cols = w >= 580 ? 2 : 1;
  const groupW = cols === 2 ? Math.min(300, Math.floor((w - 24) / 2)) : w - 16;
  const beside = cols === 2 && w >= 2 * (groupW + 8) + 8 + 150;
  const perCol = Math.ceil(groups / cols);
  const unitsH = perCol * VOLGA_ROW;
  const boxesH = STAGING_H + (support ? 8 + OS_H : 0);
  const h = beside
    ? 28 + Math.max(unitsH, boxesH) + 8
    : 28 + unitsH + 4 + boxesH + 8;
  return { cols, groupW, perCol, h, beside };
}

/** @type {WeakMap<Plan, Map<number, {lines: number, half: number, h: number}>>} */
const cardGeometries = new WeakMap();

/**
 * The Soviet card geometry for cards `w` wide: every unit's actions fit their half.
 * @param {CanvasRenderingContext2D} ctx @param {Plan} plan @param {number} w
 */
function sovietCardGeometry(ctx, plan, w) {
  // The units' actions are the same all game: measured once per plan and width.
  let known = cardGeometries.get(plan);
  if (!known) {
    known = new Map();
    cardGeometries.set(plan, known);
  }
  const found = known.get(w);
  if (found) return found;
  let lines = 1;
  for (const u of plan.units) {
    const acts = u.actions.join(" · ");
    if (!acts) continue;
    lines = Math.max(lines, fitLines(ctx, acts, w - 14, 11, 9).lines.length);
  }
  const half = 35 + 12 * (lines - 1);
  const geometry = { lines, half, h: 20 + 2 * half + 4 };
  known.set(w, geometry);
  return geometry;
}

/**
 * The dark strip: the Soviet hand, the Wehrmacht card, the Tactics cards (7.2) and the dice
 * tray, flowed into rows of width `w` (a new row when the next does not fit).
 * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {Rect} at
 * @param {number} cardW
 */
export function cardsGeometry(ctx, d, at, cardW) {
  const inner = at.w - 16;
  const hand = d.view.hand ?? [];
  // the cards of the hand this view may not see are drawn as backs (7.4)
  const shownHand = hand.length + (d.view.handHidden ?? 0);
  const n = Math.max(4, shownHand);
  const card = sovietCardGeometry(ctx, d.plan, cardW);
  const handCols = Math.max(1, Math.min(n, Math.floor((inner + 4) / (cardW + 4))));
  const handRows = Math.ceil(n / handCols);
  // An empty hand (outside the Soviet Card Phase) takes one line, not rows of empty cards;
  // at the end of the game it holds the result.
  const handH = shownHand ? 22 + handRows * (card.h + 4) - 4
    : d.view.outcome ? 22 + card.h : 22 + 40;
  // An empty hand gives way to the cards and dice when they would not fit beside it (a
  // focus view is narrow).
  let handW = handCols * (cardW + 4) - 4;
  if (!shownHand && !d.view.outcome && handW + 172 + DICE_MIN_W + 12 > inner) {
    handW = Math.max(240, inner - 172 - DICE_MIN_W - 12);
  }
  /** @type {Array<{kind: string, w: number, h: number, x?: number, y?: number,
   *   german?: ReturnType<typeof germanGeometry>}>} */
  const items = [{ kind: "hand", w: handW, h: handH }];
  if (d.view.german) {
    // the German player's cards (7.4): a row of their own
    const german = germanGeometry(d.view.german, inner);
    items.push({ kind: "german", w: inner, h: german.h, german });
  }
  items.push({ kind: "wehrmacht", w: 172, h: 22 + card.h });
  if (hasTactics(d.view)) {
    const k = Math.max(1, (d.view.tactics.cards ?? []).length);
    items.push({ kind: "tactics", w: Math.min(inner, k * 128 - 4), h: 22 + card.h });
  }
  items.push({ kind: "dice", w: DICE_MIN_W, h: 22 + card.h });
  let x = 0;
  let y = 0;
  let rowH = 0;
  for (const item of items) {
    if (x > 0 && x + item.w > inner) {
      x = 0;
      y += rowH + 6;
      rowH = 0;
    }
    // The dice tray takes the rest of its row.
    if (item.kind === "dice") item.w = inner - x;
    item.x = at.x + 8 + x;
    item.y = at.y + 6 + y;
    x += item.w + 6;
    rowH = Math.max(rowH, item.h);
  }
  return { ...at, h: 6 + y + rowH + 8, items, card, cardW, handCols };
}

/** How many counters and weapons wait in Reserves. @param {View} v */
export function reserveCount(v) {
  const counters = Object.values(v.soviet).filter((c) => c.where === "reserves");
  const arms = Object.values(v.weapons).filter((w) => w.where === "reserves");
  return counters.length + arms.length;
}

/**
 * The turn as the engine words it: "Turn 3 of 21", or "Turn 3" for a hand-built position whose
 * deck does not fit its turn; a picture saved before the engine said it counts the deck.
 * @param {View} v
 */
export function turnLine(v) {
  return v.turnLine ?? `Turn ${v.turn} of ${v.turns}`;
}

/**
 * The header's lines for a board `W` wide: the turn and score first, then the phase (on the
 * first line when it fits), then the score's parts and the decks (side by side when they fit).
 * @param {CanvasRenderingContext2D} ctx @param {View} v @param {number} W
 */
export function headerLayout(ctx, v, W) {
  const sc = v.score;
  const sign = sc.total > 0 ? "+" : sc.total < 0 ? "−" : "";
  const turn = turnLine(v);
  const scoreText = `Score ${sign}${Math.abs(sc.total)}`;
  const left = [];
  if (v.phase === "soviet_cards") left.push(`card actions left ${v.actionsLeft}`);
  if (v.phase === "wehrmacht_cards") left.push(`card ${v.cardsInPhase} of 3`);
  if (v.phase === "counter_moves") left.push(`moves left ${v.movesLeft}`);
  if (v.phase === "counter_moves" || v.phase === "counter_actions") {
    left.push(`actions left ${v.actionsLeft}`);
  }
  const phase = v.phaseLabel + (left.length ? ` — ${left.join(", ")}` : "");
  const support = sc.support ? ` + support VP ${sc.support}` : "";
  const parts =
    `raid VP ${sc.raids}${support} + ${sc.defenders} defender${sc.defenders === 1 ? "" : "s"} ` +
    `− 3 × ${sc.attackers} attacker${sc.attackers === 1 ? "" : "s"}`;
  const decks =
    `Wehrmacht deck ${v.decks.wehrmacht} · Soviet deck ${v.decks.soviet}, ` +
    `discards ${v.decks.discard} · Fog of War in stock ${v.decks.fog}`;
  setFont(ctx, 18, 700);
  const turnW = measure(ctx, turn);
  setFont(ctx, 17, 700);
  const scoreW = measure(ctx, scoreText);
  const room = W - 24 - turnW - 14 - scoreW - 18;
  const phaseInline = sizeToFit(ctx, phase, room, 15, 600) >= 13;
  /** @type {Array<{text: string, size: number, weight: number, color: string, y: number,
   *   x: number, align: CanvasTextAlign}>} */
  const items = [];
  let y = 26;
  if (phaseInline) {
    const size = sizeToFit(ctx, phase, room, 15, 600);
    items.push({ text: phase, size, weight: 600, color: "#3b3b3b", y, x: 12 + turnW + 14,
      align: "left" });
  } else {
    const laid = fitLines(ctx, phase, W - 24, 15, 2, 600);
    for (const line of laid.lines) {
      y += laid.size + 5;
      items.push({ text: line, size: laid.size, weight: 600, color: "#3b3b3b", y, x: 12,
        align: "left" });
    }
  }
  const partsText = `(${parts})`;
  setFont(ctx, 13);
  const side = measure(ctx, partsText) + 24 + measure(ctx, decks) <= W - 24;
  if (side) {
    y += 20;
    items.push({ text: partsText, size: 13, weight: 400, color: MUTED, y, x: 12, align: "left" });
    items.push({ text: decks, size: 13, weight: 400, color: MUTED, y, x: W - 12,
      align: "right" });
  } else {
    for (const str of [partsText, decks]) {
      const laid = fitLines(ctx, str, W - 24, 13, 2);
      for (const line of laid.lines) {
        y += laid.size + 5;
        items.push({ text: line, size: laid.size, weight: 400, color: MUTED, y, x: 12,
          align: "left" });
      }
    }
  }
  return { turn, scoreText, parts, decks, phase, items, h: y + 10 };
}

/**
 * The counters and weapons of the stock that the options can buy (or, editing, place) now:
 * what the stock tray shows.
 * @param {View} view @param {Set<string>} targets
 */
export function stockOffered(view, targets) {
  return {
    counters: (view.stock ?? []).filter((id) => targets.has(place.stockCounter(id))),
    weapons: (view.stockWeapons ?? []).filter((id) => targets.has(place.stockWeapon(id))),
  };
}

/**
 * The stock tray `w` wide: its columns of counters, where its weapons start (below its
 * title) and the height it needs.
 * @param {ReturnType<typeof stockOffered>} offered @param {number} w
 */
export function stockTrayGeometry(offered, w) {
  const cols = Math.max(1, Math.floor((w - 20) / (STOCK_CHIP_W + 6)));
  const counterRows = Math.ceil(offered.counters.length / cols);
  const weaponRows = Math.ceil(offered.weapons.length / cols);
  return {
    cols,
    weaponsY: 36 + counterRows * 42 + 6,
    h: 36 + counterRows * 42 + (offered.weapons.length ? 22 + weaponRows * 38 : 0) + 12,
  };
}
