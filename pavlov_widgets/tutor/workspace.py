"""The learner's own copies of the tutor's notebooks, so running them never edits the repository.

JupyterLab saves a notebook's outputs (thousands of lines of widget state) as soon as it is
run; if the learner ran the repository's own notebooks, their next ``git pull`` would
conflict. ``scripts/tutor.sh`` therefore opens copies in ``my-notebooks/`` (ignored by git):
each notebook is copied once, without outputs, and a copy the learner has already worked in is
never overwritten. A notebook that is new in the repository (after a pull) is copied in the
next time.

Run it by hand with ``python -m pavlov_widgets.tutor.workspace [SOURCE] [TARGET]``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

SOURCE = Path("notebooks")
"""The repository's notebooks (kept without outputs but the expected text of checked cells;
a test checks it)."""
TARGET = Path("my-notebooks")
"""The learner's copies (git-ignored)."""


def strip_outputs(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook without outputs, execution counts or saved widget state."""
    clean = dict(notebook)
    clean["cells"] = []
    for cell in notebook.get("cells", []):
        cell = dict(cell)
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        clean["cells"].append(cell)
    metadata = dict(notebook.get("metadata", {}))
    metadata.pop("widgets", None)
    clean["metadata"] = metadata
    return clean


CHECKED = "# NBVAL_CHECK_OUTPUT"
"""The mark of a cell whose text output the tests compare (nbval): it keeps that output."""


def _is_text_only(output: dict[str, Any]) -> bool:
    if output.get("output_type") == "stream":
        return True
    data = output.get("data", {})
    return output.get("output_type") == "execute_result" and set(data) == {"text/plain"}


def is_clean(notebook: dict[str, Any]) -> bool:
    """Whether a notebook is fit to commit.

    No widget state, and no outputs except the expected text outputs of the cells the tests
    check (marked :data:`CHECKED`).
    """
    if "widgets" in notebook.get("metadata", {}):
        return False
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        outputs = cell.get("outputs", [])
        checked = "".join(cell.get("source", [])).lstrip().startswith(CHECKED)
        if outputs and not (checked and all(_is_text_only(o) for o in outputs)):
            return False
    return True


def keep_checked(executed: dict[str, Any]) -> dict[str, Any]:
    """An executed notebook made fit to commit (:func:`is_clean`).

    Only the text outputs of the checked cells stay (the expected output nbval compares); every
    code cell keeps its execution count, since nbval does not compare a checked cell that looks
    as if it never ran.
    """
    clean = strip_outputs(executed)
    count = 0
    for cell, ran in zip(clean["cells"], executed.get("cells", []), strict=True):
        if cell.get("cell_type") != "code":
            continue
        count += 1
        cell["execution_count"] = count
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items()
                            if k != "execution"}  # run timings: noise in a diff
        if "".join(cell.get("source", [])).lstrip().startswith(CHECKED):
            kept = []
            for output in ran.get("outputs", []):
                if output.get("output_type") == "stream":
                    kept.append(output)
                elif output.get("output_type") == "execute_result":
                    text = output.get("data", {}).get("text/plain")
                    if text is not None:
                        kept.append({"output_type": "execute_result", "metadata": {},
                                     "execution_count": count, "data": {"text/plain": text}})
            cell["outputs"] = kept
    return clean


def prepare(source: Path = SOURCE, target: Path = TARGET) -> list[Path]:
    """Copy every notebook of ``source`` that ``target`` lacks; return the copies made.

    Raises:
        FileNotFoundError: ``source`` is not a folder.
    """
    if not source.is_dir():
        raise FileNotFoundError(f"no notebooks folder at {source}")
    target.mkdir(parents=True, exist_ok=True)
    made = []
    for original in sorted(source.glob("*.ipynb")):
        copy = target / original.name
        if copy.exists():
            continue  # the learner's own work: never overwrite it
        notebook = json.loads(original.read_text(encoding="utf-8"))
        copy.write_text(json.dumps(strip_outputs(notebook), indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        made.append(copy)
    return made


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m pavlov_widgets.tutor.workspace [SOURCE] [TARGET]``."""
    args = sys.argv[1:] if argv is None else argv
    source = Path(args[0]) if args else SOURCE
    target = Path(args[1]) if len(args) > 1 else TARGET
    made = prepare(source, target)
    for copy in made:
        print(f"copied {copy}")
    print(f"{target}/: your own copies of the tutor's notebooks ({len(made)} new)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
