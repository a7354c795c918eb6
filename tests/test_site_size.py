"""benchmarks/site_size.py: the sites' sizes against the one budget (issue 22)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import site_size


def _write(path: Path, size: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)


def test_the_build_state_is_not_counted_and_pages_are_measured(tmp_path: Path) -> None:
    _write(tmp_path / "index.html", 1_000)
    _write(tmp_path / "notebooks" / "01.html", 300_000)
    _write(tmp_path / "_static" / "widgets" / "embed-amd.js", 2_000_000)
    _write(tmp_path / ".doctrees" / "environment.pickle", 50_000_000)
    _write(tmp_path / "lite" / "static" / "pyodide.asm.wasm", 9_000_000)  # measured alone
    site = site_size.measure("docs", tmp_path, inside=("lite",))
    assert site is not None and site.total == 2_301_000
    found = site_size.figures(site, None)
    assert found == {"docs total MB": 2.301, "docs largest page MB": 0.3}
    assert site_size.over_budget(found) == []
    assert "notebook pages (1):" in site_size.report(site, 3)


def test_check_fails_over_budget_and_a_missing_site_is_not_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path / "docs" / "notebooks" / "big.html", 2_000_000)
    args = ["--docs", str(tmp_path / "docs"), "--lite", str(tmp_path / "none")]
    monkeypatch.setitem(site_size.BUDGET, "docs largest page MB", 1.0)
    assert site_size.main([*args, "--check"]) == 1
    out = capsys.readouterr().out
    assert "lite: not built" in out and "OVER" in out
    assert site_size.main(args) == 0  # without --check it only reports
