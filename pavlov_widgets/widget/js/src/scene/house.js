// @ts-check
/**
 * Pavlov's House panel: its combat positions (the printed grid, on every screen) with the
 * counters and weapons in them, the Defense tracks, the Suppression boxes, the Supplies and
 * Storm Group boxes, and the Reserves box.
 *
 * @typedef {import("./core.js").Scene} Scene
 * @typedef {import("../protocol.js").SquareSpec} SquareSpec
 * @typedef {import("../sizes.js").Rect} Rect
 */

import { place, suppressKey } from "../places.js";
import { MUTED, colourOf } from "../theme.js";
import { capital, fitLines, measure, setFont, sizeToFit, text } from "../text.js";
import { backing, pattern, pill, roundRect, token } from "../draw.js";
import { plate } from "./core.js";
import { CHIP_H, ROOM_TOP, WEAPON_H, houseGeometryOf } from "../sizes.js";
import { counterHeight, drawCounter, drawWeapon } from "./counters.js";

/**
 * The house: its rooms, its boxes and Reserves.
 * @param {Scene} s @param {Rect} p
 */
export function drawHouse(s, p) {
  const { ctx, plan, v } = s;
  const g = houseGeometryOf(p.w, v, plan);
  s.panel(p, "Pavlov's House", "#efe9dc");
  const note = "combat positions: colour letter + number";
  setFont(ctx, 12);
  if (measure(ctx, note) <= p.w - 140 - 10) {
    text(ctx, note, p.x + 130, p.y + 19, { size: 12, color: MUTED });
  }
  // The rooms as the printed board has them, on every screen: where a room is tells what it
  // sees and its colours (1.3 Line of Sight).
  const cols = Math.max(...plan.squares.map((sq) => sq.x)) + 1;
  const rows = Math.max(...plan.squares.map((sq) => sq.y)) + 1;
  const gx = p.x + 8;
  const gy = p.y + 28;
  const gap = 4;
  const sw = (g.gridW - gap * (cols - 1)) / cols;
  const sh = (g.gridH - gap * (rows - 1)) / rows;
  ctx.fillStyle = "#6b6357";
  ctx.fillRect(gx - 3, gy - 3, g.gridW + 6, g.gridH + 6);
  for (const sq of plan.squares) {
    drawRoom(s, sq, gx + sq.x * (sw + gap), gy + sq.y * (sh + gap), sw, sh);
  }
  const side = g.side;
  const sx = p.x + side.x;
  const sy = p.y + side.y;
  if (side.cols === 1) {
    let y = drawDefenseTracks(s, sx, sy, side.w, side.row);
    y = drawSuppressionBoxes(s, sx, y + 6, side.w, side.box);
    y = drawSupplies(s, sx, y + 6, side.w);
    drawStormBox(s, sx, y + 6, side.w, sy + side.h - (y + 6));
  } else {
    const colW = (side.w - 8) / 2;
    const y = drawDefenseTracks(s, sx, sy, colW, side.row);
    drawSuppressionBoxes(s, sx, y + 6, colW, side.box);
    const y2 = drawSupplies(s, sx + colW + 8, sy, colW);
    drawStormBox(s, sx + colW + 8, y2 + 6, colW, sy + side.h - (y2 + 6));
  }
  const r = g.reserves;
  drawReserves(s, p.x + r.x, p.y + r.y, r.w, r.h, r.cols, r.chipW);
}

/**
 * One combat position: its colour(s) with letter and number, the radio mark, its counters.
 * @param {Scene} s @param {SquareSpec} sq
 * @param {number} x @param {number} y @param {number} w @param {number} h
 */
