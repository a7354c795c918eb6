// @ts-check
/**
 * Presenter mode (issue 22): the board alone on the screen at projector scale, for a class
 * watching a walkthrough from the back of a room. The board is drawn as large as the screen
 * shows it whole; beside it the bar (the question, the rule, the tools), the walkthrough's
 * narration (the `narration` trait) and the newest dice, drawn large, in type readable from
 * ten metres (28 px and more on a 1920×1080 projector).
 *
 * Two ways in, one way of looking: the board's Present button asks the browser for real full
 * screen on the board's own element (the Fullscreen API needs a click, which the button is);
 * `Board.present()` from Python sets the `presenting` trait, and the board covers the window
 * (a fixed layer over the page: a page may not enter full screen without a click). Either way
 * the board's element moves to the end of the page's body while it presents, since a
 * notebook's containers (JupyterLab's windowed notebook) make a fixed layer inside them as
 * small as they are, and a placeholder of its height keeps its place, so the notebook does not
 * move; leaving puts it back there. No extension is needed: JupyterLab, Voila and JupyterLite
 * alike.
 *
 * Keys while presenting, taken before the notebook's shortcuts see them: → (or Page Down) is
 * one moment on and ← (Page Up) one back (the `page` intent: the session says what a moment is,
 * a walkthrough's ▶ and ◀, a played game's Redo and Undo); Escape leaves (in real full screen
 * the browser's own Escape leaves, and the board follows). ↑ ↓, Enter, Z and Y keep their
 * meaning on the board (`keyboard.js`); the notebook under the layer takes no key.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./protocol.js").Roll} Roll
 */

import { die } from "./draw.js";
import { setProp, setText } from "./dom.js";
import { send } from "./intents.js";
import { schedule } from "./paint.js";

/** Margins of the presenter's layer and the gap between the board and its side column (CSS
 * px; board.css's `.pb-presenting` uses the same). */
const PAD = 16;
/** The side column: a share of the screen's width, within these bounds (CSS px). */
const SIDE_SHARE = 0.27;
const SIDE_MIN = 360;
const SIDE_MAX = 560;
/** The size of a die beside the board and the gap between two, in px of a 1080-row screen
 * (board.css's `--pb-u`: everything beside the board is sized on the screen's height, so it
 * is as large on the wall from a 768-row projector as from a 1080-row one). */
const DIE = 96;
const DIE_GAP = 16;
const ROWS = 1080;
/** How far the board may grow beyond its logical size while it presents (a focus view of
 * one panel on a large screen). */
const MAX_SCALE = 2;

const PANEL = `
    <div class="pb-present-head"></div>
    <div class="pb-present-text"></div>
    <div class="pb-present-rule"></div>
    <div class="pb-present-played"></div>
    <figure class="pb-present-dice">
      <figcaption class="pb-present-roll"></figcaption>
      <canvas aria-hidden="true"></canvas>
      <div class="pb-present-result"></div>
    </figure>
    <div class="pb-present-look"></div>
    <div class="pb-present-message"></div>
    <div class="pb-present-next"></div>
    <div class="pb-present-keys"></div>
    <button type="button" class="pb-present-leave">Leave presenter mode (Esc)</button>`;

/** Ways the side column is made to fit the window, tried in turn while it would scroll (the
 * Ju 87 raid's roll of four dice with its odds ran 9 px over at 1920 x 1080, its last step
 * 45 px): closer lines, the narration at the smallest projector type (28 px of 1080 rows, as
 * the rest), no keys line (the Leave button still names Esc); board.css gives each its look.
 * Last, the dice are drawn again at DIE_SMALL. */
const FITS = ["pb-fit-close", "pb-fit-small", "pb-fit-nokeys"];
/** The dice's size when nothing else made the column fit, in px of a 1080-row screen. */
const DIE_SMALL = 72;

const KEYS_WALK = "→ next step · ← step back · Esc leaves";
const KEYS_GAME = "→ redo the next move · ← undo one · Esc leaves";

/**
 * @typedef {{on: boolean, full: boolean, home: HTMLElement | null, overflow: string,
 *   panel: HTMLElement, button: HTMLButtonElement, dice: HTMLCanvasElement,
 *   diceKey: string, keys: (ev: KeyboardEvent) => void,
 *   fullscreen: () => void}} Presenter
 */

/** Each board's presenter. @type {WeakMap<Board, Presenter>} */
const presenters = new WeakMap();

/**
 * Give the board its Present button and its presenter's side column (hidden until it
 * presents); returns what undoes it. A saved picture (no kernel) has neither.
 * @param {Board} b @returns {() => void}
 */
