"""Playing games to their end with a policy, and what many seeded games add up to.

:func:`play_to_end` is the one playout loop: the simulator, the what-if lab
(:func:`pavlov_widgets.tutor.lab.model.play_out`) and anything else that lets a policy finish a game
go through it.

Game ``i`` of a run with base seed ``S`` is dealt from seed ``S + i`` and its policy draws
from :func:`~pavlov_widgets.sim.policies.policy_rng` of that seed, so every game of a run can
be replayed on its own (:func:`replay`). The :class:`Summary` gives the numbers of the
command line: wins, draws and losses, the victory levels (6.0 table), the score's mean and
quartiles, how the games were lost (which immediate loss, at which turn) and the speed.

In the competitive variant (7.4) the German player's decisions (the Wehrmacht Planning phase)
go to a policy of their own, ``german_policy`` (``"german-heuristic"`` unless told): every
decision is routed by :meth:`~pavlov_widgets.engine.Game.side_to_decide`, and each side's
policy draws from its own generator (:func:`side_rng`). In the cooperative variant (7.3) both
Soviet roles are played by the one Soviet policy.
"""

from __future__ import annotations

import json
import pickle
import random
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine import Components, Game, Option, RuleSettings
from ..engine.rules.scoring import AWARDS, IMMEDIATE_LOSSES
from ..engine.text import plural
from .policies import Choice, Policy, get_policy, policy_name, policy_rng

DEFAULT_GERMAN_POLICY = "german-heuristic"
"""The German player's policy in a competitive game when none is named (7.4)."""

MAX_DECISIONS = 20_000
"""A game that needs more decisions than this is reported as an error (a policy that loops,
e.g. choosing "back" forever): a full game takes a few hundred."""

LEVELS: tuple[str, ...] = (
    *dict.fromkeys(level for _, _, level in AWARDS),
    "Draw",
    "Minor Defeat",
    "Major Defeat",
    "Immediate Defeat",
)
"""Every victory level of the 6.0 table, best first, plus the immediate loss."""

SCORE_LOSS = "final_score"
"""The loss cause of a game played to the end with a score of -10 or less (6.0)."""

LOSS_TEXT: dict[str, str] = {
    **IMMEDIATE_LOSSES,
    SCORE_LOSS: "the deck was played out with a score of -10 or less",
}
"""What each loss cause means, by the key the summary uses."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one simulated game ended (the ``outcome`` of 6.0) and how long it took."""

    seed: int
    result: str
    level: str
    award: str
    score: int
    turn: int
    how: str
    raid_vp: int
    defenders: int
    attackers: int
    decisions: int
    os_won: tuple[str, ...] = ()
    """The Operational Support cards completed (7.1), in the order they were."""
    os_seen: tuple[str, ...] = ()
    """The Operational Support cards that were face up at some time (7.1): the completed ones
    and the one left on the board at the end."""

    @property
    def loss_cause(self) -> str | None:
        """The immediate loss key, :data:`SCORE_LOSS`, or None for a win or a draw."""
        if self.result != "loss":
            return None
        return self.how if self.how in IMMEDIATE_LOSSES else SCORE_LOSS

    @classmethod
    def from_game(cls, game: Game, seed: int) -> GameResult:
        """The result of a finished game."""
        o = game.outcome
        if o is None:
            raise ValueError(f"game {seed} is not over")
        decisions = sum(1 for e in game.history if e["kind"] == "choose")
        s = game.state
        won = tuple(s.os_won)
        seen = won + ((s.os_current,) if s.os_current else ())
        return cls(seed, o["result"], o["level"], o.get("award", ""), o["score"], o["turn"],
                   o["how"], o.get("raid_vp", 0), o.get("defenders", 0), o.get("attackers", 0),
                   decisions, won, seen)

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return asdict(self)


