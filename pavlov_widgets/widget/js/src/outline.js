// @ts-check
/**
 * The board as text (issue 19): a collapsible "The board as text" under the canvas, for a
 * learner who cannot see it. Python writes the sentences (the `outline` trait, built from the
 * same redacted view the canvas draws, `widget/outline.py`); this module lists them, section by
 * section, as nested lists of buttons, and makes them act:
 *
 * - a line whose place is a choice now says so ("choice: Move here") and Enter (or a click)
 *   chooses it through the board's intents (`choose`), as a click on the canvas would; a place
 *   with several choices lists them under it; a choice whose places no line names is listed
 *   under "Other choices";
 * - Enter on any other line says what the canvas's tip says of the place and, where the
 *   engine can tell, why it is not a choice now (`why.js`'s askWhy), next to the line and in
 *   a status region a screen reader reads out;
 * - the canvas rings the place of the line the focus is on (a ring laid over the canvas), so a
 *   learner who sees the board too can follow.
 *
 * One tab stop for the whole list (a roving tabindex): Tab enters it at the line last
 * focused, the arrow keys (and Home, End) move from line to line, Tab leaves. The lists are
 * kept, not rebuilt, when the game moves on: every line is keyed, so the line the focus is
 * on stays (and keeps the focus) while its words change. Nothing is drawn while the text view
 * is closed; opening it draws it.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").OutlineLine} OutlineLine
 * @typedef {import("./protocol.js").Opt} Opt
 * @typedef {{key: string, parent: string, place: string, text: string, option: string,
 *   items: Row[]}} Row  one line as listed: `option` is the id a line chooses ("" for none),
 *   `parent` the key of the line it is listed under ("" for none)
 */

import { currentPosition, pendingOptions, question, regionById } from "./state.js";
import { choose } from "./intents.js";
import { askWhy, askable, whyOf } from "./why.js";
import { setText } from "./dom.js";

const HELP = "Up and Down move from line to line. Enter on a line that says \u201cChoice\u201d " +
  "chooses it; on any other line it says what is there and why it is not a choice now.";

/**
 * The lines to list: Python's outline, with the choices of the moment laid over the lines
 * of their places (or under "Other choices").
 * @param {Board} b @returns {Array<{key: string, title: string, rows: Row[]}>}
 */
function wanted(b) {
  const opts = pendingOptions(b);
  const answering = !!question(b);
  /** @type {Map<string, Opt[]>} */
  const byPlace = new Map();
  for (const o of opts) {
    for (const t of o.targets) byPlace.set(t, [...(byPlace.get(t) ?? []), o]);
  }
  /** @type {Set<Opt>} */
  const listed = new Set();
  /** @param {OutlineLine} line @param {string} parent @returns {Row} */
  const row = (line, parent) => {
    const key = line.key ?? line.place;
    const here = line.place ? byPlace.get(line.place) ?? [] : [];
    here.forEach((o) => listed.add(o));
    const items = (line.items ?? []).map((item) => row(item, key));
    let text = line.text;
    let option = "";
    if (here.length === 1) {
      option = here[0].id;
      text += answering ? " An answer: Enter answers with this place."
        : ` Choice: ${here[0].label}.`;
    } else if (here.length > 1) {
      text += ` ${here.length} choices, listed under it.`;
      items.unshift(...here.map((o) => ({
        key: `${key}|${o.id}`, parent: key, place: line.place, text: `Choice: ${o.label}`,
        option: o.id, items: [],
      })));
    }
    return { key, parent, place: line.place, text, option, items };
  };
  const sections = (b.src.get("outline") ?? []).map((s) => ({
    key: s.key, title: s.title, rows: s.lines.map((line) => row(line, "")),
  }));
  const rest = opts.filter((o) => o.targets.length && !listed.has(o));
  if (rest.length) {
    sections.push({
      key: "other", title: "Other choices", rows: rest.map((o) => ({
        key: `other|${o.id}`, parent: "", place: o.targets[0], text: `Choice: ${o.label}`,
        option: o.id, items: [],
      })),
    });
  }
  return sections;
}

/**
 * Keep `list`'s children in step with `keys`: the ones not wanted go first, then the wanted
 * ones are put in order (a node already in its place is not moved, so the focus stays on it).
 * @param {HTMLElement} list @param {HTMLElement[]} nodes
 */
function arrange(list, nodes) {
  const keep = new Set(nodes);
  for (const child of [...list.children]) {
    if (!keep.has(/** @type {HTMLElement} */ (child))) child.remove();
  }
  nodes.forEach((node, i) => {
    if (list.children[i] !== node) list.insertBefore(node, list.children[i] ?? null);
  });
}

/**
 * The text view, mounted: `changed` (a trait changed: list the lines again at the next
 * frame), `answered` (a "why not?" answer came in and was kept) and `destroy`. The board
 * calls them from its own listeners.
 * @typedef {{changed: () => void, answered: (region: string) => void,
 *   destroy: () => void}} Outline
 */

