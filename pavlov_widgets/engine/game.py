"""The public face of the engine: :class:`Game`.

A game is always at one of three points: waiting for a **decision** (``legal_actions()``
lists the options in a fixed, documented order; ``apply(option_id)`` takes one), at a
**chance** step (``chance()`` gives the dice and the exact odds of each result; ``roll()``
rolls them from the game's own dice, ``force(dice)`` sets them), or **over** (``outcome``).
With ``auto_roll=True`` (the default) chance steps are rolled as soon as they come up.

Every decision and roll is kept in the history, so ``undo``/``redo`` step back and forth
(by snapshot and replay), ``save``/``load`` round-trip through JSON, and a replay gives the
identical log.

A game speaks one language (``language="fr"``, default the process's: see :mod:`.i18n`):
every log line, question and option label it writes is in it, and a save keeps it, so a
replay writes the same words.

Example:
    >>> from pavlov_widgets.engine import Game
    >>> game = Game.new(seed=7)
    >>> game.turn, game.phase
    (1, 'soviet_cards')
    >>> game.legal_actions()[-1].id
    'end-phase'
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from . import dice as dice_mod
from . import i18n
from . import roles as roles_mod
from .actions import Option, bind_all
from .check import check_state, check_variant_cards
from .components import Components, default_components
from .errors import (
    BadDiceError,
    ComponentError,
    DiceScriptExhaustedError,
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
    SaveFormatError,
    SettingsError,
    WrongRoleError,
)
from .explain import Refusal, why_not, why_refused
from .i18n import LanguageError, check_language
from .log import LogEntry
from .machine import Engine, phase_label

# importing the rule modules registers their steps and decisions
from .rules import (  # noqa: F401
    combat,
    counters,
    planning,
    raids,
    reinforcements,
    setup,
    soviet_cards,
    wehrmacht,
)
from .rules.scoring import Score, score
from .settings import RuleSettings
from .state import GameState

SAVE_FORMAT = "pavlov-widgets-save"
SAVE_VERSION = 1
SNAPSHOT_EVERY = 48

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _in_its_language(
    method: Callable[Concatenate[Game, _P], _R],
) -> Callable[Concatenate[Game, _P], _R]:
    """Run a method that may write words (log, questions, labels) in the game's language."""

    @functools.wraps(method)
    def speaking(self: Game, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with i18n.using(self._language):
            return method(self, *args, **kwargs)

    return speaking


_DECISION_SERIALS = itertools.count(1)
"""Numbers every moment a game may be asked to act, across all games of this process, so an
option handed out at one decision is never mistaken for one of a later decision."""


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending decision: what is asked, under which rule, its options and who decides.

    ``roles`` are the roles that may take it (:mod:`.roles`: ``("soviet",)`` in a solo game;
    7.3, 7.4).
    """

    op: str
    prompt: str
    rule: str
    options: tuple[Option, ...]
    roles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Chance:
    """The pending chance step: how many dice, what for, and the exact odds of each result."""

    dice: int
    label: str
    rule: str
    test: dict[str, Any]
    outcomes: tuple[tuple[str, Fraction], ...]

    def probability(self, result: str) -> Fraction:
        """The exact probability of one result label (0 if it cannot happen)."""
        return sum((p for label, p in self.outcomes if label == result), Fraction(0))


@dataclass(slots=True)
class _Entry:
    """One step of history: a choice, or a roll (``forced`` when set by hand)."""

    kind: str
    value: Any
    forced: bool = False
    auto: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "value": self.value}
        if self.forced:
            out["forced"] = True
        if self.auto:
            out["auto"] = True
        return out


def _check_seed(seed: object) -> None:
    """Refuse a seed that is not a whole number (Setup 10: the seed deals the whole game)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {seed!r}")


def _checked_args(
    components: object, settings: object, auto_roll: object
) -> tuple[Components, RuleSettings]:
    """A game's components and rule settings (None: the defaults), checked with ``auto_roll``.

    Raises:
        ComponentError, SettingsError, TypeError: an argument of the wrong type, named.
    """
    if components is not None and not isinstance(components, Components):
        raise ComponentError(f"components must be a Components (load_components()), not "
                             f"{type(components).__name__}")
    if settings is not None and not isinstance(settings, RuleSettings):
        hint = (f"; for a variant: RuleSettings.for_variant({settings!r})"
                if isinstance(settings, str) else "")
        raise SettingsError(f"settings must be a RuleSettings, not {settings!r}{hint}")
    if not isinstance(auto_roll, bool):
        raise TypeError(f"auto_roll must be True or False, not {auto_roll!r}")
    return components or default_components(), settings or RuleSettings()


def _saved_settings(data: dict[str, Any]) -> RuleSettings:
    """A save's rule settings: ``settings``, or ``options`` as saves before the rename said.

    Raises:
        SaveFormatError: both keys, or settings that :meth:`.RuleSettings.from_dict` refuses.
    """
    if "settings" in data and "options" in data:
        raise SaveFormatError("save.settings: give the rule settings once, as 'settings' "
                              "('options' is their old name)")
    key = "options" if "options" in data else "settings"
    return RuleSettings.from_dict(data.get(key), where=f"save.{key}")


class Game:
    """A game of Pavlov's House: seeded, steppable, undoable, saveable."""

    def __init__(
        self,
        initial: GameState,
        components: Components | None = None,
        settings: RuleSettings | None = None,
        auto_roll: bool = True,
        language: str | None = None,
    ) -> None:
        """Start from a prepared state (see :meth:`new` and the scenario registry).

        ``language`` is the one the game writes in ("en", "fr", "ru"; default: the process's,
        see :func:`.i18n.set_language`).

        Raises:
            TypeError: ``initial`` is not a GameState or ``auto_roll`` not True or False.
            SettingsError: ``settings`` is not a :class:`.RuleSettings`.
            ComponentError: ``components`` is not a :class:`.Components`.
            LanguageError: ``language`` is not one of the tutor's languages.
        """
        if not isinstance(initial, GameState):
            raise TypeError(f"a game starts from a GameState, not {type(initial).__name__} "
                            "(Game.new(seed) deals one; Position(...).game() builds one)")
        self.components, self.settings = _checked_args(components, settings, auto_roll)
        self._language = i18n.language() if language is None else check_language(language)
        i18n.catalog(self._language)  # a missing catalog fails here, not in the middle of play
        self.auto_roll = auto_roll
        self._initial = initial.copy()
        self._engine = Engine(initial.copy(), self.components, self.settings)
        self._history: list[_Entry] = []
        self._redo: list[list[_Entry]] = []
        self._snapshots: dict[int, tuple[GameState, int]] = {}
        self._options_cache: tuple[dict[str, Any], list[Option]] | None = None
        self.rev = 0
        """The revision: it goes up by one with every change to the game (a choice, a roll,
        undo, redo), so a view can tell whether it shows the game as it is now."""
        self._decision = 0  # numbered when its options are first handed out
        self._listeners: list[Callable[[Game], None]] = []
        with i18n.using(self._language):
            self._engine.run()
        self._snapshot_if_due()
        self._auto()

    @classmethod
    def new(
        cls,
        seed: int = 0,
        settings: RuleSettings | None = None,
        components: Components | None = None,
        auto_roll: bool = True,
        language: str | None = None,
    ) -> Game:
        """A new game dealt from ``seed`` (Setup 1–11), at its first decision.

        ``language``: the one the game writes in (default: the process's; see :mod:`.i18n`).

        Raises:
            TypeError: ``seed`` is not an int or ``auto_roll`` not True or False.
            SettingsError: ``settings`` is not a :class:`.RuleSettings`.
            ComponentError: ``components`` is not a :class:`.Components`.
            LanguageError: ``language`` is not one of the tutor's languages.
        """
        _check_seed(seed)
        comps, opts = _checked_args(components, settings, auto_roll)
        code = i18n.language() if language is None else check_language(language)
        with i18n.using(code):
            initial = setup.initial_state(seed, comps, opts)
        return cls(initial, comps, opts, auto_roll, code)

    # --- reading the game ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The live state (read it; change it only through ``apply``/``roll``/``force``)."""
        return self._engine.s

    @property
    def engine(self) -> Engine:
        """The rule machine, for helpers such as the board view (read-only use)."""
        return self._engine

    @property
    def turn(self) -> int:
        """The turn number (1–21 in a full game)."""
        return self.state.turn

    @property
    def phase(self) -> str:
        """The phase key (see :data:`pavlov_widgets.engine.state.PHASES`)."""
        return self.state.phase

    @property
    def language(self) -> str:
        """The language the game writes in: "en", "fr" or "ru" (see :mod:`.i18n`).

        Fixed when the game is made; what it has written stays as written, and a save keeps
        the language, so loading it replays the same words.
        """
        return self._language

    @property
    @_in_its_language
    def phase_label(self) -> str:
        """The phase as a person would say it, in the game's language."""
        return phase_label(self.state.phase)

    @property
    def log(self) -> list[LogEntry]:
        """Every log entry so far, oldest first."""
        return list(self._engine.log_entries)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._engine.s.outcome is not None

    @property
    def outcome(self) -> dict[str, Any] | None:
        """How the game ended: result, level, award, score and how (None while playing)."""
        return None if self.state.outcome is None else dict(self.state.outcome)

    def score(self) -> Score:
        """The score as it stands (6.0)."""
        return score(self._engine)

    @property
    @_in_its_language
    def pending(self) -> Decision | Chance | None:
        """The pending decision or chance step (None when the game is over)."""
        p = self.state.pending
        if p is None or self.is_over:
            return None
        if p["kind"] == "decision":
            rule = p["rule"]  # (a name, not p["rule"] in the call: the catalog reads calls)
            return Decision(p["op"], p["prompt"], i18n._(rule), tuple(self.legal_actions()),
                            roles_mod.deciders(self.settings, self.state.phase, p["op"]))
        return self.chance()

    @property
    def roles(self) -> tuple[str, ...]:
        """The players' roles in this game (7.3, 7.4; see :mod:`.roles`).

        ``("operations", "house")`` in the cooperative game, ``("soviet",)`` solo.
        """
        return roles_mod.game_roles(self.settings)

    def roles_to_decide(self) -> tuple[str, ...]:
        """The roles that may take the pending decision (() at a roll or when over)."""
        p = self.state.pending
        if p is None or p["kind"] != "decision" or self.is_over:
            return ()
        return roles_mod.deciders(self.settings, self.state.phase, p["op"])

    def side_to_decide(self) -> str | None:
        """The side ("soviet" or "german") whose decision is pending, or None (a roll, over).

        What a program playing one side per policy asks (7.4).
        """
        roles = self.roles_to_decide()
        return roles_mod.side_of(roles[0]) if roles else None

    def legal_actions(self) -> list[Option]:
        """The options of the pending decision, in their fixed order ([] otherwise).

        Each option is tied to this decision (:attr:`.Option.decision`): ``apply`` refuses it
        once the game has moved on, even where an option with the same id is legal again.
        """
        serial = self._decision
        if not serial:
            serial = self._decision = next(_DECISION_SERIALS)
        return bind_all(self._fresh_options(), serial)

    @_in_its_language
    def why_not(self, region: str) -> Refusal | None:
        """Why a board region is not a choice now (None if it is one); see :mod:`.explain`.

        ``game.why_not("counter:naumov")`` → ``Refusal(text="Naumov has already taken an
        action this phase (one action per counter)", rule="4.0 Soviet Counter Phase")``.
        """
        return why_not(self, region)

    def legal_ids(self) -> list[str]:
        """The ids of the pending decision's options, in the same order (cheaper to list)."""
        return [o.id for o in self._fresh_options()]

    @_in_its_language
    def _fresh_options(self) -> list[Option]:
        """Compute the pending decision's options and remember them for :meth:`apply`.

        Every decision the engine asks is a new ``pending`` dict, so the identity of that
        dict tells ``apply`` whether the remembered options are still the pending
        decision's: a policy that lists the options and then applies one pays for them once.
        """
        engine = self._engine
        opts = engine.options()
        p = engine.s.pending
        self._options_cache = None if p is None else (p, opts)
        return opts

    @_in_its_language
    def chance(self) -> Chance | None:
        """The pending chance step with exact odds, or None if none is pending."""
        p = self.state.pending
        if p is None or p["kind"] != "chance" or self.is_over:
            return None
        outcomes = tuple(dice_mod.distribution(p["n"], p["test"]))
        rule = p["rule"]
        return Chance(p["n"], p["label"], i18n._(rule), dict(p["test"]), outcomes)

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every choice, roll and switch to seeded dice so far, as plain data."""
        return [e.to_dict() for e in self._history]

    # --- acting ------------------------------------------------------------------------

    def apply(self, action: str | Option, role: str | None = None) -> None:
        """Take one legal option of the pending decision (by id or :class:`Option`).

        Args:
            action: the option or its id.
            role: who is choosing (7.3, 7.4: one of :attr:`roles`); None when the caller
                speaks for every role (solo play, a test, a policy playing all roles).

        Raises:
            IllegalActionError: the action is not a legal option now (the game is unchanged).
            WrongRoleError: ``role`` is not a role of this game, or the decision belongs to
                another role (the message names it and the rule; the game is unchanged).
        """
        option_id = action.id if isinstance(action, Option) else action
        state = self._engine.s
        p = state.pending
        if state.outcome is not None or p is None:
            raise IllegalActionError(action, "game over", "6.0 Ending the Game",
                                     "the game is over")
        if p["kind"] != "decision":
            raise IllegalActionError(action, p["label"], p["rule"],
                                     "the game is waiting for a roll: call roll() or force()")
        if role is not None:
            self._check_role(action, role, p)
        if not isinstance(option_id, str):
            raise IllegalActionError(action, p["prompt"], p["rule"],
                                     "an action must be an option id (a string) or an Option")
        if isinstance(action, Option) and action.decision and action.decision != self._decision:
            raise IllegalActionError(
                action, p["prompt"], p["rule"],
                "this option was offered at an earlier decision; list the options again "
                "with legal_actions()",
            )
        cache = self._options_cache
        legal = cache[1] if cache is not None and cache[0] is p else self._fresh_options()
        for option in legal:
            if option.id == option_id:
                break
        else:
            raise self._refusal(action, p, legal)
        self._do(_Entry("choose", option_id), option)
        self._auto()
        self._changed()

    def _refusal(self, action: str | Option, p: dict[str, Any],
                 legal: list[Option]) -> IllegalActionError:
        """The error for an action that is none of ``legal``, with the rules' reason (explain)."""
        refusal = why_refused(self, action)
        ids = tuple(o.id for o in legal)
        if refusal is None:  # an Option of this decision whose id is legal: cannot get here
            return IllegalActionError(action, p["prompt"], p["rule"], "not a legal option", ids)
        return IllegalActionError(action, p["prompt"], refusal.rule, refusal.sentence, ids)

    @_in_its_language
    def why_refused(self, action: str | Option) -> Refusal | None:
        """Why ``action`` may not be applied now (None if it may); see :mod:`.explain`.

        ``game.why_refused("attack:chekhov")`` with an Exhausted Chekhov → a
        :class:`~pavlov_widgets.engine.explain.Refusal` whose ``sentence`` is "Chekhov is
        Exhausted: a counter on its Exhausted side may only Recover (4.0 Recover). What
        Chekhov may do now: Chekhov: Recover." The error :meth:`apply` raises carries the
        same sentence as its ``reason``.
        """
        return why_refused(self, action)

    def _check_role(self, action: str | Option, role: str, p: dict[str, Any]) -> None:
        """Refuse a choice by a role that is not this game's or does not own the decision."""
        mine = self.roles
        if role not in mine:
            raise WrongRoleError(
                action, p["prompt"], roles_mod.rule_of(self.settings, p["op"]),
                f"{role!r} is not a role of this game; its roles: {', '.join(mine)}", role, ())
        owners = roles_mod.deciders(self.settings, self.state.phase, p["op"])
        if role not in owners:
            raise WrongRoleError(
                action, p["prompt"], roles_mod.rule_of(self.settings, p["op"]),
                f"this decision belongs to {roles_mod.names(owners)} "
                f"({', '.join(owners)}), not to {roles_mod.ROLE_NAMES[role]} ({role})",
                role, owners)

    def roll(self) -> list[int]:
        """Roll the pending chance step with the game's dice; returns the dice."""
        p = self._need_chance()
        dice = self._engine.draw_dice(p["n"])
        self._do(_Entry("roll", dice))
        self._auto()
        self._changed()
        return dice

    def force(self, dice: Sequence[int]) -> None:
        """Resolve the pending chance step with chosen dice (teaching, what-if).

        Raises:
            BadDiceError: wrong number of dice, or a die outside 1–6.
        """
        p = self._need_chance()
        values = list(dice) if isinstance(dice, (list, tuple)) else None
        if values is None or len(values) != p["n"]:
            need = dice_mod.dice_text(p["n"])
            raise BadDiceError(f"{p['label']}: needs exactly {need}, got {dice!r}")
        for d in values:
            if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
                raise BadDiceError(f"{p['label']}: each die must be 1-6, got {d!r}")
        self._do(_Entry("roll", values, forced=True))
        self._auto()
        self._changed()

    def use_seeded_dice(self, seed: int) -> None:
        """Drop what is left of the dice script and roll seeded dice from now on.

        A walkthrough or a hand-made position scripts its dice (``state.script``); when the
        script runs dry, :meth:`roll` raises :class:`DiceScriptExhaustedError`. Call this to
        play on: every later roll comes from a generator seeded with ``seed`` (the same
        generator :meth:`new` and :meth:`fork` use). The switch is recorded in the history, so
        save/load and undo/redo replay it exactly, and :meth:`undo` can take it back (with
        the rolls made automatically after it). With ``auto_roll`` on, a pending roll is made
        at once.

        Raises:
            TypeError: ``seed`` is not an int.
        """
        _check_seed(seed)
        self._do(_Entry("seed", seed))
        self._auto()
        self._changed()

    def step(self) -> None:
        """Move on by one: roll a pending chance step (what the board's Step button does).

        At a decision there is nothing to step; that raises :class:`NotAChanceStepError`.
        """
        self.roll()

    def _need_chance(self) -> dict[str, Any]:
        p = self.state.pending
        if self.is_over or p is None or p["kind"] != "chance":
            what = "the game is over" if self.is_over else "a decision is pending"
            raise NotAChanceStepError(f"no roll is pending: {what}")
        return p

    def _changed(self) -> None:
        """The game moved on: a new revision, a new decision to tie options to, listeners told."""
        self.rev += 1
        self._decision = 0
        if self._listeners:
            for listener in list(self._listeners):  # a listener may remove itself
                listener(self)

    def on_change(self, listener: Callable[[Game], None]) -> Callable[[], None]:
        """Call ``listener(game)`` after every change (a choice, a roll, undo, redo).

        Views such as the board use it, so a change made through the game itself
        (``board.game.apply(...)``) can never leave a view out of step. Returns a function
        that removes the listener. Copies and forks start with no listeners.
        """
        self._listeners.append(listener)

        def remove() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return remove

    @_in_its_language
    def _do(self, entry: _Entry, option: Option | None = None) -> None:
        """Resolve one entry and record it; on an internal error, restore and re-raise."""
        before = len(self._history)
        try:
            self._resolve(entry, option)
        except Exception:
            self._restore(before)
            raise
        self._history.append(entry)
        if self._redo:
            self._redo.clear()
        if len(self._history) % SNAPSHOT_EVERY == 0:
            self._snapshot_if_due()

    def _resolve(self, entry: _Entry, option: Option | None = None) -> None:
        if entry.kind == "seed":  # use_seeded_dice: the script ends, the generator takes over
            state = self._engine.s
            state.script = None
            state.dice_rng = dice_mod.seed_state(entry.value, "dice")
        elif entry.kind == "choose":
            # a replayed choice is rebuilt from its id: the rules read only verb and arguments
            self._engine.resolve_decision(option or Option.from_id(entry.value))
        else:
            self._engine.resolve_chance(list(entry.value))

    def _auto(self) -> None:
        """Roll chance steps as they come while auto_roll is on (a script running dry stops)."""
        if not self.auto_roll:
            return
        engine = self._engine
        while True:
            state = engine.s  # a failed step restores a new state object: read it each time
            p = state.pending
            if state.outcome is not None or p is None or p["kind"] != "chance":
                return
            if state.script is not None and len(state.script) < p["n"]:
                return
            self._do(_Entry("roll", engine.draw_dice(p["n"]), auto=True))

    # --- history -----------------------------------------------------------------------

    def _snapshot_if_due(self) -> None:
        n = len(self._history)
        if n % SNAPSHOT_EVERY == 0 and n not in self._snapshots:
            self._snapshots[n] = (self.state.copy(), len(self._engine.log_entries))

    @_in_its_language
    def _restore(self, length: int) -> None:
        """Rebuild the game as it was after the first ``length`` history entries."""
        base = max(k for k in self._snapshots if k <= length)
        snap, log_len = self._snapshots[base]
        self._engine.s = snap.copy()
        del self._engine.log_entries[log_len:]
        for entry in self._history[base:length]:
            self._replay_one(entry)
        del self._history[length:]
        for k in [k for k in self._snapshots if k > length]:
            del self._snapshots[k]

    def _replay_one(self, entry: _Entry) -> None:
        if entry.kind == "roll" and not entry.forced:
            # draw again so the generator (or the script) moves on exactly as it did
            drawn = self._engine.draw_dice(len(entry.value))
            if drawn != list(entry.value):
                raise SaveFormatError(
                    f"history: a roll recorded as {entry.value} replays as {drawn}"
                )
        self._resolve(entry)

    @property
    def can_undo(self) -> bool:
        """Whether there is a choice or roll to take back."""
        return any(not e.auto for e in self._history)

    @property
    def can_redo(self) -> bool:
        """Whether an undone step can be made again."""
        return bool(self._redo)

    def undo(self) -> None:
        """Take back the last choice, hand-made roll or switch of dice, with the rolls after it.

        A switch of dice is :meth:`use_seeded_dice`; the rolls taken back with a step are
        the ones ``auto_roll`` made after it.

        Raises:
            NothingToUndoError: nothing has been chosen or rolled yet.
        """
        if not self.can_undo:
            raise NothingToUndoError("nothing to undo: no choice or roll has been made")
        k = len(self._history)
        while self._history[k - 1].auto:
            k -= 1
        k -= 1
        undone = self._history[k:]
        redo = list(self._redo)
        self._restore(k)
        self._redo = [*redo, undone]
        self._changed()

    def redo(self) -> None:
        """Make the last undone step again, with the same dice.

        Raises:
            NothingToUndoError: nothing has been undone.
        """
        if not self._redo:
            raise NothingToUndoError("nothing to redo")
        group = self._redo.pop()
        keep = list(self._redo)
        for entry in group:
            self._engine_replay_forward(entry)
        self._redo = keep
        self._changed()

    @_in_its_language
    def _engine_replay_forward(self, entry: _Entry) -> None:
        self._replay_one(entry)
        self._history.append(entry)
        self._snapshot_if_due()

    def copy(self) -> Game:
        """An independent game at the same point, with the same history (for branching)."""
        twin = Game.__new__(Game)
        twin.components, twin.settings = self.components, self.settings
        twin.auto_roll = self.auto_roll
        twin._language = self._language
        twin._initial = self._initial.copy()
        twin._engine = Engine(self.state.copy(), self.components, self.settings)
        twin._engine.log_entries = list(self._engine.log_entries)
        twin._history = [_Entry(e.kind, list(e.value) if isinstance(e.value, list) else e.value,
                                e.forced, e.auto) for e in self._history]
        twin._redo = list(self._redo)
        twin._snapshots = {k: (s.copy(), n) for k, (s, n) in self._snapshots.items()}
        twin._options_cache = None
        twin._listeners = []
        twin.rev = self.rev
        twin._decision = self._decision  # the same moment: its options serve both
        return twin

    def fork(self, seed: int | None = None, auto_roll: bool | None = None) -> Game:
        """A new game that starts from this moment, with an empty history (the what-if lab).

        Args:
            seed: if given, the branch gets its own dice and card shuffles from this seed
                (and any scripted dice are dropped); if None it keeps this game's dice.
            auto_roll: the branch's auto_roll (default: this game's).

        Raises:
            TypeError: ``seed`` is not an int (or None), ``auto_roll`` not a bool (or None).
        """
        if seed is not None:
            _check_seed(seed)
        state = self.state.copy()
        if seed is not None:
            state.dice_rng = dice_mod.seed_state(seed, "dice")
            state.card_rng = dice_mod.seed_state(seed, "cards")
            state.script = None
        branch = Game(state, self.components, self.settings,
                      self.auto_roll if auto_roll is None else auto_roll, self._language)
        # the branch's log goes on from this game's log; undo never reaches behind the fork
        before = list(self._engine.log_entries)
        branch._engine.log_entries[:0] = before
        branch._snapshots = {
            k: (snap, n + len(before)) for k, (snap, n) in branch._snapshots.items()
        }
        return branch

    # --- saving ------------------------------------------------------------------------

    def to_dict(self, for_side: str | None = None) -> dict[str, Any]:
        """The whole game as plain data: start, rule settings, history and a snapshot.

        With ``for_side`` ("soviet", "german" or a role), a one-sided save instead: what that
        side may see, without the other side's hidden cards, the history or the seed (7.4;
        see :mod:`.hidden`). It opens with :func:`.hidden.load_view` to look at, and cannot
        be played on.

        Raises:
            RoleError: ``for_side`` is neither a side nor a role (nothing is written).
        """
        if for_side is not None:
            from .hidden import view_save

            return view_save(self, for_side)
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "components": self.components.fingerprint,
            "settings": self.settings.to_dict(),
            "auto_roll": self.auto_roll,
            "initial": self._initial.to_dict(),
            "history": self.history,
            "state": self.state.to_dict(),
            # an English save is as it was before the languages came (no field)
            **({"language": self._language} if self._language != "en" else {}),
        }

    def to_json(self, for_side: str | None = None) -> str:
        """The saved game as a JSON string (one-sided with ``for_side``: see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(for_side), separators=(",", ":"))

    def save(self, path: str | Path, for_side: str | None = None) -> None:
        """Write the saved game to a file (one-sided with ``for_side``: see :meth:`to_dict`)."""
        Path(path).write_text(self.to_json(for_side), encoding="utf-8")

    @classmethod
    def from_dict(cls, data: Any, components: Components | None = None) -> Game:
        """Rebuild a game by replaying its history from its start.

        The stored snapshot must match the replay.

        Raises:
            SaveFormatError: a missing, mistyped or inconsistent field (named in the message).
        """
        if not isinstance(data, dict):
            raise SaveFormatError("save: must be a JSON object")
        if data.get("format") == "pavlov-widgets-view":
            raise SaveFormatError(
                f"save.format: this is the {data.get('side')} side's view of a game, saved "
                "without the other side's hidden cards, the history or the seed (7.4 "
                "Competitive): open it with pavlov_widgets.engine.hidden.load_view to look "
                "at; only a full save (to_dict() with no for_side) can be played on")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFormatError(f"save.format: expected {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise SaveFormatError(f"save.version: unsupported version {data.get('version')!r}")
        comps, _ = _checked_args(components, None, True)
        if data.get("components") != comps.fingerprint:
            raise SaveFormatError(
                "save.components: the game was saved with other component files "
                f"({data.get('components')!r}, these are {comps.fingerprint!r})"
            )
        settings = _saved_settings(data)
        auto = data.get("auto_roll")
        if not isinstance(auto, bool):
            raise SaveFormatError("save.auto_roll: must be true or false")
        initial = GameState.from_dict(data.get("initial"))
        check_state(initial, comps, "save.initial",
                    settings if settings.competitive else None)
        check_variant_cards(initial, comps, settings, "save.initial")
        history = data.get("history")
        if not isinstance(history, list):
            raise SaveFormatError("save.history: must be a list")
        try:
            language = check_language(data.get("language", "en"), "save.language")
        except LanguageError as exc:
            raise SaveFormatError(str(exc)) from exc
        try:
            game = cls(initial, comps, settings, auto_roll=False, language=language)
        except SaveFormatError:
            raise
        except Exception as exc:
            raise SaveFormatError(f"save.initial: not a playable state ({exc})") from exc
        for i, raw in enumerate(history):
            try:
                game._load_entry(i, raw)
            except SaveFormatError:
                raise
            except Exception as exc:  # a corrupt start that only shows when played on
                raise SaveFormatError(f"save.history[{i}]: does not replay ({exc!r})") from exc
        game.auto_roll = auto
        if "state" not in data or game.state.to_dict() != data["state"]:
            raise SaveFormatError("save.state: does not match the replayed history")
        try:
            game.legal_actions()
        except Exception as exc:
            raise SaveFormatError(f"save.state.pending: not a valid decision ({exc!r})") from exc
        return game

    def _load_entry(self, i: int, raw: Any) -> None:
        where = f"save.history[{i}]"
        if not isinstance(raw, dict) or raw.get("kind") not in ("choose", "roll", "seed"):
            raise SaveFormatError(f"{where}: must be a choice or a roll (or a seed)")
        extra = set(raw) - {"kind", "value", "forced", "auto"}
        if extra:
            raise SaveFormatError(f"{where}: unknown fields {sorted(extra)}")
        forced, auto = raw.get("forced", False), raw.get("auto", False)
        if not isinstance(forced, bool) or not isinstance(auto, bool):
            raise SaveFormatError(f"{where}: forced and auto must be true or false")
        value = raw.get("value")
        try:
            if raw["kind"] == "seed":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise SaveFormatError(f"{where}.value: must be a seed (a whole number)")
                self.use_seeded_dice(value)
                self._history[-1].auto = auto
            elif raw["kind"] == "choose":
                if not isinstance(value, str):
                    raise SaveFormatError(f"{where}.value: must be an option id")
                self.apply(value)
                self._history[-1].auto = auto
            else:
                p = self._need_chance()
                if forced:
                    if not isinstance(value, list):
                        raise SaveFormatError(f"{where}.value: must be a list of dice")
                    self.force(value)
                else:
                    if not isinstance(value, list) or len(value) != p["n"]:
                        need = dice_mod.dice_text(p["n"])
                        raise SaveFormatError(f"{where}.value: must be {need}")
                    rolled = self.roll()
                    if rolled != value:
                        raise SaveFormatError(f"{where}.value: recorded {value}, replays {rolled}")
                self._history[-1].auto = auto
        except (IllegalActionError, NotAChanceStepError, BadDiceError,
                DiceScriptExhaustedError) as exc:
            raise SaveFormatError(f"{where}: {exc}") from exc

    @classmethod
    def from_json(cls, text: str, components: Components | None = None) -> Game:
        """Load a game from :meth:`to_json` text."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise SaveFormatError(f"save: not valid JSON ({exc})") from exc
        return cls.from_dict(data, components)

    @classmethod
    def load(cls, path: str | Path, components: Components | None = None) -> Game:
        """Load a game saved with :meth:`save`."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, TypeError) as exc:  # TypeError: no path at all
            raise SaveFormatError(f"save: cannot read {path!r} ({exc})") from exc
        return cls.from_json(text, components)

    # --- display -----------------------------------------------------------------------

    def render_text(self) -> str:
        """The whole board as text."""
        from .render import render_text

        return render_text(self)

    def __repr__(self) -> str:
        if self.is_over:
            o = self.state.outcome or {}
            return f"<Game over: {o.get('level')} (score {o.get('score')}), turn {self.turn}>"
        p = self.state.pending or {}
        what = p.get("prompt") or p.get("label") or ""
        return f"<Game turn {self.turn}, {self.phase_label}: {what}>"
