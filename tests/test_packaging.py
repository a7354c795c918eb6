"""The wheel is complete: the board's hand-written JS/CSS and the data files ship inside it.

The wheel is built once per session with hatchling (no network, no build isolation) and
inspected as a zip file; its metadata must match what the README promises.
"""

from __future__ import annotations

import email.message
import email.parser
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

PACKAGE = "pavlov_widgets"


@pytest.fixture(scope="module")
def wheel(repo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """Build the wheel from the working tree and open it."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-c", f"import hatchling.build as b; b.build_wheel({str(out)!r})"],
        cwd=repo_root,
        check=True,
        capture_output=True,
    )
    (path,) = out.glob("pavlov_widgets-*.whl")
    return zipfile.ZipFile(path)


def _metadata(wheel: zipfile.ZipFile) -> email.message.Message:
    (name,) = (n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    return email.parser.Parser().parsestr(wheel.read(name).decode())


def _package_files(repo_root: Path) -> list[str]:
    """Every file of the package in the working tree, as wheel paths (no caches)."""
    root = repo_root / PACKAGE
    return sorted(
        path.relative_to(repo_root).as_posix()
        for path in root.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and ".ipynb_checkpoints" not in path.parts
        and path.suffix != ".pyc"
    )


def test_wheel_ships_every_package_file(wheel: zipfile.ZipFile, repo_root: Path) -> None:
    files = _package_files(repo_root)
    assert f"{PACKAGE}/__init__.py" in files
    missing = sorted(set(files) - set(wheel.namelist()))
    assert not missing, f"files of the package left out of the wheel: {missing}"


@pytest.mark.parametrize("asset", ["board.js", "board.css"])
def test_wheel_ships_the_board_assets(wheel: zipfile.ZipFile, repo_root: Path, asset: str) -> None:
    if not (repo_root / PACKAGE / "widget" / "__init__.py").exists():
        pytest.skip("the board widget has not landed yet")
    assert f"{PACKAGE}/widget/static/{asset}" in wheel.namelist()


def test_wheel_ships_the_component_data(wheel: zipfile.ZipFile, repo_root: Path) -> None:
    data = sorted(p.name for p in (repo_root / PACKAGE / "data").glob("*.json"))
    if not data:
        pytest.skip("no component data files yet")
    shipped = {n.rsplit("/", 1)[-1] for n in wheel.namelist() if n.startswith(f"{PACKAGE}/data/")}
    assert set(data) <= shipped


@pytest.mark.parametrize("language", ["fr", "ru"])
def test_wheel_ships_the_compiled_catalogs(wheel: zipfile.ZipFile, language: str) -> None:
    """The engine reads the .mo files at run time (issue 23): an install needs no Babel."""
    assert f"{PACKAGE}/locale/{language}/LC_MESSAGES/pavlov.mo" in wheel.namelist()


def test_wheel_holds_only_the_package(wheel: zipfile.ZipFile) -> None:
    strays = [n for n in wheel.namelist() if not n.startswith((f"{PACKAGE}/", "pavlov_widgets-"))]
    assert not strays, f"the wheel should hold the package only, not {strays}"


def test_wheel_metadata(wheel: zipfile.ZipFile) -> None:
    metadata = _metadata(wheel)
    assert metadata["Name"] == "pavlov-widgets"
    assert metadata["Requires-Python"] == ">=3.11"
    runtime = [r for r in metadata.get_all("Requires-Dist", []) if "extra ==" not in r]
    assert sorted(r.split(">")[0].split("=")[0].strip() for r in runtime) == [
        "anywidget",
        "ipycanvas",
        "ipywidgets",
    ]
    extras = set(metadata.get_all("Provides-Extra", []))
    assert {"test", "docs", "tutor"} <= extras


def test_wheel_declares_the_pavlov_command(wheel: zipfile.ZipFile) -> None:
    (name,) = (n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt"))
    entry_points = wheel.read(name).decode()
    assert "pavlov = pavlov_widgets.__main__:main" in entry_points
