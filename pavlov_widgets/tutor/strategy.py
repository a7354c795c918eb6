"""How to win, measured: the sensible player against the same player with one habit changed.

Notebook 14 ("How to win") backs each piece of advice with the engine's own numbers. Where
the dice can be counted it uses exact odds (:mod:`pavlov_widgets.engine.dice`,
:func:`pavlov_widgets.tutor.lab.card_odds`); where only whole games can tell, it plays them.
This module holds those whole-game comparisons:

* :class:`Habit` is the simulator's fast player (:class:`~pavlov_widgets.sim.fast.FastPolicy`,
  the player of the what-if lab) with **one** habit changed, named in :data:`HABITS` — it
  buys defenders past its Food, never raids, never readies Anti-aircraft, …;
* :func:`compare_habits` deals the same games (seeds ``seed``, ``seed + 1``, …) to the
  sensible player and to each changed player and plays them to the end (6.0 Ending the Game);
* :class:`HabitRow` sums a player's games up, and its difference from the sensible player,
  game for game on the same deal, with a 95% interval: a difference whose interval holds 0
  is not shown to be real by so many games.

The deal is the same for both players of a pair; once their choices differ the dice fall
differently, so the paired difference still carries luck, which the interval measures.

    >>> rows = compare_habits(["never-raids"], games=2, seed=0)
    >>> [row.habit for row in rows]
    ['sensible', 'never-raids']
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pavlov_widgets.engine import Game, Option
from pavlov_widgets.engine.actions import DECLINE, DONE, LAUNCH, MOVES_DONE
from pavlov_widgets.engine.components import default_components
from pavlov_widgets.engine.dice import p_sum_at_least
from pavlov_widgets.engine.text import percent, plural
from pavlov_widgets.sim.fast import FastPolicy
from pavlov_widgets.sim.heuristic import HeuristicPolicy, Scored, View
from pavlov_widgets.sim.simulate import run_game
from pavlov_widgets.tutor.lab.compare import Z95, wilson

NEVER = -100.0
"""The score a changed habit gives the options it rules out: below every sensible score."""

HABITS: dict[str, str] = {
    "sensible": "the sensible player (the what-if lab's fast player)",
    "buys-past-food": "buys every defender the points allow, whatever the Food",
    "never-raids": "never takes the Storm Group action",
    "raids-when-it-can": "raids whenever it can, with the raiders the sensible player picks",
    "raids-all-in": "raids whenever it can, with every counter free to go",
    "leaves-green-empty": "never puts a defender on a square that sees green",
    "leaves-purple-empty": "never puts a defender on a square that sees purple",
    "no-command-team": "never buys Afanasyev or Naumov, so never has the Command Team",
    "no-anti-aircraft": "never readies an Anti-aircraft token",
    "no-artillery": "never readies an Artillery token",
    "no-sappers": "never fetches a Sapper token (no Buttress, no Field Defenses)",
}
"""Every habit :class:`Habit` knows, with what it does (``"sensible"`` changes nothing)."""

_RULED_OUT: dict[str, Callable[[str, str], bool]] = {
    "never-raids": lambda unit, action: action == "storm",
    "no-anti-aircraft": lambda unit, action: (unit in ("267th-aa", "1083rd-aa")
                                             and action != "recover"),
    "no-artillery": lambda unit, action: (unit == "32nd-guards-artillery"
                                          and action != "recover"),
    "no-sappers": lambda unit, action: action in ("buttress", "field"),
}
"""The card actions (unit, action: 2.0) each habit never takes."""

_COMMAND = ("afanasyev", "naumov")
"""The Command counters not in the house at the start (4.0 Command Team: with Pavlov)."""


class Habit(FastPolicy):
    """The fast player with one habit changed (:data:`HABITS`).

    Args:
        habit: a key of :data:`HABITS`.

    Raises:
        ValueError: an unknown habit (the message lists them).
    """

    name = "habit"

    def __init__(self, habit: str = "sensible") -> None:
        """A player with ``habit``."""
        if habit not in HABITS:
            raise ValueError(f"unknown habit {habit!r}; known: {', '.join(HABITS)}")
        super().__init__()
        self.habit = habit

    def __getstate__(self) -> dict[str, Any]:
        # the habit travels to another process; the moves' memo does not (as the heuristic's)
        return {**super().__getstate__(), "habit": self.habit}

    def __repr__(self) -> str:
        return f"Habit({self.habit!r})"

    def _handler(self, op: str) -> Callable[[HeuristicPolicy, View, Option], Scored] | None:
        """The scoring rule of a decision: this class's own where a habit changes it.

        The heuristic's table holds its own functions, so a method overridden here is only
        used when it is named here.
        """
        own = _HABIT_HANDLERS.get(op)
        return own if own is not None else super()._handler(op)

    # --- the Soviet Card Phase (2.0) --------------------------------------------------

    def _unit_action(self, v: View, unit: str, action: str) -> Scored:
        """A card action's worth, or :data:`NEVER` for the actions the habit rules out."""
        h = self.habit
        ruled_out = _RULED_OUT.get(h)
        if ruled_out is not None and ruled_out(unit, action):
            return NEVER, HABITS[h]
        if h in ("raids-when-it-can", "raids-all-in") and action == "storm":
            return 20.0, HABITS[h]
        if h == "buys-past-food" and action == "reinforce":
            return self.reinforce_value(v, 6)
        return super()._unit_action(v, unit, action)

    def reinforce_value(self, v: View, points: int) -> Scored:
        """Buying counters (2.0 Send Reinforcements); the over-buyer never counts the Food."""
        if self.habit != "buys-past-food":
            return super().reinforce_value(v, points)
        if not v.see.can_afford(points):
            return 0.0, "nothing affordable in the stock"
        return 3.0 + points * 0.8, HABITS[self.habit]

    def reinforce(self, v: View, o: Option) -> Scored:
        """Which counter to buy; the habit may rule some out or ignore the Food."""
        if o.verb != DONE:
            cid = o.str_arg("piece")
            if self.habit == "no-command-team" and cid in _COMMAND:
                return NEVER, HABITS[self.habit]
            if self.habit == "buys-past-food":
                return self.counter_desire(v, cid), HABITS[self.habit]
        elif self.habit == "buys-past-food":
            return -1.0, HABITS[self.habit]
        return super().reinforce(v, o)

    def resupply_pick(self, v: View, o: Option) -> Scored:
        """Which token to stage (2.0 Resupply); no Sapper tokens for the habit without them."""
        if self.habit == "no-sappers" and o.verb != DONE and o.str_arg("token") == "sapper":
            return NEVER, HABITS[self.habit]
        return super().resupply_pick(v, o)

    def raid_pick(self, v: View, o: Option) -> Scored:
        """Who raids (3.0 Storm Group); the all-in raider sends everyone free to go."""
        if self.habit == "never-raids" and not v.p.get("free"):
            return (5.0 if o.verb == DECLINE else NEVER), HABITS[self.habit]
        if self.habit == "raids-all-in":
            if o.verb == DECLINE:
                return NEVER, HABITS[self.habit]
            return (0.0 if o.verb == LAUNCH else 1.0), HABITS[self.habit]
        return super().raid_pick(v, o)

    # --- the Soviet Counter Phase (4.0) -----------------------------------------------

    def _position_value(self, v: View, cid: str, where: str) -> float:
        """A counter's worth at a place; :data:`NEVER` on the colour the habit leaves empty."""
        square = v.squares.get(where)
        if square is not None and self.habit.startswith("leaves-"):
            colour = self.habit.split("-")[1]
            if colour in square.colours:
                return NEVER
        return super()._position_value(v, cid, where)

    def move_pick(self, v: View, o: Option) -> Scored:
        """The move that gains most; the colour-shy player never starts a move it would refuse."""
        gain, why = super().move_pick(v, o)
        if o.verb != MOVES_DONE and gain <= NEVER / 2:
            return NEVER, why
        return gain, why


