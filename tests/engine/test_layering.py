"""Layering: the engine is pure Python and imports nothing but the standard library and itself.

Two checks: importing (and using) :mod:`pavlov_widgets.engine` in a fresh interpreter loads no
widget or notebook library, and every ``import`` written in the engine's source files names
the standard library or the engine (parsed with :mod:`ast`, so an import hidden in a
function or behind ``TYPE_CHECKING`` is found too).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pavlov_widgets.engine

ENGINE = Path(pavlov_widgets.engine.__file__).resolve().parent
FORBIDDEN = ("anywidget", "ipywidgets", "traitlets", "IPython", "ipykernel", "comm",
             "jupyter_client", "numpy", "pavlov_widgets.widget", "pavlov_widgets.tutor",
             "pavlov_widgets.sim")

PROBE = """
import json, pkgutil, sys, importlib
import pavlov_widgets.engine as engine
from pavlov_widgets.engine import Game
game = Game.new(seed=1)
while not game.is_over:  # play a game through, so lazily imported modules load too
    game.apply(game.legal_actions()[-1])
game.render_text(); Game.from_json(game.to_json())
for info in pkgutil.iter_modules(engine.__path__):
    importlib.import_module(f"pavlov_widgets.engine.{info.name}")
print(json.dumps(sorted(sys.modules)))
"""


def test_engine_imports_no_widget_library() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert "pavlov_widgets.engine.game" in loaded  # the probe did import the engine
    bad = sorted(m for m in loaded if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))
    assert bad == [], f"importing the engine loaded {bad}"


def _imports(path: Path) -> list[tuple[int, str, int]]:
    """(line, module, relative level) of every import statement in a file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((node.lineno, node.module or "", node.level))
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__")
        ):
            arg = node.args[0] if node.args else None
            name = arg.value if isinstance(arg, ast.Constant) else "<dynamic>"
            out.append((node.lineno, str(name), 0))
    return out


def test_engine_source_imports_only_stdlib_and_itself() -> None:
    files = sorted(ENGINE.glob("*.py"))
    assert len(files) >= 15
    problems = []
    for path in files:
        for line, module, level in _imports(path):
            if level == 1:  # from . / from .x: inside the engine
                continue
            top = module.split(".")[0]
            ok = level == 0 and (
                top in sys.stdlib_module_names
                or module == "pavlov_widgets.engine"
                or module.startswith("pavlov_widgets.engine.")
            )
            if not ok:
                problems.append(f"{path.name}:{line}: {'.' * level}{module}")
    assert problems == [], "the engine imports outside the standard library: " + ", ".join(
        problems)


def test_the_import_check_itself_catches_a_bad_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import json\nfrom ..widget import Board\nimport anywidget\n"
        "def later():\n    import importlib\n    importlib.import_module('ipywidgets')\n",
        encoding="utf-8",
    )
    found = _imports(sample)
    assert (1, "json", 0) in found
    assert (2, "widget", 2) in found
    assert (3, "anywidget", 0) in found
    assert (6, "ipywidgets", 0) in found
