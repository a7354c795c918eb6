// @ts-check
/**
 * The game log under the board (newest first, each entry with its turn, its dice and its
 * rule) and the live region that reads every new entry aloud, oldest first.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").LogLine} LogLine
 */

/**
 * Show the log entries (rebuilt only when they changed) and narrate the new ones.
 * @param {Board} b @param {LogLine[]} entries
 */
export function updateLog(b, entries) {
  const { shown } = b;
  const logKey = `${entries.length}:${entries.length ? entries[0].n : -1}`;
  if (logKey !== shown.log) {
    shown.log = logKey;
    renderLog(b, entries);
  }
  // The live region reads every entry that is new since the last draw, oldest first.
  const newest = entries.length ? entries[0].n : -1;
  if (shown.logN !== -2 && newest > shown.logN) {
    const fresh = entries.filter((e) => e.n > shown.logN).reverse();
    b.ui.live.textContent = fresh.map((e) => `${e.text} (${e.rule})`).join(". ");
  }
  shown.logN = newest;
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
      dice.setAttribute("aria-label", `dice ${e.dice.join(", ")}`);
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
