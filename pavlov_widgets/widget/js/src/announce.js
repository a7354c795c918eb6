// @ts-check
/**
 * What a screen reader hears, in one place (issue 19): a polite queue and an assertive
 * channel, both visually hidden live regions of the board.
 *
 * - The polite queue (`.pb-sr-log`, additions only) gets one element per message, so each is
 *   read whole and in order, none cut off by the next: what happened (each new log entry as it
 *   arrives, with its dice faces), then the question the game asks now (a decision's prompt, a
 *   roll waiting with its exact odds, an answered question's feedback), then, with the focus on
 *   the board, the option the focus is on. Undo, redo and a change of score are said too.
 * - The assertive channel (`.pb-sr-focus`) answers a key at once: the option the arrow keys
 *   moved to, or the option an Enter would have chosen before anybody heard it (`keyboard.js`
 *   then says it instead of choosing). A refusal is the error line's own (`role="alert"`),
 *   a "why not?" and a hint their lines' (`role="status"`): not said twice.
 *
 * A message said again while it is still the newest in its region is dropped (a redraw must
 * not repeat it). Every message is a whole sentence, written by one of the `SAY` functions
 * (the words to translate), from data Python sends (the engine's prompts, log sentences,
 * labels, odds).
 *
 * `keyboard.js` acts on Enter only when the option under the focus is the one last said:
 * `focusKey` names it, and `said.focus` keeps the last one said.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./protocol.js").LogLine} LogLine
 * @typedef {import("./protocol.js").Odds} Odds
 */

import { hintOf, pendingOptions, question, surfaceHasFocus } from "./state.js";
import { capital } from "./text.js";

/** The most log entries said one by one; a longer batch is said as its count, its rolls
 * and its last `LOG_TAIL` entries. */
const LOG_BATCH = 6;
const LOG_TAIL = 3;
/** The messages the polite region keeps (older ones are removed; removals are not read). */
const KEEP = 12;

/** `s` with a capital first letter and a full stop. @param {string} s */
function sentence(s) {
  const c = capital(s.trim());
  if (!c) return "";
  return c.endsWith(".") || c.endsWith("!") || c.endsWith("?") ? c : `${c}.`;
}

/** Numbers as spoken in a list: "4", "1 and 3", "1, 3 and 6". @param {number[]} ns */
function listed(ns) {
  const s = ns.map(String);
  return s.length < 2 ? s.join("") : `${s.slice(0, -1).join(", ")} and ${s[s.length - 1]}`;
}

/** The sentences the board says, each whole (the words to translate). */
export const SAY = {
  /** A log entry with its rule. @param {string} text @param {string} rule */
  entry: (text, rule) => sentence(rule ? `${text} (${rule})` : text),
  /** The faces a roll showed. @param {number[]} dice */
  faces: (dice) => dice.length === 1 ? `The die shows ${dice[0]}.`
    : `The dice show ${listed(dice)}.`,
  /** A long batch of log entries. @param {number} n */
  batch: (n) => `${n} new entries in the log; the rolls and the last ${LOG_TAIL} follow.`,
  /** The question of the moment, with its rule. @param {string} prompt @param {string} rule */
  prompt: (prompt, rule) => sentence(rule ? `${prompt} (rule ${rule})` : prompt),
  /** A roll the game waits for. @param {string} label @param {number} dice
   * @param {string} rule */
  roll: (label, dice, rule) => dice === 1
    ? `${sentence(label)} Roll 1 die (rule ${rule}): Enter on the board rolls it.`
    : `${sentence(label)} Roll ${dice} dice (rule ${rule}): Enter on the board rolls them.`,
  /** The exact odds of a roll. @param {Odds[]} odds */
  odds: (odds) => `Exact odds: ${odds.map((o) => `${o.result} ${o.percent}% (${o.fraction})`)
    .join("; ")}.`,
  /** A question asked on the board. @param {string} prompt @param {number} n */
  question: (prompt, n) => `${sentence(prompt)} ${n === 1 ? "1 place answers it"
    : `${n} places answer it`}: arrow keys move between them, Enter answers.`,
  /** An answered question's feedback. @param {string} text @param {string} tone */
  feedback: (text, tone) => tone === "right" ? `Right. ${sentence(text)}`
    : tone === "wrong" ? `Not right. ${sentence(text)}` : sentence(text),
  /** The option (or asked place) the focus is on. @param {boolean} asking @param {number} i
   * @param {number} n @param {string} label @param {string} hint */
  focus: (asking, i, n, label, hint) => `${asking ? "Answer" : "Option"} ${i} of ${n}: ` +
    `${sentence(label)}${hint ? ` ${sentence(hint)}` : ""}`,
  /** Enter before the option under the focus was said. */
  unheard: () => "The options changed; Enter again chooses the option just read.",
  undo: () => "The last choice was undone.",
  redo: () => "The choice was redone.",
  /** @param {number} n */
  score: (n) => `The score is now ${n}.`,
};

/** One live region's newest message (a repeat of it is dropped). @type {WeakMap<Element, string>} */
const newest = new WeakMap();

/** Queue `text` in the polite region: read after whatever it is reading. @param {Board} b
 * @param {string} text */
export function say(b, text) {
  const { live } = b.ui;
  if (!text || newest.get(live) === text) return;
  newest.set(live, text);
  const p = b.doc.createElement("p");
  p.textContent = text;
  live.appendChild(p);
  while (live.childElementCount > KEEP) live.firstElementChild?.remove();
}

/** Say `text` at once in the assertive region (it interrupts). With `again`, a repeat is said
 * too. @param {Board} b @param {string} text @param {boolean} [again] */
