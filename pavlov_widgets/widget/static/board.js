// @ts-check
/**
 * The Pavlov's House board: draws the engine's view model on a canvas and sends intents back.
 *
 * Python is the single source of truth. This module only draws what the model holds (the
 * `plan`, `view`, `choice`, `last_roll`, `log_entries`, `error`, `rev`, `game_serial`,
 * `auto_roll`, `saved`, `marks`, `question` and `panels` traits) and sends the player's
 * intents: `{kind: "choose", option,
 * rev, game}`, `{kind: "step", rev, game}` (roll the pending dice), `{kind: "undo", rev,
 * game}`, `{kind: "redo", rev, game}`, `{kind: "auto_roll", value}`, and one question:
 * `{kind: "why_not", region, rev, game}` (why is this place not a choice now?), which Python
 * answers with the engine's reason in a custom message. It never decides what is legal: a
 * click maps to the id of an option Python listed, and Python's game judges it. It reads facts
 * from named fields only, never from the text of the log.
 *
 * The tutor's traits: `marks` rings places in a style (`focus` a calm blue ring, `right` green
 * with a tick, `wrong` red with a cross), drawn on the overlay over whatever glows; `question`
 * ({prompt, regions}) turns the board into a question: the asked places glow in the
 * question's colour instead of the game's options (they take the options' place, so the
 * pointer, the menu-less click and the keyboard work on them alike), the game's buttons and
 * tools rest, the bar shows the prompt, and a click sends `{kind: "answer", region, rev,
 * game}`; `panels` says which of the three panels (house, square, volga) are drawn: fewer
 * panels make a smaller board (a focus view), laid out as the wide board is, side by side.
 * When the marks or the question change, their places are brought into view if none is.
 * The board tells Python the size of its place (the `room` trait, CSS px), so the tutor can
 * choose a focus view where the whole board would not fit.
 *
 * Edit mode (issue 13, `edit_mode` trait not empty): Python's position editor fills `choice`
 * with its palette (bar buttons, `tool:*` and `act:*`) and the places the chosen tool applies
 * to (glowing, with the menu where a place has several possibilities), exactly as a decision
 * of the game is drawn; a click sends the same `choose` intent and Python's editor judges it.
 * The bar turns violet with an "Edit mode" badge, the chosen tool's button is pressed, and
 * "Copy JSON" shows the position's JSON in a text box. The Hint button (`hinting` trait with
 * `on`) sends `{kind: "hint", rev, game}`, shows "Thinking…" until Python answers, then the
 * hint's sentence in the bar (Python rings the best option's places).
 *
 * Two canvases are stacked: the scene (the three panels of the board, the cards, the dice),
 * redrawn when the model changes or the board is resized, and an overlay (highlighted
 * options, hover, keyboard focus), redrawn on every pointer or key move. Both backing stores
 * are scaled by `devicePixelRatio` so the board is crisp. Redraws are coalesced into one
 * animation frame. `render` returns a cleanup that removes every listener and observer.
 *
 * Where people use it: the board takes the width it is given and, on a wide screen, the
 * height (three arrangements, see `frame`); its bar (the question, its buttons, the tools)
 * stays in view while the board scrolls under it; after a choice, the places that glow are
 * scrolled into view if none is; on a touch screen there are no keyboard hints and every
 * button is finger-sized. No text on the board is ever cut short: it shrinks (down to 11 px)
 * or wraps, and `hook.clipped()` lists anything that still had to be cut (tests keep it empty).
 *
 * Role views and the hot seat (issue 14; 7.3, 7.4): the `seat` trait names whose view Python
 * drew (the bar shows it: "The German player's view"); a decision of another role comes as a
 * choice of kind `wait` ("Waiting for the house commander (7.3)", nothing glows). The Soviet
 * hand may hold `handHidden` face-down backs and, in the competitive game, `view.german`
 * holds the German player's piles (hand, orders in order, Tactics hand, the Tactics card
 * placed face down): face up in the German view, where the Planning options glow on them,
 * backs with their counts otherwise. The `cover` trait (the hot seat between two players)
 * puts a cover over the whole board with its sentence and a button; a click on it sends
 * `{kind: "reveal", game}`. Python never sends what the side on screen may not see, so the
 * cover hides nothing that is there: it is the moment to pass the screen.
 *
 * `drawStatic(root, data)` draws the same board without a kernel, for saved notebooks and
 * static HTML exports (the Python side inlines this module and calls it).
 */

/**
 * @typedef {{id: string, label: string, targets: string[], term?: string}} Opt
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
 *   actions: string[], terms?: string[]}} UnitSpec
 * @typedef {{name: string, attack: number, suppress: number, specials: string, cost: number,
 *   reserves: boolean}} SovietSpec
 * @typedef {{name: string, special: string, attack: number, suppress: number,
 *   cost: number}} WeaponSpec
 * @typedef {{name: string, kind: string, attack: number, suppress: number,
 *   defense: number}} WehrmachtType
 * @typedef {[string, string, string]} Term  word, meaning, rule (engine/glossary.py)
 * @typedef {{squares: SquareSpec[], tracks: TrackSpec[], units: UnitSpec[],
 *   locNames: Record<string, string>, defense: {start: number, min: number, max: number},
 *   soviet: Record<string, SovietSpec>, weapons: Record<string, WeaponSpec>,
 *   wtypes: Record<string, WehrmachtType>,
 *   sovietCards: Record<string, string[]>, tokens: Record<string, string>,
 *   specials: Record<string, string>, colours: string[],
 *   glossary?: Record<string, Term>}} Plan
 * @typedef {{where: string, exhausted: boolean, disrupted: boolean,
 *   marker: string}} CounterState
 * @typedef {{where: string, crew: string[]}} WeaponState
 * @typedef {{id: string, type: string, defense: number}} CircleCounter
 * @typedef {{path?: string, name?: string, rev?: number, auto?: boolean}} Saved
 * @typedef {{plan: Plan, view: any, choice: Choice, last_roll: Roll,
 *   log_entries: LogLine[], error: string, rev: number, game_serial: number,
 *   auto_roll: boolean, saved?: Saved, marks?: Mark[], question?: Question,
 *   panels?: string[], edit_mode?: EditMode, hinting?: Hinting, seat?: Seat,
 *   cover?: Cover}} BoardData
 * @typedef {{role?: string, side?: string, name?: string, hot?: boolean}} Seat
 * @typedef {{to?: string, name?: string, text?: string, rule?: string}} Cover
 * @typedef {{id: string, name: string, kind?: string, kindLabel?: string,
 *   lines: string[], brief?: string[]}} FaceCard
 * @typedef {{tool?: string, toolId?: string, resume?: string, json?: string,
 *   problems?: number}} EditMode
 * @typedef {{on?: boolean, thinking?: boolean, text?: string, rev?: number,
 *   game?: number, option?: string}} Hinting
 * @typedef {{region: string, style: string}} Mark
 * @typedef {{prompt?: string, regions?: string[]}} Question
 * @typedef {{title: string, lines: string[]}} Tip
 * @typedef {{id: string, x: number, y: number, w: number, h: number,
 *   circle?: boolean, tip?: Tip, depth: number}} Region
 * @typedef {{x: number, y: number, w: number, h: number}} Rect
 * @typedef {{get: (name: string) => any, send: (msg: object) => void,
 *   on: (cb: () => void) => void, off: (cb: () => void) => void,
 *   onAck: (cb: (msg: any) => void) => void, offAck: (cb: (msg: any) => void) => void,
 *   interactive: boolean, report?: (room: {width: number, height: number}) => void}} Source
 */

const TRAITS = [
  "plan", "view", "choice", "last_roll", "log_entries", "error", "rev", "game_serial", "auto_roll",
  "saved", "marks", "question", "panels", "edit_mode", "hinting", "seat", "cover",
];
/** The three panels of the board, in printed order (a board may draw some of them). */
const PANELS = ["house", "square", "volga"];
/** Logical widths of the arrangements (see `frame`); the narrow one takes any width above
 * NARROW_MIN. */
const WIDE = 1280;
const MEDIUM = 928;
const NARROW_MIN = 340;
/** How far a board may grow beyond its logical size when the screen has room. */
const MAX_SCALE = 1.5;
/** Room the bar, margins and the page's own padding take above and below the canvas when the
 * wide board is fitted to the height of its screen (CSS px). */
const HEIGHT_RESERVE = 100;
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
/** The places a question asks about glow in this colour (not the orange of the options). */
const QUESTION = "#0091a8";
/** The marks of `Board.mark`: ring colour, halo and the sign drawn on the ring (colour is
 * never the only cue: a tick, a cross; a focus ring has no sign and no other meaning). */
const MARKS = {
  focus: { colour: "#2f6fd6", halo: "rgba(47,111,214,0.28)", sign: "" },
  right: { colour: "#2e7d32", halo: "rgba(46,125,50,0.30)", sign: "✓" },
  wrong: { colour: "#c62828", halo: "rgba(198,40,40,0.30)", sign: "✗" },
};

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

/** Texts the drawing in progress had to cut short (`hook.clipped()`); null when not drawing. */
/** @type {string[] | null} */
let cutShort = null;

/** Record a text that did not fit even at the smallest size. @param {string} str */
function noteCut(str) {
  if (cutShort && cutShort.length < 50) cutShort.push(str);
}

/** The smallest text the board draws (CSS px at scale 1). */
const MIN_TEXT = 11;

/**
 * Fit `str` in `maxW`: shrink the font down to 11 px; what still does not fit is cut with an
 * ellipsis (and noted: a layout that cuts text is a bug the tests catch).
 * Leaves ctx.font set to the size used.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {string | number} [weight]
 */
function fit(ctx, str, maxW, size, weight = 400) {
  let s = size;
  setFont(ctx, s, weight);
  while (s > MIN_TEXT && measure(ctx, str) > maxW) {
    s -= 0.5;
    setFont(ctx, s, weight);
  }
  if (measure(ctx, str) <= maxW + 0.5) return str;
  noteCut(str);
  let t = str;
  while (t.length > 1 && measure(ctx, t + "…") > maxW) t = t.slice(0, -1);
  return t + "…";
}

/**
 * The size (≤ `size`, ≥ 11) at which `str` fits `maxW`, or 0 if it fits at none.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {string | number} [weight]
 */
function sizeToFit(ctx, str, maxW, size, weight = 400) {
  for (let s = size; s >= MIN_TEXT; s -= 0.5) {
    setFont(ctx, s, weight);
    if (measure(ctx, str) <= maxW + 0.5) return s;
  }
  return 0;
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
 * Break `str` into lines of width `maxW` in the font already set on ctx. With `maxLines`, the
 * last line is cut with "…" when there is more (and noted). A single word wider than `maxW`
 * is noted too.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} [maxLines]
 */
