"""Compare the options of a decision by playing each one out many times, and a one-line hint.

:func:`compare` takes the pending decision of a game (or whole plans, :class:`Plan`), plays
each option to the end of the game ``games`` times with a policy making the later decisions,
and counts how the games end (6.0 Ending the Game):

* **win** — the Wehrmacht deck was played out with a final score of 1 or more (a Minor,
  Major or Epic Victory of the 6.0 table);
* **draw** — the deck was played out with a final score between −9 and 0 (the table's
  "Draw"; with the 1st printing's table every final score of 0 or less);
* **loss** — a final score of −10 or less (Minor or Major Defeat), or an immediate loss
  before the end (a track overrun, a second Disrupted token on the 62nd Army CP, an empty
  house: 6.0).

The options are compared on **common random numbers**: playout ``i`` of every option rolls
the same dice stream (seed ``seed + i``), so a difference between two rows comes from the
options and not from luck. Each row gives the win, draw and loss counts, the win rate with
its 95% (Wilson) interval, the mean final score with its 95% interval and the distribution
of final scores. ``jobs=2`` plays on two processes (the results are the same game for game;
``jobs=1`` is for places without processes). Where processes cannot start — the browser's
Python (JupyterLite's Pyodide: ``Pool`` raises ``ModuleNotFoundError: _multiprocessing``),
or any pool that fails to start — the games are played in this process, on one core, and
the result's ``jobs`` says 1 (issue 22; :data:`ONE_CORE` and :func:`one_core_reason` say
why in a whole sentence). ``on_progress(result)`` is called with the result so far as games
finish, ``should_stop()`` is polled and ends the run early with what has been played.
:func:`compare_steps` is the same comparison as a generator that yields between blocks of
games, for a caller that must hand control back now and then (an asyncio task where
threads cannot start). :func:`expected_seconds` estimates how long a comparison takes here.

**Quick comparisons** (``horizon=H`` turns): each game is played only until H more turns
have begun, then scored as it stands with the game's own score (6.0: defenders in the house
+ raid VP − 3 × Wehrmacht counters on the board — the board's "Score") and classed by the
same bands; an immediate loss within those turns is a loss. From mid-game that score is
seldom a winning one, so such results rank options by mean score first, and every text
says "played H turns ahead, then scored as they stand". ``horizon=None`` (the default)
plays every game to its end. ``benchmarks/lab_bench.py`` measures the speed and how often a
quick comparison picks what full-length games pick.

With ``options=None`` every legal option of the pending decision is compared — except that
options leading to the same position are one row: for a deterministic policy (the heuristic
and fast players) the position is followed up to the next roll, so "fire the token on 8,
then the one on 13" and "fire the token on 13, then the one on 8" are the same row. Their
playouts would be the same games, seed for seed.

:func:`hint` answers "which option is best, and why?" in one sentence within a time budget.

    >>> from pavlov_widgets.tutor.content import get_scenario
    >>> game = get_scenario("ju87").build(auto_roll=True)
    >>> result = compare(game, games=4, jobs=1)
    >>> result.rows[0].games
    4
"""

from __future__ import annotations

import atexit
import functools
import html
import io
import math
import multiprocessing
import pickle
import random
import statistics
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from pavlov_widgets.engine import Game, PavlovError
from pavlov_widgets.engine.actions import Schema, encode
from pavlov_widgets.engine.rules.scoring import victory_level
from pavlov_widgets.engine.text import percent, plural
from pavlov_widgets.sim.policies import Policy, get_policy, policy_name, policy_rng
from pavlov_widgets.sim.simulate import (
    DEFAULT_GERMAN_POLICY,
    SidePolicies,
    in_browser,
    play_to_end,
    side_rng,
)
from pavlov_widgets.tutor.lab.confidence import (
    HINT_PRIOR,
    Prior,
    posterior_ahead,
    rival_posterior,
)

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

DEFINITIONS = (
    "win: the deck is played out with a final score of 1 or more (Victory, 6.0); "
    "draw: a final score from -9 to 0 (6.0 table, Draw); "
    "loss: -10 or less, or an immediate loss (overrun track, second Disrupted token on the "
    "62nd Army CP, empty house: 6.0)"
)
"""What win, draw and loss mean in every result (6.0 Ending the Game)."""

MAX_HORIZON_DECISIONS = 5000
"""The most decisions a shortened playout makes (a safety bound, as ``play_to_end``'s)."""


def definitions(horizon: int | None = None) -> str:
    """What win, draw and loss mean in a result played to the end or ``horizon`` turns ahead.

    A shortened game (``horizon``) is scored as it stands when it stops, with the game's own
    score (6.0: defenders in the house + raid VP − 3 × Wehrmacht counters on the board,
    the board's "Score"), and classed by the same 6.0 bands; an immediate loss within the
    horizon is a loss.
    """
    if horizon is None:
        return DEFINITIONS
    turns = "1 turn" if horizon == 1 else f"{horizon} turns"
    return (
        f"games played {turns} ahead, then scored as they stand (6.0 score: defenders in the "
        "house + raid VP - 3 x Wehrmacht counters on the board) and classed by the 6.0 bands; "
        "win: a score of 1 or more; draw: -9 to 0; loss: -10 or less, or an immediate loss "
        "within those turns (overrun track, second Disrupted token on the 62nd Army CP, "
        "empty house: 6.0)"
    )


def check_horizon(horizon: int | None) -> None:
    """Refuse a horizon that is neither None (full games) nor a whole number of turns ≥ 1."""
    if horizon is not None and (isinstance(horizon, bool) or not isinstance(horizon, int)
                                or horizon < 1):
        raise CompareError(
            f"horizon must be None (play to the end) or a whole number of turns of at least 1,"
            f" not {horizon!r}")

FOLLOW_LIMIT = 400
"""The most decisions followed ahead of the dice when merging options (a safety bound)."""

MIN_HINT_GAMES = 8
"""Games per option a hint plays even when its time budget runs out first."""

HINT_BUDGET_S = 1.4
"""A hint's time budget by default: a median answer under 1.5 s, the slowest under 2 s."""

HINT_GRACE_S = 0.3
"""Seconds past its budget a hint may go to reach :data:`MIN_HINT_GAMES` (then it answers
with what it has: one game of each option at least, most likely too close to call)."""

PROGRESS_EVERY = 0.2
"""Seconds between two calls of ``on_progress`` (at most; the last call always comes)."""


class CompareError(PavlovError, ValueError):
    """A comparison that cannot be made as asked (the message names what is wrong)."""


@dataclass(frozen=True)
class Plan:
    """A whole plan: several option ids taken one after the other, then the policy plays on.

    ``Plan("Fire two tokens", ["aa:8", "aa:13", "fire"])`` — each step must be legal when
    its turn comes, and no roll may come between two steps.
    """

    label: str
    steps: tuple[str, ...]

    def __init__(self, label: str, steps: Sequence[str]) -> None:
        if not isinstance(label, str) or not label.strip():
            raise CompareError(f"a plan needs a label (a non-empty text), not {label!r}")
        if isinstance(steps, str) or not isinstance(steps, Sequence) or not steps:
            raise CompareError(
                f"plan {label!r}: steps must be a non-empty list of option ids, not {steps!r}")
        for step in steps:
            if not isinstance(step, str):
                raise CompareError(f"plan {label!r}: each step is an option id, not {step!r}")
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "steps", tuple(steps))


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (0.0 if wins <= 0 else max(0.0, centre - half),
            1.0 if wins >= n else min(1.0, centre + half))