function drawRoom(s, sq, x, y, w, h) {
  const { ctx } = s;
  const cs = sq.nums.map((q) => q.colour);
  ctx.fillStyle = colourOf(cs[0]).fill;
  ctx.fillRect(x, y, w, h);
  if (cs.length > 1) {
    // A two-coloured square: split on the diagonal, each half with its own texture.
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(x + w, y);
    ctx.lineTo(x + w, y + h);
    ctx.lineTo(x, y + h);
    ctx.closePath();
    ctx.fillStyle = colourOf(cs[1]).fill;
    ctx.fill();
    ctx.clip();
    ctx.fillStyle = pattern(ctx, cs[1]);
    ctx.fillRect(x, y, w, h);
    ctx.restore();
    ctx.save();
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + w, y);
    ctx.lineTo(x, y + h);
    ctx.closePath();
    ctx.clip();
    ctx.fillStyle = pattern(ctx, cs[0]);
    ctx.fillRect(x, y, w, h);
    ctx.restore();
  } else {
    ctx.fillStyle = pattern(ctx, cs[0]);
    ctx.fillRect(x, y, w, h);
  }
  ctx.strokeStyle = "rgba(0,0,0,0.35)";
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
  let px = x + 4;
  for (const q of sq.nums) {
    px += pill(ctx, px, y + 4, q.colour, `${colourOf(q.colour).letter}${q.n}`) + 4;
  }
  if (sq.radio) drawRadio(ctx, x + w - 22, y + 4);
  const label = sq.nums.map((q) => `${q.colour} ${q.n}`).join(" / ");
  const here = s.soviets(sq.id);
  const arms = s.weaponsAt(sq.id);
  s.region(place.square(sq.id), x, y, w, h, 1, {
    title: `Combat position ${label}`,
    lines: [
      `Sees the ${cs.join(" and ")} tracks (1.3 Line of Sight)`,
      ...(sq.radio ? ["The radio position: Request Reinforcements (4.0)"] : []),
      here.length ? `Here: ${[...here, ...arms].map((id) => s.name(id)).join(", ")}` : "Empty",
    ],
  });
  // Stack the counters, then their weapons; squeeze them if a position is crowded.
  const top = y + ROOM_TOP;
  const avail = y + h - 3 - top;
  const heights = here.map((id) => counterHeight(s, id, w - 8));
  const want = heights.reduce((a, b) => a + b + 2, 0) + arms.length * (WEAPON_H + 2);
  const k = want > avail ? avail / want : 1;
  const wh = Math.max(16, WEAPON_H * k);
  let cy = top;
  here.forEach((id, i) => {
    const ch = heights[i] * k;
    drawCounter(s, id, x + 4, cy, w - 8, ch, ch < heights[i] - 4);
    cy += ch + 2 * k;
  });
  for (const wid of arms) {
    drawWeapon(s, wid, x + 4, cy, w - 8, wh, false);
    cy += wh + 2 * k;
  }
  // A crewed weapon: a bracket down the left edge joins it to its two counters (4.0).
  if (arms.some((wid) => s.crew(wid).length)) {
    ctx.fillStyle = "#4b4633";
    ctx.fillRect(x + 1, top + 3, 2.5, cy - top - 2 * k - 6);
  }
}

/** A small radio mast: the radio position of 4.0 Request Reinforcements.
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y */
function drawRadio(ctx, x, y) {
  roundRect(ctx, x, y, 18, 17, 4);
  ctx.fillStyle = "#263238";
  ctx.fill();
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 1.4;
  ctx.beginPath();
  ctx.moveTo(x + 9, y + 15);
  ctx.lineTo(x + 9, y + 7);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x + 9, y + 8, 3.5, Math.PI * 1.15, Math.PI * 1.85);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x + 9, y + 8, 6.5, Math.PI * 1.2, Math.PI * 1.8);
  ctx.stroke();
}

/**
 * The three Defense tracks, rows `row` high (finger-sized on a narrow board); returns the y
 * under them.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} [row]
 */
function drawDefenseTracks(s, x, y, w, row = 24) {
  const { ctx, plan, v } = s;
  text(ctx, "Defense", x, y + 12, { size: 13, weight: 700 });
  y += 18;
  const values = [];
  for (let n = plan.defense.min; n <= plan.defense.max; n++) values.push(n);
  const dy = (row - 24) / 2;
  for (const colour of plan.colours) {
    const c = colourOf(colour);
    roundRect(ctx, x, y, w, row, 4);
    ctx.fillStyle = c.fill;
    ctx.fill();
    text(ctx, c.letter, x + 8, y + row / 2 + 1, {
      size: 13, weight: 700, color: c.ink, align: "center", base: "middle",
    });
    const cell = (w - 18) / values.length;
    values.forEach((n, i) => {
      const cx = x + 16 + i * cell + cell / 2;
      const top = y + dy;
      const here = v.defense[colour] === n;
      ctx.beginPath();
      ctx.moveTo(cx - 9, top + 3);
      ctx.lineTo(cx + 9, top + 3);
      ctx.lineTo(cx + 9, top + 12);
      ctx.quadraticCurveTo(cx + 9, top + 18, cx, top + 22);
      ctx.quadraticCurveTo(cx - 9, top + 18, cx - 9, top + 12);
      ctx.closePath();
      ctx.fillStyle = here ? c.strong : "rgba(255,255,255,0.7)";
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = c.strong;
      ctx.stroke();
      text(ctx, String(n), cx, top + 11.5, {
        size: 12, weight: 700, color: here ? "#ffffff" : c.ink, align: "center", base: "middle",
      });
    });
    s.region(place.defense(colour), x, y, w, row, 2, {
      title: `${capital(colour)} Defense ${v.defense[colour]}`,
      lines: [
        `Artillery and armour need a ${v.defense[colour]} or more to hit the ${colour} ` +
          "positions (3.0 Attack Building)",
        `At ${plan.defense.min} a further hit disrupts every ${colour} counter instead`,
        s.term("term/defense"),
      ].filter(Boolean),
    });
    y += row + 3;
  }
  return y;
}

