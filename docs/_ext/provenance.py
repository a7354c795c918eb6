"""The component-provenance tables, generated at build time from ``pavlov_widgets/data``.

Every component record in the data files carries ``provenance = {"kind", "source", "note"}``
where kind is ``rulebook`` (printed in the rules), ``inferred`` (worked out from them) or
``reconstructed`` (filled in by the project). The ``provenance-tables`` directive renders a
summary (records per kind and file) and then one table per file; files or parts of files that
are not lists of records are reported as such, never an error, so new data files can land
freely.

Usage in a MyST page::

    ```{provenance-tables}
    :data-dir: ../pavlov_widgets/data
    ```
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

KINDS = ("rulebook", "inferred", "reconstructed")
COLUMNS = ("id", "name", "kind", "source", "note")


@dataclass(frozen=True)
class Row:
    """One component record, flattened for the table."""

    id: str
    name: str
    kind: str
    source: str
    note: str


@dataclass(frozen=True)
class RecordGroup:
    """The records of one list inside a data file (``label`` names where the list sits)."""

    label: str
    rows: tuple[Row, ...]


def _text(value: Any) -> str:
    """Show any JSON value as one line of text."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def row_from_record(record: Mapping[str, Any], fallback_id: str = "") -> Row:
    """Flatten a record; a ``provenance`` that is a plain string counts as its source.

    The id is the record's ``id``, else its ``number``, else ``fallback_id``.
    """
    provenance = record.get("provenance")
    if isinstance(provenance, Mapping):
        kind, source, note = (provenance.get(key) for key in ("kind", "source", "note"))
    else:
        kind, source, note = None, provenance, None
    return Row(
        id=_text(record.get("id", record.get("number", fallback_id))),
        name=_text(record.get("name")),
        kind=_text(kind) or "unstated",
        source=_text(source),
        note=_text(note),
    )


def _is_record(value: Any) -> bool:
    return isinstance(value, Mapping) and "provenance" in value


def find_record_groups(data: Any, label: str = "") -> Iterator[RecordGroup]:
    """Yield every list of records (dicts with ``provenance``) found in a JSON document.

    Finds lists of records (``[...]`` or ``{"cards": [...], "counters": [...]}``) and dicts
    of records keyed by id, at any depth; a dict's own ``provenance`` (e.g. a whole file's)
    is not a record of it: see :func:`document_provenance`.
    """
    if isinstance(data, list):
        records = [item for item in data if _is_record(item)]
        if records:
            rows = (row_from_record(r, fallback_id=str(i)) for i, r in enumerate(records, 1))
            yield RecordGroup(label, tuple(rows))
        return
    if not isinstance(data, Mapping):
        return
    keyed = {key: value for key, value in data.items() if _is_record(value)}
    if keyed:
        rows = (row_from_record(value, fallback_id=str(key)) for key, value in keyed.items())
        yield RecordGroup(label, tuple(rows))
    for key, value in data.items():
        if key != "provenance":
            yield from find_record_groups(value, f"{label}.{key}" if label else str(key))


def document_provenance(data: Any) -> Row | None:
    """The provenance of a whole file (a top-level object's own ``provenance``), if any."""
    return row_from_record(data) if _is_record(data) else None


def _table(rows: Sequence[Sequence[str]], header: Sequence[str]) -> nodes.table:
    """A plain docutils table."""
    table = nodes.table(classes=["provenance-table"])
    group = nodes.tgroup(cols=len(header))
    table += group
    group.extend(nodes.colspec(colwidth=1) for _ in header)

    def make_row(cells: Sequence[str]) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=cell)
            row += entry
        return row

    thead = nodes.thead()
    thead += make_row(header)
    group += thead
    tbody = nodes.tbody()
    tbody.extend(make_row(cells) for cells in rows)
    group += tbody
    return table


class ProvenanceTables(SphinxDirective):
    """Render the provenance of every record in every ``*.json`` of a data folder."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"data-dir": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        """Build the summary table and one section per data file."""
        data_dir = Path(self.env.srcdir, self.options.get("data-dir", "../pavlov_widgets/data"))
        files = sorted(data_dir.glob("*.json"))
        if not files:
            return [nodes.paragraph(text=f"No component data files yet in {data_dir.name}/.")]

        summary: list[list[str]] = []
        sections: list[nodes.Node] = []
        for path in files:
            self.env.note_dependency(str(path))
            groups, whole, problem = self._read(path)
            counts = Counter(row.kind for group in groups for row in group.rows)
            summary.append(
                [path.name, *(str(counts.get(kind, 0)) for kind in KINDS), str(counts.total())]
            )
            sections.append(self._file_section(path, groups, whole, problem))

        totals = [sum(int(line[i]) for line in summary) for i in range(1, len(KINDS) + 2)]
        summary.append(["all files", *map(str, totals)])
        return [_table(summary, ["file", *KINDS, "records"]), *sections]

    def _read(self, path: Path) -> tuple[list[RecordGroup], Row | None, str]:
        """The record groups and whole-file provenance of one file, or the reason for none."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            return [], None, f"could not be read as JSON ({error})"
        groups = list(find_record_groups(data))
        whole = document_provenance(data)
        if not groups:
            return [], whole, "holds no component records with provenance"
        return groups, whole, ""

    def _file_section(
        self, path: Path, groups: list[RecordGroup], whole: Row | None, problem: str
    ) -> nodes.section:
        """One section per data file: a table per list of records, or the reason there is none."""
        section = nodes.section(ids=[nodes.make_id(f"provenance-{path.stem}")])
        section += nodes.title(text=path.name)
        if whole is not None:
            text = f"The file as a whole: {whole.kind}; {whole.source}"
            section += nodes.paragraph(text=f"{text}. {whole.note}".strip())
        if problem:
            section += nodes.paragraph(text=f"{path.name} {problem}.")
        for group in groups:
            if group.label:
                section += nodes.paragraph("", "", nodes.strong(text=group.label))
            rows = [[getattr(row, column) for column in COLUMNS] for row in group.rows]
            section += _table(rows, COLUMNS)
        return section


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``provenance-tables`` directive."""
    app.add_directive("provenance-tables", ProvenanceTables)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
