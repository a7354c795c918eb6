"""Run tutor notebooks and store the expected text of their checked cells (for authors).

Usage (from the repository root)::

    .venv/bin/python scripts/refresh_checked_outputs.py notebooks/08_resupply_storm_groups.ipynb

Each notebook is executed in a fresh kernel, in its own folder (as nbval runs it), and written
back with only the text outputs of the cells marked ``# NBVAL_CHECK_OUTPUT`` (see
:func:`pavlov_widgets.tutor.workspace.keep_checked`). Review the diff: a changed expected
output is a changed lesson.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from pavlov_widgets.tutor.workspace import is_clean, keep_checked


def refresh(path: Path) -> None:
    """Execute ``path`` and write it back with its checked outputs only."""
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    clean = keep_checked(json.loads(nbformat.writes(notebook)))
    assert is_clean(clean), path
    path.write_text(json.dumps(clean, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    """Refresh every notebook named on the command line."""
    if not argv:
        print(__doc__)
        return 2
    for name in argv:
        refresh(Path(name))
        print(f"refreshed {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
