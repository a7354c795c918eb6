"""Small helpers for the sentences of the log and the labels of options.

The log's sentences are for people (the facts are fields of :class:`.LogEntry`), so they
should read as English does: "1 bomb", "2 bombs", never "bomb(s)".
"""

from __future__ import annotations


def plural(n: int, noun: str, many: str = "") -> str:
    """A count with its noun in the right number: ``"1 bomb"``, ``"3 bombs"``, ``"0 bombs"``.

    ``many`` is the plural when adding an "s" is wrong (``plural(2, "die", "dice")``).
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n} {many or noun + 's'}"