@dataclass(frozen=True)
class Row:
    """One option (or plan) played out: how its games ended.

    ``outcomes`` holds each game's (seed, result, score) in seed order, so two rows can be
    compared game for game (common random numbers).
    """

    option_id: str
    label: str
    steps: tuple[str, ...]
    """The option ids taken before the policy plays on (one for a single option)."""
    same_as: tuple[str, ...]
    """Ids of other legal options that lead to the same position (merged into this row)."""
    same_as_labels: tuple[str, ...]
    """Their labels, in the same order."""
    outcomes: tuple[tuple[int, str, int], ...]

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.outcomes)

    def count(self, result: str) -> int:
        """Games with this result (win, draw or loss)."""
        return sum(1 for _, r, _ in self.outcomes if r == result)

    @property
    def wins(self) -> int:
        """Games won (final score 1 or more, 6.0)."""
        return self.count("win")

    @property
    def draws(self) -> int:
        """Games drawn (final score -9 to 0, 6.0)."""
        return self.count("draw")

    @property
    def losses(self) -> int:
        """Games lost (final score -10 or less, or an immediate loss, 6.0)."""
        return self.count("loss")

    def rate(self, result: str) -> float:
        """The share of games with this result (0 when no game was played)."""
        return self.count(result) / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.rate("win")

    @property
    def draw_rate(self) -> float:
        """The share of games drawn."""
        return self.rate("draw")

    @property
    def loss_rate(self) -> float:
        """The share of games lost."""
        return self.rate("loss")

    @property
    def win_rate_interval(self) -> tuple[float, float]:
        """The 95% (Wilson) interval of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def scores(self) -> list[int]:
        """Every game's final score, in seed order."""
        return [s for _, _, s in self.outcomes]

    @property
    def mean_score(self) -> float:
        """The mean final score (0 when no game was played)."""
        return statistics.fmean(self.scores) if self.outcomes else 0.0

    @property
    def mean_score_interval(self) -> tuple[float, float]:
        """The 95% interval of the mean final score (normal approximation)."""
        half = Z95 * statistics.stdev(self.scores) / math.sqrt(self.games) if (
            self.games > 1) else math.inf
        return self.mean_score - half, self.mean_score + half

    @property
    def score_counts(self) -> dict[int, int]:
        """Final score → games, lowest score first."""
        return dict(sorted(Counter(self.scores).items()))

    def to_dict(self) -> dict[str, Any]:
        """The row as plain data."""
        return {
            "option_id": self.option_id, "label": self.label, "steps": list(self.steps),
            "same_as": list(self.same_as), "same_as_labels": list(self.same_as_labels),
            "games": self.games, "wins": self.wins,
            "draws": self.draws, "losses": self.losses, "win_rate": self.win_rate,
            "win_rate_interval": list(self.win_rate_interval), "mean_score": self.mean_score,
            "score_counts": self.score_counts,
        }


@dataclass(frozen=True)
class ComparisonResult:
    """Each option of a decision played out on the same dice (see the module docstring)."""

    prompt: str
    rule: str
    policy: str
    seed: int
    games: int
    """Games asked for per option (a stopped run played fewer: see each row's ``games``)."""
    rows: tuple[Row, ...]
    elapsed: float = 0.0
    stopped: bool = False
    jobs: int = 1
    horizon: int | None = None
    """Turns played ahead before a game is scored as it stands (None: to the end, 6.0)."""

    @property
    def definitions(self) -> str:
        """What win, draw and loss mean in this result (:func:`definitions`)."""
        return definitions(self.horizon)

    @property
    def done(self) -> int:
        """Games played per option so far."""
        return min((r.games for r in self.rows), default=0)

    def row(self, option: str) -> Row:
        """The row of an option id (or one merged into a row) or a plan's label."""
        for r in self.rows:
            if option in (r.option_id, r.label) or option in r.same_as:
                return r
        raise KeyError(f"no row for {option!r}; rows: {', '.join(r.option_id for r in self.rows)}")

    def best(self) -> Row:
        """The row with the highest win rate (the higher mean score on a tie).

        Games cut short by a ``horizon`` are ranked by mean score first: from mid-game the
        score as it stands is seldom a winning one, so their win rates rarely differ.
        """
        return max(self.rows, key=self.rank)

    def rank(self, row: Row) -> tuple[float, float]:
        """The sort key of :meth:`best` (higher is better)."""
        if self.horizon is not None:
            return row.mean_score, row.win_rate
        return row.win_rate, row.mean_score

    def text(self) -> str:
        """The table as text, with what it answers and what its words mean."""
        state = (f"stopped after {self.done} of {self.games} games per option"
                 if self.stopped else f"{self.done} games per option")
        played = ("played to the end of the game" if self.horizon is None else
                  f"played {self.horizon} turn{'s' if self.horizon > 1 else ''} ahead "
                  "(or to the end, if sooner), then scored as it stands")
        lines = [
            f"{self.prompt} ({self.rule})" if self.rule else self.prompt,
            f"Each option {played}, {state}, same dice for every option "
            f"(seeds {self.seed}-{self.seed + max(self.done, 1) - 1}), policy {self.policy}.",
        ]
        width = max((len(r.label) for r in self.rows), default=6)
        lines.append(f"  {'option':<{width}}  {'games':>5}  {'win':>4} {'(95%)':>11}  "
                     f"{'draw':>4}  {'loss':>4}  {'mean score':>14}")
        for r in self.rows:
            lo, hi = r.win_rate_interval
            slo, shi = r.mean_score_interval
            half = (shi - slo) / 2
            score = f"{r.mean_score:+.1f} ± {half:.1f}" if math.isfinite(half) else (
                f"{r.mean_score:+.1f}")
            lines.append(
                f"  {r.label:<{width}}  {r.games:>5}  {r.win_rate:4.0%} ({lo:4.0%}-{hi:4.0%})  "
                f"{r.draw_rate:4.0%}  {r.loss_rate:4.0%}  {score:>14}"
            )
            if r.same_as:
                lines.append(f"  {'':<{width}}  (the same position as: "
                             f"{'; '.join(r.same_as_labels)})")
        lines.append("Terms (6.0): " + self.definitions + ".")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (f"<ComparisonResult {len(self.rows)} options x {self.done} games "
                f"({self.policy}{', stopped' if self.stopped else ''})>")

    def _repr_html_(self) -> str:
        body = []
        for r in self.rows:
            lo, hi = r.win_rate_interval
            same = (f"<br><small>the same position as: "
                    f"{html.escape('; '.join(r.same_as_labels))}</small>" if r.same_as else "")
            body.append(
                f"<tr><td>{html.escape(r.label)}{same}</td><td>{r.games}</td>"
                f"<td>{r.wins}</td><td>{r.draws}</td><td>{r.losses}</td>"
                f"<td>{r.win_rate:.0%} ({lo:.0%}–{hi:.0%})</td><td>{r.draw_rate:.0%}</td>"
                f"<td>{r.loss_rate:.0%}</td><td>{r.mean_score:+.1f}</td></tr>"
            )
        stopped = " (stopped early)" if self.stopped else ""
        played = ("played to the end" if self.horizon is None else
                  f"played {self.horizon} turns ahead then scored as it stands,")
        return (
            f"<p><b>{html.escape(self.prompt)}</b> — each option {played} "
            f"{self.done} times on the same dice, policy {html.escape(self.policy)}{stopped}."
            "</p><table><tr><th>option</th><th>games</th><th>wins</th><th>draws</th>"
            "<th>losses</th><th>win rate (95%)</th><th>draw rate</th><th>loss rate</th>"
            f"<th>mean score</th></tr>{''.join(body)}</table>"
            f"<p><small>{html.escape(self.definitions)}.</small></p>"
        )

    def to_dict(self) -> dict[str, Any]:
        """The whole result as plain data."""
        return {"prompt": self.prompt, "rule": self.rule, "policy": self.policy,
                "seed": self.seed, "games": self.games, "done": self.done,
                "horizon": self.horizon, "definitions": self.definitions,
                "stopped": self.stopped, "elapsed_s": self.elapsed,
                "rows": [r.to_dict() for r in self.rows]}


