// @ts-check
/**
 * The dice tray: the newest roll, its dice (gold outline for a die that succeeded), what it
 * was for and its result, all read from the roll's named fields (`last_roll`).
 *
 * @typedef {import("./core.js").Scene} Scene
 */

import { place } from "../places.js";
import { MIN_TEXT, fitLines, measure, setFont, sizeToFit, text } from "../text.js";
import { die, roundRect } from "../draw.js";
import { plate } from "./core.js";

/** @param {Scene} s @param {number} x @param {number} y @param {number} w @param {number} h */
export function drawDiceTray(s, x, y, w, h) {
  const { ctx, d } = s;
  const roll = d.last_roll ?? {};
  plate(ctx, x, y, w, h, 6, { fill: "#1f4d2f", stroke: "#0f2a19", width: 2 });
  text(ctx, "Last roll", x + 10, y + 18, { size: 13, weight: 700, color: "#e9f5ec" });
  if (!roll.dice || !roll.dice.length) {
    text(ctx, "no dice rolled yet", x + 10, y + 44, { size: 12, color: "#b9d6c1" });
    s.region(place.dice, x, y, w, h, 2, {
      title: "Dice", lines: ["Every roll shows here until the next one"],
    });
    return;
  }
  // Success and hits are fields of the roll's log entry (the engine read them from the
  // roll's test); a roll that names something (a colour, a track, a total) has neither.
  const result = roll.result ?? "";
  const success = roll.success ?? null;
  const resText = `${success === true ? "✔ " : success === false ? "✘ " : "= "}${result}`;
  // The result beside the title when it fits there, else on a line of its own.
  const inline = sizeToFit(ctx, resText, w * 0.55 - 16, 13, 700);
  const size = inline || sizeToFit(ctx, resText, w - 36, 13, 700) || MIN_TEXT;
  setFont(ctx, size, 700);
  const rw = measure(ctx, resText) + 16;
  const ry = inline ? y + 6 : y + 26;
  roundRect(ctx, x + w - rw - 8, ry, rw, 20, 10);
  ctx.fillStyle = success === true ? "#ffe082" : success === false ? "#cfd8dc" : "#ffffff";
  ctx.fill();
  text(ctx, resText, x + w - rw / 2 - 8, ry + 10.5, {
    size, weight: 700, align: "center", base: "middle", max: w - 24,
  });
  const labelTop = inline ? y + 40 : y + 60;
  const label = fitLines(ctx, roll.label ?? "", w - 20, 12, 3);
  label.lines.forEach((t, i) => {
    text(ctx, t, x + 10, labelTop + i * 14, { size: label.size, color: "#e9f5ec" });
  });
  const dice = roll.dice;
  const top = labelTop + label.lines.length * 14 - 6;
  const avail = y + h - 6 - top;
  let side = 30;
  let perRow = Math.max(1, Math.floor((w - 16) / (side + 5)));
  while (side > 14 && Math.ceil(dice.length / perRow) * (side + 4) > avail) {
    side -= 2;
    perRow = Math.max(1, Math.floor((w - 16) / (side + 5)));
  }
  dice.forEach((value, i) => {
    const mark = roll.marks ? roll.marks[i] : null;
    const dx = x + 10 + (i % perRow) * (side + 5);
    die(ctx, dx, top + Math.floor(i / perRow) * (side + 4), side, value, mark);
  });
  const sum = dice.reduce((acc, n) => acc + n, 0);
  s.region(place.dice, x, y, w, h, 2, {
    title: roll.label ?? "Dice",
    lines: [
      `Dice: ${dice.join(", ")} (total ${sum})`,
      `Result: ${result}` +
        (success === null ? "" : success ? " (succeeded)" : " (failed)"),
      ...(roll.hits != null ? [`Hits: ${roll.hits}`] : []),
      ...(roll.marks
        ? [dice.length === 1
          ? `The die ${roll.marks[0] ? "succeeded (gold outline)" : "failed"}`
          : `${roll.marks.filter(Boolean).length} of ${dice.length} dice succeeded (gold outline)`]
        : []),
      `Rule: ${roll.rule ?? ""}`,
    ],
  });
}
