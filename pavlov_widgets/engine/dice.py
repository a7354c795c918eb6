"""Dice: a small seeded generator kept inside the game state, and the exact odds of a roll.

The rulebook's rolls are all six-sided dice read one of a few ways: one die picks a colour,
track or position; "at least one die ≥ X" hits (Sniper, Mortar, artillery, attacks);
"each die ≥ X" counts (anti-aircraft fire); the sum is compared with a Defense (Storm Group
raid) or names a location (Ju 87, 3d6); each die separately decides a counter's fate
(Storm Group casualties, 1–4 lost). :func:`distribution` gives the exact probability of
every result of such a test, for the what-if lab; :func:`reading` says what one concrete roll
means under its test (result, marks, success, hits), for the log and the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any

from .i18n import N_, _, ngettext
from .sections import colour_name

MASK64 = (1 << 64) - 1


def next_random(state: int) -> tuple[int, int]:
    """One step of SplitMix64: returns ``(new_state, 64-bit output)``.

    The whole generator is one integer, so a game's state (and so every snapshot, save and
    undo point) carries it as plain data.
    """
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
    limit = _SPAN - _SPAN % n
    while True:
        # next_random, inlined: every die and every shuffle comes through here
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        value = z ^ (z >> 31)
        if value < limit:
            return state, value % n


_SPAN = MASK64 + 1


def seed_state(seed: int, stream: str) -> int:
    """The generator state for one stream (``"dice"`` or ``"cards"``) of a seeded game."""
    state = seed & MASK64
    for ch in stream:
        state, _unused = next_random(state ^ ord(ch))
    return state


# --- exact odds ---------------------------------------------------------------------------


@cache
def _sum_counts(n: int) -> tuple[int, ...]:
    """How many of the 6**n ordered rolls of n dice give each total (index = total)."""
    counts = [1]
    for _die in range(n):
        nxt = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            if ways:
                for face in range(1, 7):
                    nxt[total + face] += ways
        counts = nxt
    return tuple(counts)


def p_any_at_least(n: int, target: int) -> Fraction:
    """Probability that at least one of n dice shows ``target`` or more."""
    if n <= 0:
        return Fraction(0)
    target = max(1, target)
    if target > 6:
        return Fraction(0)
    return 1 - Fraction(target - 1, 6) ** n


def p_sum_at_least(n: int, target: int) -> Fraction:
    """Probability that n dice total ``target`` or more."""
    counts = _sum_counts(n)
    good = sum(counts[max(0, target) :])
    return Fraction(good, 6**n)


def _binomial(n: int, p: Fraction) -> list[Fraction]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _count_label(kind: str, k: int) -> str:
    """``"1 hit"``, ``"3 hits"`` or ``"2 unharmed"``."""
    if kind == "survive":
        return f"{k} unharmed"
    return f"{k} hit" if k == 1 else f"{k} hits"


def distribution(n: int, test: dict[str, Any]) -> list[tuple[str, Fraction]]:
    """Every result of rolling n dice for ``test``, with its exact probability.

    ``test["type"]`` is one of ``pick`` (one die read through ``labels``), ``any`` (hit when a
    die ≥ ``target``), ``count`` (how many dice ≥ ``target``), ``sum`` (total ≥ ``target``),
    ``total`` (the total itself) or ``survive`` (how many dice ≥ ``target``, read as counters
    unharmed). The probabilities sum to exactly 1.
    """
    kind = test["type"]
    if kind == "pick":
        labels: list[str] = test["labels"]
        out: dict[str, Fraction] = {}
        for label in labels:
            out[label] = out.get(label, Fraction(0)) + Fraction(1, 6)
        return list(out.items())
    if kind == "any":
        hit = p_any_at_least(n, test["target"])
        return [("hit", hit), ("miss", 1 - hit)]
    if kind == "sum":
        success = p_sum_at_least(n, test["target"])
        return [("success", success), ("failure", 1 - success)]
    if kind == "total":
        counts = _sum_counts(n)
        return [(str(t), Fraction(w, 6**n)) for t, w in enumerate(counts) if w]
    if kind in ("count", "survive"):
        target = max(1, min(7, test["target"]))
        p = Fraction(7 - target, 6)
        return [(_count_label(kind, k), q) for k, q in enumerate(_binomial(n, p))]
    raise ValueError(f"unknown dice test type {kind!r}")


def dice_text(n: int) -> str:
    """``"1 die"`` or ``"3 dice"``: how many dice a roll uses, in the language now.

    A count to show on its own; a sentence that counts dice is whole in the catalog.
    """
    return ngettext("{count} die", "{count} dice", n).format(count=n)


# TRANSLATORS: what a roll came to, shown after its label ("Sniper: hit"); "casualty" and
# "unharmed" are a raider's fate die in a Storm Group raid (3.0)
RESULT_WORDS = (N_("hit"), N_("miss"), N_("success"), N_("failure"), N_("casualty"),
                N_("unharmed"))
"""The one-word results of the tests (``any``, ``sum``, and a raider's fate die, 3.0)."""


def result_words(result: str) -> str:
    """A roll's result (one of :func:`distribution`'s keys) in words, in the language now.

    The keys stay English, because programs read them ("2 hits", "purple 3", "track 4");
    this is what a person reads in the log and on the dice tray.
    """
    words = result.split()
    if len(words) == 1:
        if result.isdigit():
            return result
        if result in ("green", "red", "purple"):
            return colour_name(result)
        return _(result)
    if len(words) == 2 and words[0].isdigit():
        count = int(words[0])
        if words[1] in ("hit", "hits"):
            return ngettext("{count} hit", "{count} hits", count).format(count=count)
        if words[1] == "unharmed":
            return ngettext("{count} unharmed", "{count} unharmed", count).format(count=count)
    if len(words) == 2 and words[1].isdigit():
        if words[0] == "track":
            return _("track {number}").format(number=words[1])
        # TRANSLATORS: a combat position named by one colour's number ("purple 3")
        return _("{colour} {number}").format(colour=colour_name(words[0]), number=words[1])
    return _(result)


def hit_marks(dice: list[int], test: dict[str, Any]) -> tuple[bool, ...]:
    """Which dice succeed, for the tests read die by die (``any``, ``count``, ``survive``).

    A die succeeds when it shows the target or more: a hit for ``any`` and ``count``, a
    counter left unharmed for ``survive``. Tests read as a whole (``pick``, ``sum``,
    ``total``) give ``()``. The board marks each die with it.
    """
    if test["type"] in ("any", "count", "survive"):
        target = test["target"]
        return tuple(d >= target for d in dice)
    return ()


def read(dice: list[int], test: dict[str, Any]) -> str:
    """The result label of a concrete roll under ``test`` (one of :func:`distribution`'s)."""
    kind = test["type"]
    if kind == "pick":
        labels: list[str] = test["labels"]
        return labels[dice[0] - 1]
    if kind == "any":
        return "hit" if any(d >= test["target"] for d in dice) else "miss"
    if kind == "sum":
        return "success" if sum(dice) >= test["target"] else "failure"
    if kind == "total":
        return str(sum(dice))
    if kind in ("count", "survive"):
        return _count_label(kind, sum(d >= test["target"] for d in dice))
    raise ValueError(f"unknown dice test type {kind!r}")


@dataclass(frozen=True, slots=True)
class Reading:
    """What one concrete roll means under its test: the facts the log entry carries.

    Attributes:
        result: the result label, one of :func:`distribution`'s ("hit", "2 hits",
            "success", "purple 3", "11").
        marks: which dice succeeded, for the tests read die by die (:func:`hit_marks`).
        success: whether the roll reached its goal, for the tests that have one: a die at
            the target or more (``any``), at least one hit (``count``), the total at the
            target or more (``sum``). None for the tests that name something (``pick``: a
            colour, track or position; ``total``: a location) and for ``survive`` (each die
            decides its own counter).
        hits: how many dice hit, for the test that counts them (``count``); None otherwise.
    """

    result: str
    marks: tuple[bool, ...]
    success: bool | None
    hits: int | None


def reading(dice: list[int], test: dict[str, Any]) -> Reading:
    """Read a concrete roll under ``test``: its result, marks, success and hits."""
    kind = test["type"]
    marks = hit_marks(dice, test)
    success: bool | None = None
    hits: int | None = None
    if kind == "any":
        success = any(marks)
    elif kind == "count":
        hits = sum(marks)
        success = hits > 0
    elif kind == "sum":
        success = sum(dice) >= test["target"]
    return Reading(read(dice, test), marks, success, hits)
