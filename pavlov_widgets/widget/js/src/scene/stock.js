// @ts-check
/**
 * The stock tray: while the options can buy reinforcements (or, editing, place a counter),
 * the counters and weapons of the stock they can take, laid over the panels beside the house.
 * Each is drawn as a counter is, under its stock place id.
 *
 * @typedef {import("./core.js").Scene} Scene
 */

import { parsePlace, place } from "../places.js";
import { text } from "../text.js";
import { plate } from "./core.js";
import { STOCK_CHIP_W, stockOffered, stockTrayGeometry } from "../sizes.js";
import { drawCounter, drawWeapon } from "./counters.js";

/** Whether an option is drawn on a counter or weapon of the stock. @param {Scene} s */
export function hasStockTargets(s) {
  for (const t of s.targets) {
    const kind = parsePlace(t)?.kind;
    if (kind === "stock-soviet" || kind === "stock-weapon") return true;
  }
  return false;
}

/** A tray over the board (f.tray) listing the counters the points can buy. @param {Scene} s */
export function drawStockTray(s) {
  const { ctx, f, v } = s;
  const area = f.tray;
  plate(ctx, area.x, area.y, area.w, area.h, 8, {
    fill: "#faf7f0", stroke: "#6b5d45", width: 2,
  });
  const title = s.d.edit_mode && Object.keys(s.d.edit_mode).length
    ? "The stock: click a counter or weapon to place it"
    : "The stock: counters you can buy (cost in the lower right)";
  text(ctx, title, area.x + 12, area.y + 22, {
    size: 15, weight: 700, max: area.w - 24,
  });
  const offered = stockOffered(v, s.targets);
  const { cols, weaponsY } = stockTrayGeometry(offered, area.w);
  const cw = STOCK_CHIP_W;
  const ch = 36;
  offered.counters.forEach((id, i) => {
    const cx = area.x + 12 + (i % cols) * (cw + 6);
    const cy = area.y + 36 + Math.floor(i / cols) * (ch + 6);
    drawCounter(s, id, cx, cy, cw, ch);
    s.relabel(place.counter(id), place.stockCounter(id));
  });
  const wy = area.y + weaponsY;
  if (offered.weapons.length) text(ctx, "Weapons", area.x + 12, wy + 12, { size: 13, weight: 700 });
  offered.weapons.forEach((id, j) => {
    const cx = area.x + 12 + (j % cols) * (cw + 6);
    const cy = wy + 20 + Math.floor(j / cols) * 38;
    drawWeapon(s, id, cx, cy, cw, 32);
    s.relabel(place.weapon(id), place.stockWeapon(id));
  });
}