# --- setting the options up ------------------------------------------------------------------


@dataclass
class _Start:
    """An option (or plan) ready to be played out: the position after its steps.

    (Or after the decisions that follow them in every playout alike: :func:`_advance`.)
    """

    option_id: str
    label: str
    steps: tuple[str, ...]
    game: Game
    same_as: list[tuple[str, str]] = field(default_factory=list)
    """(id, label) of the options merged into this one."""
    strata: tuple[int, int] | None = None
    """(dice, first seed) when the option stops at a roll: its first roll is dealt from every
    throw of that many dice in turn (:func:`first_roll`), not drawn from the dice stream."""


PLAN_VERBS: dict[str, Schema] = {"plan": (("number", int),)}
"""The ids of a comparison's rows that are plans, written by the option-id codec
(:func:`~pavlov_widgets.engine.actions.encode`): ``plan:<its place in the list, from 1>``
(a plan's label is free text; its row is found by label too, :meth:`ComparisonResult.row`)."""


def plan_id(number: int) -> str:
    """The row id of the ``number``-th item of a comparison's options when it is a Plan."""
    return encode("plan", {"number": number}, PLAN_VERBS)


def _decision(game: Game) -> dict[str, Any]:
    p = game.state.pending
    if game.is_over or p is None or p["kind"] != "decision":
        what = "the game is over" if game.is_over else "a roll is pending: roll it first"
        raise CompareError(f"no decision is pending ({what}); compare needs a decision")
    return p


def _after(game: Game, steps: Sequence[str], what: str) -> Game:
    """A copy of ``game`` after ``steps`` (no roll between them), or a CompareError."""
    branch = game.copy()
    branch.auto_roll = False
    for i, step in enumerate(steps, 1):
        p = branch.state.pending
        if branch.is_over or p is None or p["kind"] != "decision":
            raise CompareError(
                f"{what}: step {i} ({step!r}) comes after "
                + ("the end of the game" if branch.is_over else "a roll") +
                "; a plan's steps must all come before the next roll")
        legal = branch.legal_ids()
        if step not in legal:
            raise CompareError(
                f"{what}: step {i} ({step!r}) is not a legal option there; legal: "
                + ", ".join(legal))
        branch.apply(step)
    return branch


def _starts(game: Game, options: Sequence[str | Plan] | None, policy: Policy,
            seed: int) -> list[_Start]:
    p = _decision(game)
    legal = game.legal_actions()
    labels = {o.id: o.label for o in legal}
    if options is None:
        starts = [_Start(o.id, o.label, (o.id,), _after(game, [o.id], o.label)) for o in legal]
        return _merge_same(starts, policy, seed)
    if isinstance(options, (str, Plan)) or not isinstance(options, Sequence) or not options:
        raise CompareError(
            "options must be None (every option) or a non-empty list of option ids and Plans,"
            f" not {options!r}")
    out: list[_Start] = []
    seen: set[str] = set()
    for number, item in enumerate(options, 1):
        if isinstance(item, Plan):
            key, start = item.label, _Start(plan_id(number), item.label, item.steps,
                                            _after(game, item.steps, f"plan {item.label!r}"))
        elif isinstance(item, str):
            if item not in labels:
                raise CompareError(
                    f"unknown option {item!r} for {p['prompt']!r}; legal: "
                    + ", ".join(labels))
            key, start = item, _Start(item, labels[item], (item,), _after(game, [item], item))
        else:
            raise CompareError(f"an option is an option id or a Plan, not {item!r}")
        if key in seen:
            raise CompareError(f"{key!r} is listed twice")
        seen.add(key)
        out.append(start)
    return out


def _merge_same(starts: list[_Start], policy: Policy, seed: int) -> list[_Start]:
    """One row per distinct position (followed up to the next roll for a steady policy)."""
    steady = bool(getattr(policy, "deterministic", False))
    rng = policy_rng(seed, policy_name(policy))
    merged: list[tuple[Any, _Start]] = []
    for start in starts:
        key = _position_key(start.game, policy if steady else None, rng)
        for other_key, other in merged:
            if key == other_key:
                other.same_as.append((start.option_id, start.label))
                break
        else:
            merged.append((key, start))
    return [s for _, s in merged]


def _position_key(game: Game, policy: Policy | None, rng: Any) -> str:
    """The position as data, followed by ``policy`` up to a roll or a shuffle.

    Two options with the same key play the same games seed for seed: every playout forks the
    position with the seed's own dice and shuffles (:meth:`Game.fork`), so the generators'
    states are left out of the key, and a decision that would shuffle (which the playout
    makes with its own cards) ends the following just before it.
    """
    ahead = game.copy()
    key = _state_key(ahead)
    for _ in range(FOLLOW_LIMIT if policy is not None else 0):
        p = ahead.state.pending
        if ahead.is_over or p is None or p["kind"] != "decision":
            break
        cards = ahead.state.card_rng
        ahead.apply(policy(ahead, rng))  # type: ignore[misc]
        if ahead.state.card_rng != cards:
            break  # the position before the shuffle is the last one both branches share
        key = _state_key(ahead)
    return key


def _state_key(game: Game) -> str:
    """The state as text, without its dice and card generators (a fork replaces them)."""
    data = game.state.to_dict()
    for name in ("dice_rng", "card_rng", "seed", "script"):
        data.pop(name, None)
    return repr(data)


# --- playing ---------------------------------------------------------------------------------

_Outcome = tuple[int, int, str, int]
"""(row index, seed, result, score) of one playout."""

_SHARED: dict[str, Any] = {}
"""What a worker process plays (set by :func:`_share` as the worker starts)."""


def _play_ahead(game: Game, policy: Policy, rng: Any, until_turn: int) -> None:
    """Let ``policy`` decide (and the dice roll) until turn ``until_turn`` begins or the end."""
    made = 0
    while not game.is_over and game.state.turn < until_turn:
        pending = game.state.pending
        if pending is not None and pending["kind"] == "chance":
            game.roll()
            continue
        if made >= MAX_HORIZON_DECISIONS:
            raise RuntimeError(f"turn {until_turn} did not come within {made} decisions")
        game.apply(policy(game, rng))
        made += 1


STRATA_MAX_DICE = 4
"""The most dice a first roll is dealt for in turn (6⁴ = 1,296 throws; more: drawn)."""


def _stratify(starts: list[_Start], seed: int) -> None:
    """Deal the first roll of every option that stops at one from all the throws in turn.

    A roll's outcome is exact: each throw of n dice comes once in 6ⁿ. When the options stop
    at a roll (Anti-aircraft fire, Suppression tokens spent, a shot), playout ``i`` takes
    the ``i``-th throw of a shuffled list of every throw instead of the dice stream's next
    one, so every 6ⁿ games deal each throw exactly once and a few dozen games already deal
    them evenly: the first roll adds next to no luck to the difference between options.
    The throws are of the most dice any option rolls (each option reads its first dice of
    the throw), so the options still meet the same dice; the shuffle follows ``seed``, so
    the estimate stays unbiased and another seed deals another order.
    """
    rolls = [s.game.chance() for s in starts]
    dice = max((c.dice for c in rolls if c is not None), default=0)
    if not 0 < dice <= STRATA_MAX_DICE:
        return
    for start, chance in zip(starts, rolls, strict=True):
        start.strata = (dice, seed) if chance is not None else None