export function mountPresenter(b) {
  const { ui, doc, src } = b;
  if (!src.interactive) return () => {};
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "pb-present-btn";
  button.textContent = "Present";
  button.title = "Show the board full screen for a projector: → and ← step, Esc leaves";
  ui.savedEl.before(button);
  const panel = doc.createElement("section");
  panel.className = "pb-present";
  panel.hidden = true;
  panel.setAttribute("aria-label", "Presenter mode: the step and its dice");
  panel.innerHTML = PANEL;
  ui.el.appendChild(panel);
  /** @type {Presenter} */
  const p = {
    on: false, full: false, home: null, overflow: "", panel, button,
    dice: /** @type {HTMLCanvasElement} */ (panel.querySelector("canvas")), diceKey: "",
    keys: (ev) => onPresenterKey(b, ev),
    fullscreen: () => {
      // the browser left full screen (its own Escape): the board leaves presenter mode too
      if (p.full && doc.fullscreenElement !== ui.el) leave(b);
    },
  };
  presenters.set(b, p);
  const start = () => enter(b, true);
  const stop = () => leave(b);
  button.addEventListener("click", start);
  panel.querySelector(".pb-present-leave")?.addEventListener("click", stop);
  doc.addEventListener("fullscreenchange", p.fullscreen);
  return () => {
    leave(b);
    button.removeEventListener("click", start);
    doc.removeEventListener("fullscreenchange", p.fullscreen);
    presenters.delete(b);
  };
}

/** Whether the board presents now. @param {Board} b */
export function presenting(b) {
  return !!presenters.get(b)?.on;
}

/** The room the board is drawn in while it presents (the screen less the side column and
 * the margins), or null when it does not present. @param {Board} b */
export function presentRoom(b) {
  if (!presenting(b)) return null;
  const { innerWidth: w, innerHeight: h } = b.win;
  return { width: Math.max(1, w - sideWidth(b) - 3 * PAD), height: Math.max(1, h - 2 * PAD) };
}

/**
 * The board's arrangement while it presents: the wide one (the most compact on a landscape
 * screen), as large as the room shows it whole. On a small screen that may be below its
 * own size: the class sees the whole board, and reads the words beside it.
 * @param {{width: number, height: number}} room @param {number} H the wide board's logical
 *   height @param {number} W its logical width
 */
export function presentLayout(room, H, W) {
  return { mode: "wide", W, scale: Math.min(MAX_SCALE, room.width / W, room.height / H) };
}

/** The side column's width for this window. @param {Board} b */
function sideWidth(b) {
  return Math.round(Math.min(SIDE_MAX, Math.max(SIDE_MIN, b.win.innerWidth * SIDE_SHARE)));
}

/**
 * At each drawing: follow the `presenting` trait (Python's `present()`, or another view of
 * the board), and write the side column: the narration, the dice, the keys.
 * @param {Board} b @param {BoardData} d
 */
export function updatePresenter(b, d) {
  const p = presenters.get(b);
  if (!p) return;
  const { ui } = b;
  if (d.presenting && !p.on) enter(b, false);
  else if (!d.presenting && p.on) leave(b);
  if (!p.on) return;
  const n = d.narration ?? {};
  const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (p.panel.querySelector(s));
  // a walkthrough says the odds of the next roll itself: the bar's long odds line goes
  ui.el.classList.toggle("pb-narrated", !!n.title);
  const head = n.title ? `${n.title} — ${n.heading} (${n.mode})` : "";
  write(q(".pb-present-head"), head);
  write(q(".pb-present-text"), n.text ?? "");
  // the step's rule, unless the bar says it already
  write(q(".pb-present-rule"), n.rule && n.rule !== d.choice?.rule ? `Rule ${n.rule}` : "");
  write(q(".pb-present-played"), n.played ?? "");
  write(q(".pb-present-look"), n.look ?? "");
  write(q(".pb-present-message"), n.message ?? "");
  write(q(".pb-present-next"), n.next ?? "");
  setText(q(".pb-present-keys"), n.title ? KEYS_WALK : KEYS_GAME);
  // the step's own roll with its odds in a walkthrough; else the newest roll of the game
  const roll = n.roll ?? d.last_roll ?? {};
  const dice = roll.dice ?? [];
  const figure = q(".pb-present-dice");
  setProp(figure, "hidden", !dice.length);
  write(q(".pb-present-roll"), dice.length ? roll.label ?? "" : "");
  const odds = n.roll?.odds ? ` (${n.roll.odds})` : "";
  write(q(".pb-present-result"), dice.length && roll.result ? `→ ${roll.result}${odds}` : "");
  fitColumn(b, p, dice, roll.marks ?? null);
}

/** Draw the dice and make the side column fit the window without scrolling, as far as FITS
 * and DIE_SMALL go (each measured: a short step keeps the full size).
 * @param {Board} b @param {Presenter} p @param {number[]} dice
 * @param {boolean[] | null} marks */
