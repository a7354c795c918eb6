"""The words people read, in one place: plurals, sentences, percentages and odds in words.

The log's sentences are for people (the facts are fields of :class:`.LogEntry`), so they
should read as English does: "1 bomb", "2 bombs", never "bomb(s)". Every layer (the engine,
the board, the tutor) formats its percentages and finishes its sentences here, so one chance
always reads the same wherever it is shown, and the words can be translated in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def plural(n: int, noun: str, many: str = "") -> str:
    """A count with its noun in the right number: ``"1 bomb"``, ``"3 bombs"``, ``"0 bombs"``.

    ``many`` is the plural when adding an "s" is wrong (``plural(2, "die", "dice")``).
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
    """Words joined as alternatives: ``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def all_of(words: Sequence[str]) -> str:
    """Words joined as a list: ``a``, ``a and b``, ``a, b and c`` ("" for none)."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def percent(p: Fraction) -> str:
    """A probability as a percentage: ``33%``, ``6.9%`` (one decimal under 10%).

    A chance that is not certain never reads 100% (or 0%): 7775/7776 is "over 99.9%".
    """
    value = float(p) * 100
    if 0 < p < 1 and round(value) in (0, 100):
        return "under 0.1%" if value < 0.1 else ("over 99.9%" if value > 99.9 else f"{value:.1f}%")
    if value < 10 and value != round(value):
        return f"{value:.1f}%"
    return f"{round(value)}%"


def times_in(p: Fraction) -> str:
    """An exact probability in plain words: ``1 time in 3 (33%)``, ``65 times in 81 (80%)``."""
    if p <= 0:
        return "never"
    if p >= 1:
        return "every time"
    times = "1 time" if p.numerator == 1 else f"{p.numerator} times"
    return f"{times} in {p.denominator} ({percent(p)})"
