// @ts-check
/**
 * The header (turn, phase, score and its parts, the decks) and, at the end of the game, the
 * result banner laid over the empty hand.
 *
 * @typedef {import("./core.js").Scene} Scene
 */

import { place } from "../places.js";
import { fitLines, text } from "../text.js";
import { plate } from "./core.js";
import { turnLine } from "../sizes.js";

/** The header across the top of the board. @param {Scene} s */
export function drawHeader(s) {
  const { ctx, v, f } = s;
  const hd = f.header;
  ctx.fillStyle = "#f7f4ec";
  ctx.fillRect(0, 0, f.W, hd.h);
  ctx.fillStyle = "#c9bfa8";
  ctx.fillRect(0, hd.h - 2, f.W, 2);
  text(ctx, hd.turn, 12, 26, { size: 18, weight: 700 });
  text(ctx, hd.scoreText, f.W - 12, 26, { size: 17, weight: 700, align: "right" });
  for (const item of hd.items) {
    text(ctx, item.text, item.x, item.y, {
      size: item.size, weight: item.weight, color: item.color, align: item.align,
    });
  }
  s.region(place.header, 0, 0, f.W, hd.h, 0, {
    title: `${turnLine(v)}: ${v.phaseLabel}`,
    lines: [
      `${hd.scoreText}: ${hd.parts} (6.0)`,
      s.term("term/score"),
      hd.decks,
      `Wehrmacht counters in the stock: ${v.wstock}`,
    ].filter(Boolean),
  });
}

/** The result, over the (empty) hand at the end of the game. @param {Scene} s */
export function drawBanner(s) {
  const { ctx, f, v } = s;
  const o = v.outcome;
  if (!o) return;
  const hand = f.cards.items.find((item) => item.kind === "hand") ?? f.cards.items[0];
  const x = hand.x ?? 0;
  const y = (hand.y ?? 0) + 22;
  const w = hand.w;
  const h = hand.h - 22;
  const good = o.result === "win";
  plate(ctx, x, y, w, h, 8, {
    fill: good ? "#1b5e20" : "#5d1a14", stroke: good ? "#ffe082" : "#ffffff", width: 2,
  });
  text(ctx, "Game over", x + 14, y + 24, { size: 14, weight: 700, color: "#f3ead6" });
  const level = fitLines(ctx, `${o.level}${o.award ? `: ${o.award}` : ""}`, w - 28, 24, 2, 700);
  let ly = y + 28;
  for (const line of level.lines) {
    ly += level.size + 6;
    text(ctx, line, x + 14, ly, { size: level.size, weight: 700,
      color: good ? "#ffe082" : "#ffffff" });
  }
  const how = fitLines(ctx, `Score ${o.score} on turn ${o.turn}: ${o.how_text} (6.0)`, w - 28,
    14, 4);
  ly += 8;
  for (const line of how.lines) {
    ly += how.size + 4;
    text(ctx, line, x + 14, ly, { size: how.size, color: "#eeeeee" });
  }
  s.region(place.outcome, x, y, w, h, 4, {
    title: `Game over: ${o.level}`,
    lines: [
      `Score ${o.score}: raid VP ${o.raid_vp}` +
        (o.support_vp ? ` + support VP ${o.support_vp}` : "") +
        ` + ${o.defenders} defender${o.defenders === 1 ? "" : "s"} − 3 × ${o.attackers} ` +
        `attacker${o.attackers === 1 ? "" : "s"}`,
      `Ended on turn ${o.turn}: ${o.how_text}`,
    ],
  });
}
