"""The message catalogs (issue 23): extract, update, compile, check and count them, with Babel.

    python scripts/i18n.py extract   # the template locale/pavlov.pot, from the code and data
    python scripts/i18n.py update    # fr.po and ru.po take the template's new and gone ids
    python scripts/i18n.py compile   # the .mo files the engine reads (committed, like board.js)
    python scripts/i18n.py check     # all of it fresh, nothing untranslated or fuzzy
    python scripts/i18n.py stats     # entries, translated, fuzzy, untranslated per language
    python scripts/i18n.py todo fr todo.json    # the untranslated messages, for a translator
    python scripts/i18n.py fill fr done.json    # their translations into fr.po (checked)

Messages come from two places: the code's ``_()``, ``ngettext()``, ``pgettext()`` and ``N_()``
calls (Babel's Python extractor), and the names in the component data (``name``, ``short`` and
the location names of ``pavlov_widgets/data/*.json``), which a game shows as they are.

Babel is a tool of the checkout (the ``test`` extra); the installed engine reads the compiled
catalogs with the standard library's ``gettext``, so installing needs neither Babel nor this
script. ``check`` runs in the test command: a catalog that is stale, or a message left
untranslated or fuzzy, fails it, as a stale board.js does.
"""

from __future__ import annotations

import gettext
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pavlov_widgets"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "pavlov.pot"
TRANSLATED = ("fr", "ru")
"""The languages with a catalog (English is the message ids)."""

SOURCES = ("engine",)
"""The package's folders whose ``_()`` calls are extracted (more join as they are translated)."""

_NAME_FIELDS = ("name", "short")


def _po(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "pavlov.po"


def _mo(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "pavlov.mo"


def _data_names() -> Iterator[tuple[str, str]]:
    """Every name in the component data, with the file and field it is from."""
    for path in sorted((PACKAGE / "data").glob("*.json")):
        seen: set[str] = set()

        def walk(node: object, where: str) -> Iterator[tuple[str, str]]:
            if isinstance(node, dict):
                for key, value in node.items():
                    if key == "provenance":
                        continue
                    if key in _NAME_FIELDS and isinstance(value, str):
                        yield value, f"{where}.{key}"
                    elif key == "location_names" and isinstance(value, dict):
                        for name in value.values():
                            yield name, f"{where}.location_names"
                    else:
                        yield from walk(value, f"{where}.{key}" if where else key)
            elif isinstance(node, list):
                for item in node:
                    yield from walk(item, where)

        for name, field in walk(json.loads(path.read_text(encoding="utf-8")), ""):
            if name not in seen:
                seen.add(name)
                yield name, f"data/{path.name}: {field}"


def template() -> Catalog:
    """The catalog of every message of the code and the data, untranslated."""
    cat = Catalog(project="pavlov_widgets", domain="pavlov", charset="utf-8",
                  msgid_bugs_address="", copyright_holder="pavlov_widgets")
    for folder in SOURCES:
        found = extract_from_dir(PACKAGE / folder, [("**.py", "python")],
                                 keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",),
                                 strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            where = f"pavlov_widgets/{folder}/{filename}"
            cat.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    for name, field in _data_names():
        if name not in cat:
            cat.add(name, None, auto_comments=[field])
    return cat


def _po_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    # no dates, no Babel version and no line numbers: a catalog changes only when a message
    # does, whichever Babel wrote it
    write_po(out, cat, width=96, omit_header=False, sort_output=False, include_lineno=False)
    return b"\n".join(line for line in out.getvalue().split(b"\n")
                      if not line.startswith(_VOLATILE_HEADERS))


_VOLATILE_HEADERS = (b'"POT-Creation-Date', b'"PO-Revision-Date', b'"Generated-By')


def _mo_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def _messages(cat: Catalog) -> dict[object, str]:
    """What a compiled catalog of ``cat`` holds, keyed as :mod:`gettext` keys it.

    ``"msgid"``; ``("msgid", form)`` for a plural; with a context, the context and the msgid
    joined by the byte 4. The header (whose dates and Babel version vary) is left out.
    """
    out: dict[object, str] = {}
    for m in cat:
        if not m.id or m.fuzzy or not _translated(m.string):
            continue
        ids = _forms(m.id)
        key = f"{m.context}\x04{ids[0]}" if m.context else ids[0]
        if len(ids) > 1:
            out.update({(key, i): form for i, form in enumerate(_forms(m.string))})
        else:
            out[key] = str(m.string)
    return out


def _compiled(path: Path) -> dict[object, str]:
    """The messages of a compiled .mo file, as :func:`_messages` keys them."""
    with path.open("rb") as fp:
        found = gettext.GNUTranslations(fp)
    held: dict[object, str] = dict(found._catalog)  # type: ignore[attr-defined]
    held.pop("", None)
    return held


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=language)


def extract() -> None:
    """Write the template."""
    LOCALE.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(_po_bytes(template()))
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template())} messages")


