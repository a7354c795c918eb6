"""The rule machine: one decision cursor, explicit chance steps, and the shared rule helpers.

The game advances by popping *steps* (plain-data frames such as ``{"op": "draw_hand"}``)
from the state's stack and running their handler. A handler may push more steps, stop at a
*decision* (the player must choose one of a fixed, ordered list of options) or stop at a
*chance* step (dice to roll, whose exact odds are known). No progress is hidden in Python
closures or generators, so any moment of the game can be saved and restored.

Rule modules register their handlers with :func:`step` and :func:`decision`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from . import dice as dice_mod
from .actions import Option
from .components import Components, Square, Track, Unit
from .errors import DiceScriptExhaustedError
from .i18n import N_, _, language
from .log import LogEntry
from .places import LOC_KEYS, Counter
from .sections import position_label
from .settings import RuleSettings
from .state import GameState

StepFn = Callable[["Engine", dict[str, Any]], None]
OptionsFn = Callable[["Engine", dict[str, Any]], list[Option]]
ResolveFn = Callable[["Engine", dict[str, Any], Option], None]

STEPS: dict[str, StepFn] = {}
DECISIONS: dict[str, tuple[OptionsFn, ResolveFn]] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    """Register an automatic rule step under ``name``."""

    def register(fn: StepFn) -> StepFn:
        if name in STEPS:
            raise RuntimeError(f"step {name!r} registered twice")
        STEPS[name] = fn
        return fn

    return register


def decision(name: str, options: OptionsFn) -> Callable[[ResolveFn], ResolveFn]:
    """Register a decision: ``options`` lists its legal options, the function resolves one."""

    def register(fn: ResolveFn) -> ResolveFn:
        if name in DECISIONS:
            raise RuntimeError(f"decision {name!r} registered twice")
        DECISIONS[name] = (options, fn)
        return fn

    return register


_RESERVED = frozenset({"kind", "op", "prompt", "rule"})

_NO_TOKENS: dict[str, int] = {}  # read-only stand-in for a place that holds no tokens

PHASE_LABELS: dict[str, str] = {
    "setup": N_("Setup"),
    "planning": N_("Wehrmacht Planning"),
    "soviet_cards": N_("Soviet Card Phase"),
    "wehrmacht_cards": N_("Wehrmacht Card Phase"),
    "counter_moves": N_("Soviet Counter Phase: moves"),
    "counter_actions": N_("Soviet Counter Phase: actions"),
    "game_end": N_("End of the game"),
    "over": N_("Game over"),
}
"""A person's name for each phase (1.1), in English: :func:`phase_label` gives it in the
language now."""


def phase_label(phase: str) -> str:
    """A person's name for ``phase`` in the language now (1.1)."""
    return _(PHASE_LABELS[phase])


_SECOND_DISRUPTED = re.compile(r"second Disrupted token \((?P<why>.+)\)")
_ARTILLERY = re.compile(r"(?P<name>.+) \(artillery\)")
_TEAM = re.compile(r"(?P<first>[^&]+) & (?P<second>[^&]+) \((?P<weapon>[^()]+)\)")


def source_words(source: str) -> str:
    """What attacks, or what caused a casualty, in the language now.

    A frame keeps its ``source`` (or ``why``) in English, since the state does not depend on
    the language; this is what a person reads. Most are a card's or a counter's name, or a
    phrase of the catalog ("not enough Food"); three are made of names, and are put together
    again from their parts here: a second Disrupted token (``combat.disrupt``), a
    Forward Observer's artillery and a weapon team (4.0, ``counters.py``).
    """
    if m := _SECOND_DISRUPTED.fullmatch(source):
        # TRANSLATORS: why a counter became a casualty; {why} is what suppressed it again
        return _("second Disrupted token ({why})").format(why=source_words(m["why"]))
    if m := _ARTILLERY.fullmatch(source):
        name = _(m.group(1))  # a Soviet counter's name
        # TRANSLATORS: what attacks: {name} is a Soviet counter calling in the artillery
        return _("{name} (artillery)").format(name=name)
    if m := _TEAM.fullmatch(source):
        first, second, weapon = (_(part) for part in m.groups())  # two counters, a weapon
        # TRANSLATORS: what attacks: two Soviet counters with their weapon
        return _("{first} & {second} ({weapon})").format(first=first, second=second,
                                                          weapon=weapon)
    return _(source)


