// @ts-check
/**
 * The sticky bar and the lines around the board, written from the traits on every drawing
 * (only what changed): the prompt with its rule, exact odds and the notice of a choice the
 * rules made unasked (a single legal location taken for the player), the edit-mode badge and
 * whose view it is (7.3, 7.4), the hot seat's cover, the position's JSON (editing), the "why
 * not?" line, the Hint and its sentence, the buttons of the options that have no place on
 * the board (the editor's palette among them), the tools (Undo, Redo, Roll, auto-roll, where
 * the game is saved), the error line (a refusal, the editor's problems: by the bar, where
 * the learner looks) and the help line. While a question is asked, the bar is the
 * question's: its prompt, no rule or odds, and the game's buttons and tools rest. Once it is
 * answered (choice op `feedback`, its `tone` "right" or "wrong"), the bar is the feedback's: its
 * words in the colour of a right or wrong answer, the rule, its own buttons (Try again), and
 * no game tools (a roll offered there would read like a new task).
 *
 * @typedef {import("./state.js").Board} Board
 * @typedef {import("./protocol.js").BoardData} BoardData
 * @typedef {import("./protocol.js").Choice} Choice
 * @typedef {import("./protocol.js").EditMode} EditMode
 * @typedef {import("./protocol.js").Opt} Opt
 */

import { paletteRole } from "./protocol.js";
import { capital } from "./text.js";
import { nameBoard, setClass, setData, setProp, setText, showPalette } from "./dom.js";
import {
  editing, hintOf, pendingOptions, positionOf, question, surfaceHasFocus, touch,
} from "./state.js";
import { choose, settled } from "./intents.js";
import { hideMenu } from "./menus.js";
import { forgetAnswers, showWhy } from "./why.js";

const HELP_POINTER =
  "Click a glowing place, card or button to choose; point at any other place to read why " +
  "it is not a choice now. Keyboard: Tab into the board, arrow keys move between the " +
  "options, Enter chooses, Z undoes, Y redoes. Hover over anything for details.";
const HELP_TOUCH =
  "Tap a glowing place, card or button to choose; tap any other place to read why it is " +
  "not a choice now.";
const HELP_ASK_POINTER =
  "A question: click one of the places that glow to answer. Keyboard: Tab into the " +
  "board, arrow keys move between the places, Enter answers.";
const HELP_ASK_TOUCH = "A question: tap one of the places that glow to answer.";
const HELP_FEEDBACK =
  "Your answer's feedback: the right answer is ringed in green, a wrong pick in red.";
const HELP_EDIT =
  "Editing a position: choose a tool in the bar, then click a place that glows (a place " +
  "with several possibilities opens a menu). Undo and Redo take back edits; Play from " +
  "here plays the position; Done goes back to the game unchanged.";

/** The choice when the trait is empty. @type {Choice} */
const NO_CHOICE = { kind: "over", op: "", prompt: "", rule: "", options: [], dice: 0, odds: [] };

/** Write the bar and the lines around the board for the traits `d`. @param {Board} b
 * @param {BoardData} d */
