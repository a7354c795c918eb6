"""The docs' small Sphinx extensions: provenance tables, notebook copies, layered names."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs" / "_ext"))

import layered_refs
import notebook_sources
import provenance


def _record(id_: str, kind: str = "rulebook") -> dict[str, object]:
    return {"id": id_, "name": id_.title(), "provenance": {"kind": kind, "source": "EN 3.0"}}


def test_a_top_level_list_of_records_is_one_group() -> None:
    (group,) = provenance.find_record_groups([_record("a"), _record("b", "inferred"), 7])
    assert [(row.id, row.kind) for row in group.rows] == [("a", "rulebook"), ("b", "inferred")]
    assert group.label == ""


def test_lists_inside_a_file_with_its_own_provenance_are_found() -> None:
    data = {
        "provenance": {"kind": "rulebook", "source": "EN Setup", "note": "whole file"},
        "squares": [_record("g1")],
        "tracks": [{"number": 3, "provenance": {"kind": "inferred"}}],
        "defense": {"start": 6},
    }
    groups = {group.label: group for group in provenance.find_record_groups(data)}
    assert set(groups) == {"squares", "tracks"}
    assert groups["tracks"].rows[0].id == "3"  # no id: the record's number
    whole = provenance.document_provenance(data)
    assert whole is not None and whole.note == "whole file"


def test_records_keyed_by_id_and_odd_provenance_are_tolerated() -> None:
    data = {"cards": {"c1": {"provenance": "a plain string"}}, "version": 2}
    (group,) = provenance.find_record_groups(data)
    row = group.rows[0]
    assert (group.label, row.id, row.kind) == ("cards", "c1", "unstated")
    assert row.source == "a plain string"


@pytest.mark.parametrize("data", [{}, [], [1, 2], {"a": 1}, "text", None])
def test_documents_without_records_give_no_group(data: object) -> None:
    assert list(provenance.find_record_groups(data)) == []
    assert provenance.document_provenance(data) is None


def test_notebooks_are_mirrored_without_pages_or_checkpoints(tmp_path: Path) -> None:
    source = tmp_path / "notebooks"
    (source / ".ipynb_checkpoints").mkdir(parents=True)
    (source / "02_b.ipynb").write_text("{}")
    (source / "01_a.ipynb").write_text("{}")
    (source / "README.md").write_text("# not a page")
    (source / "data.csv").write_text("x")
    target = tmp_path / "docs" / "notebooks"
    target.mkdir(parents=True)
    (target / "stale.ipynb").write_text("{}")

    notebooks = notebook_sources.mirror_notebooks(source, target)

    assert [nb.name for nb in notebooks] == ["01_a.ipynb", "02_b.ipynb"]
    assert sorted(p.name for p in target.iterdir()) == ["01_a.ipynb", "02_b.ipynb", "data.csv"]
    toctree = notebook_sources.toctree_markdown(notebooks, target, "Tutor")
    assert toctree.splitlines()[-3:] == ["notebooks/01_a", "notebooks/02_b", "```"]


def test_no_notebook_folder_gives_an_empty_copy_and_a_note(tmp_path: Path) -> None:
    target = tmp_path / "docs" / "notebooks"
    assert notebook_sources.mirror_notebooks(tmp_path / "missing", target) == []
    assert target.is_dir()
    assert "not been written yet" in notebook_sources.toctree_markdown([], target, "Tutor")


def test_a_bare_name_two_layers_define_means_the_widgets_class_outside_the_engine() -> None:
    board, refusal = "pavlov_widgets.widget.board.Board", "pavlov_widgets.widget.protocol.Refusal"
    assert layered_refs.full_name("Board", "pavlov_widgets.widget.sessions.base") == board
    assert layered_refs.full_name("Board", "pavlov_widgets.tutor.walkthrough.session") == board
    assert layered_refs.full_name("Refusal", "pavlov_widgets.widget.sessions.play") == refusal
    # the engine's own names, and names no other layer has, are left to Sphinx
    assert layered_refs.full_name("Board", "pavlov_widgets.engine.components") is None
    assert layered_refs.full_name("Refusal", "pavlov_widgets.tutor.coach") is None
    assert layered_refs.full_name("Board", "pavlov_widgets.widgetry") is None
    assert layered_refs.full_name("Game", "pavlov_widgets.widget.board") is None
