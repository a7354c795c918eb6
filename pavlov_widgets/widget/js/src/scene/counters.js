// @ts-check
/**
 * The Soviet counters and weapon counters, wherever they are drawn (a combat position, the
 * Reserves box, the stock tray): their printed values and their state at a glance.
 *
 * @typedef {import("./core.js").Scene} Scene
 * @typedef {import("../protocol.js").CounterState} CounterState
 */

import { place } from "../places.js";
import { INK, TOKENS } from "../theme.js";
import { fitName, measure, setFont, sizeToFit, text } from "../text.js";
import { roundRect, token } from "../draw.js";
import { plate } from "./core.js";
import { COUNTER_H, TALL_COUNTER_H } from "../sizes.js";

/** The state of a counter that is not on the board (the stock tray draws it). */
const IN_STOCK = Object.freeze({ where: "stock", exhausted: false, disrupted: false, marker: "" });

/** The room a counter's name has on its top line, `w` wide. @param {number} w
 * @param {boolean} disrupted */
function nameRoomOf(w, disrupted) {
  return w - 10 - (disrupted ? 16 : 0);
}

/**
 * How tall a counter `w` wide is drawn in a room: one line of name, or two where its name is
 * too long for one (a narrow room on a phone).
 * @param {Scene} s @param {string} id @param {number} w
 */
export function counterHeight(s, id, w) {
  const laid = fitName(s.ctx, s.plan.soviet[id].name, nameRoomOf(w, !!s.v.soviet[id]?.disrupted),
    13, 700);
  return laid && laid.lines.length > 1 ? TALL_COUNTER_H : COUNTER_H;
}

/**
 * Draw a name laid out by `fitName` from its first baseline `y`, or cut it to `maxW` (noted)
 * when it fits in no two lines.
 * @param {CanvasRenderingContext2D} ctx @param {string} name @param {number} x @param {number} y
 * @param {number} maxW @param {string} ink @param {{lines: string[], size: number} | null} laid
 */
function drawName(ctx, name, x, y, maxW, ink, laid) {
  if (!laid) {
    text(ctx, name, x, y, { size: 13, weight: 700, color: ink, max: maxW });
    return;
  }
  laid.lines.forEach((line, i) => {
    text(ctx, line, x, y + i * (laid.size + 1), { size: laid.size, weight: 700, color: ink });
  });
}

/**
 * A Soviet counter: name; attack-suppress; special letters; cost; its state at a glance
 * (Exhausted: grey hatched with "Exh"; Disrupted: an orange "D" token; Action or Command
 * token: a dark red "Act" or red "Cmd" tag).
 * @param {Scene} s @param {string} id
 * @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {boolean} [compact] one line: name and values only
 */