function fitColumn(b, p, dice, marks) {
  const { panel } = p;
  const fits = () => panel.scrollHeight <= panel.clientHeight + 1;
  panel.classList.remove(...FITS);
  drawDice(b, p, dice, marks, DIE);
  for (const fit of FITS) {
    if (fits()) return;
    panel.classList.add(fit);
  }
  if (!fits()) drawDice(b, p, dice, marks, DIE_SMALL);
}

/** Write a line of the side column; an empty one takes no room. @param {HTMLElement} node
 * @param {string} value */
function write(node, value) {
  setText(node, value);
  setProp(node, "hidden", !value);
}

/** The dice, drawn as the board draws them (`draw.js`), `size` px of a 1080-row screen each.
 * @param {Board} b @param {Presenter} p @param {number[]} dice
 * @param {boolean[] | null} marks @param {number} size */
function drawDice(b, p, dice, marks, size) {
  const dpr = b.win.devicePixelRatio || 1;
  const u = b.win.innerHeight / ROWS;
  const key = `${JSON.stringify(dice)}|${JSON.stringify(marks)}|${dpr}|${u}|${size}`;
  if (key === p.diceKey) return;
  p.diceKey = key;
  const s = Math.round(size * u);
  const gap = Math.round(DIE_GAP * u);
  const w = Math.max(1, dice.length * (s + gap) - gap + 8);
  const h = s + 8;
  const c = p.dice;
  c.width = Math.round(w * dpr);
  c.height = Math.round(h * dpr);
  c.style.width = `${w}px`;
  c.style.height = `${h}px`;
  const ctx = /** @type {CanvasRenderingContext2D} */ (c.getContext("2d"));
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, w, h);
  dice.forEach((value, i) => die(ctx, 4 + i * (s + gap), 4, s, value,
    marks ? !!marks[i] : null));
}

/**
 * Present: the board covers the window (and, from the button, the whole screen).
 * @param {Board} b @param {boolean} full ask for real full screen (a click's gesture only)
 */
function enter(b, full) {
  const p = presenters.get(b);
  if (!p || p.on) return;
  const { ui, doc, win, size } = b;
  p.on = true;
  p.full = false;
  // a placeholder as high as the board keeps the notebook where it is
  const home = doc.createElement("div");
  home.className = "pb-present-home";
  home.style.height = `${ui.el.offsetHeight}px`;
  ui.el.before(home);
  p.home = home;
  doc.body.appendChild(ui.el);
  p.overflow = doc.documentElement.style.overflow;
  doc.documentElement.style.overflow = "hidden";
  ui.el.style.setProperty("--pb-side", `${sideWidth(b)}px`);
  ui.el.classList.add("pb-presenting");
  p.panel.hidden = false;
  p.button.hidden = true;
  if (full && ui.el.requestFullscreen) {
    ui.el.requestFullscreen().then(() => {
      p.full = p.on;
    }, () => {}); // refused (an iframe without the permission): the layer covers the window
  }
  win.addEventListener("keydown", p.keys, true);
  size.width = -1;
  size.height = -1;
  if (b.src.get("presenting") !== true) b.src.present?.(true);
  ui.surface.focus({ preventScroll: true });
  schedule(b);
}

/** Leave presenter mode: the board goes back to its place in the notebook, as it was.
 * @param {Board} b */
function leave(b) {
  const p = presenters.get(b);
  if (!p || !p.on) return;
  const { ui, doc, win, size } = b;
  p.on = false;
  win.removeEventListener("keydown", p.keys, true);
  if (doc.fullscreenElement === ui.el) doc.exitFullscreen().catch(() => {});
  p.full = false;
  ui.el.classList.remove("pb-presenting");
  ui.el.style.removeProperty("--pb-side");
  p.panel.hidden = true;
  p.button.hidden = false;
  doc.documentElement.style.overflow = p.overflow;
  if (p.home?.parentNode) p.home.replaceWith(ui.el);
  else b.root.appendChild(ui.el);
  p.home = null;
  size.width = -1;
  size.height = -1;
  if (!b.destroyed && b.src.get("presenting")) b.src.present?.(false);
  if (!b.destroyed) schedule(b);
}

/**
 * A key while presenting (listened to on the window, first): → and ← step, Escape leaves;
 * the notebook never sees them. Other keys go on to the board (`keyboard.js`).
 * @param {Board} b @param {KeyboardEvent} ev
 */
function onPresenterKey(b, ev) {
  const { ui, doc } = b;
  // the notebook under the layer takes no keys: one that had the focus (JupyterLab gives it
  // back to the notebook after a cell ran) gives it to the board, and the key goes nowhere
  const inside = ui.el.contains(doc.activeElement);
  if (!inside) ui.surface.focus({ preventScroll: true });
  const by = ev.ctrlKey || ev.metaKey || ev.altKey ? 0
    : { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 }[ev.key] ?? 0;
  if (ev.key === "Escape") leave(b);
  else if (by) send(b, { kind: "page", by });
  else if (inside) return;
  ev.preventDefault();
  ev.stopPropagation();
}
