"""The test suite's own layout: pytest can collect every test file.

pytest's default import mode refuses a second test module with a basename it has already
imported (``tests/test_x.py`` and ``tests/browser/test_x.py``), and then stops the whole run at
collection. That happened twice on clean-clone CI runs; this test names the clash instead.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_every_test_file_has_a_basename_of_its_own() -> None:
    where: defaultdict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("test_*.py"):
        where[path.name].append(str(path.relative_to(TESTS)))
    clashes = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert not clashes, f"test files sharing a basename (pytest collects only one): {clashes}"