def update() -> None:
    """Bring each language's catalog in line with the template (new ids untranslated)."""
    tmpl = _read(TEMPLATE)
    for language in TRANSLATED:
        path = _po(language)
        if path.exists():
            cat = _read(path, language)
            cat.update(tmpl, update_header_comment=False, no_fuzzy_matching=True)
            cat.obsolete.clear()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=language, domain="pavlov", project="pavlov_widgets",
                          charset="utf-8")
            cat.update(tmpl, no_fuzzy_matching=True)
        path.write_bytes(_po_bytes(cat))
        print(f"{path.relative_to(ROOT)}: {len(cat)} messages")


def compile_all() -> None:
    """Write each language's .mo file from its .po."""
    for language in TRANSLATED:
        _mo(language).write_bytes(_mo_bytes(_read(_po(language), language)))
        print(f"{_mo(language).relative_to(ROOT)}: compiled")


def stats() -> list[tuple[str, int, int, int, int]]:
    """Per language: entries, translated, fuzzy, untranslated (printed as a table)."""
    rows = []
    for language in TRANSLATED:
        cat = _read(_po(language), language)
        entries = [m for m in cat if m.id]
        fuzzy = sum(1 for m in entries if m.fuzzy)
        done = sum(1 for m in entries if not m.fuzzy and _translated(m.string))
        rows.append((language, len(entries), done, fuzzy, len(entries) - done - fuzzy))
    print(f"{'language':<9}{'entries':>8}{'translated':>11}{'fuzzy':>7}{'untranslated':>13}")
    for row in rows:
        print(f"{row[0]:<9}{row[1]:>8}{row[2]:>11}{row[3]:>7}{row[4]:>13}")
    return rows


def _translated(string: str | tuple[str, ...]) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


_PLACEHOLDER = re.compile(r"{(\w*)}")


def placeholders(text: str) -> set[str]:
    """The ``{named}`` placeholders of a message (what ``str.format`` fills)."""
    return set(_PLACEHOLDER.findall(text))


def _forms(message: object) -> tuple[str, ...]:
    return tuple(message) if isinstance(message, (tuple, list)) else (str(message),)


def placeholder_problem(msgid: object, msgstr: object) -> str:
    """Why a translation cannot stand for its message ("" if it can).

    Every form of the translation must fill exactly the placeholders of the English, so
    ``.format()`` neither fails nor drops a value; braces that are not placeholders must be
    doubled, as in the English.
    """
    want = set().union(*(placeholders(f) for f in _forms(msgid)))
    for form in _forms(msgstr):
        try:
            form.format(**dict.fromkeys(want, "x"))
        except (KeyError, IndexError, ValueError) as exc:
            return f"{form!r} does not format ({exc!r})"
        if placeholders(form) != want:
            return (f"{form!r} fills {sorted(placeholders(form))}, the English "
                    f"{sorted(want)}")
    return ""


