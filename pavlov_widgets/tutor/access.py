"""What ipywidgets does not say to a screen reader, said for the tutor's widgets (issue 19).

The tutor's widgets (the walkthrough, the exercises, the coach, the lab) are built of
ipywidgets, which give a Python program no way to set an ARIA attribute or to move the
keyboard focus. :class:`Access` is a small invisible anywidget placed inside such a widget;
its JavaScript finds the widget it sits in (the nearest ancestor matching :attr:`Access.scope`)
and keeps, for as long as the widget is on the page:

- **names**: an ``aria-label`` on controls that have no name of their own (the walkthrough's
  step slider, whose handle is a ``role="slider"`` ``div`` no ``<label>`` can name);
- **live regions**: ``role="status"`` (polite) or ``role="alert"`` with an ``aria-label`` on
  the persistent element of an HTML widget (the narration, a feedback, the coach's answer),
  so each new text set from Python is announced (ipywidgets replaces the widget's content,
  and a live region must already be on the page when its text changes to be heard);
- **pressed**: ``aria-pressed`` on every toggle button (ipywidgets shows which of
  ``ToggleButtons`` is chosen by a class, ``mod-active``, that only the eye can read);
- **a refuge for the focus**: when the focused button becomes disabled (▶ at a walkthrough's
  last step), the browser drops the focus to the page's body and a keyboard user must start
  again from the top of the notebook; the focus moves instead to the first control of
  :attr:`Access.refuge` that is shown and enabled.

Its ``_css`` holds the tutor's shared CSS, added to the page once with the first
:class:`Access`: a focus outline on the tutor's ipywidgets controls of 2 px dark blue
(WCAG 2.2 SC 2.4.7 and 1.4.11: 3:1 against the white page and the grey button; ipywidgets'
own is 1 px light blue, 2.2:1), drawn just inside the control's edge: ipywidgets' boxes clip
what overflows them, and an outline outside a button at a box's edge was cut in half; and
:data:`SR_ONLY`, text for screen readers only.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

SR_ONLY = "pavlov-sr-only"
"""The class of text that screen readers read and the page does not show."""

FOCUS = "#1a4fa0"
"""The focus outline's colour: 8.3:1 on white, 7.3:1 on ipywidgets' grey button (#eee)."""

TUTOR_ROOTS = (".pavlov-walkthrough", ".pavlov-exercise", ".pavlov-coach", ".pavlov-lab")
"""The tutor's widgets (their CSS classes), inside which :data:`TUTOR_CSS` applies."""

_ROOTS = ", ".join(TUTOR_ROOTS)

TUTOR_CSS = f"""
:is({_ROOTS}) .jupyter-button:focus-visible:enabled,
:is({_ROOTS}) .noUi-handle:focus-visible,
:is({_ROOTS}) :is(input, select, textarea):focus-visible {{
  outline: 2px solid {FOCUS}; outline-offset: -2px;
}}
.{SR_ONLY} {{ position: absolute !important; width: 1px; height: 1px; padding: 0;
  margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }}
"""
"""The tutor's shared CSS (see the module docstring)."""

ACCESS_JS = """
const PRESSED = '.widget-toggle-button';

function apply(root, model) {
  const set = (node, name, value) => {
    if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  };
  for (const [sel, name] of Object.entries(model.get('names'))) {
    for (const node of root.querySelectorAll(sel)) set(node, 'aria-label', name);
  }
  for (const [sel, [role, name]] of Object.entries(model.get('live'))) {
    for (const node of root.querySelectorAll(sel)) {
      set(node, 'role', role);
      set(node, 'aria-label', name);
    }
  }
  for (const button of root.querySelectorAll(PRESSED)) {
    set(button, 'aria-pressed', String(button.classList.contains('mod-active')));
  }
}

function shelter(root, model) {
  for (const sel of model.get('refuge')) {
    const node = root.querySelector(sel);
    if (node && !node.disabled && node.getClientRects().length > 0) {
      node.focus();
      return;
    }
  }
}

function watch(root, model) {
  let last = null;  // the control of this widget that had the focus last
  const onFocus = (event) => { last = event.target; };
  root.addEventListener('focusin', onFocus);
  const observer = new MutationObserver((changes) => {
    apply(root, model);
    const lost = changes.some((c) => c.type === 'attributes' && c.target === last &&
                              c.target.disabled);
    const dropped = document.activeElement === last || document.activeElement === null ||
      document.activeElement === document.body;
    if (lost && dropped) shelter(root, model);
  });
  observer.observe(root, {subtree: true, childList: true, attributes: true,
                          attributeFilter: ['class', 'disabled']});
  apply(root, model);
  const again = () => apply(root, model);
  model.on('change', again);
  return () => {
    observer.disconnect();
    root.removeEventListener('focusin', onFocus);
    model.off('change', again);
  };
}

function render({ model, el }) {
  el.style.display = 'none';
  let stop = () => {};
  let frames = 0;
  // the widget is drawn before it is attached to the page: wait until it is (animation
  // frames do not run in a hidden tab, so a notebook opened in the background waits too)
  const find = () => {
    if (!el.isConnected) {
      if (frames++ < 3000) requestAnimationFrame(find);
      return;
    }
    const root = el.closest(model.get('scope'));
    if (root) stop = watch(root, model);
  };
  find();
  return () => stop();
}

export default { render };
"""
"""The JavaScript of :class:`Access` (see the module docstring)."""


class Access(anywidget.AnyWidget):  # type: ignore[misc]
    """An invisible helper that makes the ipywidgets of one tutor widget accessible.

    Args:
        scope: a CSS selector of the tutor widget it sits in (``.pavlov-walkthrough``).
        names: CSS selector → accessible name (``aria-label``), for controls with none.
        live: CSS selector → ``(role, name)``: ``"status"`` (announced politely) or
            ``"alert"`` (at once), for HTML widgets whose new text must be heard.
        refuge: CSS selectors, in order: where the focus goes when the focused control is
            disabled (the first shown and enabled).
    """

    _esm = ACCESS_JS
    _css = TUTOR_CSS
    scope = traitlets.Unicode().tag(sync=True)
    names = traitlets.Dict().tag(sync=True)
    live = traitlets.Dict().tag(sync=True)
    refuge = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, scope: str, *, names: dict[str, str] | None = None,
                 live: dict[str, tuple[str, str]] | None = None,
                 refuge: list[str] | None = None, **kwargs: Any) -> None:
        """Name the controls, mark the live regions and the refuge of one tutor widget."""
        super().__init__(scope=scope, names=names or {},
                         live={sel: list(v) for sel, v in (live or {}).items()},
                         refuge=refuge or [], **kwargs)
        self.layout.display = "none"


def sr_only(text: str) -> str:
    """HTML for screen readers only (``text`` already escaped)."""
    return f"<span class='{SR_ONLY}'>{text}</span>"


__all__ = ["SR_ONLY", "TUTOR_CSS", "TUTOR_ROOTS", "Access", "sr_only"]
