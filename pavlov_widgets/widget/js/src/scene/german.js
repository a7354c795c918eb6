// @ts-check
/**
 * The German player's piles in the cards strip (7.4 Competitive): the hand, the orders (in
 * the order they resolve), the Tactics hand and the Tactics card placed face down. Face up in
 * the German view (where the Planning options glow on them), backs with their counts in a
 * view that may not see them.
 *
 * @typedef {import("./core.js").Scene} Scene
 * @typedef {import("../protocol.js").FaceCard} FaceCard
 * @typedef {import("../protocol.js").GermanCards} GermanCards
 */

import { place } from "../places.js";
import { fitLines, text } from "../text.js";
import { cardBack, roundRect } from "../draw.js";
import { plate } from "./core.js";
import { GTILE_H, GTILE_W, germanGeometry } from "../sizes.js";

/** The box each pile is, where its cards are not drawn face up. */
const PILE_BOXES = {
  hand: place.box("german-hand"),
  orders: place.box("orders"),
  tactics: place.box("german-tactics"),
  chosen: place.box("tactics-chosen"),
};

/**
 * A card face up in the German player's piles (7.4): a Wehrmacht or a Tactics card.
 * @param {CanvasRenderingContext2D} ctx @param {FaceCard} card
 * @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {string} heading
 */
function faceTile(ctx, card, x, y, w, h, heading) {
  plate(ctx, x, y, w, h, 6, {
    fill: card.kind ? "#e3e6e8" : "#d9dde0", stroke: "#111", width: 1.2,
  });
  // the heading (a kind of card can take two lines), the name, then what the card does
  const head = fitLines(ctx, heading, w - 12, 11, 2, 700);
  head.lines.forEach((t, i) => {
    text(ctx, t, x + 6, y + 13 + i * 12, { size: head.size, weight: 700, color: "#37474f" });
  });
  const top = y + 13 + 12 * (head.lines.length - 1);
  const name = fitLines(ctx, card.name, w - 12, 13, 2, 700);
  name.lines.forEach((t, i) => {
    text(ctx, t, x + 6, top + 17 + i * 15, { size: name.size, weight: 700 });
  });
  let ly = top + 21 + 15 * name.lines.length;
  // a counter card's `brief` leaves out the counter's name, which is the card's name
  for (const line of (card.brief ?? card.lines).slice(0, 2)) {
    const laid = fitLines(ctx, line, w - 12, 11, 2);
    for (const t of laid.lines) {
      if (ly > y + h - 4) break;
      text(ctx, t, x + 6, ly, { size: laid.size, color: "#333" });
      ly += 13;
    }
  }
}

/**
 * The German player's piles (7.4): face up in the German view (the Planning options glow
 * on them), face-down backs with their counts otherwise.
 * @param {Scene} s @param {GermanCards} g @param {ReturnType<typeof germanGeometry>} geo
 * @param {number} x @param {number} y @param {number} w
 */
export function drawGermanCards(s, g, geo, x, y, w) {
  const { ctx } = s;
  text(ctx, g.sees ? "German player's cards (7.4 Competitive)"
    : "German player's cards, face down (7.4 Competitive)", x + 2, y + 16, {
    size: 13, weight: 700, color: "#f3ead6", max: w - 4,
  });
  for (const grp of geo.groups) {
    const gx = x + grp.x;
    const gy = y + 22 + grp.y;
    text(ctx, grp.title, gx + 2, gy + 12, { size: 12, weight: 700, color: "#e0d8c8",
      max: grp.w - 4 });
    const at = (/** @type {number} */ i) => ({
      tx: gx + (i % grp.cols) * (GTILE_W + 4),
      ty: gy + 20 + Math.floor(i / grp.cols) * (GTILE_H + 4),
    });
    /** @type {FaceCard[]} */
    const faces = grp.key === "hand" ? g.hand : grp.key === "orders" ? g.orders
      : grp.key === "tactics" ? g.tactics : g.chosen ? [g.chosen] : [];
    const count = grp.key === "hand" ? g.handCount : grp.key === "orders" ? g.ordersCount
      : grp.key === "tactics" ? g.tacticsCount : g.chosenCount;
    const box = PILE_BOXES[/** @type {keyof typeof PILE_BOXES} */ (grp.key)] ?? "";
    for (let i = 0; i < grp.n; i++) {
      const { tx, ty } = at(i);
      const card = faces[i];
      if (card) {
        const heading = grp.key === "orders" ? `Order ${i + 1}`
          : grp.key === "chosen" ? "Face down" : card.kind ? (card.kindLabel ?? "") : "Tactics";
        faceTile(ctx, card, tx, ty, GTILE_W, GTILE_H, heading);
        s.region(place.card(card.id), tx, ty, GTILE_W, GTILE_H, 3, {
          title: `${heading}: ${card.name}`,
          lines: [...card.lines, grp.key === "orders" ? "Resolved in this order in the " +
            "Wehrmacht Card Phase (7.4)" : grp.key === "chosen" ? "Revealed at the start " +
            "of the Wehrmacht Card Phase (7.4)" : "In the German hand (7.4)"],
        });
      } else if (i < count) {
        const tactic = grp.key === "tactics" || grp.key === "chosen";
        cardBack(ctx, tx, ty, GTILE_W, GTILE_H, tactic ? "Tactics" : "Wehrmacht",
          tactic ? "#455a64" : "#3e4a3a");
      } else {
        // an empty slot: an order not placed yet, or no card
        roundRect(ctx, tx + 1, ty + 1, GTILE_W - 2, GTILE_H - 2, 6);
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = "#8d8577";
        ctx.lineWidth = 1.2;
        ctx.stroke();
        ctx.setLineDash([]);
        text(ctx, grp.key === "orders" ? `order ${i + 1}` : "none", tx + GTILE_W / 2,
          ty + GTILE_H / 2, { size: 12, color: "#cfc6b2", align: "center", base: "middle" });
      }
    }
    if (!g.sees || !faces.length) {
      s.region(box, gx, gy, grp.w, grp.h, 2, {
        title: grp.title,
        lines: [g.sees ? "Empty now" : "Hidden from the Soviet side: only the count shows " +
          "(7.4 Competitive)"],
      });
    }
  }
}
