"""The what-if lab: exact odds of the next roll, forced rolls, and many playouts.

Built on the engine's chance steps (every roll lists its results with exact probabilities),
``Game.copy`` (a branch that keeps its history) and ``Game.fork`` (a branch with its own dice).
Every result here is plain data with a readable text form and an HTML table for notebooks.

Example:
    >>> from pavlov_widgets.tutor.content import get_scenario
    >>> from pavlov_widgets.tutor.lab.model import odds
    >>> game = get_scenario("sniper").build()
    >>> print(odds(game))  # doctest: +NORMALIZE_WHITESPACE
    Odds of the next roll: Sniper: colour roll (1 die) (3.0 Attack Defender)
      green   1/3  33.3%
      red     1/3  33.3%
      purple  1/3  33.3%
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pavlov_widgets.engine import Game, NotAChanceStepError, PavlovError
from pavlov_widgets.engine.dice import read
from pavlov_widgets.sim.policies import Policy
from pavlov_widgets.tutor.lab.compare import (
    DEFINITIONS,
    ComparisonResult,
    Plan,
    Row,
    compare,
    play_position,
)


class LabError(PavlovError, ValueError):
    """A lab request that does not fit the game's moment (names what is pending instead)."""


@dataclass(frozen=True)
class Odds:
    """The exact odds of the pending roll: each result with its probability.

    It answers "what can the next roll give?" (one roll only; :func:`pavlov_widgets.tutor.
    card_odds.card_odds` answers for a whole card).
    """

    label: str
    rule: str
    dice: int
    rows: tuple[tuple[str, Fraction], ...]

    def probability(self, result: str) -> Fraction:
        """The probability of one result (0 if it cannot happen)."""
        return sum((p for r, p in self.rows if r == result), Fraction(0))

    @property
    def question(self) -> str:
        """What these numbers answer."""
        dice = "" if " di" in self.label else (
            f" ({self.dice} {'die' if self.dice == 1 else 'dice'})")
        return f"Odds of the next roll: {self.label}{dice} ({self.rule})"

    def __str__(self) -> str:
        width = max(len(r) for r, _ in self.rows)
        lines = [self.question]
        for result, p in self.rows:
            lines.append(f"  {result:<{width}}  {p!s:>5}  {float(p):6.1%}")
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{html.escape(r)}</td><td>{p}</td><td>{float(p):.1%}</td>"
            f"<td><div style='background:#6a8caf;height:10px;width:{float(p) * 200:.0f}px'>"
            "</div></td></tr>"
            for r, p in self.rows
        )
        return (
            f"<p><b>{html.escape(self.question)}</b></p><table><tr><th>result</th>"
            f"<th>exact</th><th>%</th><th></th></tr>{body}</table>"
        )


def odds(game: Game) -> Odds:
    """The exact odds of the roll the game is waiting for.

    Raises:
        NotAChanceStepError: the game is waiting for a decision (or is over), not a roll.
    """
    chance = game.chance()
    if chance is None:
        raise NotAChanceStepError(
            "no roll is pending: make the decision first (game.legal_actions() lists them)"
        )
    rows = tuple((r, p) for r, p in chance.outcomes if p > 0)
    return Odds(chance.label, chance.rule, chance.dice, rows)


def what_if(game: Game, dice: Sequence[int]) -> Game:
    """A copy of the game with the pending roll forced to ``dice``; the game is untouched."""
    branch = game.copy()
    branch.force(list(dice))
    return branch


def example_dice(n: int, test: dict[str, Any], result: str) -> list[int] | None:
    """Dice of n that give ``result`` under ``test`` (one example roll), or None (3.0 dice).

    The first of a few plain rolls that the engine itself reads as ``result``
    (:func:`pavlov_widgets.engine.dice.read`): the result's label is never parsed here.
    """
    return next((dice for dice in _plain_rolls(n, test) if read(dice, test) == result), None)


def _plain_rolls(n: int, test: dict[str, Any]) -> Iterator[list[int]]:
    """Rolls of ``n`` dice between them giving every result of ``test``, simplest first."""
    kind = test["type"]
    if kind == "pick":  # one die read through the labels
        yield from ([face] for face in range(1, 7))
    elif kind == "any":  # one die at the target, or none
        yield [min(6, max(1, test["target"]))] + [1] * (n - 1)
        yield [1] * n
    elif kind in ("count", "survive"):  # k dice at 6, the rest at 1
        yield from ([6] * k + [1] * (n - k) for k in range(n + 1))
    elif kind == "sum":
        yield [6] * n
        yield [1] * n
    elif kind == "total":  # every total from n to 6n, the high dice first
        for total in range(n, 6 * n + 1):
            left, roll = total - n, []
            for _ in range(n):
                add = min(5, left)
                roll.append(1 + add)
                left -= add
            yield roll


@dataclass(frozen=True)
class Branch:
    """One result of the pending roll: its probability, an example roll, and the game after.

    ``changes`` are the log's sentences for what that roll made happen (the branch's own
    log entries after the roll), so a list of branches reads as "hit: Pavlov is a
    casualty", not as five games.
    """

    result: str
    probability: Fraction
    dice: tuple[int, ...]
    game: Game
    changes: tuple[str, ...] = ()

    @property
    def next(self) -> str:
        """What the branch's game waits for next, in words ("game over" at the end)."""
        if self.game.is_over:
            return "game over"
        p = self.game.state.pending or {}
        return str(p.get("prompt") or p.get("label") or "")

    def text(self) -> str:
        """One line: the result, its chance, an example roll, what changed, what comes next."""
        happened = "; ".join(self.changes) or "nothing changes"
        return (f"{self.result} ({self.probability}, {float(self.probability):.1%}), "
                f"e.g. dice {list(self.dice)}: {happened}. Next: {self.next}")

    def __repr__(self) -> str:
        return f"<Branch {self.text()}>"


