// @ts-check
/**
 * The board's DOM: its skeleton (the sticky bar with the question, the error line under it
 * (a refusal shows where the learner looks), its buttons and tools; the surface with the two
 * canvases, the focus label, the tip, the menu and the hot seat's cover; the help line, the
 * log and two live regions, polite and assertive, see `announce.js`), the nodes the other
 * modules write to, and helpers that write a value only when it changed (DOM writes, and the
 * layout they cause, cost the most).
 *
 * Names (issue 19): every board's bar is a region named by the board's number on the page
 * (`nameBoard`: several boards on one page must not be landmarks of one name), and its
 * scrolling log is reachable by Tab, named after the same board.
 */

const SKELETON = `
    <div class="pb-bar" role="region">
      <span class="pb-sr pb-bar-name"></span>
      <div class="pb-prompt-wrap">
        <div class="pb-mode" hidden></div>
        <div class="pb-seat" hidden></div>
        <div class="pb-prompt"></div>
        <div class="pb-rule"></div>
        <div class="pb-odds"></div>
        <div class="pb-notice" role="status" hidden></div>
        <div class="pb-why" role="status" hidden></div>
        <div class="pb-hint-text" role="status" hidden></div>
        <textarea class="pb-json" readonly rows="6" hidden
          aria-label="The position as JSON: copy it into a notebook"></textarea>
        <div class="pb-error" role="alert" hidden></div>
      </div>
      <div class="pb-buttons" role="group" aria-label="Options without a place on the board"></div>
      <div class="pb-tools" role="toolbar" aria-label="Game controls">
        <button type="button" class="pb-more" aria-expanded="false"
                title="The editor's tools and actions">Tools ▾</button>
        <button type="button" class="pb-undo" title="Undo the last choice (Z)">Undo</button>
        <button type="button" class="pb-redo" title="Redo (Y)">Redo</button>
        <button type="button" class="pb-step"
                title="Roll the dice the game waits for (Enter on the board)">Roll dice</button>
        <label class="pb-auto"><input type="checkbox" class="pb-auto-box"><span
          class="pb-auto-long">roll dice automatically</span><span
          class="pb-auto-short">auto-roll</span></label>
        <button type="button" class="pb-hint" hidden
                title="Which option is best? Plays the options out quickly and says">Hint</button>
        <span class="pb-saved" hidden></span>
      </div>
    </div>
    <div class="pb-surface" tabindex="0" role="application" aria-roledescription="game board">
      <canvas class="pb-scene" aria-hidden="true"></canvas>
      <canvas class="pb-overlay" aria-hidden="true"></canvas>
      <div class="pb-focus-label" aria-hidden="true" hidden></div>
      <div class="pb-tip" role="tooltip" hidden></div>
      <div class="pb-menu" role="menu" hidden></div>
      <div class="pb-cover" role="dialog" aria-modal="false" hidden>
        <div class="pb-cover-box">
          <div class="pb-cover-title"></div>
          <div class="pb-cover-note"></div>
          <button type="button" class="pb-cover-go"></button>
        </div>
      </div>
    </div>
    <div class="pb-help"></div>
    <div class="pb-log-wrap">
      <div class="pb-log-title">Log, newest first</div>
      <ol class="pb-log" tabindex="0"></ol>
    </div>
    <div class="pb-sr pb-sr-log" aria-live="polite" aria-atomic="false"
         aria-relevant="additions"></div>
    <div class="pb-sr pb-sr-focus" aria-live="assertive" aria-atomic="true"></div>`;

/** @typedef {ReturnType<typeof buildDom>} Ui  the board's DOM nodes */

/**
 * Build the board's DOM in `root`; a board that is not interactive (a saved picture) takes
 * no focus and shows no controls.
 * @param {HTMLElement} root @param {boolean} interactive
 */
