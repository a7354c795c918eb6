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


def _imports(path: Path, skip_type_checking: bool = False) -> list[tuple[int, str, int]]:
    """(line, module, relative level) of every import statement in a file.

    With ``skip_type_checking``, imports under ``if TYPE_CHECKING:`` are left out (they never
    run, so they cannot make an import cycle).
    """
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    hidden: set[int] = set()
    if skip_type_checking:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
                hidden.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
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


def _module_name(path: Path) -> str:
    """``pavlov_widgets.engine.rules.counters`` for ``engine/rules/counters.py``."""
    parts = path.relative_to(ENGINE).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("pavlov_widgets", "engine", *parts))


def _absolute(path: Path, module: str, level: int) -> str:
    """The absolute module an import names (a relative one resolved from ``path``)."""
    if level == 0:
        return module
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, module] if module else base)


def _engine_modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(ENGINE.rglob("*.py"))}


def test_engine_source_imports_only_stdlib_and_itself() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) >= 15
    problems = []
    for path in files:
        for line, module, level in _imports(path):
            absolute = _absolute(path, module, level)
            top = absolute.split(".")[0]
            ok = (
                (level == 0 and top in sys.stdlib_module_names)
                or absolute == "pavlov_widgets.engine"
                or absolute.startswith("pavlov_widgets.engine.")
            )
            if not ok:
                problems.append(f"{path.relative_to(ENGINE)}:{line}: {'.' * level}{module}")
    assert problems == [], "the engine imports outside the standard library: " + ", ".join(
        problems)


def _import_graph() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports (at load time or lazily in a function).

    Package ``__init__`` files are left out: they only re-export their children.
    """
    modules = {m: p for m, p in _engine_modules().items() if p.name != "__init__.py"}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for _, module, level in _imports(path, skip_type_checking=True):
            absolute = _absolute(path, module, level)
            if absolute in modules:
                targets.add(absolute)
            elif level:  # "from .. import dice": the names imported are modules
                targets.update(m for m in modules if m.rsplit(".", 1)[0] == absolute
                               and m.rsplit(".", 1)[1] in _imported_names(path, absolute))
        graph[name] = targets - {name}
    return graph


def _imported_names(path: Path, package: str) -> set[str]:
    """The names a file imports from ``package`` with ``from <package> import a, b``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level and \
                _absolute(path, node.module or "", node.level) == package:
            names.update(alias.name for alias in node.names)
    return names


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle found by a depth-first search (one path per cycle found)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt):], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def test_engine_modules_import_each_other_without_a_cycle() -> None:
    """The machine knows no rule; rules import the machine, never the other way round."""
    graph = _import_graph()
    assert "pavlov_widgets.engine.rules.counters" in graph["pavlov_widgets.engine.game"]
    cycles = _cycles(graph)
    assert cycles == [], "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)
    machine_imports = graph["pavlov_widgets.engine.machine"]
    assert not any(".rules." in m or ".examples." in m for m in machine_imports)


def test_the_cycle_search_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


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