function wrap(ctx, str, maxW, maxLines = Infinity) {
  const lines = breakLines(ctx, str, maxW);
  /** @param {string} l */
  const cut = (l) => {
    noteCut(str);
    let t = l;
    while (t.length > 1 && measure(ctx, t + "…") > maxW) t = t.slice(0, -1);
    return t + "…";
  };
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = cut(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(" ")}`);
    return kept;
  }
  return lines.map((l) => (measure(ctx, l) <= maxW + 0.5 ? l : cut(l)));
}

/**
 * `str` broken into lines no wider than `maxW` where it can be (a word wider than `maxW`
 * keeps a line of its own). Uses the font already set on ctx.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 */
function breakLines(ctx, str, maxW) {
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
  return lines;
}

/**
 * Lay `str` out in at most `maxLines` lines of width `maxW`: the biggest size from `size`
 * down to 11 px at which it fits; at 11 px it takes the lines it needs.
 * @param {CanvasRenderingContext2D} ctx @param {string} str @param {number} maxW
 * @param {number} size @param {number} maxLines @param {string | number} [weight]
 * @returns {{lines: string[], size: number}}
 */
function fitLines(ctx, str, maxW, size, maxLines, weight = 400) {
  for (let s = size; s >= MIN_TEXT; s -= 0.5) {
    setFont(ctx, s, weight);
    const lines = breakLines(ctx, str, maxW);
    if (lines.length <= maxLines && lines.every((l) => measure(ctx, l) <= maxW + 0.5)) {
      return { lines, size: s };
    }
  }
  setFont(ctx, MIN_TEXT, weight);
  return { lines: wrap(ctx, str, maxW), size: MIN_TEXT };
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

/** Whether Tactics cards (variant 7.2, or the German player's of 7.4) are in play.
 * @param {any} view */
function hasTactics(view) {
  return !!view?.tactics && view.tactics.level !== "none";
}

/** The German player's cards in the strip (7.4): tile size. */
const GTILE_W = 100;
const GTILE_H = 112;

/**
 * The German player's piles (7.4) as groups of tiles flowed into rows `inner` wide: the hand,
 * the orders (three slots, the first resolved first), the Tactics hand and the Tactics card
 * placed face down. Each group knows its tiles; a group wider than a row wraps its tiles.
 * @param {any} g the view's `german` @param {number} inner
 */
function germanGeometry(g, inner) {
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

/** @param {string} colour */
function colourOf(colour) {
  return COLOURS[/** @type {keyof typeof COLOURS} */ (colour)];
}

/** @param {string} s */
function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

// --- where each part goes ------------------------------------------------------------------

const GAP = 8;
/** The house panel with its side column of boxes (wide and medium arrangements). */
const HOUSE_W = 604;
/** Below this width the house is drawn in two halves, its boxes under its rooms (its rooms
 * would be too narrow for the names of the counters in them). */
const HOUSE_SPLIT_BELOW = 560;
const SIDE_W = 118;
const GRID_H = 484;
/** Rooms of the house in two halves (narrow): each room this tall. */
const SPLIT_ROOM_H = 92;
const SQUARE_W = 344;
/** The house is a little narrower in the medium arrangement, so the square keeps room. */
const HOUSE_W_MEDIUM = 584;
const VOLGA_W = 300;
/** A location box on the Volga side, and the gap after it. */
const LOC_W = 46;
const LOC_STEP = 50;
const TRACK_ROW = 72;
const VOLGA_ROW = 54;
const STAGING_H = 68;
const OS_H = 112;
/** A counter as the Reserves box and the stock tray draw it. */
const CHIP_W = 140;
const CHIP_H = 34;
/** The smallest dice tray; a narrower space sends it to the next row of the strip. */
const DICE_MIN_W = 150;

/**
 * The groups of the Volga side: each unit with its locations, and the locations no unit has
 * (location 3), in location order (1.2).
 * @param {Plan} plan
 * @returns {Array<{label: string, name: string, locs: number[], unit: UnitSpec | null}>}
 */
function volgaGroups(plan) {
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
 * Group) and the Reserves box sized to the `reserve` counters and weapons in it.
 * @param {number} w @param {number} reserve @param {number} suppliesKinds
 */
function houseGeometry(w, reserve, suppliesKinds) {
  const inner = w - 16;
  const split = w < HOUSE_SPLIT_BELOW;
  const chipCols = Math.max(1, Math.floor((inner - 8 + 4) / (CHIP_W + 4)));
  const chipW = Math.min(170, Math.floor((inner - 8 - 4 * (chipCols - 1)) / chipCols));
  const reserveRows = Math.max(1, Math.ceil(reserve / chipCols));
  const reservesH = 24 + reserveRows * (CHIP_H + 3) + 4;
  if (!split) {
    const gridW = inner - 10 - SIDE_W;
    const reservesY = 28 + GRID_H + 8;
    return {
      split, gridW, gridH: GRID_H, roomH: (GRID_H - 12) / 4,
      side: { x: 8 + gridW + 10, y: 28, w: SIDE_W, h: GRID_H, cols: 1, row: 24, box: 28 },
      reserves: { x: 8, y: reservesY, w: inner, h: reservesH, cols: chipCols, chipW },
      h: reservesY + reservesH + 8,
    };
  }
  // Two halves of the building (the west rooms, then the east rooms), two rooms a row.
  const gridH = 8 * SPLIT_ROOM_H + 6 * 4 + 12;
  const boxW = (inner - 8) / 2;
  const perRow = Math.max(1, Math.floor((boxW - 8) / 36));
  const suppliesH = 22 + Math.max(1, Math.ceil(suppliesKinds / perRow)) * 30;
  // Finger-sized rows: Defense tracks and Suppression boxes 32 px high.
  const colA = 18 + 3 * 35 + 6 + 17 + 3 * 35;
  const boxesH = Math.max(colA, suppliesH + 6 + 160);
  const sideY = 28 + gridH + 10;
  const reservesY = sideY + boxesH + 8;
  return {
    split, gridW: inner, gridH, roomH: SPLIT_ROOM_H,
    side: { x: 8, y: sideY, w: inner, h: boxesH, cols: 2, row: 32, box: 32 },
    reserves: { x: 8, y: reservesY, w: inner, h: reservesH, cols: chipCols, chipW },
    h: reservesY + reservesH + 8,
  };
}

/**
 * The lines under the tracks of 9 January Square, laid out for a panel `w` wide.
 * @param {CanvasRenderingContext2D} ctx @param {number} w
 */
function squareLegend(ctx, w) {
  const rule = fitLines(ctx, SQUARE_RULE, w - 20, 12, 3);
  return { rule, h: 24 + rule.lines.length * 16 + 8 + 2 * 28 };
}

const SQUARE_RULE =
  "New counters enter at circle 1 and push the others on; one past the last circle loses " +
  "the game (6.0).";

/**
 * The 9 January Square panel `w` wide: its height.
 * @param {CanvasRenderingContext2D} ctx @param {number} w @param {number} tracks
 */
function squareHeight(ctx, w, tracks) {
  return 30 + tracks * TRACK_ROW + squareLegend(ctx, w).h;
}

/**
 * The Volga panel `w` wide: one column of units (two when `w` allows), the Staging Area and,
 * only when its variant is in play, the Operational Support space (7.1): beside two columns
 * when there is room for them, else under the units.
 * @param {number} w @param {number} groups @param {boolean} support
 */
function volgaGeometry(w, groups, support) {
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

/** @type {WeakMap<Plan, Map<number, {lines: number, half: number, h: number}>>} */
const cardGeometries = new WeakMap();

/**
 * The dark strip: the Soviet hand, the Wehrmacht card, the Tactics cards (7.2) and the dice
 * tray, flowed into rows of width `w` (a new row when the next does not fit).
 * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {Rect} at
 * @param {number} cardW
 */
function cardsGeometry(ctx, d, at, cardW) {
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

/** How many counters and weapons wait in Reserves. @param {any} v */
function reserveCount(v) {
  const counters = Object.values(v.soviet).filter((c) => /** @type {any} */ (c).where === "reserves");
  const arms = Object.values(v.weapons).filter((w) => /** @type {any} */ (w).where === "reserves");
  return counters.length + arms.length;
}

/**
 * The header's lines for a board `W` wide: the turn and score first, then the phase (on the
 * first line when it fits), then the score's parts and the decks (side by side when they fit).
 * @param {CanvasRenderingContext2D} ctx @param {any} v @param {number} W
 */
function headerLayout(ctx, v, W) {
  const sc = v.score;
  const sign = sc.total > 0 ? "+" : sc.total < 0 ? "−" : "";
  const turn = `Turn ${v.turn} of ${v.turns}`;
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

/** Which panels the board draws (all three unless the `panels` trait names fewer).
 * @param {BoardData} d */
function panelsOf(d) {
  const named = Array.isArray(d.panels) ? d.panels.filter((p) => PANELS.includes(p)) : [];
  const list = named.length ? named : PANELS;
  return { house: list.includes("house"), square: list.includes("square"),
    volga: list.includes("volga"), all: PANELS.every((p) => list.includes(p)) };
}

/** The smallest logical width of a focus view (some panels) with the cards strip above
 * its panels: the house panel's, so the strip keeps its cards in one row. */
const FOCUS_MIN = HOUSE_W + 16;
/** The cards and dice strip of a wide focus view, as a column beside its panels (two
 * Soviet cards, or the Wehrmacht card and the dice tray, a row). */
const STRIP_W = 350;

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
function wideWidth(d) {
  return panelsOf(d).all ? WIDE : 16 + panelsRowWidth(d) + GAP + STRIP_W;
}

/** The logical width of a focus view with the cards strip above its panels (its `medium`
 * arrangement); 0 for the whole board. @param {BoardData} d */
function focusWidth(d) {
  return panelsOf(d).all ? 0 : Math.max(FOCUS_MIN, 16 + panelsRowWidth(d));
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
 * - `narrow` (any width from 340): one column — the house (in two halves
 *   below 560), then the square and the Volga, side by side when they fit.
 * Panel heights follow what they hold: a short Reserves box when few counters wait there, no
 * Operational Support space when its variant is not in play. A focus view (the `panels`
 * trait names fewer than three) leaves the others out: its panels go side by side (the last
 * one takes any room left) with the cards strip beside them (`wide`, see `wideWidth`) or
 * above them (`medium`, see `focusWidth`); `narrow` stacks them. A panel not drawn is null.
 * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {string} mode
 * @param {number} W
 */
function frame(ctx, d, mode, W) {
  const v = d.view;
  const plan = d.plan;
  const header = headerLayout(ctx, v, W);
  const y0 = header.h + GAP;
  const reserve = reserveCount(v);
  const supplies = Object.keys(v.tokens?.supplies ?? {}).length;
  const groups = volgaGroups(plan).length;
  const support = !!v.os?.active;
  const tracks = plan.tracks.length;
  const tray = stockTrayNeed(d);
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
      : cardsGeometry(ctx, d, { x: 8, y: y0, w: W - 16, h: 0 }, 140);
    const y1 = beside ? y0 : cards.y + cards.h + GAP;
    const names = PANELS.filter((n) => /** @type {any} */ (shown)[n]);
    const natural = { house: HOUSE_W, square: SQUARE_W, volga: VOLGA_W };
    let x = 8;
    /** @type {Record<string, Rect>} */
    const at = {};
    names.forEach((n, i) => {
      const last = i === names.length - 1;
      const w = last ? right - x : natural[/** @type {keyof typeof natural} */ (n)];
      at[n] = { x, y: y1, w, h: 0 };
      x += w + GAP;
    });
    const heights = names.map((n) => {
      const w = at[n].w;
      if (n === "house") return houseGeometry(w, reserve, supplies).h;
      if (n === "square") return squareHeight(ctx, w, tracks);
      return volgaGeometry(w, groups, support).h;
    });
    const others = names.filter((n) => n !== "house");
    const trayX = others.length ? at[others[0]].x : 8;
    const trayW = right - trayX;
    let R = Math.max(...heights);
    R = Math.max(R, tray ? tray(trayW) : 0);
    for (const n of names) at[n].h = R;
    house = at.house ?? null;
    square = at.square ?? null;
    volga = at.volga ?? null;
    trayAt = { x: trayX, y: y1, w: trayW, h: R };
  } else if (mode === "wide") {
    cards = cardsGeometry(ctx, d, { x: 8, y: y0, w: W - 16, h: 0 }, 140);
    const y1 = cards.y + cards.h + GAP;
    const hg = houseGeometry(HOUSE_W, reserve, supplies);
    const vg = volgaGeometry(VOLGA_W, groups, support);
    let R = Math.max(hg.h, squareHeight(ctx, SQUARE_W, tracks), vg.h);
    R = Math.max(R, tray ? tray(SQUARE_W + GAP + VOLGA_W) : 0);
    house = { x: 8, y: y1, w: HOUSE_W, h: R };
    square = { x: 8 + HOUSE_W + GAP, y: y1, w: SQUARE_W, h: R };
    volga = { x: square.x + SQUARE_W + GAP, y: y1, w: VOLGA_W, h: R };
    trayAt = { x: square.x, y: y1, w: SQUARE_W + GAP + VOLGA_W, h: R };
  } else if (mode === "medium") {
    cards = cardsGeometry(ctx, d, { x: 8, y: y0, w: W - 16, h: 0 }, 132);
    const y1 = cards.y + cards.h + GAP;
    const hg = houseGeometry(HOUSE_W_MEDIUM, reserve, supplies);
    const sw = W - 16 - HOUSE_W_MEDIUM - GAP;
    const R = Math.max(hg.h, squareHeight(ctx, sw, tracks));
    house = { x: 8, y: y1, w: HOUSE_W_MEDIUM, h: R };
    square = { x: 8 + HOUSE_W_MEDIUM + GAP, y: y1, w: sw, h: R };
    const vg = volgaGeometry(W - 16, groups, support);
    const vh = Math.max(vg.h, tray ? tray(W - 16) : 0);
    volga = { x: 8, y: y1 + R + GAP, w: W - 16, h: vh };
    trayAt = volga;
  } else {
    const inner = W - 16;
    const cardW = Math.min(172, Math.floor((inner - 16 - 4) / 2));
    const fourW = Math.floor((inner - 16 - 12) / 4);
    cards = cardsGeometry(ctx, d, { x: 8, y: y0, w: inner, h: 0 }, fourW >= 136 ? Math.min(
      fourW, 160) : cardW);
    const y1 = cards.y + cards.h + GAP;
    let y2 = y1;
    if (shown.house) {
      const hg = houseGeometry(inner, reserve, supplies);
      const only = !shown.square && !shown.volga;
      const hh = only ? Math.max(hg.h, tray ? tray(inner) : 0) : hg.h;
      house = { x: 8, y: y1, w: inner, h: hh };
      y2 = y1 + hh + GAP;
    }
    if (!shown.square && !shown.volga) {
      trayAt = house ?? { x: 8, y: y1, w: inner, h: 0 };
    } else if (!shown.square || !shown.volga) {
      // one of the two, the whole width
      const h = shown.square ? squareHeight(ctx, inner, tracks)
        : volgaGeometry(inner, groups, support).h;
      const R = Math.max(h, tray ? tray(inner) : 0);
      const rect = { x: 8, y: y2, w: inner, h: R };
      if (shown.square) square = rect;
      else volga = rect;
      trayAt = rect;
    } else if (inner >= SQUARE_W + GAP + VOLGA_W) {
      const vw = inner - SQUARE_W - GAP;
      const vg = volgaGeometry(vw, groups, support);
      let R = Math.max(squareHeight(ctx, SQUARE_W, tracks), vg.h);
      R = Math.max(R, tray ? tray(inner) : 0);
      square = { x: 8, y: y2, w: SQUARE_W, h: R };
      volga = { x: 8 + SQUARE_W + GAP, y: y2, w: vw, h: R };
      trayAt = { x: 8, y: y2, w: inner, h: R };
    } else {
      const sh = Math.max(squareHeight(ctx, inner, tracks), tray ? tray(inner) : 0);
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
function chooseLayout(width, height, wideH, wideW = WIDE, focusW = 0) {
  if (width >= wideW) {
    const byHeight = height > 0 ? (height - HEIGHT_RESERVE) / wideH : MAX_SCALE;
    const scale = Math.max(1, Math.min(MAX_SCALE, width / wideW, byHeight));
    return { mode: "wide", W: wideW, scale };
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
 * The height the stock tray needs (reinforcements: the counters and weapons the points can
 * buy), as a function of its width; null when nothing in the stock can be bought now.
 * @param {BoardData} d
 */
function stockTrayNeed(d) {
  const targets = new Set();
  for (const o of d.choice?.options ?? []) for (const t of o.targets) targets.add(t);
  const ids = (d.view.stock ?? []).filter((/** @type {string} */ id) =>
    targets.has(`stock-soviet:${id}`));
  const arms = (d.view.stockWeapons ?? []).filter((/** @type {string} */ id) =>
    targets.has(`stock-weapon:${id}`));
  if (!ids.length && !arms.length) return null;
  return (/** @type {number} */ w) => {
    const cols = Math.max(1, Math.floor((w - 20) / (124 + 6)));
    const counterRows = Math.ceil(ids.length / cols);
    const weaponRows = Math.ceil(arms.length / cols);
    return 36 + counterRows * 42 + (arms.length ? 22 + weaponRows * 38 : 0) + 12;
  };
}

/** Draws the whole scene and collects the regions the overlay and the pointer use. */
class Scene {
  /**
   * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {ReturnType<typeof frame>} f
   */
  constructor(ctx, d, f) {
    this.ctx = ctx;
    this.d = d;
    this.plan = d.plan;
    this.v = d.view;
    this.mode = f.mode;
    this.f = f;
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
    if (f.house) this.house(f.house);
    if (f.square) this.squareSide(f.square);
    if (f.volga) this.volga(f.volga);
    this.cardStrip();
    if (this.stockTargets()) this.stockTray();
    if (this.v.outcome) this.banner();
  }

  /** The glossary line of a term key, as a sentence: "Word: meaning (rule)".
   * @param {string | undefined} key */
  term(key) {
    const t = key ? this.plan.glossary?.[key] : undefined;
    return t ? `${t[0]}: ${t[1]} (${t[2]})` : "";
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
    const hd = f.header;
    ctx.fillStyle = "#f7f4ec";
    ctx.fillRect(0, 0, f.W, hd.h);
    ctx.fillStyle = "#c9bfa8";
    ctx.fillRect(0, hd.h - 2, f.W, 2);
    text(ctx, hd.turn, 12, 26, { size: 18, weight: 700 });
    text(ctx, hd.scoreText, f.W - 12, 26, { size: 17, weight: 700, align: "right" });
    for (const item of hd.items) {
      text(ctx, item.text, item.x, item.y, {
        size: item.size, weight: item.weight, color: item.color, align: item.align,
      });
    }
    this.region("header", 0, 0, f.W, hd.h, 0, {
      title: `Turn ${v.turn} of ${v.turns}: ${v.phaseLabel}`,
      lines: [
        `${hd.scoreText}: ${hd.parts} (6.0)`,
        this.term("term/score"),
        hd.decks,
        `Wehrmacht counters in the stock: ${v.wstock}`,
      ].filter(Boolean),
    });
  }

  /**
   * A panel background with its title.
   * @param {Rect} p @param {string} title @param {string} fill
   */
  panel(p, title, fill) {
    const { ctx } = this;
    roundRect(ctx, p.x, p.y, p.w, p.h, 8);
    ctx.fillStyle = fill;
    ctx.fill();
    text(ctx, title, p.x + 10, p.y + 19, { size: 15, weight: 700, color: "#2b2b2b" });
  }

  // --- the house ------------------------------------------------------------------------

  /**
   * The house: its rooms (in two halves on a narrow board), its boxes and Reserves.
   * @param {Rect} p
   */
  house(p) {
    const { ctx, plan, v } = this;
    const g = houseGeometry(p.w, reserveCount(v), Object.keys(v.tokens?.supplies ?? {}).length);
    this.panel(p, "Pavlov's House", "#efe9dc");
    const note = "combat positions: colour letter + number";
    setFont(ctx, 12);
    if (measure(ctx, note) <= p.w - 140 - 10) {
      text(ctx, note, p.x + 130, p.y + 19, { size: 12, color: MUTED });
    }
    const cols = Math.max(...plan.squares.map((s) => s.x)) + 1;
    const rows = Math.max(...plan.squares.map((s) => s.y)) + 1;
    const gx = p.x + 8;
    const gy = p.y + 28;
    const gap = 4;
    ctx.fillStyle = "#6b6357";
    if (!g.split) {
      const sw = (g.gridW - gap * (cols - 1)) / cols;
      const sh = (g.gridH - gap * (rows - 1)) / rows;
      ctx.fillRect(gx - 3, gy - 3, g.gridW + 6, g.gridH + 6);
      for (const sq of plan.squares) {
        this.square(sq, gx + sq.x * (sw + gap), gy + sq.y * (sh + gap), sw, sh);
      }
    } else {
      // The west half of the building (its left columns), then the east half.
      const half = Math.ceil(cols / 2);
      const sw = (g.gridW - gap * (half - 1)) / half;
      const halfH = rows * g.roomH + (rows - 1) * gap;
      for (let k = 0; k < 2; k++) {
        ctx.fillStyle = "#6b6357";
        ctx.fillRect(gx - 3, gy + k * (halfH + 12) - 3, g.gridW + 6, halfH + 6);
      }
      for (const sq of plan.squares) {
        const k = sq.x < half ? 0 : 1;
        const col = sq.x - k * half;
        this.square(sq, gx + col * (sw + gap), gy + k * (halfH + 12) + sq.y * (g.roomH + gap),
          sw, g.roomH);
      }
    }
    const side = g.side;
    const sx = p.x + side.x;
    const sy = p.y + side.y;
    if (side.cols === 1) {
      let y = this.defenseTracks(sx, sy, side.w, side.row);
      y = this.suppressionBoxes(sx, y + 6, side.w, side.box);
      y = this.supplies(sx, y + 6, side.w);
      this.stormBox(sx, y + 6, side.w, sy + side.h - (y + 6));
    } else {
      const colW = (side.w - 8) / 2;
      const y = this.defenseTracks(sx, sy, colW, side.row);
      this.suppressionBoxes(sx, y + 6, colW, side.box);
      const y2 = this.supplies(sx + colW + 8, sy, colW);
      this.stormBox(sx + colW + 8, y2 + 6, colW, sy + side.h - (y2 + 6));
    }
    const r = g.reserves;
    this.reserves(p.x + r.x, p.y + r.y, r.w, r.h, r.cols, r.chipW);
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
      // One line: the name always reads in full; the values and state tags come first when
      // there is room (the tip has them all, and an Exhausted counter is grey anyway).
      const values = `${attack}-${suppress}`;
      setFont(ctx, 11, 700);
      const nameMin = measure(ctx, name) + 6;
      setFont(ctx, 13, 700);
      const valuesW = measure(ctx, values) + 4;
      setFont(ctx, 11, 700);
      const exhW = exhausted ? measure(ctx, "Exh") + 11 : 0;
      const markW = marker ? measure(ctx, TOKENS[marker].abbr) + 11 : 0;
      const room = tagX - x;
      const showValues = nameMin + valuesW <= room;
      const showMark = showValues && nameMin + valuesW + markW <= room;
      const showExh = showMark && nameMin + valuesW + markW + exhW <= room;
      if (showValues) {
        text(ctx, values, tagX, mid, {
          size: 13, weight: 700, align: "right", base: "middle", color: ink,
        });
        tagX -= valuesW;
      }
      if (showExh) tag("Exh", "#37474f", "#ffffff", mid - 7);
      if (showMark && marker) {
        tag(TOKENS[marker].abbr, TOKENS[marker].fill, TOKENS[marker].ink, mid - 7);
      }
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
        size: 13, weight: 700, color: ink, base: "middle", max: Math.max(20, tagX - x - 5),
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
        // the name reads in full first: the tags give way (Exh first; the tip has them)
        const fits = () => {
          setFont(ctx, 11, 700);
          return sizeToFit(ctx, name, nameRoom - widthOf(tags) - 2, 13, 700) > 0;
        };
        while (tags.length && !fits()) tags = tags.slice(0, -1);
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
        ...(exhausted ? [this.term("term/exhausted")] : []),
        ...(disrupted ? [this.term("term/disrupted")] : []),
        ...(marker === "action" ? [this.term("term/action-token")] : []),
      ].filter(Boolean),
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
    // The first word of its name, where it fits (the tip names it in full).
    const short = name.split(" ")[0];
    if (sizeToFit(ctx, short, w - 23 - right - vw - 5, 12, 700)) {
      text(ctx, short, x + 23, mid, {
        size: 12, weight: 700, base: "middle", max: w - 23 - right - vw - 5,
      });
    }
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

  /**
   * The three Defense tracks, rows `row` high (finger-sized on a narrow board).
   * @param {number} x @param {number} y @param {number} w @param {number} [row]
   */
  defenseTracks(x, y, w, row = 24) {
    const { ctx, plan, v } = this;
    text(ctx, "Defense", x, y + 12, { size: 13, weight: 700 });
    y += 18;
    const values = [];
    for (let n = plan.defense.min; n <= plan.defense.max; n++) values.push(n);
    const dy = (row - 24) / 2;
    for (const colour of plan.colours) {
      const c = colourOf(colour);
      roundRect(ctx, x, y, w, row, 4);
      ctx.fillStyle = c.fill;
      ctx.fill();
      text(ctx, c.letter, x + 8, y + row / 2 + 1, {
        size: 13, weight: 700, color: c.ink, align: "center", base: "middle",
      });
      const cell = (w - 18) / values.length;
      values.forEach((n, i) => {
        const cx = x + 16 + i * cell + cell / 2;
        const top = y + dy;
        const here = v.defense[colour] === n;
        ctx.beginPath();
        ctx.moveTo(cx - 9, top + 3);
        ctx.lineTo(cx + 9, top + 3);
        ctx.lineTo(cx + 9, top + 12);
        ctx.quadraticCurveTo(cx + 9, top + 18, cx, top + 22);
        ctx.quadraticCurveTo(cx - 9, top + 18, cx - 9, top + 12);
        ctx.closePath();
        ctx.fillStyle = here ? c.strong : "rgba(255,255,255,0.7)";
        ctx.fill();
        ctx.lineWidth = 1;
        ctx.strokeStyle = c.strong;
        ctx.stroke();
        text(ctx, String(n), cx, top + 11.5, {
          size: 12, weight: 700, color: here ? "#ffffff" : c.ink, align: "center", base: "middle",
        });
      });
      this.region(`defense:${colour}`, x, y, w, row, 2, {
        title: `${capital(colour)} Defense ${v.defense[colour]}`,
        lines: [
          `Artillery and armour need a ${v.defense[colour]} or more to hit the ${colour} ` +
            "positions (3.0 Attack Building)",
          `At ${plan.defense.min} a further hit disrupts every ${colour} counter instead`,
          this.term("term/defense"),
        ].filter(Boolean),
      });
      y += row + 3;
    }
    return y;
  }

  /**
   * The three Suppression boxes, `box` high.
   * @param {number} x @param {number} y @param {number} w @param {number} [box]
   */
  suppressionBoxes(x, y, w, box = 28) {
    const { ctx, plan, v } = this;
    text(ctx, "Suppression", x, y + 12, { size: 13, weight: 700 });
    y += 17;
    for (const colour of plan.colours) {
      const c = colourOf(colour);
      const n = v.tokens[`suppress:${colour}`]?.suppression ?? 0;
      roundRect(ctx, x, y, w, box, 4);
      ctx.fillStyle = c.fill;
      ctx.fill();
      ctx.fillStyle = pattern(ctx, colour);
      ctx.fill();
      ctx.strokeStyle = c.strong;
      ctx.lineWidth = 1.2;
      ctx.stroke();
      const mid = y + box / 2 + 1;
      text(ctx, `${c.letter} box`, x + 6, mid, {
        size: 13, weight: 700, color: c.ink, base: "middle",
      });
      if (n) token(ctx, x + w - 22, mid - 1, 10, "suppression", n);
      else {
        text(ctx, "empty", x + w - 8, mid, {
          size: 12, color: MUTED, align: "right", base: "middle",
        });
      }
      this.region(`box:suppress:${colour}`, x, y, w, box, 2, {
        title: `${capital(colour)} Suppression box`,
        lines: [
          `${n} Suppression token${n === 1 ? "" : "s"}`,
          `Spend them on infantry entering a ${colour} track (3.0 Place Wehrmacht Counter)`,
        ],
      });
      y += box + 3;
    }
    return y;
  }

  /** @param {number} x @param {number} y @param {number} w */
  supplies(x, y, w) {
    const { ctx, v, plan } = this;
    const here = v.tokens.supplies ?? {};
    const kinds = Object.keys(here);
    const perRow = Math.max(1, Math.floor((w - 8) / 36));
    const rows = Math.max(1, Math.ceil(kinds.length / perRow));
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
      token(ctx, x + 20 + (i % perRow) * 36, y + 38 + Math.floor(i / perRow) * 30, 11, k,
        here[k]);
    });
    this.region("box:supplies", x, y, w, h, 2, {
      title: "Supplies box",
      lines: [
        ...(kinds.length ? kinds.map((k) => `${plan.tokens[k] ?? k}: ${here[k]}`) : ["No tokens"]),
        this.term("term/supplies"),
      ].filter(Boolean),
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
    let bottom = y + 22;
    if (sg) {
      const c = colourOf(sg.colour);
      const name = fitLines(ctx, sg.name, w - 20, 13, 3, 700);
      const cardH = 74 + (name.size + 2) * name.lines.length;
      roundRect(ctx, x + 5, y + 22, w - 10, Math.min(cardH, h - 28), 4);
      ctx.fillStyle = "#fffdf7";
      ctx.fill();
      ctx.strokeStyle = c.strong;
      ctx.lineWidth = 2;
      ctx.stroke();
      name.lines.forEach((t, i) => {
        text(ctx, t, x + 10, y + 40 + i * (name.size + 2), { size: name.size, weight: 700 });
      });
      const ty = y + 40 + (name.size + 2) * name.lines.length;
      const clear = `${c.letter} tracks clear`;
      setFont(ctx, 13, 700);
      if (measure(ctx, clear) + 10 <= w - 20) pill(ctx, x + 10, ty - 7, sg.colour, clear);
      else pill(ctx, x + 10, ty - 7, sg.colour, c.letter);
      text(ctx, `Defense ${sg.defense}`, x + 10, ty + 28, { size: 13 });
      text(ctx, `${sg.vp} VP`, x + 10, ty + 46, { size: 13, weight: 700 });
      bottom = y + 22 + cardH;
      lines.push(
        `${sg.name}: raid when the ${sg.colour} tracks are clear`,
        `The raiders' dice must total ${sg.defense} or more; success scores ${sg.vp} VP`,
      );
    } else {
      text(ctx, "no card", x + 8, y + 36, { size: 12, color: MUTED });
      bottom = y + 40;
      lines.push("No Storm Group card in the box");
    }
    const raiders = this.soviets("raid");
    if (raiders.length) lines.push(`On the raid: ${raiders.map((r) => this.name(r)).join(", ")}`);
    if (v.stormWon.length) {
      const all = `Won: ${v.stormWon.join(", ")}`;
      const room = Math.max(1, Math.floor((y + h - 6 - bottom) / 14));
      const won = fitLines(ctx, all, w - 12, 12, room, 600);
      const shown = won.lines.length <= room ? won : fitLines(ctx, `Raids won: ${v.stormWon.length}`,
        w - 12, 12, room, 600);
      shown.lines.forEach((t, i) => {
        text(ctx, t, x + 6, y + h - 8 - (shown.lines.length - 1 - i) * 14, {
          size: shown.size, weight: 600, color: "#1b5e20",
        });
      });
      lines.push(`Raids won: ${v.stormWon.join(", ")}`);
    }
    this.region("box:storm", x, y, w, h, 2, {
      title: "Storm Group box (3.0 Special Cards)", lines,
    });
  }

  /**
   * The Reserves box: every counter and weapon in it, full size, in `cols` columns (the box
   * is as tall as its rows, see houseGeometry).
   * @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {number} cols @param {number} chipW
   */
  reserves(x, y, w, h, cols, chipW) {
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
    const title = `Reserves (${ids.length})`;
    text(ctx, title, x + 8, y + 16, { size: 13, weight: 700 });
    setFont(ctx, 13, 700);
    const room = w - 16 - measure(ctx, title) - 16;
    const casualties = `casualties: ${v.casualties.length}`;
    const long = raid.length
      ? `on a raid: ${raid.map((r) => this.name(r)).join(", ")} · ${casualties}` : casualties;
    const short = raid.length ? `on a raid: ${raid.length} · ${casualties}` : casualties;
    const note = sizeToFit(ctx, long, room, 12) ? long : short;
    text(ctx, note, x + w - 8, y + 16, { size: 12, color: MUTED, align: "right", max: room });
    this.region("box:reserves", x, y, w, h, 1, {
      title: "Reserves box",
      lines: [
        ids.length ? `Counters: ${ids.map((i) => this.name(i)).join(", ")}` : "No counters",
        ...(arms.length ? [`Weapons: ${arms.map((i) => this.name(i)).join(", ")}`] : []),
        ...(raid.length ? [`On a Storm Group raid: ${raid.map((r) => this.name(r)).join(", ")}`]
          : []),
        `Casualties so far: ${v.casualties.length}`,
        this.term("term/reserves"),
      ].filter(Boolean),
    });
    const top = y + 22;
    [...ids, ...arms].forEach((id, i) => {
      const cx = x + 6 + (i % cols) * (chipW + 4);
      const cy = top + Math.floor(i / cols) * (CHIP_H + 3);
      if (i < ids.length) this.counter(id, cx, cy, chipW, CHIP_H);
      else this.weapon(id, cx, cy + 2, chipW, CHIP_H - 4);
    });
  }

  // --- 9 January Square -------------------------------------------------------------------

  /** @param {Rect} p */
  squareSide(p) {
    const { ctx, plan, v } = this;
    this.panel(p, "9 January Square", "#e4e1d8");
    text(ctx, "◀ toward the house", p.x + p.w - 10, p.y + 19, {
      size: 12, color: MUTED, align: "right",
    });
    const top = p.y + 30;
    plan.tracks.forEach((t, i) => {
      this.track(t, p.x + 6, top + i * TRACK_ROW, p.w - 12, TRACK_ROW - 8);
    });
    const ly = top + plan.tracks.length * TRACK_ROW;
    const legend = squareLegend(ctx, p.w);
    text(ctx, `Wehrmacht counters in the stock: ${v.wstock}`, p.x + 10, ly + 14, {
      size: 13, max: p.w - 20,
    });
    legend.rule.lines.forEach((line, i) => {
      text(ctx, line, p.x + 10, ly + 36 + i * 16, { size: legend.rule.size, color: MUTED });
    });
    const gy = ly + 24 + legend.rule.lines.length * 16 + 8 + 14;
    ctx.beginPath();
    ctx.arc(p.x + 22, gy, 11, 0, Math.PI * 2);
    ctx.fillStyle = "#ffffff";
    ctx.fill();
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = TOKENS.sapper.fill;
    ctx.lineWidth = 3;
    ctx.stroke();
    ctx.setLineDash([]);
    text(ctx, "Sapper location (dashed brown ring)", p.x + 40, gy + 5, {
      size: 12, color: MUTED, max: p.w - 50,
    });
    token(ctx, p.x + 22, gy + 28, 10, "sapper");
    text(ctx, "Sapper token waiting (3.0 Sapper Defenses)", p.x + 40, gy + 33, {
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

  /**
   * The Volga side: every unit with its locations, the Staging Area and, when its variant is
   * in play, the Operational Support space (7.1).
   * @param {Rect} p
   */
  volga(p) {
    const { ctx, plan, v } = this;
    this.panel(p, "The Volga — 62nd Army", "#dde7ef");
    const groups = volgaGroups(plan);
    const support = !!v.os?.active;
    const g = volgaGeometry(p.w, groups.length, support);
    const top = p.y + 28;
    // the unit's name, then its locations (no wider gap than a name needs)
    const labelW = Math.min(150, g.groupW - 4 * LOC_STEP);
    groups.forEach((grp, i) => {
      const gx = p.x + 8 + Math.floor(i / g.perCol) * (g.groupW + 8);
      const y = top + (i % g.perCol) * VOLGA_ROW;
      const last = grp.locs[grp.locs.length - 1];
      const range = grp.locs.length > 1 ? `${grp.locs[0]}–${last}` : `${grp.locs[0]}`;
      const label = fitLines(ctx, grp.label, labelW - 6, 13, 2, 700);
      const lh = label.size + 2;
      label.lines.forEach((line, k) => {
        text(ctx, line, gx, y + 20 - (label.lines.length - 1) * 6 + k * lh, {
          size: label.size, weight: 700,
        });
      });
      text(ctx, `loc ${range}`, gx, y + 37 + (label.lines.length - 1) * 7, {
        size: 12, color: MUTED,
      });
      grp.locs.forEach((n, j) => {
        this.location(n, gx + labelW + j * LOC_STEP, y + 2, LOC_W, VOLGA_ROW - 8, grp.name);
      });
    });
    if (g.beside) {
      const sx = p.x + 8 + 2 * (g.groupW + 8);
      const sw = p.x + p.w - 6 - sx;
      this.staging(sx, top, sw, STAGING_H);
      if (support) this.opSupport(sx, top + STAGING_H + 8, sw, OS_H);
    } else {
      const sy = top + g.perCol * VOLGA_ROW + 4;
      this.staging(p.x + 6, sy, p.w - 12, STAGING_H);
      if (support) this.opSupport(p.x + 6, sy + STAGING_H + 8, p.w - 12, OS_H);
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
      const after = x + 14 + needs.length * 30;
      if (sizeToFit(ctx, "tokens to give up", x + w - 8 - after, 12)) {
        text(ctx, "tokens to give up", after, y + 62, {
          size: 12, color: MUTED, max: x + w - 8 - after,
        });
      }
      const free = fitLines(ctx, `No Disrupted token on ${card.locs.join(", ")}`, w - 16, 12, 2);
      free.lines.forEach((t, i) => {
        text(ctx, t, x + 8, y + 86 + i * 14, { size: free.size, color: MUTED });
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

  /** The dark strip: the hand, the Wehrmacht card, the Tactics cards and the dice tray. */
  cardStrip() {
    const { ctx, f, v } = this;
    const a = f.cards;
    roundRect(ctx, a.x, a.y, a.w, a.h, 8);
    ctx.fillStyle = "#3a3632";
    ctx.fill();
    const cardW = a.cardW;
    const cardH = a.card.h;
    /** @type {Array<{card: string, used: boolean}>} */
    const hand = v.hand ?? [];
    for (const item of a.items) {
      const x = item.x ?? 0;
      const y = item.y ?? 0;
      if (item.kind === "hand") {
        text(ctx, "Soviet hand", x + 2, y + 16, { size: 13, weight: 700, color: "#f3ead6" });
        hand.forEach(({ card, used }, i) => {
          const cx = x + (i % a.handCols) * (cardW + 4);
          const cy = y + 22 + Math.floor(i / a.handCols) * (cardH + 4);
          this.sovietCard(card, used, i, cx, cy, cardW, cardH);
        });
        const backs = v.handHidden ?? 0;
        for (let k = 0; k < backs; k++) {
          const i = hand.length + k;
          const cx = x + (i % a.handCols) * (cardW + 4);
          const cy = y + 22 + Math.floor(i / a.handCols) * (cardH + 4);
          this.cardBack(cx, cy, cardW, cardH, "Soviet card", "#7a2e22");
          this.region("box:soviet-hand", cx, cy, cardW, cardH, 2, {
            title: `Soviet hand: ${backs} card${backs === 1 ? "" : "s"} face down`,
            lines: ["Hidden from the German player until played (7.4 Competitive)"],
          });
        }
        if (!hand.length && !backs && !v.outcome) {
          const none = "No cards in hand: four are drawn in each Soviet Card Phase (2.1)";
          const laid = fitLines(ctx, none, item.w - 8, 12, 2);
          laid.lines.forEach((line, i) => {
            text(ctx, line, x + 4, y + 38 + i * 16, { size: laid.size, color: "#cfc6b2" });
          });
        }
      } else if (item.kind === "german" && item.german) {
        this.germanCards(v.german, item.german, x, y, item.w);
      } else if (item.kind === "wehrmacht") {
        text(ctx, "Wehrmacht card", x + 2, y + 16, { size: 13, weight: 700, color: "#f3ead6" });
        this.wehrmachtCard(x, y + 22, item.w, cardH);
      } else if (item.kind === "tactics") {
        const tactics = v.tactics.cards ?? [];
        const n = Math.max(1, tactics.length);
        text(ctx, `Tactics (${v.tactics.level})`, x + 2, y + 16, {
          size: 13, weight: 700, color: "#f3ead6", max: item.w - 4,
        });
        const tw = (item.w + 4) / n - 4;
        for (let i = 0; i < n; i++) {
          this.tacticsCard(tactics[i], x + i * (tw + 4), y + 22, tw, cardH);
        }
      } else {
        this.diceTray(x, y + 4, item.w, item.h - 4);
      }
    }
  }

  /**
   * A Soviet card: two halves, one per unit, each listing the unit's actions (2.0). The card
   * is tall enough for every unit's actions (sovietCardGeometry): nothing is cut.
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
      tipLines.push(this.term("term/fog-of-war") || "No action: the fog of war (2.2)");
      tipLines.push("The 139th Signal Battalion's Tactical Decision can swap it");
    }
    const halfH = (h - 24) / 2;
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
      const acts = fitLines(ctx, (u?.actions ?? []).join(" · "), w - 14, 11, 9);
      acts.lines.forEach((line, i) => {
        text(ctx, line, x + 7, hy + 27 + i * 12, { size: acts.size, color: "#4a4030" });
      });
      tipLines.push(`${u?.name ?? uid}: ${(u?.actions ?? []).join(", ")}`);
      const words = (u?.terms ?? []).map((key) => this.term(key)).filter(Boolean);
      this.region(`card:${cid}:${uid}`, x + 2, hy + 1, w - 4, halfH - 2, 3, {
        title: `Card ${index + 1}, action ${k + 1}: ${u?.name ?? uid}`,
        lines: [
          ...(words.length ? words : [`Options: ${(u?.actions ?? []).join(", ")}`]),
          ...(used ? ["Already used this phase"] : []),
        ],
      });
    });
    this.region(`card:${cid}`, x, y, w, h, 2, {
      title: units.length ? `Soviet card ${index + 1}${used ? " (used)" : ""}` : "Fog of War",
      lines: tipLines,
    });
  }

  /**
   * A card face down: its back, with what kind of card it is.
   * @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {string} label @param {string} fill
   */
  cardBack(x, y, w, h, label, fill) {
    const { ctx } = this;
    roundRect(ctx, x, y, w, h, 6);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = "#111";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    roundRect(ctx, x + 5, y + 5, w - 10, h - 10, 4);
    ctx.strokeStyle = "rgba(255,255,255,0.35)";
    ctx.stroke();
    const laid = fitLines(ctx, label, w - 16, 12, 2, 700);
    laid.lines.forEach((line, i) => {
      text(ctx, line, x + w / 2, y + h / 2 - 6 * (laid.lines.length - 1) + i * 14, {
        size: laid.size, weight: 700, color: "#f3ead6", align: "center", base: "middle",
      });
    });
  }

  /**
   * A card face up in the German player's piles (7.4): a Wehrmacht or a Tactics card.
   * @param {FaceCard} card @param {number} x @param {number} y @param {number} w
   * @param {number} h @param {string} heading
   */
  faceTile(card, x, y, w, h, heading) {
    const { ctx } = this;
    roundRect(ctx, x, y, w, h, 6);
    ctx.fillStyle = card.kind ? "#e3e6e8" : "#d9dde0";
    ctx.fill();
    ctx.strokeStyle = "#111";
    ctx.lineWidth = 1.2;
    ctx.stroke();
    // the heading (a kind of card can take two lines), the name, then what the card does
    const head = fitLines(ctx, heading, w - 12, 11, 2, 700);
    head.lines.forEach((t, i) => {
      text(ctx, t, x + 6, y + 13 + i * 12, { size: head.size, weight: 700, color: "#37474f" });
    });
    const top = y + 13 + 12 * (head.lines.length - 1);
    const name = fitLines(ctx, card.name, w - 12, 13, 2, 700);
    name.lines.forEach((t, i) => {
      text(ctx, t, x + 6, top + 17 + i * 15, { size: name.size, weight: 700 });
    });
    let ly = top + 21 + 15 * name.lines.length;
    // a counter card's `brief` leaves out the counter's name, which is the card's name
    for (const line of (card.brief ?? card.lines).slice(0, 2)) {
      const laid = fitLines(ctx, line, w - 12, 11, 2);
      for (const t of laid.lines) {
        if (ly > y + h - 4) break;
        text(ctx, t, x + 6, ly, { size: laid.size, color: "#333" });
        ly += 13;
      }
    }
  }

  /**
   * The German player's piles (7.4): face up in the German view (the Planning options glow
   * on them), face-down backs with their counts otherwise.
   * @param {any} g the view's `german` @param {ReturnType<typeof germanGeometry>} geo
   * @param {number} x @param {number} y @param {number} w
   */
  germanCards(g, geo, x, y, w) {
    const { ctx } = this;
    text(ctx, g.sees ? "German player's cards (7.4 Competitive)"
      : "German player's cards, face down (7.4 Competitive)", x + 2, y + 16, {
      size: 13, weight: 700, color: "#f3ead6", max: w - 4,
    });
    for (const grp of geo.groups) {
      const gx = x + grp.x;
      const gy = y + 22 + grp.y;
      text(ctx, grp.title, gx + 2, gy + 12, { size: 12, weight: 700, color: "#e0d8c8",
        max: grp.w - 4 });
      const at = (/** @type {number} */ i) => ({
        tx: gx + (i % grp.cols) * (GTILE_W + 4),
        ty: gy + 20 + Math.floor(i / grp.cols) * (GTILE_H + 4),
      });
      /** @type {FaceCard[]} */
      const faces = grp.key === "hand" ? g.hand : grp.key === "orders" ? g.orders
        : grp.key === "tactics" ? g.tactics : g.chosen ? [g.chosen] : [];
      const count = grp.key === "hand" ? g.handCount : grp.key === "orders" ? g.ordersCount
        : grp.key === "tactics" ? g.tacticsCount : g.chosenCount;
      const box = { hand: "box:german-hand", orders: "box:orders",
        tactics: "box:german-tactics", chosen: "box:tactics-chosen" }[grp.key] ?? "";
      for (let i = 0; i < grp.n; i++) {
        const { tx, ty } = at(i);
        const card = faces[i];
        if (card) {
          const heading = grp.key === "orders" ? `Order ${i + 1}`
            : grp.key === "chosen" ? "Face down" : card.kind ? (card.kindLabel ?? "") : "Tactics";
          this.faceTile(card, tx, ty, GTILE_W, GTILE_H, heading);
          this.region(`card:${card.id}`, tx, ty, GTILE_W, GTILE_H, 3, {
            title: `${heading}: ${card.name}`,
            lines: [...card.lines, grp.key === "orders" ? "Resolved in this order in the " +
              "Wehrmacht Card Phase (7.4)" : grp.key === "chosen" ? "Revealed at the start " +
              "of the Wehrmacht Card Phase (7.4)" : "In the German hand (7.4)"],
          });
        } else if (i < count) {
          const tactic = grp.key === "tactics" || grp.key === "chosen";
          this.cardBack(tx, ty, GTILE_W, GTILE_H, tactic ? "Tactics" : "Wehrmacht",
            tactic ? "#455a64" : "#3e4a3a");
        } else {
          // an empty slot: an order not placed yet, or no card
          roundRect(ctx, tx + 1, ty + 1, GTILE_W - 2, GTILE_H - 2, 6);
          ctx.setLineDash([4, 4]);
          ctx.strokeStyle = "#8d8577";
          ctx.lineWidth = 1.2;
          ctx.stroke();
          ctx.setLineDash([]);
          text(ctx, grp.key === "orders" ? `order ${i + 1}` : "none", tx + GTILE_W / 2,
            ty + GTILE_H / 2, { size: 12, color: "#cfc6b2", align: "center", base: "middle" });
        }
      }
      if (!g.sees || !faces.length) {
        this.region(box, gx, gy, grp.w, grp.h, 2, {
          title: grp.title,
          lines: [g.sees ? "Empty now" : "Hidden from the Soviet side: only the count shows " +
            "(7.4 Competitive)"],
        });
      }
    }
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
          `${v.decks.wehrmacht} card${v.decks.wehrmacht === 1 ? "" : "s"} left, ` +
            `${v.decks.wehrmachtDone} played`,
          ...(played.length ? ["This turn:", ...names] : []),
        ],
      });
      return;
    }
    roundRect(ctx, x, y, w, 20, 6);
    ctx.fillStyle = "#2f3a44";
    ctx.fill();
    // The deck number gives way to a long heading (it is in the tip too).
    const withDeck = !!card.deck && !!sizeToFit(ctx, card.kindLabel, w - 58, 12, 700);
    text(ctx, card.kindLabel, x + 7, y + 14, {
      size: 12, weight: 700, color: "#ffffff", max: withDeck ? w - 58 : w - 14,
    });
    if (withDeck) {
      text(ctx, `deck ${card.deck}`, x + w - 6, y + 14, {
        size: 11, color: "#cfd8dc", align: "right",
      });
    }
    text(ctx, card.name, x + 7, y + 38, { size: 14, weight: 700, max: w - 14 });
    let ly = y + 56;
    for (const line of card.lines) {
      const laid = fitLines(ctx, line, w - 14, 12, 3);
      for (const t of laid.lines) {
        text(ctx, t, x + 7, ly, { size: laid.size, color: "#333" });
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
    const name = fitLines(ctx, card.name, w - 14, 13, 2, 700);
    name.lines.forEach((t, i) => {
      text(ctx, t, x + 7, y + 33 + i * 15, { size: name.size, weight: 700 });
    });
    let ly = y + 40 + 15 * name.lines.length;
    for (const line of card.lines) {
      const laid = fitLines(ctx, line, w - 14, 12, 2);
      for (const t of laid.lines) {
        text(ctx, t, x + 7, ly, { size: laid.size, color: "#333" });
        ly += 14;
      }
    }
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
    // The result beside the title when it fits there, else on a line of its own.
    const inline = sizeToFit(ctx, resText, w * 0.55 - 16, 13, 700);
    const size = inline || sizeToFit(ctx, resText, w - 36, 13, 700) || MIN_TEXT;
    setFont(ctx, size, 700);
    const rw = measure(ctx, resText) + 16;
    const ry = inline ? y + 6 : y + 26;
    roundRect(ctx, x + w - rw - 8, ry, rw, 20, 10);
    ctx.fillStyle = success === true ? "#ffe082" : success === false ? "#cfd8dc" : "#ffffff";
    ctx.fill();
    text(ctx, resText, x + w - rw / 2 - 8, ry + 10.5, {
      size, weight: 700, align: "center", base: "middle", max: w - 24,
    });
    const labelTop = inline ? y + 40 : y + 60;
    const label = fitLines(ctx, roll.label ?? "", w - 20, 12, 3);
    label.lines.forEach((t, i) => {
      text(ctx, t, x + 10, labelTop + i * 14, { size: label.size, color: "#e9f5ec" });
    });
    const dice = roll.dice;
    const top = labelTop + label.lines.length * 14 - 6;
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
          ? [dice.length === 1
            ? `The die ${roll.marks[0] ? "succeeded (gold outline)" : "failed"}`
            : `${roll.marks.filter(Boolean).length} of ${dice.length} dice succeeded (gold outline)`]
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

  /** A tray over the board (f.tray) listing the counters the points can buy. */
  stockTray() {
    const { ctx, f, v } = this;
    const area = f.tray;
    roundRect(ctx, area.x, area.y, area.w, area.h, 8);
    ctx.fillStyle = "rgba(250,247,240,0.98)";
    ctx.fill();
    ctx.strokeStyle = "#6b5d45";
    ctx.lineWidth = 2;
    ctx.stroke();
    const title = this.d.edit_mode && Object.keys(this.d.edit_mode).length
      ? "The stock: click a counter or weapon to place it"
      : "The stock: counters you can buy (cost in the lower right)";
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
    const wy = area.y + 36 + Math.ceil(ids.length / cols) * (ch + 6) + 6;
    if (arms.length) text(ctx, "Weapons", area.x + 12, wy + 12, { size: 13, weight: 700 });
    arms.forEach((id, j) => {
      const cx = area.x + 12 + (j % cols) * (cw + 6);
      const cy = wy + 20 + Math.floor(j / cols) * 38;
      this.weapon(id, cx, cy, cw, 32);
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
    const hand = f.cards.items.find((item) => item.kind === "hand") ?? f.cards.items[0];
    const x = hand.x ?? 0;
    const y = (hand.y ?? 0) + 22;
    const w = hand.w;
    const h = hand.h - 22;
    const good = o.result === "win";
    roundRect(ctx, x, y, w, h, 8);
    ctx.fillStyle = good ? "#1b5e20" : "#5d1a14";
    ctx.fill();
    ctx.strokeStyle = good ? "#ffe082" : "#ffffff";
    ctx.lineWidth = 2;
    ctx.stroke();
    text(ctx, "Game over", x + 14, y + 24, { size: 14, weight: 700, color: "#f3ead6" });
    const level = fitLines(ctx, `${o.level}${o.award ? `: ${o.award}` : ""}`, w - 28, 24, 2, 700);
    let ly = y + 28;
    for (const line of level.lines) {
      ly += level.size + 6;
      text(ctx, line, x + 14, ly, { size: level.size, weight: 700,
        color: good ? "#ffe082" : "#ffffff" });
    }
    const how = fitLines(ctx, `Score ${o.score} on turn ${o.turn}: ${o.how_text} (6.0)`, w - 28,
      14, 4);
    ly += 8;
    for (const line of how.lines) {
      ly += how.size + 4;
      text(ctx, line, x + 14, ly, { size: how.size, color: "#eeeeee" });
    }
    this.region("outcome", x, y, w, h, 4, {
      title: `Game over: ${o.level}`,
      lines: [
        `Score ${o.score}: raid VP ${o.raid_vp}` +
          (o.support_vp ? ` + support VP ${o.support_vp}` : "") +
          ` + ${o.defenders} defender${o.defenders === 1 ? "" : "s"} − 3 × ${o.attackers} ` +
          `attacker${o.attackers === 1 ? "" : "s"}`,
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
  const win = doc.defaultView ?? window;
  const el = doc.createElement("div");
  el.className = "pavlov-board";
  // Lumino (JupyterLab) skips its keyboard shortcuts for keys typed inside this element.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.innerHTML = `
    <div class="pb-bar" role="region" aria-label="The question of the moment">
      <div class="pb-prompt-wrap">
        <div class="pb-mode" hidden></div>
        <div class="pb-seat" hidden></div>
        <div class="pb-prompt"></div>
        <div class="pb-rule"></div>
        <div class="pb-odds"></div>
        <div class="pb-why" role="status" hidden></div>
        <div class="pb-hint-text" role="status" hidden></div>
        <textarea class="pb-json" readonly rows="6" hidden
          aria-label="The position as JSON: copy it into a notebook"></textarea>
      </div>
      <div class="pb-buttons" role="group" aria-label="Options without a place on the board"></div>
      <div class="pb-tools" role="toolbar" aria-label="Game controls">
        <button type="button" class="pb-undo" title="Undo the last choice (Z)">Undo</button>
        <button type="button" class="pb-redo" title="Redo (Y)">Redo</button>
        <button type="button" class="pb-step"
                title="Roll the dice the game waits for (Enter on the board)">Roll dice</button>
        <label class="pb-auto"><input type="checkbox" class="pb-auto-box"><span
          class="pb-auto-long">roll dice automatically</span><span
          class="pb-auto-short">auto-roll</span></label>
        <button type="button" class="pb-hint" hidden
                title="Which option is best? Plays the options out quickly and says">Hint</button>
        <span class="pb-saved" hidden></span>
      </div>
    </div>
    <div class="pb-surface" tabindex="0" role="application" aria-roledescription="game board">
      <canvas class="pb-scene" aria-hidden="true"></canvas>
      <canvas class="pb-overlay" aria-hidden="true"></canvas>
      <div class="pb-focus-label" aria-hidden="true" hidden></div>
      <div class="pb-tip" role="tooltip" hidden></div>
      <div class="pb-menu" role="menu" hidden></div>
      <div class="pb-cover" role="dialog" aria-modal="false" hidden>
        <div class="pb-cover-box">
          <div class="pb-cover-title"></div>
          <div class="pb-cover-note"></div>
          <button type="button" class="pb-cover-go"></button>
        </div>
      </div>
    </div>
    <div class="pb-error" role="alert" hidden></div>
    <div class="pb-help"></div>
    <div class="pb-log-wrap">
      <div class="pb-log-title">Log, newest first</div>
      <ol class="pb-log" aria-label="Game log, newest first"></ol>
    </div>
    <div class="pb-sr pb-sr-log" aria-live="polite" aria-atomic="true"></div>
    <div class="pb-sr pb-sr-focus" aria-live="polite" aria-atomic="true"></div>`;
  root.appendChild(el);
  const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (el.querySelector(s));
  const bar = q(".pb-bar");
  const promptEl = q(".pb-prompt");
  const ruleEl = q(".pb-rule");
  const oddsEl = q(".pb-odds");
  const whyEl = q(".pb-why");
  const savedEl = q(".pb-saved");
  const helpEl = q(".pb-help");
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
  const hintBtn = /** @type {HTMLButtonElement} */ (q(".pb-hint"));
  const hintEl = q(".pb-hint-text");
  const modeEl = q(".pb-mode");
  const seatEl = q(".pb-seat");
  const coverEl = q(".pb-cover");
  const coverTitle = q(".pb-cover-title");
  const coverNote = q(".pb-cover-note");
  const coverGo = /** @type {HTMLButtonElement} */ (q(".pb-cover-go"));
  const jsonEl = /** @type {HTMLTextAreaElement} */ (q(".pb-json"));
  /** The position a Hint was asked at (until Python's answer comes), or "". */
  let hintAsked = "";
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
  let barRaf = 0;
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
  /** The position an intent of this view was sent from: once the board has moved on from
   * it, the places that glow are brought into view. */
  let revealFrom = "";
  /** The marks and question drawn last (null before the first drawing): when they change,
   * their places are brought into view. @type {string | null} */
  let marksShown = null;
  /** Texts the last drawing cut short (tests keep this empty). @type {string[]} */
  let clipped = [];
  /** Keyboard users see the focus ring and its label; pointer and touch users do not. */
  let keyboardMode = true;
  const coarse = win.matchMedia ? win.matchMedia("(pointer: coarse)") : null;
  /** Answers to "why not?" for this position: `${position}|${region}` → answer, or null while
   * Python is asked. @type {Map<string, {text: string, rule: string} | null>} */
  const whyCache = new Map();
  /** The region whose reason the bar shows (after a click on it), or "". */
  let whyShown = "";
  let whyTimer = 0;
  /** Where the tip was last shown, to show it again when an answer arrives.
   * @type {{id: string, x: number, y: number} | null} */
  let tipAt = null;
  const stats = {
    latencies: /** @type {number[]} */ ([]),
    draws: /** @type {number[]} */ ([]),
    parts: { scene: 0, dom: 0, overlay: 0 },
  };
  let destroyed = false;
  let knownWidth = -1;
  /** The height of the screen the board scrolls in, measured when the page or the board's
   * place is resized (measuring on every draw would force a layout each time). */
  let knownHeight = -1;
  let cssWidth = 0;
  let cssHeight = 0;

  /** @returns {BoardData} */
  function data() {
    /** @type {any} */
    const out = {};
    for (const t of TRAITS) out[t] = src.get(t);
    return out;
  }

  /** The question the board asks ({prompt, regions}), or null. @returns {Question | null} */
  function question() {
    const qn = src.get("question");
    return qn && qn.prompt && Array.isArray(qn.regions) && qn.regions.length ? qn : null;
  }

  /** The editor's state while the board edits a position, or null. @returns {EditMode | null} */
  function editing() {
    const e = src.get("edit_mode");
    return e && typeof e === "object" && Object.keys(e).length ? e : null;
  }

  /** @type {{key: string, drawn: Region[], list: Opt[]}} */
  let askedCache = { key: "", drawn: [], list: [] };

  /** While a question is asked, its places stand in for the options (one each, named by
   * the place's title): they glow, take clicks and keys, and answer instead of choosing.
   * @returns {Opt[]} */
  function pendingOptions() {
    const qn = question();
    if (!qn) return src.get("choice")?.options ?? [];
    const key = JSON.stringify(qn.regions);
    if (askedCache.key !== key || askedCache.drawn !== regions) {
      const list = (qn.regions ?? []).map((id) => {
        const r = regionById(id);
        return { id, label: r?.tip?.title ?? id, targets: [id] };
      });
      askedCache = { key, drawn: regions, list };
    }
    return askedCache.list;
  }

  /** Which position a click is made on: the game shown and its rev. @param {BoardData} d */
  function positionOf(d) {
    return `${d.game_serial}:${d.rev}`;
  }

  function currentPosition() {
    return `${src.get("game_serial")}:${src.get("rev")}`;
  }

  /** The glossary line that explains an option, or "". @param {Opt | undefined} o */
  function hintOf(o) {
    const t = o?.term ? src.get("plan")?.glossary?.[o.term] : undefined;
    return t ? `${t[0]}: ${t[1]} (${t[2]})` : "";
  }

  function touch() {
    return !!coarse?.matches;
  }

  // --- where the board is on screen ---------------------------------------------------

  /** The ancestors that clip the board (overflow other than visible), nearest first. The
   * body's overflow belongs to the window (CSS overflow propagation): it is left out. */
  function clippers() {
    /** @type {HTMLElement[]} */
    const out = [];
    for (let n = root; n && n !== doc.documentElement && n !== doc.body;
      n = /** @type {HTMLElement} */ (n.parentElement)) {
      const cs = win.getComputedStyle(n);
      if (cs.overflowY !== "visible" || cs.overflowX !== "visible") out.push(n);
    }
    return out;
  }

  /** The part of the screen the board can show in (client coordinates). */
  function visibleArea() {
    let area = { top: 0, left: 0, bottom: win.innerHeight, right: win.innerWidth };
    for (const n of clippers()) {
      const b = n.getBoundingClientRect();
      area = {
        top: Math.max(area.top, b.top + n.clientTop),
        left: Math.max(area.left, b.left + n.clientLeft),
        bottom: Math.min(area.bottom, b.top + n.clientTop + n.clientHeight),
        right: Math.min(area.right, b.left + n.clientLeft + n.clientWidth),
      };
    }
    return area;
  }

  /** The height of the screen the board scrolls in: its scrolling ancestor's, or the
   * window's. */
  function screenHeight() {
    let h = win.innerHeight;
    for (const n of clippers()) {
      const cs = win.getComputedStyle(n);
      const scrolls = cs.overflowY === "auto" || cs.overflowY === "scroll";
      if (scrolls && n.scrollHeight > n.clientHeight + 1) return Math.min(h, n.clientHeight);
      if (scrolls && n.clientHeight > el.offsetHeight + 40) h = Math.min(h, n.clientHeight);
    }
    return h;
  }

  /** Keep the bar (the question and its buttons) in view while the board scrolls under it. */
  function placeBar() {
    barRaf = 0;
    if (destroyed) return;
    const top = visibleArea().top;
    const box = el.getBoundingClientRect();
    const limit = surface.offsetTop + surface.offsetHeight - bar.offsetHeight;
    const offset = Math.round(Math.max(0, Math.min(top - box.top, limit)));
    const transform = offset > 0 ? `translateY(${offset}px)` : "";
    if (bar.style.transform !== transform) bar.style.transform = transform;
    if (el.classList.contains("pb-stuck") !== offset > 0) {
      el.classList.toggle("pb-stuck", offset > 0);
    }
  }

  function scheduleBar() {
    if (!destroyed && !barRaf) barRaf = requestAnimationFrame(placeBar);
  }

  /** A region's rectangle on the screen. @param {Region} r */
  function screenRect(r) {
    const rect = overlay.getBoundingClientRect();
    return {
      left: rect.left + r.x * scale, top: rect.top + r.y * scale,
      right: rect.left + (r.x + r.w) * scale, bottom: rect.top + (r.y + r.h) * scale,
    };
  }

  /** The area where a place is really seen: on screen, and below the bar. */
  function openArea() {
    const area = visibleArea();
    const b = bar.getBoundingClientRect();
    return { ...area, top: Math.max(area.top, b.bottom) };
  }

  /**
   * Scroll so that the logical rectangle `r` of the board shows below the bar: in the
   * middle of what is left of the screen (`center`), or just in (`nearest`).
   * @param {{x: number, y: number, w: number, h: number}} r
   * @param {ScrollLogicalPosition} [block]
   */
  function scrollToRect(r, block = "center") {
    const marker = doc.createElement("div");
    marker.style.cssText = "position:absolute;pointer-events:none;visibility:hidden";
    marker.style.left = `${r.x * scale}px`;
    marker.style.top = `${r.y * scale}px`;
    marker.style.width = `${Math.max(1, r.w * scale)}px`;
    marker.style.height = `${Math.max(1, r.h * scale)}px`;
    marker.style.scrollMarginTop = `${bar.offsetHeight + 8}px`;
    marker.style.scrollMarginBottom = "8px";
    surface.appendChild(marker);
    marker.scrollIntoView({ block, inline: "nearest" });
    marker.remove();
    placeBar();
  }

  /** After a choice: if no place that glows is in view, bring them (or the first) in. */
  function revealChoices() {
    const glowing = [];
    for (const id of optionsByRegion.keys()) {
      const r = regionById(id);
      if (r) glowing.push(r);
    }
    reveal(glowing, order);
  }

  /** When the marks change: unless every marked place is in view, bring them in (or the
   * first marked), just in: the page moves no more than it must. */
  function revealMarks() {
    const marked = [];
    for (const m of marksOf()) {
      const r = regionById(m.region);
      if (r) marked.push(r);
    }
    const first = marked.map((r) => r.id);
    reveal(marked, (id) => first.indexOf(id), "nearest", true);
  }

  /**
   * If none of `places` is in view (not all, with `every`), scroll them in (all, when they
   * fit together; else the first by `rank`).
   * @param {Region[]} places @param {(id: string) => number} rank
   * @param {ScrollLogicalPosition} [block] how far to scroll: "center" or just in ("nearest")
   * @param {boolean} [every] all of them must be in view
   */
  function reveal(places, rank, block = "center", every = false) {
    const glowing = places;
    if (!glowing.length) return;
    const area = openArea();
    /** @param {Region} r */
    const seen = (r) => {
      const s = screenRect(r);
      return s.top >= area.top - 1 && s.bottom <= area.bottom + 1 &&
        s.left >= area.left - 1 && s.right <= area.right + 1;
    };
    const inView = every ? glowing.every(seen) : glowing.some(seen);
    if (inView) return;
    const x0 = Math.min(...glowing.map((r) => r.x));
    const y0 = Math.min(...glowing.map((r) => r.y));
    const x1 = Math.max(...glowing.map((r) => r.x + r.w));
    const y1 = Math.max(...glowing.map((r) => r.y + r.h));
    const room = (area.bottom - area.top) / scale - 16;
    // All of them in the middle when they fit together, else from the first the engine
    // lists, just under the bar.
    const first = glowing.reduce((a, b) => (rank(a.id) <= rank(b.id) ? a : b));
    if (y1 - y0 <= room) scrollToRect({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }, block);
    else scrollToRect(first, block === "center" ? "start" : block);
  }

  /** The place of a region in the engine's order of options. @param {string} id */
  function order(id) {
    const list = optionsByRegion.get(id) ?? [];
    return list.length ? Math.min(...list) : Infinity;
  }

  // --- drawing -----------------------------------------------------------------------

  /** The room last told to Python: `${width}x${height}`. */
  let roomSent = "";

  /** Tell Python the size of the board's place (the `room` trait) when it changes. */
  function reportRoom() {
    if (!src.report || knownWidth <= 0) return;
    const room = { width: Math.round(knownWidth), height: Math.round(Math.max(0, knownHeight)) };
    const key = `${room.width}x${room.height}`;
    if (key === roomSent) return;
    roomSent = key;
    src.report(room);
  }

  /** @param {CanvasRenderingContext2D} ctx @param {BoardData} d */
  function sizeCanvases(ctx, d) {
    // The width comes from the ResizeObserver; reading el.clientWidth on every draw would
    // force a layout of the whole page.
    if (knownWidth <= 0) knownWidth = root.clientWidth || el.clientWidth || WIDE;
    const width = Math.max(1, knownWidth);
    if (knownHeight <= 0) knownHeight = screenHeight();
    const wideW = wideWidth(d);
    let f = frame(ctx, d, "wide", wideW);
    const layout = chooseLayout(width, knownHeight, f.H, wideW, focusWidth(d));
    mode = layout.mode;
    scale = layout.scale;
    if (mode !== "wide") f = frame(ctx, d, mode, layout.W);
    const cssW = Math.round(f.W * scale);
    const cssH = Math.round(f.H * scale);
    const dpr = win.devicePixelRatio || 1;
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
      // The bar, the notes and the log are as wide as the board drawn.
      el.style.maxWidth = `${cssW}px`;
    }
    cssWidth = cssW;
    cssHeight = cssH;
    reportRoom();
    return { dpr, f };
  }

  /** One full redraw: the scene, the DOM parts, the overlay. */
  function draw() {
    if (destroyed) return;
    const t0 = performance.now();
    const d = data();
    if (!d.plan || !d.plan.squares || !d.view || !d.view.score) return;
    // Opaque: the scene covers its whole canvas, and opaque canvases composite faster.
    const ctx = /** @type {CanvasRenderingContext2D} */ (scene.getContext("2d", { alpha: false }));
    currentFont.delete(ctx);
    cutShort = [];
    try {
      const { dpr, f } = sizeCanvases(ctx, d);
      ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
      const s = new Scene(ctx, d, f);
      s.draw();
      regions = s.regions;
      clipped = [...new Set(cutShort)];
    } finally {
      cutShort = null;
    }
    indexOptions();
    const tScene = performance.now();
    updateDom(d);
    const tDom = performance.now();
    drawOverlay();
    const t1 = performance.now();
    stats.draws.push(t1 - t0);
    stats.parts = { scene: tScene - t0, dom: tDom - tScene, overlay: t1 - tDom };
    if (stats.draws.length > 1000) stats.draws.shift();
    const position = positionOf(d);
    if (pendingClick && position !== pendingClick.at) {
      // Click to repainted board: measured at the next frame, once this one is on screen.
      const t0click = pendingClick.t0;
      pendingClick = null;
      requestAnimationFrame(() => {
        stats.latencies.push(performance.now() - t0click);
        if (stats.latencies.length > 1000) stats.latencies.shift();
      });
    }
    // The bar follows at the next frame (reading the layout here would force one per draw),
    // unless the choices are to be brought into view now, which needs it in place.
    // New marks or a new question: their places into view (not at the first drawing: a
    // notebook that opens must not jump to every board that has marks).
    const marked = `${d.game_serial}|${JSON.stringify(d.marks ?? [])}|` +
      JSON.stringify(question()?.regions ?? []);
    const showMarked = marksShown !== null && marked !== marksShown;
    marksShown = marked;
    if (revealFrom && position !== revealFrom) {
      revealFrom = "";
      placeBar();
      revealChoices();
    } else if (showMarked) {
      placeBar();
      if (question()) revealChoices();
      revealMarks();
    } else {
      scheduleBar();
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
    const dpr = win.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, overlay.width, overlay.height);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
    const asking = !!question();
    const glow = asking ? QUESTION : HILITE;
    const halo = asking ? "rgba(0,145,168,0.35)" : "rgba(255,160,0,0.35)";
    for (const id of optionsByRegion.keys()) {
      const r = regionById(id);
      if (!r) continue;
      outline(ctx, r, glow, id === hover ? 5 : 3, halo);
    }
    drawMarks(ctx);
    const opts = pendingOptions();
    const focused = opts[focusIndex];
    const showFocus = focusIndex >= 0 && surfaceHasFocus() && keyboardMode && !touch();
    if (!focusLabel.hidden) focusLabel.hidden = true;
    if (focused && showFocus && drawnOptions.has(focusIndex)) {
      /** @type {Region | null} */
      let first = null;
      for (const t of focused.targets) {
        const r = regionById(t);
        if (!r) continue;
        outline(ctx, r, FOCUS, 3.5, null, [7, 4]);
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
   * A ring around a region: a glowing choice (or asked place), the hovered one (thicker), a
   * mark (a little further out, so it shows around a glow), or the keyboard focus (dashed).
   * Nothing is laid over the region itself, so its colours read as printed (a purple room
   * stays purple).
   * @param {CanvasRenderingContext2D} ctx @param {Region} r @param {string} colour
   * @param {number} width @param {string | null} halo the glow's colour, or null
   * @param {number[]} [dash] @param {number} [gap] how far outside the region
   */
  function outline(ctx, r, colour, width, halo, dash = [], gap = 0) {
    ctx.save();
    ctx.beginPath();
    const pad = width / 2 + gap;
    if (r.circle) ctx.arc(r.x + r.w / 2, r.y + r.h / 2, r.w / 2 + pad, 0, Math.PI * 2);
    else roundRect(ctx, r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad, 5 + gap);
    ctx.setLineDash(dash);
    if (halo) {
      // A soft halo outside: a wide translucent stroke under the solid one (a shadow blur
      // looks the same but costs far more to draw).
      ctx.lineWidth = width + 6;
      ctx.strokeStyle = halo;
      ctx.stroke();
    }
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.restore();
  }

  /** The marks of `Board.mark` ({region, style}), known styles only. @returns {Mark[]} */
  function marksOf() {
    const list = src.get("marks");
    return Array.isArray(list) ? list.filter((m) => m && m.style in MARKS) : [];
  }

  /**
   * The marks: a ring in the style's colour just outside the place (around any glow), and
   * the style's sign (✓, ✗) on a disc at its upper right corner.
   * @param {CanvasRenderingContext2D} ctx
   */
  function drawMarks(ctx) {
    for (const m of marksOf()) {
      const r = regionById(m.region);
      if (!r) continue;
      const look = MARKS[/** @type {keyof typeof MARKS} */ (m.style)];
      const glowing = optionsByRegion.has(m.region);
      const gap = glowing ? 6 : 2;
      outline(ctx, r, look.colour, 3.5, look.halo, [], gap);
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

  const HELP_POINTER =
    "Click a glowing place, card or button to choose; point at any other place to read why " +
    "it is not a choice now. Keyboard: Tab into the board, arrow keys move between the " +
    "options, Enter chooses, Z undoes, Y redoes. Hover over anything for details.";
  const HELP_TOUCH =
    "Tap a glowing place, card or button to choose; tap any other place to read why it is " +
    "not a choice now.";
  const HELP_ASK_POINTER =
    "A question: click one of the places that glow to answer. Keyboard: Tab into the " +
    "board, arrow keys move between the places, Enter answers.";
  const HELP_ASK_TOUCH = "A question: tap one of the places that glow to answer.";
  const HELP_EDIT =
    "Editing a position: choose a tool in the bar, then click a place that glows (a place " +
    "with several possibilities opens a menu). Undo and Redo take back edits; Play from " +
    "here plays the position; Done goes back to the game unchanged.";

  /** @param {BoardData} d */
  function updateDom(d) {
    /** @type {Choice} */
    const p = d.choice ?? {
      kind: "over", op: "", prompt: "", rule: "", options: [], dice: 0, odds: [],
    };
    // Only what changed is written: DOM writes (and the layout they cause) cost the most.
    // While a question is asked, the bar is the question's: its prompt, no rule or odds, and
    // the game's buttons and tools rest (the learner answers, not plays).
    const qn = question();
    const asking = !!qn;
    const opts = pendingOptions();
    const prompt = qn ? String(qn.prompt) : p.prompt;
    setData("rev", String(d.rev));
    setData("kind", p.kind);
    setData("prompt", prompt);
    setData("options", String(opts.length));
    setData("asking", asking ? "1" : "0");
    setData("mode", mode);
    setData("over", d.view.outcome ? "1" : "0");
    setData("touch", touch() ? "1" : "0");
    if (el.classList.contains("pb-touch") !== touch()) el.classList.toggle("pb-touch", touch());
    if (el.classList.contains("pb-asking") !== asking) el.classList.toggle("pb-asking", asking);
    const edit = editing();
    setData("editing", edit ? "1" : "0");
    if (el.classList.contains("pb-editing") !== !!edit) el.classList.toggle("pb-editing", !!edit);
    setText(modeEl, edit ? `Edit mode · ${edit.tool ? `tool: ${edit.tool} · ` : ""}` +
      `resumes at ${edit.resume ?? ""}` : "");
    setProp(modeEl, "hidden", !edit);
    // Whose view this is (7.3, 7.4), and the hot seat's cover between two players.
    const seat = d.seat ?? {};
    const cover = d.cover ?? {};
    const covered = !!cover.text;
    setData("covered", covered ? "1" : "0");
    setData("seat", seat.role ?? "");
    const seatText = covered ? "Hot seat: pass the screen"
      : seat.name ? `${seat.hot ? "Hot seat · " : ""}${capital(seat.name)}'s view` : "";
    setText(seatEl, seatText);
    setProp(seatEl, "hidden", !seatText);
    setProp(coverEl, "hidden", !covered);
    setText(coverTitle, covered ? `Pass to ${cover.name}` : "");
    setText(coverNote, covered ? "Both hands are hidden. Only " + `${cover.name} should look ` +
      `at the screen once it is uncovered (${cover.rule}).` : "");
    setText(coverGo, covered ? `I am ${cover.name}: show my view` : "");
    setProp(coverGo, "disabled", !src.interactive);
    const json = edit?.json ?? "";
    if (jsonEl.value !== json) {
      jsonEl.value = json;
      jsonEl.rows = Math.min(12, json.split("\n").length);
      if (json) {
        // Selected, ready to copy (and copied where the page may write the clipboard).
        win.requestAnimationFrame(() => {
          jsonEl.focus({ preventScroll: true });
          jsonEl.select();
        });
        win.navigator.clipboard?.writeText(json).catch(() => {});
      }
    }
    setProp(jsonEl, "hidden", !json);
    updateHint(d, p, asking, !!edit);
    const help = edit ? HELP_EDIT : asking ? (touch() ? HELP_ASK_TOUCH : HELP_ASK_POINTER)
      : touch() ? HELP_TOUCH : HELP_POINTER;
    setText(helpEl, help);
    setText(promptEl, prompt);
    setText(ruleEl, asking ? `${touch() ? "Tap" : "Click"} a place that glows to answer`
      : p.rule ? `Rule ${p.rule}` : "");
    const odds = asking ? [] : (p.odds ?? []).map((o) => `${o.result} ${o.percent}% (${o.fraction})`);
    setText(oddsEl, odds.length ? `Exact odds: ${odds.join(" · ")}` : "");
    const position = `${positionOf(d)}|${qn ? JSON.stringify(qn) : ""}`;
    if (position !== lastPosition) {
      lastPosition = position;
      tip.hidden = true; // its details and "Click:" line belong to the old position
      tipAt = null;
      focusIndex = surfaceHasFocus() && opts.length ? 0 : -1;
      busy = false;
      el.dataset.busy = "0";
      hideMenu();
      whyShown = "";
      whyCache.clear();
    }
    showWhy();
    // An asked place that is not drawn (its panel is left out) becomes a button too.
    const bare = opts.map((o, i) => [o, i]).filter(([, i]) => !drawnOptions.has(Number(i)));
    const buttonsKey = JSON.stringify(bare.map(([o, i]) => [i, /** @type {Opt} */ (o).id,
      /** @type {Opt} */ (o).label, /** @type {Opt} */ (o).term ?? ""])) +
      (edit ? `|${edit.toolId ?? ""}` : "");
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
        const hint = hintOf(opt);
        if (hint) b.title = hint;
        b.disabled = !src.interactive;
        b.addEventListener("click", () => choose(opt.id));
        buttonMap.set(Number(i), b);
        if (edit && (opt.id.startsWith("tool:") || opt.id.startsWith("act:"))) {
          // The editor's palette: tools look like tools, the one in use is pressed.
          b.classList.add("pb-palette", opt.id.startsWith("act:") ? "pb-act" : "pb-tool");
          const on = opt.id === edit.toolId;
          b.classList.toggle("pb-active", on);
          b.setAttribute("aria-pressed", on ? "true" : "false");
        }
        return b;
      }));
    }
    setProp(undoBtn, "disabled", !src.interactive || asking || !d.view.canUndo);
    setProp(redoBtn, "disabled", !src.interactive || asking || !d.view.canRedo);
    // One way to roll: this button (and Enter on the board) sends the step intent.
    const rolling = p.kind === "chance" && !asking;
    setProp(stepBtn, "disabled", !src.interactive || !rolling);
    setText(stepBtn, rolling ? `Roll ${p.dice} ${p.dice === 1 ? "die" : "dice"}` : "Roll dice");
    if (stepBtn.classList.contains("pb-due") !== rolling) {
      stepBtn.classList.toggle("pb-due", rolling);
    }
    setProp(autoBox, "checked", !!d.auto_roll);
    setProp(autoBox, "disabled", !src.interactive || asking || !!edit);
    updateSaved(d);
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

  /** The Hint button and the hint's sentence (the `hinting` trait).
   * @param {BoardData} d @param {Choice} p @param {boolean} asking @param {boolean} edit */
  function updateHint(d, p, asking, edit) {
    const h = d.hinting ?? {};
    const here = positionOf(d);
    if (hintAsked && (hintAsked !== here || h.text || (!h.thinking && !busy))) hintAsked = "";
    const thinking = !!h.thinking || !!hintAsked;
    setProp(hintBtn, "hidden", !h.on || edit || !src.interactive);
    setProp(hintBtn, "disabled", thinking || asking || p.kind !== "decision");
    setText(hintBtn, thinking ? "Thinking…" : "Hint");
    const current = h.text && h.rev === d.rev && h.game === d.game_serial && !edit;
    const shown = thinking && !edit ? "Thinking… (playing the options out)" :
      current ? `Hint: ${h.text}` : "";
    setText(hintEl, shown);
    setProp(hintEl, "hidden", !shown);
  }

  /** Where the game is saved (the `saved` trait): the file's name, and whether the game has
   * moved on since. @param {BoardData} d */
  function updateSaved(d) {
    const saved = d.saved ?? {};
    if (!saved.path) {
      setProp(savedEl, "hidden", true);
      return;
    }
    const name = saved.name ?? saved.path;
    const current = saved.auto || saved.rev === d.rev;
    setText(savedEl, current ? `Saved in ${name}` : `${name}: changed since saved`);
    const title = saved.auto
      ? `This game is saved in ${saved.path} after every change`
      : `Last saved in ${saved.path}${current ? "" : "; board.save() saves it again"}`;
    if (savedEl.title !== title) savedEl.title = title;
    setProp(savedEl, "hidden", false);
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

  // --- why not? -------------------------------------------------------------------------

  /** Regions the engine can answer "why not?" for: the places options are drawn on.
   * @param {string} id */
  function askable(id) {
    if (question()) return false; // a question: the learner answers; no "why not?"
    if (editing()) return false; // editing: the tool says where it applies
    const [kind, first] = id.split(":", 2);
    if (kind === "card") return !!src.get("plan")?.sovietCards?.[first];
    return ["counter", "weapon", "square", "loc", "track", "box", "defense", "stock-soviet",
      "stock-weapon"].includes(kind);
  }

  /** Ask Python (the judge) why a region is not a choice now; answers are kept per position.
   * @param {string} region */
  function askWhy(region) {
    if (!src.interactive) return;
    const key = `${currentPosition()}|${region}`;
    if (whyCache.has(key)) return;
    whyCache.set(key, null);
    src.send({ kind: "why_not", region, rev: src.get("rev"), game: src.get("game_serial") });
  }

  /** The answer for a region at this position: {text, rule}, null (asked), undefined.
   * @param {string} region */
  function whyOf(region) {
    return whyCache.get(`${currentPosition()}|${region}`);
  }

  /** The bar's "why not" line, for the region clicked last. */
  function showWhy() {
    const answer = whyShown ? whyOf(whyShown) : undefined;
    const textNow = answer && answer.text ? `Not a choice now: ${answer.text} (${answer.rule})` : "";
    setText(whyEl, textNow);
    setProp(whyEl, "hidden", !textNow);
  }

  /** A custom message from Python: an acknowledgement, or the answer to "why not?".
   * @param {any} msg */
  function onMessage(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.kind === "ack") {
      busy = false;
      el.dataset.busy = "0";
      clearTimeout(busyTimer);
      if (!msg.ok) revealFrom = "";
      if (hintAsked) {
        // the hint is given (or refused, the reason under the board): the button comes back
        hintAsked = "";
        schedule();
      }
    } else if (msg.kind === "why_not" && typeof msg.region === "string") {
      const key = `${msg.game}:${msg.rev}|${msg.region}`;
      if (key.split("|")[0] !== currentPosition()) return; // an answer for another position
      whyCache.set(key, { text: String(msg.text ?? ""), rule: String(msg.rule ?? "") });
      if (whyShown === msg.region) showWhy();
      if (tipAt && tipAt.id === msg.region && !tip.hidden) showTip(tipAt.id, tipAt.x, tipAt.y);
    }
  }

  // --- intents -------------------------------------------------------------------------

  /**
   * Send an intent, stamped with the position on screen (the game shown and its rev) so
   * Python refuses it if the game has moved on. One at a time: the next waits for the answer.
   * @param {{kind: string, option?: string, region?: string}} msg
   */
  function send(msg) {
    if (!src.interactive || busy) return;
    // While a question is asked only answers go (Python would refuse the rest anyway).
    const answering = msg.kind === "answer";
    if (question() && !answering) return;
    busy = true;
    el.dataset.busy = "1";
    clearTimeout(busyTimer);
    // If no answer comes (a kernel restart), take clicks again after a while.
    busyTimer = win.setTimeout(() => {
      busy = false;
      el.dataset.busy = "0";
    }, 5000);
    const rev = src.get("rev");
    const game = src.get("game_serial");
    if (!answering) {
      pendingClick = { t0: performance.now(), at: `${game}:${rev}` };
      revealFrom = `${game}:${rev}`;
    }
    hideMenu();
    src.send({ ...msg, rev, game });
  }

  /** Choose an option by its id: Python's game judges it. While a question is asked, the
   * "options" are its places: the choice is an answer. @param {string} id */
  function choose(id) {
    if (question()) send({ kind: "answer", region: id });
    else send({ kind: "choose", option: id });
  }

  /** @param {"step" | "undo" | "redo"} kind */
  function intent(kind) {
    send({ kind });
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

  /** The deepest region under the point that the engine can say "why not" about.
   * @param {number} x @param {number} y */
  function refusedAt(x, y) {
    /** @type {Region | null} */
    let best = null;
    for (const r of regions) {
      if (!inside(r, x, y) || !askable(r.id)) continue;
      if (!best || r.depth >= best.depth) best = r;
    }
    return best;
  }

  /**
   * Show the tip of a region at a point of the surface: its details, what a click does there
   * (with the glossary line of the action word) or, for a place that does not glow, the
   * engine's reason.
   * @param {string} id @param {number} px @param {number} py surface coordinates
   */
  function showTip(id, px, py) {
    const info = regions.filter((r) => r.id === id && r.tip).pop();
    if (!info || !info.tip) {
      tip.hidden = true;
      return;
    }
    tipAt = { id, x: px, y: py };
    const title = doc.createElement("strong");
    title.textContent = info.tip.title;
    /** @type {HTMLElement[]} */
    const rows = info.tip.lines.map((l) => {
      const div = doc.createElement("div");
      div.textContent = l;
      return div;
    });
    const clickable = hit(px / scale, py / scale, true);
    const here = clickable ? optionsByRegion.get(clickable.id) : undefined;
    if (here && src.interactive) {
      const opts = pendingOptions();
      const verb = touch() ? "Tap" : "Click";
      const click = doc.createElement("div");
      click.className = "pb-tip-click";
      click.textContent = question() ? `${verb} to answer with this place`
        : here.length === 1 ? `${verb}: ${opts[here[0]].label}` : `${verb}: ${here.length} choices`;
      rows.push(click);
      const hints = [...new Set(here.map((i) => hintOf(opts[i])).filter(Boolean))];
      for (const h of hints) {
        const div = doc.createElement("div");
        div.className = "pb-tip-term";
        div.textContent = h;
        rows.push(div);
      }
    } else if (src.interactive && askable(id)) {
      const answer = whyOf(id);
      if (answer && answer.text) {
        const div = doc.createElement("div");
        div.className = "pb-tip-why";
        div.textContent = `Not a choice now: ${answer.text} (${answer.rule})`;
        rows.push(div);
      }
    }
    tip.replaceChildren(title, ...rows);
    tip.hidden = false;
    const w = surface.clientWidth;
    const h = surface.clientHeight;
    tip.style.left = `${Math.max(0, Math.min(px + 16, w - tip.offsetWidth - 4))}px`;
    const below = py + 16 + tip.offsetHeight <= h;
    tip.style.top = `${below ? py + 16 : Math.max(0, py - tip.offsetHeight - 8)}px`;
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
    const rect = surface.getBoundingClientRect();
    if (!info || !info.tip) {
      tip.hidden = true;
      tipAt = null;
      return;
    }
    showTip(info.id, ev.clientX - rect.left, ev.clientY - rect.top);
    // Resting on a place that does not glow: ask why (once per place and position).
    clearTimeout(whyTimer);
    const refused = !target && src.interactive ? refusedAt(x, y) : null;
    if (refused && refused.id === info.id && whyOf(refused.id) === undefined) {
      whyTimer = win.setTimeout(() => askWhy(refused.id), 120);
    }
  }

  function onLeave() {
    clearTimeout(whyTimer);
    tip.hidden = true;
    tipAt = null;
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
      // A place that does not glow says why, in the bar (where it stays in view).
      const refused = refusedAt(x, y);
      if (refused) {
        whyShown = refused.id;
        askWhy(refused.id);
        showWhy();
      }
      return;
    }
    whyShown = "";
    showWhy();
    const list = optionsByRegion.get(target.id) ?? [];
    const opts = pendingOptions();
    if (list.length === 1) choose(opts[list[0]].id);
    else if (list.length > 1) {
      const rect = surface.getBoundingClientRect();
      showMenu(list.map((i) => opts[i]), ev.clientX - rect.left, ev.clientY - rect.top);
    }
  }

  /**
   * A small menu of the options on one place, each with the line that explains its word.
   * @param {Opt[]} opts @param {number} x @param {number} y
   */
  function showMenu(opts, x, y) {
    menu.replaceChildren(...opts.map((o) => {
      const b = doc.createElement("button");
      b.type = "button";
      b.setAttribute("role", "menuitem");
      b.textContent = o.label;
      b.dataset.option = o.id;
      const hint = hintOf(o);
      if (hint) b.title = hint;
      b.addEventListener("click", (ev) => {
        ev.stopPropagation();
        choose(o.id);
      });
      return b;
    }));
    menu.hidden = false;
    menu.style.left = `${Math.max(0, Math.min(x, surface.clientWidth - menu.offsetWidth - 4))}px`;
    menu.style.top = `${Math.max(0, Math.min(y, surface.clientHeight - menu.offsetHeight - 4))}px`;
    // The whole menu in view (under the bar), as the places are.
    const area = openArea();
    const box = menu.getBoundingClientRect();
    if (box.top < area.top || box.bottom > area.bottom) {
      menu.style.scrollMarginTop = `${bar.offsetHeight + 8}px`;
      menu.scrollIntoView({ block: "nearest", inline: "nearest" });
      placeBar();
    }
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
    const hint = hintOf(opts[focusIndex]);
    const what = question() ? "Answer" : "Option";
    liveFocus.textContent =
      `${what} ${focusIndex + 1} of ${n}: ${opts[focusIndex].label}${hint ? `. ${hint}` : ""}`;
    scheduleOverlay();
  }

  /** @param {KeyboardEvent} ev */
  function onKey(ev) {
    // Keys typed on the board belong to the board: notebook shortcuts must not fire.
    ev.stopPropagation();
    if (!keyboardMode) {
      keyboardMode = true;
      scheduleOverlay();
    }
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
      else if (!question() && src.get("choice")?.kind === "chance") intent("step");
    } else if (key === "Escape") hideMenu();
    else return;
    ev.preventDefault();
  }

  /** A press with a mouse, pen or finger: no keyboard ring until a key is pressed. */
  const onPointerDown = () => {
    if (keyboardMode) {
      keyboardMode = false;
      scheduleOverlay();
    }
  };

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
  const onReveal = () => send({ kind: "reveal" });
  const onHint = () => {
    if (busy || hintBtn.disabled) return;
    hintAsked = currentPosition();
    send({ kind: "hint" });
    schedule();
  };
  const onScroll = () => {
    // A tip belongs to where the pointer (or finger) was: it goes when the board scrolls.
    if (!tip.hidden) {
      tip.hidden = true;
      tipAt = null;
    }
    scheduleBar();
  };
  const onResize = () => {
    knownHeight = -1;
    schedule();
  };
  const onPointerKind = () => schedule();

  // The width of the board's place (not of the board, which takes only what it draws).
  const observer = new ResizeObserver((entries) => {
    const w = Math.round(entries[entries.length - 1].contentRect.width);
    if (w !== knownWidth) {
      knownWidth = w;
      knownHeight = -1;
      schedule();
    }
  });
  observer.observe(root);
  const dprQuery = win.matchMedia(`(resolution: ${win.devicePixelRatio || 1}dppx)`);
  const onDpr = () => schedule();
  dprQuery.addEventListener("change", onDpr);
  coarse?.addEventListener("change", onPointerKind);

  overlay.addEventListener("mousemove", onMove);
  overlay.addEventListener("mouseleave", onLeave);
  overlay.addEventListener("click", onClick);
  el.addEventListener("keydown", onKey);
  el.addEventListener("pointerdown", onPointerDown, true);
  surface.addEventListener("focus", onFocus);
  surface.addEventListener("blur", onBlur);
  undoBtn.addEventListener("click", onUndo);
  redoBtn.addEventListener("click", onRedo);
  stepBtn.addEventListener("click", onStep);
  autoBox.addEventListener("change", onAuto);
  hintBtn.addEventListener("click", onHint);
  coverGo.addEventListener("click", onReveal);
  doc.addEventListener("click", onDocClick, true);
  doc.addEventListener("scroll", onScroll, { capture: true, passive: true });
  win.addEventListener("resize", onResize);
  src.on(schedule);
  src.onAck(onMessage);

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
        options: (optionsByRegion.get(r.id) ?? []).map((i) => opts[i]?.id ?? ""),
      }));
    },
    options: () => pendingOptions().map((o, i) => ({
      ...o, drawn: drawnOptions.has(i), hint: hintOf(o),
    })),
    /**
     * Where to click (page coordinates) to reach an option, and whether a menu opens there;
     * null when the option is a button.
     * @param {string} optionId
     */
    pointFor(optionId) {
      const opts = pendingOptions();
      const rect = overlay.getBoundingClientRect();
      const owners = regions.filter((r) =>
        (optionsByRegion.get(r.id) ?? []).some((i) => opts[i]?.id === optionId));
      for (const r of owners) {
        for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
          for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
            const x = r.x + r.w * fx;
            const y = r.y + r.h * fy;
            const found = hit(x, y, true);
            if (!found) continue;
            const here = optionsByRegion.get(found.id) ?? [];
            if (!here.some((i) => opts[i]?.id === optionId)) continue;
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
     * Scroll the option's place into view (below the bar), then give the point to click, as
     * pointFor does.
     * @param {string} optionId
     */
    reveal(optionId) {
      const first = hook.pointFor(optionId);
      if (!first) return null;
      const r = regionById(first.region);
      if (r) scrollToRect(r);
      return hook.pointFor(optionId);
    },
    /**
     * Scroll any region into view (below the bar); its centre in page coordinates, or null.
     * @param {string} id
     */
    revealRegion(id) {
      const r = regionById(id);
      if (!r) return null;
      scrollToRect(r);
      const s = screenRect(r);
      return { x: (s.left + s.right) / 2, y: (s.top + s.bottom) / 2 };
    },
    /**
     * The marks drawn now, in page coordinates (a marked place that is not drawn is left
     * out).
     */
    marks() {
      const rect = overlay.getBoundingClientRect();
      /** @type {Array<{region: string, style: string, x: number, y: number, w: number,
       *   h: number, cx: number, cy: number}>} */
      const out = [];
      for (const m of marksOf()) {
        const r = regionById(m.region);
        if (!r) continue;
        out.push({
          region: m.region, style: m.style,
          x: rect.left + r.x * scale, y: rect.top + r.y * scale, w: r.w * scale, h: r.h * scale,
          cx: rect.left + (r.x + r.w / 2) * scale, cy: rect.top + (r.y + r.h / 2) * scale,
        });
      }
      return out;
    },
    /** The question asked now ({prompt, regions}) or null. */
    question: () => question(),
    /** The panels drawn. */
    panels: () => PANELS.filter((n) => /** @type {any} */ (panelsOf(data()))[n]),
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
    /** Texts the last drawing had to cut short (a layout bug; tests keep it empty). */
    clipped: () => [...clipped],
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
      cancelAnimationFrame(barRaf);
      clearTimeout(busyTimer);
      clearTimeout(whyTimer);
      observer.disconnect();
      dprQuery.removeEventListener("change", onDpr);
      coarse?.removeEventListener("change", onPointerKind);
      overlay.removeEventListener("mousemove", onMove);
      overlay.removeEventListener("mouseleave", onLeave);
      overlay.removeEventListener("click", onClick);
      el.removeEventListener("keydown", onKey);
      el.removeEventListener("pointerdown", onPointerDown, true);
      surface.removeEventListener("focus", onFocus);
      surface.removeEventListener("blur", onBlur);
      undoBtn.removeEventListener("click", onUndo);
      redoBtn.removeEventListener("click", onRedo);
      stepBtn.removeEventListener("click", onStep);
      autoBox.removeEventListener("change", onAuto);
      hintBtn.removeEventListener("click", onHint);
      coverGo.removeEventListener("click", onReveal);
      doc.removeEventListener("click", onDocClick, true);
      doc.removeEventListener("scroll", onScroll, { capture: true });
      win.removeEventListener("resize", onResize);
      src.off(schedule);
      src.offAck(onMessage);
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
  // The size of the board's place goes back to Python (a model that cannot take it, such as
  // a test's stand-in, is left alone).
  if (typeof model.set === "function" && typeof model.save_changes === "function") {
    src.report = (room) => {
      model.set("room", room);
      model.save_changes();
    };
  }
  const board = createBoard(el, src);
  return () => {
    board.destroy();
    model.off("msg:custom", onCustom);
  };
}

export default { render };
