"""The what-if lab: exact odds of the next roll, forced rolls, and many playouts.

Built on the engine's chance steps (every roll lists its results with exact probabilities),
``Game.copy`` (a branch that keeps its history) and ``Game.fork`` (a branch with its own dice).
Every result here is plain data with a readable text form and an HTML table for notebooks.

Example:
    >>> from pavlov_widgets.engine.examples.scenarios import get_scenario
    >>> from pavlov_widgets.tutor.lab import odds
    >>> game = get_scenario("sniper").build()
    >>> print(odds(game))  # doctest: +NORMALIZE_WHITESPACE
    Sniper: colour roll (1 die) - 3.0 Attack Defender
      green   1/3  33.3%
      red     1/3  33.3%
      purple  1/3  33.3%
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import mean
from typing import Any

from ..engine import Game, NotAChanceStepError, PavlovError
from ..engine.dice import read
from ..sim.policies import Policy, get_policy, policy_name, policy_rng
from ..sim.simulate import play_to_end


class LabError(PavlovError, ValueError):
    """A lab request that does not fit the game's moment (names what is pending instead)."""


@dataclass(frozen=True)
class Odds:
    """The exact odds of the pending roll: each result with its probability."""

    label: str
    rule: str
    dice: int
    rows: tuple[tuple[str, Fraction], ...]

    def probability(self, result: str) -> Fraction:
        """The probability of one result (0 if it cannot happen)."""
        return sum((p for r, p in self.rows if r == result), Fraction(0))

    def __str__(self) -> str:
        width = max(len(r) for r, _ in self.rows)
        lines = [f"{self.label} ({self.dice} {'die' if self.dice == 1 else 'dice'}) - {self.rule}"]
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
            f"<p><b>{html.escape(self.label)}</b> ({self.dice} dice, "
            f"{html.escape(self.rule)})</p><table><tr><th>result</th><th>exact</th>"
            f"<th>%</th><th></th></tr>{body}</table>"
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
    """One result of the pending roll: its probability, an example roll, and the game after."""

    result: str
    probability: Fraction
    dice: tuple[int, ...]
    game: Game

    def __repr__(self) -> str:
        return f"<Branch {self.result} p={self.probability} dice={list(self.dice)}: {self.game!r}>"


def branches(game: Game) -> list[Branch]:
    """Every possible result of the pending roll, each played in its own copy of the game.

    Each branch uses one example roll giving that result (e.g. for "hit", a single die at
    the target); the probability is the exact probability of the result.
    """
    chance = game.chance()
    if chance is None:
        raise NotAChanceStepError("no roll is pending")
    out = []
    for result, p in chance.outcomes:
        dice = example_dice(chance.dice, chance.test, result)
        if p == 0 or dice is None:
            continue
        out.append(Branch(result, p, tuple(dice), what_if(game, dice)))
    return out


@dataclass
class Playouts:
    """The results of playing one position out many times."""

    policy: str
    games: int = 0
    results: Counter[str] = field(default_factory=Counter)
    levels: Counter[str] = field(default_factory=Counter)
    losses: Counter[str] = field(default_factory=Counter)
    scores: list[int] = field(default_factory=list)

    def add(self, game: Game) -> None:
        """Count one finished game."""
        o = game.outcome or {}
        self.games += 1
        self.results[o.get("result", "?")] += 1
        self.levels[o.get("level", "?")] += 1
        if o.get("how") != "deck_exhausted":
            self.losses[o.get("how", "?")] += 1
        self.scores.append(int(o.get("score", 0)))

    def rate(self, result: str) -> float:
        """The share of games with this result (win, draw, loss)."""
        return self.results[result] / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """The mean final score."""
        return mean(self.scores) if self.scores else 0.0

    def __str__(self) -> str:
        parts = ", ".join(f"{k} {self.rate(k):.0%}" for k in ("win", "draw", "loss"))
        return (
            f"{self.games} playouts ({self.policy}): {parts}; mean score {self.mean_score:.1f}"
            + (f"; immediate losses {dict(self.losses)}" if self.losses else "")
        )

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(str(self))}</p>"


def play_out(
    game: Game, games: int = 100, policy: str | Policy = "heuristic", seed: int = 0
) -> Playouts:
    """Play the position to the end ``games`` times, a policy making the decisions.

    Each playout has its own dice (seeds ``seed``, ``seed + 1``, ...), so a run repeats. The
    games are played by the simulator's loop (:func:`pavlov_widgets.sim.simulate.play_to_end`);
    an error names the playout's seed in a note.
    """
    chooser = get_policy(policy)
    name = policy_name(policy)
    out = Playouts(name)
    for i in range(games):
        branch = game.fork(seed=seed + i, auto_roll=True)
        try:
            play_to_end(branch, chooser, policy_rng(seed + i, name), name=name)
        except Exception as exc:
            exc.add_note(f"in playout {i + 1} of {games} (dice seed {seed + i}, policy {name})")
            raise
        out.add(branch)
    return out


@dataclass(frozen=True)
class Comparison:
    """Each option of a decision, played out many times."""

    prompt: str
    rows: tuple[tuple[str, str, Playouts], ...]

    def __str__(self) -> str:
        lines = [self.prompt]
        width = max((len(label) for _, label, _ in self.rows), default=0)
        for option_id, label, p in self.rows:
            lines.append(
                f"  {label:<{width}}  win {p.rate('win'):4.0%}  loss {p.rate('loss'):4.0%}  "
                f"score {p.mean_score:6.1f}   ({option_id})"
            )
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{html.escape(label)}</td><td>{p.rate('win'):.0%}</td>"
            f"<td>{p.rate('loss'):.0%}</td><td>{p.mean_score:.1f}</td></tr>"
            for _, label, p in self.rows
        )
        return (
            f"<p><b>{html.escape(self.prompt)}</b></p><table><tr><th>option</th><th>win</th>"
            f"<th>loss</th><th>mean score</th></tr>{body}</table>"
        )


def compare_options(
    game: Game, games: int = 50, policy: str | Policy = "heuristic", seed: int = 0
) -> Comparison:
    """Take each legal option of the pending decision and play each branch out.

    Every branch is played ``games`` times with the same dice seeds, so the options are
    compared on equal luck.

    Raises:
        LabError: no decision is pending.
    """
    decision = game.pending
    options = game.legal_actions()
    if not options or decision is None:
        raise LabError("no decision is pending: roll first (game.roll()) or start a new game")
    rows = []
    for option in options:
        branch = game.copy()
        branch.apply(option)
        rows.append((option.id, option.label, play_out(branch, games, policy, seed)))
    prompt = getattr(decision, "prompt", "")
    return Comparison(prompt, tuple(rows))
