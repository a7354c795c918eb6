"""Contrast on the board's canvas, read from the drawing's own colours (issue 19).

WCAG 2.2: text at 4.5:1 or better against what is behind it (1.4.3); the glow that marks a
choice, the keyboard focus ring, the tutor's marks and the textures that tell the area
colours apart in grayscale at 3:1 or better against what they ring or lie on (1.4.11).

The board draws each canvas through a recorder (``record.js``); the board's test hook gives
the last drawing's recorded calls (``recorded()``) and the rings the overlay drew (``rings()``,
each band's colour and reach). In the page, the calls are played again on canvases of the
same size: once whole, once without any text, once without the textures. Then:

- **text**: each ``fillText``'s colour (the context's ``fillStyle`` and alpha at that call)
  against every pixel behind its box in the drawing without text (a text that an opaque
  fill drawn after it covers is not seen, and left out); the ratio a text reaches
  is the one 85 % of the pixels behind it reach (a texture's thin lines, the antialiased edge
  of a plate's outline under the box's margin do not decide it; a text half on a dark and
  half on a light ground does);
- **rings**: around each ring, at points along its sides, the scene just inside the place,
  under each band and just outside; each of these must be met at 3:1 by one of the ring's
  bands (a two-tone ring, dark and light, is seen on light and on dark ground);
- **textures**: the pixels a texture's fill changes, against what they were without it (the
  texture's marks against the colour they lie on: the 99th percentile, the marks' cores
  where nothing is laid over them; a track's circles veil most of its texture).

Positions: the start of notebook 01's game, a mid-game position with German infantry and
armour on the tracks, a question with marks (right, wrong, focus) and the keyboard focus.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page
from test_board_unit import mount, state_of

from pavlov_widgets import Board
from pavlov_widgets.engine import Game

TEXT_MIN = 4.5
NON_TEXT_MIN = 3.0
INFANTRY = {"riflemen", "machine-gunners", "scouts"}
ARMOUR = {"panzer-ii", "panzer-iii", "panzer-iv", "stug-iiib"}

MEASURE_JS = """
(el) => {
  const h = el.__pavlovBoard;
  const {scene, overlay, k} = h.recorded();
  const W = el.querySelector('canvas.pb-scene').width;
  const H = el.querySelector('canvas.pb-scene').height;
  const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a, b) => {
    const la = lum(a); const lb = lum(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  };
  const probe = document.createElement('canvas').getContext('2d');
  // a CSS colour as [r, g, b, a] (the context normalises it to #rrggbb or rgba(...))
  const rgba = (css) => {
    probe.fillStyle = '#000000';
    probe.fillStyle = css;
    const s = probe.fillStyle;
    if (s[0] === '#') return [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16)).concat(1);
    const m = s.match(/[0-9.]+/g).map(Number);
    return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const over = (fg, bg, alpha) => [0, 1, 2].map((i) => fg[i] * alpha + bg[i] * (1 - alpha));
  // Play recorded calls on a fresh opaque canvas (over `under`, an earlier image, if any),
  // skipping the painting calls `skip(name, ctx)` names; `seen(name, ctx, box)` is told of
  // each painting call played.
  const play = (recs, skip, seen, under) => {
    const c = document.createElement('canvas');
    c.width = W; c.height = H;
    const ctx = c.getContext('2d', {alpha: false});
    if (under) ctx.putImageData(new ImageData(new Uint8ClampedArray(under), W, H), 0, 0);
    for (const rec of recs) {
      ctx.save();
      ctx.setTransform(k, 0, 0, k, 0, 0);
      for (const [name, args, paint] of rec.ops) {
        if (paint === -2) { ctx[name] = args[0]; continue; }
        if (paint >= 0 && skip(name, ctx)) {
          if (seen) seen(name, ctx, rec.boxes[paint], args, false);
          continue;
        }
        if (paint >= 0 && seen) seen(name, ctx, rec.boxes[paint], args, true);
        ctx[name](...args);
      }
      ctx.restore();
    }
    return ctx.getImageData(0, 0, W, H).data;
  };
  const px = (img, x, y) => {
    const i = 4 * (y * W + x);
    return [img[i], img[i + 1], img[i + 2]];
  };
  const deviceBox = (b) => ({
    x0: Math.max(0, Math.floor(b.x0 * k)), y0: Math.max(0, Math.floor(b.y0 * k)),
    x1: Math.min(W, Math.ceil(b.x1 * k)), y1: Math.min(H, Math.ceil(b.y1 * k)),
  });
  const quantile = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  };
  const isText = (name) => name === 'fillText';
  const isPattern = (name, ctx) => name === 'fill' && typeof ctx.fillStyle === 'object';
  const never = () => false;

  // --- text -----------------------------------------------------------------------------
  const texts = [];
  // the opaque fills of each layer, in order: a text that one of them covers after it is
  // not seen (the stock tray laid over the panels)
  const opaque = {scene: [], overlay: []};
  const noteText = (layer) => (name, ctx, box, args) => {
    if (name === 'fillText') {
      texts.push({layer, text: String(args[0]), font: ctx.font, fill: String(ctx.fillStyle),
                  alpha: ctx.globalAlpha, box, at: opaque[layer].length});
    } else if ((name === 'fill' || name === 'fillRect') && typeof ctx.fillStyle === 'string' &&
               ctx.globalAlpha === 1 && rgba(ctx.fillStyle)[3] === 1) {
      opaque[layer].push(box);
    }
  };
  const covered = (t) => opaque[t.layer].slice(t.at).some((b) =>
    b.x0 <= t.box.x0 + 2 && b.y0 <= t.box.y0 + 2 && b.x1 >= t.box.x1 - 2 && b.y1 >= t.box.y1 - 2);
  const sceneFull = play([scene], never, noteText('scene'));
  const sceneBare = play([scene], isText);
  const overFull = play([overlay], never, noteText('overlay'), sceneFull);
  const overBare = play([overlay], isText, null, sceneFull);
  const textOut = [];
  for (const t of texts) {
    if (covered(t)) continue;
    const [full, bare] = t.layer === 'scene' ? [sceneFull, sceneBare] : [overFull, overBare];
    // the text's ink box (the recorder's box has a margin of 2 px)
    const b = deviceBox({x0: t.box.x0 + 2, y0: t.box.y0 + 2, x1: t.box.x1 - 2,
                         y1: t.box.y1 - 2});
    const fg = rgba(t.fill);
    const alpha = fg[3] * t.alpha;
    const rs = [];
    let glyph = 0;
    for (let y = b.y0; y < b.y1; y++) {
      for (let x = b.x0; x < b.x1; x++) {
        const under = px(bare, x, y);
        const now = px(full, x, y);
        if (now.some((v, i) => Math.abs(v - under[i]) > 8)) glyph++;
        rs.push(ratio(over(fg, under, alpha), under));
      }
    }
    if (glyph < 3 || !rs.length) continue;  // off the canvas, or drawn over
    textOut.push({layer: t.layer, text: t.text, font: t.font, fill: t.fill,
                  ratio: quantile(rs, 0.15)});
  }

  // --- rings ------------------------------------------------------------------------------
  const ringOut = [];
  for (const r of h.rings()) {
    const pts = [];
    if (r.circle) {
      for (let a = 0; a < 360; a += 10) {
        const t = a * Math.PI / 180;
        pts.push({x: r.x + r.w / 2, y: r.y + r.h / 2, nx: Math.cos(t), ny: Math.sin(t),
                  edge: r.w / 2});
      }
    } else {
      // along each side, away from the rounded corners
      const c = 8;
      for (let x = r.x + c; x <= r.x + r.w - c; x += 4) {
        pts.push({x, y: r.y, nx: 0, ny: -1, edge: 0});
        pts.push({x, y: r.y + r.h, nx: 0, ny: 1, edge: 0});
      }
      for (let y = r.y + c; y <= r.y + r.h - c; y += 4) {
        pts.push({x: r.x, y, nx: -1, ny: 0, edge: 0});
        pts.push({x: r.x + r.w, y, nx: 1, ny: 0, edge: 0});
      }
    }
    const tones = r.bands.map((band) => rgba(band.colour));
    const last = r.bands[r.bands.length - 1].to;
    const scores = [];
    for (const p of pts) {
      const at = (d) => {
        const x = Math.round((p.x + p.nx * (p.edge + d)) * k);
        const y = Math.round((p.y + p.ny * (p.edge + d)) * k);
        return x >= 0 && y >= 0 && x < W && y < H ? px(sceneFull, x, y) : null;
      };
      const grounds = [at(-2), ...r.bands.map((band) => at((band.from + band.to) / 2)),
                       at(last + 2)].filter(Boolean);
      const score = Math.min(...grounds.map((g) => Math.max(...tones.map(
        (t) => ratio(over(t, g, t[3]), g)))));
      scores.push(score);
    }
    if (!scores.length) continue;
    ringOut.push({kind: r.kind, region: r.region, colours: r.bands.map((band) => band.colour),
                  ratio: Math.min(...scores)});
  }

  // --- textures ---------------------------------------------------------------------------
  const patterns = [];
  const notePattern = (name, ctx, box, args, played) => {
    if (!played && isPattern(name, ctx)) patterns.push(box);
  };
  const plain = play([scene], (name, ctx) => isText(name) || isPattern(name, ctx), notePattern);
  const patternOut = [];
  for (const box of patterns) {
    const b = deviceBox(box);
    const rs = [];
    const grounds = new Map();
    for (let y = b.y0; y < b.y1; y++) {
      for (let x = b.x0; x < b.x1; x++) {
        const under = px(plain, x, y);
        const now = px(sceneBare, x, y);
        if (!now.some((v, i) => Math.abs(v - under[i]) > 2)) continue;
        rs.push(ratio(now, under));
        const key = '#' + under.map((v) => v.toString(16).padStart(2, '0')).join('');
        grounds.set(key, (grounds.get(key) ?? 0) + 1);
      }
    }
    if (rs.length < 4) continue;
    const ground = [...grounds.entries()].sort((p, q) => q[1] - p[1])[0][0];
    patternOut.push({ground, ratio: quantile(rs, 0.99)});
  }
  return {texts: textOut, rings: ringOut, patterns: patternOut};
}
"""


def measure(page: Page) -> dict[str, list[dict[str, Any]]]:
    """The contrast of every text, ring and texture the board in #a drew last."""
    page.evaluate(
        "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"
    )
    found: dict[str, list[dict[str, Any]]] = page.locator("#a .pavlov-board").evaluate(
        MEASURE_JS
    )
    return found


