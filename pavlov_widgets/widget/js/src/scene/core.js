// @ts-check
/**
 * The scene being drawn: the canvas, the traits it draws, the arrangement, and the regions
 * (the places) it collects for the overlay, the pointer and the keyboard. The parts of the
 * board (`house.js`, `square.js`, `volga.js`, `cards.js` ...) are functions taking the scene;
 * this core holds what they share: the region registry, names and the glossary.
 *
 * @typedef {import("../protocol.js").BoardData} BoardData
 * @typedef {import("../protocol.js").WeaponState} WeaponState
 * @typedef {import("../geometry.js").Frame} Frame
 * @typedef {import("../sizes.js").Rect} Rect
 * @typedef {{title: string, lines: string[]}} Tip
 * @typedef {{id: string, x: number, y: number, w: number, h: number,
 *   circle?: boolean, tip?: Tip, depth: number}} Region  a place drawn, in logical px; the
 *   deepest region under the pointer is the one it points at
 */

import { colourOf } from "../theme.js";
import { text } from "../text.js";
import { pattern, roundRect } from "../draw.js";
import { targetsOf } from "../sizes.js";

/**
 * A rounded box of the board (a card, a counter, a tray, a box of the house): filled, its
 * texture over the fill when `hatch` names one (an Exhausted counter, a Disrupted location),
 * then outlined.
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} w
 * @param {number} h @param {number} r the corner radius
 * @param {{fill: string, stroke: string, width: number, hatch?: string}} style
 */
export function plate(ctx, x, y, w, h, r, style) {
  roundRect(ctx, x, y, w, h, r);
  ctx.fillStyle = style.fill;
  ctx.fill();
  if (style.hatch) {
    ctx.fillStyle = pattern(ctx, style.hatch);
    ctx.fill();
  }
  ctx.strokeStyle = style.stroke;
  ctx.lineWidth = style.width;
  ctx.stroke();
}

export class Scene {
  /**
   * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {Frame} f
   */
  constructor(ctx, d, f) {
    this.ctx = ctx;
    this.d = d;
    this.plan = d.plan;
    this.v = d.view;
    this.f = f;
    /** @type {Region[]} */
    this.regions = [];
    /** Every place an option is drawn on. */
    this.targets = targetsOf(d.choice);
  }

  /**
   * A place just drawn, with its tip.
   * @param {string} id @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {number} depth @param {Tip} [tip] @param {boolean} [circle]
   */
  region(id, x, y, w, h, depth, tip, circle = false) {
    this.regions.push({ id, x, y, w, h, depth, tip, circle });
  }

  /** Give the region just drawn another id (a counter in the stock is another target).
   * @param {string} from @param {string} to */
  relabel(from, to) {
    for (let k = this.regions.length - 1; k >= 0; k--) {
      if (this.regions[k].id === from) {
        this.regions[k].id = to;
        this.regions[k].depth = 6;
        return;
      }
    }
  }

  /** The glossary line of a term key, as a sentence: "Word: meaning (rule)".
   * @param {string | undefined} key */
  term(key) {
    const t = key ? this.plan.glossary?.[key] : undefined;
    return t ? `${t[0]}: ${t[1]} (${t[2]})` : "";
  }

  /** A counter's or a weapon's name. @param {string} id */
  name(id) {
    return this.plan.soviet[id]?.name ?? this.plan.weapons[id]?.name ?? id;
  }

  /** Where a counter is, in words. @param {string} where */
  placeName(where) {
    if (where === "reserves") return "Reserves";
    if (where === "raid") return "on a Storm Group raid";
    if (where === "stock") return "the stock";
    const sq = this.plan.squares.find((s) => s.id === where);
    if (sq) return `position ${sq.nums.map((q) => `${colourOf(q.colour).letter}${q.n}`).join("/")}`;
    return where;
  }

  /** The Soviet counters at a place (a square's id, "reserves", "raid"). @param {string} where */
  soviets(where) {
    return Object.keys(this.v.soviet).filter((id) => this.v.soviet[id].where === where);
  }

  /** The weapons at a place. @param {string} where */
  weaponsAt(where) {
    return Object.keys(this.v.weapons).filter((id) => this.v.weapons[id].where === where);
  }

  /** The counters crewing a weapon, as Python's view says (4.0). @param {string} id */
  crew(id) {
    return /** @type {WeaponState | undefined} */ (this.v.weapons[id])?.crew ?? [];
  }

  /**
   * A panel background with its title.
   * @param {Rect} p @param {string} title @param {string} fill
   */
  panel(p, title, fill) {
    const { ctx } = this;
    roundRect(ctx, p.x, p.y, p.w, p.h, 8);
    ctx.fillStyle = fill;
    ctx.fill();
    text(ctx, title, p.x + 10, p.y + 19, { size: 15, weight: 700, color: "#2b2b2b" });
  }
}
