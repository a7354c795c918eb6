"""The widget extensions load at versions the page agrees with, in Voila and in JupyterLab.

A JupyterLab page shares one copy of each ``@jupyterlab/*`` package among its extensions;
an extension built against a newer one than the page has logs "Unsatisfied version" (or "No
satisfying version") in the browser console and runs on the page's copy anyway.

**JupyterLab**: none. The tutor extra asks for JupyterLab 4.6.2 or newer, the version the
widget manager (jupyterlab_widgets 3.0.17, ipywidgets 8.1.9) and Voila's Lab preview were
built against.

**Voila**: Voila 0.5.13's pages bring their own JupyterLab 4.2.5, while Voila's own widget
manager (``@voila-dashboards/widgets-manager8``) was built against 4.5.10 and ipywidgets'
(jupyterlab_widgets 3.0.17) against 4.6.2, so every Voila page logs 13 such warnings (which
required version each names depends on which manager asks first), about
``@jupyterlab/console``, ``coreutils``, ``logconsole``, ``mainmenu``, ``notebook``,
``outputarea``, ``rendermime``, ``services``, ``settingregistry``, ``statedb`` and
``translation``. No newer release removes them: Voila ships its manager so. Only an older set
does: Voila 0.5.8 (page and manager both built on 4.2.5) with ipywidgets 8.1.5
(jupyterlab_widgets 3.0.13, built on 4.2.4) logs none, but gives up Voila 0.5.13's fixes
(template names, file allow/deny lists, untrusted notebooks in the Lab preview) and those of
ipywidgets 8.1.6-8.1.9 (among them how an Output widget finds the request it captures under
ipykernel 7); the tutor extra keeps the new ones.

The warnings are harmless here: each is a ``@jupyterlab/*`` package of the same major version
(4.2 where 4.5 or 4.6 was built against), which the managers then use; that is no semver
promise (code built on 4.6 may call what 4.2 lacks), so this test checks what the tutor needs
works on it: the board, ipywidgets controls, an Output and an ipycanvas canvas all render.
It allows exactly that kind of warning, and fails on any other: another major version, a
shared package outside ``@jupyterlab/`` (``@jupyter-widgets/base``, ``@lumino/*``, ...), or a
copy some other page than Voila's provides. The console of each page is saved to
``test-artifacts/<name>-console.txt``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
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
VOILA_PAGE = "_JUPYTERLAB.CORE_OUTPUT"
"""How the console names the packages Voila's page itself provides."""

UNSATISFIED = re.compile(
    r"Unsatisfied version (?P<version>\S+)(?: from (?P<provider>\S+))? of shared singleton "
    r"module (?P<module>\S+) \(required (?P<required>[^)]+)\)"
)
NO_SATISFYING = re.compile(
    r"No satisfying version \((?P<required>[^)]+)\) of shared module (?P<module>\S+) found "
    r"in shared scope \S+\s*Available versions: (?P<available>.*)", re.DOTALL
)


@dataclass(frozen=True)
class Mismatch:
    """One version warning: a shared module, the versions there are, the one required."""

    module: str
    available: tuple[tuple[str, str], ...]
    """(version, provider) of each copy on the page."""
    required: str
    text: str


def mismatches(messages: list[str]) -> list[Mismatch]:
    """Every version warning among console messages (one that cannot be read fails)."""
    found = []
    for text in messages:
        if match := UNSATISFIED.search(text):
            available = ((match["version"], match["provider"] or ""),)
        elif match := NO_SATISFYING.search(text):
            available = tuple(
                (version, provider)
                for version, _, provider in (
                    part.strip().partition(" from ") for part in match["available"].split(",")
                )
            )
        else:
            assert "satisf" not in text.lower(), f"a version warning not understood: {text}"
            continue
        found.append(Mismatch(match["module"], available, match["required"], text))
    return found


def _numbers(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", version)[:3])


def voila_page_is_older_in_the_same_major(mismatch: Mismatch) -> bool:
    """Whether a warning is only Voila's page having an older ``@jupyterlab/*`` of a major."""
    required = re.fullmatch(r"\^(\d+\.\d+\.\d+)", mismatch.required)
    if required is None or not mismatch.module.startswith("@jupyterlab/"):
        return False
    wanted = _numbers(required[1])
    return all(
        provider == VOILA_PAGE and _numbers(version)[0] == wanted[0]
        and _numbers(version) < wanted
        for version, provider in mismatch.available
    )


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


def test_a_voila_page_loads_the_widget_extensions_with_no_version_warning_but_voilas_own(
    page: Page, served_notebook: Callable[[str | Path], str], artifacts_dir: Path,
    errors: list[str],
) -> None:
    messages = _listen(page)
    page.goto(served_notebook(write_notebook(artifacts_dir, "voila_versions.ipynb", CELLS)))
    _every_widget_shows(page)
    _save(artifacts_dir, "voila", messages)
    found = mismatches(messages)
    others = [m.text for m in found if not voila_page_is_older_in_the_same_major(m)]
    assert others == [], "version warnings on a Voila page:\n" + "\n".join(others)


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
    found = [m.text for m in mismatches(messages)]
    assert found == [], "version warnings in JupyterLab:\n" + "\n".join(found)


def test_the_warnings_are_read_and_sorted() -> None:
    """The parser and the rule, on the messages Voila 0.5.13 and a mismatched Lab log."""
    found = mismatches([
        "warning: Unsatisfied version 4.2.5 from _JUPYTERLAB.CORE_OUTPUT of shared singleton "
        "module @jupyterlab/rendermime (required ^4.6.2)",
        "warning: No satisfying version (^4.5.10) of shared module @jupyterlab/outputarea found"
        " in shared scope default.\nAvailable versions: 4.2.5 from _JUPYTERLAB.CORE_OUTPUT",
        "warning: Unsatisfied version 6.0.6 of shared singleton module @jupyter-widgets/base "
        "(required ^1 || ^2 || ^3 || ^4)",
        "warning: Unsatisfied version 4.2.5 from _JUPYTERLAB.CORE_OUTPUT of shared singleton "
        "module @jupyterlab/apputils (required ^3.6.7)",
        "warning: Unsatisfied version 4.1.4 from @jupyterlab/application-top of shared "
        "singleton module @jupyterlab/notebook (required ^4.6.2)",
        "log: Starting WebSocket",
    ])
    assert [m.module for m in found] == [
        "@jupyterlab/rendermime", "@jupyterlab/outputarea", "@jupyter-widgets/base",
        "@jupyterlab/apputils", "@jupyterlab/notebook"]
    assert found[1].available == (("4.2.5", VOILA_PAGE),)
    assert [voila_page_is_older_in_the_same_major(m) for m in found] == [
        True, True, False, False, False]
