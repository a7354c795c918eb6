// @ts-check
/**
 * The Pavlov's House board: draws the engine's view model on a canvas and sends intents back.
 *
 * Python is the single source of truth. This module only draws what the model holds (the
 * `plan`, `view`, `choice`, `last_roll`, `log_entries`, `error`, `rev`, `game_serial` and
 * `auto_roll` traits) and sends the player's intents: `{kind: "choose", option, rev, game}`,
 * `{kind: "step", rev, game}` (roll the pending dice), `{kind: "undo", rev, game}`,
 * `{kind: "redo", rev, game}`, `{kind: "auto_roll", value}`. It never decides what is legal:
 * a click maps to the id of an option Python listed, and Python's game judges it. It reads
 * facts from named fields only (a roll's result, success and hits; a counter's state; a
 * circle's counter type and Defense), never from the text of the log.
 *
 * Two canvases are stacked: the scene (the three panels of the board, the cards, the dice),
 * redrawn when the model changes or the board is resized, and an overlay (highlighted
 * options, hover, keyboard focus), redrawn on every pointer or key move. Both backing stores
 * are scaled by `devicePixelRatio` so the board is crisp. Redraws are coalesced into one
 * animation frame. `render` returns a cleanup that removes every listener and observer.
 *
 * `drawStatic(root, data)` draws the same board without a kernel, for saved notebooks and
 * static HTML exports (the Python side inlines this module and calls it).
 */

/**
 * @typedef {{id: string, label: string, targets: string[]}} Opt
 * @typedef {{result: string, fraction: string, percent: number}} Odds
 * @typedef {{kind: string, op: string, prompt: string, rule: string, options: Opt[],
 *   dice: number, odds: Odds[]}} Choice
 * @typedef {{n: number, turn: number, text: string, rule: string, dice?: number[],
 *   kind?: string}} LogLine
 * @typedef {{n?: number, turn?: number, dice?: number[], label?: string, result?: string,
 *   success?: boolean | null, hits?: number | null, marks?: boolean[] | null,
 *   rule?: string}} Roll
 * @typedef {{colour: string, n: number}} SquareNumber
 * @typedef {{id: string, x: number, y: number, nums: SquareNumber[],
 *   radio: boolean}} SquareSpec
 * @typedef {{n: number, colour: string, circles: number, sappers: number[]}} TrackSpec
 * @typedef {{id: string, name: string, short: string, locs: number[],
 *   actions: string[]}} UnitSpec
 * @typedef {{name: string, attack: number, suppress: number, specials: string, cost: number,
 *   reserves: boolean}} SovietSpec
 * @typedef {{name: string, special: string, attack: number, suppress: number,
 *   cost: number}} WeaponSpec
 * @typedef {{name: string, kind: string, attack: number, suppress: number,
 *   defense: number}} WehrmachtType
 * @typedef {{squares: SquareSpec[], tracks: TrackSpec[], units: UnitSpec[],
 *   locNames: Record<string, string>, defense: {start: number, min: number, max: number},
 *   soviet: Record<string, SovietSpec>, weapons: Record<string, WeaponSpec>,
 *   wtypes: Record<string, WehrmachtType>,
 *   sovietCards: Record<string, string[]>, tokens: Record<string, string>,
 *   specials: Record<string, string>, colours: string[]}} Plan
 * @typedef {{where: string, exhausted: boolean, disrupted: boolean,
 *   marker: string}} CounterState
 * @typedef {{where: string, crew: string[]}} WeaponState
 * @typedef {{id: string, type: string, defense: number}} CircleCounter
 * @typedef {{plan: Plan, view: any, choice: Choice, last_roll: Roll,
 *   log_entries: LogLine[], error: string, rev: number, game_serial: number,
 *   auto_roll: boolean}} BoardData
 * @typedef {{title: string, lines: string[]}} Tip
 * @typedef {{id: string, x: number, y: number, w: number, h: number,
 *   circle?: boolean, tip?: Tip, depth: number}} Region
 * @typedef {{get: (name: string) => any, send: (msg: object) => void,
 *   on: (cb: () => void) => void, off: (cb: () => void) => void,
 *   onAck: (cb: (msg: any) => void) => void, offAck: (cb: (msg: any) => void) => void,
 *   interactive: boolean}} Source
 */

const TRAITS = [
  "plan", "view", "choice", "last_roll", "log_entries", "error", "rev", "game_serial", "auto_roll",
];
const WIDE = 1280;
const MEDIUM = 972;
const NARROW = 660;
const MAX_SCALE = 1.2;
const FONT_FAMILY =
  '"Segoe UI", "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

/** Colour of each area; every use also carries the letter (colour is never the only cue). */
const COLOURS = {
  green: { fill: "#d5ebc8", mid: "#8fc47a", strong: "#2e7d32", ink: "#1b4d1e", letter: "G" },
  red: { fill: "#f5d2cc", mid: "#e28b7f", strong: "#c0392b", ink: "#7a1a12", letter: "R" },
  purple: { fill: "#e3d7f0", mid: "#b195d1", strong: "#6a3d9a", ink: "#3f1f63", letter: "P" },
};

/** Token colours from the rulebook's token list (Setup 9), each with a short letter code. */
const TOKENS = {
  action: { fill: "#7b1c1c", ink: "#ffffff", abbr: "Act" },
  command: { fill: "#d32f2f", ink: "#ffffff", abbr: "Cmd" },
  disrupted: { fill: "#f08a24", ink: "#222222", abbr: "D" },
  suppression: { fill: "#9e9e9e", ink: "#111111", abbr: "S" },
  sapper: { fill: "#8d5a3b", ink: "#ffffff", abbr: "Sp" },
  ammunition: { fill: "#222222", ink: "#ffffff", abbr: "Am" },
  first_aid: { fill: "#ffffff", ink: "#c62828", abbr: "+" },
  wire: { fill: "#d8b98c", ink: "#222222", abbr: "W" },
  artillery: { fill: "#6a3d9a", ink: "#ffffff", abbr: "Ar" },
  food: { fill: "#2f6fd6", ink: "#ffffff", abbr: "F" },
  aa: { fill: "#2e7d32", ink: "#ffffff", abbr: "AA" },
};

/** The state of a counter that is not on the board (the stock tray draws it). */
const IN_STOCK = Object.freeze({ where: "stock", exhausted: false, disrupted: false, marker: "" });

const INK = "#1f1f1f";
const MUTED = "#5a5a5a";
const HILITE = "#ff9f00";
const FOCUS = "#1565c0";

/** Short names of the Wehrmacht counter types, to fit a circle on the track. */
const WSHORT = {
  "machine-gunners": "MG",
  riflemen: "Rifles",
  scouts: "Scout",
  "panzer-ii": "Pz II",
  "panzer-iii": "Pz III",
  "panzer-iv": "Pz IV",
  "stug-iiib": "StuG",
};

/** @param {number} size @param {string | number} [weight] */
function font(size, weight = 400) {
  return `${weight} ${size}px ${FONT_FAMILY}`;
}

/** The font each context was last given through setFont (reset when a drawing starts). */
const currentFont = new WeakMap();
/** Widths of strings already measured, by font: the same labels are measured on every draw. */
const widths = new Map();

/**
 * Set the font, skipping the (costly) assignment when it is already the one in use.
 * @param {CanvasRenderingContext2D} ctx @param {number} size @param {string | number} [weight]
 */
function setFont(ctx, size, weight = 400) {
  const f = font(size, weight);
  if (currentFont.get(ctx) !== f) {
    ctx.font = f;
    currentFont.set(ctx, f);
  }
}

/**
 * The width of `str` in the font last set with setFont (cached).
 * @param {CanvasRenderingContext2D} ctx @param {string} str
 */
function measure(ctx, str) {
  const key = `${currentFont.get(ctx)}\u0000${str}`;
  let w = widths.get(key);
  if (w === undefined) {
    w = ctx.measureText(str).width;
    if (widths.size > 20000) widths.clear();
    widths.set(key, w);
  }
  return w;
}

// --- small drawing helpers ----------------------------------------------------------------

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r
 */
function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Fit `str` in `maxW`: shrink the font down to 11 px, then cut with an ellipsis.
 * Leaves ctx.font set to the size used.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {string | number} [weight]
 */
function fit(ctx, str, maxW, size, weight = 400) {
  let s = size;
  setFont(ctx, s, weight);
  while (s > 11 && measure(ctx, str) > maxW) {
    s -= 0.5;
    setFont(ctx, s, weight);
  }
  if (measure(ctx, str) <= maxW) return str;
  let t = str;
  while (t.length > 1 && measure(ctx, t + "…") > maxW) t = t.slice(0, -1);
  return t + "…";
}

/**
 * Draw text, fitted to a width when `max` is given.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} x @param {number} y
 * @param {{size?: number, weight?: string | number, color?: string, align?: CanvasTextAlign,
 *   base?: CanvasTextBaseline, max?: number}} [o]
 */
function text(ctx, str, x, y, o = {}) {
  const size = o.size ?? 13;
  const t = o.max ? fit(ctx, str, o.max, size, o.weight ?? 400) : str;
  if (!o.max) setFont(ctx, size, o.weight ?? 400);
  ctx.fillStyle = o.color ?? INK;
  ctx.textAlign = o.align ?? "left";
  ctx.textBaseline = o.base ?? "alphabetic";
  ctx.fillText(t, x, y);
}

/**
 * Break `str` into at most `maxLines` lines of width `maxW` (the last one cut with "…").
 * Uses the font already set on ctx.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} maxLines
 */
