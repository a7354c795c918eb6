// @ts-check
/**
 * The board's look: fonts, the colours of the areas and tokens, the ink of text, the colours
 * of glows, marks and focus, and the short names of the Wehrmacht counters. Every module that
 * draws takes its colours from here, so the board reads as one piece.
 */

export const FONT_FAMILY =
  '"Segoe UI", "Helvetica Neue", Arial, "Liberation Sans", "DejaVu Sans", sans-serif';

/** Colour of each area; every use also carries the letter (colour is never the only cue). */
export const COLOURS = {
  green: { fill: "#d5ebc8", mid: "#8fc47a", strong: "#2e7d32", ink: "#1b4d1e", letter: "G" },
  red: { fill: "#f5d2cc", mid: "#e28b7f", strong: "#c0392b", ink: "#7a1a12", letter: "R" },
  purple: { fill: "#e3d7f0", mid: "#b195d1", strong: "#6a3d9a", ink: "#3f1f63", letter: "P" },
};

/** Token colours from the rulebook's token list (Setup 9), each with a short letter code. */
export const TOKENS = {
  action: { fill: "#7b1c1c", ink: "#ffffff", abbr: "Act" },
  command: { fill: "#d32f2f", ink: "#ffffff", abbr: "Cmd" },
  disrupted: { fill: "#f08a24", ink: "#222222", abbr: "D" },
  suppression: { fill: "#9e9e9e", ink: "#111111", abbr: "S" },
  sapper: { fill: "#8d5a3b", ink: "#ffffff", abbr: "Sp" },
  ammunition: { fill: "#222222", ink: "#ffffff", abbr: "Am" },
  first_aid: { fill: "#ffffff", ink: "#c62828", abbr: "+" },
  wire: { fill: "#d8b98c", ink: "#222222", abbr: "W" },
  artillery: { fill: "#6a3d9a", ink: "#ffffff", abbr: "Ar" },
  food: { fill: "#2f6fd6", ink: "#ffffff", abbr: "F" },
  aa: { fill: "#2e7d32", ink: "#ffffff", abbr: "AA" },
};

export const INK = "#1f1f1f";
/** Secondary text (notes, "empty", a circle's number): 4.5:1 or better on every light ground
 * of the board (the house's plates, a track's circles over its texture). */
export const MUTED = "#4a4a4a";

/*
 * Rings (WCAG 1.4.11: 3:1 against what they ring). One colour cannot stand at 3:1 against
 * both a light room and the dark strip of cards, so every ring has two bands: a dark one on
 * the inside and a light one outside. A ground as light as a luminance of 0.13 or more meets
 * the dark band at 3:1, a ground of 0.14 or less the light one: every ground meets one.
 */

/** The places the options are drawn on glow: a dark amber edge, then the orange glow. */
export const HILITE = { edge: "#2a1a00", glow: "#ffb020", halo: "rgba(255,160,0,0.35)" };
/** The keyboard focus: a navy band then a white one, over the glow it replaces (its
 * "Enter: ..." label says what it is; colour is never the only cue). */
export const FOCUS = { edge: "#0b2f6b", glow: "#ffffff" };
/** The places a question asks about glow in this colour (not the orange of the options). */
export const QUESTION = { edge: "#06222b", glow: "#5ad2e6", halo: "rgba(0,145,168,0.35)" };
/** The marks of `Board.mark`: ring colour (dark, so that its white outer band and it meet
 * every ground), halo and the sign drawn on the ring (colour is never the only cue: a
 * tick, a cross; a focus ring has no sign and no other meaning). */
export const MARKS = {
  focus: { colour: "#0b3d91", halo: "rgba(47,111,214,0.28)", sign: "" },
  right: { colour: "#1b4d1e", halo: "rgba(46,125,50,0.30)", sign: "✓" },
  wrong: { colour: "#7f1d1d", halo: "rgba(198,40,40,0.30)", sign: "✗" },
};
/** The light outer band of a mark's ring. */
export const MARK_RIM = "#ffffff";

/** The textures that tell the areas apart without colour (WCAG 1.4.11: their marks at 3:1
 * against the area's fill): green diagonal lines, red dots, purple cross-hatching, in each
 * area's strong colour; dark orange hatching for Disrupted (its numbers on a patch of plain
 * fill); the faint grey hatching of Exhausted is a second cue beside the counter's grey and
 * its "Exh" tag. */
export const TEXTURES = {
  green: "#2e7d32", red: "#b03224", purple: "#6a3d9a", disrupted: "#c25e00",
};

/** Short names of the Wehrmacht counter types, to fit a circle on the track. */
export const WSHORT = {
  "machine-gunners": "MG",
  riflemen: "Rifles",
  scouts: "Scout",
  "panzer-ii": "Pz II",
  "panzer-iii": "Pz III",
  "panzer-iv": "Pz IV",
  "stug-iiib": "StuG",
};

/** The look of an area's colour ("green", "red", "purple"). @param {string} colour */
export function colourOf(colour) {
  return COLOURS[/** @type {keyof typeof COLOURS} */ (colour)];
}