/**
 * The three Suppression boxes, `box` high; returns the y under them.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} [box]
 */
function drawSuppressionBoxes(s, x, y, w, box = 28) {
  const { ctx, plan, v } = s;
  text(ctx, "Suppression", x, y + 12, { size: 13, weight: 700 });
  y += 17;
  for (const colour of plan.colours) {
    const c = colourOf(colour);
    const n = v.tokens[suppressKey(colour)]?.suppression ?? 0;
    roundRect(ctx, x, y, w, box, 4);
    ctx.fillStyle = c.fill;
    ctx.fill();
    ctx.fillStyle = pattern(ctx, colour);
    ctx.fill();
    ctx.strokeStyle = c.strong;
    ctx.lineWidth = 1.2;
    ctx.stroke();
    const mid = y + box / 2 + 1;
    backing(ctx, `${c.letter} box`, x + 6, mid, { size: 13, weight: 700 }, c.fill);
    text(ctx, `${c.letter} box`, x + 6, mid, {
      size: 13, weight: 700, color: c.ink, base: "middle",
    });
    if (n) token(ctx, x + w - 22, mid - 1, 10, "suppression", n);
    else {
      backing(ctx, "empty", x + w - 8, mid, { size: 12, align: "right" }, c.fill);
      text(ctx, "empty", x + w - 8, mid, {
        size: 12, color: MUTED, align: "right", base: "middle",
      });
    }
    s.region(place.suppressionBox(colour), x, y, w, box, 2, {
      title: `${capital(colour)} Suppression box`,
      lines: [
        `${n} Suppression token${n === 1 ? "" : "s"}`,
        `Spend them on infantry entering a ${colour} track (3.0 Place Wehrmacht Counter)`,
      ],
    });
    y += box + 3;
  }
  return y;
}

/** The Supplies box; returns the y under it.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w */
function drawSupplies(s, x, y, w) {
  const { ctx, v, plan } = s;
  const here = v.tokens.supplies ?? {};
  const kinds = Object.keys(here);
  const perRow = Math.max(1, Math.floor((w - 8) / 36));
  const rows = Math.max(1, Math.ceil(kinds.length / perRow));
  const h = 22 + rows * 30;
  plate(ctx, x, y, w, h, 4, { fill: "#fbf8f1", stroke: "#8a7d62", width: 1.2 });
  text(ctx, "Supplies", x + 6, y + 15, { size: 13, weight: 700 });
  if (!kinds.length) text(ctx, "empty", x + 6, y + 36, { size: 12, color: MUTED });
  kinds.forEach((k, i) => {
    token(ctx, x + 20 + (i % perRow) * 36, y + 38 + Math.floor(i / perRow) * 30, 11, k,
      here[k]);
  });
  s.region(place.box("supplies"), x, y, w, h, 2, {
    title: "Supplies box",
    lines: [
      ...(kinds.length ? kinds.map((k) => `${plan.tokens[k] ?? k}: ${here[k]}`) : ["No tokens"]),
      s.term("term/supplies"),
    ].filter(Boolean),
  });
  return y + h;
}

