"""Looking at the board as a person does: what is on screen, and acting only on that.

Helpers shared by the browser tests of issue 11 (``test_fits_screen.py``, ``test_reload.py``,
``test_why_not.py``):

- :func:`look` reports what of a board is *really* visible: inside the window and inside every
  clipping or scrolling ancestor (a notebook's scroller, an output area), and not covered by
  anything else (``document.elementFromPoint`` answers the board's own element). It reports
  the prompt, the option buttons, every glowing region, the open menu, sideways scrolling,
  the keyboard hint and the texts the last drawing had to cut.
- :func:`settle` waits until the board has answered and painted (and scrolled, if it does).
- :func:`run_all_in_lab` opens a notebook in JupyterLab and runs every cell, as a learner does
  from the Run menu.
- :func:`page_html` is a blank page with board.js and a stand-in model (no kernel), which the
  ``blank`` fixture of ``conftest.py`` opens.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from pavlov_widgets.widget.board import STATIC

RENDER_TIMEOUT_MS = 90_000  # a fresh kernel starts and runs the notebook first
ANSWER_TIMEOUT_MS = 20_000

NOT_FORWARD = ("back", "leave", "decline")
"""Option ids a scripted player never takes: they go back or skip, not forward."""

CLIP_JS = """
  // The part of the screen where `node` can show: the window cut by every ancestor that
  // clips (overflow other than visible; the body's overflow belongs to the window).
  const clip = (node) => {
    let r = {l: 0, t: 0, r: window.innerWidth, b: window.innerHeight};
    for (let n = node.parentElement; n && n !== document.documentElement && n !== document.body;
         n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const b = n.getBoundingClientRect();
      const l = b.left + n.clientLeft;
      const t = b.top + n.clientTop;
      r = {l: Math.max(r.l, l), t: Math.max(r.t, t),
           r: Math.min(r.r, l + n.clientWidth), b: Math.min(r.b, t + n.clientHeight)};
    }
    return r;
  };
