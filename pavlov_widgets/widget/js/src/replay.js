// @ts-check
/**
 * A replay without a kernel (issue 22): the board stepping through a game's moments, saved as
 * one HTML page (`pavlov_widgets.replay.save_replay`). esbuild bundles this module, with the
 * whole board, as a classic script (`static/replay.js`, an IIFE setting `PavlovReplay`), so
 * the page works opened from disk: a module script from a `file://` address is refused by
 * the browser, a classic one is not, whether inlined (a saved replay) or shared by several
 * pages (the docs).
 *
 * The board draws from a `Source` as it does from the widget's model. Here the source is a
 * small stand-in for that model: it serves the traits of the moment shown, precomputed by
 * Python through the board's own redaction gate, and tells the board when the moment
 * changes. Each moment after the first carries only the traits that changed.
 *
 * The player bar: Back, a slider over the moments, Next, and the moment's heading; the
 * left and right arrow keys (Home and End) step too. Under the bar, the moment's caption
 * (the walkthrough's narration, or the log lines of the moment), written by Python.
 *
 * @typedef {import("./protocol.js").Source} Source
 * @typedef {{heading: string, html: string, state: Record<string, unknown>}} Moment
 * @typedef {{title: string, labels: {back: string, next: string, slider: string,
 *   keys: string}, moments: Moment[]}} ReplayData
 */

import { createBoard } from "./board.js";

/**
 * Every moment's whole state: each moment's changed traits laid over the one before.
 * @param {Moment[]} moments @returns {Array<Record<string, unknown>>}
 */
export function wholeStates(moments) {
  /** @type {Array<Record<string, unknown>>} */
  const out = [];
  /** @type {Record<string, unknown>} */
  let now = {};
  for (const m of moments) {
    now = { ...now, ...m.state };
    out.push(now);
  }
  return out;
}

/**
 * An element with a class (and text).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {Document} doc @param {K} tag @param {string} cls @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function make(doc, tag, cls, text) {
  const el = doc.createElement(tag);
  el.className = cls;
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Build the replay in `root` from `data` and show its first moment.
 * @param {HTMLElement} root @param {ReplayData} data
 */
export function startReplay(root, data) {
  const doc = root.ownerDocument;
  const states = wholeStates(data.moments);
  if (!states.length) throw new Error("a replay needs at least one moment");
  let at = 0;
  /** @type {Set<() => void>} */
  const listeners = new Set();
  /** @type {Source} */
  const src = {
    get: (name) => /** @type {any} */ (states[at][name]),
    send: () => {},
    on: (cb) => { listeners.add(cb); },
    off: (cb) => { listeners.delete(cb); },
    onAck: () => {},
    offAck: () => {},
    interactive: false,
  };

  const side = make(doc, "div", "pr-side");
  const title = make(doc, "h1", "pr-title", data.title);
  const bar = make(doc, "div", "pr-bar");
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", data.labels.slider);
  const back = make(doc, "button", "pr-back", data.labels.back);
  const next = make(doc, "button", "pr-next", data.labels.next);
  const slider = make(doc, "input", "pr-slider");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(states.length - 1);
  slider.step = "1";
  slider.setAttribute("aria-label", data.labels.slider);
  const heading = make(doc, "p", "pr-heading");
  heading.setAttribute("aria-live", "polite");
  const caption = make(doc, "div", "pr-caption");
  const keys = make(doc, "p", "pr-keys", data.labels.keys);
  bar.append(back, slider, next);
  side.append(title, bar, heading, caption, keys);
  const boardBox = make(doc, "div", "pr-board");
  root.append(side, boardBox);
  const board = createBoard(boardBox, src);

  /** Show moment `i` (kept within the replay). @param {number} i */
  const show = (i) => {
    const to = Math.max(0, Math.min(states.length - 1, Math.round(i)));
    const moved = to !== at;
    at = to;
    const m = data.moments[at];
    back.disabled = at === 0;
    next.disabled = at === states.length - 1;
    if (slider.value !== String(at)) slider.value = String(at);
    heading.textContent = m.heading;
    caption.innerHTML = m.html; // written and escaped by Python (pavlov_widgets.replay)
    root.dataset.moment = String(at);
    if (moved) for (const cb of listeners) cb();
  };

  back.addEventListener("click", () => show(at - 1));
  next.addEventListener("click", () => show(at + 1));
  slider.addEventListener("input", () => show(Number(slider.value)));
  doc.addEventListener("keydown", (ev) => {
    // the slider steps itself with the arrow keys (its input event shows the moment)
    if (ev.target === slider || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: states.length - 1 }[
      ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
  });
  show(0);
  // for tests: the moment shown, how many there are, and a way to show one
  const hook = { show, board, count: states.length, get at() { return at; } };
  /** @type {any} */ (root).__pavlovReplay = hook;
  return hook;
}