/** The Storm Group box: the card in it, the raiders, the raids won.
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h */
function drawStormBox(s, x, y, w, h) {
  const { ctx, v } = s;
  roundRect(ctx, x, y, w, h, 4);
  ctx.fillStyle = "#ece4d2";
  ctx.fill();
  ctx.setLineDash([5, 3]);
  ctx.strokeStyle = "#6b5d45";
  ctx.lineWidth = 1.2;
  ctx.stroke();
  ctx.setLineDash([]);
  text(ctx, "Storm Group", x + 6, y + 15, { size: 13, weight: 700 });
  const sg = v.storm;
  /** @type {string[]} */
  const lines = [];
  let bottom = y + 22;
  if (sg) {
    const c = colourOf(sg.colour);
    const name = fitLines(ctx, sg.name, w - 20, 13, 3, 700);
    const cardH = 74 + (name.size + 2) * name.lines.length;
    plate(ctx, x + 5, y + 22, w - 10, Math.min(cardH, h - 28), 4, {
      fill: "#fffdf7", stroke: c.strong, width: 2,
    });
    name.lines.forEach((t, i) => {
      text(ctx, t, x + 10, y + 40 + i * (name.size + 2), { size: name.size, weight: 700 });
    });
    const ty = y + 40 + (name.size + 2) * name.lines.length;
    const clear = `${c.letter} tracks clear`;
    setFont(ctx, 13, 700);
    if (measure(ctx, clear) + 10 <= w - 20) pill(ctx, x + 10, ty - 7, sg.colour, clear);
    else pill(ctx, x + 10, ty - 7, sg.colour, c.letter);
    text(ctx, `Defense ${sg.defense}`, x + 10, ty + 28, { size: 13 });
    text(ctx, `${sg.vp} VP`, x + 10, ty + 46, { size: 13, weight: 700 });
    bottom = y + 22 + cardH;
    lines.push(
      `${sg.name}: raid when the ${sg.colour} tracks are clear`,
      `The raiders' dice must total ${sg.defense} or more; success scores ${sg.vp} VP`,
    );
  } else {
    text(ctx, "no card", x + 8, y + 36, { size: 12, color: MUTED });
    bottom = y + 40;
    lines.push("No Storm Group card in the box");
  }
  const raiders = s.soviets("raid");
  if (raiders.length) lines.push(`On the raid: ${raiders.map((r) => s.name(r)).join(", ")}`);
  if (v.stormWon.length) {
    const all = `Won: ${v.stormWon.join(", ")}`;
    const room = Math.max(1, Math.floor((y + h - 6 - bottom) / 14));
    const won = fitLines(ctx, all, w - 12, 12, room, 600);
    const shown = won.lines.length <= room ? won : fitLines(ctx, `Raids won: ${v.stormWon.length}`,
      w - 12, 12, room, 600);
    shown.lines.forEach((t, i) => {
      text(ctx, t, x + 6, y + h - 8 - (shown.lines.length - 1 - i) * 14, {
        size: shown.size, weight: 600, color: "#1b5e20",
      });
    });
    lines.push(`Raids won: ${v.stormWon.join(", ")}`);
  }
  s.region(place.box("storm"), x, y, w, h, 2, {
    title: "Storm Group box (3.0 Special Cards)", lines,
  });
}

/**
 * The Reserves box: every counter and weapon in it, full size, in `cols` columns (the box
 * is as tall as its rows, see houseGeometry).
 * @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {number} cols @param {number} chipW
 */
function drawReserves(s, x, y, w, h, cols, chipW) {
  const { ctx, v } = s;
  plate(ctx, x, y, w, h, 5, { fill: "#ddd3bd", stroke: "#6b5d45", width: 1.5 });
  const ids = s.soviets("reserves");
  const raid = s.soviets("raid");
  const arms = s.weaponsAt("reserves");
  const title = `Reserves (${ids.length})`;
  text(ctx, title, x + 8, y + 16, { size: 13, weight: 700 });
  setFont(ctx, 13, 700);
  const room = w - 16 - measure(ctx, title) - 16;
  const casualties = `casualties: ${v.casualties.length}`;
  const long = raid.length
    ? `on a raid: ${raid.map((r) => s.name(r)).join(", ")} · ${casualties}` : casualties;
  const short = raid.length ? `on a raid: ${raid.length} · ${casualties}` : casualties;
  const note = sizeToFit(ctx, long, room, 12) ? long : short;
  text(ctx, note, x + w - 8, y + 16, { size: 12, color: MUTED, align: "right", max: room });
  s.region(place.box("reserves"), x, y, w, h, 1, {
    title: "Reserves box",
    lines: [
      ids.length ? `Counters: ${ids.map((i) => s.name(i)).join(", ")}` : "No counters",
      ...(arms.length ? [`Weapons: ${arms.map((i) => s.name(i)).join(", ")}`] : []),
      ...(raid.length ? [`On a Storm Group raid: ${raid.map((r) => s.name(r)).join(", ")}`]
        : []),
      `Casualties so far: ${v.casualties.length}`,
      s.term("term/reserves"),
    ].filter(Boolean),
  });
  const top = y + 22;
  [...ids, ...arms].forEach((id, i) => {
    const cx = x + 6 + (i % cols) * (chipW + 4);
    const cy = top + Math.floor(i / cols) * (CHIP_H + 3);
    if (i < ids.length) drawCounter(s, id, cx, cy, chipW, CHIP_H);
    else drawWeapon(s, id, cx, cy + 2, chipW, CHIP_H - 4);
  });
}