export function updateBar(b, d) {
  const { ui, src } = b;
  const p = d.choice ?? NO_CHOICE;
  const qn = question(b);
  const asking = !!qn;
  const opts = pendingOptions(b);
  const prompt = qn ? String(qn.prompt) : p.prompt;
  // The feedback on an answered question, and its tone (right, wrong or neither).
  const feedback = !qn && p.op === "feedback";
  setData(ui.el, "tone", feedback ? p.tone || "" : "");
  setClass(ui.el, "pb-feedback", feedback);
  setData(ui.el, "rev", String(d.rev));
  setData(ui.el, "kind", p.kind);
  setData(ui.el, "prompt", prompt);
  setData(ui.el, "options", String(opts.length));
  setData(ui.el, "asking", asking ? "1" : "0");
  setData(ui.el, "mode", b.drawn.mode);
  setData(ui.el, "over", d.view.outcome ? "1" : "0");
  setData(ui.el, "touch", touch(b) ? "1" : "0");
  setClass(ui.el, "pb-touch", touch(b));
  setClass(ui.el, "pb-asking", asking);
  const edit = editing(b);
  updateBadges(b, d, edit);
  updateJson(b, edit);
  updateHint(b, d, p, asking, !!edit);
  const help = edit ? HELP_EDIT : feedback ? HELP_FEEDBACK : asking ? (touch(b) ? HELP_ASK_TOUCH : HELP_ASK_POINTER)
    : touch(b) ? HELP_TOUCH : HELP_POINTER;
  setText(ui.helpEl, help);
  setText(ui.promptEl, prompt);
  nameBoard(ui); // boards come and go as cells run: numbered again at each drawing
  setText(ui.ruleEl, asking ? `${touch(b) ? "Tap" : "Click"} a place that glows to answer`
    : p.rule ? `Rule ${p.rule}` : "");
  const odds = asking ? [] : (p.odds ?? []).map((o) => `${o.result} ${o.percent}% (${o.fraction})`);
  setText(ui.oddsEl, odds.length ? `Exact odds: ${odds.join(" · ")}` : "");
  // A choice the rules made unasked (one possible location): said by the prompt, not hidden.
  const notice = asking ? "" : p.notice ?? "";
  setText(ui.noticeEl, notice);
  setProp(ui.noticeEl, "hidden", !notice);
  const position = `${positionOf(d)}|${qn ? JSON.stringify(qn) : ""}`;
  if (position !== b.shown.position) {
    b.shown.position = position;
    ui.tip.hidden = true; // its details and "Click:" line belong to the old position
    b.tipAt = null;
    // The focus goes back to the first option; `announce.js` says it before Enter may choose it.
    b.focus.index = surfaceHasFocus(b) && opts.length ? 0 : -1;
    settled(b);
    hideMenu(b);
    forgetAnswers(b);
  }
  showWhy(b);
  updateButtons(b, opts, edit);
  setProp(ui.undoBtn, "disabled", !src.interactive || asking || !d.view.canUndo);
  setProp(ui.redoBtn, "disabled", !src.interactive || asking || !d.view.canRedo);
  // One way to roll: this button (and Enter on the board) sends the step intent.
  const rolling = p.kind === "chance" && !asking;
  setProp(ui.stepBtn, "disabled", !src.interactive || !rolling);
  setText(ui.stepBtn, rolling ? `Roll ${p.dice} ${p.dice === 1 ? "die" : "dice"}` : "Roll dice");
  setClass(ui.stepBtn, "pb-due", rolling);
  setProp(ui.autoBox, "checked", !!d.auto_roll);
  setProp(ui.autoBox, "disabled", !src.interactive || asking || !!edit);
  updateSaved(b, d);
  setText(ui.errorEl, d.error || "");
  setProp(ui.errorEl, "hidden", !d.error);
}

/**
 * The edit-mode badge, whose view this is (7.3, 7.4), and the hot seat's cover between two
 * players.
 * @param {Board} b @param {BoardData} d @param {EditMode | null} edit
 */
function updateBadges(b, d, edit) {
  const { ui, src } = b;
  setData(ui.el, "editing", edit ? "1" : "0");
  setClass(ui.el, "pb-editing", !!edit);
  setText(ui.modeEl, edit ? `Edit mode · ${edit.tool ? `tool: ${edit.tool} · ` : ""}` +
    `resumes at ${edit.resume ?? ""}` : "");
  setProp(ui.modeEl, "hidden", !edit);
  const seat = d.seat ?? {};
  const cover = d.cover ?? {};
  const covered = !!cover.text;
  setData(ui.el, "covered", covered ? "1" : "0");
  setData(ui.el, "seat", seat.role ?? "");
  const seatText = covered ? "Hot seat: pass the screen"
    : seat.name ? `${seat.hot ? "Hot seat · " : ""}${capital(seat.name)}'s view` : "";
  setText(ui.seatEl, seatText);
  setProp(ui.seatEl, "hidden", !seatText);
  setProp(ui.coverEl, "hidden", !covered);
  setText(ui.coverTitle, covered ? `Pass to ${cover.name}` : "");
  setText(ui.coverNote, covered ? "Both hands are hidden. Only " + `${cover.name} should look ` +
    `at the screen once it is uncovered (${cover.rule}).` : "");
  setText(ui.coverGo, covered ? `I am ${cover.name}: show my view` : "");
  setProp(ui.coverGo, "disabled", !src.interactive);
}

/** The position's JSON (after Copy JSON, editing): selected, ready to copy (and copied where
 * the page may write the clipboard). @param {Board} b @param {EditMode | null} edit */
