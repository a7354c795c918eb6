// @ts-check
/**
 * The dark strip of cards and dice: the Soviet hand (its cards in two halves, one per unit),
 * the German player's piles (7.4, see `german.js`), the Wehrmacht card being resolved (or the
 * deck), the Tactics cards (7.2) and the dice tray (`dice.js`).
 *
 * @typedef {import("./core.js").Scene} Scene
 * @typedef {import("../protocol.js").HandCard} HandCard
 * @typedef {import("../protocol.js").TacticsCard} TacticsCard
 */

import { place } from "../places.js";
import { fitLines, sizeToFit, text } from "../text.js";
import { cardBack, roundRect } from "../draw.js";
import { plate } from "./core.js";
import { drawDiceTray } from "./dice.js";
import { drawGermanCards } from "./german.js";

/** The dark strip: the hand, the Wehrmacht card, the Tactics cards and the dice tray.
 * @param {Scene} s */
export function drawCardStrip(s) {
  const { ctx, f, v } = s;
  const a = f.cards;
  roundRect(ctx, a.x, a.y, a.w, a.h, 8);
  ctx.fillStyle = "#3a3632";
  ctx.fill();
  const cardW = a.cardW;
  const cardH = a.card.h;
  /** @type {HandCard[]} */
  const hand = v.hand ?? [];
  for (const item of a.items) {
    const x = item.x ?? 0;
    const y = item.y ?? 0;
    if (item.kind === "hand") {
      text(ctx, "Soviet hand", x + 2, y + 16, { size: 13, weight: 700, color: "#f3ead6" });
      /** Where the `i`th card of the hand goes. @param {number} i */
      const slot = (i) => ({
        cx: x + (i % a.handCols) * (cardW + 4),
        cy: y + 22 + Math.floor(i / a.handCols) * (cardH + 4),
      });
      hand.forEach(({ card, used }, i) => {
        const { cx, cy } = slot(i);
        drawSovietCard(s, card, used, i, cx, cy, cardW, cardH);
      });
      const backs = v.handHidden ?? 0;
      for (let k = 0; k < backs; k++) {
        const { cx, cy } = slot(hand.length + k);
        cardBack(ctx, cx, cy, cardW, cardH, "Soviet card", "#7a2e22");
        s.region(place.box("soviet-hand"), cx, cy, cardW, cardH, 2, {
          title: `Soviet hand: ${backs} card${backs === 1 ? "" : "s"} face down`,
          lines: ["Hidden from the German player until played (7.4 Competitive)"],
        });
      }
      if (!hand.length && !backs && !v.outcome) {
        const none = "No cards in hand: four are drawn in each Soviet Card Phase (2.1)";
        const laid = fitLines(ctx, none, item.w - 8, 12, 2);
        laid.lines.forEach((line, i) => {
          text(ctx, line, x + 4, y + 38 + i * 16, { size: laid.size, color: "#cfc6b2" });
        });
      }
    } else if (item.kind === "german" && item.german && v.german) {
      drawGermanCards(s, v.german, item.german, x, y, item.w);
    } else if (item.kind === "wehrmacht") {
      text(ctx, "Wehrmacht card", x + 2, y + 16, { size: 13, weight: 700, color: "#f3ead6" });
      drawWehrmachtCard(s, x, y + 22, item.w, cardH);
    } else if (item.kind === "tactics") {
      const tactics = v.tactics.cards ?? [];
      const n = Math.max(1, tactics.length);
      text(ctx, `Tactics (${v.tactics.level})`, x + 2, y + 16, {
        size: 13, weight: 700, color: "#f3ead6", max: item.w - 4,
      });
      const tw = (item.w + 4) / n - 4;
      for (let i = 0; i < n; i++) {
        drawTacticsCard(s, tactics[i], x + i * (tw + 4), y + 22, tw, cardH);
      }
    } else if (item.kind === "dice") {
      drawDiceTray(s, x, y + 4, item.w, item.h - 4);
    }
  }
}

/**
 * A Soviet card: two halves, one per unit, each listing the unit's actions (2.0). The card
 * is tall enough for every unit's actions (sovietCardGeometry): nothing is cut.
 * @param {Scene} s @param {string} cid @param {boolean} used @param {number} index
 * @param {number} x @param {number} y @param {number} w @param {number} h
 */
function drawSovietCard(s, cid, used, index, x, y, w, h) {
  const { ctx, plan } = s;
  const units = plan.sovietCards[cid] ?? [];
  plate(ctx, x, y, w, h, 6, {
    fill: units.length ? (used ? "#a9a293" : "#f4ead2") : "#5d6770", stroke: "#222", width: 1.2,
  });
  const ink = units.length ? "#3b3325" : "#ffffff"; // (the Fog of War card is dark)
  text(ctx, `Card ${index + 1}`, x + 7, y + 15, { size: 12, weight: 700, color: ink });
  if (used) {
    text(ctx, "used", x + w - 7, y + 15, {
      size: 12, weight: 700, color: "#3b3325", align: "right",
    });
  }
  /** @type {string[]} */
  const tipLines = [];
  if (!units.length) {
    text(ctx, "Fog of War", x + w / 2, y + h / 2 + 6, {
      size: 15, weight: 700, color: "#ffffff", align: "center", base: "middle",
    });
    tipLines.push(s.term("term/fog-of-war") || "No action: the fog of war (2.2)");
    tipLines.push("The 139th Signal Battalion's Tactical Decision can swap it");
  }
  const halfH = (h - 24) / 2;
  units.forEach((uid, k) => {
    const u = plan.units.find((q) => q.id === uid);
    const hy = y + 20 + k * halfH;
    if (k === 1) {
      ctx.strokeStyle = "rgba(0,0,0,0.3)";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(x + 6, hy);
      ctx.lineTo(x + w - 6, hy);
      ctx.stroke();
    }
    text(ctx, u?.short ?? uid, x + 7, hy + 14, { size: 13, weight: 700, max: w - 14 });
    const acts = fitLines(ctx, (u?.actions ?? []).join(" · "), w - 14, 11, 9);
    acts.lines.forEach((line, i) => {
      text(ctx, line, x + 7, hy + 27 + i * 12, { size: acts.size, color: "#3b3325" });
    });
    tipLines.push(`${u?.name ?? uid}: ${(u?.actions ?? []).join(", ")}`);
    const words = (u?.terms ?? []).map((key) => s.term(key)).filter(Boolean);
    s.region(place.cardHalf(cid, uid), x + 2, hy + 1, w - 4, halfH - 2, 3, {
      title: `Card ${index + 1}, action ${k + 1}: ${u?.name ?? uid}`,
      lines: [
        ...(words.length ? words : [`Options: ${(u?.actions ?? []).join(", ")}`]),
        ...(used ? ["Already used this phase"] : []),
      ],
    });
  });
  s.region(place.card(cid), x, y, w, h, 2, {
    title: units.length ? `Soviet card ${index + 1}${used ? " (used)" : ""}` : "Fog of War",
    lines: tipLines,
  });
}

