"""The words people read, in one place: plurals, sentences, percentages and odds in words.

The log's sentences are for people (the facts are fields of :class:`.LogEntry`), so they
should read as English does: "1 bomb", "2 bombs", never "bomb(s)". Every layer (the engine,
the board, the tutor) formats its percentages and finishes its sentences here, so one chance
always reads the same wherever it is shown, and the words can be translated in one place.

Everything here speaks the language now (:mod:`.i18n`): the connectors of a list, the form
of a count, the decimal comma and the space before "%" of French and Russian. ``plural`` is
the one exception: it adds an English "s", so sentences count with :func:`.i18n.ngettext`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from .i18n import _, ngettext, pgettext


def plural(n: int, noun: str, many: str = "") -> str:
    """A count with its English noun in the right number: ``"1 bomb"``, ``"3 bombs"``.

    ``many`` is the plural when adding an "s" is wrong (``plural(2, "die", "dice")``).
    English only (it cannot be translated: Russian has three forms); words a learner reads
    count with :func:`.i18n.ngettext` and a whole sentence instead.
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n} {many or noun + 's'}"


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop.

    Engine errors start in lower case and have no full stop; shown to people, they get both.
    """
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def either(words: Sequence[str]) -> str:
    """Words joined as alternatives: ``a``, ``a or b``, ``a, b or c`` (in the language now)."""
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the end of a list of alternatives: {items} is "a" or "a, b", {last} is "c"
    return _("{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1])


def all_of(words: Sequence[str]) -> str:
    """Words joined as a list: ``a``, ``a and b``, ``a, b and c`` ("" for none; language now)."""
    if len(words) <= 1:
        return "".join(words)
    # TRANSLATORS: the end of a list: {items} is "a" or "a, b", {last} is "c"
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def percent(p: Fraction) -> str:
    """A probability as a percentage: ``33%``, ``6.9%`` (one decimal under 10%).

    A chance that is not certain never reads 100% (or 0%): 7775/7776 is "over 99.9%". French
    and Russian write "6,9 %" (a decimal comma, a narrow space before the sign).
    """
    value = float(p) * 100
    if 0 < p < 1 and round(value) in (0, 100):
        if value < 0.1:
            return _("under {percent}").format(percent=_per_cent("0.1"))
        if value > 99.9:
            return _("over {percent}").format(percent=_per_cent("99.9"))
        return _per_cent(f"{value:.1f}")
    if value < 10 and value != round(value):
        return _per_cent(f"{value:.1f}")
    return _per_cent(str(round(value)))


def _per_cent(number: str) -> str:
    """``number`` (written with a decimal point) as a percentage in the language now."""
    # TRANSLATORS: the decimal separator of a number such as 6.9 (French and Russian: a comma)
    point = pgettext("decimal separator", ".")
    # TRANSLATORS: a percentage; French and Russian put a narrow no-break space before "%"
    return _("{number}%").format(number=number.replace(".", point))


def times_in(p: Fraction) -> str:
    """An exact probability in plain words: ``1 time in 3 (33%)``, ``65 times in 81 (80%)``."""
    if p <= 0:
        return _("never")
    if p >= 1:
        return _("every time")
    return ngettext("{count} time in {whole} ({percent})", "{count} times in {whole} ({percent})",
                    p.numerator).format(count=p.numerator, whole=p.denominator,
                                        percent=percent(p))