export function alert(b, text, again = false) {
  const live = b.ui.liveFocus;
  if (!text || (!again && newest.get(live) === text)) return;
  newest.set(live, text);
  // a text equal to the one shown changes nothing a screen reader hears: a space tells it apart
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

/** Which option the focus is on, at which position: Enter acts only when this was said.
 * @param {Board} b */
export function focusKey(b) {
  const opts = pendingOptions(b);
  const o = opts[b.focus.index];
  return o ? `${positionKey(b)}|${b.focus.index}|${o.id}` : "";
}

/** The question on screen: the game's position, the question asked, the choice's op and
 * prompt (an answered question keeps the position but changes the choice). @param {Board} b */
export function positionKey(b) {
  const { src } = b;
  const c = src.get("choice");
  return `${src.get("game_serial")}:${src.get("rev")}|${JSON.stringify(question(b) ?? "")}|` +
    `${c?.kind ?? ""}|${c?.op ?? ""}|${c?.prompt ?? ""}`;
}

/** The key Enter rolls at: the roll waiting, once said. @param {Board} b */
export function rollKey(b) {
  return `${positionKey(b)}|roll`;
}

/** Say the option the focus is on (politely after a new question, at once after a key).
 * @param {Board} b @param {boolean} now @param {boolean} [again] */
export function sayFocus(b, now, again = false) {
  const opts = pendingOptions(b);
  const i = b.focus.index;
  const o = opts[i];
  if (!o) return;
  const text = SAY.focus(!!question(b), i + 1, opts.length, o.label, hintOf(b, o));
  if (now) alert(b, text, again);
  else say(b, text);
  b.said.focus = focusKey(b);
}

/** Say the log entries that are new since the last drawing, oldest first. @param {Board} b
 * @param {LogLine[]} entries newest first */
function sayLog(b, entries) {
  const { said } = b;
  const top = entries.length ? entries[0].n : -1;
  const fresh = said.logN === -2 ? [] : entries.filter((e) => e.n > said.logN).reverse();
  said.logN = top;
  const line = (/** @type {LogLine} */ e) => SAY.entry(e.text, e.rule) +
    (e.dice && e.dice.length ? ` ${SAY.faces(e.dice)}` : "");
  if (fresh.length <= LOG_BATCH) {
    for (const e of fresh) say(b, line(e));
    return;
  }
  say(b, SAY.batch(fresh.length));
  const tail = fresh.slice(-LOG_TAIL);
  for (const e of fresh) if ((e.dice && e.dice.length) || tail.includes(e)) say(b, line(e));
}

/** Say what a drawing of `d` brings: the new log entries, undo or redo, the score, the new
 * question and the option the focus is on. The first drawing says nothing, and a board the
 * learner has not come to yet says no question (a page of boards would all speak at once).
 * @param {Board} b
 * @param {BoardData} d */
export function announceDraw(b, d) {
  const { said, ui } = b;
  if (!said.wired) {
    // Undo and Redo (buttons or keys) are said once the game has taken them back; a board
    // the learner came to (focus or pointer inside it) says its new questions. (Listeners on
    // the board's own nodes go with them.)
    said.wired = true;
    ui.undoBtn.addEventListener("click", () => { said.asked = "undo"; });
    ui.redoBtn.addEventListener("click", () => { said.asked = "redo"; });
    for (const type of ["focusin", "pointerdown"]) {
      ui.el.addEventListener(type, () => { said.engaged = true; });
    }
  }
  sayLog(b, d.log_entries ?? []);
  const key = positionKey(b);
  const score = d.view?.score?.total;
  if (key === said.position) return;
  said.position = key;
  if (said.asked === "undo") say(b, SAY.undo());
  if (said.asked === "redo") say(b, SAY.redo());
  said.asked = "";
  if (typeof score === "number" && score !== said.score) {
    if (said.score !== null) say(b, SAY.score(score));
    said.score = score;
  }
  // A page of boards does not speak at once: a board says its new question once the
  // learner came to it.
  if (!said.engaged && !surfaceHasFocus(b)) return;
  sayQuestion(b);
  if (surfaceHasFocus(b)) sayFocus(b, false);
}

/** The board takes the focus: its question, then the option under the focus or the roll the
 * game waits for, politely (after what the screen reader says of the board itself).
 * @param {Board} b */
export function sayOnFocus(b) {
  b.said.engaged = true;
  sayQuestion(b);
  if (pendingOptions(b).length) sayFocus(b, false);
  else if (!question(b)) sayRoll(b, false);
}

/** Say the question of the moment. @param {Board} b */
function sayQuestion(b) {
  const c = b.src.get("choice");
  const qn = question(b);
  if (qn) say(b, SAY.question(String(qn.prompt), pendingOptions(b).length));
  else if (!c || !c.prompt) return;
  else if (c.op === "feedback") say(b, SAY.feedback(c.prompt, c.tone ?? ""));
  else if (c.kind === "chance") sayRoll(b, false); // the odds in the same message
  else say(b, SAY.prompt(c.prompt, c.rule));
}

/** Say the roll the game waits for, with its exact odds (politely after a new question, at
 * once after Enter). @param {Board} b @param {boolean} now */
export function sayRoll(b, now) {
  const c = b.src.get("choice");
  if (!c || c.kind !== "chance") return;
  const text = SAY.roll(c.prompt, c.dice, c.rule) +
    (c.odds && c.odds.length ? ` ${SAY.odds(c.odds)}` : "");
  if (now) alert(b, text, true);
  else say(b, text);
  b.said.roll = rollKey(b);
}