_HABIT_HANDLERS: dict[str, Callable[[HeuristicPolicy, View, Option], Scored]] = {
    "reinforce": Habit.reinforce,  # type: ignore[dict-item]
    "resupply_pick": Habit.resupply_pick,  # type: ignore[dict-item]
    "raid_pick": Habit.raid_pick,  # type: ignore[dict-item]
    "move_pick": Habit.move_pick,  # type: ignore[dict-item]
}
"""The decisions (by op) where a habit may change the fast player's choice."""


@dataclass(frozen=True)
class GameSummary:
    """One game's end (6.0): the score and what the advice is about."""

    seed: int
    result: str
    score: int
    defenders: int
    raid_vp: int
    starved: int
    """Counters chosen to go hungry at Resupply cards (3.0 Resupply), before any First Aid."""


@functools.lru_cache(maxsize=8192)
def play(habit: str, seed: int) -> GameSummary:
    """Play the game dealt from ``seed`` to its end with the player of ``habit``.

    Remembered: the game is the same every time (the deal, the dice and the player are all
    fixed by the seed), so each notebook section replays the sensible player's games free.
    """
    game: Game = run_game(seed, policy=Habit(habit))
    outcome = game.outcome or {}
    starved = sum(1 for e in game.history
                  if e["kind"] == "choose" and str(e.get("value", "")).startswith("starve:"))
    return GameSummary(seed, outcome["result"], outcome["score"], outcome.get("defenders", 0),
                       outcome.get("raid_vp", 0), starved)


