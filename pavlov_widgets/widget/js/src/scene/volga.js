// @ts-check
/**
 * The Volga side (the 62nd Army): every unit with its locations and their tokens, the
 * Staging Area and, when its variant is in play, the Operational Support space (7.1).
 *
 * @typedef {import("./core.js").Scene} Scene
 * @typedef {import("../sizes.js").Rect} Rect
 */

import { locKey, place } from "../places.js";
import { MUTED } from "../theme.js";
import { fitLines, sizeToFit, text } from "../text.js";
import { backing, roundRect, token } from "../draw.js";
import { plate } from "./core.js";
import {
  LOC_STEP, LOC_W, OS_H, STAGING_H, VOLGA_ROW, volgaGeometry, volgaGroups,
} from "../sizes.js";

/**
 * The Volga side: every unit with its locations, the Staging Area and, when its variant is
 * in play, the Operational Support space (7.1).
 * @param {Scene} s @param {Rect} p
 */
export function drawVolga(s, p) {
  const { ctx, plan, v } = s;
  s.panel(p, "The Volga — 62nd Army", "#dde7ef");
  const groups = volgaGroups(plan);
  const support = !!v.os?.active;
  const g = volgaGeometry(p.w, groups.length, support);
  const top = p.y + 28;
  // the unit's name, then its locations (no wider gap than a name needs)
  const labelW = Math.min(150, g.groupW - 4 * LOC_STEP);
  groups.forEach((grp, i) => {
    const gx = p.x + 8 + Math.floor(i / g.perCol) * (g.groupW + 8);
    const y = top + (i % g.perCol) * VOLGA_ROW;
    const last = grp.locs[grp.locs.length - 1];
    const range = grp.locs.length > 1 ? `${grp.locs[0]}–${last}` : `${grp.locs[0]}`;
    const label = fitLines(ctx, grp.label, labelW - 6, 13, 2, 700);
    const lh = label.size + 2;
    label.lines.forEach((line, k) => {
      text(ctx, line, gx, y + 20 - (label.lines.length - 1) * 6 + k * lh, {
        size: label.size, weight: 700,
      });
    });
    text(ctx, `loc ${range}`, gx, y + 37 + (label.lines.length - 1) * 7, {
      size: 12, color: MUTED,
    });
    grp.locs.forEach((n, j) => {
      drawLocation(s, n, gx + labelW + j * LOC_STEP, y + 2, LOC_W, VOLGA_ROW - 8, grp.name);
    });
  });
  if (g.beside) {
    const sx = p.x + 8 + 2 * (g.groupW + 8);
    const sw = p.x + p.w - 6 - sx;
    drawStaging(s, sx, top, sw, STAGING_H);
    if (support) drawOpSupport(s, sx, top + STAGING_H + 8, sw, OS_H);
  } else {
    const sy = top + g.perCol * VOLGA_ROW + 4;
    drawStaging(s, p.x + 6, sy, p.w - 12, STAGING_H);
    if (support) drawOpSupport(s, p.x + 6, sy + STAGING_H + 8, p.w - 12, OS_H);
  }
}

/**
 * One location with its tokens (Disrupted shows as an orange hatching and a "D" token).
 * @param {Scene} s @param {number} n
 * @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {string} unitName
 */
function drawLocation(s, n, x, y, w, h, unitName) {
  const { ctx, v, plan } = s;
  const here = v.tokens[locKey(n)] ?? {};
  const disrupted = (here.disrupted ?? 0) > 0;
  plate(ctx, x, y, w, h, 5, {
    fill: disrupted ? "#fde3c8" : "#f7fafc", stroke: disrupted ? "#c25e00" : "#5d7285",
    width: disrupted ? 2 : 1.2, hatch: disrupted ? "disrupted" : "",
  });
  // (on the Disrupted hatching, the number sits on a patch of the plain fill)
  if (disrupted) backing(ctx, String(n), x + 5, y + 10, { size: 14, weight: 700 }, "#fde3c8");
  text(ctx, String(n), x + 5, y + 15, { size: 14, weight: 700 });
  const kinds = Object.keys(here).filter((k) => k !== "disrupted");
  if (disrupted) token(ctx, x + w - 12, y + 12, 9, "disrupted");
  kinds.forEach((k, i) => token(ctx, x + 14 + i * 22, y + h - 13, 10, k, here[k]));
  s.region(place.location(n), x, y, w, h, 2, {
    title: `Location ${n}: ${plan.locNames[String(n)] ?? unitName}`,
    lines: [
      disrupted ? "Disrupted: this unit's actions are limited (2.0)" : "Not disrupted",
      ...kinds.map((k) => `${plan.tokens[k] ?? k} token`),
    ],
  });
}