def _advance(starts: list[_Start], policy: Policy) -> None:
    """Play each option's decisions that every playout makes alike once, before the games.

    Speed only, the same games: a steady policy (``deterministic``: its choices read the
    game alone) makes the same decisions in every playout until the first roll, the first
    decision that shuffles (a fork deals each playout its own dice and shuffles) or the
    next turn (a horizon counts turns from the option's own). Those decisions are made here
    once and the option's position becomes where they lead (:attr:`_Start.game`; the same
    turn, so a horizon counts from it as before); each playout forks from there with the
    same seed's dice and cards, so it plays on exactly as it would have. Not in a
    Competitive game (the German player draws from each playout's own generator), nor for
    an option whose first roll is dealt in turn (:func:`_stratify`).
    """
    if not getattr(policy, "deterministic", False):
        return
    rng = policy_rng(0, policy_name(policy))  # a steady policy draws nothing from it
    for start in starts:
        game = start.game
        p = game.state.pending
        if (start.strata is not None or game.settings.competitive or game.is_over
                or p is None or p["kind"] != "decision"):
            continue
        ahead, made = game.copy(), 0
        while made < FOLLOW_LIMIT:
            p = ahead.state.pending
            if ahead.is_over or p is None or p["kind"] != "decision":
                break
            cards = ahead.state.card_rng
            ahead.apply(policy(ahead, rng))
            if ahead.state.card_rng != cards or ahead.turn != game.turn:
                ahead.undo()  # each playout makes this one with its own cards
                break
            made += 1
        if made:
            start.game = ahead


@functools.lru_cache(maxsize=8)
def _throws(dice: int, seed: int) -> tuple[int, ...]:
    """Every throw of ``dice`` dice (as numbers 0 … 6ⁿ − 1), shuffled after ``seed``."""
    order = list(range(6 ** dice))
    random.Random(f"pavlov_widgets.lab.first-roll:{dice}:{seed}").shuffle(order)
    return tuple(order)


