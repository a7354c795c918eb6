// @ts-check
/**
 * The board's entry points, bundled by esbuild into `static/board.js` (the file the widget
 * loads): `render`, anywidget's (the default export `{ render }`), which draws one board per
 * view fed by the widget's model; and `drawStatic(root, data)`, which draws the same board
 * without a kernel, for saved notebooks and static HTML exports (the Python side inlines the
 * bundle as a module script and calls `drawStatic` after it, so both stay top-level
 * functions of the bundle, under these names).
 *
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./protocol.js").Source} Source
 */

import { TRAITS } from "./protocol.js";
import { createBoard } from "./board.js";

/**
 * Draw a saved board (no kernel): the same picture, prompt and log, without the controls.
 * @param {HTMLElement} root @param {BoardData} d
 */
function drawStatic(root, d) {
  /** @type {Source} */
  const src = {
    get: (name) => d[name],
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
  /** @type {Array<(msg: unknown) => void>} */
  const ackListeners = [];
  /** @param {unknown} msg */
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
  if (typeof model.set === "function" && typeof model.save_changes === "function") {
    src.present = (on) => {
      model.set("presenting", on);
      model.save_changes();
    };
  }
  const board = createBoard(el, src);
  return () => {
    board.destroy();
    model.off("msg:custom", onCustom);
  };
}

export { drawStatic };
export default { render };