/** The Wehrmacht card being resolved, or the deck and the cards played this turn.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h */
function drawWehrmachtCard(s, x, y, w, h) {
  const { ctx, v } = s;
  const card = v.wcard;
  plate(ctx, x, y, w, h, 6, { fill: card ? "#e3e6e8" : "#55504a", stroke: "#111", width: 1.2 });
  if (!card) {
    /** @type {Array<{id: string, name: string}>} */
    const played = v.wplayed ?? [];
    const names = played.map((c, i) => `${i + 1}. ${c.name}`);
    text(ctx, played.length ? "Played this turn" : "none being resolved", x + 8, y + 18, {
      size: 12, weight: 700, color: "#e0d8c8",
    });
    names.forEach((name, i) => {
      text(ctx, name, x + 8, y + 38 + i * 17, { size: 12, color: "#f3ead6", max: w - 16 });
    });
    text(ctx, `${v.decks.wehrmacht} left in the deck`, x + 8, y + h - 10, {
      size: 12, color: "#cfc6b2",
    });
    s.region(place.wehrmachtSlot, x, y, w, h, 2, {
      title: "Wehrmacht deck",
      lines: [
        `${v.decks.wehrmacht} card${v.decks.wehrmacht === 1 ? "" : "s"} left, ` +
          `${v.decks.wehrmachtDone} played`,
        ...(played.length ? ["This turn:", ...names] : []),
      ],
    });
    return;
  }
  roundRect(ctx, x, y, w, 20, 6);
  ctx.fillStyle = "#2f3a44";
  ctx.fill();
  // The deck number gives way to a long heading (it is in the tip too).
  const withDeck = !!card.deck && !!sizeToFit(ctx, card.kindLabel, w - 58, 12, 700);
  text(ctx, card.kindLabel, x + 7, y + 14, {
    size: 12, weight: 700, color: "#ffffff", max: withDeck ? w - 58 : w - 14,
  });
  if (withDeck) {
    text(ctx, `deck ${card.deck}`, x + w - 6, y + 14, {
      size: 11, color: "#cfd8dc", align: "right",
    });
  }
  text(ctx, card.name, x + 7, y + 38, { size: 14, weight: 700, max: w - 14 });
  cardLines(ctx, card.lines, x, y + 56, w, 3);
  s.region(place.card(card.id), x, y, w, h, 2, {
    title: `${card.name} (${card.kindLabel}, 3.0)`,
    lines: [...card.lines, `Card ${v.cardsInPhase} of 3 this phase`],
  });
}

/**
 * The lines of a card `w` wide (what it does), from the baseline `y`, each in at most `most`
 * lines of its own.
 * @param {CanvasRenderingContext2D} ctx @param {string[]} lines @param {number} x
 * @param {number} y @param {number} w @param {number} most
 */
function cardLines(ctx, lines, x, y, w, most) {
  let ly = y;
  for (const line of lines) {
    const laid = fitLines(ctx, line, w - 14, 12, most);
    for (const t of laid.lines) {
      text(ctx, t, x + 7, ly, { size: laid.size, color: "#333" });
      ly += 14;
    }
  }
}

/**
 * A Tactics card in play (7.2), or an empty slot.
 * @param {Scene} s @param {TacticsCard | undefined} card
 * @param {number} x @param {number} y @param {number} w @param {number} h
 */
function drawTacticsCard(s, card, x, y, w, h) {
  const { ctx } = s;
  plate(ctx, x, y, w, h, 6, { fill: card ? "#d9dde0" : "#55504a", stroke: "#111", width: 1.2 });
  if (!card) {
    text(ctx, "none yet", x + w / 2, y + h / 2, { size: 12, color: "#e0d8c8", align: "center" });
    return;
  }
  text(ctx, "Tactics", x + 7, y + 15, { size: 11, weight: 700, color: "#37474f" });
  const name = fitLines(ctx, card.name, w - 14, 13, 2, 700);
  name.lines.forEach((t, i) => {
    text(ctx, t, x + 7, y + 33 + i * 15, { size: name.size, weight: 700 });
  });
  cardLines(ctx, card.lines, x, y + 40 + 15 * name.lines.length, w, 2);
  s.region(place.tacticsCard(card.id), x, y, w, h, 2, {
    title: `Tactics card: ${card.name} (7.2)`, lines: card.lines,
  });
}
