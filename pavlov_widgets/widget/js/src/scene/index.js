// @ts-check
/**
 * Draw the whole scene (the header, the panels, the cards strip, the stock tray, the result)
 * and collect its regions: the one entry point to the parts of the board.
 *
 * @typedef {import("../protocol.js").BoardData} BoardData
 * @typedef {import("../geometry.js").Frame} Frame
 * @typedef {import("./core.js").Region} Region
 */

import { resetFont } from "../text.js";
import { Scene } from "./core.js";
import { drawBanner, drawHeader } from "./header.js";
import { drawHouse } from "./house.js";
import { drawSquarePanel } from "./square.js";
import { drawVolga } from "./volga.js";
import { drawCardStrip } from "./cards.js";
import { drawStockTray, hasStockTargets } from "./stock.js";

/**
 * Draw the board `d` arranged as `f` on `ctx`; returns the regions drawn, in drawing order.
 * @param {CanvasRenderingContext2D} ctx @param {BoardData} d @param {Frame} f
 * @returns {Region[]}
 */
export function drawScene(ctx, d, f) {
  const s = new Scene(ctx, d, f);
  resetFont(ctx); // resizing the canvas resets its state, the font included
  ctx.fillStyle = "#2d2a26";
  ctx.fillRect(0, 0, f.W, f.H);
  drawHeader(s);
  if (f.house) drawHouse(s, f.house);
  if (f.square) drawSquarePanel(s, f.square);
  if (f.volga) drawVolga(s, f.volga);
  drawCardStrip(s);
  if (hasStockTargets(s)) drawStockTray(s);
  if (s.v.outcome) drawBanner(s);
  return s.regions;
}