def mid_game() -> Board:
    """A random game's first position with German infantry and armour on the tracks."""
    game = Game.new(seed=2)
    board = Board(game)
    rng = random.Random(2)
    while not game.is_over:
        types = {c["type"] for track in board.view["tracks"] for c in track if c}
        if types & INFANTRY and types & ARMOUR:
            return board
        options = game.legal_actions()
        act = len(options) > 1 and rng.random() > 0.3
        board.apply((rng.choice(options[:-1]) if act else options[-1]).id)
    raise AssertionError("no position with infantry and armour on the tracks")


def with_question() -> Board:
    """A question on the board (its places glow) with marks of every style."""
    board = Board.new(seed=1)
    board.mark(["square:R2", "counter:pavlov"])
    board.mark(["defense:red"], "right")
    board.mark(["square:G1"], "wrong")
    board.ask("Click the position this Mortar will hit.",
              ["square:P3", "square:P4R6", "square:R2"], lambda answer: None)
    return board


POSITIONS = {
    "start of notebook 01's game": lambda: Board.new(seed=1),
    "German counters on the tracks": mid_game,
    "a question with marks": with_question,
}


def worst(items: list[dict[str, Any]], minimum: float) -> list[str]:
    """The items under ``minimum``, the lowest first, one line per look (colours and ratio)."""
    lines: dict[str, list[str]] = {}
    for i in sorted((i for i in items if i["ratio"] < minimum - 1e-9), key=lambda i: i["ratio"]):
        what = " ".join(f"{k}={i[k]}" for k in ("fill", "colours", "ground", "kind") if k in i)
        lines.setdefault(f"{i['ratio']:.2f}:1 {what}", []).append(
            str(i.get("text", i.get("region", "")))[:16])
    return [f"{look} ({', '.join(sorted(set(who))[:5])})" for look, who in lines.items()]


