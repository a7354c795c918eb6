// @ts-check
/**
 * The keyboard: the board is focusable; arrow keys (and Home, End) move between the options
 * (or a question's places), Enter or Space chooses (or rolls the dice the game waits for), Z
 * undoes, Y redoes, Escape closes the menu. Keys typed on the board belong to the board:
 * JupyterLab's shortcuts do not fire. A live region reads the option the focus is on
 * (`announce.js`).
 *
 * Enter acts only on what was said (issue 19): on the option under the focus once its
 * sentence was read out at this position (after a choice the focus goes back to the first
 * option and says it before Enter may choose it), on a roll once the roll was said. An
 * Enter that comes before says the option (or the roll) instead of acting.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").Intent} Intent
 */

import { pendingOptions, question } from "./state.js";
import { scheduleOverlay } from "./paint.js";
import { choose, send } from "./intents.js";
import { hideMenu, menuKey } from "./menus.js";
import { focusKey, rollKey, sayFocus, sayOnFocus, sayRoll } from "./announce.js";

/** Move the focus `delta` options on (wrapping round). @param {Board} b @param {number} delta */
function moveFocus(b, delta) {
  const { focus } = b;
  const opts = pendingOptions(b);
  const n = opts.length;
  if (!n) return;
  focus.index = focus.index < 0 || focus.index >= n ? (delta > 0 ? 0 : n - 1)
    : (focus.index + delta + n) % n;
  sayFocus(b, true, true);
  scheduleOverlay(b);
}

/** Enter or Space on the board: choose the option said last, or roll the roll said last;
 * anything not said yet is said instead. @param {Board} b */
function enter(b) {
  const { focus, sending, src } = b;
  if (sending.busy) return; // the answer to the last key is on its way
  const opts = pendingOptions(b);
  if (opts.length) {
    if (focus.index < 0 || focus.index >= opts.length) focus.index = 0;
    if (focusKey(b) === b.said.focus) choose(b, opts[focus.index].id);
    else {
      sayFocus(b, true, true);
      scheduleOverlay(b);
    }
  } else if (!question(b) && src.get("choice")?.kind === "chance") {
    if (rollKey(b) === b.said.roll) send(b, { kind: "step" });
    else sayRoll(b, true);
  }
}

/** @param {Board} b @param {KeyboardEvent} ev */
export function onKey(b, ev) {
  const { src, focus, ui } = b;
  // Keys typed on the board belong to the board: notebook shortcuts must not fire.
  ev.stopPropagation();
  if (!focus.keyboard) {
    focus.keyboard = true;
    scheduleOverlay(b);
  }
  if (!src.interactive || ev.key === "Tab" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = /** @type {HTMLElement} */ (ev.target);
  if (ui.menu.contains(t)) {
    if (menuKey(b, ev, t)) ev.preventDefault();
    return;
  }
  if (t.tagName === "INPUT" || t.tagName === "TEXTAREA") return;
  const onSurface = t === ui.surface;
  const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  /** @param {Intent} msg */
  const go = (msg) => send(b, msg);
  if (key === "z" || key === "y") {
    const kind = key === "z" ? "undo" : "redo";
    b.said.asked = kind; // said once the game has taken it back (announce.js)
    go({ kind });
  }
  else if (onSurface && (key === "ArrowRight" || key === "ArrowDown")) moveFocus(b, 1);
  else if (onSurface && (key === "ArrowLeft" || key === "ArrowUp")) moveFocus(b, -1);
  else if (onSurface && key === "Home") {
    focus.index = -1;
    moveFocus(b, 1);
  } else if (onSurface && key === "End") {
    focus.index = -1;
    moveFocus(b, -1);
  } else if (onSurface && (key === "Enter" || key === " ")) enter(b);
  else if (key === "Escape") hideMenu(b);
  else return;
  ev.preventDefault();
}

/** The board takes the focus: the focus is on the first option, and the question and that
 * option (or the roll) are said (`announce.js`). @param {Board} b */
export function onFocus(b) {
  const n = pendingOptions(b).length;
  if (n && (b.focus.index < 0 || b.focus.index >= n)) b.focus.index = 0;
  sayOnFocus(b);
  scheduleOverlay(b);
}
