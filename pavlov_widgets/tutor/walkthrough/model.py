"""Walkthroughs of the rulebook's examples: a registered scenario played step by step.

A **step** is one thing that happens in an example: a choice made or a roll rolled (one entry
of the game's history). :class:`Walkthrough` plays the example once from its scenario (the
moves and the scripted dice of :mod:`pavlov_widgets.tutor.content.scenarios`) and keeps the
game after every step, so moving back and forth, or jumping to any step, is instant. Each
step has a narration in our own words with its rule section (:class:`.scenarios.Step`, data
in the scenario registry, never read back out of log lines), the board regions it is about,
and for a roll the dice as they fell with the exact odds of that result, computed from the
engine's chance step before the roll (:meth:`Game.chance <pavlov_widgets.engine.Game.chance>`).

Three modes:

- ``"watch"`` — the rulebook's own choices and dice; ◀ / ▶ and :meth:`~Walkthrough.go`
  move along them.
- ``"your-turn"`` — the learner makes the choices (:meth:`~Walkthrough.choose`); the dice are
  the rulebook's. A choice the rulebook makes too moves on. A different one changes nothing
  yet: the walkthrough says which option the rulebook took, why it matters and under which
  rule (:class:`Verdict`), and the learner decides: :meth:`~Walkthrough.go_on` plays their
  choice (the example's dice no longer fit, so seeded dice take over,
  :meth:`Game.use_seeded_dice <pavlov_widgets.engine.Game.use_seeded_dice>`) or
  :meth:`~Walkthrough.go_back` forgets it.
- ``"roll"`` (roll for real) — the same position with fresh seeded dice, to see other
  outcomes; ▶ rolls them and takes the rulebook's choices where they still fit. Going back to
  the rulebook's line is one call away (:meth:`~Walkthrough.back_to_line`, or any
  :meth:`~Walkthrough.go`).

Wherever the walkthrough leaves the rulebook's line it plays a **branch**: its own games, kept
step by step the same way. The branch ends where the example ends: at the moment the
rulebook's play-through stops (same turn, phase and question), or anything later.

What one step did (a choice, or dice with their odds in words) comes from :mod:`.steps`.
The model is plain Python over the engine; :mod:`~pavlov_widgets.tutor.walkthrough.widget`
draws it (the board, ◀ ▶, a step slider, the narration and a mode toggle). Showing a
walkthrough in a notebook shows that widget, so ``Walkthrough("sniper")`` is all a notebook
cell needs.

Example:
    >>> walk = Walkthrough("sniper")
    >>> walk
    <Walkthrough sniper: step 0 of 3 (watch)>
    >>> walk.next()
    >>> print(walk.narration().played.roll.odds_text)
    chance of red: 1 time in 3 (33%)
    >>> walk.go(3)
    >>> get_scenario("sniper").verify(walk.game)
    []
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pavlov_widgets.engine import Game, Option
from pavlov_widgets.engine.dice import dice_text
from pavlov_widgets.engine.state import PHASES
from pavlov_widgets.tutor.content.scenarios import Scenario, Step, get_scenario
from pavlov_widgets.tutor.walkthrough.steps import (
    Played,
    WalkthroughError,
    odds_summary,
    play_choice,
    play_roll,
    region_name,
    result_said,
    rulebook_line,
)

MODES: tuple[str, ...] = ("watch", "your-turn", "roll")
"""The walkthrough's modes, in the order the toggle shows them."""

MODE_LABELS: dict[str, str] = {
    "watch": "watch",
    "your-turn": "your turn",
    "roll": "roll for real",
}
"""What each mode is called on screen and in the walkthrough's repr."""

DEFAULT_SEED = 1
"""The seed of the first fresh dice (roll for real, or a learner's own line)."""


def _moment(game: Game) -> tuple[int, str, str, str]:
    """Where a game stands: turn, phase, and the question or roll it waits for."""
    if game.is_over:
        return (game.turn, game.phase, "over", "")
    chance = game.chance()
    if chance is not None:
        return (game.turn, game.phase, "roll", chance.label)
    decision = game.pending
    prompt = getattr(decision, "prompt", "")
    return (game.turn, game.phase, "choice", str(prompt))


def _phase_key(game: Game) -> tuple[int, int]:
    """Turn and phase as one orderable key (1.1 Sequence of Play)."""
    return (game.turn, PHASES.index(game.phase))