class SimulationError(RuntimeError):
    """A simulated game raised an error.

    It names the seed, the settings and the choices that reproduce it: ``choices`` runs up
    to and including the one being made when the error came (replay them with
    :func:`replay`).
    """

    def __init__(
        self,
        seed: int,
        policy: str,
        variant: str | None,
        settings: RuleSettings,
        choices: list[str],
        history: list[dict[str, Any]],
        cause: BaseException | str,
        trace: str = "",
        german_policy: str | None = None,
    ) -> None:
        self.seed = seed
        self.policy = policy
        self.german_policy = german_policy
        """The German side's policy in a competitive game (7.4), else None."""
        self.variant = variant
        self.settings = settings
        self.choices = choices
        self.history = history
        self.cause = cause
        # ``trace``: the traceback already formatted, when the cause comes as text from
        # another process (see __reduce__)
        self.traceback = (
            "".join(traceback.format_exception(cause)) if isinstance(cause, BaseException)
            else trace
        )
        what = f"{type(cause).__name__}: {cause}" if isinstance(cause, BaseException) else cause
        german = f", German policy {german_policy}" if german_policy else ""
        super().__init__(
            f"game with seed {seed} (policy {policy}{german}, variant {variant or 'base'}) "
            "failed after "
            f"{plural(len(choices), 'decision')}: {what}"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # Crossing to the parent process (simulate(jobs=...)): the cause travels as its text,
        # with the traceback formatted where it happened.
        what = (f"{type(self.cause).__name__}: {self.cause}"
                if isinstance(self.cause, BaseException) else self.cause)
        return (SimulationError, (self.seed, self.policy, self.variant, self.settings,
                                  self.choices, self.history, what, self.traceback,
                                  self.german_policy))

    def reproduce_command(self) -> str:
        """The command line that plays this game again."""
        variant = f" --variant {self.variant}" if self.variant else ""
        german = f" --german-policy {self.german_policy}" if self.german_policy else ""
        return (f"python -m pavlov_widgets simulate --games 1 --seed {self.seed} "
                f"--policy {self.policy}{variant}{german}")

    def report(self) -> str:
        """A full report for a person: the error, the traceback, how to reproduce it."""
        return "\n".join([
            f"error: {self}",
            self.traceback.rstrip(),
            f"reproduce: {self.reproduce_command()}",
            "or in Python: pavlov_widgets.sim.replay("
            f"{self.seed}, choices, RuleSettings(**{self.settings.to_dict()!r}))",
            f"choices ({len(self.choices)}): {json.dumps(self.choices)}",
            f"history (choices and rolls): {json.dumps(self.history)}",
        ])

    def to_dict(self) -> dict[str, Any]:
        """The report as plain data (the command line's ``--json`` error)."""
        return {
            "error": str(self),
            "seed": self.seed,
            "policy": self.policy,
            "german_policy": self.german_policy,
            "variant": self.variant or "base",
            "settings": self.settings.to_dict(),
            "reproduce": self.reproduce_command(),
            "choices": self.choices,
            "history": self.history,
            "traceback": self.traceback,
        }


def side_rng(seed: int, name: str, side: str = "soviet") -> random.Random:
    """The generator of one side's policy in the game dealt from ``seed``.

    The Soviet side's is :func:`~pavlov_widgets.sim.policies.policy_rng` (so a solo game
    replays as it always did); the German side's is derived from its side too, so the same
    policy on both sides does not share a stream.
    """
    return policy_rng(seed, name if side == "soviet" else f"{side}:{name}")


class SidePolicies:
    """One policy per side, each decision routed by ``game.side_to_decide()`` (7.4).

    ``policy(game, rng)`` hands a Soviet decision to ``soviet`` with the ``rng`` it is given
    and a German one (the Wehrmacht Planning phase) to ``german`` with ``german_rng``. Both
    roles of the cooperative variant (7.3) are the Soviet side's.
    """

    def __init__(self, soviet: Policy, german: Policy, german_rng: random.Random,
                 soviet_name: str = "", german_name: str = "") -> None:
        self.soviet = soviet
        self.german = german
        self.german_rng = german_rng
        self.name = (f"{soviet_name or policy_name(soviet)} vs "
                     f"{german_name or policy_name(german)}")

    def __call__(self, game: Game, rng: random.Random) -> Choice:
        """The choice of the side whose decision is pending."""
        if game.side_to_decide() == "german":
            return self.german(game, self.german_rng)
        return self.soviet(game, rng)


def check_policies(
    settings: RuleSettings, policy: str | Policy, german_policy: str | Policy | None
) -> tuple[Policy, Policy | None]:
    """The two sides' policies for a game with ``settings``, checked (7.4).

    Returns the Soviet policy and the German one (None unless the settings are competitive;
    :data:`DEFAULT_GERMAN_POLICY` when none is named).

    Raises:
        ValueError: a German policy for a game with no German player (only the competitive
            variants have one), a German-only policy for the Soviet side, or an unknown name.
    """
    if german_policy is not None and not settings.competitive:
        raise ValueError(
            f"a German policy ({policy_name(german_policy)}) needs a German player: only the "
            "competitive variants have one (7.4: competitive, competitive-three)"
        )
    soviet = get_policy(policy)
    if getattr(soviet, "side", "") == "german":
        raise ValueError(f"policy {policy_name(policy)} plays the German side only (7.4); "
                         "give it as the German policy")
    if not settings.competitive:
        return soviet, None
    return soviet, get_policy(german_policy if german_policy is not None
                              else DEFAULT_GERMAN_POLICY)


def play_to_end(
    game: Game,
    policy: Policy,
    rng: random.Random,
    *,
    check: Callable[[Game], None] | None = None,
    max_decisions: int = MAX_DECISIONS,
    choices: list[str] | None = None,
    name: str | None = None,
) -> Game:
    """Let ``policy`` make every decision of ``game`` until the game is over; return it.

    A game with ``auto_roll`` on rolls its chance steps itself; with it off, each roll is a
    step of its own here, from the game's own dice (the same game either way).
    ``check(game)`` runs after every step. The id of each choice is appended to ``choices``
    (if given) before it is applied, so on an error the list ends with the failing choice.

    Raises:
        TypeError: the policy returned neither an Option nor an option id.
        IllegalActionError: the policy's choice is not legal now.
        RuntimeError: the game did not end within ``max_decisions`` decisions.
    """
    made = choices if choices is not None else []
    start = len(made)
    while not game.is_over:
        pending = game.state.pending
        if pending is not None and pending["kind"] == "chance":
            game.roll()
            if check is not None:
                check(game)
            continue
        if len(made) - start >= max_decisions:
            raise RuntimeError(f"the game did not end after {max_decisions} decisions")
        choice: Choice = policy(game, rng)
        if isinstance(choice, Option):
            made.append(choice.id)
        elif isinstance(choice, str):
            made.append(choice)
        else:
            who = name or policy_name(policy)
            raise TypeError(f"policy {who} returned {choice!r}, not an Option or an option id")
        game.apply(choice)
        if check is not None:
            check(game)
    return game


def run_game(
    seed: int,
    policy: str | Policy = "random",
    settings: RuleSettings | None = None,
    *,
    check: Callable[[Game], None] | None = None,
    variant: str | None = None,
    components: Components | None = None,
    max_decisions: int = MAX_DECISIONS,
    german_policy: str | Policy | None = None,
) -> Game:
    """Play one game dealt from ``seed`` to its end and return it.

    In a competitive game (7.4) ``german_policy`` takes the German player's decisions
    (:data:`DEFAULT_GERMAN_POLICY` when not given); it is an error in any other game.
    ``check(game)`` (e.g. :func:`~pavlov_widgets.sim.invariants.check_invariants`) runs at
    the start and after every decision. ``components`` replaces the packaged components
    (``load_components(...)``: a corrected file, or a what-if value).

    Raises:
        ValueError: a German policy for a game without a German player (see
            :func:`check_policies`).
        SimulationError: the engine, the policy or ``check`` raised an error, the policy
            returned something that is not a legal option, or the game did not end.
    """
    opts = settings if settings is not None else RuleSettings()
    soviet, german = check_policies(opts, policy, german_policy)
    name = policy_name(policy)
    rng = side_rng(seed, name)
    chooser: Policy = soviet
    german_name: str | None = None
    if german is not None:
        german_name = policy_name(german_policy if german_policy is not None
                                  else DEFAULT_GERMAN_POLICY)
        chooser = SidePolicies(soviet, german, side_rng(seed, german_name, "german"),
                               name, german_name)
    game: Game | None = None
    choices: list[str] = []
    try:
        game = Game.new(seed=seed, settings=opts, components=components)
        if check is not None:
            check(game)
        play_to_end(game, chooser, rng, check=check, max_decisions=max_decisions,
                    choices=choices, name=name)
    except Exception as exc:
        history = game.history if game is not None else []
        raise SimulationError(seed, name, variant, opts, choices, history, exc,
                              german_policy=german_name) from exc
    return game


def play_game(
    seed: int,
    policy: str | Policy = "random",
    settings: RuleSettings | None = None,
    *,
    check: Callable[[Game], None] | None = None,
    variant: str | None = None,
    components: Components | None = None,
    german_policy: str | Policy | None = None,
) -> GameResult:
    """Play one game (see :func:`run_game`) and return how it ended."""
    return GameResult.from_game(
        run_game(seed, policy, settings, check=check, variant=variant, components=components,
                 german_policy=german_policy),
        seed,
    )


def replay(
    seed: int,
    choices: Sequence[str],
    settings: RuleSettings | None = None,
    components: Components | None = None,
) -> Game:
    """The game dealt from ``seed`` after these choices (rolls come from the seed).

    This is how a :class:`SimulationError` is reproduced: ``replay(err.seed, err.choices,
    err.settings)`` stops just before the failing decision, or raises the same error.
    """
    game = Game.new(seed=seed, settings=settings, components=components)
    for choice in choices:
        game.apply(choice)
    return game


@dataclass
class Summary:
    """What a run of simulated games adds up to (see :func:`simulate`)."""

    policy: str
    variant: str
    seed: int
    results: list[GameResult] = field(default_factory=list)
    elapsed: float = 0.0
    jobs: int = 1
    """How many processes played the games (``games_per_second`` is their total)."""
    german_policy: str | None = None
    """The German side's policy in a competitive run (7.4), else None."""

    @property
    def policies(self) -> dict[str, str]:
        """Each side's policy: ``{"soviet": ...}``, with ``"german"`` in a competitive run."""
        out = {"soviet": self.policy}
        if self.german_policy:
            out["german"] = self.german_policy
        return out

    def operational_support(self) -> dict[str, dict[str, Any]]:
        """Per Operational Support card (7.1): games it was face up, taken, and the share.

        Empty when no game used the variant.
        """
        seen = Counter(c for r in self.results for c in r.os_seen)
        won = Counter(c for r in self.results for c in r.os_won)
        return {c: {"seen": n, "taken": won.get(c, 0), "rate": round(won.get(c, 0) / n, 4)}
                for c, n in sorted(seen.items())}

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.results)

    def count(self, result: str) -> int:
        """How many games ended with ``result`` (``win``, ``draw`` or ``loss``)."""
        return sum(1 for r in self.results if r.result == result)

    def rate(self, result: str) -> float:
        """The share of games that ended with ``result`` (0 when no game was played)."""
        return self.count(result) / self.games if self.games else 0.0

    @property
    def levels(self) -> dict[str, int]:
        """Games per victory level, best first (every level listed, even at 0)."""
        counts = Counter(r.level for r in self.results)
        out = {level: counts.pop(level, 0) for level in LEVELS}
        out.update(sorted(counts.items()))
        return out

    @property
    def scores(self) -> list[int]:
        """Every game's final score."""
        return [r.score for r in self.results]

    def score_stats(self) -> dict[str, float]:
        """Mean, quartiles (inclusive method), minimum and maximum of the scores."""
        s = self.scores
        if not s:
            return {"mean": 0.0, "q1": 0.0, "median": 0.0, "q3": 0.0, "min": 0.0, "max": 0.0}
        q1, median, q3 = statistics.quantiles(s, n=4, method="inclusive") if len(s) > 1 else (
            s[0], s[0], s[0])
        return {"mean": statistics.fmean(s), "q1": q1, "median": median, "q3": q3,
                "min": float(min(s)), "max": float(max(s))}

    def losses(self) -> dict[str, dict[str, Any]]:
        """Per loss cause: how many, what it means, and at which turn (turn → games)."""
        out: dict[str, dict[str, Any]] = {}
        for cause in LOSS_TEXT:
            turns = Counter(r.turn for r in self.results if r.loss_cause == cause)
            if turns:
                out[cause] = {
                    "count": sum(turns.values()),
                    "text": LOSS_TEXT[cause],
                    "by_turn": {str(t): n for t, n in sorted(turns.items())},
                    "median_turn": statistics.median_low(turns.elements()),
                }
        return out

    @property
    def mean_turns(self) -> float:
        """The mean number of turns played (the turn the game ended on)."""
        return statistics.fmean(r.turn for r in self.results) if self.results else 0.0

    @property
    def mean_decisions(self) -> float:
        """The mean number of decisions per game."""
        return statistics.fmean(r.decisions for r in self.results) if self.results else 0.0

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall-clock time (policy included)."""
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Everything the text report shows, as plain JSON data."""
        return {
            "games": self.games,
            "seed": self.seed,
            "seeds": [self.seed, self.seed + self.games - 1] if self.games else [],
            "policy": self.policy,
            "policies": self.policies,
            "variant": self.variant,
            "results": {k: self.count(k) for k in ("win", "draw", "loss")},
            "rates": {k: round(self.rate(k), 4) for k in ("win", "draw", "loss")},
            "levels": self.levels,
            "score": {k: round(v, 3) for k, v in self.score_stats().items()},
            "losses": self.losses(),
            "mean_turns": round(self.mean_turns, 3),
            "mean_decisions": round(self.mean_decisions, 1),
            "elapsed_s": round(self.elapsed, 3),
            "games_per_s": round(self.games_per_second, 2),
            "jobs": self.jobs,
            **({"operational_support": self.operational_support()}
               if any(r.os_seen for r in self.results) else {}),
        }

    def format_text(self) -> str:
        """The report the command line prints."""
        n = self.games
        policy = (f"policies {self.policy} (Soviet) vs {self.german_policy} (German)"
                  if self.german_policy else f"policy {self.policy}")
        lines = [
            f"{n} games, {policy}, variant {self.variant}, "
            f"seeds {self.seed}-{self.seed + n - 1}",
            "Results: " + ", ".join(
                f"{self.count(k)} {word} ({self.rate(k):.1%})"
                for k, word in (("win", "wins"), ("draw", "draws"), ("loss", "losses"))
            ),
            "Victory levels (6.0):",
        ]
        for level, count in self.levels.items():
            lines.append(f"  {level:<18}{count:>7}  {count / n if n else 0:6.1%}")
        st = self.score_stats()
        lines.append(
            f"Score: mean {st['mean']:.1f}; quartiles {st['q1']:g} / {st['median']:g} / "
            f"{st['q3']:g}; min {st['min']:g}, max {st['max']:g}"
        )
        losses = self.losses()
        lines.append("How games were lost:" if losses else "How games were lost: no loss")
        for cause, info in losses.items():
            by_turn = " ".join(f"{t}:{c}" for t, c in info["by_turn"].items())
            lines.append(f"  {cause:<14}{info['count']:>7}  {info['count'] / n:6.1%}  "
                         f"({info['text']})")
            lines.append(f"  {'':<14}median turn {info['median_turn']}; by turn {by_turn}")
        support = self.operational_support()
        if support:
            lines.append("Operational Support cards (7.1): taken / face up")
            for card, info in support.items():
                lines.append(f"  {card:<18}{info['taken']:>6} / {info['seen']:<6} "
                             f"{info['rate']:6.1%}")
        lines.append(f"Mean turns: {self.mean_turns:.2f}; "
                     f"mean decisions per game: {self.mean_decisions:.0f}")
        processes = f" ({self.jobs} processes)" if self.jobs > 1 else ""
        lines.append(f"Speed: {n} games in {self.elapsed:.2f} s = "
                     f"{self.games_per_second:.1f} games/s{processes}")
        return "\n".join(lines)