export function drawCounter(s, id, x, y, w, h, compact = false) {
  const { ctx, plan, v } = s;
  /** @type {CounterState} */
  const state = v.soviet[id] ?? IN_STOCK;
  const { exhausted, disrupted } = state;
  const marker = /** @type {"action" | "command" | ""} */ (state.marker);
  plate(ctx, x, y, w, h, 4, {
    fill: exhausted ? "#bdb7a6" : "#e9ddbd", stroke: "#4e4330", width: 1.2,
    hatch: exhausted ? "exhausted" : "",
  });
  const { name, attack, suppress, specials, cost, reserves: startsInReserves } = plan.soviet[id];
  const ink = exhausted ? "#454545" : INK;
  const mid = y + h / 2 + 1;
  // Tags on the right: Exh (exhausted), Act / Cmd (marker); the D token sits on the corner.
  let tagX = x + w - 4;
  // A tag is never taller than its counter: in a crowded room a 14 px tag on a squeezed
  // counter spilled onto the counter above, whose tip then said "Ready" under an "Exh".
  const tagH = Math.min(14, h - 2);
  /** @param {string} label @param {string} fill @param {string} colour @param {number} ty */
  const tag = (label, fill, colour, ty) => {
    setFont(ctx, 11, 700);
    const tw = measure(ctx, label) + 8;
    tagX -= tw;
    roundRect(ctx, tagX, ty, tw, tagH, 3);
    ctx.fillStyle = fill;
    ctx.fill();
    text(ctx, label, tagX + tw / 2, ty + tagH / 2 + 0.5, {
      size: 11, weight: 700, color: colour, align: "center", base: "middle",
    });
    tagX -= 3;
  };
  const twoLines = compact ? fitName(ctx, name, tagX - (disrupted ? 12 : 0) - x - 5, 13, 700)
    : null;
  if (twoLines && twoLines.lines.length > 1 && h >= 2 * twoLines.size + 6) {
    // a squeezed counter in a narrow room: its name in two lines, the rest in its tip
    drawName(ctx, name, x + 5, mid - 2, 0, ink, twoLines);
  } else if (compact) {
    if (disrupted) tagX -= 12;
    // One line: the name always reads in full; the values and state tags come first when
    // there is room (the tip has them all, and an Exhausted counter is grey anyway).
    const values = `${attack}-${suppress}`;
    setFont(ctx, 11, 700);
    const nameMin = measure(ctx, name) + 6;
    setFont(ctx, 13, 700);
    const valuesW = measure(ctx, values) + 4;
    setFont(ctx, 11, 700);
    const exhW = exhausted ? measure(ctx, "Exh") + 11 : 0;
    const markW = marker ? measure(ctx, TOKENS[marker].abbr) + 11 : 0;
    const room = tagX - x;
    const showValues = nameMin + valuesW <= room;
    const showMark = showValues && nameMin + valuesW + markW <= room;
    // too thin a counter for a readable tag: the grey hatching alone says Exhausted
    const showExh = showMark && nameMin + valuesW + markW + exhW <= room && h >= 12;
    if (showValues) {
      text(ctx, values, tagX, mid, {
        size: 13, weight: 700, align: "right", base: "middle", color: ink,
      });
      tagX -= valuesW;
    }
    if (showExh) tag("Exh", "#37474f", "#ffffff", mid - tagH / 2);
    if (showMark && marker) {
      tag(TOKENS[marker].abbr, TOKENS[marker].fill, TOKENS[marker].ink, mid - tagH / 2);
    }
    setFont(ctx, 13, 700);
    const nameW = measure(ctx, name);
    setFont(ctx, 11, 700);
    const specW = specials ? measure(ctx, specials) + 6 : 0;
    if (specials && nameW + specW + 12 <= tagX - x) {
      roundRect(ctx, tagX - specW, mid - 7, specW, 14, 3);
      ctx.fillStyle = "#3e3a32";
      ctx.fill();
      text(ctx, specials, tagX - specW / 2, mid + 0.5, {
        size: 11, weight: 700, color: "#ffe9a8", align: "center", base: "middle",
      });
      tagX -= specW + 3;
    }
    text(ctx, name, x + 5, mid, {
      size: 13, weight: 700, color: ink, base: "middle", max: Math.max(20, tagX - x - 5),
    });
  } else {
    // Bottom row: attack-suppress, special letters, cost (lower right, as printed).
    const by = y + h - 6;
    text(ctx, `${attack}-${suppress}`, x + 5, by, { size: 14, weight: 700, color: ink });
    let bx = x + 34;
    setFont(ctx, 12, 700);
    const sw = specials ? measure(ctx, specials) + 8 : 0;
    // The cost matters only when buying (the tip says it): a narrow counter leaves it off
    // rather than draw its special letters over it.
    const showCost = bx + sw + 4 <= x + w - 22;
    const rowEnd = showCost ? x + w - 22 : x + w - 4;
    if (specials) {
      roundRect(ctx, bx, y + h - 18, sw, 15, 3);
      ctx.fillStyle = "#3e3a32";
      ctx.fill();
      text(ctx, specials, bx + sw / 2, y + h - 10, {
        size: 12, weight: 700, color: "#ffe9a8", align: "center", base: "middle",
      });
      bx += sw + 4;
    }
    if (showCost) {
      // Deployment cost at the lower right; a white square marks the four that start in
      // Reserves (Setup 6).
      ctx.fillStyle = startsInReserves ? "#ffffff" : "#d8cba6";
      ctx.fillRect(x + w - 19, y + h - 18, 15, 15);
      ctx.strokeStyle = "#4e4330";
      ctx.lineWidth = 1;
      ctx.strokeRect(x + w - 18.5, y + h - 17.5, 14, 14);
      text(ctx, String(cost), x + w - 11.5, y + h - 10, {
        size: 12, weight: 700, align: "center", base: "middle",
      });
    }
    // State tags (Act/Cmd, Exh) go on the bottom row when they fit beside the letters,
    // else at the right of the name row as far as the name still reads in full on one
    // line. The Exhausted side is also grey and hatched, so its tag is the one left out
    // when short.
    /** @type {Array<[string, string, string]>} */
    let tags = [];
    if (marker) tags.push([TOKENS[marker].abbr, TOKENS[marker].fill, TOKENS[marker].ink]);
    if (exhausted) tags.push(["Exh", "#37474f", "#ffffff"]);
    setFont(ctx, 11, 700);
    const widthOf = (/** @type {Array<[string, string, string]>} */ list) =>
      list.reduce((acc, [label]) => acc + measure(ctx, label) + 11, 0);
    const onBottom = widthOf(tags) <= rowEnd - bx;
    const nameRoom = nameRoomOf(w, disrupted);
    if (!onBottom) {
      // the name reads in full first: the tags give way (Exh first; the tip has them)
      const fits = () => {
        setFont(ctx, 11, 700);
        return sizeToFit(ctx, name, nameRoom - widthOf(tags) - 2, 13, 700) > 0;
      };
      while (tags.length && !fits()) tags = tags.slice(0, -1);
      setFont(ctx, 11, 700);
    }
    tagX = onBottom ? rowEnd : x + w - 4 - (disrupted ? 16 : 0);
    const tagY = onBottom ? y + h - 18 : y + 3;
    for (const [label, fill, colour] of tags) tag(label, fill, colour, tagY);
    const nameMax = onBottom ? nameRoom : tagX - (x + 5);
    // two lines only where the counter is tall enough for them (see counterHeight)
    const laid = fitName(ctx, name, nameMax, 13, 700);
    const fitsHere = laid && (laid.lines.length === 1 || h >= TALL_COUNTER_H);
    drawName(ctx, name, x + 5, y + 14, nameMax, ink, fitsHere ? laid : null);
  }
  if (disrupted) token(ctx, x + w - 7, y + 6, 8, "disrupted");
  const stateWords = [
    exhausted ? "Exhausted" : "Ready",
    ...(disrupted ? ["Disrupted"] : []),
    ...(marker ? [`${marker === "action" ? "Action" : "Command"} token`] : []),
    ...(v.moved?.includes(id) ? ["moved this phase"] : []),
  ];
  s.region(place.counter(id), x, y, w, h, 3, {
    title: name,
    lines: [
      `Attack ${attack} · Suppress ${suppress} · Cost ${cost}`,
      specials
        ? `Special: ${[...specials].map((l) => `${l} = ${plan.specials[l] ?? l}`).join(", ")}`
        : "No special letters",
      `State: ${stateWords.join(", ")}`,
      `Where: ${s.placeName(state.where)}`,
      ...(startsInReserves ? ["White square: starts in Reserves (Setup 6)"] : []),
      ...(exhausted ? [s.term("term/exhausted")] : []),
      ...(disrupted ? [s.term("term/disrupted")] : []),
      ...(marker === "action" ? [s.term("term/action-token")] : []),
    ].filter(Boolean),
  });
}

