"""The message catalogs' own checks (scripts/i18n.py, issue 23): what makes a translation unfit.

The test command runs ``python scripts/i18n.py check`` on the committed catalogs; these tests
make sure that check can fail, and for the right reasons.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import i18n as catalogs  # scripts/i18n.py, not the engine's module


def test_a_translation_must_fill_exactly_the_english_placeholders() -> None:
    """A dropped, renamed or extra placeholder would lose a value or make .format() fail."""
    assert catalogs.placeholder_problem("{name} moves", "{name} se déplace") == ""
    assert catalogs.placeholder_problem("{name} moves", "Déplacement : {name}") == ""
    assert "fills []" in catalogs.placeholder_problem("{name} moves", "il se déplace")
    assert "KeyError('nom')" in catalogs.placeholder_problem("{name} moves", "{nom} se déplace")
    assert "does not format" in catalogs.placeholder_problem("{name} moves", "{name} {")


def test_every_plural_form_keeps_the_count() -> None:
    """Russian's "one" form also reads 21 and 31, so it must show the number too."""
    english = ("{count} bomb", "{count} bombs")
    assert catalogs.placeholder_problem(english, ["{count} бомба", "{count} бомбы",
                                                  "{count} бомб"]) == ""
    assert catalogs.placeholder_problem(english, ["бомба", "{count} бомбы", "{count} бомб"])


def test_the_committed_catalogs_pass_their_check() -> None:
    """Fresh, every message translated, none fuzzy, the .mo files as the .po files say."""
    assert catalogs.problems() == []
