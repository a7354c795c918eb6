"""Score, victory levels and the end of the game (6.0 Ending the Game).

Score = Victory Points of successful Storm Group raids + 1 per Soviet counter in the house
− 3 per Wehrmacht counter on the board. The 2nd printing's table names the award and level;
the 1st printing's table (a rule option) calls every score of 0 or less a draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import SettingsError
from ..machine import Engine, step
from ..text import plural
from .planning import milk_house_revealed

AWARDS: tuple[tuple[int, str, str], ...] = (
    (50, "Hero of the Soviet Union", "Epic Victory"),
    (40, "Order of Victory", "Major Victory"),
    (30, "Order of the Red Banner", "Major Victory"),
    (20, "Order of Suvorov", "Major Victory"),
    (10, "Order of the Patriotic War", "Minor Victory"),
    (1, "Order of the Red Star", "Minor Victory"),
)
"""(lowest score, award, victory level) for winning scores, highest first (6.0 table)."""

IMMEDIATE_LOSSES: dict[str, str] = {
    "track_overrun": "a Wehrmacht counter advanced beyond the end of its track",
    "army_cp": "a second Disrupted token on the 62nd Army Command Post (18)",
    "no_defenders": "no Soviet counter left in Pavlov's House",
    "no_food": "a Resupply card with no Food in the house (1st printing)",
}
"""The immediate losses of 6.0 (and the 1st printing's), by the key the outcome uses."""


@dataclass(frozen=True, slots=True)
class Score:
    """The parts of the score (6.0)."""

    raids: int
    defenders: int
    attackers: int
    support: int = 0

    @property
    def total(self) -> int:
        """Raid VP + Operational Support VP (7.1) + defenders − 3 × attackers."""
        return self.raids + self.support + self.defenders - 3 * self.attackers


def score(e: Engine) -> Score:
    """The current score of a game."""
    vp = sum(e.c.storm_group_on(card).vp for card in e.s.storm_won)
    support = sum(e.c.operational_support[c].vp for c in e.s.os_won)
    return Score(vp, len(e.house_counters()), len(e.wehrmacht_on_board()), support)


def victory_level(total: int, table: str = "second") -> tuple[str, str, str]:
    """(result, level, award) of a final score (6.0 Victory): result is win, draw or loss.

    ``table`` is the victory table of :attr:`RuleSettings.victory_table` ("second", the 2nd
    printing's, or "first").

    Raises:
        SettingsError: ``total`` is not a whole number or ``table`` is no victory table.
    """
    if isinstance(total, bool) or not isinstance(total, int):
        raise SettingsError(f"total: {total!r} is not a score (a whole number of victory points)")
    if table not in ("first", "second"):
        raise SettingsError(f"table: {table!r} is no victory table (they are 'first' and 'second')")
    for low, award, level in AWARDS:
        if total >= low:
            return "win", level, award
    if table == "first" or total >= -9:
        return "draw", "Draw", ""
    if total >= -19:
        return "loss", "Minor Defeat", ""
    return "loss", "Major Defeat", ""


@step("finish")
def finish_step(e: Engine, f: dict[str, Any]) -> None:
    """End the game (6.0): ``f["immediate_loss"]`` names an immediate loss, or is None."""
    finish(e, f.get("immediate_loss"))


def finish(e: Engine, immediate_loss: str | None) -> None:
    """End the game: record the outcome and stop the rule machine."""
    parts = score(e)
    outcome: dict[str, Any] = {
        "score": parts.total,
        "raid_vp": parts.raids,
        "support_vp": parts.support,
        "defenders": parts.defenders,
        "attackers": parts.attackers,
        "turn": e.s.turn,
    }
    if immediate_loss:
        outcome.update(
            result="loss",
            level="Immediate Defeat",
            award="",
            how=immediate_loss,
            how_text=IMMEDIATE_LOSSES[immediate_loss],
        )
    else:
        result, level, award = victory_level(parts.total, e.o.victory_table)
        how_text = "the Wehrmacht deck was played out"
        if e.o.competitive:  # 7.4 Note: the German cards, or the Milk House, end the game
            how_text = ("the Milk House card was revealed this turn"
                        if milk_house_revealed(e) else
                        "the German player had too few Wehrmacht cards left for another turn")
        outcome.update(result=result, level=level, award=award, how="deck_exhausted",
                       how_text=how_text)
        e.log(
            f"Final score {parts.total}: {parts.raids} raid VP + {parts.support} support VP + "
            f"{plural(parts.defenders, 'defender')} "
            f"- 3 x {plural(parts.attackers, 'Wehrmacht counter')} = {level}"
            + (f" ({award})" if award else ""),
            "6.0 Ending the Game",
            kind="end",
        )
    e.s.outcome = outcome
    e.s.phase = "over"
    e.s.stack.clear()
    e.s.pending = None