# --- what the walkthrough says -----------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """How a learner's choice compares with the rulebook's, in "your turn".

    Attributes:
        matches: the rulebook makes the same choice.
        step: the step (1-based) of the rulebook's line the choice was made at.
        chosen: the learner's option.
        rulebook: the option the rulebook takes at that step.
        message: what to tell the learner: the rulebook's option and label, why it matters,
            the rule, and the way on (go on or go back) when the choices differ.
        rule: the rule section of the step.
        order_only: the rulebook takes the learner's option too, a little later in the same
            question (only the order differs).
    """

    matches: bool
    step: int
    chosen: Option
    rulebook: Option
    message: str
    rule: str
    order_only: bool = False

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Narration:
    """What the walkthrough shows at its current position.

    Attributes:
        scenario: the scenario's name.
        title: the example's title.
        section: the example's rule section.
        step: how many steps of the rulebook's line are done (where a branch left it).
        of: how many steps the line has.
        mode: the mode (see :data:`MODES`).
        text: the narration of the step just made (the example's summary at step 0).
        rule: the rule section of that step.
        focus: the board regions the step is about.
        focus_names: the same regions as a person names them ("position R2", "Pavlov").
        played: what the step did (its option, or its dice with their odds); None at the start.
        next: what comes next (the next roll with its odds, the next question, or the end).
        branch_steps: steps made off the rulebook's line (0 on the line).
        message: a pending difference from the rulebook ("your turn"), else "".
    """

    scenario: str
    title: str
    section: str
    step: int
    of: int
    mode: str
    text: str
    rule: str
    focus: tuple[str, ...]
    focus_names: tuple[str, ...]
    played: Played | None
    next: str
    branch_steps: int = 0
    message: str = ""

    @property
    def heading(self) -> str:
        """``Step 2 of 3`` (``Step 1 of 5, then 2 of your own`` off the rulebook's line)."""
        head = f"Step {self.step} of {self.of}"
        if self.branch_steps or self.mode == "roll":
            own = "rolled for real" if self.mode == "roll" else "of your own"
            head += f", then {self.branch_steps} {own}"
        return head

    def __str__(self) -> str:
        lines = [f"{self.title} — {self.heading} ({MODE_LABELS[self.mode]})",
                 f"{self.text} ({self.rule})"]
        if self.played is not None and self.played.roll is not None:
            lines.append(f"Dice: {self.played.roll}")
        elif self.played is not None and self.played.option is not None:
            lines.append(f"Choice: {self.played.option.label}")
        if self.focus_names:
            lines.append(f"Look at: {', '.join(self.focus_names)}")
        if self.message:
            lines.append(self.message)
        lines.append(self.next)
        return "\n".join(lines)


# --- the walkthrough --------------------------------------------------------------------------


class Walkthrough:
    """A rulebook example played step by step, in one of three modes (see the module).

    Args:
        scenario: a registered scenario's name (``"sniper"``) or a :class:`Scenario`.
        mode: ``"watch"`` (default), ``"your-turn"`` or ``"roll"`` (see :data:`MODES`).
        seed: the seed of the fresh dice (roll for real, or a learner's own line).

    Raises:
        UnknownScenarioError: no scenario has that name (the message lists them).
        WalkthroughError: an unknown mode or a seed that is not a whole number.
    """

    def __init__(
        self, scenario: str | Scenario, *, mode: str = "watch", seed: int = DEFAULT_SEED
    ) -> None:
        """Play the example once (the rulebook's line) and stand at its start."""
        self.scenario = scenario if isinstance(scenario, Scenario) else get_scenario(scenario)
        mode = _mode_key(mode)
        self._seed = _check_seed(seed)
        self._line, self._played = rulebook_line(self.scenario)
        self._end = _moment(self._line[-1])
        self._end_phase = _phase_key(self._line[-1])
        self._index = 0
        self._mode = "watch"
        self._branch: list[Game] | None = None
        self._branch_played: list[Played] = []
        self._branch_from = 0
        self._rulebook_left: list[Played] = []
        self._divergence: Verdict | None = None
        self._listeners: list[Callable[[Walkthrough], None]] = []
        self._widget: Any = None
        self.rev = 0
        """Goes up by one with every change, so a view can tell it shows the walkthrough as
        it is now."""
        if mode != "watch":
            self._set_mode(mode)

    # --- reading ------------------------------------------------------------------------

    def __len__(self) -> int:
        """How many steps the rulebook's line has."""
        return len(self._played)

    @property
    def mode(self) -> str:
        """The mode (see :data:`MODES`); set it to change mode (see :meth:`set_mode`)."""
        return self._mode

    @mode.setter
    def mode(self, mode: str) -> None:
        self.set_mode(mode)

    @property
    def seed(self) -> int:
        """The seed of the fresh dice (see :meth:`reseed`)."""
        return self._seed

    @property
    def index(self) -> int:
        """How many steps of the rulebook's line are done (where a branch left the line)."""
        return self._branch_from if self._branch is not None else self._index

    @property
    def on_line(self) -> bool:
        """Whether the walkthrough stands on the rulebook's line (not in a branch)."""
        return self._branch is None

    @property
    def branch_steps(self) -> int:
        """How many steps were made off the rulebook's line (0 on the line)."""
        return len(self._branch_played) if self._branch is not None else 0

    @property
    def steps(self) -> tuple[Played, ...]:
        """The rulebook's line: what each of its steps did, in order."""
        return tuple(self._played)

    @property
    def narrations(self) -> tuple[Step, ...]:
        """The narration of each step of the rulebook's line (the scenario's data)."""
        return self.scenario.steps

    @property
    def divergence(self) -> Verdict | None:
        """The learner's choice that differs from the rulebook's ("your turn"), or None.

        It waits for :meth:`go_on` or :meth:`go_back`.
        """
        return self._divergence

    @property
    def game(self) -> Game:
        """A copy of the game where the walkthrough stands (changing it changes nothing here)."""
        return self._current().copy()

    @property
    def shown(self) -> Game:
        """The game where the walkthrough stands itself, not a copy: what a board draws.

        Read it, never change it (it is the walkthrough's own line); change the walkthrough
        with its methods (:meth:`choose`, :meth:`next`, :meth:`back`).
        """
        return self._current()

    def _current(self) -> Game:
        if self._branch is not None:
            return self._branch[-1]
        return self._line[self._index]

    def ended(self) -> Walkthrough:
        """A new walkthrough of the same example standing at its last step, watching.

        For checking where the example ends without moving this one (a learner's widget stays
        where they left it).
        """
        done = Walkthrough(self.scenario, seed=self._seed)
        done.go(len(done))
        return done

    def line_game(self, step: int) -> Game:
        """A copy of the rulebook's game after ``step`` steps (0 = the example's start).

        Raises:
            WalkthroughError: no such step.
        """
        return self._line[self._check_step(step)].copy()

    @property
    def upcoming(self) -> Played | None:
        """The rulebook's next step from where the line stands (None at its end)."""
        i = self.index
        return self._played[i] if i < len(self._played) else None

    @property
    def at_end(self) -> bool:
        """Whether the example is over where the walkthrough stands."""
        if self._branch is None:
            return self._index == len(self._played)
        return self._branch_done(self._branch[-1])

    def _branch_done(self, game: Game) -> bool:
        """A branch ends where the rulebook's line ends: the same moment, or anything later."""
        return (game.is_over or _moment(game) == self._end
                or _phase_key(game) > self._end_phase)

    # --- moving -------------------------------------------------------------------------

    def go(self, step: int) -> None:
        """Stand on the rulebook's line after ``step`` steps (0 = the start).

        A branch (and a pending difference) is left behind. In roll-for-real mode, fresh dice
        start from that step.

        Raises:
            WalkthroughError: not a step of this example (the walkthrough is unchanged).
        """
        step = self._check_step(step)
        self._leave_branch()
        self._index = step
        if self._mode == "roll":
            self._start_branch(step)
        self._changed()

    def next(self) -> None:
        """One step forward (▶).

        Watching: the rulebook's step. Your turn: the rulebook's dice (a choice is yours:
        :meth:`choose`). Roll for real, or off the line: fresh dice, and in roll for real the
        rulebook's choice where it still fits.

        Raises:
            WalkthroughError: nothing to do now (the reason says why; see :meth:`why_not_next`).
        """
        reason = self.why_not_next()
        if reason is not None:
            raise WalkthroughError(reason)
        if self._branch is None:
            self._index += 1
        else:
            game = self._branch[-1].copy()
            if game.chance() is not None:
                played = play_roll(game, by_rulebook=False)
            else:
                move = self._rulebook_move(game)
                assert move is not None  # why_not_next checked it
                self._rulebook_left = self._rulebook_left[self._rulebook_left.index(move) + 1:]
                assert move.option is not None
                played = play_choice(game, move.option.id, by_rulebook=True)
            self._branch.append(game)
            self._branch_played.append(played)
        self._changed()

    def why_not_next(self) -> str | None:
        """Why ▶ cannot move on now, or None if it can."""
        if self._divergence is not None:
            return ("Your choice differs from the rulebook's: go on with it or go back first "
                    "(go_on() or go_back()).")
        if self.at_end:
            return "The example is over here. Go back, or to any step, to see it again."
        if self._branch is None:
            upcoming = self._played[self._index]
            if self._mode == "your-turn" and upcoming.kind == "choice":
                return (f"Your turn: {upcoming.prompt}. Make the choice on the board "
                        "(choose(option)), or switch to watch to see the rulebook's.")
            return None
        game = self._branch[-1]
        if game.chance() is not None:
            return None
        prompt = str(getattr(game.pending, "prompt", ""))
        if self._mode == "your-turn":
            return f"Your turn: {prompt}. Make the choice on the board (choose(option))."
        if self._rulebook_move(game) is None:
            return (f"{prompt}: the rulebook has no choice that fits here, so this one is "
                    "yours. Make it on the board (choose(option)).")
        return None

    def _rulebook_move(self, game: Game) -> Played | None:
        """The rulebook's next choice of the same kind that is legal in a branch, if any."""
        decision = game.pending
        op = getattr(decision, "op", None)
        if op is None:
            return None
        legal = set(game.legal_ids())
        for move in self._rulebook_left:
            if move.op == op and move.option is not None and move.option.id in legal:
                return move
        return None

    def back(self) -> None:
        """One step back (◀): on the line, or in a branch (its first step returns to the line).

        A pending difference from the rulebook is forgotten, as with :meth:`go_back`.

        Raises:
            WalkthroughError: already at the start.
        """
        if self._divergence is not None:
            self._divergence = None
        elif self._branch is not None and self._branch_played:
            self._branch.pop()
            self._branch_played.pop()
            if not self._branch_played and self._mode != "roll":
                self._leave_branch()
            else:
                self._rulebook_left = self._moves_after(self._branch_from, self._branch_played)
        elif self._branch is not None:  # roll for real, at the branch's start
            if self._branch_from == 0:
                raise WalkthroughError("Already at the start of the example.")
            self._leave_branch()
            self._index -= 1
            self._start_branch(self._index)
        elif self._index == 0:
            raise WalkthroughError("Already at the start of the example.")
        else:
            self._index -= 1
        self._changed()

    @property
    def can_back(self) -> bool:
        """Whether ◀ can take a step back."""
        return bool(self._divergence is not None or self.branch_steps or self.index > 0)

    # --- choosing -----------------------------------------------------------------------

    def choose(self, option: str | Option) -> Verdict | None:
        """Make a choice at the pending decision ("your turn", or off the rulebook's line).

        On the rulebook's line the choice is compared with the rulebook's: the same choice
        moves on (and returns a matching :class:`Verdict`); a different one changes nothing
        yet and returns the Verdict that says what the rulebook took and why it matters, to
        be followed by :meth:`go_on` or :meth:`go_back`. Off the line, the choice is simply
        made (returns None).

        Raises:
            WalkthroughError: watching (switch to "your-turn" first), no choice is pending,
                the example is over, or the option is not legal here (the message lists the
                options); the walkthrough is unchanged.
        """
        option_id = option.id if isinstance(option, Option) else option
        if not isinstance(option_id, str):
            raise WalkthroughError(
                f"a choice is an option id (a string) or an Option, not {option!r}")
        if self._mode == "watch":
            raise WalkthroughError(
                "Watching: the rulebook makes the choices. Switch to 'your-turn' to make them.")
        if self.at_end:
            raise WalkthroughError("The example is over here: there is nothing to choose.")
        if self._branch is not None:
            self._choose_in_branch(option_id)
            return None
        upcoming = self._played[self._index]
        game = self._line[self._index]
        if upcoming.kind != "choice" or upcoming.option is None:
            raise WalkthroughError(
                f"The dice come first: {upcoming.prompt}. Roll them with next().")
        legal = game.legal_actions()
        chosen = next((o for o in legal if o.id == option_id), None)
        if chosen is None:
            every = ", ".join(o.id for o in legal)
            raise WalkthroughError(
                f"{option_id!r} is not an option of '{upcoming.prompt}' ({upcoming.rule}); "
                f"the options are: {every}")
        verdict = self._verdict(chosen, upcoming)
        if verdict.matches:
            self._divergence = None
            self._index += 1
        else:
            self._divergence = verdict
        self._changed()
        return verdict

    def _choose_in_branch(self, option_id: str) -> None:
        assert self._branch is not None
        game = self._branch[-1].copy()
        chance = game.chance()
        if chance is not None:
            raise WalkthroughError(f"The dice come first: {chance.label}. Roll them with next().")
        move = self._rulebook_move(game)
        by_rulebook = move is not None and move.option is not None and move.option.id == option_id
        played = play_choice(game, option_id, by_rulebook=by_rulebook)
        if by_rulebook and move is not None:
            self._rulebook_left = self._rulebook_left[self._rulebook_left.index(move) + 1:]
        else:
            self._rulebook_left = []  # the learner's own line: the rulebook's no longer fits
        self._branch.append(game)
        self._branch_played.append(played)
        self._changed()

    def _verdict(self, chosen: Option, upcoming: Played) -> Verdict:
        """Compare the learner's option with the rulebook's at the line's next step."""
        assert upcoming.option is not None
        step = self._index + 1
        rulebook = upcoming.option
        narration = self._narration_of(step)
        rule = narration.rule if narration is not None else upcoming.rule
        if chosen.id == rulebook.id:
            return Verdict(True, step, chosen, rulebook,
                           f"Same as the rulebook: {rulebook.label}.", rule)
        order_only = self._taken_later(chosen, upcoming.op)
        why = narration.why if narration is not None and narration.why else (
            narration.text if narration is not None else "")
        parts = [
            f"You chose “{chosen.label}” ({chosen.id}); at this step the rulebook takes "
            f"“{rulebook.label}” ({rulebook.id}).",
        ]
        if why:
            parts.append(f"Why it matters: {why} ({rule})")
        else:
            parts.append(f"({rule})")
        if order_only:
            parts.append("The rulebook makes your choice too, a little later: only the order "
                         "differs.")
        parts.append("Go on with your choice (the example's dice no longer fit, so fresh dice "
                     f"take over, seed {self._seed}) or go back and choose again.")
        return Verdict(False, step, chosen, rulebook, " ".join(parts), rule, order_only)

    def _taken_later(self, chosen: Option, op: str) -> bool:
        """Whether the rulebook takes ``chosen`` later in the same run of questions.

        The same id and label: a button such as ``fire`` reads "Hold fire" before any token
        is picked and "Fire 2 tokens" after, two different choices.
        """
        for played in self._played[self._index + 1:]:
            if played.kind != "choice" or played.op != op:
                return False
            taken = played.option
            if taken is not None and (taken.id, taken.label) == (chosen.id, chosen.label):
                return True
        return False

    def go_on(self) -> None:
        """Play the learner's different choice: a branch with fresh seeded dice from here.

        Raises:
            WalkthroughError: no different choice is waiting.
        """
        verdict = self._divergence
        if verdict is None:
            raise WalkthroughError("No different choice is waiting: choose first.")
        self._divergence = None
        self._start_branch(self._index)
        assert self._branch is not None
        game = self._branch[-1].copy()
        self._branch.append(game)
        self._branch_played.append(play_choice(game, verdict.chosen.id, by_rulebook=False))
        self._rulebook_left = []
        self._changed()

    def go_back(self) -> None:
        """Forget the learner's different choice: the rulebook's step waits again.

        Raises:
            WalkthroughError: no different choice is waiting.
        """
        if self._divergence is None:
            raise WalkthroughError("No different choice is waiting: nothing to go back from.")
        self._divergence = None
        self._changed()

    # --- modes and dice -------------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """Change mode: ``"watch"``, ``"your-turn"`` or ``"roll"``.

        The on-screen labels "your turn" and "roll for real" work too. Watching or your
        turn: back on the rulebook's line where it was left. Roll for real: fresh dice from
        the current step of the line (from the start when the line is at its end).

        Raises:
            WalkthroughError: not a mode (the walkthrough is unchanged).
        """
        self._set_mode(_mode_key(mode))
        self._changed()

    def _set_mode(self, mode: str) -> None:
        index = self.index
        self._leave_branch()
        self._index = index
        self._mode = mode
        if mode == "roll":
            if index == len(self._played):
                self._index = index = 0
            self._start_branch(index)

    def back_to_line(self) -> None:
        """Back to the rulebook's line where the walkthrough left it (roll for real: watch)."""
        if self._mode == "roll":
            self.set_mode("watch")
            return
        index = self.index
        self._leave_branch()
        self._index = index
        self._changed()

    def reseed(self, seed: int | None = None) -> None:
        """New fresh dice from ``seed`` (default: the next seed).

        Roll for real starts again from where it left the rulebook's line, with the new dice.

        Raises:
            WalkthroughError: the seed is not a whole number.
        """
        self._seed = self._seed + 1 if seed is None else _check_seed(seed)
        if self._mode == "roll" and self._branch is not None:
            start = self._branch_from
            self._leave_branch()
            self._index = start
            self._start_branch(start)
        self._changed()

    def _start_branch(self, step: int) -> None:
        """Leave the line at ``step`` with fresh dice from the seed."""
        game = self._line[step].copy()
        game.use_seeded_dice(self._seed)
        self._branch = [game]
        self._branch_played = []
        self._branch_from = step
        self._rulebook_left = self._moves_after(step, [])

    def _moves_after(self, step: int, made: Sequence[Played]) -> list[Played]:
        """The rulebook's choices after ``step`` not yet taken by the branch's own moves."""
        left = [p for p in self._played[step:] if p.kind == "choice"]
        for played in made:
            if played.kind != "choice":
                continue
            if not played.by_rulebook:
                return []
            ids = [p.option.id if p.option is not None else "" for p in left]
            if played.option is not None and played.option.id in ids:
                left = left[ids.index(played.option.id) + 1:]
        return left

    def _leave_branch(self) -> None:
        if self._branch is not None:
            self._index = self._branch_from
        self._branch = None
        self._branch_played = []
        self._rulebook_left = []
        self._divergence = None

    # --- narration ------------------------------------------------------------------------

    def _narration_of(self, step: int) -> Step | None:
        """The scenario's narration of step ``step`` (1-based), if it has one."""
        steps = self.scenario.steps
        return steps[step - 1] if 0 < step <= len(steps) else None

    def narration(self) -> Narration:
        """What to show now: the step just made, its rule, dice and odds, and what comes next."""
        game = self._current()
        sc = self.scenario
        played: Played | None
        if self._branch is not None and self._branch_played:
            played = self._branch_played[-1]
            text, rule, focus = self._branch_text(played), played.rule, played.regions
        elif self._branch is not None:
            played = None
            text = (f"Roll for real from step {self._branch_from}: the same position, fresh "
                    f"dice (seed {self._seed}). ▶ rolls them.")
            if not any(p.kind == "roll" for p in self._played[self._branch_from:]):
                text += (" No dice fall in the rest of this example, so it ends as in the "
                         "rulebook.")
            rule, focus = sc.section, ()
        elif self._index == 0:
            played, text, rule, focus = None, sc.summary, sc.section, ()
        else:
            played = self._played[self._index - 1]
            step = self._narration_of(self._index)
            if step is None:  # a scenario without narration: say what the engine did
                text, rule, focus = self._branch_text(played), played.rule, played.regions
            else:
                text, rule, focus = step.text, step.rule, step.focus or played.regions
        names = tuple(region_name(game, region) for region in focus)
        return Narration(
            scenario=sc.name, title=sc.title, section=sc.section, step=self.index,
            of=len(self._played), mode=self._mode, text=text, rule=rule, focus=tuple(focus),
            focus_names=names, played=played, next=self._next_text(game),
            branch_steps=self.branch_steps,
            message=self._divergence.message if self._divergence is not None else "",
        )

    @staticmethod
    def _branch_text(played: Played) -> str:
        """The narration of a step off the rulebook's line, from the engine's facts."""
        roll = played.roll
        if roll is not None:
            # the dice, their result and what they did: never stop at "so green" (issue 21)
            dice = ", ".join(map(str, roll.dice))
            result = result_said(roll.test_type, roll.result)
            shown = f"{roll.label}: the dice show {dice}, so {result}."
            return " ".join((shown, *roll.outcome))
        label = played.option.label if played.option is not None else ""
        who = "The rulebook's choice" if played.by_rulebook else "Your choice"
        return f"{played.prompt}: {who}, {label}."

    def _next_text(self, game: Game) -> str:
        """What comes next from where the walkthrough stands."""
        if self.at_end:
            if self._branch is None:
                return f"The example is over. The rulebook's outcome: {self.scenario.outcome}"
            again = ", or roll again with new dice" if self._mode == "roll" else ""
            return ("The example's part of the game is over on this line. Go back to the "
                    f"rulebook's line at any time{again}.")
        chance = game.chance()
        if chance is not None:
            return (f"Next roll: {chance.label} ({dice_text(chance.dice)}): "
                    f"{odds_summary(chance)}.")
        prompt = str(getattr(game.pending, "prompt", ""))
        if self._branch is None and self._mode == "watch":
            return f"Next: {prompt}."
        if self._branch is not None and self._mode == "roll":
            move = self._rulebook_move(game)
            if move is not None and move.option is not None:
                return f"Next: {prompt}. ▶ takes the rulebook's choice, {move.option.label}."
            return f"Next: {prompt}. This choice is yours: make it on the board."
        return f"Your turn: {prompt}. Make the choice on the board."

    # --- listeners and display ------------------------------------------------------------

    def on_change(self, listener: Callable[[Walkthrough], None]) -> Callable[[], None]:
        """Call ``listener(walkthrough)`` after every change; returns a function removing it."""
        self._listeners.append(listener)

        def remove() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return remove

    def _changed(self) -> None:
        self.rev += 1
        for listener in list(self._listeners):
            listener(self)

    def _check_step(self, step: object) -> int:
        n = len(self._played)
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
            raise WalkthroughError(
                f"unknown step {step!r}: the {self.scenario.name!r} example has steps 0 to {n}")
        return step

    def __repr__(self) -> str:
        """Stable text for saved notebooks (nbval compares it)."""
        where = f"step {self.index} of {len(self._played)}"
        if self._branch is not None:
            own = "rolled" if self._mode == "roll" else "your own"
            where += f" + {self.branch_steps} {own}"
        extra = f", seed {self._seed}" if self._branch is not None else ""
        return f"<Walkthrough {self.scenario.name}: {where} ({MODE_LABELS[self._mode]}{extra})>"

    def save_replay(self, path: str | os.PathLike[str]) -> Path:
        """Write the example as a replay: one HTML page that steps without a kernel (issue 22).

        The start and every step of the rulebook's line, narrated, whatever this walkthrough
        shows now; see :func:`pavlov_widgets.tutor.replay.save_replay`. Returns the page's
        path.

        Raises:
            ReplayError: a path that is not an ``.html`` file in an existing folder, or a file
                that cannot be written (nothing is written).
        """
        # not at the top: the replay imports the walkthroughs it replays
        from pavlov_widgets.tutor.replay import save_replay

        return save_replay(self, path)

    def widget(self) -> Any:
        """The walkthrough's widget (a :class:`~.widget.WalkthroughWidget`).

        Made once and kept (a new one after the old one is closed).

        Needs ipywidgets and anywidget (installed with the package).
        """
        if self._widget is None or self._widget.closed:
            from pavlov_widgets.tutor.walkthrough.widget import WalkthroughWidget

            self._widget = WalkthroughWidget(self)
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """In a notebook, a walkthrough shows as its widget (plain text elsewhere)."""
        try:
            widget = self.widget()
        except ImportError:  # no widget libraries: the text is all there is
            return {"text/plain": repr(self)}
        return widget._repr_mimebundle_(**kwargs)


def _mode_key(mode: object) -> str:
    """A mode's key from its key or its on-screen label."""
    if isinstance(mode, str):
        for key, label in MODE_LABELS.items():
            if mode in (key, label):
                return key
    raise WalkthroughError(
        f"unknown mode {mode!r}; the modes are: {', '.join(MODES)} "
        f"({', '.join(MODE_LABELS.values())})")


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WalkthroughError(f"a seed is a whole number, not {seed!r}")
    return seed


__all__ = [
    "DEFAULT_SEED",
    "MODES",
    "MODE_LABELS",
    "Narration",
    "Verdict",
    "Walkthrough",
    "WalkthroughError",
]