class Branches(list[Branch]):
    """The branches of one roll (a list), printed one line each under what they answer."""

    def __init__(self, branches: list[Branch], label: str = "", rule: str = "") -> None:
        """Keep the branches with the roll's label and rule."""
        super().__init__(branches)
        self.label, self.rule = label, rule

    def __repr__(self) -> str:
        head = (f"What each result of {self.label} ({self.rule}) leads to, "
                "with its exact chance:")
        return "\n".join([head, *(f"  {b.text()}" for b in self)])

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(b.result)}</td><td>{float(b.probability):.1%}</td>"
            f"<td>{list(b.dice)}</td><td>{html.escape('; '.join(b.changes) or 'nothing')}"
            f"</td><td>{html.escape(b.next)}</td></tr>" for b in self)
        return (f"<p><b>What each result of {html.escape(self.label)} "
                f"({html.escape(self.rule)}) leads to</b></p><table><tr><th>result</th>"
                "<th>chance</th><th>example dice</th><th>what happens</th><th>next</th></tr>"
                f"{rows}</table>")


def branches(game: Game) -> list[Branch]:
    """Every possible result of the pending roll, each played in its own copy of the game.

    Each branch uses one example roll giving that result (e.g. for "hit", a single die at
    the target); the probability is the exact probability of the result. The list prints
    one line per result: its chance, the example dice, what changed and what comes next.

    Raises:
        NotAChanceStepError: no roll is pending (a decision, or the game is over).
    """
    chance = game.chance()
    if chance is None:
        raise NotAChanceStepError(
            "no roll is pending: make the decision first (game.legal_actions() lists them)")
    out = []
    start = len(game.engine.log_entries)
    for result, p in chance.outcomes:
        dice = example_dice(chance.dice, chance.test, result)
        if p == 0 or dice is None:
            continue
        after = what_if(game, dice)
        # the branch's own entries after its roll: what that result made happen
        changes = tuple(e.text for e in after.engine.log_entries[start + 1:])
        out.append(Branch(result, p, tuple(dice), after, changes))
    return Branches(out, chance.label, chance.rule)


@dataclass(frozen=True)
class Playouts:
    """A position played to the end many times: how the games ended (6.0 Ending the Game).

    **win**: the deck played out with a final score of 1 or more (a Victory); **draw**: a
    final score from -9 to 0; **loss**: -10 or less, or an immediate loss (see
    :data:`pavlov_widgets.tutor.lab.compare.DEFINITIONS`). ``row`` holds every game's seed,
    result and score (:class:`pavlov_widgets.tutor.lab.compare.Row`).
    """

    policy: str
    row: Row

    @property
    def games(self) -> int:
        """Games played."""
        return self.row.games

    @property
    def results(self) -> Counter[str]:
        """Games per result: win, draw, loss."""
        return Counter({k: self.row.count(k) for k in ("win", "draw", "loss")})

    @property
    def scores(self) -> list[int]:
        """Every game's final score, in seed order."""
        return self.row.scores

    def rate(self, result: str) -> float:
        """The share of games with this result (win, draw, loss)."""
        return self.row.rate(result)

    @property
    def mean_score(self) -> float:
        """The mean final score."""
        return self.row.mean_score

    def __str__(self) -> str:
        lo, hi = self.row.win_rate_interval
        return (
            f"{self.games} playouts ({self.policy}): win {self.rate('win'):.0%} "
            f"(95% interval {lo:.0%}-{hi:.0%}), draw {self.rate('draw'):.0%}, "
            f"loss {self.rate('loss'):.0%}; mean score {self.mean_score:+.1f}\n"
            f"Terms (6.0): {DEFINITIONS}."
        )

    __repr__ = __str__

    def _repr_html_(self) -> str:
        lo, hi = self.row.win_rate_interval
        return (
            f"<p><b>{self.games} playouts</b> ({html.escape(self.policy)}): "
            f"win {self.rate('win'):.0%} ({lo:.0%}–{hi:.0%}), draw {self.rate('draw'):.0%}, "
            f"loss {self.rate('loss'):.0%}; mean score {self.mean_score:+.1f}</p>"
            f"<p><small>{html.escape(DEFINITIONS)}.</small></p>"
        )


def play_out(
    game: Game, games: int = 100, policy: str | Policy = "fast", seed: int = 0, *,
    jobs: int = 1,
) -> Playouts:
    """Play the position to the end ``games`` times, a policy making the decisions.

    Playout ``i`` rolls the dice of seed ``seed + i``, so a run repeats; the games go through
    :func:`pavlov_widgets.tutor.lab.compare.play_position` (the simulator's loop). An error names
    the playout's dice seed in a note.
    """
    result = play_position(game, games=games, seed=seed, jobs=jobs, policy=policy)
    return Playouts(result.policy, result.rows[0])


Comparison = ComparisonResult
"""The result of :func:`compare_options`: a
:class:`~pavlov_widgets.tutor.lab.compare.ComparisonResult`."""


def compare_options(
    game: Game, games: int = 50, policy: str | Policy = "fast", seed: int = 0, *,
    options: Sequence[str | Plan] | None = None, jobs: int = 1,
) -> ComparisonResult:
    """Play each option (or :class:`Plan`) of the pending decision out ``games`` times.

    Every option is played with the same dice seeds, and options that lead to the same
    position are one row (:func:`pavlov_widgets.tutor.lab.compare.compare`).

    Raises:
        LabError: no decision is pending.
    """
    if game.is_over or not game.legal_ids():
        raise LabError("no decision is pending: roll first (game.roll()) or start a new game")
    return compare(game, options, games=games, seed=seed, jobs=jobs, policy=policy)