def first_roll(dice: int, seed: int, playout: int) -> list[int]:
    """The first roll of playout (dice seed) ``playout`` of a run from ``seed`` (see above)."""
    throws = _throws(dice, seed)
    number = throws[(playout - seed) % len(throws)]
    return [number // 6 ** k % 6 + 1 for k in range(dice)]


def _with_german_player(game: Game, policy: Policy, seed: int) -> Policy:
    """In a Competitive game (7.4), the German decisions go to the German heuristic.

    The compared policy plays the Soviet side; the German player's generator is seeded from
    the playout's dice seed, so every option meets the same German player.
    """
    if not game.settings.competitive:
        return policy
    return SidePolicies(policy, get_policy(DEFAULT_GERMAN_POLICY),
                        side_rng(seed, DEFAULT_GERMAN_POLICY, "german"))


def _play(starts: Sequence[_Start], policy: Policy, name: str, index: int,
          seed: int, horizon: int | None = None) -> _Outcome:
    """One playout: row ``index`` from dice seed ``seed`` (an error notes which).

    With a ``horizon`` the game stops when that many turns have begun after the start
    position's turn, and is scored as it stands (:func:`definitions`).
    """
    start = starts[index]
    if start.strata is None:
        branch = start.game.fork(seed=seed, auto_roll=True)
    else:  # the first roll is dealt from the throws in turn, the rest from the seed's dice
        branch = start.game.fork(seed=seed, auto_roll=False)
        branch.auto_roll = True
        chance = branch.chance()
        assert chance is not None
        branch.force(first_roll(*start.strata, seed)[:chance.dice])
    policy = _with_german_player(branch, policy, seed)
    try:
        if horizon is None:
            play_to_end(branch, policy, policy_rng(seed, name), name=name)
        else:
            _play_ahead(branch, policy, policy_rng(seed, name), start.game.turn + horizon)
    except Exception as exc:
        exc.add_note(f"in a playout of {start.label!r} (dice seed {seed}, policy {name})")
        raise
    o = branch.outcome
    if o is None:  # stopped at the horizon: the score as it stands, in the 6.0 bands
        total = branch.score().total
        return index, seed, victory_level(total, branch.engine.o.victory_table)[0], total
    return index, seed, str(o.get("result", "?")), int(o.get("score", 0))


def _share(starts: list[_Start], policy: Policy, name: str, horizon: int | None = None) -> None:
    """A worker's start: what it will play (handed over in memory by the fork)."""
    _SHARED.update(starts=starts, policy=policy, name=name, horizon=horizon)


def _play_block(block: tuple[int, int]) -> list[_Outcome]:
    """Play seeds ``block[0]`` … ``block[0] + block[1] - 1`` for every option (a worker)."""
    starts, policy, name = _SHARED["starts"], _SHARED["policy"], _SHARED["name"]
    horizon = _SHARED.get("horizon")
    return [_play(starts, policy, name, i, s, horizon)
            for s in range(block[0], block[0] + block[1]) for i in range(len(starts))]


ONE_CORE = {
    "browser": "These games run on one core: the browser's Python cannot start other "
               "processes.",
    "failed": "These games run on one core: other processes could not be started here.",
}
"""Why a comparison asked for several processes played on one (issue 22), each sentence
whole: in the browser's Python, or where a pool failed to start (see :func:`one_core_reason`)."""

_POOL_FAILED: list[str] = []
"""Why the last pool could not start in this process ("" kept once: a later run says so)."""

_POOL_ERRORS = (ImportError, OSError, AssertionError, NotImplementedError, ValueError,
                RuntimeError)
"""What starting a pool raises where processes cannot start: Pyodide's ``Pool`` raises
``ModuleNotFoundError: _multiprocessing`` (an ImportError), a sandbox OSError, a daemon
process AssertionError, a platform without semaphores NotImplementedError."""


def one_core_reason() -> str:
    """The sentence saying why games asked for several processes run on one ("" if not).

    In the browser's Python: :data:`ONE_CORE` ``["browser"]``; where a pool failed to start
    in this process: ``["failed"]``; elsewhere "" (processes work here).
    """
    if in_browser():
        return ONE_CORE["browser"]
    return ONE_CORE["failed"] if _POOL_FAILED else ""


def _fork_context() -> Any:
    """The fork start method where processes can start (None in the browser or on Windows).

    In Pyodide ``get_context("fork")`` succeeds though no process can start there (its
    ``Pool`` raises ModuleNotFoundError), so the browser is told apart by its platform first.
    """
    if in_browser():
        return None
    try:
        return multiprocessing.get_context("fork")
    except (ValueError, AttributeError, NotImplementedError, ImportError):
        return None


def _pool_failed(exc: BaseException) -> None:
    """Remember that a pool could not start here (the lab then says why it ran on one core)."""
    _POOL_FAILED[:] = [f"{type(exc).__name__}: {exc}"]


PLAYOUT_S = {"whole": 0.040, "ahead": 0.010}
"""Seconds one playout takes on one core of CPython, before this process has timed any:
the fast player's whole game from mid-game (about 26 ms) to the start (about 40 ms), and
four turns ahead (7–10 ms), from ``benchmarks/lab_bench.py`` (benchmarks/README.md). Once a
comparison has run here, its own measured time per playout is used instead."""

BROWSER_SLOWER = 1.7
"""How much slower the browser's Python plays than CPython on the same machine (30 games of
a comparison: 10.8 s against 6.3 s; ../shared/design/jupyterlite-notes.md)."""

_MEASURED: dict[str, float] = {}
"""Seconds per playout per core measured by this process's comparisons ("whole"/"ahead")."""


def expected_seconds(options: int, games: int, jobs: int = 1,
                     horizon: int | None = None) -> float:
    """About how long ``games`` playouts of each of ``options`` options take here, in seconds.

    From this process's own comparisons once one has run (seconds per playout per core),
    else from the benchmark's figures (:data:`PLAYOUT_S`, :data:`BROWSER_SLOWER` in the
    browser); on one core where processes cannot start. An estimate: the position's length
    to the end changes it.
    """
    kind = "whole" if horizon is None else "ahead"
    per = _MEASURED.get(kind)
    if per is None:
        per = PLAYOUT_S[kind] * (BROWSER_SLOWER if in_browser() else 1.0)
    cores = 1 if _fork_context() is None or one_core_reason() else max(1, jobs)
    return per * max(1, options) * max(0, games) / cores


def _measure(result: ComparisonResult) -> None:
    """Keep the time per playout per core of a finished run (for :func:`expected_seconds`)."""
    playouts = sum(r.games for r in result.rows)
    if playouts >= 4 and result.elapsed > 0:
        kind = "whole" if result.horizon is None else "ahead"
        _MEASURED[kind] = result.elapsed * result.jobs / playouts


def compare(
    game: Game,
    options: Sequence[str | Plan] | None = None,
    *,
    games: int = 1000,
    seed: int = 0,
    jobs: int = 2,
    policy: str | Policy = "fast",
    on_progress: Callable[[ComparisonResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    horizon: int | None = None,
) -> ComparisonResult:
    """Play every option (or plan) of the pending decision ``games`` times to the end.

    See the module docstring for the definitions, the common dice and the merging of
    options that lead to the same position. The game itself is never changed.

    ``horizon`` (turns) shortens each game: it is played until that many turns have begun
    after the present one (or to its end, if sooner), then scored as it stands with the
    game's own score (6.0) and classed win / draw / loss by the 6.0 bands
    (:func:`definitions`; the result's text says so). A quick answer — about three times
    as many games per second with ``horizon=4`` from mid-game — to a slightly different
    question; ``None`` (the default) plays every game to its end.

    Raises:
        CompareError: no decision is pending, an unknown option id, a plan step that is not
            legal, a bad number of games, jobs, seed or horizon.
        ValueError: an unknown policy name.
    """
    return _drive(compare_steps(game, options, games=games, seed=seed, jobs=jobs,
                                policy=policy, on_progress=on_progress,
                                should_stop=should_stop, horizon=horizon))


def compare_steps(
    game: Game,
    options: Sequence[str | Plan] | None = None,
    *,
    games: int = 1000,
    seed: int = 0,
    jobs: int = 2,
    policy: str | Policy = "fast",
    on_progress: Callable[[ComparisonResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    horizon: int | None = None,
) -> Generator[None, None, ComparisonResult]:
    """:func:`compare` as a generator: it yields between blocks of games, returns the result.

    For a caller that must hand control back while the games are played: where threads
    cannot start (the browser's Python), the lab's live comparison is an asyncio task that
    steps this and pauses between blocks of steps, so the chart is redrawn and
    Stop is heard (issue 22). The games and the result are :func:`compare`'s, seed for seed.
    The arguments are checked at once (the first step), as :func:`compare` checks them.

    Raises:
        as :func:`compare`.
    """
    _check_counts(games, jobs, seed)
    check_horizon(horizon)
    chooser = get_policy(policy)
    starts = _starts(game, options, chooser, seed)
    return (yield from _steps(game, starts, games, seed, jobs, chooser, policy_name(policy),
                              on_progress, should_stop, horizon=horizon))


def _drive(steps: Generator[None, None, ComparisonResult]) -> ComparisonResult:
    """Run a generator of :func:`compare_steps` to its end here; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: ComparisonResult = done.value
            return result


def play_position(
    game: Game,
    *,
    games: int = 100,
    seed: int = 0,
    jobs: int = 1,
    policy: str | Policy = "fast",
    on_progress: Callable[[ComparisonResult], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    horizon: int | None = None,
) -> ComparisonResult:
    """Play the position as it stands ``games`` times to the end: a result with one row.

    Works at a decision or at a pending roll (each playout rolls its own dice). The game
    itself is never changed. ``horizon`` as in :func:`compare`.

    Raises:
        CompareError: the game is over, or a bad number of games, jobs, seed or horizon.
    """
    _check_counts(games, jobs, seed)
    check_horizon(horizon)
    if game.is_over:
        raise CompareError("the game is over: there is nothing left to play out")
    chooser = get_policy(policy)
    start = game.copy()
    start.auto_roll = False
    starts = [_Start("as-it-stands", "The position as it stands", (), start)]
    return _run(game, starts, games, seed, jobs, chooser, policy_name(policy), on_progress,
                should_stop, horizon=horizon)


def _check_counts(games: int, jobs: int, seed: int) -> None:
    for name, value, low in (("games", games, 1), ("jobs", jobs, 1), ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise CompareError(f"{name} must be a whole number of at least {low}, not {value!r}")


def _run(game: Game, starts: list[_Start], games: int, seed: int, jobs: int, chooser: Policy,
         name: str, on_progress: Callable[[ComparisonResult], None] | None,
         should_stop: Callable[[], bool] | None, min_done: int = 0,
         horizon: int | None = None, hard_stop: float | None = None) -> ComparisonResult:
    """Play the prepared options (see :func:`compare`), here and now (see :func:`_steps`)."""
    return _drive(_steps(game, starts, games, seed, jobs, chooser, name, on_progress,
                         should_stop, min_done, horizon, hard_stop))


def _steps(game: Game, starts: list[_Start], games: int, seed: int, jobs: int,
           chooser: Policy, name: str, on_progress: Callable[[ComparisonResult], None] | None,
           should_stop: Callable[[], bool] | None, min_done: int = 0,
           horizon: int | None = None,
           hard_stop: float | None = None) -> Generator[None, None, ComparisonResult]:
    """Play the prepared options, yielding between blocks of games; return the result.

    ``should_stop`` is heard only once ``min_done`` games of every option are played; at
    ``hard_stop`` (a ``time.perf_counter()`` time) the run ends once every option has one.
    """
    context = _fork_context() if jobs > 1 else None
    used = jobs if context is not None else 1
    p = game.state.pending or {}
    prompt, rule = str(p.get("prompt", "")), str(p.get("rule", ""))
    found: dict[int, list[tuple[int, str, int]]] = {i: [] for i in range(len(starts))}
    begun = time.perf_counter()
    last = [begun]

    def result(stopped: bool = False) -> ComparisonResult:
        rows = tuple(
            Row(s.option_id, s.label, s.steps, tuple(i for i, _ in s.same_as),
                tuple(label for _, label in s.same_as), tuple(sorted(found[i])))
            for i, s in enumerate(starts)
        )
        return ComparisonResult(prompt, rule, name, seed, games, rows,
                                time.perf_counter() - begun, stopped, used, horizon)

    def record(outcomes: list[_Outcome], final: bool = False) -> None:
        for i, s, r, score in outcomes:
            found[i].append((s, r, score))
        now = time.perf_counter()
        if on_progress is not None and (final or now - last[0] >= PROGRESS_EVERY):
            last[0] = now
            on_progress(result())

    if should_stop is not None and min_done > 0:
        asked = should_stop

        def should_stop() -> bool:
            done = min(len(v) for v in found.values())
            return done >= 1 and ((done >= min_done and asked()) or (
                hard_stop is not None and time.perf_counter() >= hard_stop))

    _stratify(starts, seed)
    _advance(starts, chooser)
    games_left = range(seed, seed + games)
    stopped = False
    if used > 1:
        try:
            stopped = yield from _in_processes(context, used, starts, chooser, name,
                                               games_left, record, should_stop, horizon)
        except _NoProcesses:
            used = 1  # the browser, a sandbox, a worker process already: play here instead
    if used == 1:
        for s in games_left:
            if should_stop is not None and should_stop():
                stopped = True
                break
            record([_play(starts, chooser, name, i, s, horizon) for i in range(len(starts))])
            yield
    final = result(stopped)
    _measure(final)
    if on_progress is not None:
        on_progress(final)
    return final


def _in_processes(context: Any, jobs: int, starts: list[_Start], policy: Policy, name: str,
                  seeds: range, record: Callable[[list[_Outcome]], None],
                  should_stop: Callable[[], bool] | None,
                  horizon: int | None = None) -> Generator[None, None, bool]:
    """Play the seeds in small blocks on ``jobs`` processes; True if stopped early.

    Yields while it waits for the workers (see :func:`compare_steps`). Raises
    :class:`_NoProcesses` when no pool can start here (nothing was played).

    The processes are the warm ones (:class:`_WarmPool`) when what is played can be sent to
    them (pickled once per run); otherwise (a policy defined in a notebook cell, say) a pool
    forked for this run alone hands it over in memory.
    """
    # blocks of about eight playouts keep both processes busy and the progress moving; a
    # run that may stop (a hint at its deadline) sends one seed a block, so its results
    # come as soon as they are played and nothing long is left behind it
    size = 1 if should_stop is not None else max(
        1, min(8 // len(starts) or 1, len(seeds) // (jobs * 4) or 1))
    blocks = [(s, min(size, seeds.stop - s)) for s in range(seeds.start, seeds.stop, size)]
    warm = _WarmPool.get(context, jobs)
    # one run at a time on the warm pool: a second run's token would make the first one's
    # queued blocks give up (several labs of a notebook compare at once, each in its thread);
    # a run that finds the pool busy forks its own processes, as below. The pool is taken
    # before the payload is pickled: a run that finds it busy pickles nothing (issue 20)
    payload = None
    if warm is not None and warm.busy.acquire(blocking=False):
        try:
            payload = warm.payload(starts, policy, name, horizon)
        finally:
            if payload is None:  # not sendable, or pickling failed: the pool is free again
                warm.busy.release()
    if warm is not None and payload is not None:
        try:
            token = warm.begin()
            # the payload goes in a file each worker reads once: sent with every block, a
            # hint's two thousand queued blocks would be hundreds of megabytes through the pipe
            with tempfile.NamedTemporaryFile(prefix="pavlov-lab-", suffix=".pickle") as file:
                file.write(payload)
                file.flush()
                try:
                    return (yield from _consume(warm.pool.imap_unordered(
                        _play_warm, [(token, file.name, block) for block in blocks]),
                        len(blocks), record, should_stop))
                finally:
                    warm.end(token)  # blocks still queued or playing give up at their next game
        finally:
            warm.busy.release()
    try:  # fork hands the options and the policy over in memory: nothing is pickled
        pool = context.Pool(jobs, initializer=_share, initargs=(starts, policy, name, horizon))
    except _POOL_ERRORS as exc:
        _pool_failed(exc)
        raise _NoProcesses(str(exc)) from exc
    _POOL_FAILED.clear()  # processes start here after all
    try:
        return (yield from _consume(pool.imap_unordered(_play_block, blocks), len(blocks),
                                    record, should_stop))
    finally:
        pool.terminate()
        pool.join()


def _consume(pending: Any, count: int, record: Callable[[list[_Outcome]], None],
             should_stop: Callable[[], bool] | None) -> Generator[None, None, bool]:
    """Record ``count`` blocks of outcomes as they come; True if ``should_stop`` ended it.

    Yields after each wait for a block (see :func:`compare_steps`).
    """
    done = 0
    while done < count:
        if should_stop is not None and should_stop():
            return True
        try:
            outcomes = pending.next(timeout=0.02)
        except multiprocessing.TimeoutError:
            yield
            continue
        done += 1
        record(outcomes)
        yield
    return False


class _WarmPool:
    """Worker processes kept between comparisons and hints (one pool per number of jobs).

    Starting processes for every hint cost it a fork of the whole notebook kernel and
    workers whose caches start cold; these are forked once, at the first comparison that
    asks for them, and live as long as the kernel. Each run is a new **token**, written in
    a shared counter: a worker plays a block only while its token is the current one, so
    a hint that stops at its deadline leaves nothing playing behind it (the next one starts
    at once). What a run plays (the options' positions, the policy) is pickled once and
    unpickled once per worker; the components every game shares are sent as a reference,
    being in the workers' memory since the fork.
    """

    _pools: ClassVar[dict[int, _WarmPool]] = {}
    _starting: ClassVar[threading.Lock] = threading.Lock()
    """Held while a pool is looked up or started: two threads must not start two."""

    def __init__(self, context: Any, jobs: int, known: Any) -> None:
        self.run = context.Value("q", 0, lock=False)
        self.busy = threading.Lock()
        """Held by the one run playing on these workers (see :func:`_in_processes`)."""
        self.known = {id(known): known}
        """The components objects the workers inherited (sent by reference)."""
        self.pool = context.Pool(jobs, initializer=_adopt, initargs=(self.run, self.known))

    @classmethod
    def get(cls, context: Any, jobs: int) -> _WarmPool | None:
        """The warm pool of ``jobs`` processes (started now if need be); None if it cannot."""
        with cls._starting:
            warm = cls._pools.get(jobs)
            if warm is not None:
                return warm
            if multiprocessing.current_process().daemon:
                return None  # a worker of a pool: it may not start processes of its own
            from pavlov_widgets.engine import default_components

            try:
                warm = cls._pools[jobs] = _WarmPool(context, jobs, default_components())
            except _POOL_ERRORS:  # the fork pool tries next, and remembers why not
                return None
        atexit.register(warm.close)
        return warm

    def payload(self, starts: list[_Start], policy: Policy, name: str,
                horizon: int | None) -> bytes | None:
        """What a run plays, pickled once (None if some part cannot be pickled)."""
        buffer = io.BytesIO()
        try:
            _Pickler(buffer, self.known).dump((starts, policy, name, horizon))
        except (pickle.PicklingError, AttributeError, TypeError):
            return None
        return buffer.getvalue()

    def begin(self) -> int:
        """A new run's token (the workers drop whatever an earlier run left queued)."""
        self.run.value += 1
        token: int = self.run.value
        return token

    def end(self, token: int) -> None:
        """The run is over: its blocks still queued or playing stop at their next game."""
        if self.run.value == token:
            self.run.value += 1

    def close(self) -> None:
        """Stop the workers (at the kernel's exit)."""
        self.pool.terminate()
        self.pool.join()
        _WarmPool._pools = {k: v for k, v in _WarmPool._pools.items() if v is not self}


def stop_workers() -> None:
    """Stop the warm worker processes of hints and comparisons, if any are running.

    They start again at the next comparison that asks for them. The workers are forks of
    this process and hold copies of every file it had open when they started, so a host
    that waits for one of its pipes to close (a test run's browser driver, say) waits until
    they are stopped; a notebook kernel stops them at its exit.
    """
    for warm in list(_WarmPool._pools.values()):
        warm.close()


def _adopt(run: Any, known: dict[int, Any]) -> None:
    """A warm worker's start: the shared run counter and the objects it may be sent by id."""
    _SHARED.update(run=run, known=known, token=None)


_NOT_HELD = object()
"""What :class:`_Pickler` finds for an object the workers do not hold (None may be sent)."""


class _Pickler(pickle.Pickler):
    """Writes a run's payload, sending the objects the workers inherited by reference."""

    def __init__(self, file: io.BytesIO, known: dict[int, Any]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.known = known

    def persistent_id(self, obj: Any) -> int | None:
        """The id of an object the workers hold since the fork (else None: pickled)."""
        held = self.known.get(id(obj), _NOT_HELD)
        return id(obj) if held is obj else None


class _Unpickler(pickle.Unpickler):
    """Reads a run's payload, taking the components sent by reference from memory."""

    def persistent_load(self, pid: Any) -> Any:
        return _SHARED["known"][pid]


def _play_warm(task: tuple[int, str, tuple[int, int]]) -> list[_Outcome]:
    """A warm worker plays one block of a run, while the run is still the current one.

    ``task`` is (the run's token, the file of its payload, (first seed, seeds)).
    """
    token, path, (first, count) = task
    run = _SHARED["run"]
    if run.value != token:
        return []
    if _SHARED["token"] != token:
        try:
            payload = Path(path).read_bytes()
        except OSError:
            return []  # the run ended (and its file went) since the token was read
        starts, policy, name, horizon = _Unpickler(io.BytesIO(payload)).load()
        _SHARED.update(token=token, starts=starts, policy=policy, name=name, horizon=horizon)
    starts, policy, name = _SHARED["starts"], _SHARED["policy"], _SHARED["name"]
    horizon = _SHARED["horizon"]
    out: list[_Outcome] = []
    for s in range(first, first + count):
        if run.value != token:
            break  # the run is over: the games of a seed are kept whole or not at all
        out.extend(_play(starts, policy, name, i, s, horizon) for i in range(len(starts)))
    return out


class _NoProcesses(Exception):
    """Worker processes cannot be started here (the games are played in this process)."""


# --- the hint --------------------------------------------------------------------------------


DECIDED = 0.8
"""The least confidence at which the hint names one option; below it the two are too close."""

SURE = 0.95
"""The least confidence at which the hint says it is sure (between the two: fairly sure)."""


@dataclass(frozen=True)
class Hint:
    """Which option of the pending decision is best, in one sentence, and how sure that is.

    ``confidence`` is how sure it is that the named option is the best of those played out
    (:func:`rival_confidence`: for whole games the probability that it wins more often than
    every rival, under the prior the long runs show; with a horizon an exact paired test
    against every rival, corrected for the pick); 1.0 when there is nothing to choose. When
    it is under :data:`DECIDED` the hint does not pick: ``decided`` is False, the sentence
    says the options are too close to call and gives both numbers, and ``rival_id`` is the
    option it cannot be told apart from (``option_id`` is then merely the one ahead).
    """

    option_id: str
    label: str
    sentence: str
    confidence: float
    result: ComparisonResult
    decided: bool = True
    rival_id: str = ""
    """The closest rival (the one the test is least sure about); "" with nothing to compare."""

    def __str__(self) -> str:
        return self.sentence

    def __repr__(self) -> str:
        return f"<Hint {self.option_id}: {self.sentence}>"

    def _repr_html_(self) -> str:
        return f"<p>💡 {html.escape(self.sentence)}</p>"

    @property
    def option_ids(self) -> tuple[str, ...]:
        """The options the hint points at: its pick, and its rival when it is too close to call."""
        return (self.option_id,) if self.decided or not self.rival_id else (
            self.option_id, self.rival_id)


def _best_rated(game: Game, policy: Policy, starts: list[_Start], keep: int) -> list[_Start]:
    """The ``keep`` starts the policy rates best (all of them if it rates nothing)."""
    rate = getattr(policy, "score", None)
    if len(starts) <= keep or not callable(rate):
        return starts
    value = {o.id: v for o, v, _ in rate(game)}
    ranked = sorted(range(len(starts)),
                    key=lambda i: -max(value.get(x, -math.inf) for x in
                                       (starts[i].option_id, *(y for y, _ in starts[i].same_as))))
    chosen = sorted(ranked[:keep])  # back in the engine's order
    return [starts[i] for i in chosen]



def sign_test_p(ahead: int, behind: int) -> float:
    """The exact one-sided p-value of the sign test: P(at least ``ahead`` of n | a fair coin).

    ``ahead`` and ``behind`` count the common games that went one way and the other; 1.0 when
    there are none. Exact (not mid-p), so a handful of games never looks surer than it is.
    """
    n = ahead + behind
    if n == 0:
        return 1.0
    return sum(math.comb(n, k) for k in range(ahead, n + 1)) / 2 ** n


def paired_split(best: Row, other: Row, by: str = "win") -> tuple[int, int]:
    """(games where ``best`` did better, games where ``other`` did) on their common seeds.

    ``by="win"``: one won and the other did not; ``by="score"``: the final scores differ.
    """
    if by not in ("win", "score"):
        raise CompareError(f"by must be 'win' or 'score', not {by!r}")
    theirs = {s: (r == "win", score) for s, r, score in other.outcomes}
    ahead = behind = 0
    for s, r, score in best.outcomes:
        if s not in theirs:
            continue
        mine: bool | int = r == "win" if by == "win" else score
        other_one: bool | int = theirs[s][0] if by == "win" else theirs[s][1]
        if mine != other_one:
            if mine > other_one:
                ahead += 1
            else:
                behind += 1
    return ahead, behind


def paired_confidence(best: Row, other: Row, by: str = "win") -> float:
    """How sure it is that ``best`` wins more often than ``other``, from their common games.

    Only the games where one option wins and the other does not tell them apart (the same
    dice for both); the confidence is one minus the exact p-value of the one-sided sign test
    on those games (:func:`sign_test_p`): 0 when there are none, near 1 when nearly all go
    the same way. ``by="score"`` asks instead how sure it is that ``best`` scores more: the
    games where the two scores differ, the same test (for games cut short by a horizon).
    For an option picked as the best of several, see :func:`rival_confidence`.
    """
    return 1.0 - sign_test_p(*paired_split(best, other, by))


def rival_confidence(best: Row, rivals: Sequence[Row], by: str = "win",
                     prior: Prior | None = None) -> float:
    """How sure it is that ``best``, picked as the best of ``1 + len(rivals)``, is the best.

    With a ``prior`` (the hint's, :data:`~.confidence.HINT_PRIOR`): the probability that
    ``best`` wins more often than every rival, given the games that tell them apart and how
    far apart options usually are (:func:`~.confidence.rival_posterior`). That is what a
    stated confidence should mean, and ``docs/calibration.md`` checks it against long runs.

    Without one: a test. The pick was made on the same games it is tested on, so one test
    against the runner-up overstates it: with three options alike, the one that looks best
    beats the runner-up at "95%" far more often than one time in twenty. The pick is tested
    against **every** rival (:func:`paired_confidence`) and the largest p-value is
    multiplied by the number of rivals: if some rival is truly better, the chance that the
    pick still looks better than the truly best one at that level is at most the stated
    risk (a Bonferroni bound over the options that could have been picked instead of it).

    Either way: 1.0 without rivals; with a prior ½ against one rival when no game tells
    them apart (without, 0).
    """
    if not rivals:
        return 1.0
    if prior is not None:
        return rival_posterior([paired_split(best, r, by) for r in rivals], prior)
    worst = max(sign_test_p(*paired_split(best, r, by)) for r in rivals)
    return max(0.0, 1.0 - len(rivals) * worst)


def closest_rival(best: Row, rivals: Sequence[Row], by: str = "win",
                  prior: Prior | None = None) -> Row:
    """The rival ``best`` is least sure to beat (the lowest posterior, or largest p-value)."""
    if prior is not None:
        return min(rivals, key=lambda r: (posterior_ahead(*paired_split(best, r, by), prior),
                                          -r.win_rate))
    return max(rivals, key=lambda r: (sign_test_p(*paired_split(best, r, by)), r.win_rate))


HINT_SENTENCES: dict[str, str] = {
    "sure": "{best}: it won {best_rate} of {games} on the same dice as {rival}, which "
            "won {rival_rate}; mean score {best_score} against {rival_score}. The hint is "
            "sure ({confidence} that it is the best of the {count} options played out).",
    "fair": "{best}: it won {best_rate} of {games} on the same dice as {rival}, which "
            "won {rival_rate}; mean score {best_score} against {rival_score}. The hint is "
            "fairly sure ({confidence} that it is the best of the {count} options played "
            "out).",
    "close": "Too close to call between {best} and {rival}: in {games} on the same dice "
             "{best} won {best_rate} and {rival} {rival_rate}, with mean scores of "
             "{best_score} and {rival_score} (confidence {confidence}, under the "
             "{decided} the hint needs to choose).",
    "sure-ahead": "{best}: played {horizon} turns ahead and scored as it stood, it scored "
                  "{best_score} on average in {games} on the same dice as {rival}, "
                  "which scored {rival_score}. The hint is sure ({confidence} that it is the "
                  "best of the {count} options played out).",
    "fair-ahead": "{best}: played {horizon} turns ahead and scored as it stood, it scored "
                  "{best_score} on average in {games} on the same dice as {rival}, "
                  "which scored {rival_score}. The hint is fairly sure ({confidence} that it "
                  "is the best of the {count} options played out).",
    "close-ahead": "Too close to call between {best} and {rival}: played {horizon} turns "
                   "ahead in {games} on the same dice, they scored {best_score} and "
                   "{rival_score} on average (confidence {confidence}, under the {decided} "
                   "the hint needs to choose).",
    "rated": "Only the {count} options the {policy} player rates best of {distinct} were "
             "played out.",
    "one": "{best}: no other option, so nothing is lost either way.",
    "ringed": "It is ringed on the board.",
    "button": "It is the “{best}” button in the board's bar.",
    "both-ringed": "Both are ringed on the board.",
    "both-named": "They are the “{best}” and “{rival}” choices on the board.",
    "same": "{best}: every option leads to the same position, so nothing is lost either way.",
}
"""Every sentence the hint says, each written whole (so each can be translated whole)."""


def hint_sentence(result: ComparisonResult, best: Row, rival: Row, confidence: float,
                  distinct: int) -> str:
    """The hint's words for ``best`` against its closest ``rival`` (:data:`HINT_SENTENCES`)."""
    kind = "sure" if confidence >= SURE else "fair" if confidence >= DECIDED else "close"
    if result.horizon is not None:
        kind += "-ahead"
    said = HINT_SENTENCES[kind].format(
        best=best.label, rival=rival.label, games=plural(min(best.games, rival.games), "game"),
        best_rate=percent(Fraction(best.wins, max(best.games, 1))),
        rival_rate=percent(Fraction(rival.wins, max(rival.games, 1))),
        best_score=f"{best.mean_score:+.1f}", rival_score=f"{rival.mean_score:+.1f}",
        confidence=f"{confidence:.0%}", decided=f"{DECIDED:.0%}", count=len(result.rows),
        horizon=result.horizon)
    if len(result.rows) < distinct:
        said += " " + HINT_SENTENCES["rated"].format(
            count=len(result.rows), distinct=distinct, policy=result.policy)
    return said


def where_hinted(game: Game, answer: Hint) -> str:
    """Where the board shows what the hint points at (one option, or both when too close)."""
    shown = {o.id: bool(o.targets) for o in game.legal_actions()}
    pointed = answer.option_ids
    rival = answer.result.row(answer.rival_id).label if len(pointed) > 1 else ""
    ringed = all(shown.get(i, False) for i in pointed)
    kind = ("ringed" if ringed else "button") if len(pointed) == 1 else (
        "both-ringed" if ringed else "both-named")
    return HINT_SENTENCES[kind].format(best=answer.label, rival=rival)


def hint(
    game: Game,
    *,
    budget_s: float = HINT_BUDGET_S,
    jobs: int = 2,
    policy: str | Policy = "fast",
    seed: int = 0,
    max_games: int = 2000,
    candidates: int = 3,
    horizon: int | None = None,
) -> Hint:
    """The best option of the pending decision in one sentence, within ``budget_s`` seconds.

    The distinct options (those leading to the same position are one, :func:`compare`) are
    played out on the same dice until the time is up (or ``max_games`` each). The option
    with the highest win rate is weighed against every other (:func:`rival_confidence`, with
    :data:`~.confidence.HINT_PRIOR` for whole games);
    when the confidence reaches :data:`DECIDED` the hint names it with its closest rival's
    numbers, else it says the two are too close to call and gives both options' numbers.
    When there are more than ``candidates`` distinct options and the policy rates options
    (the heuristic and fast players' ``score``), only its ``candidates`` best-rated are
    played out, so the games go where the choice is close (the sentence says so).

    ``horizon`` (turns) plays each game only that far ahead and scores it as it stands
    (:func:`compare`): more games in the same time, on a shorter view (ranked and tested
    by score); the sentence says so.

    Raises:
        CompareError: no decision is pending, or a bad budget, horizon or count.
    """
    if isinstance(budget_s, bool) or not isinstance(budget_s, (int, float)) or budget_s <= 0:
        raise CompareError(f"budget_s must be a positive number of seconds, not {budget_s!r}")
    deadline = time.perf_counter() + budget_s
    for name, value, low in (("jobs", jobs, 1), ("seed", seed, 0), ("max_games", max_games, 1),
                             ("candidates", candidates, 2)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise CompareError(f"{name} must be a whole number of at least {low}, not {value!r}")
    check_horizon(horizon)
    chooser = get_policy(policy)
    starts = _starts(game, None, chooser, seed)
    if len(starts) == 1:
        only = starts[0]
        row = Row(only.option_id, only.label, only.steps, tuple(i for i, _ in only.same_as),
                  tuple(label for _, label in only.same_as), ())
        p = game.state.pending or {}
        result = ComparisonResult(str(p.get("prompt", "")), str(p.get("rule", "")),
                                  policy_name(policy), seed, 0, (row,), horizon=horizon)
        said = HINT_SENTENCES["same" if only.same_as else "one"].format(best=only.label)
        return Hint(only.option_id, only.label, said, 1.0, result)
    distinct = len(starts)
    starts = _best_rated(game, chooser, starts, candidates)
    # a hint rests on some games: the first ones are played past the budget, up to its grace
    result = _run(game, starts, max_games, seed, jobs, chooser, policy_name(policy), None,
                  lambda: time.perf_counter() >= deadline, min(MIN_HINT_GAMES, max_games),
                  horizon=horizon, hard_stop=deadline + HINT_GRACE_S)
    best = result.best()
    rivals = [r for r in result.rows if r is not best]
    # whole games: the probability the pick wins most often, under the prior the long runs
    # show; a horizon's scores have no fitted prior, so they keep the exact test
    by, prior = ("win", HINT_PRIOR) if horizon is None else ("score", None)
    confidence = rival_confidence(best, rivals, by, prior)
    rival = closest_rival(best, rivals, by, prior)
    return Hint(best.option_id, best.label, hint_sentence(result, best, rival, confidence,
                                                          distinct),
                confidence, result, confidence >= DECIDED, rival.option_id)