/**
 * Mount the text view under the board's canvas.
 * @param {Board} b @returns {Outline}
 */
export function mountOutline(b) {
  const { doc, ui, src } = b;
  const box = doc.createElement("details");
  box.className = "pb-outline";
  const summary = doc.createElement("summary");
  summary.textContent = "The board as text";
  const help = doc.createElement("p");
  help.className = "pb-ol-help";
  help.textContent = HELP;
  const body = doc.createElement("div");
  body.className = "pb-ol-body";
  const status = doc.createElement("div");
  status.className = "pb-sr pb-ol-status";
  status.setAttribute("role", "status");
  box.append(summary, help, body, status);
  ui.surface.after(box);
  // the ring over the canvas around the place of the line the focus is on
  const ring = doc.createElement("div");
  ring.className = "pb-ol-ring";
  ring.setAttribute("aria-hidden", "true");
  ring.hidden = true;
  ui.surface.append(ring);

  /** Each line's item and button by key; the key the focus is on (or was on last). */
  /** @type {Map<string, {li: HTMLLIElement, button: HTMLButtonElement, sub: HTMLUListElement,
   *   row: Row}>} */
  const lines = new Map();
  /** @type {Map<string, {el: HTMLElement, title: HTMLElement, list: HTMLUListElement}>} */
  const sections = new Map();
  let focusKey = "";
  /** The line whose details were asked for, at which position. */
  let asked = { key: "", position: "" };
  let frame = 0;
  let serial = 0;

  /** The buttons in reading order. */
  const buttons = () => /** @type {HTMLButtonElement[]} */ ([...body.querySelectorAll(
    "button.pb-ol-line")]);

  /** @param {Row} r @returns {HTMLLIElement} */
  const lineOf = (r) => {
    let got = lines.get(r.key);
    if (!got) {
      const li = doc.createElement("li");
      const button = doc.createElement("button");
      button.type = "button";
      button.className = "pb-ol-line";
      button.tabIndex = -1;
      const sub = doc.createElement("ul");
      li.append(button);
      got = { li, button, sub, row: r };
      lines.set(r.key, got);
    }
    got.row = r;
    const { button, sub, li } = got;
    button.dataset.key = r.key;
    button.dataset.place = r.place;
    button.classList.toggle("pb-ol-choice", !!r.option);
    const note = asked.key === r.key && asked.position === currentPosition(b)
      ? details(r) : "";
    setText(button, note ? `${r.text} \u2014 ${note}` : r.text);
    arrange(sub, r.items.map(lineOf));
    if (r.items.length && !sub.parentElement) li.append(sub);
    else if (!r.items.length && sub.parentElement) sub.remove();
    return li;
  };

  /** What Enter says of a line that is no choice: the tip's details and the engine's reason.
   * @param {Row} r */
  const details = (r) => {
    const tip = r.place ? regionById(b, r.place)?.tip : undefined;
    const parts = tip ? tip.lines.filter(Boolean) : [];
    const answer = r.place && askable(b, r.place) ? whyOf(b, r.place) : undefined;
    if (answer === null) parts.push("Asking why it is not a choice now\u2026");
    else if (answer && answer.text) parts.push(`Not a choice now: ${answer.text} (${answer.rule})`);
    return parts.map((p) => (p.endsWith(".") ? p : `${p}.`)).join(" ");
  };

  /** List the lines (only while the text view is open, or about to open: `force`). */
  const draw = (force = false) => {
    cancelAnimationFrame(frame);
    frame = 0;
    if (b.destroyed || !(box.open || force)) return;
    // the line the focus is on, and where: if it goes (a choice taken), the focus goes to
    // the line it was listed under, or to the line that takes its place
    const before = buttons();
    const had = before.findIndex((button) => button === doc.activeElement);
    const parent = had >= 0 ? lines.get(focusKey)?.row.parent ?? "" : "";
    const want = wanted(b);
    const els = want.map((s) => {
      let sec = sections.get(s.key);
      if (!sec) {
        const el = doc.createElement("div");
        el.className = "pb-ol-section";
        const title = doc.createElement("div");
        title.className = "pb-ol-title";
        title.id = `pb-ol-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
        const list = doc.createElement("ul");
        list.setAttribute("aria-labelledby", title.id);
        el.append(title, list);
        sec = { el, title, list };
        sections.set(s.key, sec);
      }
      setText(sec.title, s.title);
      arrange(sec.list, s.rows.map(lineOf));
      return sec.el;
    });
    arrange(body, els);
    for (const [key, got] of lines) {
      if (!got.li.isConnected) lines.delete(key);
    }
    for (const [key, sec] of sections) {
      if (!sec.el.isConnected) sections.delete(key);
    }
    const all = buttons();
    if (had >= 0 && !body.contains(doc.activeElement) && all.length) {
      const heir = lines.get(parent)?.button ?? all[Math.min(had, all.length - 1)];
      heir.focus({ preventScroll: true });
    }
    // one tab stop: the line last focused, else the first
    const current = lines.get(focusKey)?.button;
    const stop = current && current.isConnected ? current : all[0];
    for (const button of all) {
      const index = button === stop ? 0 : -1;
      if (button.tabIndex !== index) button.tabIndex = index;
    }
    placeRing();
  };

  const schedule = () => {
    if (!frame && !b.destroyed) frame = requestAnimationFrame(() => draw());
  };

  /** Ring the place of the focused line on the canvas (when it is drawn). */
  const placeRing = () => {
    const focused = doc.activeElement;
    const place = focused instanceof HTMLElement && body.contains(focused)
      ? focused.dataset.place ?? "" : "";
    const r = place ? regionById(b, place) : null;
    if (!r) {
      ring.hidden = true;
      return;
    }
    const k = b.drawn.scale;
    Object.assign(ring.style, {
      left: `${r.x * k - 4}px`, top: `${r.y * k - 4}px`,
      width: `${r.w * k + 8}px`, height: `${r.h * k + 8}px`,
      borderRadius: r.circle ? "50%" : "6px",
    });
    ring.hidden = false;
  };

  /** Enter (or a click) on a line: choose it, open its choices, or say what it is.
   * @param {HTMLButtonElement} button */
  const act = (button) => {
    const got = lines.get(button.dataset.key ?? "");
    if (!got) return;
    const { row } = got;
    if (row.option) {
      choose(b, row.option);
      return;
    }
    const first = row.items.find((r) => r.option);
    if (first) {
      lines.get(first.key)?.button.focus();
      return;
    }
    asked = { key: row.key, position: currentPosition(b) };
    if (row.place && askable(b, row.place)) askWhy(b, row.place);
    say(row);
    draw();
    reveal(button); // its details made it longer
  };

  /** The status region reads a line's details. @param {Row} r */
  const say = (r) => {
    const note = details(r);
    setText(status, note ? `${r.text} ${note}` : r.text);
  };

  /** @param {KeyboardEvent} ev */
  const onKey = (ev) => {
    const t = /** @type {HTMLElement} */ (ev.target);
    if (!(t instanceof HTMLButtonElement) || !body.contains(t)) return;
    const all = buttons();
    const i = all.indexOf(t);
    let next = -1;
    if (ev.key === "ArrowDown") next = Math.min(all.length - 1, i + 1);
    else if (ev.key === "ArrowUp") next = Math.max(0, i - 1);
    else if (ev.key === "Home") next = 0;
    else if (ev.key === "End") next = all.length - 1;
    else return;
    ev.preventDefault();
    const button = all[next];
    if (!button) return;
    button.focus({ preventScroll: true });
    reveal(button);
  };

  /** Scroll a line into view below the bar that stays over the board (never under it).
   * @param {HTMLElement} button */
  const reveal = (button) => {
    button.style.scrollMarginTop = `${ui.bar.offsetHeight + 8}px`;
    button.scrollIntoView({ block: "nearest" });
  };

  /** @param {FocusEvent} ev */
  const onFocusIn = (ev) => {
    const t = ev.target;
    if (!(t instanceof HTMLButtonElement) || !t.dataset.key) return;
    if (focusKey !== t.dataset.key) {
      const before = lines.get(focusKey)?.button;
      if (before && before.tabIndex !== -1) before.tabIndex = -1;
      focusKey = t.dataset.key;
      t.tabIndex = 0;
    }
    placeRing();
  };

  /** @param {MouseEvent} ev */
  const onClick = (ev) => {
    const t = /** @type {HTMLElement} */ (ev.target).closest("button.pb-ol-line");
    if (t instanceof HTMLButtonElement && src.interactive) act(t);
  };

  /** The engine's reason for a place came in: if it is the line's asked about, show it and
   * say it. @param {string} region */
  const answered = (region) => {
    const got = lines.get(asked.key);
    if (box.open && got && got.row.place === region && asked.position === currentPosition(b)) {
      say(got.row);
      draw();
      if (doc.activeElement === got.button) reveal(got.button);
    }
  };

  const onBlur = () => requestAnimationFrame(placeRing);
  body.addEventListener("keydown", onKey);
  body.addEventListener("focusin", onFocusIn);
  body.addEventListener("focusout", onBlur);
  body.addEventListener("click", onClick);
  // opening lists the lines at once, so the Tab after it lands on the first
  summary.addEventListener("click", () => draw(!box.open));
  box.addEventListener("toggle", schedule);
  // a new window size draws the board anew: the ring follows its place
  b.win.addEventListener("resize", schedule);
  return {
    changed: schedule,
    answered,
    destroy() {
      cancelAnimationFrame(frame);
      b.win.removeEventListener("resize", schedule);
      box.remove();
      ring.remove();
    },
  };
}
