// @ts-check
/**
 * The board: draws the engine's view model on a canvas and sends intents back (see
 * `protocol.js` for what it reads and sends). `createBoard` builds one board in a place of
 * the page and wires its parts together: the DOM (`dom.js`), its state (`state.js`), the
 * drawing (`paint.js`: the scene, the bar, the log, the overlay), the pointer, the keyboard,
 * the menu, "why not?", the intents, and the test hook. It returns a controller whose
 * `destroy` removes every listener and observer it added.
 *
 * Two canvases are stacked: the scene (the three panels of the board, the cards, the dice),
 * redrawn when the model changes or the board is resized, and an overlay (highlighted
 * options, hover, keyboard focus), redrawn on every pointer or key move. Both backing stores
 * are scaled by `devicePixelRatio` so the board is crisp. Redraws are coalesced into one
 * animation frame.
 *
 * Where people use it: the board takes the width it is given and, on a wide screen, the
 * height (three arrangements, see `geometry.js`); its bar (the question, its buttons, the
 * tools) stays in view while the board scrolls under it; after a choice, the places that glow
 * are scrolled into view if none is; on a touch screen there are no keyboard hints and every
 * button is finger-sized. No text on the board is ever cut short: it shrinks (down to 11 px)
 * or wraps, and `hook.clipped()` lists anything that still had to be cut (tests keep it
 * empty). Keyboard users move between the options with the arrow keys (`keyboard.js`); an
 * ARIA live region narrates the log.
 *
 * The tutor's traits: `marks` rings places in a style (`focus` a calm blue ring, `right` green
 * with a tick, `wrong` red with a cross), drawn on the overlay over whatever glows; `question`
 * ({prompt, regions}) turns the board into a question: the asked places glow in the
 * question's colour instead of the game's options (they take the options' place, so the
 * pointer, the menu-less click and the keyboard work on them alike), the game's buttons and
 * tools rest, the bar shows the prompt, and a click sends an `answer`; `panels` says which of
 * the three panels (house, square, volga) are drawn: fewer panels make a smaller board (a
 * focus view), laid out as the wide board is, side by side. When the marks or the question
 * change, their places are brought into view if none is. The board tells Python the size of
 * its place (the `room` trait, CSS px), so the tutor can choose a focus view where the whole
 * board would not fit.
 *
 * Edit mode (issue 13, `edit_mode` trait not empty): Python's position editor fills `choice`
 * with its palette (bar buttons, `tool:*` and `act:*`) and the places the chosen tool applies
 * to (glowing, with the menu where a place has several possibilities), exactly as a decision
 * of the game is drawn; a click sends the same `choose` intent and Python's editor judges it.
 * The bar turns violet with an "Edit mode" badge, the chosen tool's button is pressed, and
 * "Copy JSON" shows the position's JSON in a text box. The Hint button (`hinting` trait with
 * `on`) sends a `hint` intent, shows "Thinking…" until Python answers, then the hint's
 * sentence in the bar (Python rings the best option's places).
 *
 * Role views and the hot seat (issue 14; 7.3, 7.4): the `seat` trait names whose view Python
 * drew (the bar shows it: "The German player's view"); a decision of another role comes as a
 * choice of kind `wait` ("Waiting for the house commander (7.3)", nothing glows). The Soviet
 * hand may hold `handHidden` face-down backs and, in the competitive game, `view.german`
 * holds the German player's piles (hand, orders in order, Tactics hand, the Tactics card
 * placed face down): face up in the German view, where the Planning options glow on them,
 * backs with their counts otherwise. The `cover` trait (the hot seat between two players)
 * puts a cover over the whole board with its sentence and a button; a click on it sends a
 * `reveal` intent. Python never sends what the side on screen may not see, so the cover
 * hides nothing that is there: it is the moment to pass the screen.
 *
 * @typedef {import("./protocol.js").Source} Source
 */

import { readReply } from "./protocol.js";
import { buildDom } from "./dom.js";
import { createBoardState, currentPosition } from "./state.js";
import { draw, forgetPixels, noteChange, schedule, scheduleOverlay } from "./paint.js";
import { scheduleBar, scheduleKeep } from "./screen.js";
import { acknowledged, send } from "./intents.js";
import { closeMenuOnClickAway } from "./menus.js";
import { takeAnswer } from "./why.js";
import {
  dropTip, onClick, onLeave, onMove, onPointerDown, refreshTip,
} from "./pointer.js";
import { onFocus, onKey } from "./keyboard.js";
import { makeHook } from "./hook.js";
import { mountOutline } from "./outline.js";
import { mountPresenter } from "./present.js";

/**
 * Build the board in `root`, fed by `src`; returns its controller (with `destroy`).
 * @param {HTMLElement} root @param {Source} src
 */
