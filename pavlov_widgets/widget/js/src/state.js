// @ts-check
/**
 * One board on the page: what it is fed (`src`), its DOM (`ui`) and its state, in explicit
 * slices each module reads or writes (what the last drawing produced, the size of the board's
 * place, the animation frames asked for, the keyboard focus and hover, the intent in flight,
 * the "why not?" answers, what the DOM shows now). Every module takes the board as its first
 * argument. And the questions every module asks of it: the question asked, the editor, the
 * options (or asked places) that glow, the region with an id, the position on screen.
 *
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./protocol.js").EditMode} EditMode
 * @typedef {import("./protocol.js").Mark} Mark
 * @typedef {import("./protocol.js").Opt} Opt
 * @typedef {import("./protocol.js").Question} Question
 * @typedef {import("./protocol.js").Source} Source
 * @typedef {import("./scene/core.js").Region} Region
 * @typedef {import("./dom.js").Ui} Ui
 * @typedef {{text: string, rule: string}} WhyAnswer  the engine's reason, and its rule
 */

import { MARKS } from "./theme.js";

/**
 * @typedef {object} Board
 * @property {HTMLElement} root the board's place on the page
 * @property {Source} src what the board draws, and where its intents go
 * @property {Document} doc
 * @property {Window & typeof globalThis} win
 * @property {Ui} ui
 * @property {MediaQueryList | null} coarse matches on a touch screen
 * @property {{regions: Region[], optionsByRegion: Map<string, number[]>,
 *   drawnOptions: Set<number>, buttonMap: Map<number, HTMLButtonElement>, mode: string,
 *   scale: number, clipped: string[]}} drawn what the last drawing produced: its regions,
 *   which options glow on which, the buttons of the others (by option index), its
 *   arrangement and scale, the texts it cut short (tests keep it empty)
 * @property {{width: number, height: number, cssW: number, cssH: number,
 *   roomSent: string}} size the width of the board's place (from the ResizeObserver) and
 *   the height of the screen it scrolls in (measured when either changes, -1 until then),
 *   the canvas size in CSS px, and the room last told to Python
 * @property {{scene: number, overlay: number, bar: number}} frames animation frames asked for
 * @property {{index: number, keyboard: boolean, hover: string | null}} focus the option the
 *   keyboard is on (-1: none), whether keys were used last (pointer and touch users see no
 *   focus ring), the region under the pointer that glows
 * @property {{busy: boolean, timer: number, pendingClick: {t0: number, at: string} | null,
 *   revealFrom: string, hintAsked: string}} sending one intent at a time: whether one waits
 *   for its answer, the time limit of that wait, a click being timed, the position an intent
 *   was sent from (once the board moves on, the places that glow are brought into view), the
 *   position a Hint was asked at
 * @property {{cache: Map<string, WhyAnswer | null>, shown: string, timer: number}} why
 *   answers to "why not?" by `${position}|${region}` (null while Python is asked), the
 *   region whose reason the bar shows, the pause before asking about a place pointed at
 * @property {{id: string, x: number, y: number} | null} tipAt where the tip was last shown
 * @property {{position: string, marks: string | null, buttons: string,
 *   log: string}} shown what the DOM shows now: the position drawn last (a new one resets
 *   focus, menu and tip), the marks and question drawn last (null before the first
 *   drawing), the keys of the buttons and of the log
 * @property {{position: string, logN: number, score: number | null, focus: string,
 *   roll: string, asked: string, engaged: boolean, wired: boolean}} said what the screen
 *   reader was told (`announce.js`): the position drawn last, the newest log entry said (-2
 *   before the first drawing), the score, the option under the focus and the roll said last
 *   (Enter acts only on them), an undo or redo asked for, whether the learner came to the
 *   board (its questions are said from then on), whether its buttons are listened to
 * @property {{key: string, drawn: Region[], list: Opt[]}} asked the asked places as options
 * @property {{latencies: number[], draws: number[], parts: {scene: number, dom: number,
 *   overlay: number}}} stats timings for the test hook and benchmarks
 * @property {boolean} destroyed
 */

/**
 * A board's state before its first drawing.
 * @param {HTMLElement} root @param {Source} src @param {Ui} ui @returns {Board}
 */