@pytest.mark.parametrize("name", list(POSITIONS))
def test_canvas_text_rings_and_textures_reach_their_contrast(blank: Page, name: str) -> None:
    board = POSITIONS[name]()
    mount(blank, state_of(board))
    # the keyboard focus: its ring is drawn on the first option (or asked place)
    blank.locator("#a .pb-surface").focus()
    blank.keyboard.press("ArrowRight")
    found = measure(blank)
    texts, rings, patterns = found["texts"], found["rings"], found["patterns"]
    kinds = {r["kind"] for r in rings}
    assert texts and patterns, found
    assert "keyboard" in kinds and kinds & {"glow", "question"}, kinds
    if name == "a question with marks":
        assert {"keyboard", "focus", "right", "wrong"} <= kinds, kinds
    if name == "German counters on the tracks":
        shorts = {t["text"] for t in texts}
        assert {"Rifles", "MG", "Pz II"} & shorts, shorts
    summary = {
        "text": min(t["ratio"] for t in texts),
        **{f"ring {k}": min(r["ratio"] for r in rings if r["kind"] == k) for k in kinds},
        "texture": min(p["ratio"] for p in patterns),
    }
    print(f"\n{name}: lowest contrast by kind: "
          + ", ".join(f"{k} {v:.2f}" for k, v in sorted(summary.items())))
    low_texts = worst(texts, TEXT_MIN)
    low_rings = worst(rings, NON_TEXT_MIN)
    low_patterns = worst(patterns, NON_TEXT_MIN)
    failures = [f"text under {TEXT_MIN}:1: {line}" for line in low_texts] + [
        f"ring under {NON_TEXT_MIN}:1: {line}" for line in low_rings] + [
        f"texture under {NON_TEXT_MIN}:1: {line}" for line in low_patterns]
    assert not failures, "\n".join(failures)
