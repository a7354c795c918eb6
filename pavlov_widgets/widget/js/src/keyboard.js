// @ts-check
/**
 * The keyboard: the board is focusable; arrow keys (and Home, End) move between the options
 * (or a question's places), Enter or Space chooses (or rolls the dice the game waits for), Z
 * undoes, Y redoes, Escape closes the menu. Keys typed on the board belong to the board:
 * JupyterLab's shortcuts do not fire. A live region reads the option the focus is on.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").Intent} Intent
 */

import { hintOf, pendingOptions, question } from "./state.js";
import { scheduleOverlay } from "./paint.js";
import { choose, send } from "./intents.js";
import { hideMenu, menuKey } from "./menus.js";

/** Move the focus `delta` options on (wrapping round). @param {Board} b @param {number} delta */
function moveFocus(b, delta) {
  const { focus } = b;
  const opts = pendingOptions(b);
  const n = opts.length;
  if (!n) return;
  focus.index = focus.index < 0 ? (delta > 0 ? 0 : n - 1) : (focus.index + delta + n) % n;
  const hint = hintOf(b, opts[focus.index]);
  const what = question(b) ? "Answer" : "Option";
  b.ui.liveFocus.textContent =
    `${what} ${focus.index + 1} of ${n}: ${opts[focus.index].label}${hint ? `. ${hint}` : ""}`;
  scheduleOverlay(b);
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
  if (key === "z") go({ kind: "undo" });
  else if (key === "y") go({ kind: "redo" });
  else if (onSurface && (key === "ArrowRight" || key === "ArrowDown")) moveFocus(b, 1);
  else if (onSurface && (key === "ArrowLeft" || key === "ArrowUp")) moveFocus(b, -1);
  else if (onSurface && key === "Home") {
    focus.index = -1;
    moveFocus(b, 1);
  } else if (onSurface && key === "End") {
    focus.index = -1;
    moveFocus(b, -1);
  } else if (onSurface && (key === "Enter" || key === " ")) {
    const o = pendingOptions(b)[focus.index < 0 ? 0 : focus.index];
    if (o) choose(b, o.id);
    else if (!question(b) && src.get("choice")?.kind === "chance") go({ kind: "step" });
  } else if (key === "Escape") hideMenu(b);
  else return;
  ev.preventDefault();
}

/** The board takes the focus: the first option is focused. @param {Board} b */
export function onFocus(b) {
  if (b.focus.index < 0 && pendingOptions(b).length) moveFocus(b, 1);
  scheduleOverlay(b);
}