def _interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` with the half-width of its 95% interval (normal)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


@dataclass(frozen=True)
class HabitRow:
    """A player's games, and how they differ from the sensible player's on the same deals."""

    habit: str
    games: tuple[GameSummary, ...]
    sensible: tuple[GameSummary, ...]

    @property
    def description(self) -> str:
        """What the player does (:data:`HABITS`)."""
        return HABITS[self.habit]

    def mean(self, field: str = "score") -> float:
        """The mean of a :class:`GameSummary` field over the games."""
        return statistics.fmean(getattr(g, field) for g in self.games)

    def spread(self, field: str = "score") -> tuple[float, float]:
        """The mean of a field over the games and the half-width of its 95% interval."""
        return _interval([getattr(g, field) for g in self.games])

    def spread_text(self, field: str = "score") -> str:
        """The mean of a field with its 95% margin, as ``"24.0 ± 0.9"``."""
        mean, margin = self.spread(field)
        return f"{mean:.1f} ± {margin:.1f}"

    def rate_text(self, result: str) -> str:
        """The share of games ending in ``result`` with its 95% (Wilson) interval."""
        count = sum(1 for g in self.games if g.result == result)
        low, high = wilson(count, len(self.games))
        low_text = percent(Fraction(low).limit_denominator(10_000))
        high_text = percent(Fraction(high).limit_denominator(10_000))
        return f"{percent(self.rate(result))} (95%: {low_text}-{high_text})"

    def rate(self, result: str) -> Fraction:
        """The share of games ending in ``result`` (win, draw or loss: 6.0)."""
        return Fraction(sum(1 for g in self.games if g.result == result), len(self.games))

    def difference(self, field: str = "score") -> tuple[float, float]:
        """The mean difference from the sensible player, game for game, and its 95% margin."""
        return _interval([getattr(a, field) - getattr(b, field)
                          for a, b in zip(self.games, self.sensible, strict=True)])

    def settled(self, field: str = "score") -> int:
        """+1 when the 95% interval of the difference lies above 0, −1 below, 0 if it holds 0."""
        mean, margin = self.difference(field)
        return 1 if mean - margin > 0 else -1 if mean + margin < 0 else 0

    def text(self) -> str:
        """The player, its mean score and results, and its difference, on short lines.

        Every figure from the games carries its 95% margin or interval.
        """
        mean, margin = self.spread()
        lines = [f"{self.description}:",
                 f"  mean score {mean:+.1f} ± {margin:.1f}",
                 f"  wins {self.rate_text('win')}, losses {self.rate_text('loss')}"]
        if self.habit != "sensible":
            mean, margin = self.difference()
            verdict = {1: "better, settled", -1: "worse, settled",
                       0: "not settled by these games"}[self.settled()]
            lines.append(f"  {mean:+.1f} ± {margin:.1f} points a game against the sensible "
                         f"player ({verdict})")
        return "\n".join(lines)


def compare_habits(habits: Sequence[str], *, games: int = 200, seed: int = 0,
                   progress: Callable[[int, int], None] | None = None) -> list[HabitRow]:
    """Play the same ``games`` deals with the sensible player and with each habit.

    Returns one :class:`HabitRow` per player, the sensible player first. ``progress(done,
    total)`` is called after each game.

    Raises:
        ValueError: an unknown habit, or fewer than one game.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    order = ["sensible", *(h for h in habits if h != "sensible")]
    for h in order:
        Habit(h)  # an unknown habit is refused before any game is played
    total, done = games * len(order), 0
    played: dict[str, tuple[GameSummary, ...]] = {}
    for h in order:
        summaries = []
        for i in range(games):
            summaries.append(play(h, seed + i))
            done += 1
            if progress:
                progress(done, total)
        played[h] = tuple(summaries)
    return [HabitRow(h, played[h], played["sensible"]) for h in order]


STORM_GROUP_DICE = 3
"""Dice a Storm Group [S] counter rolls in a raid: its own and two extra (4.0 Storm Group)."""

RAID_LOSS = Fraction(4, 6)
"""The chance a raider is lost after a raid: a die of 1 to 4 (3.0 Storm Group)."""


@dataclass(frozen=True)
class RaidRow:
    """A raid with so many raiders, counted exactly (3.0 Storm Group, 6.0 score)."""

    raiders: int
    storm_group: int
    """How many of the raiders carry the Storm Group [S] attribute (three dice each)."""
    dice: int
    success: Fraction
    """The chance the dice total reaches the card's Defense."""
    lost: Fraction
    """The mean number of raiders lost (each on a die of 1 to 4), before First Aid."""
    vp: int

    @property
    def net(self) -> Fraction:
        """Victory Points expected, less the defenders expected lost (a point each at the end)."""
        return self.vp * self.success - self.lost

    def text(self) -> str:
        """One line of the raid table."""
        return (f"{plural(self.raiders, 'raider')} ({plural(self.dice, 'die', 'dice')}): "
                f"succeeds {percent(self.success)}, loses {float(self.lost):.2f}, "
                f"net {float(self.net):+.2f}")


def raid_table(card: str = "voentorg", raiders: Sequence[int] = range(1, 8),
               storm_group: int = 0) -> list[RaidRow]:
    """Each raid size on a Storm Group card, with its exact odds and expected net points.

    ``storm_group`` raiders (at most the raid's size) have the Storm Group attribute. The
    card's Defense and Victory Points are the packaged components' (the VP are ours where the
    rulebook gives none: see the components page).

    Raises:
        KeyError: an unknown Storm Group card.
    """
    spec = default_components().storm_groups[card]
    rows = []
    for n in raiders:
        s = min(storm_group, n)
        dice = n + (STORM_GROUP_DICE - 1) * s
        rows.append(RaidRow(n, s, dice, p_sum_at_least(dice, spec.defense), n * RAID_LOSS,
                            spec.vp))
    return rows