export function createBoard(root, src) {
  const ui = buildDom(root, src.interactive);
  const b = createBoardState(root, src, ui);
  const text = mountOutline(b); // the board as text, under the canvas
  const { doc, win } = b;
  /** What `destroy` undoes, in the order it was done. @type {Array<() => void>} */
  const undo = [];
  /**
   * Listen to `type` on `target` until the board is destroyed.
   * @param {EventTarget} target @param {string} type @param {(ev: any) => void} fn
   * @param {boolean | AddEventListenerOptions} [options]
   */
  const listen = (target, type, fn, options) => {
    target.addEventListener(type, fn, options);
    undo.push(() => target.removeEventListener(type, fn, options));
  };

  /** A custom message from Python: an acknowledgement, or the answer to "why not?".
   * @param {unknown} msg */
  const onMessage = (msg) => {
    const reply = readReply(msg);
    if (reply?.kind === "ack") {
      if (acknowledged(b, reply)) schedule(b);
    } else if (reply?.kind === "why_not" && takeAnswer(b, reply)) {
      if (b.tipAt?.id === reply.region) refreshTip(b);
      text.answered(reply.region);
    }
  };
  const onHint = () => {
    if (b.sending.busy || ui.hintBtn.disabled) return;
    b.sending.hintAsked = currentPosition(b);
    send(b, { kind: "hint" });
    schedule(b);
  };
  const redraw = () => schedule(b);
  /** A trait changed: redraw at the next frame (and note when a click's answer came); the
   * board as text lists its lines again after that drawing (it reads the regions drawn). */
  const changed = () => {
    noteChange(b);
    schedule(b);
    text.changed();
  };

  // The width of the board's place (not of the board, which takes only what it draws); and
  // something above the board grew or shrank: the board moved without a scroll, so the bar
  // (kept at the top of the screen while the board scrolls under it) is placed again and the
  // focus kept in view in the board's own box. Any such change resizes an ancestor.
  const observer = new ResizeObserver((entries) => {
    const own = entries.filter((e) => e.target === root);
    const w = own.length ? Math.round(own[own.length - 1].contentRect.width) : b.size.width;
    if (w !== b.size.width) {
      b.size.width = w;
      b.size.height = -1;
      schedule(b);
    }
    scheduleKeep(b);
  });
  for (let n = /** @type {HTMLElement | null} */ (root); n && n !== doc.documentElement;
    n = n.parentElement) {
    observer.observe(n);
  }
  undo.push(() => observer.disconnect());
  listen(win.matchMedia(`(resolution: ${win.devicePixelRatio || 1}dppx)`), "change", redraw);
  if (b.coarse) listen(b.coarse, "change", redraw);

  // A canvas whose context the browser dropped and restored is blank: repaint it whole.
  for (const canvas of [ui.scene, ui.overlay]) {
    listen(canvas, "contextrestored", () => {
      forgetPixels(b);
      schedule(b);
    });
  }
  listen(ui.overlay, "mousemove", (ev) => onMove(b, ev));
  listen(ui.overlay, "mouseleave", () => onLeave(b));
  listen(ui.overlay, "click", (ev) => onClick(b, ev));
  listen(ui.el, "keydown", (ev) => onKey(b, ev));
  listen(ui.el, "pointerdown", () => onPointerDown(b), true);
  listen(ui.surface, "focus", () => onFocus(b));
  listen(ui.surface, "blur", () => scheduleOverlay(b));
  listen(ui.undoBtn, "click", () => send(b, { kind: "undo" }));
  listen(ui.redoBtn, "click", () => send(b, { kind: "redo" }));
  listen(ui.stepBtn, "click", () => send(b, { kind: "step" }));
  listen(ui.autoBox, "change", () => src.send({ kind: "auto_roll", value: ui.autoBox.checked }));
  listen(ui.hintBtn, "click", onHint);
  listen(ui.coverGo, "click", () => send(b, { kind: "reveal" }));
  listen(doc, "click", (ev) => closeMenuOnClickAway(b, ev), true);
  listen(doc, "scroll", () => {
    dropTip(b);
    scheduleBar(b);
  }, { capture: true, passive: true });
  listen(win, "resize", () => {
    b.size.height = -1;
    schedule(b);
  });
  src.on(changed);
  undo.push(() => src.off(changed));
  src.onAck(onMessage);
  undo.push(() => src.offAck(onMessage));
  undo.push(() => text.destroy());
  undo.push(mountPresenter(b)); // presenter mode: the Present button, the side column

  const hook = makeHook(b);
  /** @type {any} */ (ui.el).__pavlovBoard = hook;
  draw(b);

  return {
    el: ui.el,
    hook,
    destroy() {
      b.destroyed = true;
      cancelAnimationFrame(b.frames.scene);
      cancelAnimationFrame(b.frames.overlay);
      cancelAnimationFrame(b.frames.bar);
      clearTimeout(b.sending.timer);
      clearTimeout(b.why.timer);
      for (const step of undo) step();
      delete (/** @type {any} */ (ui.el).__pavlovBoard);
      ui.el.remove();
    },
  };
}