"""
"""JavaScript defining ``clip(node)``, shared by the page checks below."""

LOOK_JS = """
(el) => {
  const h = el.__pavlovBoard;
""" + CLIP_JS + """  const hits = (node, x, y) => {
    const e = document.elementFromPoint(x, y);
    return !!e && (e === node || node.contains(e));
  };
  // Fully on screen and not covered: every corner (2 px in) and the middle answer `node`.
  const shows = (node, b) => {
    const c = clip(node);
    if (!(b.width > 0 && b.height > 0)) return false;
    if (b.left < c.l - 1 || b.top < c.t - 1 || b.right > c.r + 1 || b.bottom > c.b + 1) {
      return false;
    }
    const i = Math.min(2, b.width / 4, b.height / 4);
    const pts = [[b.left + i, b.top + i], [b.right - i, b.top + i], [b.left + i, b.bottom - i],
                 [b.right - i, b.bottom - i], [(b.left + b.right) / 2, (b.top + b.bottom) / 2]];
    return pts.every(([x, y]) => hits(node, x, y));
  };
  const box = (b) => ({x: b.left, y: b.top, w: b.width, h: b.height,
                       cx: b.left + b.width / 2, cy: b.top + b.height / 2});
  const q = (s) => el.querySelector(s);
  const prompt = q('.pb-prompt');
  const overlay = q('canvas.pb-overlay');
  const buttons = [...el.querySelectorAll('.pb-bar .pb-option')].map((b) => {
    const r = b.getBoundingClientRect();
    return {id: b.dataset.option, label: b.textContent, title: b.title,
            visible: shows(b, r), ...box(r)};
  });
  const menu = q('.pb-menu');
  const menuItems = menu && !menu.hidden
    ? [...menu.querySelectorAll('button')].map((b) => {
        const r = b.getBoundingClientRect();
        return {id: b.dataset.option, label: b.textContent, title: b.title,
                visible: shows(b, r), ...box(r)};
      })
    : [];
  const glowing = h.regions().filter((r) => r.options.length).map((r) => {
    const b = {left: r.x, top: r.y, right: r.x + r.w, bottom: r.y + r.h, width: r.w, height: r.h};
    return {id: r.id, options: r.options, visible: shows(overlay, b), ...box(b)};
  });
  // Sideways scrolling: the page, or any ancestor of the board that scrolls sideways.
  const sideways = [];
  const se = document.scrollingElement;
  if (se && se.scrollWidth > se.clientWidth + 1) sideways.push('page');
  for (let n = el; n; n = n.parentElement) {
    const cs = getComputedStyle(n);
    if ((cs.overflowX === 'auto' || cs.overflowX === 'scroll') &&
        n.scrollWidth > n.clientWidth + 1) {
      sideways.push(n.className.toString().slice(0, 60) || n.tagName);
    }
  }
  const bar = q('.pb-bar').getBoundingClientRect();
  const surface = q('.pb-surface').getBoundingClientRect();
  const label = q('.pb-focus-label');
  const help = q('.pb-help');
  return {
    rev: Number(el.dataset.rev), busy: el.dataset.busy, kind: el.dataset.kind,
    prompt: prompt.textContent, promptVisible: shows(prompt, prompt.getBoundingClientRect()),
    promptSeen: (() => {
      const b = prompt.getBoundingClientRect();
      const c = clip(prompt);
      const at = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
      return {box: box(b), clip: c, middle: at ? at.className.toString().slice(0, 60) : null};
    })(),
    buttons, menuItems, glowing, sideways,
    drawn: h.options().filter((o) => o.drawn).length,
    bar: box(bar), surface: box(surface),
    viewport: {w: window.innerWidth, h: window.innerHeight},
    keyboardHint: (!!label && !label.hidden && label.getClientRects().length > 0) ||
      (!!help && help.getClientRects().length > 0 &&
       /keyboard|arrow|enter/i.test(help.textContent)),
    clipped: typeof h.clipped === 'function' ? h.clipped() : null,
    error: q('.pb-error').hidden ? '' : q('.pb-error').textContent,
  };
}
"""


PHONE = {"width": 390, "height": 844}
"""The phone the tests emulate (a common size), at device scale 2 with touch."""


def phone_context(browser: Browser) -> BrowserContext:
    """A browser context that behaves like a phone: small, dense, touch, mobile."""
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                               has_touch=True)


def screen_page(browser: Browser, screen: str) -> Iterator[Page]:
    """A page on a named screen, for a fixture: "…-390x844" is the phone, else its size.

    ``yield from screen_page(browser, "lab-1366x768")`` gives a 1366×768 page; the
    context is closed when the test ends.
    """
    if screen.endswith("390x844"):
        context = phone_context(browser)
    else:
        width, height = screen.rsplit("-", 1)[-1].split("x")
        context = browser.new_context(viewport={"width": int(width), "height": int(height)})
    try:
        yield context.new_page()
    finally:
        context.close()


def phone_page(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """A page on a phone and the JavaScript errors seen on it, for a fixture.

    The page is in a :func:`phone_context`; errors seen on it fail the test when it ends. A
    fixture uses it as ``yield from phone_page(browser)``.
    """
    context = phone_context(browser)
    page = context.new_page()
    found: list[str] = []
    page.on("pageerror", lambda exc: found.append(str(exc)))
    try:
        yield page, found
    finally:
        context.close()
    assert not found, f"JavaScript errors on the page: {found}"


def write_notebook(folder: Path, name: str, cells: list[str]) -> Path:
    """Write a notebook of code cells to ``folder`` (``test-artifacts/``, ignored by git)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nb.metadata["kernelspec"] = {
        "name": "python3", "display_name": "Python 3", "language": "python"
    }
    path = folder / name
    nbformat.write(nb, path)
    return path


def look(board: Locator) -> dict[str, Any]:
    """What of ``board`` is on screen now (see :data:`LOOK_JS`)."""
    result: dict[str, Any] = board.evaluate(LOOK_JS)
    return result


def settle(page: Page, board: Locator) -> None:
    """Wait until the board is not waiting for Python and has painted (and scrolled)."""
    expect(board).to_have_attribute("data-busy", "0", timeout=ANSWER_TIMEOUT_MS)
    # two animation frames: the redraw, then any scrolling it asked for; then a short pause
    # for smooth scrolling to end
    page.evaluate(
        "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"
    )
    page.wait_for_timeout(350)


def press(page: Page, x: float, y: float, touch: bool) -> None:
    """Tap (on a touch screen) or click at a point of the page."""
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def run_all_in_lab(page: Page, url: str, file_browser: bool = False) -> None:
    """Open a notebook in JupyterLab, wait for its kernel, and run all cells (Run All Cells).

    ``file_browser`` opens JupyterLab's file browser too, as a learner's laptop has it: the
    notebook then has about 1000 px of a 1366 px screen.
    """
    page.goto(url)
    # the status bar says "Idle" once the kernel is connected (the toolbar's indicator earlier)
    expect(page.get_by_text(re.compile(r"\(ipykernel\) \| Idle"))).to_be_visible(
        timeout=RENDER_TIMEOUT_MS
    )
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.click(
        position={"x": 5, "y": 5}
    )
    page.keyboard.press("Escape")
    # the command palette runs JupyterLab's own command (runmenu:run-all)
    page.keyboard.press("Control+Shift+C")
    palette = page.locator(".lm-CommandPalette-input")
    expect(palette).to_be_focused()
    palette.fill("Run All Cells")
    expect(page.locator(".lm-CommandPalette-item.lm-mod-active")).to_contain_text("Run All Cells")
    page.keyboard.press("Enter")
    expect(page.locator(".pavlov-board").first).to_have_attribute(
        "data-busy", "0", timeout=RENDER_TIMEOUT_MS
    )
    if file_browser:
        files = page.locator(".jp-FileBrowser")
        if not files.is_visible():
            page.locator(".jp-SideBar [data-id='filebrowser']").click()
        expect(files).to_be_visible()
    expect(page.get_by_text(re.compile(r"\(ipykernel\) \| Idle"))).to_be_visible(
        timeout=RENDER_TIMEOUT_MS
    )