/**
 * A weapon counter. On a combat position the cost is left off (it matters only when
 * buying), so the name has room.
 * @param {Scene} s @param {string} id
 * @param {number} x @param {number} y @param {number} w @param {number} h
 * @param {boolean} [showCost]
 */
export function drawWeapon(s, id, x, y, w, h, showCost = true) {
  const { ctx, plan } = s;
  const { name, special, attack, suppress, cost } = plan.weapons[id];
  const crew = s.crew(id);
  roundRect(ctx, x, y, w, h, 3);
  ctx.fillStyle = crew.length ? "#d4cc9f" : "#c8c09a";
  ctx.fill();
  // A crewed weapon (two counters of its designation with it) has a heavy frame.
  ctx.strokeStyle = "#4b4633";
  ctx.lineWidth = crew.length ? 2.2 : 1.1;
  ctx.stroke();
  const mid = y + h / 2 + 0.5;
  roundRect(ctx, x + 3, y + 2, 17, h - 4, 3);
  ctx.fillStyle = "#4b4633";
  ctx.fill();
  text(ctx, special, x + 11.5, mid, {
    size: 12, weight: 700, color: "#fff3c0", align: "center", base: "middle",
  });
  const values = `${attack}-${suppress}`;
  setFont(ctx, 12, 700);
  const vw = measure(ctx, values);
  const right = showCost ? 19 : 6;
  text(ctx, values, x + w - right, mid, {
    size: 12, weight: 700, align: "right", base: "middle",
  });
  if (showCost) {
    text(ctx, String(cost), x + w - 9, mid, {
      size: 12, weight: 700, align: "center", base: "middle", color: "#4b4633",
    });
  }
  // The first word of its name, where it fits (the tip names it in full).
  const short = name.split(" ")[0];
  if (sizeToFit(ctx, short, w - 23 - right - vw - 5, 12, 700)) {
    text(ctx, short, x + 23, mid, {
      size: 12, weight: 700, base: "middle", max: w - 23 - right - vw - 5,
    });
  }
  s.region(place.weapon(id), x, y, w, h, 3, {
    title: `${name} (weapon)`,
    lines: [
      `Designation ${special} (${plan.specials[special] ?? special}) · Attack ${attack} · ` +
        `Suppress ${suppress} · Cost ${cost}`,
      crew.length
        ? `Crewed by ${crew.map((c) => s.name(c)).join(" & ")} (4.0 weapon actions)`
        : `Needs two [${special}] counters on its position to act (4.0)`,
    ],
  });
}
