"""The language of the words people read: English, French or Russian (gettext catalogs).

The game was printed in three languages, and so the tutor speaks them. Every sentence the
engine writes for people (a log line, a decision's question, an option's label, a phase or
rule name) is looked up whole in a message catalog, with its values put in afterwards by
name; no sentence is built out of translated pieces, because word order and agreement differ
between the languages. Plural forms come from the catalog's own rule: Russian has three
(1 бомба, 2 бомбы, 5 бомб), so a count's words are chosen by :func:`ngettext`, never by
adding an "s".

The catalogs are made with Babel (``scripts/i18n.sh``: extract, update, compile) and read
at run time by the standard library's :mod:`gettext`, so the engine needs nothing else. The
English source text is the message id, and English needs no catalog.

Which language: :func:`set_language` (or ``PAVLOV_LANG=fr`` in the environment) sets the
process's; ``with using("ru"):`` sets it for a block (a :class:`.Game` made with
``language="ru"`` runs each of its steps inside one). Rule citations keep their section
numbers in every language ("3.0 Attaque du défenseur").
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "fr", "ru")
"""The languages of the three printings: English (the authority), French and Russian."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "ru": "Русский"}
"""Each language's name in itself, for a menu."""

DOMAIN = "pavlov"
"""The catalogs' gettext domain: ``locale/<lang>/LC_MESSAGES/pavlov.mo``."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the compiled catalogs are (inside the package, so a wheel carries them)."""

ENV_VAR = "PAVLOV_LANG"
"""The environment variable that sets the process's language before anything runs."""


class LanguageError(ValueError):
    """A language that is not one of :data:`LANGUAGES`: names the value and the choices."""


def check_language(code: object, field: str = "language") -> str:
    """``code`` if it is one of :data:`LANGUAGES` ("EN" and "fr_FR" are read as "en", "fr").

    Raises :class:`LanguageError` naming ``field``, the value and the languages there are.
    """
    if isinstance(code, str):
        short = code.strip().lower().replace("-", "_").split("_")[0]
        if short in LANGUAGES:
            return short
    raise LanguageError(
        f"{field}: {code!r} is not a language of the tutor; the languages are "
        f"{', '.join(repr(x) for x in LANGUAGES)}"
    )


class _Misses(gettext.NullTranslations):
    """The last fallback of a catalog: it notes each message the catalog lacks.

    An English message shown in a French game is a defect; the tests play whole games and
    read :func:`misses` to find them.
    """

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language
        self.missed: set[str] = set()

    def gettext(self, message: str) -> str:
        self.missed.add(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.missed.add(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.missed.add(f"{context}\x04{message}")
        return message


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (English: the message ids themselves).

    Read once per process. A missing compiled catalog is an installation fault, and says so.
    """
    language = check_language(language)
    if language == "en":
        return gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.is_file():
        raise FileNotFoundError(
            f"the {LANGUAGE_NAMES[language]} catalog {path} is missing: run "
            "`bash scripts/i18n.sh compile` in a checkout"
        )
    with path.open("rb") as fp:
        found = gettext.GNUTranslations(fp)
    found.add_fallback(_Misses(language))
    return found


def misses(language: str) -> set[str]:
    """The messages looked up in ``language`` since the process began that it has no entry for."""
    fallback = getattr(catalog(language), "_fallback", None)
    return set(fallback.missed) if isinstance(fallback, _Misses) else set()


def _from_environment() -> str:
    raw = os.environ.get(ENV_VAR, "")
    return check_language(raw, ENV_VAR) if raw.strip() else "en"


_process_language = _from_environment()
_current: ContextVar[str | None] = ContextVar("pavlov_language", default=None)


def language() -> str:
    """The language now: a :func:`using` block's, else the process's (default English)."""
    return _current.get() or _process_language


def set_language(code: str) -> None:
    """Set the process's language (as ``PAVLOV_LANG`` does): ``"en"``, ``"fr"`` or ``"ru"``."""
    global _process_language
    code = check_language(code)
    catalog(code)  # a missing catalog fails here, not in the middle of a game
    _process_language = code


@contextmanager
def using(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (None: the process's language); yields the language."""
    if code is None:
        code = language()
    elif code not in LANGUAGES:  # the common case (a game's own code) skips the checks
        code = check_language(code)
        catalog(code)
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` (an English sentence or name) in the language now."""
    code = _current.get() or _process_language
    if code == "en":
        return message
    return catalog(code).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that suits the count ``n`` (Russian has three forms)."""
    code = _current.get() or _process_language
    if code == "en":
        return singular if n == 1 else plural
    return catalog(code).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language now, where the same English word means two things.

    ``context`` says which ("token" and "card" for Resupply, which is both, Setup 2 and 9).
    """
    code = _current.get() or _process_language
    if code == "en":
        return message
    return catalog(code).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (a constant's value).

    The value is translated where it is shown, with :func:`_`.
    """
    return message
