// @ts-check
/**
 * "Why not?": a place that does not glow says why it is not a choice now, in the bar after a
 * click and in its tip while pointed at. Python (the judge) answers; answers are kept per
 * position, and asked once per place and position.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").WhyNotAnswer} WhyNotAnswer
 */

import { parsePlace } from "./places.js";
import { currentPosition, editing, question } from "./state.js";
import { setProp, setText } from "./dom.js";

/** The kinds of place the engine can say "why not?" about (a Soviet card and its halves
 * too, but not the other cards). */
const ASKABLE = new Set(["counter", "weapon", "square", "loc", "track", "box",
  "suppression-box", "defense", "stock-soviet", "stock-weapon"]);

/** Regions the engine can answer "why not?" for: the places options are drawn on.
 * @param {Board} b @param {string} id */
export function askable(b, id) {
  if (question(b)) return false; // a question: the learner answers; no "why not?"
  if (editing(b)) return false; // editing: the tool says where it applies
  const p = parsePlace(id);
  if (!p) return false;
  if (p.kind === "card" || p.kind === "card-half") {
    return !!b.src.get("plan")?.sovietCards?.[p.card];
  }
  return ASKABLE.has(p.kind);
}

/** Ask Python why a region is not a choice now (once per region and position).
 * @param {Board} b @param {string} region */
export function askWhy(b, region) {
  const { src, why } = b;
  if (!src.interactive) return;
  const key = `${currentPosition(b)}|${region}`;
  if (why.cache.has(key)) return;
  why.cache.set(key, null);
  src.send({ kind: "why_not", region, rev: src.get("rev"), game: src.get("game_serial") });
}

/** The answer for a region at this position: {text, rule}, null (asked), undefined.
 * @param {Board} b @param {string} region */
export function whyOf(b, region) {
  return b.why.cache.get(`${currentPosition(b)}|${region}`);
}

/** The bar's "why not" line, for the region clicked last. @param {Board} b */
export function showWhy(b) {
  const { whyEl } = b.ui;
  const answer = b.why.shown ? whyOf(b, b.why.shown) : undefined;
  const textNow = answer && answer.text ? `Not a choice now: ${answer.text} (${answer.rule})` : "";
  setText(whyEl, textNow);
  setProp(whyEl, "hidden", !textNow);
}

/**
 * Python's answer: kept (unless it is for another position) and shown in the bar if its
 * place was clicked. Returns whether it was kept.
 * @param {Board} b @param {WhyNotAnswer} msg
 */
export function takeAnswer(b, msg) {
  const position = `${msg.game}:${msg.rev}`;
  if (position !== currentPosition(b)) return false; // an answer for another position
  b.why.cache.set(`${position}|${msg.region}`, { text: msg.text, rule: msg.rule });
  if (b.why.shown === msg.region) showWhy(b);
  return true;
}

/** A new position: its answers are still to be asked. @param {Board} b */
export function forgetAnswers(b) {
  b.why.shown = "";
  b.why.cache.clear();
}
