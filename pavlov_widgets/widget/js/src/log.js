// @ts-check
/**
 * The game log under the board (newest first, each entry with its turn, its dice and its
 * rule): a list that scrolls, reachable by Tab (a scroller a keyboard cannot reach cannot be
 * read to its end), its dice an image named by their faces. `announce.js` says each new
 * entry as it arrives.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").LogLine} LogLine
 */

import { SAY } from "./announce.js";

/**
 * Show the log entries (rebuilt only when they changed).
 * @param {Board} b @param {LogLine[]} entries
 */
export function updateLog(b, entries) {
  const { shown } = b;
  const logKey = `${entries.length}:${entries.length ? entries[0].n : -1}`;
  if (logKey !== shown.log) {
    shown.log = logKey;
    renderLog(b, entries);
  }
}

/** @param {Board} b @param {LogLine[]} entries */
function renderLog(b, entries) {
  const { doc } = b;
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
      // an image of the dice, named by its faces (a label on a plain span is not read)
      dice.setAttribute("role", "img");
      dice.setAttribute("aria-label", SAY.faces(e.dice));
      for (const n of e.dice) {
        const pip = doc.createElement("span");
        pip.className = "pb-die";
        pip.textContent = String(n);
        dice.appendChild(pip);
      }
      li.appendChild(dice);
    }
    const rule = doc.createElement("span");
    rule.className = "pb-log-rule";
    rule.textContent = e.rule;
    li.appendChild(rule);
    frag.appendChild(li);
  }
  b.ui.logEl.replaceChildren(frag);
}
