// @ts-check
/**
 * 9 January Square: the arrow tracks with their circles, the Wehrmacht counters on them and
 * the Sapper locations, and the legend under them.
 *
 * @typedef {import("./core.js").Scene} Scene
 * @typedef {import("../protocol.js").CircleCounter} CircleCounter
 * @typedef {import("../protocol.js").TrackSpec} TrackSpec
 * @typedef {import("../sizes.js").Rect} Rect
 */

import { place, sapperKey } from "../places.js";
import { MUTED, TOKENS, WSHORT, colourOf } from "../theme.js";
import { text } from "../text.js";
import { pattern, roundRect, token } from "../draw.js";
import { plate } from "./core.js";
import { TRACK_ROW, squareLegend } from "../sizes.js";

/** The 9 January Square panel. @param {Scene} s @param {Rect} p */
export function drawSquarePanel(s, p) {
  const { ctx, plan, v } = s;
  s.panel(p, "9 January Square", "#e4e1d8");
  text(ctx, "◀ toward the house", p.x + p.w - 10, p.y + 19, {
    size: 12, color: MUTED, align: "right",
  });
  const top = p.y + 30;
  plan.tracks.forEach((t, i) => {
    drawTrack(s, t, p.x + 6, top + i * TRACK_ROW, p.w - 12, TRACK_ROW - 8);
  });
  const ly = top + plan.tracks.length * TRACK_ROW;
  const legend = squareLegend(ctx, p.w);
  text(ctx, `Wehrmacht counters in the stock: ${v.wstock}`, p.x + 10, ly + 14, {
    size: 13, max: p.w - 20,
  });
  legend.rule.lines.forEach((line, i) => {
    text(ctx, line, p.x + 10, ly + 36 + i * 16, { size: legend.rule.size, color: MUTED });
  });
  const gy = ly + 24 + legend.rule.lines.length * 16 + 8 + 14;
  ctx.beginPath();
  ctx.arc(p.x + 22, gy, 11, 0, Math.PI * 2);
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = TOKENS.sapper.fill;
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.setLineDash([]);
  text(ctx, "Sapper location (dashed brown ring)", p.x + 40, gy + 5, {
    size: 12, color: MUTED, max: p.w - 50,
  });
  token(ctx, p.x + 22, gy + 28, 10, "sapper");
  text(ctx, "Sapper token waiting (3.0 Sapper Defenses)", p.x + 40, gy + 33, {
    size: 12, color: MUTED, max: p.w - 50,
  });
}

/**
 * One arrow track: circle 1 (entry) on the right, the last circle next to the house.
 * @param {Scene} s @param {TrackSpec} t
 * @param {number} x @param {number} y @param {number} w @param {number} h
 */
function drawTrack(s, t, x, y, w, h) {
  const { ctx, v, plan } = s;
  const c = colourOf(t.colour);
  ctx.beginPath();
  ctx.moveTo(x + 18, y);
  ctx.lineTo(x + w, y);
  ctx.lineTo(x + w, y + h);
  ctx.lineTo(x + 18, y + h);
  ctx.lineTo(x, y + h / 2);
  ctx.closePath();
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.fillStyle = pattern(ctx, t.colour);
  ctx.fill();
  ctx.strokeStyle = c.strong;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  roundRect(ctx, x + w - 34, y + 6, 28, h - 12, 5);
  ctx.fillStyle = c.strong;
  ctx.fill();
  text(ctx, String(t.n), x + w - 20, y + h / 2 - 8, {
    size: 16, weight: 700, color: "#ffffff", align: "center", base: "middle",
  });
  text(ctx, c.letter, x + w - 20, y + h / 2 + 11, {
    size: 13, weight: 700, color: "#ffffff", align: "center", base: "middle",
  });
  const circles = t.circles;
  const span = w - 34 - 26;
  const step = Math.min(60, span / circles);
  const r = Math.min(26, h / 2 - 4, step / 2 - 2);
  /** @type {Array<CircleCounter | null>} */
  const here = v.tracks[t.n - 1] ?? [];
  for (let k = 1; k <= circles; k++) {
    const cx = x + w - 38 - step / 2 - (k - 1) * step;
    const cy = y + h / 2;
    const sapperSpot = t.sappers.includes(k);
    const sapper = v.tokens[sapperKey(t.n, k)]?.sapper ?? 0;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(255,255,255,0.85)";
    ctx.fill();
    if (sapperSpot) {
      ctx.setLineDash([4, 3]);
      ctx.strokeStyle = TOKENS.sapper.fill;
      ctx.lineWidth = 3;
    } else {
      ctx.strokeStyle = c.strong;
      ctx.lineWidth = 1.2;
    }
    ctx.stroke();
    ctx.setLineDash([]);
    const counter = here[k - 1];
    /** @type {string[]} */
    const lines = [];
    if (counter) {
      const spec = plan.wtypes[counter.type];
      const armour = spec.kind === "armor";
      const size = r * 1.72;
      plate(ctx, cx - size / 2, cy - size / 2, size, size, 4, {
        fill: armour ? "#39434c" : "#5b6670", stroke: "#1f262c", width: 1.2,
      });
      if (armour) {
        // armour carries a bar along its top edge: shape, not only shade, tells it apart
        ctx.fillStyle = "#1f262c";
        ctx.fillRect(cx - size / 2, cy - size / 2, size, 4);
      }
      const short = WSHORT[/** @type {keyof typeof WSHORT} */ (counter.type)] ?? spec.name;
      text(ctx, short, cx, cy - 6, {
        size: 12, weight: 700, color: "#ffffff", align: "center", base: "middle", max: size - 4,
      });
      // the Defense in force: the printed value with the Tactics cards (7.2)
      const value = armour ? `A${spec.attack}` : `S${spec.suppress}`;
      text(ctx, `${value} D${counter.defense}`, cx, cy + 9, {
        size: 11, weight: 600, color: "#eef2f5", align: "center", base: "middle", max: size - 2,
      });
      const bonus = counter.defense - spec.defense;
      const printed = ` (printed ${spec.defense}, ${bonus > 0 ? "+" : ""}${bonus} Tactics 7.2)`;
      lines.push(
        `${spec.name} (${armour ? "armour" : "infantry"}): ` +
          (armour ? `Attack ${spec.attack}` : `Suppress ${spec.suppress}`) +
          `, Defense ${counter.defense}${bonus ? printed : ""}`,
      );
    } else {
      text(ctx, String(k), cx, cy + 1, {
        size: 13, color: MUTED, align: "center", base: "middle",
      });
      lines.push("Empty circle");
    }
    if (sapper) token(ctx, cx + r * 0.72, cy - r * 0.72, 9, "sapper");
    if (sapperSpot) {
      lines.push(
        sapper ? "Sapper location: a Sapper token is waiting" : "Sapper location (no token)",
      );
    }
    s.region(place.trackCircle(t.n, k), cx - r, cy - r, 2 * r, 2 * r, 2, {
      title: `Track ${t.n} (${t.colour}), circle ${k} of ${circles}`, lines,
    }, true);
  }
}