IN_VIEW_JS = """
(node) => {
  // Fully on screen, inside every clipping ancestor, and not covered (as LOOK_JS's `shows`).
""" + CLIP_JS + """
  const b = node.getBoundingClientRect();
  const c = clip(node);
  const box = {x: b.left, y: b.top, w: b.width, h: b.height};
  if (!(b.width > 0 && b.height > 0)) return {visible: false, box, clip: c};
  const inside = b.left >= c.l - 1 && b.top >= c.t - 1 && b.right <= c.r + 1 &&
    b.bottom <= c.b + 1;
  const i = Math.min(2, b.width / 4, b.height / 4);
  const pts = [[b.left + i, b.top + i], [b.right - i, b.top + i], [b.left + i, b.bottom - i],
               [b.right - i, b.bottom - i], [(b.left + b.right) / 2, (b.top + b.bottom) / 2]];
  const uncovered = pts.every(([x, y]) => {
    const e = document.elementFromPoint(x, y);
    return !!e && (e === node || node.contains(e));
  });
  return {visible: inside && uncovered, box, clip: c};
}
"""

MARKS_JS = """
(el, which) => {
  // Every mark the board draws (or, with `which` = 'focus', every focus place), with whether
  // it is fully on screen below the board's bar, inside every clipping ancestor and not
  // covered (the overlay canvas answers there).
  const h = el.__pavlovBoard;
  const overlay = el.querySelector('canvas.pb-overlay');
  const bar = el.querySelector('.pb-bar').getBoundingClientRect();
""" + CLIP_JS + """
  const c = clip(overlay);
  return h[which || 'marks']().map((m) => {
    const inside = m.x >= c.l - 1 && m.y >= Math.max(c.t, bar.bottom) - 1 &&
      m.x + m.w <= c.r + 1 && m.y + m.h <= c.b + 1;
    const pts = [[m.x + 2, m.y + 2], [m.x + m.w - 2, m.y + 2], [m.x + 2, m.y + m.h - 2],
                 [m.x + m.w - 2, m.y + m.h - 2], [m.cx, m.cy]];
    const uncovered = pts.every(([x, y]) => document.elementFromPoint(x, y) === overlay);
    return {...m, visible: inside && uncovered};
  });
}
"""


def in_view(locator: Locator) -> dict[str, Any]:
    """Whether an element is fully on screen and not covered: ``{visible, box, clip}``."""
    result: dict[str, Any] = locator.evaluate(IN_VIEW_JS)
    return result


def marks_in_view(board: Locator, which: str = "marks") -> list[dict[str, Any]]:
    """The marks a board draws (``Board.mark``), each with ``visible`` (see :data:`MARKS_JS`).

    ``which="focus"``: the focus places instead (the session's places that matter now).
    """
    result: list[dict[str, Any]] = board.evaluate(MARKS_JS, which)
    return result


FAKE_MODEL = """
window.__ro = {live: 0};
const NativeRO = window.ResizeObserver;
window.ResizeObserver = class extends NativeRO {
  constructor(cb) { super(cb); this.on = false; }
  observe(t) { if (!this.on) { this.on = true; window.__ro.live++; } super.observe(t); }
  disconnect() { if (this.on) { this.on = false; window.__ro.live--; } super.disconnect(); }
};
window.FakeModel = class {
  constructor(state) { this.state = state; this.handlers = new Map(); this.sent = []; }
  get(k) { return this.state[k]; }
  on(ev, cb) {
    if (!this.handlers.has(ev)) this.handlers.set(ev, new Set());
    this.handlers.get(ev).add(cb);
  }
  off(ev, cb) { this.handlers.get(ev)?.delete(cb); }
  send(msg) { this.sent.push(msg); }
  setAll(state) {
    const same = (k) => JSON.stringify(this.state[k]) === JSON.stringify(state[k]);
    const changed = Object.keys(state).filter((k) => !same(k));
    this.state = {...this.state, ...state};
    for (const k of changed) for (const cb of [...(this.handlers.get('change:' + k) ?? [])]) cb();
  }
  custom(msg) { for (const cb of [...(this.handlers.get('msg:custom') ?? [])]) cb(msg); }
  listeners() { let n = 0; for (const s of this.handlers.values()) n += s.size; return n; }
};
window.__keysSeenByDocument = 0;
document.addEventListener('keydown', () => { window.__keysSeenByDocument++; });
"""


