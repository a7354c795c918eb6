"""The widget extensions load at versions the page agrees with, in Voila and in JupyterLab.

A JupyterLab or Voila page shares one copy of each ``@jupyterlab/*`` package among its
extensions; an extension built against a newer one than the page has logs "Unsatisfied
version" (or "No satisfying version") in the browser console and runs on the page's copy
anyway, with no promise that what it calls is there. These tests fail on any such warning,
on a Voila page and in JupyterLab, while the board, ipywidgets controls, an Output and an
ipycanvas canvas (the lab's charts) render. The console of each page is saved to
``test-artifacts/<name>-console.txt``.

Why the tutor pins the set it does (pyproject.toml's tutor extra, binder/requirements.txt):
the version a bundle requires is the one it was built against, written into its
``remoteEntry.*.js`` (``requiredVersion``), whatever its package.json allows.

- Every Voila 0.5 page provides its own JupyterLab 4.2.5 packages
  (``share/jupyter/voila/templates/base/static/*.voila.js``; 0.5.6-0.5.7: 4.1.0).
- Voila's own widget manager (``share/jupyter/voila/labextensions/@voila-dashboards/
  widgets-manager8``) was built against 4.2.5 in Voila 0.5.8, 4.4.5 in 0.5.9-0.5.10, 4.4.6
  in 0.5.11, 4.5.6 in 0.5.12 and 4.5.10 in 0.5.13, and shares 11 ``@jupyterlab/*`` modules:
  from 0.5.9 on, every Voila page warns whatever else is installed (Voila 0.5.13 with
  ipywidgets 8.1.5 logged 11 warnings, each "required ^4.5.10" or "^6.5.10"/"^7.5.10"). Only
  a Voila release can remove them.
- ipywidgets' manager (``jupyterlab_widgets``) was built against 4.2.4 in 3.0.13, 4.4.0 in
  3.0.14, 4.4.1 in 3.0.15, 4.4.6 in 3.0.16 and 4.6.2 in 3.0.17, and ipywidgets 8.1.6 needs
  3.0.14 or newer (8.1.9: 3.0.17): any of them warns on a Voila page about the nine modules
  it shares (``console``, ``logconsole``, ``mainmenu``, ``notebook``, ``outputarea``,
  ``rendermime``, ``services``, ``settingregistry``, ``translation``).

So the newest set with no warning is Voila 0.5.8, ipywidgets 8.1.5 and jupyterlab_widgets
3.0.13 (with JupyterLab 4.6, anywidget 0.11 and ipycanvas 0.14, which require nothing the pages
lack); Voila 0.5.13 with ipywidgets 8.1.9 logged 13 warnings on every page.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from boardpage import RENDER_TIMEOUT_MS, run_all_in_lab, write_notebook
from playwright.sync_api import ConsoleMessage, Page, expect

CELLS = [
    "from pavlov_widgets import Board\nBoard.new(seed=1)",
    # every kind of widget the tutor shows: controls, an Output, a canvas (the lab's charts)
    "import ipycanvas\nimport ipywidgets as w\nout = w.Output()\n"
    "with out:\n    print('inside an Output')\n"
    "w.VBox([w.IntSlider(description='slider'), out, ipycanvas.Canvas(width=40, height=20)])",
]


VERSION_WARNING = re.compile(r"\b(?:unsatisfied|no satisfying) version\b", re.IGNORECASE)


def version_warnings(messages: list[str]) -> list[str]:
    """The console messages that say a shared module's version does not satisfy a bundle.

    Webpack writes "Unsatisfied version V from PAGE of shared singleton module M (required R)"
    or "No satisfying version (R) of shared module M found ... Available versions: ...".
    """
    return [text for text in messages if VERSION_WARNING.search(text)]


def _listen(page: Page) -> list[str]:
    messages: list[str] = []

    def keep(message: ConsoleMessage) -> None:
        messages.append(f"{message.type}: {message.text}")

    page.on("console", keep)
    return messages


def _save(artifacts_dir: Path, name: str, messages: list[str]) -> None:
    (artifacts_dir / f"{name}-console.txt").write_text("\n".join(messages) + "\n",
                                                       encoding="utf-8")


def _every_widget_shows(page: Page) -> None:
    expect(page.locator(".pavlov-board").first).to_have_attribute(
        "data-busy", "0", timeout=RENDER_TIMEOUT_MS)
    expect(page.locator(".widget-hslider .widget-label")).to_have_text("slider",
                                                                  timeout=RENDER_TIMEOUT_MS)
    expect(page.locator(".widget-output")).to_contain_text("inside an Output",
                                                           timeout=RENDER_TIMEOUT_MS)
    expect(page.locator("canvas[width='40']").first).to_be_attached(timeout=RENDER_TIMEOUT_MS)


def test_a_voila_page_loads_the_widget_extensions_with_no_version_warning(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    errors: list[str],
) -> None:
    messages = _listen(page)
    page.goto(served_notebook(write_notebook(artifacts_dir, "voila_versions.ipynb", CELLS)))
    _every_widget_shows(page)
    _save(artifacts_dir, "voila", messages)
    found = version_warnings(messages)
    assert found == [], "version warnings on a Voila page:\n" + "\n".join(found)


def test_jupyterlab_loads_the_widget_extensions_with_no_version_warning(
    page: Page, lab_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    errors: list[str],
) -> None:
    messages = _listen(page)
    page.set_viewport_size({"width": 1366, "height": 900})
    run_all_in_lab(page, lab_notebook(
        write_notebook(artifacts_dir, "lab_versions.ipynb", CELLS)))
    _every_widget_shows(page)
    _save(artifacts_dir, "jupyterlab", messages)
    found = version_warnings(messages)
    assert found == [], "version warnings in JupyterLab:\n" + "\n".join(found)


def test_both_forms_of_the_version_warning_are_found() -> None:
    """On messages Voila 0.5.13 with ipywidgets 8.1.9 logged, and two it did not."""
    unsatisfied = (
        "warning: Unsatisfied version 4.2.5 from _JUPYTERLAB.CORE_OUTPUT of shared singleton "
        "module @jupyterlab/rendermime (required ^4.6.2)")
    no_satisfying = (
        "warning: No satisfying version (^4.6.2) of shared module @jupyterlab/outputarea found"
        " in shared scope default.\nAvailable versions: 4.2.5 from _JUPYTERLAB.CORE_OUTPUT")
    assert version_warnings([
        "log: Starting WebSocket", unsatisfied, "info: Kernel is ready", no_satisfying,
        "error: Failed to load resource: 404 (Not Found)",
    ]) == [unsatisfied, no_satisfying]