export function buildDom(root, interactive) {
  const doc = root.ownerDocument;
  const el = doc.createElement("div");
  el.className = "pavlov-board";
  // Lumino (JupyterLab) skips its keyboard shortcuts for keys typed inside this element.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  el.innerHTML = SKELETON;
  root.appendChild(el);
  const q = (/** @type {string} */ s) => /** @type {HTMLElement} */ (el.querySelector(s));
  const ui = {
    el,
    bar: q(".pb-bar"),
    promptEl: q(".pb-prompt"),
    ruleEl: q(".pb-rule"),
    oddsEl: q(".pb-odds"),
    noticeEl: q(".pb-notice"),
    whyEl: q(".pb-why"),
    savedEl: q(".pb-saved"),
    helpEl: q(".pb-help"),
    surface: q(".pb-surface"),
    scene: /** @type {HTMLCanvasElement} */ (q(".pb-scene")),
    overlay: /** @type {HTMLCanvasElement} */ (q(".pb-overlay")),
    tip: q(".pb-tip"),
    menu: q(".pb-menu"),
    focusLabel: q(".pb-focus-label"),
    buttons: q(".pb-buttons"),
    logEl: q(".pb-log"),
    barName: q(".pb-bar-name"),
    errorEl: q(".pb-error"),
    live: q(".pb-sr-log"),
    liveFocus: q(".pb-sr-focus"),
    undoBtn: /** @type {HTMLButtonElement} */ (q(".pb-undo")),
    redoBtn: /** @type {HTMLButtonElement} */ (q(".pb-redo")),
    stepBtn: /** @type {HTMLButtonElement} */ (q(".pb-step")),
    autoBox: /** @type {HTMLInputElement} */ (q(".pb-auto-box")),
    hintBtn: /** @type {HTMLButtonElement} */ (q(".pb-hint")),
    hintEl: q(".pb-hint-text"),
    modeEl: q(".pb-mode"),
    seatEl: q(".pb-seat"),
    coverEl: q(".pb-cover"),
    coverTitle: q(".pb-cover-title"),
    coverNote: q(".pb-cover-note"),
    coverGo: /** @type {HTMLButtonElement} */ (q(".pb-cover-go")),
    jsonEl: /** @type {HTMLTextAreaElement} */ (q(".pb-json")),
    moreBtn: /** @type {HTMLButtonElement} */ (q(".pb-more")),
  };
  // On a phone the editor's palette folds behind "Tools" (board.css), leaving the board free.
  ui.moreBtn.addEventListener("click", () => {
    showPalette(ui, !el.classList.contains("pb-palette-open"));
  });
  const id = Math.random().toString(36).slice(2, 10);
  ui.promptEl.id = `pb-prompt-${id}`;
  ui.barName.id = `pb-bar-name-${id}`;
  ui.bar.setAttribute("aria-labelledby", ui.barName.id);
  ui.coverTitle.id = `pb-cover-title-${id}`;  // the cover (a dialog) is named by its title
  ui.coverEl.setAttribute("aria-labelledby", ui.coverTitle.id);
  ui.surface.setAttribute("aria-describedby", ui.promptEl.id);
  nameBoard(ui);
  ui.surface.setAttribute("aria-label", "Pavlov's House board");
  if (!interactive) {
    el.classList.add("pb-static");
    ui.surface.setAttribute("aria-roledescription", "game board (saved picture)");
    ui.surface.removeAttribute("tabindex");
  }
  return ui;
}

/** Name the bars and logs of every board on the page after their numbers, counted from the
 * top. Boards come and go as cells run, and a board drawn once keeps the name it had then, so
 * a board being drawn names them all again: two boards never keep one landmark's name (axe's
 * landmark-unique). A board not on the page yet has the plain names. @param {Ui} ui */
export function nameBoard(ui) {
  const doc = ui.el.ownerDocument;
  const boards = [...doc.querySelectorAll(".pavlov-board")];
  if (!boards.includes(ui.el)) nameOne(ui.el, 0);
  boards.forEach((el, i) => nameOne(/** @type {HTMLElement} */ (el), i + 1));
}

/** Name one board's bar and log after its number `n` (0: not on the page).
 * @param {HTMLElement} el @param {number} n */
function nameOne(el, n) {
  const bar = el.querySelector(".pb-bar-name");
  const logEl = el.querySelector(".pb-log");
  if (bar) setText(/** @type {HTMLElement} */ (bar),
    n ? `Board ${n}: the question of the moment` : "The question of the moment");
  const log = n ? `Board ${n}: game log, newest first` : "Game log, newest first";
  if (logEl && logEl.getAttribute("aria-label") !== log) logEl.setAttribute("aria-label", log);
}

/** Unfold (or fold) the editor's palette behind the "Tools" button of a narrow bar.
 * @param {Ui} ui @param {boolean} open */
export function showPalette(ui, open) {
  setClass(ui.el, "pb-palette-open", open);
  ui.moreBtn.setAttribute("aria-expanded", open ? "true" : "false");
  setText(ui.moreBtn, open ? "Tools ▴" : "Tools ▾");
}

/** Set a `data-*` attribute of `el` if it changed.
 * @param {HTMLElement} el @param {string} name @param {string} value */
export function setData(el, name, value) {
  if (el.dataset[name] !== value) el.dataset[name] = value;
}

/** @param {HTMLElement} node @param {string} value */
export function setText(node, value) {
  if (node.textContent !== value) node.textContent = value;
}

/** @param {any} node @param {string} name @param {boolean} value */
export function setProp(node, name, value) {
  if (node[name] !== value) node[name] = value;
}

/** Add or remove a class of `node` if it changed. @param {HTMLElement} node
 * @param {string} name @param {boolean} on */
export function setClass(node, name, on) {
  if (node.classList.contains(name) !== on) node.classList.toggle(name, on);
}