def todo(language: str, out: Path) -> None:
    """Write the untranslated and fuzzy messages of ``language`` as JSON for a translator.

    Each item: ``id`` (and ``plural``), the translator ``comments`` and the ``where`` the
    message is used; ``forms`` says how many plural forms the language has.
    """
    cat = _read(_po(language), language)
    items = []
    for m in cat:
        if not m.id or (not m.fuzzy and _translated(m.string)):
            continue
        ids = _forms(m.id)
        item: dict[str, object] = {"id": ids[0]}
        if len(ids) > 1:
            item["plural"] = ids[1]
            item["forms"] = cat.num_plurals
        if m.context:
            item["context"] = m.context
        notes = [*m.auto_comments, *(f"{f}" for f, _line in m.locations)]
        if notes:
            item["notes"] = notes
        items.append(item)
    out.write_text(json.dumps(items, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{out}: {len(items)} messages to translate into {language}")


def fill(language: str, done: Path) -> None:
    """Put a translator's JSON (a list of ``{"id", "context"?, "translation"}``) into the .po.

    A translation is a string, or a list of the language's plural forms. One whose
    placeholders differ from the English is refused and listed; the rest go in.
    """
    cat = _read(_po(language), language)
    refused, added = [], 0
    for item in json.loads(done.read_text(encoding="utf-8")):
        key = item["id"]
        context = item.get("context")
        message = cat.get(key, context)
        if message is None:
            refused.append(f"not in the catalog: {key!r}")
            continue
        given = item["translation"]
        forms = _forms(message.id)
        if len(forms) > 1 and (not isinstance(given, list) or len(given) != cat.num_plurals):
            refused.append(f"{key!r}: needs {cat.num_plurals} plural forms")
            continue
        problem = placeholder_problem(message.id, given)
        if problem:
            refused.append(f"{key!r}: {problem}")
            continue
        message.string = tuple(given) if len(forms) > 1 else str(given)
        message.flags.discard("fuzzy")
        added += 1
    _po(language).write_bytes(_po_bytes(cat))
    print(f"{language}: {added} translations in, {len(refused)} refused")
    for line in refused:
        print("  refused:", line)


def problems() -> list[str]:
    """What is stale, untranslated or fuzzy (empty when all is well)."""
    out = []
    fresh = template()
    if not TEMPLATE.exists() or _po_bytes(fresh) != TEMPLATE.read_bytes():
        out.append(f"{TEMPLATE.relative_to(ROOT)} is stale: run `python scripts/i18n.py "
                   "extract` and `update`, then translate")
    ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in fresh if m.id}
    for language in TRANSLATED:
        cat = _read(_po(language), language)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in cat if m.id}
        if have != ids:
            out.append(f"{language}: the catalog lacks {len(ids - have)} and has "
                       f"{len(have - ids)} messages the code does not: run `update`")
        for m in cat:
            if m.id and (m.fuzzy or not _translated(m.string)):
                first = m.id if isinstance(m.id, str) else m.id[0]
                out.append(f"{language}: {'fuzzy' if m.fuzzy else 'untranslated'}: {first!r}")
            elif m.id and placeholder_problem(m.id, m.string):
                out.append(f"{language}: {placeholder_problem(m.id, m.string)}")
        # the messages, not the bytes: a .mo's header holds a date and the Babel version
        if not _mo(language).exists() or _compiled(_mo(language)) != _messages(cat):
            out.append(f"{_mo(language).relative_to(ROOT)} is stale: run `compile`")
    return out


def main(argv: list[str]) -> int:
    """Run one command (see the module's docstring)."""
    command = argv[0] if argv else ""
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "stats":
        stats()
    elif command in ("todo", "fill") and len(argv) == 3 and argv[1] in TRANSLATED:
        (todo if command == "todo" else fill)(argv[1], Path(argv[2]))
    elif command == "check":
        found = problems()
        for line in found[:40]:
            print(line)
        if len(found) > 40:
            print(f"... and {len(found) - 40} more")
        if found:
            return 1
        print("catalogs: fresh, every message translated, none fuzzy")
        stats()
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
