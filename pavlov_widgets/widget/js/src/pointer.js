// @ts-check
/**
 * The pointer (mouse, pen or finger) on the board: the place under it glows thicker and
 * shows its tip (its details, what a click there does, or, for a place that does not glow,
 * the engine's reason); a click on a glowing place chooses its option (or opens the menu of
 * its options), a click on another place says why it is not a choice now, in the bar.
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./scene/core.js").Region} Region
 */

import { deepest, hintOf, pendingOptions, question, touch } from "./state.js";
import { scheduleOverlay } from "./paint.js";
import { choose } from "./intents.js";
import { hideMenu, showMenu } from "./menus.js";
import { askWhy, askable, showWhy, whyOf } from "./why.js";

/** A pointer event's point in the board's logical px. @param {Board} b @param {MouseEvent} ev */
function toLogical(b, ev) {
  const rect = b.ui.overlay.getBoundingClientRect();
  return { x: (ev.clientX - rect.left) / b.drawn.scale, y: (ev.clientY - rect.top) / b.drawn.scale };
}

/** A pointer event's point on the surface (CSS px). @param {Board} b @param {MouseEvent} ev */
function onSurface(b, ev) {
  const rect = b.ui.surface.getBoundingClientRect();
  return { x: ev.clientX - rect.left, y: ev.clientY - rect.top };
}

/** @param {Region} r @param {number} x @param {number} y */
function inside(r, x, y) {
  if (r.circle) {
    const dx = x - (r.x + r.w / 2);
    const dy = y - (r.y + r.h / 2);
    return dx * dx + dy * dy <= (r.w / 2 + 2) ** 2;
  }
  return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

/** The deepest region under the point: with options (to click) or with details (to hover).
 * @param {Board} b @param {number} x @param {number} y @param {boolean} wantOptions */
export function hit(b, x, y, wantOptions) {
  const glowing = b.drawn.optionsByRegion;
  return deepest(b.drawn.regions, (r) =>
    inside(r, x, y) && (wantOptions ? glowing.has(r.id) : !!r.tip));
}

/** The deepest region under the point that the engine can say "why not" about.
 * @param {Board} b @param {number} x @param {number} y */
function refusedAt(b, x, y) {
  return deepest(b.drawn.regions, (r) => inside(r, x, y) && askable(b, r.id));
}

/** @param {Board} b */
function hideTip(b) {
  b.ui.tip.hidden = true;
  b.tipAt = null;
}

/**
 * Show the tip of a region at a point of the surface: its details, what a click does there
 * (with the glossary line of the action word) or, for a place that does not glow, the
 * engine's reason.
 * @param {Board} b @param {string} id @param {number} px @param {number} py surface coordinates
 */
export function showTip(b, id, px, py) {
  const { doc, ui, src, drawn } = b;
  const { tip, surface } = ui;
  const info = drawn.regions.filter((r) => r.id === id && r.tip).pop();
  if (!info || !info.tip) {
    tip.hidden = true;
    return;
  }
  b.tipAt = { id, x: px, y: py };
  /** @param {string} text @param {string} [className] */
  const row = (text, className) => {
    const div = doc.createElement("div");
    if (className) div.className = className;
    div.textContent = text;
    return div;
  };
  const title = doc.createElement("strong");
  title.textContent = info.tip.title;
  /** @type {HTMLElement[]} */
  const rows = info.tip.lines.map((l) => row(l));
  const clickable = hit(b, px / drawn.scale, py / drawn.scale, true);
  const here = clickable ? drawn.optionsByRegion.get(clickable.id) : undefined;
  if (here && src.interactive) {
    const opts = pendingOptions(b);
    const verb = touch(b) ? "Tap" : "Click";
    rows.push(row(question(b) ? `${verb} to answer with this place`
      : here.length === 1 ? `${verb}: ${opts[here[0]].label}` : `${verb}: ${here.length} choices`,
    "pb-tip-click"));
    const hints = [...new Set(here.map((i) => hintOf(b, opts[i])).filter(Boolean))];
    for (const h of hints) rows.push(row(h, "pb-tip-term"));
  } else if (src.interactive && askable(b, id)) {
    const answer = whyOf(b, id);
    if (answer && answer.text) {
      rows.push(row(`Not a choice now: ${answer.text} (${answer.rule})`, "pb-tip-why"));
    }
  }
  tip.replaceChildren(title, ...rows);
  tip.hidden = false;
  const w = surface.clientWidth;
  const h = surface.clientHeight;
  tip.style.left = `${Math.max(0, Math.min(px + 16, w - tip.offsetWidth - 4))}px`;
  const below = py + 16 + tip.offsetHeight <= h;
  tip.style.top = `${below ? py + 16 : Math.max(0, py - tip.offsetHeight - 8)}px`;
}

/** The tip shown again (a "why not?" answer for its place came in). @param {Board} b */
export function refreshTip(b) {
  const at = b.tipAt;
  if (at && !b.ui.tip.hidden) showTip(b, at.id, at.x, at.y);
}

/** @param {Board} b @param {MouseEvent} ev */
export function onMove(b, ev) {
  const { src, ui, focus, why } = b;
  const { x, y } = toLogical(b, ev);
  const target = src.interactive ? hit(b, x, y, true) : null;
  const id = target ? target.id : null;
  ui.overlay.style.cursor = id ? "pointer" : "default";
  if (id !== focus.hover) {
    focus.hover = id;
    scheduleOverlay(b);
  }
  const info = hit(b, x, y, false);
  if (!info || !info.tip) {
    hideTip(b);
    return;
  }
  const at = onSurface(b, ev);
  showTip(b, info.id, at.x, at.y);
  // Resting on a place that does not glow: ask why (once per place and position).
  clearTimeout(why.timer);
  const refused = !target && src.interactive ? refusedAt(b, x, y) : null;
  if (refused && refused.id === info.id && whyOf(b, refused.id) === undefined) {
    why.timer = b.win.setTimeout(() => askWhy(b, refused.id), 120);
  }
}

/** @param {Board} b */
export function onLeave(b) {
  clearTimeout(b.why.timer);
  hideTip(b);
  if (b.focus.hover !== null) {
    b.focus.hover = null;
    scheduleOverlay(b);
  }
}

/** @param {Board} b @param {MouseEvent} ev */
export function onClick(b, ev) {
  if (!b.src.interactive) return;
  const { x, y } = toLogical(b, ev);
  const target = hit(b, x, y, true);
  if (!target) {
    hideMenu(b);
    // A place that does not glow says why, in the bar (where it stays in view).
    const refused = refusedAt(b, x, y);
    if (refused) {
      b.why.shown = refused.id;
      askWhy(b, refused.id);
      showWhy(b);
    }
    return;
  }
  b.why.shown = "";
  showWhy(b);
  const list = b.drawn.optionsByRegion.get(target.id) ?? [];
  const opts = pendingOptions(b);
  if (list.length === 1) choose(b, opts[list[0]].id);
  else if (list.length > 1) {
    const at = onSurface(b, ev);
    showMenu(b, list.map((i) => opts[i]), at.x, at.y, (id) => choose(b, id));
  }
}

/** A press with a mouse, pen or finger: no keyboard ring until a key is pressed.
 * @param {Board} b */
export function onPointerDown(b) {
  if (b.focus.keyboard) {
    b.focus.keyboard = false;
    scheduleOverlay(b);
  }
}

/** A tip belongs to where the pointer (or finger) was: it goes when the board scrolls.
 * @param {Board} b */
export function dropTip(b) {
  if (!b.ui.tip.hidden) hideTip(b);
}
