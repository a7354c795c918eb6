// @ts-check
/**
 * A small hook for tests and benchmarks, on the board's element as `__pavlovBoard`: the
 * regions in page coordinates with the options on them, where to click for an option, the
 * marks, the focus and the question, the panels drawn, timings, and the texts the last drawing had to
 * cut short (a layout bug; tests keep it empty).
 *
 * @typedef {import("./state.js").Board} Board
 */

import { readTraits } from "./protocol.js";
import { panelNames } from "./geometry.js";
import { hintOf, marksOf, pendingOptions, question, regionById } from "./state.js";
import { focusPlaces, pageBox, screenRect, scrollToRect } from "./screen.js";
import { clickPhases, draw, repainted } from "./paint.js";
import { hit } from "./pointer.js";
import { drawnRings, overlayCanvas } from "./overlay.js";
import { retained } from "./retain.js";

/** @param {Board} b */
export function makeHook(b) {
  const { drawn } = b;
  /** The ids of the options drawn on a region. @param {string} id */
  const optionIds = (id) => {
    const opts = pendingOptions(b);
    return (drawn.optionsByRegion.get(id) ?? []).map((i) => opts[i]?.id ?? "");
  };
  const hook = {
    regions() {
      const origin = b.ui.overlay.getBoundingClientRect();
      return drawn.regions.map((r) => ({
        id: r.id,
        ...pageBox(b, r, origin),
        depth: r.depth,
        tip: r.tip ?? null,
        options: optionIds(r.id),
      }));
    },
    options: () => pendingOptions(b).map((o, i) => ({
      ...o, drawn: drawn.drawnOptions.has(i), hint: hintOf(b, o),
    })),
    /**
     * Where to click (page coordinates) to reach an option, and whether a menu opens there;
     * null when the option is a button.
     * @param {string} optionId
     */
    pointFor(optionId) {
      const origin = b.ui.overlay.getBoundingClientRect();
      const owners = drawn.regions.filter((r) => optionIds(r.id).includes(optionId));
      for (const r of owners) {
        for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
          for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
            const x = r.x + r.w * fx;
            const y = r.y + r.h * fy;
            const found = hit(b, x, y, true);
            if (!found) continue;
            const here = optionIds(found.id);
            if (!here.includes(optionId)) continue;
            return {
              x: origin.left + x * drawn.scale, y: origin.top + y * drawn.scale,
              region: found.id, menu: here.length > 1,
            };
          }
        }
      }
      return null;
    },
    /**
     * Scroll the option's place into view (below the bar), then give the point to click, as
     * pointFor does.
     * @param {string} optionId
     */
    reveal(optionId) {
      const first = hook.pointFor(optionId);
      if (!first) return null;
      const r = regionById(b, first.region);
      if (r) scrollToRect(b, r);
      return hook.pointFor(optionId);
    },
    /**
     * Scroll any region into view (below the bar); its centre in page coordinates, or null.
     * @param {string} id
     */
    revealRegion(id) {
      const r = regionById(b, id);
      if (!r) return null;
      scrollToRect(b, r);
      const s = screenRect(b, r);
      return { x: (s.left + s.right) / 2, y: (s.top + s.bottom) / 2 };
    },
    /** The marks drawn now, in page coordinates (a marked place that is not drawn is left
     * out). */
    marks() {
      const origin = b.ui.overlay.getBoundingClientRect();
      /** @type {Array<{region: string, style: string, x: number, y: number, w: number,
       *   h: number, cx: number, cy: number}>} */
      const out = [];
      for (const m of marksOf(b)) {
        const r = regionById(b, m.region);
        if (!r) continue;
        out.push({ region: m.region, style: m.style, ...pageBox(b, r, origin) });
      }
      return out;
    },
    /** The places the board keeps in view (the focus, see `screen.js`'s `focusPlaces`), in
     * page coordinates. */
    focus() {
      const origin = b.ui.overlay.getBoundingClientRect();
      return focusPlaces(b).map((r) => ({ region: r.id, ...pageBox(b, r, origin) }));
    },
    /** The last drawing's recorded calls (`record.js`'s Recorder: ops, boxes) of the scene
     * and the overlay, and their scale in device px; for the contrast test, in the page. */
    recorded: () => ({
      scene: retained(b.ui.scene, /** @type {CanvasRenderingContext2D} */ (
        b.ui.scene.getContext("2d", { alpha: false }))).rec,
      overlay: overlayCanvas(b).rec,
      k: (b.win.devicePixelRatio || 1) * drawn.scale,
    }),
    /** The rings the overlay drew last (`overlay.js`'s `drawnRings`), in logical px. */
    rings: () => drawnRings(b),
    /** The question asked now ({prompt, regions}) or null. */
    question: () => question(b),
    /** The panels drawn. */
    panels: () => panelNames(readTraits(b.src)),
    /** Send any message, as a broken or malicious page could (for tests). @param {any} msg */
    send: (msg) => b.src.send(msg),
    /**
     * Time n redraws. With `fresh`, the DOM parts are rebuilt and the canvases repainted whole
     * each time (the honest cost of a full redraw); without, unchanged parts are skipped.
     * @param {number} n @param {boolean} [fresh]
     */
    timeDraws(n, fresh = true) {
      const out = [];
      for (let i = 0; i < n; i++) {
        if (fresh) {
          b.shown.buttons = "";
          b.shown.log = "";
        }
        const t0 = performance.now();
        draw(b, fresh);
        out.push(performance.now() - t0);
      }
      return out;
    },
    stats: () => ({
      latencies: [...b.stats.latencies], draws: [...b.stats.draws], parts: { ...b.stats.parts },
    }),
    /** Each click's way to the screen, in phases (see `paint.js`'s `ClickPhases`). */
    phases: () => clickPhases(b),
    /** The share of each canvas the last drawing repainted ({scene, overlay}, 0 to 1). */
    repainted: () => repainted(b),
    /** Texts the last drawing had to cut short (a layout bug; tests keep it empty). */
    clipped: () => [...drawn.clipped],
    draw: () => draw(b),
    mode: () => drawn.mode,
    scale: () => drawn.scale,
    rev: () => b.src.get("rev"),
    busy: () => b.sending.busy,
  };
  return hook;
}
