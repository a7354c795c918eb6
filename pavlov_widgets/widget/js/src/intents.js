// @ts-check
/**
 * Sending the player's intents to Python, one at a time: each is stamped with the position
 * on screen (the game shown and its rev) so Python refuses it if the game has moved on, and
 * the next waits for Python's `ack` (or five seconds, after a kernel restart).
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").Intent} Intent
 * @typedef {import("./protocol.js").Ack} Ack
 */

import { question } from "./state.js";
import { hideMenu } from "./menus.js";

/** Whether the board waits for an answer: clicks and keys rest (`data-busy` says so).
 * @param {Board} b @param {boolean} busy */
function setBusy(b, busy) {
  b.sending.busy = busy;
  b.ui.el.dataset.busy = busy ? "1" : "0";
}

/**
 * Send an intent, stamped with the position on screen. While a question is asked only
 * answers go (Python would refuse the rest anyway).
 * @param {Board} b @param {Intent} msg
 */
export function send(b, msg) {
  const { src, sending } = b;
  if (!src.interactive || sending.busy) return;
  const answering = msg.kind === "answer";
  if (question(b) && !answering) return;
  setBusy(b, true);
  clearTimeout(sending.timer);
  // If no answer comes (a kernel restart), take clicks again after a while.
  sending.timer = b.win.setTimeout(() => setBusy(b, false), 5000);
  const rev = src.get("rev");
  const game = src.get("game_serial");
  if (!answering) {
    sending.pendingClick = { t0: performance.now(), at: `${game}:${rev}` };
    sending.revealFrom = `${game}:${rev}`;
  }
  hideMenu(b);
  src.send({ ...msg, rev, game });
}

/** Choose an option by its id: Python's game judges it. While a question is asked, the
 * "options" are its places: the choice is an answer. @param {Board} b @param {string} id */
export function choose(b, id) {
  if (question(b)) send(b, { kind: "answer", region: id });
  else send(b, { kind: "choose", option: id });
}

/**
 * Python's acknowledgement: the board takes clicks again; a refused intent brings nothing
 * into view. Returns whether a Hint was waiting for it (its button comes back).
 * @param {Board} b @param {Ack} ack
 */
export function acknowledged(b, ack) {
  const { sending } = b;
  setBusy(b, false);
  clearTimeout(sending.timer);
  if (!ack.ok) sending.revealFrom = "";
  if (!sending.hintAsked) return false;
  // the hint is given (or refused, the reason under the board): the button comes back
  sending.hintAsked = "";
  return true;
}

/** A new position is drawn: whatever was sent before is answered. @param {Board} b */
export function settled(b) {
  setBusy(b, false);
}
