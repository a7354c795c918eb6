"""The learner works in copies, so the repository's notebooks stay clean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pavlov_widgets.tutor.workspace import is_clean, keep_checked, main, prepare, strip_outputs

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_committed_notebooks_hold_no_outputs(path: Path) -> None:
    """A run notebook committed by mistake would conflict with every learner's git pull."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert is_clean(notebook), (
        f"{path.name} holds outputs or widget state: clear them before committing "
        "(python -m pavlov_widgets.tutor.workspace copies them for you to run)"
    )


def _notebook(outputs: list[dict[str, object]]) -> dict[str, object]:
    return {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": ["# Title"]},
            {"cell_type": "code", "metadata": {}, "source": ["1 + 1"],
             "execution_count": 3, "outputs": outputs},
        ],
        "metadata": {"widgets": {"state": {}}, "kernelspec": {"name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def test_strip_outputs_clears_outputs_counts_and_widget_state() -> None:
    run = _notebook([{"output_type": "execute_result", "data": {"text/plain": "2"}}])
    assert not is_clean(run)
    clean = strip_outputs(run)
    assert is_clean(clean)
    checked = _notebook([{"output_type": "stream", "name": "stdout", "text": ["2"]}])
    checked["cells"][1]["source"] = ["# NBVAL_CHECK_OUTPUT\n", "print(1 + 1)"]
    del checked["metadata"]["widgets"]
    assert is_clean(checked)  # the expected text of a checked cell stays
    checked["cells"][1]["outputs"].append(
        {"output_type": "display_data",
         "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x"}}})
    assert not is_clean(checked)  # but never a widget view
    assert clean["cells"][1]["outputs"] == [] and clean["cells"][1]["execution_count"] is None
    assert "widgets" not in clean["metadata"] and clean["metadata"]["kernelspec"]
    assert run["cells"][1]["outputs"]  # the original is untouched


def test_prepare_copies_new_notebooks_and_never_overwrites_the_learners(tmp_path: Path) -> None:
    source, target = tmp_path / "notebooks", tmp_path / "mine"
    source.mkdir()
    (source / "01.ipynb").write_text(json.dumps(_notebook([])), encoding="utf-8")
    assert prepare(source, target) == [target / "01.ipynb"]
    (target / "01.ipynb").write_text("the learner's own work", encoding="utf-8")
    (source / "02.ipynb").write_text(json.dumps(_notebook([])), encoding="utf-8")
    assert prepare(source, target) == [target / "02.ipynb"]  # only the new one
    assert (target / "01.ipynb").read_text(encoding="utf-8") == "the learner's own work"


def test_prepare_names_a_missing_source(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no notebooks folder at"):
        prepare(tmp_path / "nowhere", tmp_path / "mine")


def test_the_command_line_reports_what_it_copied(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "notebooks"
    source.mkdir()
    (source / "01.ipynb").write_text(json.dumps(_notebook([])), encoding="utf-8")
    assert main([str(source), str(tmp_path / "mine")]) == 0
    out = capsys.readouterr().out
    assert "copied" in out and "(1 new)" in out


def test_keep_checked_keeps_only_the_checked_text_and_every_execution_count() -> None:
    widget = {"output_type": "display_data", "metadata": {},
              "data": {"text/plain": "Board", "application/vnd.jupyter.widget-view+json": {}}}
    executed = {"metadata": {"widgets": {"state": {}}}, "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# 05"},
        {"cell_type": "code", "metadata": {"execution": {"t": 1}}, "execution_count": 7,
         "source": "board", "outputs": [widget]},
        {"cell_type": "code", "metadata": {}, "execution_count": 8,
         "source": "# NBVAL_CHECK_OUTPUT\nprint(walk)\nwalk",
         "outputs": [{"output_type": "stream", "name": "stdout", "text": "step 3 of 3\n"},
                     {**widget, "output_type": "execute_result", "execution_count": 8}]},
    ]}
    clean = keep_checked(executed)
    assert is_clean(clean)
    first, second = clean["cells"][1], clean["cells"][2]
    assert first["outputs"] == [] and first["execution_count"] == 1 and first["metadata"] == {}
    assert second["execution_count"] == 2
    assert second["outputs"][0]["text"] == "step 3 of 3\n"
    assert second["outputs"][1]["data"] == {"text/plain": "Board"}