function wrap(ctx, str, maxW, maxLines) {
  const words = str.split(/\s+/).filter(Boolean);
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (measure(ctx, next) <= maxW || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  /** @param {string} l */
  const cut = (l) => {
    let t = l;
    while (t.length > 1 && measure(ctx, t + "…") > maxW) t = t.slice(0, -1);
    return t + "…";
  };
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = cut(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(" ")}`);
    return kept;
  }
  return lines.map((l) => (measure(ctx, l) <= maxW ? l : cut(l)));
}

/** @type {WeakMap<CanvasRenderingContext2D, Record<string, CanvasPattern | null>>} */
const patternCache = new WeakMap();

/**
 * A faint texture per colour so that colour is never the only cue: green diagonal lines,
 * red dots, purple cross-hatching; orange hatching for Disrupted, grey for Exhausted.
 * @param {CanvasRenderingContext2D} ctx @param {string} kind
 * @returns {CanvasPattern | string}
 */
function pattern(ctx, kind) {
  let cache = patternCache.get(ctx);
  if (!cache) {
    cache = {};
    patternCache.set(ctx, cache);
  }
  if (!(kind in cache)) {
    const tile = document.createElement("canvas");
    tile.width = tile.height = 12;
    const t = /** @type {CanvasRenderingContext2D} */ (tile.getContext("2d"));
    t.lineWidth = 1.2;
    t.beginPath();
    if (kind === "green") {
      t.strokeStyle = "rgba(46,125,50,0.28)";
      t.moveTo(0, 12);
      t.lineTo(12, 0);
      t.stroke();
    } else if (kind === "red") {
      t.fillStyle = "rgba(192,57,43,0.30)";
      t.arc(6, 6, 1.6, 0, Math.PI * 2);
      t.fill();
    } else if (kind === "purple") {
      t.strokeStyle = "rgba(106,61,154,0.26)";
      t.moveTo(0, 6);
      t.lineTo(12, 6);
      t.moveTo(6, 0);
      t.lineTo(6, 12);
      t.stroke();
    } else if (kind === "disrupted") {
      t.strokeStyle = "rgba(240,138,36,0.55)";
      t.lineWidth = 3;
      t.moveTo(-2, 14);
      t.lineTo(14, -2);
      t.stroke();
    } else if (kind === "exhausted") {
      t.strokeStyle = "rgba(0,0,0,0.14)";
      t.lineWidth = 1;
      t.moveTo(0, 0);
      t.lineTo(12, 12);
      t.stroke();
    }
    cache[kind] = ctx.createPattern(tile, "repeat");
  }
  return cache[kind] ?? "transparent";
}

/**
 * A round token with its letter code, and a count badge when there are several.
 * @param {CanvasRenderingContext2D} ctx @param {number} cx @param {number} cy @param {number} r
 * @param {string} kind @param {number} [count]
 */
function token(ctx, cx, cy, r, kind, count = 1) {
  const style = TOKENS[/** @type {keyof typeof TOKENS} */ (kind)] ?? {
    fill: "#cccccc", ink: INK, abbr: kind.slice(0, 2),
  };
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = style.fill;
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = "rgba(0,0,0,0.55)";
  ctx.stroke();
  const size = style.abbr.length > 2 ? 11 : 12;
  text(ctx, style.abbr, cx, cy + 0.5, {
    size, weight: 700, color: style.ink, align: "center", base: "middle",
  });
  if (count > 1) {
    const bx = cx + r * 0.8;
    const by = cy - r * 0.8;
    ctx.beginPath();
    ctx.arc(bx, by, 8, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffff";
    ctx.fill();
    ctx.strokeStyle = INK;
    ctx.lineWidth = 1;
    ctx.stroke();
    text(ctx, String(count), bx, by + 0.5, {
      size: 11, weight: 700, align: "center", base: "middle",
    });
  }
}

/**
 * One die with pips; `mark` true = this die succeeded, false = it failed, null = the roll is
 * read as a whole (a colour, a track, a total).
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} s
 * @param {number} value @param {boolean | null} mark
 */
function die(ctx, x, y, s, value, mark) {
  roundRect(ctx, x, y, s, s, s * 0.18);
  ctx.fillStyle = mark === true ? "#fff3c4" : mark === false ? "#e6e6e6" : "#ffffff";
  ctx.fill();
  ctx.lineWidth = mark === true ? 3 : 1.4;
  ctx.strokeStyle = mark === true ? "#e09000" : mark === false ? "#9a9a9a" : INK;
  ctx.stroke();
  const pip = Math.max(1.8, s * 0.09);
  const c = s / 2;
  const o = s * 0.26;
  /** @type {Record<number, Array<[number, number]>>} */
  const layout = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  ctx.fillStyle = mark === false ? "#7a7a7a" : INK;
  for (const [dx, dy] of layout[value] ?? []) {
    ctx.beginPath();
    ctx.arc(x + c + dx * o, y + c + dy * o, pip, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * A colour pill such as "G4": the letter and number on the colour, so it reads without colour.
 * Returns its width.
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y
 * @param {string} colour @param {string} label
 */
function pill(ctx, x, y, colour, label) {
  const c = COLOURS[/** @type {keyof typeof COLOURS} */ (colour)];
  setFont(ctx, 13, 700);
  const w = measure(ctx, label) + 10;
  roundRect(ctx, x, y, w, 17, 8);
  ctx.fillStyle = c.strong;
  ctx.fill();
  text(ctx, label, x + w / 2, y + 9, {
    size: 13, weight: 700, color: "#ffffff", align: "center", base: "middle",
  });
  return w;
}

/** Whether Tactics cards (variant 7.2) are in play. @param {any} view */
function hasTactics(view) {
  return !!view?.tactics && view.tactics.level !== "none";
}

/** @param {string} colour */
function colourOf(colour) {
  return COLOURS[/** @type {keyof typeof COLOURS} */ (colour)];
}

/** @param {string} s */
function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

// --- the scene ------------------------------------------------------------------------------

/**
 * Where each part of the board goes. Three layouts, chosen by the width available so that
 * the board is never drawn below its own size (its smallest text is 11 px):
 * `wide` (1280: the three panels side by side, like the real board), `medium` (972: the house
 * and 9 January Square side by side, the Volga below them) and `narrow` (660: the house above,
 * the square and the Volga below). A second card strip appears when the cards need it.
 * @param {string} mode @param {boolean} [tactics] Tactics cards are in play
 */
function frame(mode, tactics = false) {
  if (mode === "wide") {
    return {
      W: WIDE, H: 862, header: 40,
      house: { x: 8, y: 48, w: 604, h: 650 },
      square: { x: 620, y: 48, w: 344, h: 650 },
      volga: { x: 972, y: 48, w: 300, h: 650 },
      cards: { x: 8, y: 706, w: WIDE - 16, h: 148 },
      cards2: null,
    };
  }
  if (mode === "medium") {
    return {
      W: MEDIUM, H: tactics ? 1306 : 1150, header: 58,
      house: { x: 8, y: 66, w: 604, h: 650 },
      square: { x: 620, y: 66, w: 344, h: 650 },
      volga: { x: 8, y: 724, w: MEDIUM - 16, h: 262 },
      cards: { x: 8, y: 994, w: MEDIUM - 16, h: 148 },
      cards2: tactics ? { x: 8, y: 1150, w: MEDIUM - 16, h: 148 } : null,
    };
  }
  return {
    W: NARROW, H: 1692, header: 58,
    house: { x: 28, y: 66, w: 604, h: 650 },
    square: { x: 8, y: 724, w: 344, h: 650 },
    volga: { x: 356, y: 724, w: 296, h: 650 },
    cards: { x: 8, y: 1382, w: NARROW - 16, h: 148 },
    cards2: { x: 8, y: 1536, w: NARROW - 16, h: 148 },
  };
}

/**
 * The layout for a container `width` CSS px wide, and its scale (at least 1, so no text is
 * smaller than 11 CSS px; narrower containers scroll sideways).
 * @param {number} width
 */
function chooseLayout(width) {
  const mode = width >= WIDE ? "wide" : width >= MEDIUM ? "medium" : "narrow";
  const W = mode === "wide" ? WIDE : mode === "medium" ? MEDIUM : NARROW;
  return { mode, scale: Math.max(1, Math.min(MAX_SCALE, width / W)) };
}

/** Draws the whole scene and collects the regions the overlay and the pointer use. */
class Scene {
  /**
   * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {string} mode
   */
  constructor(ctx, d, mode) {
    this.ctx = ctx;
    this.d = d;
    this.plan = d.plan;
    this.v = d.view;
    this.mode = mode;
    this.f = frame(mode, hasTactics(d.view));
    /** @type {Region[]} */
    this.regions = [];
    /** @type {Set<string>} */
    this.targets = new Set();
    for (const o of d.choice?.options ?? []) for (const t of o.targets) this.targets.add(t);
  }

  /**
   * @param {string} id @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {number} depth @param {Tip} [tip] @param {boolean} [circle]
   */
  region(id, x, y, w, h, depth, tip, circle = false) {
    this.regions.push({ id, x, y, w, h, depth, tip, circle });
  }

  draw() {
    const { ctx, f } = this;
    currentFont.delete(ctx); // resizing the canvas resets its state, the font included
    ctx.fillStyle = "#2d2a26";
    ctx.fillRect(0, 0, f.W, f.H);
    this.header();
    this.house(f.house);
    this.squareSide(f.square);
    this.volga(f.volga);
    this.cardStrip();
    if (this.stockTargets()) this.stockTray();
    if (this.v.outcome) this.banner();
  }

  /** @param {string} id */
  name(id) {
    return this.plan.soviet[id]?.name ?? this.plan.weapons[id]?.name ?? id;
  }

  /** @param {string} where */
  placeName(where) {
    if (where === "reserves") return "Reserves";
    if (where === "raid") return "on a Storm Group raid";
    if (where === "stock") return "the stock";
    const sq = this.plan.squares.find((s) => s.id === where);
    if (sq) return `position ${sq.nums.map((q) => `${colourOf(q.colour).letter}${q.n}`).join("/")}`;
    return where;
  }

  /** @param {string} place */
  soviets(place) {
    return Object.keys(this.v.soviet).filter((id) => this.v.soviet[id].where === place);
  }

  /** @param {string} place */
  weaponsAt(place) {
    return Object.keys(this.v.weapons).filter((id) => this.v.weapons[id].where === place);
  }

  // --- header ---------------------------------------------------------------------------

  header() {
    const { ctx, v, f } = this;
    ctx.fillStyle = "#f7f4ec";
    ctx.fillRect(0, 0, f.W, f.header);
    ctx.fillStyle = "#c9bfa8";
    ctx.fillRect(0, f.header - 2, f.W, 2);
    const sc = v.score;
    const sign = sc.total > 0 ? "+" : sc.total < 0 ? "−" : "";
    const turn = `Turn ${v.turn} of ${v.turns}`;
    const left = [];
    if (v.phase === "soviet_cards") left.push(`card actions left ${v.actionsLeft}`);
    if (v.phase === "wehrmacht_cards") left.push(`card ${v.cardsInPhase} of 3`);
    if (v.phase === "counter_moves") left.push(`moves left ${v.movesLeft}`);
    if (v.phase === "counter_moves" || v.phase === "counter_actions") {
      left.push(`actions left ${v.actionsLeft}`);
    }
    const scoreText = `Score ${sign}${Math.abs(sc.total)}`;
    const support = sc.support ? ` + support VP ${sc.support}` : "";
    const parts =
      `raid VP ${sc.raids}${support} + ${sc.defenders} defenders ` +
      `− 3 × ${sc.attackers} attackers`;
    const decks =
      `Wehrmacht deck ${v.decks.wehrmacht} · Soviet deck ${v.decks.soviet}, ` +
      `discards ${v.decks.discard} · Fog of War in stock ${v.decks.fog}`;
    text(ctx, turn, 12, 26, { size: 18, weight: 700 });
    setFont(ctx, 18, 700);
    const x = 12 + measure(ctx, turn) + 14;
    const phase = v.phaseLabel + (left.length ? ` — ${left.join(", ")}` : "");
    if (this.mode === "wide") {
      text(ctx, phase, x, 26, { size: 15, weight: 600, color: "#3b3b3b", max: 560 - x - 10 });
      text(ctx, scoreText, 560, 26, { size: 17, weight: 700 });
      setFont(ctx, 17, 700);
      const sx = 560 + measure(ctx, scoreText) + 8;
      text(ctx, `(${parts})`, sx, 26, { size: 13, color: MUTED, max: 880 - sx });
      text(ctx, decks, f.W - 12, 26, { size: 13, color: MUTED, align: "right", max: 380 });
    } else {
      text(ctx, phase, x, 26, { size: 15, weight: 600, color: "#3b3b3b", max: f.W - x - 12 });
      text(ctx, `${scoreText} (${parts})`, 12, 48, { size: 13, weight: 600, max: 330 });
      text(ctx, decks, f.W - 12, 48, { size: 12, color: MUTED, align: "right", max: f.W - 372 });
    }
    this.region("header", 0, 0, f.W, f.header, 0, {
      title: `Turn ${v.turn} of ${v.turns}: ${v.phaseLabel}`,
      lines: [
        `${scoreText}: ${parts} (6.0)`,
        decks,
        `Wehrmacht counters in the stock: ${v.wstock}`,
      ],
    });
  }

  /**
   * A panel background with its title.
   * @param {{x: number, y: number, w: number, h: number}} p @param {string} title
   * @param {string} fill
   */
  panel(p, title, fill) {
    const { ctx } = this;
    roundRect(ctx, p.x, p.y, p.w, p.h, 8);
    ctx.fillStyle = fill;
    ctx.fill();
    text(ctx, title, p.x + 10, p.y + 19, { size: 15, weight: 700, color: "#2b2b2b" });
  }

  // --- the house ------------------------------------------------------------------------

  /** @param {{x: number, y: number, w: number, h: number}} p */
  house(p) {
    const { ctx, plan } = this;
    this.panel(p, "Pavlov's House", "#efe9dc");
    text(ctx, "combat positions: colour letter + number", p.x + 130, p.y + 19, {
      size: 12, color: MUTED,
    });
    const cols = Math.max(...plan.squares.map((s) => s.x)) + 1;
    const rows = Math.max(...plan.squares.map((s) => s.y)) + 1;
    const gx = p.x + 8;
    const gy = p.y + 28;
    const gap = 4;
    const gridW = 460;
    const gridH = 484;
    const sw = (gridW - gap * (cols - 1)) / cols;
    const sh = (gridH - gap * (rows - 1)) / rows;
    ctx.fillStyle = "#6b6357";
    ctx.fillRect(gx - 3, gy - 3, gridW + 6, gridH + 6);
    for (const sq of plan.squares) {
      this.square(sq, gx + sq.x * (sw + gap), gy + sq.y * (sh + gap), sw, sh);
    }
    const sx = gx + gridW + 10;
    const sideW = p.x + p.w - 8 - sx;
    let y = this.defenseTracks(sx, gy, sideW);
    y = this.suppressionBoxes(sx, y + 6, sideW);
    y = this.supplies(sx, y + 6, sideW);
    this.stormBox(sx, y + 6, sideW, gy + gridH - (y + 6));
    this.reserves(gx, gy + gridH + 8, p.w - 16, p.y + p.h - 8 - (gy + gridH + 8));
  }

  /**
   * One combat position: its colour(s) with letter and number, the radio mark, its counters.
   * @param {SquareSpec} sq @param {number} x @param {number} y @param {number} w @param {number} h
   */
  square(sq, x, y, w, h) {
    const { ctx } = this;
    const cs = sq.nums.map((q) => q.colour);
    ctx.fillStyle = colourOf(cs[0]).fill;
    ctx.fillRect(x, y, w, h);
    if (cs.length > 1) {
      // A two-coloured square: split on the diagonal, each half with its own texture.
      ctx.save();
      ctx.beginPath();
      ctx.moveTo(x + w, y);
      ctx.lineTo(x + w, y + h);
      ctx.lineTo(x, y + h);
      ctx.closePath();
      ctx.fillStyle = colourOf(cs[1]).fill;
      ctx.fill();
      ctx.clip();
      ctx.fillStyle = pattern(ctx, cs[1]);
      ctx.fillRect(x, y, w, h);
      ctx.restore();
      ctx.save();
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + w, y);
      ctx.lineTo(x, y + h);
      ctx.closePath();
      ctx.clip();
      ctx.fillStyle = pattern(ctx, cs[0]);
      ctx.fillRect(x, y, w, h);
      ctx.restore();
    } else {
      ctx.fillStyle = pattern(ctx, cs[0]);
      ctx.fillRect(x, y, w, h);
    }
    ctx.strokeStyle = "rgba(0,0,0,0.35)";
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
    let px = x + 4;
    for (const q of sq.nums) {
      px += pill(ctx, px, y + 4, q.colour, `${colourOf(q.colour).letter}${q.n}`) + 4;
    }
    if (sq.radio) this.radio(x + w - 22, y + 4);
    const label = sq.nums.map((q) => `${q.colour} ${q.n}`).join(" / ");
    const here = this.soviets(sq.id);
    const arms = this.weaponsAt(sq.id);
    this.region(`square:${sq.id}`, x, y, w, h, 1, {
      title: `Combat position ${label}`,
      lines: [
        `Sees the ${cs.join(" and ")} tracks (1.3 Line of Sight)`,
        ...(sq.radio ? ["The radio position: Request Reinforcements (4.0)"] : []),
        here.length ? `Here: ${[...here, ...arms].map((id) => this.name(id)).join(", ")}` : "Empty",
      ],
    });
    // Stack the counters, then their weapons; squeeze them if a position is crowded.
    const top = y + 23;
    const avail = y + h - 3 - top;
    const want = here.length * 36 + arms.length * 24;
    const k = want > avail ? avail / want : 1;
    const ch = 34 * k;
    const wh = Math.max(16, 22 * k);
    let cy = top;
    for (const id of here) {
      this.counter(id, x + 4, cy, w - 8, ch, ch < 30);
      cy += ch + 2 * k;
    }
    for (const wid of arms) {
      this.weapon(wid, x + 4, cy, w - 8, wh, false);
      cy += wh + 2 * k;
    }
    // A crewed weapon: a bracket down the left edge joins it to its two counters (4.0).
    if (arms.some((wid) => this.crew(wid).length)) {
      ctx.fillStyle = "#4b4633";
      ctx.fillRect(x + 1, top + 3, 2.5, cy - top - 2 * k - 6);
    }
  }

  /** A small radio mast: the radio position of 4.0 Request Reinforcements.
   * @param {number} x @param {number} y */
  radio(x, y) {
    const { ctx } = this;
    roundRect(ctx, x, y, 18, 17, 4);
    ctx.fillStyle = "#263238";
    ctx.fill();
    ctx.strokeStyle = "#ffffff";
    ctx.lineWidth = 1.4;
    ctx.beginPath();
    ctx.moveTo(x + 9, y + 15);
    ctx.lineTo(x + 9, y + 7);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x + 9, y + 8, 3.5, Math.PI * 1.15, Math.PI * 1.85);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x + 9, y + 8, 6.5, Math.PI * 1.2, Math.PI * 1.8);
    ctx.stroke();
  }

  /**
   * A Soviet counter: name; attack-suppress; special letters; cost; its state at a glance
   * (Exhausted: grey hatched with "Exh"; Disrupted: an orange "D" token; Action or Command
   * token: a dark red "Act" or red "Cmd" tag).
   * @param {string} id @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {boolean} [compact] one line: name and values only
   */
  counter(id, x, y, w, h, compact = false) {
    const { ctx, plan, v } = this;
    /** @type {CounterState} */
    const state = v.soviet[id] ?? IN_STOCK;
    const { exhausted, disrupted } = state;
    const marker = /** @type {"action" | "command" | ""} */ (state.marker);
    roundRect(ctx, x, y, w, h, 4);
    ctx.fillStyle = exhausted ? "#bdb7a6" : "#e9ddbd";
    ctx.fill();
    if (exhausted) {
      ctx.fillStyle = pattern(ctx, "exhausted");
      ctx.fill();
    }
    ctx.lineWidth = 1.2;
    ctx.strokeStyle = "#4e4330";
    ctx.stroke();
    const { name, attack, suppress, specials, cost, reserves: startsInReserves } = plan.soviet[id];
    const ink = exhausted ? "#454545" : INK;
    const mid = y + h / 2 + 1;
    // Tags on the right: Exh (exhausted), Act / Cmd (marker); the D token sits on the corner.
    let tagX = x + w - 4;
    /** @param {string} label @param {string} fill @param {string} colour @param {number} ty */
    const tag = (label, fill, colour, ty) => {
      setFont(ctx, 11, 700);
      const tw = measure(ctx, label) + 8;
      tagX -= tw;
      roundRect(ctx, tagX, ty, tw, 14, 3);
      ctx.fillStyle = fill;
      ctx.fill();
      text(ctx, label, tagX + tw / 2, ty + 7.5, {
        size: 11, weight: 700, color: colour, align: "center", base: "middle",
      });
      tagX -= 3;
    };
    if (compact) {
      if (disrupted) tagX -= 12;
      text(ctx, `${attack}-${suppress}`, tagX, mid, {
        size: 13, weight: 700, align: "right", base: "middle", color: ink,
      });
      setFont(ctx, 13, 700);
      tagX -= measure(ctx, `${attack}-${suppress}`) + 4;
      if (exhausted) tag("Exh", "#37474f", "#ffffff", mid - 7);
      if (marker) tag(TOKENS[marker].abbr, TOKENS[marker].fill, TOKENS[marker].ink, mid - 7);
      setFont(ctx, 13, 700);
      const nameW = measure(ctx, name);
      setFont(ctx, 11, 700);
      const specW = specials ? measure(ctx, specials) + 6 : 0;
      if (specials && nameW + specW + 12 <= tagX - x) {
        roundRect(ctx, tagX - specW, mid - 7, specW, 14, 3);
        ctx.fillStyle = "#3e3a32";
        ctx.fill();
        text(ctx, specials, tagX - specW / 2, mid + 0.5, {
          size: 11, weight: 700, color: "#ffe9a8", align: "center", base: "middle",
        });
        tagX -= specW + 3;
      }
      text(ctx, name, x + 5, mid, {
        size: 13, weight: 700, color: ink, base: "middle", max: Math.max(20, tagX - x - 6),
      });
    } else {
      // Bottom row: attack-suppress, special letters, cost (lower right, as printed).
      const by = y + h - 6;
      text(ctx, `${attack}-${suppress}`, x + 5, by, { size: 14, weight: 700, color: ink });
      let bx = x + 34;
      if (specials) {
        setFont(ctx, 12, 700);
        const sw = measure(ctx, specials) + 8;
        roundRect(ctx, bx, y + h - 18, sw, 15, 3);
        ctx.fillStyle = "#3e3a32";
        ctx.fill();
        text(ctx, specials, bx + sw / 2, y + h - 10, {
          size: 12, weight: 700, color: "#ffe9a8", align: "center", base: "middle",
        });
        bx += sw + 4;
      }
      // Deployment cost at the lower right; a white square marks the four that start in
      // Reserves (Setup 6).
      ctx.fillStyle = startsInReserves ? "#ffffff" : "#d8cba6";
      ctx.fillRect(x + w - 19, y + h - 18, 15, 15);
      ctx.strokeStyle = "#4e4330";
      ctx.lineWidth = 1;
      ctx.strokeRect(x + w - 18.5, y + h - 17.5, 14, 14);
      text(ctx, String(cost), x + w - 11.5, y + h - 10, {
        size: 12, weight: 700, align: "center", base: "middle",
      });
      // State tags (Act/Cmd, Exh) go on the bottom row when they fit beside the letters,
      // else at the right of the name row as far as the name still reads in full. The
      // Exhausted side is also grey and hatched, so its tag is the one left out when short.
      /** @type {Array<[string, string, string]>} */
      let tags = [];
      if (marker) tags.push([TOKENS[marker].abbr, TOKENS[marker].fill, TOKENS[marker].ink]);
      if (exhausted) tags.push(["Exh", "#37474f", "#ffffff"]);
      setFont(ctx, 11, 700);
      const widthOf = (/** @type {Array<[string, string, string]>} */ list) =>
        list.reduce((acc, [label]) => acc + measure(ctx, label) + 11, 0);
      const onBottom = widthOf(tags) <= x + w - 22 - bx;
      const nameRoom = w - 10 - (disrupted ? 16 : 0);
      if (!onBottom) {
        setFont(ctx, 11, 700);
        const nameW = measure(ctx, name) + 2;
        while (tags.length > 1 && nameW + widthOf(tags) > nameRoom) tags = tags.slice(0, -1);
        setFont(ctx, 11, 700);
      }
      tagX = onBottom ? x + w - 22 : x + w - 4 - (disrupted ? 16 : 0);
      const tagY = onBottom ? y + h - 18 : y + 3;
      for (const [label, fill, colour] of tags) tag(label, fill, colour, tagY);
      const nameMax = onBottom ? nameRoom : tagX - (x + 5);
      text(ctx, name, x + 5, y + 14, { size: 13, weight: 700, color: ink, max: nameMax });
    }
    if (disrupted) token(ctx, x + w - 7, y + 6, 8, "disrupted");
    const stateWords = [
      exhausted ? "Exhausted" : "Ready",
      ...(disrupted ? ["Disrupted"] : []),
      ...(marker ? [`${marker === "action" ? "Action" : "Command"} token`] : []),
      ...(v.moved?.includes(id) ? ["moved this phase"] : []),
    ];
    this.region(`counter:${id}`, x, y, w, h, 3, {
      title: name,
      lines: [
        `Attack ${attack} · Suppress ${suppress} · Cost ${cost}`,
        specials
          ? `Special: ${[...specials].map((l) => `${l} = ${plan.specials[l] ?? l}`).join(", ")}`
          : "No special letters",
        `State: ${stateWords.join(", ")}`,
        `Where: ${this.placeName(state.where)}`,
        ...(startsInReserves ? ["White square: starts in Reserves (Setup 6)"] : []),
      ],
    });
  }

  /** The counters crewing a weapon, as Python's view says (4.0). @param {string} id */
  crew(id) {
    return /** @type {WeaponState | undefined} */ (this.v.weapons[id])?.crew ?? [];
  }

  /**
   * A weapon counter. On a combat position the cost is left off (it matters only when
   * buying), so the name has room.
   * @param {string} id @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {boolean} [showCost]
   */
  weapon(id, x, y, w, h, showCost = true) {
    const { ctx, plan } = this;
    const { name, special, attack, suppress, cost } = plan.weapons[id];
    const crew = this.crew(id);
    roundRect(ctx, x, y, w, h, 3);
    ctx.fillStyle = crew.length ? "#d4cc9f" : "#c8c09a";
    ctx.fill();
    // A crewed weapon (two counters of its designation with it) has a heavy frame.
    ctx.strokeStyle = "#4b4633";
    ctx.lineWidth = crew.length ? 2.2 : 1.1;
    ctx.stroke();
    const mid = y + h / 2 + 0.5;
    roundRect(ctx, x + 3, y + 2, 17, h - 4, 3);
    ctx.fillStyle = "#4b4633";
    ctx.fill();
    text(ctx, special, x + 11.5, mid, {
      size: 12, weight: 700, color: "#fff3c0", align: "center", base: "middle",
    });
    const values = `${attack}-${suppress}`;
    setFont(ctx, 12, 700);
    const vw = measure(ctx, values);
    const right = showCost ? 19 : 6;
    text(ctx, values, x + w - right, mid, {
      size: 12, weight: 700, align: "right", base: "middle",
    });
    if (showCost) {
      text(ctx, String(cost), x + w - 9, mid, {
        size: 12, weight: 700, align: "center", base: "middle", color: "#4b4633",
      });
    }
    text(ctx, name.split(" ")[0], x + 23, mid, {
      size: 12, weight: 700, base: "middle", max: w - 23 - right - vw - 5,
    });
    this.region(`weapon:${id}`, x, y, w, h, 3, {
      title: `${name} (weapon)`,
      lines: [
        `Designation ${special} (${plan.specials[special] ?? special}) · Attack ${attack} · ` +
          `Suppress ${suppress} · Cost ${cost}`,
        crew.length
          ? `Crewed by ${crew.map((c) => this.name(c)).join(" & ")} (4.0 weapon actions)`
          : `Needs two [${special}] counters on its position to act (4.0)`,
      ],
    });
  }

  /** @param {number} x @param {number} y @param {number} w */
  defenseTracks(x, y, w) {
    const { ctx, plan, v } = this;
    text(ctx, "Defense", x, y + 12, { size: 13, weight: 700 });
    y += 18;
    const values = [];
    for (let n = plan.defense.min; n <= plan.defense.max; n++) values.push(n);
    for (const colour of plan.colours) {
      const c = colourOf(colour);
      roundRect(ctx, x, y, w, 24, 4);
      ctx.fillStyle = c.fill;
      ctx.fill();
      text(ctx, c.letter, x + 8, y + 13, {
        size: 13, weight: 700, color: c.ink, align: "center", base: "middle",
      });
      const cell = (w - 18) / values.length;
      values.forEach((n, i) => {
        const cx = x + 16 + i * cell + cell / 2;
        const here = v.defense[colour] === n;
        ctx.beginPath();
        ctx.moveTo(cx - 9, y + 3);
        ctx.lineTo(cx + 9, y + 3);
        ctx.lineTo(cx + 9, y + 12);
        ctx.quadraticCurveTo(cx + 9, y + 18, cx, y + 22);
        ctx.quadraticCurveTo(cx - 9, y + 18, cx - 9, y + 12);
        ctx.closePath();
        ctx.fillStyle = here ? c.strong : "rgba(255,255,255,0.7)";
        ctx.fill();
        ctx.lineWidth = 1;
        ctx.strokeStyle = c.strong;
        ctx.stroke();
        text(ctx, String(n), cx, y + 11.5, {
          size: 12, weight: 700, color: here ? "#ffffff" : c.ink, align: "center", base: "middle",
        });
      });
      this.region(`defense:${colour}`, x, y, w, 24, 2, {
        title: `${capital(colour)} Defense ${v.defense[colour]}`,
        lines: [
          `Artillery and armour need a ${v.defense[colour]} or more to hit the ${colour} ` +
            "positions (3.0 Attack Building)",
          `At ${plan.defense.min} a further hit disrupts every ${colour} counter instead`,
        ],
      });
      y += 27;
    }
    return y;
  }

  /** @param {number} x @param {number} y @param {number} w */
  suppressionBoxes(x, y, w) {
    const { ctx, plan, v } = this;
    text(ctx, "Suppression", x, y + 12, { size: 13, weight: 700 });
    y += 17;
    for (const colour of plan.colours) {
      const c = colourOf(colour);
      const n = v.tokens[`suppress:${colour}`]?.suppression ?? 0;
      roundRect(ctx, x, y, w, 28, 4);
      ctx.fillStyle = c.fill;
      ctx.fill();
      ctx.fillStyle = pattern(ctx, colour);
      ctx.fill();
      ctx.strokeStyle = c.strong;
      ctx.lineWidth = 1.2;
      ctx.stroke();
      text(ctx, `${c.letter} box`, x + 6, y + 15, {
        size: 13, weight: 700, color: c.ink, base: "middle",
      });
      if (n) token(ctx, x + w - 22, y + 14, 10, "suppression", n);
      else {
        text(ctx, "empty", x + w - 8, y + 15, {
          size: 12, color: MUTED, align: "right", base: "middle",
        });
      }
      this.region(`box:suppress:${colour}`, x, y, w, 28, 2, {
        title: `${capital(colour)} Suppression box`,
        lines: [
          `${n} Suppression token${n === 1 ? "" : "s"}`,
          `Spend them on infantry entering a ${colour} track (3.0 Place Wehrmacht Counter)`,
        ],
      });
      y += 31;
    }
    return y;
  }

  /** @param {number} x @param {number} y @param {number} w */
  supplies(x, y, w) {
    const { ctx, v, plan } = this;
    const here = v.tokens.supplies ?? {};
    const kinds = Object.keys(here);
    const rows = Math.max(1, Math.ceil(kinds.length / 3));
    const h = 22 + rows * 30;
    roundRect(ctx, x, y, w, h, 4);
    ctx.fillStyle = "#fbf8f1";
    ctx.fill();
    ctx.strokeStyle = "#8a7d62";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    text(ctx, "Supplies", x + 6, y + 15, { size: 13, weight: 700 });
    if (!kinds.length) text(ctx, "empty", x + 6, y + 36, { size: 12, color: MUTED });
    kinds.forEach((k, i) => {
      token(ctx, x + 20 + (i % 3) * 36, y + 38 + Math.floor(i / 3) * 30, 11, k, here[k]);
    });
    this.region("box:supplies", x, y, w, h, 2, {
      title: "Supplies box",
      lines: kinds.length ? kinds.map((k) => `${plan.tokens[k] ?? k}: ${here[k]}`) : ["No tokens"],
    });
    return y + h;
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  stormBox(x, y, w, h) {
    const { ctx, v } = this;
    roundRect(ctx, x, y, w, h, 4);
    ctx.fillStyle = "#ece4d2";
    ctx.fill();
    ctx.setLineDash([5, 3]);
    ctx.strokeStyle = "#6b5d45";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    ctx.setLineDash([]);
    text(ctx, "Storm Group", x + 6, y + 15, { size: 13, weight: 700 });
    const sg = v.storm;
    /** @type {string[]} */
    const lines = [];
    if (sg) {
      const c = colourOf(sg.colour);
      setFont(ctx, 13, 700);
      const nameLines = wrap(ctx, sg.name, w - 20, 2);
      const cardH = 80 + 15 * nameLines.length;
      roundRect(ctx, x + 5, y + 22, w - 10, Math.min(cardH, h - 28), 4);
      ctx.fillStyle = "#fffdf7";
      ctx.fill();
      ctx.strokeStyle = c.strong;
      ctx.lineWidth = 2;
      ctx.stroke();
      nameLines.forEach((t, i) => text(ctx, t, x + 10, y + 40 + i * 15, { size: 13, weight: 700 }));
      const ty = y + 40 + 15 * nameLines.length;
      pill(ctx, x + 10, ty - 7, sg.colour, `${c.letter} tracks clear`);
      text(ctx, `Defense ${sg.defense}`, x + 10, ty + 28, { size: 13 });
      text(ctx, `${sg.vp} VP`, x + 10, ty + 46, { size: 13, weight: 700 });
      lines.push(
        `${sg.name}: raid when the ${sg.colour} tracks are clear`,
        `The raiders' dice must total ${sg.defense} or more; success scores ${sg.vp} VP`,
      );
    } else {
      text(ctx, "no card", x + 8, y + 36, { size: 12, color: MUTED });
      lines.push("No Storm Group card in the box");
    }
    const raiders = this.soviets("raid");
    if (raiders.length) lines.push(`On the raid: ${raiders.map((r) => this.name(r)).join(", ")}`);
    if (v.stormWon.length) {
      setFont(ctx, 12, 600);
      const won = wrap(ctx, `Won: ${v.stormWon.join(", ")}`, w - 12, 2);
      won.forEach((t, i) => {
        text(ctx, t, x + 6, y + h - 8 - (won.length - 1 - i) * 14, {
          size: 12, weight: 600, color: "#1b5e20",
        });
      });
      lines.push(`Raids won: ${v.stormWon.join(", ")}`);
    }
    this.region("box:storm", x, y, w, h, 2, {
      title: "Storm Group box (3.0 Special Cards)", lines,
    });
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  reserves(x, y, w, h) {
    const { ctx, v } = this;
    roundRect(ctx, x, y, w, h, 5);
    ctx.fillStyle = "#ddd3bd";
    ctx.fill();
    ctx.strokeStyle = "#6b5d45";
    ctx.lineWidth = 1.5;
    ctx.stroke();
    const ids = this.soviets("reserves");
    const raid = this.soviets("raid");
    const arms = this.weaponsAt("reserves");
    text(ctx, `Reserves (${ids.length})`, x + 8, y + 16, { size: 13, weight: 700 });
    const notes = [];
    if (raid.length) notes.push(`on a raid: ${raid.map((r) => this.name(r)).join(", ")}`);
    notes.push(`casualties: ${v.casualties.length}`);
    text(ctx, notes.join(" · "), x + w - 8, y + 16, {
      size: 12, color: MUTED, align: "right", max: w - 140,
    });
    this.region("box:reserves", x, y, w, h, 1, {
      title: "Reserves box",
      lines: [
        ids.length ? `Counters: ${ids.map((i) => this.name(i)).join(", ")}` : "No counters",
        ...(arms.length ? [`Weapons: ${arms.map((i) => this.name(i)).join(", ")}`] : []),
        `Casualties so far: ${v.casualties.length}`,
      ],
    });
    /** @type {Array<[string, string]>} */
    const items = [...ids.map((id) => /** @type {[string, string]} */ (["c", id])),
      ...arms.map((id) => /** @type {[string, string]} */ (["w", id]))];
    const top = y + 22;
    const avail = h - 26;
    // Full counters while they fit, then one-line chips, then a "+N more" chip.
    let cw = 140;
    let ch = 34;
    let compact = false;
    let cols = Math.floor((w - 8) / (cw + 4));
    let rows = Math.floor(avail / (ch + 3));
    if (items.length > cols * rows) {
      compact = true;
      cw = 112;
      ch = 22;
      cols = Math.floor((w - 8) / (cw + 4));
      rows = Math.floor(avail / (ch + 3));
    }
    const capacity = cols * rows;
    const shown = items.length > capacity ? items.slice(0, capacity - 1) : items;
    // Counters fill the rows first; weapons start a row of their own when they fit.
    const counterRows = Math.ceil(ids.length / cols);
    const weaponRows = Math.ceil(arms.length / cols);
    const ownRows = counterRows * (ch + 3) + weaponRows * 25 <= avail && items.length <= capacity;
    /** @param {number} i */
    const slot = (i) => {
      if (ownRows && i >= ids.length) {
        const j = i - ids.length;
        const wy = top + counterRows * (ch + 3) + Math.floor(j / cols) * 25;
        return [x + 6 + (j % cols) * (cw + 4), wy];
      }
      return [x + 6 + (i % cols) * (cw + 4), top + Math.floor(i / cols) * (ch + 3)];
    };
    shown.forEach(([kind, id], i) => {
      const [cx, cy] = slot(i);
      if (kind === "c") this.counter(id, cx, cy, cw, ch, compact);
      else this.weapon(id, cx, cy, cw, 22);
    });
    if (items.length > shown.length) {
      const [cx, cy] = slot(shown.length);
      const rest = items.slice(shown.length);
      roundRect(ctx, cx, cy, cw, ch, 4);
      ctx.fillStyle = "#f6f1e4";
      ctx.fill();
      text(ctx, `+${rest.length} more`, cx + cw / 2, cy + ch / 2 + 1, {
        size: 13, weight: 700, align: "center", base: "middle",
      });
      this.region("reserves:more", cx, cy, cw, ch, 3, {
        title: "More in Reserves", lines: [rest.map(([, id]) => this.name(id)).join(", ")],
      });
    }
  }

  // --- 9 January Square -------------------------------------------------------------------

  /** @param {{x: number, y: number, w: number, h: number}} p */
  squareSide(p) {
    const { ctx, plan, v } = this;
    this.panel(p, "9 January Square", "#e4e1d8");
    text(ctx, "◀ toward the house", p.x + p.w - 10, p.y + 19, {
      size: 12, color: MUTED, align: "right",
    });
    const rowH = 72;
    const top = p.y + 30;
    plan.tracks.forEach((t, i) => this.track(t, p.x + 6, top + i * rowH, p.w - 12, rowH - 8));
    const ly = top + plan.tracks.length * rowH + 8;
    text(ctx, `Wehrmacht counters in the stock: ${v.wstock}`, p.x + 10, ly + 6, { size: 13 });
    text(ctx, "New counters enter at circle 1 and push the others", p.x + 10, ly + 26, {
      size: 12, color: MUTED,
    });
    text(ctx, "on; one past the last circle loses the game (6.0).", p.x + 10, ly + 42, {
      size: 12, color: MUTED,
    });
    const gy = ly + 68;
    ctx.beginPath();
    ctx.arc(p.x + 22, gy, 11, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffff";
    ctx.fill();
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = TOKENS.sapper.fill;
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.setLineDash([]);
    text(ctx, "Sapper location (dashed brown ring)", p.x + 40, gy + 5, { size: 12, color: MUTED });
    token(ctx, p.x + 22, gy + 30, 10, "sapper");
    text(ctx, "Sapper token waiting (3.0 Sapper Defenses)", p.x + 40, gy + 35, {
      size: 12, color: MUTED, max: p.w - 50,
    });
  }

  /**
   * One arrow track: circle 1 (entry) on the right, the last circle next to the house.
   * @param {TrackSpec} t @param {number} x @param {number} y @param {number} w @param {number} h
   */
  track(t, x, y, w, h) {
    const { ctx, v, plan } = this;
    const c = colourOf(t.colour);
    ctx.beginPath();
    ctx.moveTo(x + 18, y);
    ctx.lineTo(x + w, y);
    ctx.lineTo(x + w, y + h);
    ctx.lineTo(x + 18, y + h);
    ctx.lineTo(x, y + h / 2);
    ctx.closePath();
    ctx.fillStyle = c.fill;
    ctx.fill();
    ctx.fillStyle = pattern(ctx, t.colour);
    ctx.fill();
    ctx.strokeStyle = c.strong;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    roundRect(ctx, x + w - 34, y + 6, 28, h - 12, 5);
    ctx.fillStyle = c.strong;
    ctx.fill();
    text(ctx, String(t.n), x + w - 20, y + h / 2 - 8, {
      size: 16, weight: 700, color: "#ffffff", align: "center", base: "middle",
    });
    text(ctx, c.letter, x + w - 20, y + h / 2 + 11, {
      size: 13, weight: 700, color: "#ffffff", align: "center", base: "middle",
    });
    const circles = t.circles;
    const span = w - 34 - 26;
    const step = Math.min(60, span / circles);
    const r = Math.min(26, h / 2 - 4, step / 2 - 2);
    /** @type {Array<CircleCounter | null>} */
    const here = v.tracks[t.n - 1] ?? [];
    for (let k = 1; k <= circles; k++) {
      const cx = x + w - 38 - step / 2 - (k - 1) * step;
      const cy = y + h / 2;
      const sapperSpot = t.sappers.includes(k);
      const sapper = v.tokens[`sapper:${t.n}:${k}`]?.sapper ?? 0;
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fillStyle = "rgba(255,255,255,0.85)";
      ctx.fill();
      if (sapperSpot) {
        ctx.setLineDash([4, 3]);
        ctx.strokeStyle = TOKENS.sapper.fill;
        ctx.lineWidth = 3;
      } else {
        ctx.strokeStyle = c.strong;
        ctx.lineWidth = 1.2;
      }
      ctx.stroke();
      ctx.setLineDash([]);
      const counter = here[k - 1];
      /** @type {string[]} */
      const lines = [];
      if (counter) {
        const spec = plan.wtypes[counter.type];
        const armour = spec.kind === "armor";
        const s = r * 1.72;
        roundRect(ctx, cx - s / 2, cy - s / 2, s, s, 4);
        ctx.fillStyle = armour ? "#4f5b66" : "#7d8791";
        ctx.fill();
        ctx.strokeStyle = "#1f262c";
        ctx.lineWidth = 1.2;
        ctx.stroke();
        if (armour) {
          // armour carries a bar along its top edge: shape, not only shade, tells it apart
          ctx.fillStyle = "#1f262c";
          ctx.fillRect(cx - s / 2, cy - s / 2, s, 4);
        }
        const short = WSHORT[/** @type {keyof typeof WSHORT} */ (counter.type)] ?? spec.name;
        text(ctx, short, cx, cy - 6, {
          size: 12, weight: 700, color: "#ffffff", align: "center", base: "middle", max: s - 4,
        });
        // the Defense in force: the printed value with the Tactics cards (7.2)
        const value = armour ? `A${spec.attack}` : `S${spec.suppress}`;
        text(ctx, `${value} D${counter.defense}`, cx, cy + 9, {
          size: 11, weight: 600, color: "#eef2f5", align: "center", base: "middle", max: s - 2,
        });
        const bonus = counter.defense - spec.defense;
        const printed = ` (printed ${spec.defense}, ${bonus > 0 ? "+" : ""}${bonus} Tactics 7.2)`;
        lines.push(
          `${spec.name} (${armour ? "armour" : "infantry"}): ` +
            (armour ? `Attack ${spec.attack}` : `Suppress ${spec.suppress}`) +
            `, Defense ${counter.defense}${bonus ? printed : ""}`,
        );
      } else {
        text(ctx, String(k), cx, cy + 1, {
          size: 13, color: "#8a8a8a", align: "center", base: "middle",
        });
        lines.push("Empty circle");
      }
      if (sapper) token(ctx, cx + r * 0.72, cy - r * 0.72, 9, "sapper");
      if (sapperSpot) {
        lines.push(
          sapper ? "Sapper location: a Sapper token is waiting" : "Sapper location (no token)",
        );
      }
      this.region(`track:${t.n}:${k}`, cx - r, cy - r, 2 * r, 2 * r, 2, {
        title: `Track ${t.n} (${t.colour}), circle ${k} of ${circles}`, lines,
      }, true);
    }
  }

  // --- the Volga --------------------------------------------------------------------------

  /** @param {{x: number, y: number, w: number, h: number}} p */
  volga(p) {
    const { ctx, plan } = this;
    this.panel(p, "The Volga — 62nd Army", "#dde7ef");
    /** @type {Array<{label: string, name: string, locs: number[], unit: UnitSpec | null}>} */
    const groups = [];
    /** @type {Map<number, UnitSpec>} */
    const byLoc = new Map();
    for (const u of plan.units) for (const n of u.locs) byLoc.set(n, u);
    for (let n = 3; n <= 18; n++) {
      const u = byLoc.get(n) ?? null;
      const last = groups[groups.length - 1];
      if (last && u && last.unit === u) last.locs.push(n);
      else {
        const name = u ? u.name : plan.locNames[String(n)] ?? `Location ${n}`;
        const label = u ? u.short : name.split(",")[0];
        groups.push({ label, name, locs: [n], unit: u });
      }
    }
    const rowH = 54;
    const top = p.y + 28;
    const boxW = 50;
    // Tall panel: one column of units, the Staging Area and Operational Support below.
    // Wide panel (the medium layout): two columns of units, those two boxes on the right.
    const cols = p.w > 600 ? 2 : 1;
    const groupW = cols === 2 ? 300 : p.w - 16;
    const labelW = groupW - 4 * (boxW + 4);
    const perCol = Math.ceil(groups.length / cols);
    groups.forEach((g, i) => {
      const gx = p.x + 8 + Math.floor(i / perCol) * (groupW + 8);
      const y = top + (i % perCol) * rowH;
      text(ctx, g.label, gx, y + 20, { size: 13, weight: 700, max: labelW - 4 });
      const last = g.locs[g.locs.length - 1];
      const range = g.locs.length > 1 ? `${g.locs[0]}–${last}` : `${g.locs[0]}`;
      text(ctx, `loc ${range}`, gx, y + 37, { size: 12, color: MUTED });
      g.locs.forEach((n, j) => {
        this.location(n, gx + labelW + j * (boxW + 4), y + 2, boxW, rowH - 8, g.name);
      });
    });
    if (cols === 2) {
      const sx = p.x + 8 + cols * (groupW + 8);
      const sw = p.x + p.w - 6 - sx;
      this.staging(sx, top, sw, 68);
      this.opSupport(sx, top + 76, sw, p.y + p.h - 6 - (top + 76));
    } else {
      const sy = top + groups.length * rowH + 4;
      this.staging(p.x + 6, sy, p.w - 12, 68);
      this.opSupport(p.x + 6, sy + 76, p.w - 12, p.y + p.h - 6 - (sy + 76));
    }
  }

  /**
   * @param {number} n @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {string} unitName
   */
  location(n, x, y, w, h, unitName) {
    const { ctx, v, plan } = this;
    const here = v.tokens[`loc:${n}`] ?? {};
    const disrupted = (here.disrupted ?? 0) > 0;
    roundRect(ctx, x, y, w, h, 5);
    ctx.fillStyle = disrupted ? "#fde3c8" : "#f7fafc";
    ctx.fill();
    if (disrupted) {
      ctx.fillStyle = pattern(ctx, "disrupted");
      ctx.fill();
    }
    ctx.strokeStyle = disrupted ? "#c25e00" : "#5d7285";
    ctx.lineWidth = disrupted ? 2 : 1.2;
    ctx.stroke();
    text(ctx, String(n), x + 5, y + 15, { size: 14, weight: 700 });
    const kinds = Object.keys(here).filter((k) => k !== "disrupted");
    if (disrupted) token(ctx, x + w - 12, y + 12, 9, "disrupted");
    kinds.forEach((k, i) => token(ctx, x + 14 + i * 22, y + h - 13, 10, k, here[k]));
    this.region(`loc:${n}`, x, y, w, h, 2, {
      title: `Location ${n}: ${plan.locNames[String(n)] ?? unitName}`,
      lines: [
        disrupted ? "Disrupted: this unit's actions are limited (2.0)" : "Not disrupted",
        ...kinds.map((k) => `${plan.tokens[k] ?? k} token`),
      ],
    });
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  staging(x, y, w, h) {
    const { ctx, v, plan } = this;
    const here = v.tokens.staging ?? {};
    roundRect(ctx, x, y, w, h, 5);
    ctx.fillStyle = "#eef3f7";
    ctx.fill();
    ctx.strokeStyle = "#5d7285";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    text(ctx, "Staging Area", x + 8, y + 17, { size: 13, weight: 700 });
    const kinds = Object.keys(here);
    if (!kinds.length) text(ctx, "empty", x + 8, y + 42, { size: 12, color: MUTED });
    kinds.forEach((k, i) => token(ctx, x + 22 + i * 34, y + 44, 11, k, here[k]));
    this.region("box:staging", x, y, w, h, 2, {
      title: "Staging Area (2.0 62nd Army CP, Volga Flotilla)",
      lines: kinds.length ? kinds.map((k) => `${plan.tokens[k] ?? k}: ${here[k]}`) : ["No tokens"],
    });
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  opSupport(x, y, w, h) {
    const { ctx, v, plan } = this;
    const os = v.os ?? { active: false, card: null, deck: 0, won: [] };
    roundRect(ctx, x, y, w, h, 5);
    ctx.fillStyle = os.active ? "#fffdf5" : "#e8edf1";
    ctx.fill();
    ctx.setLineDash(os.active ? [] : [5, 4]);
    ctx.strokeStyle = "#5d7285";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    ctx.setLineDash([]);
    text(ctx, "Operational Support", x + 8, y + 17, { size: 13, weight: 700 });
    /** @type {string[]} */
    const lines = [];
    if (!os.active) {
      text(ctx, "variant not in play (7.1)", x + 8, y + 38, { size: 12, color: MUTED });
      lines.push("The Operational Support variant (7.1) is not in play in this game");
    } else if (os.card) {
      const card = os.card;
      text(ctx, `${card.name} · ${card.vp} VP`, x + 8, y + 37, {
        size: 13, weight: 600, max: w - 16,
      });
      const needs = Object.entries(card.tokens);
      needs.forEach(([k, n], i) => token(ctx, x + 18 + i * 30, y + 58, 10, k, Number(n)));
      text(ctx, "tokens to give up", x + 14 + needs.length * 30, y + 62, {
        size: 12, color: MUTED,
      });
      setFont(ctx, 12);
      wrap(ctx, `No Disrupted token on ${card.locs.join(", ")}`, w - 16, 2).forEach((t, i) => {
        text(ctx, t, x + 8, y + 86 + i * 14, { size: 12, color: MUTED });
      });
      lines.push(
        `${card.name}: ${card.vp} VP`,
        `Remove from the stock: ${needs.map(([k, n]) => `${n} ${plan.tokens[k] ?? k}`).join(", ")}`,
        `No Disrupted token on: ${card.locs.join(", ")}`,
      );
    } else {
      text(ctx, "no card left", x + 8, y + 38, { size: 12, color: MUTED });
      lines.push("The Operational Support deck is used up");
    }
    if (os.active) {
      text(ctx, `deck ${os.deck} · won ${os.won.length}`, x + w - 8, y + 17, {
        size: 12, color: MUTED, align: "right",
      });
      if (os.won.length) lines.push(`Won: ${os.won.join(", ")}`);
    }
    this.region("box:operational-support", x, y, w, h, 2, {
      title: "Operational Support space (7.1)", lines,
    });
  }

  // --- the cards and the dice -------------------------------------------------------------

  cardStrip() {
    const { ctx, f, v } = this;
    const a = f.cards;
    roundRect(ctx, a.x, a.y, a.w, a.h, 8);
    ctx.fillStyle = "#3a3632";
    ctx.fill();
    text(ctx, "Soviet hand", a.x + 10, a.y + 16, { size: 13, weight: 700, color: "#f3ead6" });
    const cardW = 140;
    /** @type {Array<{card: string, used: boolean}>} */
    const hand = v.hand ?? [];
    hand.forEach(({ card, used }, i) => {
      this.sovietCard(card, used, i, a.x + 8 + i * (cardW + 4), a.y + 22, cardW, a.h - 28);
    });
    if (!hand.length) {
      const none = "No cards in hand: four are drawn in each Soviet Card Phase (2.1)";
      text(ctx, none, a.x + 12, a.y + 56, {
        size: 12, color: "#cfc6b2", max: 4 * (cardW + 4) - 10,
      });
    }
    const handW = Math.max(4, hand.length) * (cardW + 4) + 8;
    // The other cards and the dice follow the hand, moving to the second strip (when the
    // layout has one) once the first is full.
    const rows = [a, ...(f.cards2 ? [f.cards2] : [])];
    for (const r of rows.slice(1)) {
      roundRect(ctx, r.x, r.y, r.w, r.h, 8);
      ctx.fillStyle = "#3a3632";
      ctx.fill();
    }
    let row = 0;
    let x = a.x + handW + 6;
    let y = a.y;
    /** Where an item `w` wide goes. @param {number} w */
    const place = (w) => {
      const r = rows[row];
      if (x + w > r.x + r.w - 8 && row + 1 < rows.length) {
        row += 1;
        x = rows[row].x + 8;
        y = rows[row].y;
      }
      const at = x;
      x += w;
      return at;
    };
    const wx = place(178);
    text(ctx, "Wehrmacht card", wx + 2, y + 16, { size: 13, weight: 700, color: "#f3ead6" });
    this.wehrmachtCard(wx, y + 22, 172, a.h - 28);
    if (hasTactics(v)) {
      const tactics = v.tactics.cards ?? [];
      const n = Math.max(1, tactics.length);
      const tx = place(n * 128 + 4);
      text(ctx, `Tactics (${v.tactics.level})`, tx + 2, y + 16, {
        size: 13, weight: 700, color: "#f3ead6",
      });
      for (let i = 0; i < n; i++) this.tacticsCard(tactics[i], tx + i * 128, y + 22, 124, a.h - 28);
    }
    // The dice tray takes the rest of the strip; below 170 it moves down, if it can.
    const room = rows[row].x + rows[row].w - 8 - x;
    const dx = place(room >= 170 ? room : rows[row].w);
    this.diceTray(dx, y + 4, rows[row].x + rows[row].w - 8 - dx, a.h - 8);
  }

  /**
   * A Soviet card: two halves, one per unit, each listing the unit's actions (2.0).
   * @param {string} cid @param {boolean} used @param {number} index @param {number} x
   * @param {number} y @param {number} w @param {number} h
   */
  sovietCard(cid, used, index, x, y, w, h) {
    const { ctx, plan } = this;
    const units = plan.sovietCards[cid] ?? [];
    roundRect(ctx, x, y, w, h, 6);
    ctx.fillStyle = units.length ? (used ? "#a9a293" : "#f4ead2") : "#9aa3ab";
    ctx.fill();
    ctx.strokeStyle = "#222";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    text(ctx, `Card ${index + 1}`, x + 7, y + 15, { size: 12, weight: 700, color: "#3b3325" });
    if (used) {
      text(ctx, "used", x + w - 7, y + 15, {
        size: 12, weight: 700, color: "#3b3325", align: "right",
      });
    }
    /** @type {string[]} */
    const tipLines = [];
    if (!units.length) {
      text(ctx, "Fog of War", x + w / 2, y + h / 2 + 6, {
        size: 15, weight: 700, color: "#ffffff", align: "center", base: "middle",
      });
      tipLines.push("No action: the fog of war (2.0)");
      tipLines.push("The 139th Signal Battalion's Tactical Decision can swap it");
    }
    const halfH = (h - 22) / 2;
    units.forEach((uid, k) => {
      const u = plan.units.find((q) => q.id === uid);
      const hy = y + 20 + k * halfH;
      if (k === 1) {
        ctx.strokeStyle = "rgba(0,0,0,0.3)";
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(x + 6, hy);
        ctx.lineTo(x + w - 6, hy);
        ctx.stroke();
      }
      text(ctx, u?.short ?? uid, x + 7, hy + 14, { size: 13, weight: 700, max: w - 14 });
      setFont(ctx, 11);
      const acts = wrap(ctx, (u?.actions ?? []).join(" · "), w - 14, 2);
      acts.forEach((line, i) => {
        text(ctx, line, x + 7, hy + 27 + i * 12, { size: 11, color: "#4a4030" });
      });
      tipLines.push(`${u?.name ?? uid}: ${(u?.actions ?? []).join(", ")}`);
      this.region(`card:${cid}:${uid}`, x + 2, hy + 1, w - 4, halfH - 2, 3, {
        title: `Card ${index + 1}, action ${k + 1}: ${u?.name ?? uid}`,
        lines: [
          `Options: ${(u?.actions ?? []).join(", ")}`,
          ...(used ? ["Already used this phase"] : []),
        ],
      });
    });
    this.region(`card:${cid}`, x, y, w, h, 2, {
      title: units.length ? `Soviet card ${index + 1}${used ? " (used)" : ""}` : "Fog of War",
      lines: tipLines,
    });
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  wehrmachtCard(x, y, w, h) {
    const { ctx, v } = this;
    const card = v.wcard;
    roundRect(ctx, x, y, w, h, 6);
    ctx.fillStyle = card ? "#e3e6e8" : "#55504a";
    ctx.fill();
    ctx.strokeStyle = "#111";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    if (!card) {
      /** @type {Array<{id: string, name: string}>} */
      const played = v.wplayed ?? [];
      const names = played.map((c, i) => `${i + 1}. ${c.name}`);
      text(ctx, played.length ? "Played this turn" : "none being resolved", x + 8, y + 18, {
        size: 12, weight: 700, color: "#e0d8c8",
      });
      names.forEach((name, i) => {
        text(ctx, name, x + 8, y + 38 + i * 17, { size: 12, color: "#f3ead6", max: w - 16 });
      });
      text(ctx, `${v.decks.wehrmacht} left in the deck`, x + 8, y + h - 10, {
        size: 12, color: "#cfc6b2",
      });
      this.region("card:wehrmacht", x, y, w, h, 2, {
        title: "Wehrmacht deck",
        lines: [
          `${v.decks.wehrmacht} cards left, ${v.decks.wehrmachtDone} played`,
          ...(played.length ? ["This turn:", ...names] : []),
        ],
      });
      return;
    }
    roundRect(ctx, x, y, w, 20, 6);
    ctx.fillStyle = "#2f3a44";
    ctx.fill();
    text(ctx, card.kindLabel, x + 7, y + 14, {
      size: 12, weight: 700, color: "#ffffff", max: w - 54,
    });
    if (card.deck) {
      text(ctx, `deck ${card.deck}`, x + w - 6, y + 14, {
        size: 11, color: "#cfd8dc", align: "right",
      });
    }
    text(ctx, card.name, x + 7, y + 38, { size: 14, weight: 700, max: w - 14 });
    let ly = y + 56;
    for (const line of card.lines) {
      setFont(ctx, 12);
      for (const t of wrap(ctx, line, w - 14, 2)) {
        text(ctx, t, x + 7, ly, { size: 12, color: "#333" });
        ly += 14;
      }
    }
    this.region(`card:${card.id}`, x, y, w, h, 2, {
      title: `${card.name} (${card.kindLabel}, 3.0)`,
      lines: [...card.lines, `Card ${v.cardsInPhase} of 3 this phase`],
    });
  }

  /**
   * @param {{id: string, name: string, lines: string[]} | undefined} card
   * @param {number} x @param {number} y @param {number} w @param {number} h
   */
  tacticsCard(card, x, y, w, h) {
    const { ctx } = this;
    roundRect(ctx, x, y, w, h, 6);
    ctx.fillStyle = card ? "#d9dde0" : "#55504a";
    ctx.fill();
    ctx.strokeStyle = "#111";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    if (!card) {
      text(ctx, "none yet", x + w / 2, y + h / 2, { size: 12, color: "#e0d8c8", align: "center" });
      return;
    }
    text(ctx, "Tactics", x + 7, y + 15, { size: 11, weight: 700, color: "#37474f" });
    setFont(ctx, 13, 700);
    wrap(ctx, card.name, w - 14, 2).forEach((t, i) => {
      text(ctx, t, x + 7, y + 33 + i * 15, { size: 13, weight: 700 });
    });
    card.lines.forEach((t, i) => {
      text(ctx, t, x + 7, y + 70 + i * 14, { size: 12, color: "#333", max: w - 14 });
    });
    this.region(`tactics:${card.id}`, x, y, w, h, 2, {
      title: `Tactics card: ${card.name} (7.2)`, lines: card.lines,
    });
  }

  /** @param {number} x @param {number} y @param {number} w @param {number} h */
  diceTray(x, y, w, h) {
    const { ctx, d } = this;
    const roll = d.last_roll ?? {};
    roundRect(ctx, x, y, w, h, 6);
    ctx.fillStyle = "#1f4d2f";
    ctx.fill();
    ctx.strokeStyle = "#0f2a19";
    ctx.lineWidth = 2;
    ctx.stroke();
    text(ctx, "Last roll", x + 10, y + 18, { size: 13, weight: 700, color: "#e9f5ec" });
    if (!roll.dice || !roll.dice.length) {
      text(ctx, "no dice rolled yet", x + 10, y + 44, { size: 12, color: "#b9d6c1" });
      this.region("dice", x, y, w, h, 2, {
        title: "Dice", lines: ["Every roll shows here until the next one"],
      });
      return;
    }
    // Success and hits are fields of the roll's log entry (the engine read them from the
    // roll's test); a roll that names something (a colour, a track, a total) has neither.
    const result = roll.result ?? "";
    const success = roll.success ?? null;
    const resText = `${success === true ? "✔ " : success === false ? "✘ " : "= "}${result}`;
    setFont(ctx, 13, 700);
    const rw = Math.min(w * 0.55, measure(ctx, resText) + 16);
    roundRect(ctx, x + w - rw - 8, y + 6, rw, 20, 10);
    ctx.fillStyle = success === true ? "#ffe082" : success === false ? "#cfd8dc" : "#ffffff";
    ctx.fill();
    text(ctx, resText, x + w - rw / 2 - 8, y + 16.5, {
      size: 13, weight: 700, align: "center", base: "middle", max: rw - 8,
    });
    setFont(ctx, 12);
    const labelLines = wrap(ctx, roll.label ?? "", w - 20, 2);
    labelLines.forEach((t, i) => {
      text(ctx, t, x + 10, y + 40 + i * 14, { size: 12, color: "#e9f5ec" });
    });
    const dice = roll.dice;
    const top = y + 40 + labelLines.length * 14 - 6;
    const avail = y + h - 6 - top;
    let s = 30;
    let perRow = Math.max(1, Math.floor((w - 16) / (s + 5)));
    while (s > 14 && Math.ceil(dice.length / perRow) * (s + 4) > avail) {
      s -= 2;
      perRow = Math.max(1, Math.floor((w - 16) / (s + 5)));
    }
    dice.forEach((value, i) => {
      const mark = roll.marks ? roll.marks[i] : null;
      const dx = x + 10 + (i % perRow) * (s + 5);
      die(ctx, dx, top + Math.floor(i / perRow) * (s + 4), s, value, mark);
    });
    const sum = dice.reduce((acc, n) => acc + n, 0);
    this.region("dice", x, y, w, h, 2, {
      title: roll.label ?? "Dice",
      lines: [
        `Dice: ${dice.join(", ")} (total ${sum})`,
        `Result: ${result}` +
          (success === null ? "" : success ? " (succeeded)" : " (failed)"),
        ...(roll.hits != null ? [`Hits: ${roll.hits}`] : []),
        ...(roll.marks
          ? [`${roll.marks.filter(Boolean).length} of ${dice.length} dice succeeded (gold outline)`]
          : []),
        `Rule: ${roll.rule ?? ""}`,
      ],
    });
  }

  // --- reinforcements from the stock -----------------------------------------------------

  stockTargets() {
    for (const t of this.targets) if (t.startsWith("stock-")) return true;
    return false;
  }

  /** A tray over the middle of the board listing the counters the points can buy. */
  stockTray() {
    const { ctx, f, v } = this;
    const area = {
      x: f.square.x, y: f.square.y, w: f.volga.x + f.volga.w - f.square.x, h: f.square.h,
    };
    roundRect(ctx, area.x, area.y, area.w, area.h, 8);
    ctx.fillStyle = "rgba(250,247,240,0.98)";
    ctx.fill();
    ctx.strokeStyle = "#6b5d45";
    ctx.lineWidth = 2;
    ctx.stroke();
    const title = "The stock: counters you can buy (cost in the lower right)";
    text(ctx, title, area.x + 12, area.y + 22, {
      size: 15, weight: 700, max: area.w - 24,
    });
    /** @type {string[]} */
    const ids = v.stock.filter(
      (/** @type {string} */ id) => this.targets.has(`stock-soviet:${id}`));
    /** @type {string[]} */
    const arms = v.stockWeapons.filter(
      (/** @type {string} */ id) => this.targets.has(`stock-weapon:${id}`));
    const cw = 124;
    const ch = 36;
    const cols = Math.max(1, Math.floor((area.w - 20) / (cw + 6)));
    ids.forEach((id, i) => {
      const cx = area.x + 12 + (i % cols) * (cw + 6);
      const cy = area.y + 36 + Math.floor(i / cols) * (ch + 6);
      this.counter(id, cx, cy, cw, ch);
      this.relabel(`counter:${id}`, `stock-soviet:${id}`);
    });
    const wy = area.y + 36 + Math.ceil(ids.length / cols) * (ch + 6) + 10;
    if (arms.length) text(ctx, "Weapons", area.x + 12, wy + 4, { size: 13, weight: 700 });
    arms.forEach((id, j) => {
      const cx = area.x + 12 + (j % cols) * (cw + 6);
      const cy = wy + 12 + Math.floor(j / cols) * 30;
      this.weapon(id, cx, cy, cw, 24);
      this.relabel(`weapon:${id}`, `stock-weapon:${id}`);
    });
  }

  /** Give the region just drawn another id (a counter in the stock is another target).
   * @param {string} from @param {string} to */
  relabel(from, to) {
    for (let k = this.regions.length - 1; k >= 0; k--) {
      if (this.regions[k].id === from) {
        this.regions[k].id = to;
        this.regions[k].depth = 6;
        return;
      }
    }
  }

  /** The result, over the (empty) hand at the end of the game. */
  banner() {
    const { ctx, f, v } = this;
    const o = v.outcome;
    const a = f.cards;
    const w = 4 * 144;
    const x = a.x + 8;
    const y = a.y + 22;
    const h = a.h - 28;
    const good = o.result === "win";
    roundRect(ctx, x, y, w, h, 8);
    ctx.fillStyle = good ? "#1b5e20" : "#5d1a14";
    ctx.fill();
    ctx.strokeStyle = good ? "#ffe082" : "#ffffff";
    ctx.lineWidth = 2;
    ctx.stroke();
    text(ctx, "Game over", x + 14, y + 24, { size: 14, weight: 700, color: "#f3ead6" });
    text(ctx, `${o.level}${o.award ? `: ${o.award}` : ""}`, x + 14, y + 54, {
      size: 24, weight: 700, color: good ? "#ffe082" : "#ffffff", max: w - 28,
    });
    text(ctx, `Score ${o.score} on turn ${o.turn}: ${o.how_text} (6.0)`, x + 14, y + 82, {
      size: 14, color: "#eeeeee", max: w - 28,
    });
    this.region("outcome", x, y, w, h, 4, {
      title: `Game over: ${o.level}`,
      lines: [
        `Score ${o.score}: raid VP ${o.raid_vp}` +
          (o.support_vp ? ` + support VP ${o.support_vp}` : "") +
          ` + ${o.defenders} defenders − 3 × ${o.attackers} attackers`,
        `Ended on turn ${o.turn}: ${o.how_text}`,
      ],
    });
  }
}

// --- the board: DOM, canvases, events -------------------------------------------------------

/**
 * Build the board in `root`, fed by `src`; returns its controller (with `destroy`).
 * @param {HTMLElement} root @param {Source} src
 */
function createBoard(root, src) {
  const doc = root.ownerDocument;
  const el = doc.createElement("div");
  el.className = "pavlov-board";
  // Lumino (JupyterLab) skips its keyboard shortcuts for keys typed inside this element.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.innerHTML = `
    <div class="pb-bar">
      <div class="pb-prompt-wrap">
        <div class="pb-prompt"></div>
        <div class="pb-rule"></div>
        <div class="pb-odds"></div>
      </div>
      <div class="pb-buttons" role="group" aria-label="Options without a place on the board"></div>
      <div class="pb-tools" role="toolbar" aria-label="Game controls">
        <button type="button" class="pb-undo" title="Undo the last choice (Z)">Undo</button>
        <button type="button" class="pb-redo" title="Redo (Y)">Redo</button>
        <button type="button" class="pb-step"
                title="Roll the dice the game waits for (Enter on the board)">Roll dice</button>
        <label class="pb-auto"><input type="checkbox" class="pb-auto-box">
          roll dice automatically</label>
      </div>
    </div>
    <div class="pb-surface" tabindex="0" role="application" aria-roledescription="game board">
      <canvas class="pb-scene" aria-hidden="true"></canvas>
      <canvas class="pb-overlay" aria-hidden="true"></canvas>
      <div class="pb-focus-label" aria-hidden="true" hidden></div>
      <div class="pb-tip" role="tooltip" hidden></div>
      <div class="pb-menu" role="menu" hidden></div>
    </div>
    <div class="pb-error" role="alert" hidden></div>
    <div class="pb-help">Click a highlighted place, card or button to choose. Keyboard: Tab into
      the board, arrow keys move between the options, Enter chooses, Z undoes, Y redoes.
      Hover over anything for details.</div>
    <div class="pb-log-wrap">
      <div class="pb-log-title">Log, newest first</div>
      <ol class="pb-log" aria-label="Game log, newest first"></ol>
    </div>
    <div class="pb-sr pb-sr-log" aria-live="polite" aria-atomic="true"></div>
    <div class="pb-sr pb-sr-focus" aria-live="polite" aria-atomic="true"></div>`;
  root.appendChild(el);
  const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (el.querySelector(s));
  const promptEl = q(".pb-prompt");
  const ruleEl = q(".pb-rule");
  const oddsEl = q(".pb-odds");
  promptEl.id = `pb-prompt-${Math.random().toString(36).slice(2, 10)}`;
  const surface = q(".pb-surface");
  surface.setAttribute("aria-describedby", promptEl.id);
  surface.setAttribute("aria-label", "Pavlov's House board");
  const scene = /** @type {HTMLCanvasElement} */ (q(".pb-scene"));
  const overlay = /** @type {HTMLCanvasElement} */ (q(".pb-overlay"));
  const tip = q(".pb-tip");
  const menu = q(".pb-menu");
  const focusLabel = q(".pb-focus-label");
  const buttons = q(".pb-buttons");
  const logEl = q(".pb-log");
  const errorEl = q(".pb-error");
  const live = q(".pb-sr-log");
  const liveFocus = q(".pb-sr-focus");
  const undoBtn = /** @type {HTMLButtonElement} */ (q(".pb-undo"));
  const redoBtn = /** @type {HTMLButtonElement} */ (q(".pb-redo"));
  const stepBtn = /** @type {HTMLButtonElement} */ (q(".pb-step"));
  const autoBox = /** @type {HTMLInputElement} */ (q(".pb-auto-box"));
  if (!src.interactive) {
    el.classList.add("pb-static");
    surface.setAttribute("aria-roledescription", "game board (saved picture)");
    surface.removeAttribute("tabindex");
  }

  /** @type {Region[]} */
  let regions = [];
  /** @type {Map<string, number[]>} */
  let optionsByRegion = new Map();
  /** @type {Set<number>} */
  let drawnOptions = new Set();
  /** @type {Map<number, HTMLButtonElement>} */
  let buttonMap = new Map();
  let mode = "wide";
  let scale = 1;
  let raf = 0;
  let overlayRaf = 0;
  /** @type {string | null} */
  let hover = null;
  let focusIndex = -1;
  /** The position drawn last (game and rev): a new one resets focus, menu and tip. */
  let lastPosition = "";
  let lastLogN = -2;
  let busy = false;
  let busyTimer = 0;
  /** @type {{t0: number, at: string} | null} */
  let pendingClick = null;
  const stats = {
    latencies: /** @type {number[]} */ ([]),
    draws: /** @type {number[]} */ ([]),
    parts: { scene: 0, dom: 0, overlay: 0 },
  };
  let destroyed = false;
  let knownWidth = -1;
  let cssWidth = 0;
  let cssHeight = 0;

  /** @returns {BoardData} */
  function data() {
    /** @type {any} */
    const out = {};
    for (const t of TRAITS) out[t] = src.get(t);
    return out;
  }

  /** @returns {Opt[]} */
  function pendingOptions() {
    return src.get("choice")?.options ?? [];
  }

  /** Which position a click is made on: the game shown and its rev. @param {BoardData} d */
  function positionOf(d) {
    return `${d.game_serial}:${d.rev}`;
  }

  // --- drawing -----------------------------------------------------------------------

  function sizeCanvases() {
    // The width comes from the ResizeObserver; reading el.clientWidth on every draw would
    // force a layout of the whole page.
    if (knownWidth <= 0) knownWidth = el.clientWidth || root.clientWidth || WIDE;
    const width = Math.max(1, knownWidth);
    ({ mode, scale } = chooseLayout(width));
    const f = frame(mode, hasTactics(src.get("view")));
    const cssW = Math.round(f.W * scale);
    const cssH = Math.round(f.H * scale);
    const dpr = window.devicePixelRatio || 1;
    for (const c of [scene, overlay]) {
      const bw = Math.round(cssW * dpr);
      const bh = Math.round(cssH * dpr);
      if (c.width !== bw) c.width = bw;
      if (c.height !== bh) c.height = bh;
    }
    if (cssW !== cssWidth || cssH !== cssHeight) {
      for (const node of [scene, overlay, surface]) {
        node.style.width = `${cssW}px`;
        node.style.height = `${cssH}px`;
      }
    }
    cssWidth = cssW;
    cssHeight = cssH;
    return dpr;
  }

  /** One full redraw: the scene, the DOM parts, the overlay. */
  function draw() {
    if (destroyed) return;
    const t0 = performance.now();
    const d = data();
    if (!d.plan || !d.plan.squares || !d.view || !d.view.score) return;
    const dpr = sizeCanvases();
    // Opaque: the scene covers its whole canvas, and opaque canvases composite faster.
    const ctx = /** @type {CanvasRenderingContext2D} */ (scene.getContext("2d", { alpha: false }));
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
    const s = new Scene(ctx, d, mode);
    s.draw();
    regions = s.regions;
    indexOptions();
    const tScene = performance.now();
    updateDom(d);
    const tDom = performance.now();
    drawOverlay();
    const t1 = performance.now();
    stats.draws.push(t1 - t0);
    stats.parts = { scene: tScene - t0, dom: tDom - tScene, overlay: t1 - tDom };
    if (stats.draws.length > 1000) stats.draws.shift();
    if (pendingClick && positionOf(d) !== pendingClick.at) {
      // Click to repainted board: measured at the next frame, once this one is on screen.
      const t0click = pendingClick.t0;
      pendingClick = null;
      requestAnimationFrame(() => {
        stats.latencies.push(performance.now() - t0click);
        if (stats.latencies.length > 1000) stats.latencies.shift();
      });
    }
  }

  function indexOptions() {
    optionsByRegion = new Map();
    drawnOptions = new Set();
    const ids = new Set(regions.map((r) => r.id));
    pendingOptions().forEach((o, i) => {
      for (const t of o.targets) {
        if (!ids.has(t)) continue;
        const list = optionsByRegion.get(t) ?? [];
        list.push(i);
        optionsByRegion.set(t, list);
        drawnOptions.add(i);
      }
    });
  }

  /** @param {string} id */
  function regionById(id) {
    /** @type {Region | null} */
    let best = null;
    for (const r of regions) if (r.id === id && (!best || r.depth >= best.depth)) best = r;
    return best;
  }

  function surfaceHasFocus() {
    return doc.activeElement === surface;
  }

  function drawOverlay() {
    const ctx = /** @type {CanvasRenderingContext2D} */ (overlay.getContext("2d"));
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, overlay.width, overlay.height);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
    for (const id of optionsByRegion.keys()) {
      const r = regionById(id);
      if (!r) continue;
      const strong = id === hover;
      outline(ctx, r, HILITE, strong ? 4.5 : 3, strong ? 0.3 : 0.14, true);
    }
    const opts = pendingOptions();
    const focused = opts[focusIndex];
    const showFocus = focusIndex >= 0 && surfaceHasFocus();
    if (!focusLabel.hidden) focusLabel.hidden = true;
    if (focused && showFocus && drawnOptions.has(focusIndex)) {
      /** @type {Region | null} */
      let first = null;
      for (const t of focused.targets) {
        const r = regionById(t);
        if (!r) continue;
        outline(ctx, r, FOCUS, 3.5, 0, false, [7, 4]);
        first = first ?? r;
      }
      if (first) {
        // Positioned from sizes already known: reading the DOM here would force a layout.
        setText(focusLabel, `Enter: ${focused.label}`);
        focusLabel.hidden = false;
        const left = Math.max(0, Math.min(first.x * scale, cssWidth - 264));
        let top = (first.y + first.h) * scale + 6;
        if (top + 26 > cssHeight) top = first.y * scale - 30;
        focusLabel.style.left = `${left}px`;
        focusLabel.style.top = `${top}px`;
      }
    }
    for (const [i, b] of buttonMap) {
      const on = showFocus && i === focusIndex;
      if (b.classList.contains("pb-kbd-focus") !== on) b.classList.toggle("pb-kbd-focus", on);
    }
  }

  /**
   * @param {CanvasRenderingContext2D} ctx @param {Region} r @param {string} colour
   * @param {number} width @param {number} fillAlpha @param {boolean} glow @param {number[]} [dash]
   */
  function outline(ctx, r, colour, width, fillAlpha, glow, dash = []) {
    ctx.save();
    ctx.beginPath();
    if (r.circle) ctx.arc(r.x + r.w / 2, r.y + r.h / 2, r.w / 2 + 2, 0, Math.PI * 2);
    else roundRect(ctx, r.x - 2, r.y - 2, r.w + 4, r.h + 4, 5);
    if (fillAlpha) {
      ctx.fillStyle = `rgba(255,176,0,${fillAlpha})`;
      ctx.fill();
    }
    ctx.setLineDash(dash);
    if (glow) {
      // A soft halo: a wide translucent stroke under the solid one (a shadow blur looks the
      // same but costs far more to draw).
      ctx.lineWidth = width + 6;
      ctx.strokeStyle = "rgba(255,160,0,0.35)";
      ctx.stroke();
    }
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.restore();
  }

  function schedule() {
    if (destroyed || raf) return;
    raf = requestAnimationFrame(() => {
      raf = 0;
      draw();
    });
  }

  function scheduleOverlay() {
    if (destroyed || overlayRaf) return;
    overlayRaf = requestAnimationFrame(() => {
      overlayRaf = 0;
      drawOverlay();
    });
  }

  // --- DOM parts: prompt, buttons, log, error, live regions ---------------------------

  /** @param {BoardData} d */
  function updateDom(d) {
    /** @type {Choice} */
    const p = d.choice ?? {
      kind: "over", op: "", prompt: "", rule: "", options: [], dice: 0, odds: [],
    };
    // Only what changed is written: DOM writes (and the layout they cause) cost the most.
    setData("rev", String(d.rev));
    setData("kind", p.kind);
    setData("prompt", p.prompt);
    setData("options", String(p.options.length));
    setData("mode", mode);
    setData("over", d.view.outcome ? "1" : "0");
    setText(promptEl, p.prompt);
    setText(ruleEl, p.rule ? `Rule ${p.rule}` : "");
    const odds = (p.odds ?? []).map((o) => `${o.result} ${o.percent}% (${o.fraction})`);
    setText(oddsEl, odds.length ? `Exact odds: ${odds.join(" · ")}` : "");
    const position = positionOf(d);
    if (position !== lastPosition) {
      lastPosition = position;
      tip.hidden = true; // its details and "Click:" line belong to the old position
      focusIndex = surfaceHasFocus() && p.options.length ? 0 : -1;
      busy = false;
      el.dataset.busy = "0";
      hideMenu();
    }
    const bare = p.options.map((o, i) => [o, i]).filter(([, i]) => !drawnOptions.has(Number(i)));
    const buttonsKey = JSON.stringify(bare.map(([o, i]) => [i, /** @type {Opt} */ (o).id,
      /** @type {Opt} */ (o).label]));
    if (buttonsKey !== dom.buttons) {
      dom.buttons = buttonsKey;
      buttonMap = new Map();
      buttons.replaceChildren(...bare.map(([o, i]) => {
        const opt = /** @type {Opt} */ (o);
        const b = doc.createElement("button");
        b.type = "button";
        b.className = "pb-option";
        b.textContent = opt.label;
        b.dataset.option = opt.id;
        b.disabled = !src.interactive;
        b.addEventListener("click", () => choose(opt.id));
        buttonMap.set(Number(i), b);
        return b;
      }));
    }
    setProp(undoBtn, "disabled", !src.interactive || !d.view.canUndo);
    setProp(redoBtn, "disabled", !src.interactive || !d.view.canRedo);
    // One way to roll: this button (and Enter on the board) sends the step intent.
    const rolling = p.kind === "chance";
    setProp(stepBtn, "disabled", !src.interactive || !rolling);
    setText(stepBtn, rolling ? `Roll ${p.dice} ${p.dice === 1 ? "die" : "dice"}` : "Roll dice");
    if (stepBtn.classList.contains("pb-due") !== rolling) {
      stepBtn.classList.toggle("pb-due", rolling);
    }
    setProp(autoBox, "checked", !!d.auto_roll);
    setProp(autoBox, "disabled", !src.interactive);
    setText(errorEl, d.error || "");
    setProp(errorEl, "hidden", !d.error);
    const entries = d.log_entries ?? [];
    const logKey = `${entries.length}:${entries.length ? entries[0].n : -1}`;
    if (logKey !== dom.log) {
      dom.log = logKey;
      renderLog(entries);
    }
    // The live region reads every entry that is new since the last draw, oldest first.
    const newest = entries.length ? entries[0].n : -1;
    if (lastLogN !== -2 && newest > lastLogN) {
      const fresh = entries.filter((e) => e.n > lastLogN).reverse();
      live.textContent = fresh.map((e) => `${e.text} (${e.rule})`).join(". ");
    }
    lastLogN = newest;
  }

  /** @param {LogLine[]} entries */
  function renderLog(entries) {
    const frag = doc.createDocumentFragment();
    for (const e of entries) {
      const li = doc.createElement("li");
      li.className = `pb-log-${e.kind ?? "event"}`;
      const when = doc.createElement("span");
      when.className = "pb-log-when";
      when.textContent = `T${e.turn}`;
      when.title = `Turn ${e.turn}`;
      const what = doc.createElement("span");
      what.className = "pb-log-text";
      what.textContent = e.text;
      li.append(when, what);
      if (e.dice && e.dice.length) {
        const dice = doc.createElement("span");
        dice.className = "pb-log-dice";
        dice.setAttribute("aria-label", `dice ${e.dice.join(", ")}`);
        for (const n of e.dice) {
          const b = doc.createElement("span");
          b.className = "pb-die";
          b.textContent = String(n);
          dice.appendChild(b);
        }
        li.appendChild(dice);
      }
      const rule = doc.createElement("span");
      rule.className = "pb-log-rule";
      rule.textContent = e.rule;
      li.appendChild(rule);
      frag.appendChild(li);
    }
    logEl.replaceChildren(frag);
  }

  /** What the DOM shows now, to write only what changed. */
  const dom = { buttons: "", log: "" };

  /** @param {string} name @param {string} value */
  function setData(name, value) {
    if (el.dataset[name] !== value) el.dataset[name] = value;
  }

  /** @param {HTMLElement} node @param {string} value */
  function setText(node, value) {
    if (node.textContent !== value) node.textContent = value;
  }

  /** @param {any} node @param {string} name @param {boolean} value */
  function setProp(node, name, value) {
    if (node[name] !== value) node[name] = value;
  }

  // --- intents -------------------------------------------------------------------------

  /**
   * Send an intent, stamped with the position on screen (the game shown and its rev) so
   * Python refuses it if the game has moved on. One at a time: the next waits for the answer.
   * @param {{kind: string, option?: string}} msg
   */
  function send(msg) {
    if (!src.interactive || busy) return;
    busy = true;
    el.dataset.busy = "1";
    clearTimeout(busyTimer);
    // If no answer comes (a kernel restart), take clicks again after a while.
    busyTimer = window.setTimeout(() => {
      busy = false;
      el.dataset.busy = "0";
    }, 5000);
    const rev = src.get("rev");
    const game = src.get("game_serial");
    pendingClick = { t0: performance.now(), at: `${game}:${rev}` };
    hideMenu();
    src.send({ ...msg, rev, game });
  }

  /** Choose an option by its id: Python's game judges it. @param {string} id */
  function choose(id) {
    send({ kind: "choose", option: id });
  }

  /** @param {"step" | "undo" | "redo"} kind */
  function intent(kind) {
    send({ kind });
  }

  /** @param {any} msg */
  function onAck(msg) {
    if (msg && msg.kind === "ack") {
      busy = false;
      el.dataset.busy = "0";
      clearTimeout(busyTimer);
    }
  }

  // --- pointer ---------------------------------------------------------------------------

  /** @param {MouseEvent} ev */
  function toLogical(ev) {
    const rect = overlay.getBoundingClientRect();
    return { x: (ev.clientX - rect.left) / scale, y: (ev.clientY - rect.top) / scale };
  }

  /** @param {Region} r @param {number} x @param {number} y */
  function inside(r, x, y) {
    if (r.circle) {
      const dx = x - (r.x + r.w / 2);
      const dy = y - (r.y + r.h / 2);
      return dx * dx + dy * dy <= (r.w / 2 + 2) ** 2;
    }
    return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
  }

  /** The deepest region under the point: with options (to click) or with details (to hover).
   * @param {number} x @param {number} y @param {boolean} wantOptions */
  function hit(x, y, wantOptions) {
    /** @type {Region | null} */
    let best = null;
    for (const r of regions) {
      if (!inside(r, x, y)) continue;
      if (wantOptions ? !optionsByRegion.has(r.id) : !r.tip) continue;
      if (!best || r.depth >= best.depth) best = r;
    }
    return best;
  }

  /** @param {MouseEvent} ev */
  function onMove(ev) {
    const { x, y } = toLogical(ev);
    const target = src.interactive ? hit(x, y, true) : null;
    const id = target ? target.id : null;
    overlay.style.cursor = id ? "pointer" : "default";
    if (id !== hover) {
      hover = id;
      scheduleOverlay();
    }
    const info = hit(x, y, false);
    if (!info || !info.tip) {
      tip.hidden = true;
      return;
    }
    const lines = [...info.tip.lines];
    const here = optionsByRegion.get(info.id);
    if (here && src.interactive) {
      const opts = pendingOptions();
      lines.push(
        here.length === 1 ? `Click: ${opts[here[0]].label}` : `Click: ${here.length} choices`,
      );
    }
    const title = doc.createElement("strong");
    title.textContent = info.tip.title;
    tip.replaceChildren(title, ...lines.map((l) => {
      const div = doc.createElement("div");
      div.textContent = l;
      return div;
    }));
    tip.hidden = false;
    const rect = surface.getBoundingClientRect();
    const px = ev.clientX - rect.left + 16;
    const py = ev.clientY - rect.top + 16;
    tip.style.left = `${Math.max(0, Math.min(px, rect.width - tip.offsetWidth - 4))}px`;
    const below = py + tip.offsetHeight <= rect.height;
    tip.style.top = `${below ? py : Math.max(0, py - tip.offsetHeight - 24)}px`;
  }

  function onLeave() {
    tip.hidden = true;
    if (hover !== null) {
      hover = null;
      scheduleOverlay();
    }
  }

  /** @param {MouseEvent} ev */
  function onClick(ev) {
    if (!src.interactive) return;
    const { x, y } = toLogical(ev);
    const target = hit(x, y, true);
    if (!target) {
      hideMenu();
      return;
    }
    const list = optionsByRegion.get(target.id) ?? [];
    const opts = pendingOptions();
    if (list.length === 1) choose(opts[list[0]].id);
    else if (list.length > 1) {
      const rect = surface.getBoundingClientRect();
      showMenu(list.map((i) => opts[i]), ev.clientX - rect.left, ev.clientY - rect.top);
    }
  }

  /**
   * A small menu of the options on one place.
   * @param {Opt[]} opts @param {number} x @param {number} y
   */
  function showMenu(opts, x, y) {
    menu.replaceChildren(...opts.map((o) => {
      const b = doc.createElement("button");
      b.type = "button";
      b.setAttribute("role", "menuitem");
      b.textContent = o.label;
      b.dataset.option = o.id;
      b.addEventListener("click", (ev) => {
        ev.stopPropagation();
        choose(o.id);
      });
      return b;
    }));
    menu.hidden = false;
    menu.style.left = `${Math.max(0, Math.min(x, surface.clientWidth - menu.offsetWidth - 4))}px`;
    menu.style.top = `${Math.max(0, Math.min(y, surface.clientHeight - menu.offsetHeight - 4))}px`;
    /** @type {HTMLElement | null} */ (menu.firstElementChild)?.focus({ preventScroll: true });
  }

  function hideMenu() {
    if (!menu.hidden) {
      menu.hidden = true;
      menu.replaceChildren();
    }
  }

  // --- keyboard --------------------------------------------------------------------------

  /** @param {number} delta */
  function moveFocus(delta) {
    const opts = pendingOptions();
    const n = opts.length;
    if (!n) return;
    focusIndex = focusIndex < 0 ? (delta > 0 ? 0 : n - 1) : (focusIndex + delta + n) % n;
    liveFocus.textContent = `Option ${focusIndex + 1} of ${n}: ${opts[focusIndex].label}`;
    scheduleOverlay();
  }

  /** @param {KeyboardEvent} ev */
  function onKey(ev) {
    // Keys typed on the board belong to the board: notebook shortcuts must not fire.
    ev.stopPropagation();
    if (!src.interactive || ev.key === "Tab" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const t = /** @type {HTMLElement} */ (ev.target);
    if (menu.contains(t)) {
      const items = /** @type {HTMLElement[]} */ ([...menu.querySelectorAll("button")]);
      const i = items.indexOf(t);
      if (ev.key === "ArrowDown" || ev.key === "ArrowRight") items[(i + 1) % items.length].focus();
      else if (ev.key === "ArrowUp" || ev.key === "ArrowLeft") {
        items[(i - 1 + items.length) % items.length].focus();
      } else if (ev.key === "Escape") {
        hideMenu();
        surface.focus({ preventScroll: true });
      } else return;
      ev.preventDefault();
      return;
    }
    if (t.tagName === "INPUT" || t.tagName === "TEXTAREA") return;
    const onSurface = t === surface;
    const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    if (key === "z") intent("undo");
    else if (key === "y") intent("redo");
    else if (onSurface && (key === "ArrowRight" || key === "ArrowDown")) moveFocus(1);
    else if (onSurface && (key === "ArrowLeft" || key === "ArrowUp")) moveFocus(-1);
    else if (onSurface && key === "Home") {
      focusIndex = -1;
      moveFocus(1);
    } else if (onSurface && key === "End") {
      focusIndex = -1;
      moveFocus(-1);
    } else if (onSurface && (key === "Enter" || key === " ")) {
      const o = pendingOptions()[focusIndex < 0 ? 0 : focusIndex];
      if (o) choose(o.id);
      else if (src.get("choice")?.kind === "chance") intent("step");
    } else if (key === "Escape") hideMenu();
    else return;
    ev.preventDefault();
  }

  /** @param {MouseEvent} ev */
  function onDocClick(ev) {
    const target = /** @type {Node} */ (ev.target);
    if (!menu.hidden && !menu.contains(target) && target !== overlay) hideMenu();
  }

  const onFocus = () => {
    if (focusIndex < 0 && pendingOptions().length) moveFocus(1);
    scheduleOverlay();
  };
  const onBlur = () => scheduleOverlay();
  const onUndo = () => intent("undo");
  const onRedo = () => intent("redo");
  const onStep = () => intent("step");
  const onAuto = () => src.send({ kind: "auto_roll", value: autoBox.checked });

  const observer = new ResizeObserver((entries) => {
    const w = Math.round(entries[entries.length - 1].contentRect.width);
    if (w !== knownWidth) {
      knownWidth = w;
      schedule();
    }
  });
  observer.observe(el);
  const dprQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
  const onDpr = () => schedule();
  dprQuery.addEventListener("change", onDpr);

  overlay.addEventListener("mousemove", onMove);
  overlay.addEventListener("mouseleave", onLeave);
  overlay.addEventListener("click", onClick);
  el.addEventListener("keydown", onKey);
  surface.addEventListener("focus", onFocus);
  surface.addEventListener("blur", onBlur);
  undoBtn.addEventListener("click", onUndo);
  redoBtn.addEventListener("click", onRedo);
  stepBtn.addEventListener("click", onStep);
  autoBox.addEventListener("change", onAuto);
  doc.addEventListener("click", onDocClick, true);
  src.on(schedule);
  src.onAck(onAck);

  // A small hook for tests and benchmarks: regions in page coordinates, options, timings.
  const hook = {
    regions() {
      const rect = overlay.getBoundingClientRect();
      const opts = pendingOptions();
      return regions.map((r) => ({
        id: r.id,
        x: rect.left + r.x * scale,
        y: rect.top + r.y * scale,
        w: r.w * scale,
        h: r.h * scale,
        cx: rect.left + (r.x + r.w / 2) * scale,
        cy: rect.top + (r.y + r.h / 2) * scale,
        depth: r.depth,
        tip: r.tip ?? null,
        options: (optionsByRegion.get(r.id) ?? []).map((i) => opts[i].id),
      }));
    },
    options: () => pendingOptions().map((o, i) => ({ ...o, drawn: drawnOptions.has(i) })),
    /**
     * Where to click (page coordinates) to reach an option, and whether a menu opens there;
     * null when the option is a button.
     * @param {string} optionId
     */
    pointFor(optionId) {
      const opts = pendingOptions();
      const rect = overlay.getBoundingClientRect();
      const owners = regions.filter((r) =>
        (optionsByRegion.get(r.id) ?? []).some((i) => opts[i].id === optionId));
      for (const r of owners) {
        for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
          for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
            const x = r.x + r.w * fx;
            const y = r.y + r.h * fy;
            const found = hit(x, y, true);
            if (!found) continue;
            const here = optionsByRegion.get(found.id) ?? [];
            if (!here.some((i) => opts[i].id === optionId)) continue;
            return {
              x: rect.left + x * scale, y: rect.top + y * scale, region: found.id,
              menu: here.length > 1,
            };
          }
        }
      }
      return null;
    },
    /**
     * Scroll the option's place into view (the page or any scrolling parent), then give the
     * point to click, as pointFor does.
     * @param {string} optionId
     */
    reveal(optionId) {
      const first = hook.pointFor(optionId);
      if (!first) return null;
      const rect = surface.getBoundingClientRect();
      const marker = doc.createElement("div");
      marker.style.cssText = "position:absolute;width:1px;height:1px;pointer-events:none";
      marker.style.left = `${first.x - rect.left}px`;
      marker.style.top = `${first.y - rect.top}px`;
      surface.appendChild(marker);
      marker.scrollIntoView({ block: "center", inline: "center" });
      marker.remove();
      return hook.pointFor(optionId);
    },
    /** Send any message, as a broken or malicious page could (for tests). @param {any} msg */
    send: (msg) => src.send(msg),
    /**
     * Time n redraws. With `fresh`, the DOM parts are rebuilt each time as after a change of
     * position (the honest cost of a full redraw); without, unchanged parts are skipped.
     * @param {number} n @param {boolean} [fresh]
     */
    timeDraws(n, fresh = true) {
      const out = [];
      for (let i = 0; i < n; i++) {
        if (fresh) {
          dom.buttons = "";
          dom.log = "";
        }
        const t0 = performance.now();
        draw();
        out.push(performance.now() - t0);
      }
      return out;
    },
    stats: () => ({
      latencies: [...stats.latencies], draws: [...stats.draws], parts: { ...stats.parts },
    }),
    draw,
    mode: () => mode,
    scale: () => scale,
    rev: () => src.get("rev"),
    busy: () => busy,
  };
  /** @type {any} */ (el).__pavlovBoard = hook;
  draw();

  return {
    el,
    hook,
    destroy() {
      destroyed = true;
      cancelAnimationFrame(raf);
      cancelAnimationFrame(overlayRaf);
      clearTimeout(busyTimer);
      observer.disconnect();
      dprQuery.removeEventListener("change", onDpr);
      overlay.removeEventListener("mousemove", onMove);
      overlay.removeEventListener("mouseleave", onLeave);
      overlay.removeEventListener("click", onClick);
      el.removeEventListener("keydown", onKey);
      surface.removeEventListener("focus", onFocus);
      surface.removeEventListener("blur", onBlur);
      undoBtn.removeEventListener("click", onUndo);
      redoBtn.removeEventListener("click", onRedo);
      stepBtn.removeEventListener("click", onStep);
      autoBox.removeEventListener("change", onAuto);
      doc.removeEventListener("click", onDocClick, true);
      src.off(schedule);
      src.offAck(onAck);
      delete (/** @type {any} */ (el).__pavlovBoard);
      el.remove();
    },
  };
}

/**
 * Draw a saved board (no kernel): the same picture, prompt and log, without the controls.
 * @param {HTMLElement} root @param {BoardData} d
 */
export function drawStatic(root, d) {
  /** @type {Source} */
  const src = {
    get: (name) => /** @type {any} */ (d)[name],
    send: () => {},
    on: () => {},
    off: () => {},
    onAck: () => {},
    offAck: () => {},
    interactive: false,
  };
  return createBoard(root, src);
}

/**
 * The anywidget entry point: one board per view, cleaned up when the view goes.
 * @param {{model: any, el: HTMLElement}} ctx
 */
function render({ model, el }) {
  /** @type {Array<(msg: any) => void>} */
  const ackListeners = [];
  /** @param {any} msg */
  const onCustom = (msg) => {
    for (const cb of ackListeners) cb(msg);
  };
  model.on("msg:custom", onCustom);
  /** @type {Source} */
  const src = {
    get: (name) => model.get(name),
    send: (msg) => model.send(msg),
    on(cb) {
      for (const t of TRAITS) model.on(`change:${t}`, cb);
    },
    off(cb) {
      for (const t of TRAITS) model.off(`change:${t}`, cb);
    },
    onAck(cb) {
      ackListeners.push(cb);
    },
    offAck(cb) {
      const i = ackListeners.indexOf(cb);
      if (i >= 0) ackListeners.splice(i, 1);
    },
    interactive: true,
  };
  const board = createBoard(el, src);
  return () => {
    board.destroy();
    model.off("msg:custom", onCustom);
  };
}

export default { render };