/** The Staging Area and its tokens.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h */
function drawStaging(s, x, y, w, h) {
  const { ctx, v, plan } = s;
  const here = v.tokens.staging ?? {};
  plate(ctx, x, y, w, h, 5, { fill: "#eef3f7", stroke: "#5d7285", width: 1.2 });
  text(ctx, "Staging Area", x + 8, y + 17, { size: 13, weight: 700 });
  const kinds = Object.keys(here);
  if (!kinds.length) text(ctx, "empty", x + 8, y + 42, { size: 12, color: MUTED });
  kinds.forEach((k, i) => token(ctx, x + 22 + i * 34, y + 44, 11, k, here[k]));
  s.region(place.box("staging"), x, y, w, h, 2, {
    title: "Staging Area (2.0 62nd Army CP, Volga Flotilla)",
    lines: kinds.length ? kinds.map((k) => `${plan.tokens[k] ?? k}: ${here[k]}`) : ["No tokens"],
  });
}

/** The Operational Support space (7.1): its card, the tokens to give up, the cards won.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h */
function drawOpSupport(s, x, y, w, h) {
  const { ctx, v, plan } = s;
  const os = v.os ?? { active: false, card: null, deck: 0, won: [] };
  roundRect(ctx, x, y, w, h, 5);
  ctx.fillStyle = os.active ? "#fffdf5" : "#e8edf1";
  ctx.fill();
  ctx.setLineDash(os.active ? [] : [5, 4]);
  ctx.strokeStyle = "#5d7285";
  ctx.lineWidth = 1.2;
  ctx.stroke();
  ctx.setLineDash([]);
  text(ctx, "Operational Support", x + 8, y + 17, { size: 13, weight: 700 });
  /** @type {string[]} */
  const lines = [];
  if (!os.active) {
    text(ctx, "variant not in play (7.1)", x + 8, y + 38, { size: 12, color: MUTED });
    lines.push("The Operational Support variant (7.1) is not in play in this game");
  } else if (os.card) {
    const card = os.card;
    text(ctx, `${card.name} · ${card.vp} VP`, x + 8, y + 37, {
      size: 13, weight: 600, max: w - 16,
    });
    const needs = Object.entries(card.tokens);
    needs.forEach(([k, n], i) => token(ctx, x + 18 + i * 30, y + 58, 10, k, Number(n)));
    const after = x + 14 + needs.length * 30;
    if (sizeToFit(ctx, "tokens to give up", x + w - 8 - after, 12)) {
      text(ctx, "tokens to give up", after, y + 62, {
        size: 12, color: MUTED, max: x + w - 8 - after,
      });
    }
    const free = fitLines(ctx, `No Disrupted token on ${card.locs.join(", ")}`, w - 16, 12, 2);
    free.lines.forEach((t, i) => {
      text(ctx, t, x + 8, y + 86 + i * 14, { size: free.size, color: MUTED });
    });
    lines.push(
      `${card.name}: ${card.vp} VP`,
      `Remove from the stock: ${needs.map(([k, n]) => `${n} ${plan.tokens[k] ?? k}`).join(", ")}`,
      `No Disrupted token on: ${card.locs.join(", ")}`,
    );
  } else {
    text(ctx, "no card left", x + 8, y + 38, { size: 12, color: MUTED });
    lines.push("The Operational Support deck is used up");
  }
  if (os.active) {
    text(ctx, `deck ${os.deck} · won ${os.won.length}`, x + w - 8, y + 17, {
      size: 12, color: MUTED, align: "right",
    });
    if (os.won.length) lines.push(`Won: ${os.won.join(", ")}`);
  }
  s.region(place.box("operational-support"), x, y, w, h, 2, {
    title: "Operational Support space (7.1)", lines,
  });
}