function updateJson(b, edit) {
  const { jsonEl } = b.ui;
  const json = edit?.json ?? "";
  if (jsonEl.value !== json) {
    jsonEl.value = json;
    jsonEl.rows = Math.min(12, json.split("\n").length);
    if (json) {
      b.win.requestAnimationFrame(() => {
        jsonEl.focus({ preventScroll: true });
        jsonEl.select();
      });
      b.win.navigator.clipboard?.writeText(json).catch(() => {});
    }
  }
  setProp(jsonEl, "hidden", !json);
}

/** The Hint button and the hint's sentence (the `hinting` trait).
 * @param {Board} b @param {BoardData} d @param {Choice} p @param {boolean} asking
 * @param {boolean} edit */
function updateHint(b, d, p, asking, edit) {
  const { ui, sending } = b;
  const h = d.hinting ?? {};
  const here = positionOf(d);
  if (sending.hintAsked && (sending.hintAsked !== here || h.text ||
    (!h.thinking && !sending.busy))) {
    sending.hintAsked = "";
  }
  const thinking = !!h.thinking || !!sending.hintAsked;
  setProp(ui.hintBtn, "hidden", !h.on || edit || !b.src.interactive);
  setProp(ui.hintBtn, "disabled", thinking || asking || p.kind !== "decision");
  setText(ui.hintBtn, thinking ? "Thinking…" : "Hint");
  const current = h.text && h.rev === d.rev && h.game === d.game_serial && !edit;
  const shown = thinking && !edit ? "Thinking… (playing the options out)" :
    current ? `Hint: ${h.text}` : "";
  setText(ui.hintEl, shown);
  setProp(ui.hintEl, "hidden", !shown);
}

/**
 * A button for every option not drawn on the board (an asked place whose panel is left out
 * becomes a button too); rebuilt only when they changed. The editor's palette: tools look
 * like tools, the one in use is pressed.
 * @param {Board} b @param {Opt[]} opts @param {EditMode | null} edit
 */
function updateButtons(b, opts, edit) {
  const { ui, src, drawn, doc } = b;
  /** @type {Array<[Opt, number]>} */
  const bare = [];
  opts.forEach((o, i) => {
    if (!drawn.drawnOptions.has(i)) bare.push([o, i]);
  });
  const buttonsKey = JSON.stringify(bare.map(([o, i]) => [i, o.id, o.label, o.term ?? ""])) +
    (edit ? `|${edit.toolId ?? ""}` : "");
  if (buttonsKey === b.shown.buttons) return;
  b.shown.buttons = buttonsKey;
  // A tool chosen from the folded palette (a phone): the palette folds, the places show.
  showPalette(ui, false);
  drawn.buttonMap = new Map();
  ui.buttons.replaceChildren(...bare.map(([opt, i]) => {
    const button = doc.createElement("button");
    button.type = "button";
    button.className = "pb-option";
    button.textContent = opt.label;
    button.dataset.option = opt.id;
    const hint = hintOf(b, opt);
    if (hint) button.title = hint;
    button.disabled = !src.interactive;
    button.addEventListener("click", () => choose(b, opt.id));
    drawn.buttonMap.set(i, button);
    const role = edit ? paletteRole(opt.id) : "";
    if (role) {
      button.classList.add("pb-palette", role === "act" ? "pb-act" : "pb-tool");
      const on = opt.id === edit?.toolId;
      button.classList.toggle("pb-active", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
    return button;
  }));
}

/** Where the game is saved (the `saved` trait): the file's name, and whether the game has
 * moved on since. @param {Board} b @param {BoardData} d */
function updateSaved(b, d) {
  const { savedEl } = b.ui;
  const saved = d.saved ?? {};
  if (!saved.path) {
    setProp(savedEl, "hidden", true);
    return;
  }
  const name = saved.name ?? saved.path;
  const current = saved.auto || saved.rev === d.rev;
  setText(savedEl, current ? `Saved in ${name}` : `${name}: changed since saved`);
  const title = saved.auto
    ? `This game is saved in ${saved.path} after every change`
    : `Last saved in ${saved.path}${current ? "" : "; board.save() saves it again"}`;
  if (savedEl.title !== title) savedEl.title = title;
  setProp(savedEl, "hidden", false);
}
