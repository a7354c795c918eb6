"""Score, victory levels and the end of the game (6.0 Ending the Game).

Score = Victory Points of successful Storm Group raids + 1 per Soviet counter in the house
− 3 per Wehrmacht counter on the board. The 2nd printing's table names the award and level;
the 1st printing's table (a rule option) calls every score of 0 or less a draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import SettingsError
from ..i18n import N_, _, ngettext
from ..machine import Engine, step
from .planning import milk_house_revealed

AWARDS: tuple[tuple[int, str, str], ...] = (
    (50, N_("Hero of the Soviet Union"), N_("Epic Victory")),
    (40, N_("Order of Victory"), N_("Major Victory")),
    (30, N_("Order of the Red Banner"), N_("Major Victory")),
    (20, N_("Order of Suvorov"), N_("Major Victory")),
    (10, N_("Order of the Patriotic War"), N_("Minor Victory")),
    (1, N_("Order of the Red Star"), N_("Minor Victory")),
)
"""(lowest score, award, victory level) for winning scores, highest first (6.0 table)."""

# TRANSLATORS: a game's result: neither side wins (6.0 victory table)
DRAW = N_("Draw")
MINOR_DEFEAT = N_("Minor Defeat")
MAJOR_DEFEAT = N_("Major Defeat")
IMMEDIATE_DEFEAT = N_("Immediate Defeat")
"""The levels of a game not won (6.0): English in the outcome, translated where shown."""

IMMEDIATE_LOSSES: dict[str, str] = {
    "track_overrun": N_("a Wehrmacht counter advanced beyond the end of its track"),
    "army_cp": N_("a second Disrupted token on the 62nd Army Command Post (18)"),
    "no_defenders": N_("no Soviet counter left in Pavlov's House"),
    "no_food": N_("a Resupply card with no Food in the house (1st printing)"),
}
"""The immediate losses of 6.0 (and the 1st printing's), by the key the outcome uses."""

DECK_PLAYED_OUT = N_("the Wehrmacht deck was played out")
MILK_HOUSE_REVEALED = N_("the Milk House card was revealed this turn")
TOO_FEW_CARDS = N_("the German player had too few Wehrmacht cards left for another turn")
"""How a game ends when no immediate loss ends it (6.0; 7.4 Note, the competitive game)."""


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
        return "draw", DRAW, ""
    if total >= -19:
        return "loss", MINOR_DEFEAT, ""
    return "loss", MAJOR_DEFEAT, ""


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
            level=IMMEDIATE_DEFEAT,
            award="",
            how=immediate_loss,
            how_text=IMMEDIATE_LOSSES[immediate_loss],
        )
    else:
        result, level, award = victory_level(parts.total, e.o.victory_table)
        how_text = DECK_PLAYED_OUT
        if e.o.competitive:  # 7.4 Note: the German cards, or the Milk House, end the game
            how_text = MILK_HOUSE_REVEALED if milk_house_revealed(e) else TOO_FEW_CARDS
        outcome.update(result=result, level=level, award=award, how="deck_exhausted",
                       how_text=how_text)
        e.log(_final_score(parts, level, award), "6.0 Ending the Game", kind="end")
    e.s.outcome = outcome
    e.s.phase = "over"
    e.s.stack.clear()
    e.s.pending = None


def _final_score(parts: Score, level: str, award: str) -> str:
    """The log line of the final score: its sum, the victory level and any award (6.0)."""
    # TRANSLATORS: a term of the final score's sum, such as "12 defenders"
    defenders = ngettext("{count} defender", "{count} defenders",
                         parts.defenders).format(count=parts.defenders)
    # TRANSLATORS: a term of the final score's sum, such as "2 Wehrmacht counters" (each
    # costs 3 points)
    attackers = ngettext("{count} Wehrmacht counter", "{count} Wehrmacht counters",
                         parts.attackers).format(count=parts.attackers)
    values = {"score": parts.total, "raid_vp": parts.raids, "support_vp": parts.support,
              "defenders": defenders, "attackers": attackers, "level": _(level)}
    if award:
        # TRANSLATORS: {defenders} is like "12 defenders", {attackers} like "2 Wehrmacht
        # counters", {level} a victory level ("Minor Victory"), {award} a decoration
        return _("Final score {score}: {raid_vp} raid VP + {support_vp} support VP + "
                 "{defenders} - 3 x {attackers} = {level} ({award})").format(
            award=_(award), **values)
    # TRANSLATORS: {defenders} is like "12 defenders", {attackers} like "2 Wehrmacht
    # counters", {level} a victory level or "Draw"
    return _("Final score {score}: {raid_vp} raid VP + {support_vp} support VP + "
             "{defenders} - 3 x {attackers} = {level}").format(**values)