def page_html() -> str:
    """A blank page with the board's CSS, the fake model and board.js as a module."""
    js = (STATIC / "board.js").read_text(encoding="utf-8")
    css = (STATIC / "board.css").read_text(encoding="utf-8")
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<style>{css}</style></head><body style='margin:8px'>"
        "<div id='a'></div><div id='b'></div>"
        f"<script>{FAKE_MODEL}</script>"
        f"<script type='module'>{js}\nwindow.__pb = {{ render, drawStatic }};</script>"
        "</body></html>"
    )


PRESENTED_JS = """
(el) => {
  // Presenter mode (issue 22) as the back row sees it: the board's layer covers the window,
  // and the board, its bar, the side column (narration, dice) are whole inside it, nothing
  // cut or scrolled away, in type of projector size: 28 px on a 1080-row screen, as large on
  // the wall from a smaller one (28 × rows / 1080 px).
  const W = innerWidth, H = innerHeight;
  const least = 28 * H / 1080 - 0.5;
  const problems = [];
  const fonts = {};
  const box = (n) => n.getBoundingClientRect();
  const inside = (name, n) => {
    if (!n || n.getClientRects().length === 0) return;
    const b = box(n);
    if (b.left < -1 || b.top < -1 || b.right > W + 1 || b.bottom > H + 1) {
      problems.push(`${name} is cut by the window (${Math.round(b.left)},${Math.round(b.top)}` +
                    `–${Math.round(b.right)},${Math.round(b.bottom)} in ${W}x${H})`);
    }
  };
  if (!el.classList.contains('pb-presenting')) return {presenting: false, problems, fonts};
  const layer = box(el);
  if (layer.left > 1 || layer.top > 1 || layer.width < W - 2 || layer.height < H - 2) {
    problems.push(`the layer does not cover the window (${layer.width}x${layer.height})`);
  }
  const panel = el.querySelector('.pb-present');
  for (const [name, sel] of [['the board', '.pb-scene'], ['the bar', '.pb-bar'],
                              ['the side column', '.pb-present'],
                              ['the dice', '.pb-present-dice canvas']]) {
    inside(name, el.querySelector(sel));
  }
  if (panel.scrollHeight > panel.clientHeight + 1) {
    problems.push(`the side column scrolls: ${panel.scrollHeight} > ${panel.clientHeight} px`);
  }
  for (const n of el.querySelectorAll('.pb-bar *, .pb-present *')) {
    if (!n.closest('.pb-sr') && n.getClientRects().length &&
        n.scrollWidth > n.clientWidth + 1 &&
        getComputedStyle(n).overflowX !== 'visible') {
      problems.push(`cut sideways: ${n.className} (${n.scrollWidth} > ${n.clientWidth})`);
    }
  }
  const texts = ['.pb-prompt', '.pb-rule', '.pb-present-head', '.pb-present-text',
                 '.pb-present-next', '.pb-present-keys', '.pb-present-result', '.pb-step'];
  for (const sel of texts) {
    const n = el.querySelector(sel);
    if (!n || !n.textContent.trim() || n.getClientRects().length === 0) continue;
    fonts[sel] = parseFloat(getComputedStyle(n).fontSize);
    if (fonts[sel] < least) {
      problems.push(`${sel} is ${fonts[sel]} px (under ${least.toFixed(1)} px)`);
    }
  }
  const clipped = el.__pavlovBoard.clipped();
  if (clipped.length) problems.push(`the board cut texts short: ${clipped.join('; ')}`);
  const scene = box(el.querySelector('.pb-scene'));
  const dice = el.querySelector('.pb-present-dice canvas');
  return {presenting: true, problems, fonts,
          board: {width: scene.width, height: scene.height},
          dice: dice && dice.getClientRects().length ? box(dice).height : 0,
          heading: (el.querySelector('.pb-present-head') || {}).textContent || ''};
}
"""


def presented(board: Locator) -> dict[str, Any]:
    """Presenter mode as the back of the room sees it (issue 22), for any page with a board.

    Returns ``{"presenting", "problems", "fonts", "board", "dice", "heading"}``: whether the
    board presents, every way something is cut (outside the window, the side column
    scrolling, a text cut sideways or short on the canvas, type under 28 px of a 1080-row
    screen: empty when all is well), the font sizes read (CSS px), the board's drawn size,
    the dice's height and the narration's heading. Enter with a click on
    ``board.locator(".pb-present-btn")`` (or ``board.present()`` in the notebook); Escape
    leaves.
    """
    result: dict[str, Any] = board.evaluate(PRESENTED_JS)
    return result