def fixed_option(verb: str, label: str, targets: tuple[str, ...] = (), **args: Any) -> Option:
    """An option whose words never change ("Done moving"), made once per language.

    ``label`` is the English, marked with ``N_`` where it is written; the option carries it
    in the language now. One shared memo for every such option of the rules: an option made
    in French must not serve an English game.
    """
    return _fixed_option(language(), verb, label, targets, tuple(args.items()))


@cache
def _fixed_option(lang: str, verb: str, label: str, targets: tuple[str, ...],
                  args: tuple[tuple[str, Any], ...]) -> Option:
    return Option(verb, _(label), targets, **dict(args))


class Engine:
    """A state plus the rules that move it on. ``Game`` wraps it with history and undo."""

    def __init__(self, state: GameState, components: Components, options: RuleSettings) -> None:
        self.s = state
        self.c = components
        self.o = options
        self.log_entries: list[LogEntry] = []
        self._offered: tuple[dict[str, Any] | None, list[Option]] | None = None
        # read many times per decision: worked out once per set of (immutable) components
        look = components.index
        self._square_index = look.squares
        self.square_ids = look.square_ids
        """Every combat position's id, in board order."""
        self._colours = look.colours
        self._labels = look.labels
        self._unit_locations = look.unit_locations
        self._names = components.counter_names
        self._units = look.units
        self._tracks_of = look.tracks_of
        self._squares_of = look.squares_of
        self._unit_loc_keys = look.unit_loc_keys

    def load(self, state: GameState) -> None:
        """Go on from ``state``: the log so far and the options worked out are dropped.

        For a tool that drives one machine through many states, one step each (the lab's
        exact odds of a card, 3.0); ``Game`` keeps its own machine and history.
        """
        self.s = state
        self.log_entries = []
        self._offered = None

    # --- log and cursor ---------------------------------------------------------------

    def log(
        self,
        text: str,
        rule: str,
        dice: Iterable[int] = (),
        kind: str = "event",
        marks: tuple[bool, ...] = (),
        *,
        result: str = "",
        card: str = "",
        targets: tuple[str, ...] = (),
        removed: tuple[str, ...] = (),
        seen_by: str = "",
    ) -> None:
        """Add a log entry for the current turn and phase (fields: see :class:`.LogEntry`).

        ``seen_by`` names the only side that may read the entry ("german" or "soviet", 7.4
        hidden cards); "" for everybody.
        """
        entry = LogEntry(self.s.turn, phase_label(self.s.phase), text, _(rule), tuple(dice), kind,
                         marks, result, card, targets, removed)
        self.log_entries.append(entry._replace(seen_by=seen_by) if seen_by else entry)

    def push(self, op: str, **data: Any) -> None:
        """Schedule a step to run next (stack order: the last pushed runs first)."""
        self.s.stack.append({"op": op, **data})

    def push_seq(self, frames: list[dict[str, Any]]) -> None:
        """Schedule steps to run in the given order."""
        self.s.stack.extend(reversed(frames))

    def ask(self, op: str, prompt: str, rule: str, **data: Any) -> None:
        """Stop at a decision ``op``; its options come from the registered options function.

        ``prompt`` is in the language now; ``rule`` stays the English citation in the state (a
        program may compare it), and is translated where it is shown (:attr:`.Game.pending`).
        """
        if _RESERVED.intersection(data):
            raise RuntimeError(f"decision data may not use the keys {sorted(_RESERVED)}")
        self.s.pending = {"kind": "decision", "op": op, "prompt": prompt, "rule": rule, **data}

    def roll(
        self, n: int, test: dict[str, Any], label: str, rule: str, then: str, **ctx: Any
    ) -> None:
        """Stop at a chance step of ``n`` dice read by ``test``; then run step ``then``.

        The dice arrive in the ``then`` frame as ``frame["dice"]``. A roll of no dice is
        resolved at once.
        """
        if n <= 0:
            self.push(then, dice=[], **ctx)
            return
        self.s.pending = {
            "kind": "chance",
            "n": n,
            "test": test,
            "label": label,
            "rule": rule,
            "then": then,
            "ctx": ctx,
        }

    def offer(self, options: list[Option]) -> None:
        """Hand over the options of the decision just asked, already worked out by its step.

        A loop step that must list the options anyway to know whether to ask (``move_loop``,
        ``action_loop``) passes them on, so :meth:`options` does not list them a second
        time. Call it straight after :meth:`ask`, with the state unchanged since.
        """
        self._offered = (self.s.pending, options)

    def run(self) -> None:
        """Run automatic steps until a decision, a chance step, or the end of the game."""
        s = self.s
        while s.pending is None and s.outcome is None and s.stack:
            frame = s.stack.pop()
            STEPS[frame["op"]](self, frame)

    def options(self) -> list[Option]:
        """The legal options of the pending decision ([] at a chance step or game over)."""
        p = self.s.pending
        if p is None or p["kind"] != "decision" or self.s.outcome is not None:
            return []
        offered = self._offered
        if offered is not None and offered[0] is p:
            return offered[1]
        return DECISIONS[p["op"]][0](self, p)

    def resolve_decision(self, option: Option) -> None:
        """Resolve the pending decision with an option already checked to be legal."""
        pending = self.s.pending
        assert pending is not None
        self.s.pending = None
        DECISIONS[pending["op"]][1](self, pending, option)
        self.run()

    def resolve_chance(self, dice: list[int]) -> None:
        """Resolve the pending chance step with these dice (already checked)."""
        pending = self.s.pending
        assert pending is not None
        self.s.pending = None
        label, rule = pending["label"], pending["rule"]
        roll = dice_mod.reading(dice, pending["test"])
        # the roll's facts are fields of the entry (what for, result, success, hits, marks),
        # so no reader has to take the sentence apart
        self.log_entries.append(
            LogEntry(self.s.turn, phase_label(self.s.phase),
                     _("{label}: {result}").format(label=label,
                                                   result=dice_mod.result_words(roll.result)),
                     _(rule), tuple(dice), "roll", roll.marks, roll.result,
                     label=label, success=roll.success, hits=roll.hits)
        )
        self.push(pending["then"], dice=list(dice), **pending["ctx"])
        self.run()

    def draw_dice(self, n: int) -> list[int]:
        """The next ``n`` dice from the script (walkthroughs) or the seeded generator."""
        s = self.s
        if s.script is not None:
            if len(s.script) < n:
                raise DiceScriptExhaustedError(
                    f"the dice script needs {n} more dice but has {len(s.script)} left: "
                    "force() this roll, or call use_seeded_dice(seed) on the game to roll "
                    "seeded dice from now on"
                )
            out, s.script = s.script[:n], s.script[n:]
            return out
        out = []
        for _die in range(n):
            s.dice_rng, value = dice_mod.below(s.dice_rng, 6)
            out.append(value + 1)
        return out

    def shuffle(self, cards: list[str]) -> None:
        """Shuffle a list of card ids in place with the game's card generator."""
        for i in range(len(cards) - 1, 0, -1):
            self.s.card_rng, j = dice_mod.below(self.s.card_rng, i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def lose(self, how: str, text: str, rule: str) -> None:
        """End the game at once with an immediate loss (6.0).

        The scoring rules register the ``finish`` step; it runs here and now (not pushed),
        so nothing after the loss is resolved. Going through the registry keeps the machine
        free of imports from the rules.
        """
        self.log(text, rule, kind="loss")
        STEPS["finish"](self, {"op": "finish", "immediate_loss": how})

    # --- tokens -----------------------------------------------------------------------

    def count(self, place: str, kind: str) -> int:
        """How many tokens of ``kind`` are at ``place``."""
        return self.s.tokens.get(place, _NO_TOKENS).get(kind, 0)

    def move_tokens(self, kind: str, src: str, dst: str, n: int = 1) -> int:
        """Move up to ``n`` tokens; returns how many moved (fewer when ``src`` runs short)."""
        have = self.count(src, kind)
        moved = min(have, n)
        if moved <= 0:
            return 0
        src_d = self.s.tokens[src]
        if have == moved:
            del src_d[kind]
            if not src_d and src not in ("stock", "removed", "supplies", "staging"):
                del self.s.tokens[src]
        else:
            src_d[kind] = have - moved
        dst_d = self.s.tokens.setdefault(dst, {})
        dst_d[kind] = dst_d.get(kind, 0) + moved
        return moved

    def location_disrupted(self, loc: int) -> bool:
        """Whether Volga location ``loc`` has a Disrupted token (2.0)."""
        return self.s.tokens.get(LOC_KEYS[loc], _NO_TOKENS).get("disrupted", 0) > 0

    def location_tokens(self, loc: int) -> list[str]:
        """The non-Disrupted tokens on a Volga location."""
        return [
            k for k, n in self.s.tokens.get(LOC_KEYS[loc], _NO_TOKENS).items()
            if n and k != "disrupted"
        ]

    def unit_locations(self, unit_id: str) -> tuple[int, ...]:
        """The Volga locations of a unit."""
        return self._unit_locations[unit_id]

    def unit(self, unit_id: str) -> Unit:
        """The operational unit with this id (2.0)."""
        return self._units[unit_id]

    def tracks_of(self, colour: str) -> tuple[Track, ...]:
        """The tracks of one colour, in number order."""
        return self._tracks_of[colour]

    def squares_of(self, colour: str) -> dict[int, Square]:
        """The combat positions of one colour, by their number in that colour (read only)."""
        return self._squares_of[colour]

    def unit_loc_keys(self, unit_id: str) -> tuple[tuple[int, str], ...]:
        """A unit's Volga locations with their token places: ``((12, "loc:12"), ...)``."""
        return self._unit_loc_keys[unit_id]

    # --- counters ---------------------------------------------------------------------

    def square(self, square_id: str) -> Square:
        """The board square with this id."""
        return self._square_index[square_id]

    def square_label(self, square_id: str) -> str:
        """A square's short label such as ``G4/R1``, in the language now (1.2)."""
        return position_label(self._labels[square_id])

    def is_square(self, where: str) -> bool:
        """Whether a place is a combat position."""
        return where in self._square_index

    def house_counters(self) -> list[str]:
        """Soviet counters in the house, in component order."""
        return [cid for cid, c in self.s.soviet.items() if c.where not in ("stock", "removed")]

    def counters_at(self, where: str) -> list[str]:
        """Soviet counters at a square (or ``"reserves"``), in component order."""
        return [cid for cid, c in self.s.soviet.items() if c.where == where]

    def occupancy(self) -> dict[str, list[str]]:
        """Every place's Soviet counters, each list in component order.

        One pass over the counters: callers that look at many squares (move destinations,
        weapon teams) use it instead of :meth:`counters_at` per square.
        """
        occ: dict[str, list[str]] = {}
        for cid, c in self.s.soviet.items():
            where = c.where
            here = occ.get(where)
            if here is None:
                occ[where] = [cid]
            else:
                here.append(cid)
        return occ

    def weapons_at(self, where: str) -> list[str]:
        """Weapon counters at a square (or ``"reserves"``), in component order."""
        return [wid for wid, w in self.s.weapons.items() if w == where]

    def counters_of_colour(self, colour: str) -> list[str]:
        """Soviet counters on combat positions of a colour (two-coloured squares count)."""
        return [
            cid
            for cid, c in self.s.soviet.items()
            if c.where in self._square_index and colour in self._square_index[c.where].numbers
        ]

    def name(self, cid: str) -> str:
        """A Soviet counter's, weapon's or Wehrmacht counter's name, in the language now."""
        name = self._names.get(cid)
        return _(self.c.wehrmacht_type_of(cid).name if name is None else name)

    def where_label(self, where: str) -> str:
        """A person's name for a place, in the language now."""
        if where in self._square_index:
            # TRANSLATORS: a combat position's label, such as "G3/R2" (its number per colour)
            return _("position {label}").format(label=self.square_label(where))
        if where == "reserves":
            return _("Reserves")
        if where == "stock":
            return _("the stock")
        if where == "removed":
            return _("out of the game")
        return where

    def settle_weapons(self, square_id: str) -> None:
        """A weapon left alone on a combat position goes to Reserves at once (4.0)."""
        if square_id not in self._square_index or self.counters_at(square_id):
            return
        for wid in self.weapons_at(square_id):
            self.s.weapons[wid] = "reserves"
            self.log(_("{name} is left alone and goes to Reserves").format(name=self.name(wid)),
                     "4.0 Weapons")

    def remove_counter(self, cid: str, why: str, rule: str) -> None:
        """A casualty: the counter leaves the game with its tokens (4.0, 6.0 loss check)."""
        c = self.s.soviet[cid]
        was = c.where
        self.set_disrupted(cid, False)
        if c.marker:
            self.s.tokens["stock"][c.marker] = self.count("stock", c.marker) + 1
            c.marker = ""
        c.where = "removed"
        c.exhausted = False
        # TRANSLATORS: {why} is what caused it: a card's name or a short phrase ("bombed")
        self.log(_("{name} is a casualty ({why})").format(name=self.name(cid),
                                                         why=source_words(why)),
                 rule, kind="casualty",
                 removed=(cid,), targets=(Counter(cid).id,))
        self.settle_weapons(was)
        if all(c.where in ("stock", "removed") for c in self.s.soviet.values()):
            self.lose(
                "no_defenders",
                _("No Soviet counter is left in Pavlov's House: the game is lost"),
                "6.0 Ending the Game",
            )

    def set_disrupted(self, cid: str, value: bool) -> bool:
        """Put a Disrupted token on a counter (from the stock) or take it off; True if done."""
        c = self.s.soviet[cid]
        if value == c.disrupted:
            return False
        stock = self.s.tokens["stock"]
        if value:
            if stock.get("disrupted", 0) <= 0:
                self.log(_("No Disrupted token is left in the stock"), "Setup 9")
                return False
            stock["disrupted"] -= 1
        else:
            stock["disrupted"] = stock.get("disrupted", 0) + 1
        c.disrupted = value
        return True

    def set_marker(self, cid: str, marker: str) -> bool:
        """Put an Action or Command token on a counter from the stock; False if none is left."""
        stock = self.s.tokens["stock"]
        if stock.get(marker, 0) <= 0:
            return False
        stock[marker] -= 1
        self.s.soviet[cid].marker = marker
        return True

    def clear_markers(self) -> None:
        """Return every Action and Command token to the stock (end of 4.0)."""
        stock = self.s.tokens["stock"]
        for c in self.s.soviet.values():
            if c.marker:
                stock[c.marker] = stock.get(c.marker, 0) + 1
                c.marker = ""

    # --- Wehrmacht tracks --------------------------------------------------------------

    def wehrmacht_on_board(self) -> list[str]:
        """Every Wehrmacht counter on a track."""
        return [cid for track in self.s.tracks for cid in track if cid]

    def colour_of_track(self, index: int) -> str:
        """The colour of track ``index`` (0-based)."""
        return self.c.board.tracks[index].colour

    def line_of_sight(self, where: str) -> tuple[str, ...]:
        """The colours a counter at ``where`` sees (1.3); none from Reserves."""
        return self._colours.get(where, ())

    def tactic(self, effect: str) -> int:
        """The total of a Tactics effect in force (7.2).

        Cards dealt at the start of a Wehrmacht Card Phase act for the rest of that turn.
        """
        if not self.s.tactics_in_play or self.s.phase in ("soviet_cards", "planning"):
            return 0
        return sum(self.c.tactics[t].effects.get(effect, 0) for t in self.s.tactics_in_play)

    def wehrmacht_defense(self, wid: str) -> int:
        """A Wehrmacht counter's Defense, with the Tactics cards in force (7.2)."""
        kind = self.c.wehrmacht_type_of(wid)
        bonus = self.tactic("wehrmacht_defense")
        if kind.id == "scouts":
            bonus += self.tactic("scouts_defense")
        return min(7, kind.defense + bonus)