export function createBoardState(root, src, ui) {
  const doc = root.ownerDocument;
  const win = /** @type {Window & typeof globalThis} */ (doc.defaultView ?? window);
  return {
    root, src, doc, win, ui,
    coarse: win.matchMedia ? win.matchMedia("(pointer: coarse)") : null,
    drawn: { regions: [], optionsByRegion: new Map(), drawnOptions: new Set(),
      buttonMap: new Map(), mode: "wide", scale: 1, clipped: [] },
    size: { width: -1, height: -1, cssW: 0, cssH: 0, roomSent: "" },
    frames: { scene: 0, overlay: 0, bar: 0 },
    focus: { index: -1, keyboard: true, hover: null },
    sending: { busy: false, timer: 0, pendingClick: null, revealFrom: "", hintAsked: "" },
    why: { cache: new Map(), shown: "", timer: 0 },
    tipAt: null,
    shown: { position: "", marks: null, buttons: "", log: "" },
    said: { position: "", logN: -2, score: null, focus: "", roll: "", asked: "",
      engaged: false, wired: false },
    asked: { key: "", drawn: [], list: [] },
    stats: { latencies: [], draws: [], parts: { scene: 0, dom: 0, overlay: 0 } },
    destroyed: false,
  };
}

/** The question the board asks ({prompt, regions}), or null. @param {Board} b
 * @returns {Question | null} */
export function question(b) {
  const qn = b.src.get("question");
  return qn && qn.prompt && Array.isArray(qn.regions) && qn.regions.length ? qn : null;
}

/** The editor's state while the board edits a position, or null. @param {Board} b
 * @returns {EditMode | null} */
export function editing(b) {
  const e = b.src.get("edit_mode");
  return e && typeof e === "object" && Object.keys(e).length ? e : null;
}

/** While a question is asked, its places stand in for the options (one each, named by
 * the place's title): they glow, take clicks and keys, and answer instead of choosing.
 * @param {Board} b @returns {Opt[]} */
export function pendingOptions(b) {
  const qn = question(b);
  if (!qn) return b.src.get("choice")?.options ?? [];
  const key = JSON.stringify(qn.regions);
  const regions = b.drawn.regions;
  if (b.asked.key !== key || b.asked.drawn !== regions) {
    const list = (qn.regions ?? []).map((id) => {
      const r = regionById(b, id);
      return { id, label: r?.tip?.title ?? id, targets: [id] };
    });
    b.asked = { key, drawn: regions, list };
  }
  return b.asked.list;
}

/**
 * The deepest region that `test` accepts (the last drawn of the deepest), or null.
 * @param {Region[]} regions @param {(r: Region) => boolean} test
 */
export function deepest(regions, test) {
  /** @type {Region | null} */
  let best = null;
  for (const r of regions) if (test(r) && (!best || r.depth >= best.depth)) best = r;
  return best;
}

/** The region drawn with this id (the deepest). @param {Board} b @param {string} id */
export function regionById(b, id) {
  return deepest(b.drawn.regions, (r) => r.id === id);
}

/** Which position a click is made on: the game shown and its rev. @param {BoardData} d */
export function positionOf(d) {
  return `${d.game_serial}:${d.rev}`;
}

/** The position on screen now. @param {Board} b */
export function currentPosition(b) {
  return `${b.src.get("game_serial")}:${b.src.get("rev")}`;
}

/** The glossary line that explains an option, or "". @param {Board} b
 * @param {Opt | undefined} o */
export function hintOf(b, o) {
  const t = o?.term ? b.src.get("plan")?.glossary?.[o.term] : undefined;
  return t ? `${t[0]}: ${t[1]} (${t[2]})` : "";
}

/** Whether the board is on a touch screen. @param {Board} b */
export function touch(b) {
  return !!b.coarse?.matches;
}

/** @param {Board} b */
export function surfaceHasFocus(b) {
  return b.doc.activeElement === b.ui.surface;
}

/** The marks of `Board.mark` ({region, style}), known styles only. @param {Board} b
 * @returns {Mark[]} */
export function marksOf(b) {
  const list = b.src.get("marks");
  return Array.isArray(list) ? list.filter((m) => m && m.style in MARKS) : [];
}
