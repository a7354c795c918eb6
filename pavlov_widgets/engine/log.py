"""The game log: one entry per thing that happened, with its facts as fields.

An entry's ``text`` is a sentence for people; everything a program needs (the dice, what a
roll was for, its result and whether it succeeded, each die's mark, the card, the places it
is about, the counters it removed) is a field of its own, so no reader parses the sentence.
"""

from __future__ import annotations

from typing import Any, NamedTuple

LOG_KINDS = ("event", "turn", "roll", "card", "casualty", "loss", "end", "auto")
"""What an entry records: a rule step, a new turn, a roll, a card coming into play, a counter
lost, an immediate loss (6.0), the final score (6.0), or a choice the rules made for the
player because only one answer was possible ("Only location 13 could take the Anti-aircraft
token, so it went there."; the board shows it as a notice)."""


class LogEntry(NamedTuple):
    """One line of the game log: when, what, the dice and the rule that made it happen.

    Immutable: a named tuple, because a game makes hundreds and a tuple is the cheapest
    record Python builds.

    Attributes:
        turn: the turn (1–21).
        phase: the phase as a person says it ("Wehrmacht Card Phase").
        text: the sentence a person reads.
        rule: the rulebook section ("3.0 Attack Defender").
        dice: the dice of a roll, as they fell.
        kind: one of :data:`LOG_KINDS`.
        marks: for a roll read die by die, which dice succeeded (see
            :func:`.dice.hit_marks`).
        result: for a roll, its result as the roll's test reads it ("2 hits", "miss",
            "purple 3").
        card: the card the entry is about (a card id), if any.
        targets: the board regions the entry is about, in the vocabulary of
            :attr:`.Option.targets` ("counter:pavlov", "loc:12", "track:3:2").
        removed: the counters this event took out of play (Soviet casualties, Wehrmacht
            counters destroyed).
        label: for a roll, what it was rolled for ("Sniper: colour roll").
        success: for a roll with a goal, whether it reached it (see
            :attr:`.dice.Reading.success`); None for a roll that names something (a colour,
            a track, a total) and for entries that are not rolls.
        hits: for a roll that counts hits, how many dice hit (see
            :attr:`.dice.Reading.hits`); None otherwise.
        seen_by: the only side that may read the entry, "german" or "soviet" (a hidden
            card named in the competitive variant, 7.4); "" for everybody.
    """

    turn: int
    phase: str
    text: str
    rule: str
    dice: tuple[int, ...] = ()
    kind: str = "event"
    marks: tuple[bool, ...] = ()
    result: str = ""
    card: str = ""
    targets: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    label: str = ""
    success: bool | None = None
    hits: int | None = None
    seen_by: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the board and saves: every field, lists for tuples."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "text": self.text,
            "rule": self.rule,
            "dice": list(self.dice),
            "kind": self.kind,
            "marks": list(self.marks),
            "result": self.result,
            "card": self.card,
            "targets": list(self.targets),
            "removed": list(self.removed),
            "label": self.label,
            "success": self.success,
            "hits": self.hits,
            **({"seen_by": self.seen_by} if self.seen_by else {}),
        }

    def __str__(self) -> str:
        dice = f" [dice {' '.join(map(str, self.dice))}]" if self.dice else ""
        return f"T{self.turn} {self.phase}: {self.text}{dice} ({self.rule})"