def simulate(
    games: int,
    seed: int = 0,
    policy: str | Policy = "random",
    settings: RuleSettings | None = None,
    *,
    variant: str | None = None,
    check: Callable[[Game], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
    components: Components | None = None,
    jobs: int = 1,
    german_policy: str | Policy | None = None,
) -> Summary:
    """Play ``games`` games dealt from seeds ``seed``, ``seed + 1``, … and summarise them.

    ``variant`` names one of the engine's variants (``RuleSettings.for_variant``) when
    ``settings`` is not given. ``progress(done, total)`` is called as games finish.
    ``components`` replaces the packaged components for every game (a what-if study).
    ``jobs`` > 1 shares the games out among that many processes: the results are the same
    game for game (each game depends only on its seed), only sooner on a machine with the
    cores for it. The policy (and ``check``) must then be something another process can
    receive: a policy name, or an instance of a class defined at the top of a module.
    Where no process can start (the browser's Python, issue 22) the same games are played
    in this process and the summary's ``jobs`` is 1.
    ``german_policy`` plays the German side of a competitive variant (7.4; default
    :data:`DEFAULT_GERMAN_POLICY`); the summary records both sides' policies.

    Raises:
        ValueError: fewer than one game or job, a negative seed, an unknown variant or
            policy, a German policy for a variant without a German player, or a policy that
            cannot be sent to another process.
        SimulationError: a game raised an error (the first one in seed order stops the run).
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number of at least 0, not {seed!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    if settings is None:
        settings = RuleSettings.for_variant(variant) if variant else RuleSettings()
    chooser, german = check_policies(settings, policy, german_policy)
    name = policy_name(policy)
    german_name = None
    if german is not None:
        german_name = policy_name(german_policy if german_policy is not None
                                  else DEFAULT_GERMAN_POLICY)
    jobs = min(jobs, games)
    summary = Summary(name, variant or "base", seed, jobs=jobs, german_policy=german_name)
    start = time.perf_counter()
    if jobs == 1:
        for i in range(games):
            game = run_game(seed + i, chooser, settings, check=check, variant=variant,
                            components=components, german_policy=german)
            summary.results.append(GameResult.from_game(game, seed + i))
            if progress is not None:
                progress(i + 1, games)
    else:
        work = _Work(chooser, settings, variant, check, components, german)
        try:
            summary.results = _play_in_processes(work, range(seed, seed + games), jobs,
                                                 progress)
        except _NoProcesses:  # the browser's Python, a sandbox: the same games, one core
            summary.jobs = 1
            summary.results = []
            for i, result in enumerate(work.play(range(seed, seed + games))):
                summary.results.append(result)
                if progress is not None:
                    progress(i + 1, games)
    summary.elapsed = time.perf_counter() - start
    return summary


@dataclass(frozen=True)
class _Work:
    """What every game of a run shares, sent once with each batch of seeds."""

    policy: Policy
    settings: RuleSettings
    variant: str | None
    check: Callable[[Game], None] | None
    components: Components | None
    german: Policy | None = None

    def play(self, seeds: range) -> list[GameResult]:
        """Play a batch of seeds in this process (raises the first game's error)."""
        return [
            GameResult.from_game(
                run_game(s, self.policy, self.settings, check=self.check, variant=self.variant,
                         components=self.components, german_policy=self.german),
                s,
            )
            for s in seeds
        ]


class _NoProcesses(Exception):
    """No process pool can start here: the games are played in this process instead."""


def in_browser() -> bool:
    """True in the browser's Python (Pyodide, as in JupyterLite): one core, no processes.

    Read at each call (not at import), so a test can set ``sys.platform`` to "emscripten"
    (issue 22). The lab's comparisons, its hint and its live chart ask the same question.
    """
    return sys.platform == "emscripten"


def _pool(jobs: int) -> Any:
    """A pool of ``jobs`` processes, or :class:`_NoProcesses` where none can start.

    The browser's Python (Pyodide, ``sys.platform == "emscripten"``) has no processes: its
    ``_multiprocessing`` is missing, so even importing the pool may fail there (issue 22).
    """
    if in_browser():
        raise _NoProcesses("the browser's Python cannot start processes")
    try:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(max_workers=jobs)
    except (ImportError, OSError, NotImplementedError, ValueError, RuntimeError) as exc:
        raise _NoProcesses(f"{type(exc).__name__}: {exc}") from exc


def _play_in_processes(
    work: _Work, seeds: range, jobs: int, progress: Callable[[int, int], None] | None
) -> list[GameResult]:
    """Play the seeds in batches on ``jobs`` processes; results in seed order.

    Raises:
        _NoProcesses: no pool can start here (:func:`simulate` plays on one core instead,
            and its summary says one process).
    """
    try:
        pickle.dumps(work)
    except Exception as exc:
        raise ValueError(
            f"jobs={jobs} needs a policy and check that another process can receive (a "
            f"policy name, or an instance of a class defined at the top of a module): {exc}"
        ) from None
    # small batches keep the processes evenly busy and the progress moving
    size = max(1, min(25, len(seeds) // (jobs * 8)))
    batches = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    results: list[GameResult] = []
    with _pool(jobs) as pool:
        futures = [pool.submit(work.play, batch) for batch in batches]
        try:
            for future in futures:  # in seed order, so the first error is the lowest seed's
                results.extend(future.result())
                if progress is not None:
                    progress(len(results), len(seeds))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return results
