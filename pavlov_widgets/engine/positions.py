"""Building a position by hand: the what-if lab's, the scenarios' and the tests' one toolkit.

:class:`Position` starts from a freshly dealt game, empties the house, and lets you set
everything a position holds: Soviet counters (with their Exhausted side, Disrupted, Action
and Command tokens, and whether they already moved), weapons, tokens, Defense values,
Wehrmacht counters, every deck and pile of cards, the Tactics and Operational Support cards
in play (7.1, 7.2), where in the turn play resumes and the dice. ``Position(...).game()``
checks the position and gives a :class:`~pavlov_widgets.engine.game.Game` that plays on
from there under every rule.

A position is checked twice. Each setter refuses at once what it can judge alone (an
unknown id, a place that does not exist, a token the stock no longer holds), naming the
nearest valid id. :meth:`Position.game` then checks the position as a whole (two counters
on one position, a weapon alone, a hand at the wrong moment, ...) and raises one
:class:`~pavlov_widgets.engine.errors.PositionError` listing every problem; nothing set so
far is lost, so fix the one field and call it again.

Every setter takes names as well as ids (``counter("Pavlov", "G4/R1")``,
``tokens("Anti-aircraft", 12)``, ``wehrmacht_cards("Ju 87 deck 4")``): a name that fits
several ids is refused with their list. :meth:`Position.names` lists a kind's ids with their
names, :meth:`Position.help` every kind, and ``Position.ids.<kind>.<Tab>`` completes them.
:meth:`Position.from_game` takes the position of a game at any moment where it rests
between rules (:data:`FROM_GAME_MOMENTS`), and :meth:`Position.to_json` /
:meth:`Position.from_json` write and read it as short JSON.

Example:
    >>> from pavlov_widgets.engine import Position
    >>> pos = Position().counter("pavlov", "R2").defense("red", 5)
    >>> pos.wehrmacht_cards("d1-sniper-1").resume("wehrmacht", cards=1).dice(3, 2, 5, 1, 1, 1)
    <Position turn 3, resume at wehrmacht>
    >>> game = pos.game()
    >>> Position().game().phase  # a fresh position plays from the start of its turn
    'soviet_cards'
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from .check import Problem, problem_list
from .components import COLOURS, Components, default_components
from .errors import PavlovError, PlaceError, PositionError
from .game import Game
from .machine import PHASE_LABELS, STEPS, Engine
from .places import (
    RESERVES_BOX,
    Card,
    Counter,
    Square,
    StockCounter,
    StockWeapon,
    TacticsCard,
    TrackCircle,
    Weapon,
    circle_key,
    loc_key,
    parse_circle_key,
    parse_place,
    place_name,
    sapper_key,
    suppress_key,
    token_place,
)
from .rules.setup import initial_state
from .settings import RuleSettings
from .state import PHASES, GameState
from .text import plural

__all__ = [
    "FROM_GAME_MOMENTS", "JSON_KEYS", "KINDS", "RESUME_POINTS", "STEP_FIELDS", "HelpText",
    "IdKind", "IdNamespace", "Position", "PositionError",
]

RESUME_POINTS: dict[str, str] = {
    "turn_start": "the start of the turn, before the Soviet Card Phase (1.1)",
    "soviet_cards": "the Soviet Card Phase: at its start (four cards drawn, 2.1), or with "
    "``actions=`` or used cards, in the middle of its actions (2.2)",
    "wehrmacht_start": "the start of the Wehrmacht Card Phase, Tactics cards dealt (3.0, 7.2)",
    "wehrmacht": "the next Wehrmacht card of the phase, ``cards=`` of them still to come (3.0)",
    "counter_moves": "the Soviet Counter Phase: at its start (4.0 Command Team), or with "
    "``moves=`` or counters already moved, in the middle of its moves (4.0 Move)",
    "counter_actions": "the actions of the Soviet Counter Phase (4.0), ``actions=`` left",
}
"""Where in a turn a position can resume play, with what each point means."""

_PHASE_OF: dict[str, str] = {
    "soviet_cards": "soviet_cards",
    "wehrmacht_start": "wehrmacht_cards",
    "wehrmacht": "wehrmacht_cards",
    "counter_moves": "counter_moves",
    "counter_actions": "counter_actions",
}

_REST_OF_TURN: dict[str, list[str]] = {
    "soviet_cards": ["turn_end", "counter_phase", "wehrmacht_phase"],
    "wehrmacht_start": ["turn_end", "counter_phase"],
    "wehrmacht": ["turn_end", "counter_phase"],
    "counter_moves": ["turn_end"],
    "counter_actions": ["turn_end"],
}
"""The phases still to come in the turn after each resume point (stack order, bottom first)."""

_RESTING: dict[str, str] = {
    "card_action": "soviet_cards",
    "move_pick": "counter_moves",
    "act_pick": "counter_actions",
}
"""The decisions at which a game rests between rules, and the resume point of each."""

RESTING_DECISIONS: frozenset[str] = frozenset(_RESTING)
"""The decisions at which a game rests between rules (the next card action, 2.2; the next
move, 4.0 Move; the next counter action, 4.0): a choice pending at one of them starts something
new, any other pending choice is part of resolving the rule before it (First Aid after a hit,
5.0)."""

FROM_GAME_MOMENTS: tuple[str, ...] = (
    "the choice of the next Soviet card action, or ending the Soviet Card Phase (2.2)",
    "the choice of the next counter to move, or ending the moves (4.0 Move)",
    "the choice of the next counter action, or ending the phase (4.0)",
    "a Wehrmacht card just revealed, before any of its dice is rolled (3.0)",
)
"""The moments of a game that :meth:`Position.from_game` can describe."""

HAND_SIZE = 4
"""The cards a Soviet Card Phase draws (2.1); a hand never holds more."""

MOST_A_PHASE = 4
"""The most actions or moves a phase grants: four with Improved Communications (2.0 Wire
Communications) or the Command Team (4.0), three otherwise."""

_OFF_BOARD = ("stock", "removed")
_FIXED_TOKEN_PLACES = ("stock", "removed", "supplies", "staging")
_RESUME_WORDS: dict[str, str] = {
    "turn_start": "the start of the turn",
    "soviet_cards": "the Soviet Card Phase",
    "wehrmacht_start": "the start of the Wehrmacht Card Phase",
    "wehrmacht": "the next Wehrmacht card",
    "counter_moves": "the moves of the Soviet Counter Phase",
    "counter_actions": "the actions of the Soviet Counter Phase",
    "steps": "the rule steps given",
}
"""Where play resumes (:data:`RESUME_POINTS`), as a problem says it to a person."""
_MARKERS = ("action", "command")


class Position:
    """A hand-made position: every setter returns the position, so calls chain.

    Attributes:
        state: the position as a game state (setters change it; :meth:`game` plays a copy).
        components: the components the game is played with.
        settings: the rule settings (``RuleSettings``) the game is played with.
        point: where play resumes (a key of :data:`RESUME_POINTS`, or ``"steps"``).
    """

    ids: ClassVar[IdNamespace]
    """Every id as an attribute, for Tab completion: ``Position.ids.wehrmacht_cards.d4_ju87_4_1``
    is ``"d4-ju87-4-1"`` (see :class:`IdKind`)."""

    def __init__(
        self,
        seed: int = 11,
        settings: RuleSettings | None = None,
        components: Components | None = None,
        turn: int = 3,
    ) -> None:
        """Deal a game from ``seed`` (Setup 1-11), then empty the house (counters to the stock).

        Play resumes at the start of ``turn`` until :meth:`resume` says otherwise.
        """
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise PositionError(f"seed must be a whole number, not {seed!r}")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise PositionError(f"turn must be a whole number from 1, not {turn!r}")
        self.components = _components_arg(components)
        self.settings = _settings_arg(settings)
        self.state = initial_state(seed, self.components, self.settings)
        self.state.stack = []
        self.state.turn = turn
        for c in self.state.soviet.values():
            c.where = "stock"
        self.point = "turn_start"
        self._cards = 3
        self._moves: int | None = None
        self._actions: int | None = None
        self._rest_of_turn = True
        self._frames: list[dict[str, Any]] = []

    @classmethod
    def wrap(
        cls,
        state: GameState,
        settings: RuleSettings | None = None,
        components: Components | None = None,
    ) -> Position:
        """A position that edits ``state`` in place (the tests' builders work on a state).

        Play resumes with the steps already on the state's stack (see :meth:`steps`).
        """
        if not isinstance(state, GameState):
            raise PositionError(f"state must be a GameState, not {type(state).__name__}")
        pos = cls.__new__(cls)
        pos.components = _components_arg(components)
        pos.settings = _settings_arg(settings)
        pos.state = state
        pos.point = "steps"
        pos._cards, pos._moves, pos._actions, pos._rest_of_turn = 3, None, None, True
        pos._frames = [dict(f) for f in reversed(state.stack)]
        return pos

    def __repr__(self) -> str:
        return f"<Position turn {self.state.turn}, resume at {self.point}>"

    def copy(self) -> Position:
        """An independent copy: the state, the resume point and its steps are copied.

        Components and rule settings are shared (they are never changed). An editor makes each
        change on a copy and keeps it only if every setter accepted it.
        """
        out = copy.copy(self)
        out.state = self.state.copy()
        out._frames = [dict(f) for f in self._frames]
        return out

    # --- where play resumes, as set by :meth:`resume` -------------------------------------

    @property
    def cards_to_come(self) -> int:
        """The Wehrmacht cards still to come this phase, resuming at ``"wehrmacht"`` (1-3, 3.0)."""
        return self._cards

    @property
    def moves_left(self) -> int | None:
        """The moves left, resuming in the middle of the moves (4.0 Move); None: the rules decide.

        Left to the rules, the phase grants three moves, four with the Command Team (4.0),
        less the counters already moved.
        """
        return self._moves

    @property
    def actions_left(self) -> int | None:
        """The actions left in the phase play resumes in (2.2, 4.0); None: the rules decide.

        Left to the rules, a phase grants three actions, four with Improved Communications
        (2.0 Wire Communications) or the Command Team (4.0), less those already taken.
        """
        return self._actions

    @property
    def rest_of_turn(self) -> bool:
        """Whether play goes on past the phase it resumes in, to the end of the turn (1.1)."""
        return self._rest_of_turn

    # --- names ---------------------------------------------------------------------------

    def known(self, kind: str) -> list[str]:
        """The valid ids of one kind, for the setters' arguments (:data:`KINDS` lists the kinds).

        :meth:`names` gives the same ids with a person's name for each.
        """
        return list(self.names(kind, self.components))

    @classmethod
    def names(cls, kind: str, components: Components | None = None) -> dict[str, str]:
        """Every valid id of one kind with a person's name for it: ``{"d4-ju87-4-1": ...}``.

        ``kind`` is a key of :data:`KINDS` (``"counters"``, ``"wehrmacht_cards"``,
        ``"token_places"`` ...). Every setter accepts the id, the name, or any part of
        the name that fits one id only (``"Ju 87"`` fits five cards, so it is refused with
        their list; ``"Anti-aircraft"`` is the ``"aa"`` token).
        """
        table = _name_table(_components_arg(components))
        if not isinstance(kind, str) or kind not in table.names:
            raise PositionError(
                f"no kind of id {kind!r}{_nearest(kind, table.names)}; kinds: "
                f"{', '.join(table.names)}"
            )
        return dict(table.names[kind])

    @classmethod
    def help(cls, components: Components | None = None) -> HelpText:
        """What a position is made of: every kind of id, how many, and a few examples.

        Display it in a notebook (or ``print`` it); :meth:`names` lists one kind in full,
        and ``Position.ids.<kind>.<id>`` completes ids with the Tab key.
        """
        table = _name_table(_components_arg(components))
        lines = [
            "A Position accepts, wherever it asks for an id, the id itself, a person's name "
            "or any part of a name that fits one id only (case and punctuation do not "
            "matter): counter('Pavlov', 'G4/R1'), tokens('Anti-aircraft', 12), "
            "wehrmacht_cards('Sniper (deck 1)').",
            "Position.names(kind) lists the ids of a kind with their names; "
            "Position.ids.<kind>.<Tab> completes them.",
            "",
        ]
        for kind, about in KINDS.items():
            named = table.names[kind]
            sample = ", ".join(
                f"{k}" if v == k else f"{k} = {v}" for k, v in list(named.items())[:3]
            )
            lines.append(f"{kind} ({len(named)}): {about}")
            lines.append(f"    e.g. {sample}{', ...' if len(named) > 3 else ''}")
        return HelpText("\n".join(lines))

    def _check(self, value: object, kind: str, what: str) -> str:
        """The id of ``kind`` that ``value`` names (an id, a name or part of one).

        Raises:
            PositionError: ``value`` names no id (the nearest is suggested) or several
                (each is listed with its name); the message names ``what`` was asked for.
        """
        return _resolve(_name_table(self.components), value, kind, what)

    def _checks(self, values: Iterable[object], kind: str, what: str) -> tuple[str, ...]:
        """:meth:`_check` for each value, in order."""
        return tuple(self._check(v, kind, what) for v in values)

    # --- the house -----------------------------------------------------------------------

    def counter(
        self,
        cid: str,
        where: str,
        exhausted: bool = False,
        disrupted: bool = False,
        marker: str = "",
    ) -> Position:
        """Put a Soviet counter on a square id, ``"reserves"``, ``"stock"`` or ``"removed"``.

        ``exhausted`` shows its Exhausted side; ``disrupted`` gives it a Disrupted token and
        ``marker`` an ``"action"`` or ``"command"`` token (4.0), each from the stock; the
        tokens it carried before go back to the stock.
        """
        cid = self._check(cid, "counters", "Soviet counter")
        where = self._check(where, "places", "place")
        _flags(cid, exhausted=exhausted, disrupted=disrupted)
        if not isinstance(marker, str):
            raise PositionError(f"{cid}: marker must be 'action', 'command' or '' (none), "
                                f"not {marker!r}")
        if marker:
            marker = self._check(marker, "markers", "counter token")
        if where in _OFF_BOARD and (exhausted or disrupted or marker):
            raise PositionError(
                f"{cid}: a counter in the {where} pile carries no token and shows its front"
            )
        c = self.state.soviet[cid]
        stock = self.state.tokens["stock"]
        if disrupted and stock.get("disrupted", 0) + c.disrupted < 1:
            raise PositionError(self._stock_out("disrupted"))
        if marker and stock.get(marker, 0) + (c.marker == marker) < 1:
            raise PositionError(self._stock_out(marker))
        if c.disrupted:
            stock["disrupted"] = stock.get("disrupted", 0) + 1
        if c.marker:
            stock[c.marker] = stock.get(c.marker, 0) + 1
        if disrupted:
            stock["disrupted"] -= 1
        if marker:
            stock[marker] -= 1
        c.where, c.exhausted, c.disrupted, c.marker = where, exhausted, disrupted, marker
        return self

    def moved(self, *cids: str) -> Position:
        """These counters already moved this phase (4.0 Move: each counter moves once).

        Resuming at ``counter_moves`` then resumes in the middle of the moves.
        """
        cids = self._checks(cids, "counters", "Soviet counter")
        for cid in cids:
            if cid not in self.state.moved:
                self.state.moved.append(cid)
        return self

    def acted(self, *cids: str) -> Position:
        """These counters already acted this phase: each gets an Action token (4.0)."""
        cids = self._checks(cids, "counters", "Soviet counter")
        need = sum(1 for cid in set(cids) if self.state.soviet[cid].marker != "action")
        if self.state.tokens["stock"].get("action", 0) < need:
            raise PositionError(self._stock_out("action", need))
        for cid in dict.fromkeys(cids):
            c = self.state.soviet[cid]
            self.counter(cid, c.where, c.exhausted, c.disrupted, marker="action")
        return self

    def weapon(self, wid: str, where: str) -> Position:
        """Put a weapon counter on a square id, ``"reserves"``, ``"stock"`` or ``"removed"``."""
        wid = self._check(wid, "weapons", "weapon")
        where = self._check(where, "places", "place")
        self.state.weapons[wid] = where
        return self

    def defense(self, colour: str, value: int) -> Position:
        """Set a colour's Defense track (1.2)."""
        colour = self._check(colour, "colours", "colour")
        board = self.components.board
        low, high = board.defense_min, board.defense_max
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise PositionError(f"defense {colour}={value!r} is off the track ({low}-{high})")
        self.state.defense[colour] = value
        return self

    def tokens(self, kind: str, place: str | int, n: int = 1) -> Position:
        """Move ``n`` tokens of a kind from the stock to a place (``supplies``, ``loc:14`` ...).

        A Volga location can be given by its number: ``tokens("Anti-aircraft", 12)``.
        """
        kind, place = self._check_tokens(kind, place, n)
        if self.state.tokens["stock"].get(kind, 0) < n:
            raise PositionError(self._stock_out(kind, n))
        have = self.state.tokens.get(place, {}).get(kind, 0)
        return self._put_tokens(kind, place, have + n)

    def set_tokens(self, kind: str, place: str | int, n: int) -> Position:
        """Make a place hold exactly ``n`` tokens of a kind (the difference: to/from the stock)."""
        kind, place = self._check_tokens(kind, place, n)
        have = self.state.tokens.get(place, {}).get(kind, 0)
        if self.state.tokens["stock"].get(kind, 0) < n - have:
            raise PositionError(self._stock_out(kind, n - have))
        return self._put_tokens(kind, place, n)

    def disrupt_location(self, *locs: int) -> Position:
        """Put a Disrupted token on each of these Volga locations (2.0)."""
        for loc in locs:
            if not _whole(loc):
                raise PositionError(f"Volga location {loc!r}: give its number, 3-18 (2.0)")
            self._check(loc_key(loc), "token_places", "Volga location")
        for loc in locs:
            self.set_tokens("disrupted", loc_key(loc), 1)
        return self

    def _check_tokens(self, kind: str, place: str | int, n: int) -> tuple[str, str]:
        """The token kind's and place's ids, once the count is checked too."""
        kind = self._check(kind, "token_kinds", "token kind")
        place = self._check(place, "token_places", "token place")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise PositionError(f"{kind} tokens at {place}: {n!r} is not a count")
        return kind, place

    def _put_tokens(self, kind: str, place: str, n: int) -> Position:
        tokens = self.state.tokens
        have = tokens.get(place, {}).get(kind, 0)
        stock = tokens["stock"]
        stock[kind] = stock.get(kind, 0) - (n - have)
        if not stock[kind]:  # as the rules keep it: a kind none of is left is not listed
            del stock[kind]
        if n:
            tokens.setdefault(place, {})[kind] = n
        elif place in tokens:
            tokens[place].pop(kind, None)
            if not tokens[place] and place not in _FIXED_TOKEN_PLACES:
                del tokens[place]
        return self

    def _stock_out(self, kind: str, n: int = 1) -> str:
        spec = self.components.tokens[kind]
        left = self.state.tokens["stock"].get(kind, 0)
        return (f"{plural(n, spec.name + ' token')} wanted but {left} left in the stock "
                f"(the game has {spec.total}, Setup 9)")

    # --- 9 January Square ---------------------------------------------------------------

    def wehrmacht(self, track: int, circle: int, kind: str) -> Position:
        """Put a Wehrmacht counter on a track's circle (both 1-based).

        ``kind`` is a counter type (``"riflemen"``: the first one in the stock) or an exact
        counter id (``"riflemen-3"``).
        """
        c = self.components
        tracks = self.state.tracks
        if (not _whole(track) or not _whole(circle) or not 1 <= track <= len(tracks)
                or not 1 <= circle <= len(tracks[track - 1])):
            raise PositionError(f"track {track!r}, circle {circle!r} is not on the board "
                                f"(tracks 1-{len(tracks)}, circles 1-{len(tracks[0])})")
        on_board = {w for t in tracks for w in t if w}
        if kind not in c.wehrmacht_counter_ids():
            kind = self._check(kind, "wehrmacht_types", "Wehrmacht counter type")
        if kind in c.wehrmacht_counter_ids():
            if kind in on_board:
                raise PositionError(f"{kind} is already on a track")
            wid = kind
        else:
            free = [w for w in c.wehrmacht_counters_by_type[kind] if w not in on_board]
            if not free:
                raise PositionError(f"no {kind} counter left in the stock")
            wid = free[0]
        if tracks[track - 1][circle - 1]:
            raise PositionError(f"track {track}, circle {circle} is occupied "
                                f"by {tracks[track - 1][circle - 1]}")
        tracks[track - 1][circle - 1] = wid
        return self

    def sapper(self, track: int, circle: int) -> Position:
        """Put a Sapper token on a Sapper location (2.0 Field Defenses)."""
        spots = [(t.number, n) for t in self.components.board.tracks for n in t.sapper_circles]
        if (track, circle) not in spots:
            named = "; ".join(place_name(TrackCircle(*spot), self.components) for spot in spots)
            raise PositionError(f"track {track}, circle {circle} is not a Sapper location; "
                                f"they are {named}")
        return self.tokens("sapper", sapper_key(track, circle))

    # --- Wehrmacht cards -----------------------------------------------------------------

    def wehrmacht_cards(self, *card_ids: str, last: bool = False) -> Position:
        """Put these Wehrmacht (or Resupply) cards on top of the deck, first on top.

        With ``last=True`` they go to the bottom instead: the last of them is the game's
        last card (6.0). Cards come from the deck, the used pile, or the Resupply cards set
        aside at Setup 2 (one unseen Resupply card of the deck leaves instead, so the game
        keeps three).
        """
        card_ids = self._checks(card_ids, "wehrmacht_cards", "Wehrmacht card")
        piles = self._take_wehrmacht(card_ids)
        deck = piles["wehrmacht_deck"]
        piles["wehrmacht_deck"] = [*deck, *card_ids] if last else [*card_ids, *deck]
        self._commit(piles)
        return self

    def wehrmacht_deck(self, *card_ids: str) -> Position:
        """Make the Wehrmacht deck exactly these cards, first on top (the last: the game's last).

        Every other card of the deck counts as played and goes to the used pile.
        """
        card_ids = self._checks(card_ids, "wehrmacht_cards", "Wehrmacht card")
        piles = self._take_wehrmacht(card_ids)
        piles["wehrmacht_done"] = [*piles["wehrmacht_done"], *piles["wehrmacht_deck"]]
        piles["wehrmacht_deck"] = list(card_ids)
        self._commit(piles)
        return self

    def storm_box(self, card_id: str) -> Position:
        """Put a Resupply card (Storm Group side up) or the Milk House in the Storm Group box.

        A card already in the box leaves the game, as when a new one comes (3.0 Special Cards).
        """
        card_id = self._check(card_id, "wehrmacht_cards", "Wehrmacht card")
        self._storm_card(card_id)
        if card_id == self.state.storm_box:
            return self
        piles = self._take_wehrmacht((card_id,))
        if self.state.storm_box:
            piles["storm_lost"] = [*self.state.storm_lost, self.state.storm_box]
        self._commit(piles)
        self.state.storm_box = card_id
        return self

    def storm_won(self, *card_ids: str) -> Position:
        """These Storm Group cards were won by raids, for their VP (3.0 Storm Group, 6.0)."""
        card_ids = self._checks(card_ids, "wehrmacht_cards", "Wehrmacht card")
        for cid in card_ids:
            self._storm_card(cid)
        piles = self._take_wehrmacht(card_ids, also=("storm_box",))
        piles["storm_won"] = [*piles.get("storm_won", self.state.storm_won), *card_ids]
        self._commit(piles)
        return self

    def _storm_card(self, card_id: str) -> None:
        self._check(card_id, "wehrmacht_cards", "Wehrmacht card")
        c = self.components
        if card_id not in c.resupply_cards and c.wehrmacht_cards[card_id].kind != "storm_group":
            storms = [*c.resupply_cards,
                      *(k for k, v in c.wehrmacht_cards.items() if v.kind == "storm_group")]
            raise PositionError(f"{card_id} has no Storm Group side; these do: {', '.join(storms)}")

    def _take_wehrmacht(
        self, card_ids: Iterable[str], also: tuple[str, ...] = ()
    ) -> dict[str, list[str]]:
        """The Wehrmacht piles with these cards taken out (checked; the state is not changed)."""
        s, c = self.state, self.components
        wanted = list(card_ids)
        for cid in wanted:
            self._check(cid, "wehrmacht_cards", "Wehrmacht card")
        if len(set(wanted)) != len(wanted):
            raise PositionError(f"a Wehrmacht card is named twice: {wanted}")
        piles = {
            "wehrmacht_deck": list(s.wehrmacht_deck),
            "wehrmacht_done": list(s.wehrmacht_done),
            "resupply_removed": list(s.resupply_removed),
            "storm_lost": list(s.storm_lost),
        }
        if "storm_box" in also and s.storm_box in wanted:
            piles["storm_box"] = []
        for cid in wanted:
            for name in ("wehrmacht_deck", "wehrmacht_done"):
                if cid in piles[name]:
                    piles[name].remove(cid)
                    break
            else:
                if cid in piles["resupply_removed"]:
                    piles["resupply_removed"].remove(cid)
                    spare = next(
                        (x for name in ("wehrmacht_deck", "wehrmacht_done")
                         for x in piles[name] if x in c.resupply_cards and x not in wanted),
                        None,
                    )
                    if spare is None:
                        raise PositionError(
                            f"{cid}: a game holds three Resupply cards (Setup 2) and every "
                            "one still in the deck or used pile is wanted"
                        )
                    for name in ("wehrmacht_deck", "wehrmacht_done"):
                        if spare in piles[name]:
                            piles[name].remove(spare)
                    piles["resupply_removed"].append(spare)
                elif cid == s.storm_box and "storm_box" in also:
                    pass
                else:
                    raise PositionError(f"{cid} is not in the deck or the used pile: "
                                        f"{self._where_card(cid)}")
        return piles

    def _where_card(self, cid: str) -> str:
        s = self.state
        for name in ("storm_box", "wehrmacht_current"):
            if getattr(s, name) == cid:
                return f"it is the {name.replace('_', ' ')}"
        for name in ("storm_won", "storm_lost", "german_hand", "orders"):
            if cid in getattr(s, name):
                return f"it is in {name}"
        card = self.components.wehrmacht_cards.get(cid)
        if card is not None and card.competitive and not self.settings.competitive:
            return ("only the competitive variant plays it (7.4): "
                    "Position(settings=RuleSettings.for_variant('competitive'))")
        return "it is not in the game"

    def _commit(self, piles: dict[str, list[str]]) -> None:
        for name, cards in piles.items():
            if name == "storm_box":
                self.state.storm_box = ""
            else:
                setattr(self.state, name, cards)

    # --- Soviet cards --------------------------------------------------------------------

    def hand(self, *card_ids: str, used: Iterable[str] = ()) -> Position:
        """Deal these Soviet cards into the hand (from the deck, the discards or Fog of War stock).

        ``used``: cards of the hand already used for an action this phase (2.2). Resuming at
        ``soviet_cards`` with no card used starts the phase: the hand's cards are the first
        drawn, and the phase draws up to four (2.1).
        """
        card_ids = self._checks(card_ids, "soviet_cards", "Soviet card")
        if isinstance(used, str):  # one card named alone
            used = (used,)
        if not isinstance(used, Iterable):
            raise PositionError(f"used={used!r}: give the used cards as a list of ids or names")
        spent = list(self._checks(used, "soviet_cards", "Soviet card"))
        for cid in spent:
            if cid not in self.state.hand and cid not in card_ids:
                raise PositionError(f"used card {cid} is not in the hand")
        self._move_soviet(card_ids, ("soviet_deck", "soviet_discard", "fog_stock"), "hand")
        s = self.state
        s.hand_used = [*s.hand_used, *(c for c in dict.fromkeys(spent) if c not in s.hand_used)]
        return self

    def soviet_on_top(self, *card_ids: str) -> Position:
        """Put these Soviet cards (Fog of War included) on top of the Soviet deck, first on top."""
        card_ids = self._checks(card_ids, "soviet_cards", "Soviet card")
        self._move_soviet(card_ids, ("soviet_deck", "soviet_discard", "fog_stock", "hand"),
                          "soviet_deck", top=True)
        return self

    def soviet_discards(self, *card_ids: str) -> Position:
        """Put these Soviet cards (Fog of War included) on the discard pile (2.3)."""
        card_ids = self._checks(card_ids, "soviet_cards", "Soviet card")
        self._move_soviet(card_ids, ("soviet_deck", "fog_stock", "hand"), "soviet_discard")
        return self

    def _move_soviet(
        self, card_ids: Iterable[str], sources: tuple[str, ...], target: str, top: bool = False
    ) -> None:
        s = self.state
        wanted = list(card_ids)
        for cid in wanted:
            self._check(cid, "soviet_cards", "Soviet card")
        if len(set(wanted)) != len(wanted):
            raise PositionError(f"a Soviet card is named twice: {wanted}")
        piles = {name: list(getattr(s, name)) for name in {*sources, target}}
        for cid in wanted:
            for name in sources:
                if cid in piles[name]:
                    piles[name].remove(cid)
                    break
            else:
                raise PositionError(f"Soviet card {cid} is not in the "
                                    f"{' / '.join(n.replace('_', ' ') for n in sources)}")
        piles[target] = [*wanted, *piles[target]] if top else [*piles[target], *wanted]
        for name, cards in piles.items():
            setattr(s, name, cards)
        s.hand_used = [c for c in s.hand_used if c in s.hand]

    def soviet_card(self, unit_a: str, unit_b: str) -> str:
        """The id of the Soviet card showing these two units (2.0)."""
        unit_a = self._check(unit_a, "units", "unit")
        unit_b = self._check(unit_b, "units", "unit")
        for cid, card in self.components.soviet_cards.items():
            if set(card.units) == {unit_a, unit_b}:
                return cid
        raise PositionError(f"no Soviet card shows {unit_a} and {unit_b}")

    # --- variant cards (7.1, 7.2) --------------------------------------------------------

    def _need_variant(self, name: str, on: bool, hint: str) -> None:
        if not on:
            raise PositionError(f"the {name} variant is off: Position(settings={hint})")

    def tactics_on_top(self, *card_ids: str) -> Position:
        """Put these Tactics cards on top of the Tactics deck, first on top (7.2)."""
        card_ids = self._checks(card_ids, "tactics", "Tactics card")
        self._need_variant("Tactics", _tactics_most(self.settings) > 0,
                           'RuleSettings(tactics="veteran")')
        piles = self._take_tactics(card_ids)
        piles["tactics_deck"] = [*card_ids, *piles["tactics_deck"]]
        for name, cards in piles.items():
            setattr(self.state, name, cards)
        return self

    def tactics_in_play(self, *card_ids: str) -> Position:
        """Make these the Tactics cards in play, the older first (7.2).

        Veteran has one in play (7.2.1), Elite two (7.2.2); the cards in play before leave play.
        """
        card_ids = self._checks(card_ids, "tactics", "Tactics card")
        level = "competitive" if self.settings.competitive else self.settings.tactics
        most = _tactics_most(self.settings)
        self._need_variant("Tactics", most > 0, 'RuleSettings(tactics="veteran")')
        if len(card_ids) > most:
            raise PositionError(f"{level}: at most {plural(most, 'Tactics card')} in play (7.2)")
        piles = self._take_tactics(card_ids, also_in_play=True)
        gone = [c for c in piles["tactics_in_play"] if c not in card_ids]
        piles["tactics_removed"] = [*piles["tactics_removed"], *gone]
        piles["tactics_in_play"] = list(card_ids)
        for name, cards in piles.items():
            setattr(self.state, name, cards)
        return self

    def _take_tactics(
        self, card_ids: Iterable[str], also_in_play: bool = False
    ) -> dict[str, list[str]]:
        s = self.state
        piles = {name: list(getattr(s, name))
                 for name in ("tactics_deck", "tactics_removed", "tactics_in_play")}
        sources = ("tactics_deck", "tactics_removed", "tactics_in_play")[: 3 if also_in_play else 2]
        for cid in card_ids:
            self._check(cid, "tactics", "Tactics card")
            for name in sources:
                if cid in piles[name]:
                    piles[name].remove(cid)
                    break
            else:
                raise PositionError(f"Tactics card {cid} is already in play")
        return piles

    def operational_support(self, card_id: str) -> Position:
        """Turn up this Operational Support card (7.1).

        The card it replaces goes to the bottom of the deck.
        """
        self._need_variant("Operational Support", self.settings.operational_support,
                           "RuleSettings(operational_support=True)")
        card_id = self._check(card_id, "operational_support", "Operational Support card")
        s = self.state
        if card_id in s.os_won:
            raise PositionError(f"{card_id} is already won (set aside for its VP)")
        if card_id != s.os_current:
            deck = [c for c in s.os_deck if c != card_id]
            s.os_deck = [*deck, s.os_current] if s.os_current else deck
            s.os_current = card_id
        return self

    def operational_support_won(self, *card_ids: str) -> Position:
        """These Operational Support cards are already won, for their VP (7.1, 6.0)."""
        card_ids = self._checks(card_ids, "operational_support", "Operational Support card")
        self._need_variant("Operational Support", self.settings.operational_support,
                           "RuleSettings(operational_support=True)")
        s = self.state
        for cid in card_ids:
            self._check(cid, "operational_support", "Operational Support card")
        deck = [c for c in s.os_deck if c not in card_ids]
        current = s.os_current
        if current in card_ids:
            current = deck.pop(0) if deck else ""
        s.os_deck, s.os_current = deck, current
        s.os_won = [*s.os_won, *(c for c in card_ids if c not in s.os_won)]
        return self

    # --- where play resumes --------------------------------------------------------------

    def resume(
        self,
        point: str,
        cards: int = 3,
        moves: int | None = None,
        actions: int | None = None,
        rest_of_turn: bool = True,
    ) -> Position:
        """Choose where play resumes: one of :data:`RESUME_POINTS`.

        ``cards``: Wehrmacht cards still to come this phase (``wehrmacht``, 1-3).
        ``moves``/``actions``: how many are left, resuming in the middle of a phase
        (``soviet_cards``, ``counter_moves``, ``counter_actions``). Left out, the rules
        decide: the phase starts (Improved Communications, Command Team), or, in the
        middle of it, what the phase grants less what is already used (used cards, moved
        counters, Action tokens). ``rest_of_turn=False`` stops once that phase is over.
        """
        point = self._check(point, "resume_points", "resume point")
        if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 3:
            raise PositionError(f"cards={cards!r}: 1-3 Wehrmacht cards are still to come (3.0)")
        for name, n in (("moves", moves), ("actions", actions)):
            if n is not None and (isinstance(n, bool) or not isinstance(n, int)
                                  or not 0 <= n <= MOST_A_PHASE):
                raise PositionError(f"{name}={n!r}: a phase grants 0-{MOST_A_PHASE} "
                                    "(4 with Improved Communications or the Command Team)")
        _flags("resume", rest_of_turn=rest_of_turn)
        self.point = point
        self._cards, self._moves, self._actions = cards, moves, actions
        self._rest_of_turn = rest_of_turn
        self._frames = []
        return self

    def steps(self, *frames: dict[str, Any], phase: str | None = None) -> Position:
        """Resume by running exactly these rule steps, in this order, then stop.

        For tests and tools that start the rule machine at one rule (``{"op":
        "card_colour", "card": "d1-sniper-1"}``); ``phase`` sets the phase they run in.
        """
        checked = [self._step_frame(i, frame) for i, frame in enumerate(frames)]
        if phase is not None:
            phase = self._check(phase, "phases", "phase")
            self.state.phase = phase
        self.point = "steps"
        self._frames = checked
        return self

    def _step_frame(self, i: int, frame: object) -> dict[str, Any]:
        """A copy of one rule step of :meth:`steps`, checked against :data:`STEP_FIELDS`.

        Raises:
            PositionError: not a dict, an unknown step, a field missing, unknown or of the
                wrong kind; the message names the step, the field and what it allows.
        """
        if not isinstance(frame, dict):
            raise PositionError(f"steps[{i}]: a rule step is a dict such as "
                                f"{{'op': 'card_colour', 'card': 'd1-sniper-1'}}, not {frame!r}")
        with _field(f"steps[{i}]"):
            op = self._check(frame.get("op"), "steps", "rule step")
        fields = STEP_FIELDS.get(op, {})
        where = f"steps[{i}]: rule step {op!r}"
        wanted = "; ".join(f"{k}: {_FIELD_KINDS[kind.rstrip('?')]}" for k, kind in fields.items())
        wanted = f"its fields: {wanted}" if wanted else "it takes no fields"
        unknown = [k for k in frame if k != "op" and k not in fields]
        if unknown:
            raise PositionError(f"{where} has no field {unknown[0]!r}; {wanted}")
        missing = [k for k, kind in fields.items() if not kind.endswith("?") and k not in frame]
        if missing:
            raise PositionError(f"{where} needs the field {missing[0]!r}; {wanted}")
        for key, kind in fields.items():
            if key in frame and not self._field_fits(kind.rstrip("?"), frame[key]):
                raise PositionError(f"{where}: {key}={frame[key]!r} is not "
                                    f"{_FIELD_KINDS[kind.rstrip('?')]}")
        return {**frame, "op": op}

    def _field_fits(self, kind: str, value: object) -> bool:
        """Whether ``value`` is of the kind of rule-step field ``kind`` (:data:`_FIELD_KINDS`)."""
        c = self.components
        if kind == "text":
            return isinstance(value, str)
        if kind == "count":
            return _whole(value) and value >= 0  # type: ignore[operator]
        if kind == "dice":
            return isinstance(value, list) and all(_whole(d) and 1 <= d <= 6 for d in value)
        if kind in ("track", "circle"):
            size = len(self.state.tracks) if kind == "track" else len(self.state.tracks[0])
            return _whole(value) and 0 <= value < size  # type: ignore[operator]
        if kind == "soviet_counters":
            return isinstance(value, list) and all(v in c.soviet_counters for v in value)
        if kind in _CARD_KINDS:
            if not isinstance(value, str):
                return False
            if kind == "storm_card" and value in c.resupply_cards:
                return True
            card = c.wehrmacht_cards.get(value)
            return card is not None and card.kind in _CARD_KINDS[kind]
        known: dict[str, Any] = {
            "soviet_counter": c.soviet_counters,
            "wehrmacht_counter": c.wehrmacht_counter_ids(),
            "colour": COLOURS,
            "square": c.index.square_ids,
            "effect": ("attack", "suppress"),
            "loss": ("no_defenders", "track_overrun"),
        }
        return isinstance(value, str) and value in known[kind]

    def dice(self, *values: int) -> Position:
        """Script the next dice, in the order the rules roll them (none: a script of no dice)."""
        bad = [d for d in values
               if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6]
        if bad:
            raise PositionError(f"dice must be 1-6: {bad} in {values}")
        self.state.script = list(values)
        return self

    # --- a moment of a game -------------------------------------------------------------

    @classmethod
    def from_game(cls, game: Game, *, earlier: bool = False) -> Position:
        """The position of this moment of ``game``: ``from_game(game).game()`` plays on alike.

        Everything is taken over: counters, weapons, tokens, Defense, the tracks, every deck
        and pile (hand, deck tops, the Wehrmacht card being resolved), the dice generator
        and scripted dice, and where play resumes. A position resumes at the moments
        listed in :data:`FROM_GAME_MOMENTS`; inside a rule (a counter picked but not yet
        moved, a card half resolved) it cannot, and the error says so. With
        ``earlier=True`` the last such moment at or before this one is taken instead
        (found by undoing a copy of the game; the game itself is not changed).

        Raises:
            PositionError: the game is over, or this moment is inside a rule (and
                ``earlier`` is False, or no earlier moment can be described either).
        """
        if not isinstance(game, Game):
            raise PositionError(f"from_game needs a Game, not {type(game).__name__}")
        _flags("from_game", earlier=earlier)
        try:
            return cls._from_moment(game)
        except PositionError:
            if not earlier:
                raise
        back = game.copy()
        while back.can_undo:
            back.undo()
            try:
                return cls._from_moment(back)
            except PositionError:
                continue
        raise PositionError("no moment of this game up to now can be described by a Position")

    @classmethod
    def _from_moment(cls, game: Game) -> Position:
        """The position of ``game`` now, checked to give back the very same state."""
        s = game.state
        if game.is_over:
            raise PositionError("the game is over (6.0): there is no play to resume")
        pos = cls.__new__(cls)
        pos.components, pos.settings = game.components, game.settings
        pos.state = s.copy()
        pos.state.stack, pos.state.pending = [], None
        pos._cards, pos._moves, pos._actions, pos._rest_of_turn = 3, None, None, True
        pos._frames = []
        pending = s.pending or {}
        op = pending.get("op", "")
        if pending.get("kind") == "decision" and op in _RESTING:
            pos.point = _RESTING[op]
            if op == "card_action":
                pos._actions = s.actions_left
            elif op == "move_pick":
                pos._moves, pos._actions = s.moves_left, s.actions_left
            else:
                pos._moves, pos._actions = s.moves_left, s.actions_left
        elif s.phase == "wehrmacht_cards" and s.wehrmacht_current:
            # the card just revealed goes back on top: the position is the moment before
            # it is revealed, which the rules play on to this very moment
            pos.point = "wehrmacht"
            pos._cards = 4 - s.cards_in_phase
            pos.state.wehrmacht_deck.insert(0, s.wehrmacht_current)
            pos.state.wehrmacht_current = ""
        else:
            raise PositionError(cls._not_a_moment(game))
        again = pos.game(auto_roll=game.auto_roll).state.to_dict()
        now = s.to_dict()
        if again != now:
            if pos.point == "wehrmacht":
                raise PositionError(cls._not_a_moment(game))
            differ = [k for k in now if again.get(k) != now[k]]  # pragma: no cover
            raise PositionError(f"this moment would not be played back alike "
                                f"(fields {', '.join(differ)}); please report it")
        return pos

    @staticmethod
    def _not_a_moment(game: Game) -> str:
        """Why this moment of a game cannot be a position, and which moments can."""
        pending = game.state.pending or {}
        now = (f"the game is deciding {pending.get('prompt', '')!r} ({pending.get('rule')})"
               if pending.get("kind") == "decision" else
               f"the game waits for the dice of {pending.get('label', 'a roll')!r}")
        return (f"this moment is inside a rule: {now}. A Position resumes play only at "
                f"{'; '.join(FROM_GAME_MOMENTS)}. Position.from_game(game, earlier=True) "
                "takes the last such moment before this one")

    # --- short JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The position as plain data holding only what differs from a fresh ``Position``.

        A fresh ``Position(seed, settings, turn=turn)`` is the reference: the house empty,
        tokens and decks as Setup deals them from the seed. Keys come in a fixed order
        (:data:`JSON_KEYS`); a deck is written as the cards ``drawn`` from the top of the
        deck as dealt plus the cards put on ``top``, or in full when that cannot say it,
        and a pile that holds just what is left over is not written.
        """
        s, ref = self.state, self._reference()
        out: dict[str, Any] = {"seed": s.seed, "turn": s.turn}
        settings = {k: v for k, v in self.settings.to_dict().items()
                    if v != _DEFAULT_SETTINGS[k]}
        if settings:
            out["settings"] = settings
        if self.point != "turn_start":
            out["resume"] = self.point
        if self.point == "wehrmacht":
            out["cards_to_come"] = self._cards
        if self._moves is not None:
            out["moves_left"] = self._moves
        if self._actions is not None:
            out["actions_left"] = self._actions
        if not self._rest_of_turn:
            out["rest_of_turn"] = False
        if self.point == "steps":
            out["steps"] = [dict(f) for f in self._frames]
            out["phase"] = s.phase
        counters = {cid: " ".join([c.where, *(f for f, on in (
            ("exhausted", c.exhausted), ("disrupted", c.disrupted)) if on),
            *([c.marker] if c.marker else [])])
            for cid, c in s.soviet.items()
            if (c.where, c.exhausted, c.disrupted, c.marker) != ("stock", False, False, "")}
        _put(out, "counters", counters)
        _put(out, "moved", list(s.moved))
        _put(out, "weapons", {w: at for w, at in s.weapons.items() if at != ref.weapons[w]})
        _put(out, "defense", {k: v for k, v in s.defense.items() if v != ref.defense[k]})
        _put(out, "tracks", self._tracks_code())
        tokens = {}
        for place, held in s.tokens.items():
            now = {k: n for k, n in held.items() if n}
            if place != "stock" and now != {k: n for k, n in ref.tokens.get(place, {}).items()
                                            if n}:
                # one token of each kind (a Volga location's) reads best as their names
                tokens[place] = (" ".join(now) if now and set(now.values()) == {1}
                                 else now)
        _put(out, "tokens", tokens)
        for key, section in _SECTIONS.items():
            _put(out, key, _encode_section(section, s, ref))
        overridden = _OVERRIDDEN.get(self.point, ())
        _put(out, "counts", {k: getattr(s, k) for k in _COUNTS
                             if k not in overridden and getattr(s, k)})
        if (s.dice_rng, s.card_rng) != (ref.dice_rng, ref.card_rng):
            out["rng"] = {"dice": s.dice_rng, "cards": s.card_rng}
        if s.script is not None:
            out["dice"] = list(s.script)
        return out

    def to_json(self) -> str:
        """The position as short JSON (see :meth:`to_dict`): one key a line, to paste anywhere.

        ``Position.from_json(text)`` gives the position back.
        """
        data = self.to_dict()
        lines = [f" {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}"
                 for k, v in data.items()]
        return "{\n" + ",\n".join(lines) + "\n}"

    @classmethod
    def from_json(cls, text: str, *, check: bool = True,
                  components: Components | None = None) -> Position:
        """The position that :meth:`to_json` wrote (hand-written JSON too: names are welcome).

        ``check=True`` refuses a position that cannot be played (as :meth:`game` would);
        ``check=False`` loads it anyway, to be fixed with the setters.

        Raises:
            PositionError: not JSON, an unknown key (the nearest is suggested), a value of
                the wrong type or an unknown id (the message names the key), or with
                ``check`` a position that cannot be played.
        """
        if not isinstance(text, str):
            raise PositionError(f"from_json needs the JSON text, not {type(text).__name__}")
        _flags("from_json", check=check)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise PositionError(f"not JSON: {exc.msg} (line {exc.lineno}, column "
                                f"{exc.colno})") from exc
        return cls.from_dict(data, check=check, components=components)

    @classmethod
    def from_dict(cls, data: Any, *, check: bool = True,
                  components: Components | None = None) -> Position:
        """The position :meth:`to_dict` describes (see :meth:`from_json`)."""
        _flags("from_dict", check=check)
        components = _components_arg(components)
        r = _Reader(data, "position", JSON_KEYS)
        settings = RuleSettings()
        if "settings" in r.data:
            raw = r.mapping("settings")
            for key in raw:
                if key not in _DEFAULT_SETTINGS:
                    raise PositionError(f"settings: unknown setting {key!r}"
                                        f"{_nearest(key, _DEFAULT_SETTINGS)}; settings: "
                                        f"{', '.join(_DEFAULT_SETTINGS)}")
            try:
                settings = RuleSettings(**raw)
            except (PavlovError, TypeError) as exc:
                raise PositionError(f"settings: {exc}") from exc
        turn = r.count("turn", 3)
        if turn < 1:
            raise PositionError(f"turn: {turn} is not a turn (turns count from 1)")
        pos = cls(seed=r.count("seed", 11, signed=True), settings=settings,
                  components=components, turn=turn)
        s = pos.state
        for cid, text in r.mapping("counters").items():
            parts = text.split() if isinstance(text, str) else []
            if not parts:
                raise PositionError(f"counters.{cid}: give a place and flags, e.g. "
                                    f"'G1 exhausted disrupted action', not {text!r}")
            flags = parts[1:]
            for flag in flags:
                if flag not in _COUNTER_FLAGS:
                    raise PositionError(f"counters.{cid}: unknown flag {flag!r}"
                                        f"{_nearest(flag, _COUNTER_FLAGS)}; flags: "
                                        f"{', '.join(_COUNTER_FLAGS)}")
            markers = [f for f in flags if f in _MARKERS]
            if len(markers) > 1:
                raise PositionError(f"counters.{cid}: one token of {markers} at most (4.0)")
            with _field(f"counters.{cid}"):
                pos.counter(cid, parts[0], exhausted="exhausted" in flags,
                            disrupted="disrupted" in flags, marker=markers[0] if markers else "")
        with _field("moved"):
            pos.moved(*r.strings("moved"))
        for wid, where in r.mapping("weapons").items():
            with _field(f"weapons.{wid}"):
                pos.weapon(wid, where)
        for colour, value in r.mapping("defense").items():
            with _field(f"defense.{colour}"):
                pos.defense(colour, value)
        for spot, kind in r.mapping("tracks").items():
            try:
                circle = parse_circle_key(spot)
            except PlaceError:
                raise PositionError(f"tracks.{spot}: a key is 'track:circle', e.g. "
                                    "'3:2'") from None
            with _field(f"tracks.{spot}"):
                pos.wehrmacht(circle.track, circle.circle, kind)
        pos._load_tokens(r.mapping("tokens"))
        ref = pos._reference()
        for key, section in _SECTIONS.items():
            with _field(key):
                code = _Reader(r.data.get(key, {}), key, section.json_keys()).data
                _decode_section(section, pos, code, ref, into=s)
        counts = _Reader(r.data.get("counts", {}), "counts", _COUNTS).data
        for key, value in counts.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise PositionError(f"counts.{key}: {value!r} is not a count")
            setattr(s, key, value)
        if "rng" in r.data:
            rng = _Reader(r.data["rng"], "rng", ("dice", "cards")).data
            for key in ("dice", "cards"):
                value = rng.get(key)
                if isinstance(value, bool) or not isinstance(value, int) or not (
                        0 <= value < 2 ** 64):
                    raise PositionError(f"rng.{key}: {value!r} is not a generator state")
            s.dice_rng, s.card_rng = rng["dice"], rng["cards"]
        if "dice" in r.data:
            dice = r.data["dice"]
            if not isinstance(dice, list):
                raise PositionError(f"dice: a list of dice 1-6, not {dice!r}")
            with _field("dice"):
                pos.dice(*dice)
        point = r.data.get("resume", "turn_start")
        if point == "steps":
            frames = r.data.get("steps")
            if not isinstance(frames, list) or not all(isinstance(f, dict) for f in frames):
                raise PositionError("steps: a list of rule steps ({'op': ...}) to run")
            with _field("steps"):
                pos.steps(*frames, phase=r.data.get("phase"))
        elif point != "turn_start" or any(
                k in r.data for k in ("cards_to_come", "moves_left", "actions_left")):
            moves, actions = r.data.get("moves_left"), r.data.get("actions_left")
            with _field("resume"):
                pos.resume(point, cards=r.data.get("cards_to_come", 3), moves=moves,
                           actions=actions, rest_of_turn=r.data.get("rest_of_turn", True))
        if check:
            problems = pos.problems()
            if problems:
                listed = "\n".join(f"  - {p}" for p in problems)
                raise PositionError(f"this position cannot be played ({len(problems)} "
                                    f"problem{'' if len(problems) == 1 else 's'}):\n{listed}"
                                    "\n(Position.from_json(text, check=False) loads it "
                                    "anyway, to fix it)")
        return pos

    def _reference(self) -> GameState:
        """The fresh position's state this one is written against (same seed and settings)."""
        return Position(self.state.seed, self.settings, self.components, self.state.turn).state

    def _tracks_code(self) -> dict[str, str]:
        """The Wehrmacht counters by ``"track:circle"``.

        Each is written as its type where :meth:`wehrmacht` would pick that very counter,
        else as its id.
        """
        c = self.components
        placed: set[str] = set()
        out = {}
        for t, track in enumerate(self.state.tracks, 1):
            for n, wid in enumerate(track, 1):
                if not wid:
                    continue
                kind = c.wehrmacht_type_of(wid).id
                first = next(w for w in c.wehrmacht_counters_by_type[kind] if w not in placed)
                out[circle_key(TrackCircle(t, n))] = kind if first == wid else wid
                placed.add(wid)
        return out

    def _load_tokens(self, tokens: dict[str, Any]) -> None:
        """Set every place's tokens as listed: decreases first, so the stock can give."""
        changes: list[tuple[str, str, int, int]] = []
        for given, held in tokens.items():
            with _field(f"tokens.{given}"):
                place = self._check(given, "token_places", "token place")
                if isinstance(held, str):  # "aa disrupted": one token of each kind
                    held = dict.fromkeys(held.split(), 1)
                if not isinstance(held, dict):
                    raise PositionError(f"a place's tokens are {{kind: count}} or kinds "
                                        f"('aa disrupted': one of each), not {held!r}")
                wanted = {self._check(k, "token_kinds", "token kind"): n
                          for k, n in held.items()}
            now = self.state.tokens.get(place, {})
            for kind in dict.fromkeys([*now, *wanted]):
                n = wanted.get(kind, 0)
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise PositionError(f"tokens.{given}.{kind}: {n!r} is not a count")
                changes.append((place, kind, n, now.get(kind, 0)))
        for place, kind, n, _ in sorted(changes, key=lambda ch: ch[2] > ch[3]):
            with _field(f"tokens.{place}.{kind}"):
                self.set_tokens(kind, place, n)

    # --- the game ------------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Everything that makes this position impossible ([] when it can be played).

        Each names the field and the rule (``"weapons.dp-1: the DP is alone on position G2;
        ..."``); :meth:`problem_list` gives the same problems as :class:`~.check.Problem`
        values, whose :meth:`~.check.Problem.sentence` says each to a learner.
        """
        return [str(p) for p in self._build()[1]]

    def problem_list(self) -> list[Problem]:
        """The problems of :meth:`problems` as values: field, text, rule and plain words.

        ``[p.sentence() for p in pos.problem_list()]`` says them to a person, without the
        state's field names.
        """
        return self._build()[1]

    def game(self, auto_roll: bool = True) -> Game:
        """A game that plays on from this position (this position is not changed).

        Raises:
            PositionError: the position cannot happen in a game; the message lists every
                problem, each naming the field and the rule.
        """
        _flags("game", auto_roll=auto_roll)
        state, problems = self._build()
        if problems:
            listed = "\n".join(f"  - {p}" for p in problems)
            raise PositionError(
                f"this position cannot be played ({len(problems)} problem"
                f"{'' if len(problems) == 1 else 's'}):\n{listed}"
            )
        if self.point != "steps":
            return Game(state, self.components, self.settings, auto_roll=auto_roll)
        try:
            return Game(state, self.components, self.settings, auto_roll=auto_roll)
        except PavlovError:
            raise
        except Exception as exc:  # steps given by hand that fit their fields but not the house
            ops = ", ".join(repr(f["op"]) for f in self._frames)
            raise PositionError(f"the rule steps given ({ops}) cannot run in this position: "
                                f"{type(exc).__name__}: {exc}") from exc

    def _build(self) -> tuple[GameState, list[Problem]]:
        """A copy of the state with play scheduled from the resume point, and its problems."""
        s = self.state.copy()
        s.pending = None
        problems = self._schedule(s)
        problems += self._card_problems(s)
        problems += problem_list(s, self.components, self.settings)
        return s, problems

    def _schedule(self, s: GameState) -> list[Problem]:
        """Put the rule steps of the resume point on the stack; the problems of the point."""
        point = self.point
        problems: list[Problem] = []
        frames: list[str]
        if point == "steps":
            s.stack = [dict(f) for f in reversed(self._frames)]
            phase = s.phase
        elif point == "turn_start":
            s.turn -= 1  # the turn_start step counts the new turn
            s.phase = "soviet_cards" if s.turn else "setup"
            s.stack = [{"op": "turn_start"}]
            phase = "turn_start"
        else:
            phase = s.phase = _PHASE_OF[point]
            if point == "soviet_cards":
                frames = self._soviet_cards(s, problems)
            elif point == "wehrmacht_start":
                frames = ["wehrmacht_phase"]
            elif point == "wehrmacht":
                s.cards_in_phase = 3 - self._cards
                frames = ["reveal_wehrmacht"]
            elif point == "counter_moves":
                frames = self._counter_moves(s, problems)
            else:
                frames = self._counter_actions(s, problems)
            rest = _REST_OF_TURN[point] if self._rest_of_turn else []
            s.stack = [{"op": op} for op in [*rest, *reversed(frames)]]
        where = "the resume point" if point == "steps" else f"resuming at {point}"
        cards = plural(len(s.hand), "card")
        if s.hand and phase != "soviet_cards":
            rule = ("every card drawn is discarded at the end of the Soviet Card Phase (2.3) "
                    "and only the next one draws (2.1)")
            problems.append(Problem(
                "hand", f"{cards} {where}; {rule}",
                plain=f"The hand holds {cards} but play resumes at {_RESUME_WORDS[point]}; "
                      f"{rule}"))
        elif len(s.hand) > HAND_SIZE:
            rule = (f"a hand holds at most {HAND_SIZE}, the cards a Soviet Card Phase draws "
                    "(2.1 Draw Four Cards)")
            problems.append(Problem("hand", f"{len(s.hand)} cards; {rule}",
                                    plain=f"The hand holds {len(s.hand)} cards; {rule}"))
        return problems

    def _soviet_cards(self, s: GameState, problems: list[Problem]) -> list[str]:
        used = len(s.hand_used)
        if self._actions is None and not used:
            # the phase starts: the hand's cards are drawn first, then up to four (2.1), and
            # the phase's own rule decides three or four actions (2.0 Wire Communications)
            if len(s.hand) <= HAND_SIZE:
                s.soviet_deck[:0] = s.hand
                s.hand = []
            return ["soviet_card_phase"]
        grants = self._grants(s, "soviet_card_phase")
        s.actions_left = grants - used if self._actions is None else self._actions
        _check_left(problems, "actions_left", s.actions_left, used, ("card", "already used"),
                    grants, "2.2 Take up to Three Actions")
        return ["card_actions", "card_phase_end"]

    def _counter_moves(self, s: GameState, problems: list[Problem]) -> list[str]:
        moved = len(s.moved)
        if self._moves is None and not moved:
            return ["counter_phase"]  # the phase starts: 4.0 Command Team decides
        grants = self._grants(s, "counter_phase")
        s.moves_left = grants - moved if self._moves is None else self._moves
        s.actions_left = grants if self._actions is None else self._actions
        _check_left(problems, "moves_left", s.moves_left, moved, ("counter", "already moved"),
                    grants, "4.0 Move")
        return ["move_loop", "counter_actions_start", "counter_phase_end"]

    def _counter_actions(self, s: GameState, problems: list[Problem]) -> list[str]:
        acted = sum(1 for c in s.soviet.values() if c.marker == "action")
        grants = self._grants(s, "counter_phase")
        s.actions_left = grants - acted if self._actions is None else self._actions
        s.moves_left = 0 if self._moves is None else self._moves  # moves not made: kept, unused
        _check_left(problems, "actions_left", s.actions_left, acted,
                    ("Action token", "on counters"), grants, "4.0 Soviet Counter Phase")
        return ["action_loop", "counter_phase_end"]

    def _grants(self, s: GameState, op: str) -> int:
        """The actions the phase's opening rule step grants in this position (3 or 4).

        The step itself is run on a scratch copy, so the rule (Improved Communications,
        Command Team) is read where it is written, not copied here.
        """
        scratch = s.copy()
        scratch.stack, scratch.pending = [], None
        STEPS[op](Engine(scratch, self.components, self.settings), {"op": op})
        return scratch.actions_left

    def _card_problems(self, s: GameState) -> list[Problem]:
        """Problems of the variant cards in play that only a position can have (7.2)."""
        problems = []
        level = "competitive" if self.settings.competitive else self.settings.tactics
        most = _tactics_most(self.settings)
        if len(s.tactics_in_play) > most:
            n = len(s.tactics_in_play)
            limit = (f"{level.capitalize()} Tactics has at most {most}" if most
                     else "the Tactics variant is off")
            problems.append(Problem(
                "tactics_in_play", f"{n} cards; {level} has at most {most} in play (7.2)",
                plain=f"{plural(n, 'Tactics card')} in play; {limit} (7.2 Tactics Cards)"))
        return problems


def _check_left(
    problems: list[Problem], field: str, left: int, used: int, what: tuple[str, str],
    grants: int, rule: str
) -> None:
    """Add a problem if ``left`` plus ``used`` is not within what a phase can grant.

    ``what`` is the noun counted and the words after it: ``("card", "already used")``.
    """
    noun, rest = what
    what_used = f"{plural(used, noun)} {rest}"
    kind = "moves" if field == "moves_left" else "actions"
    if left < 0:
        text = f"{what_used}, more than the {grants} this phase grants"
        problems.append(Problem(field, f"{text} ({rule})",
                                plain=f"{what_used}, more than the {grants} {kind} this "
                                      f"phase grants ({rule})"))
    elif left + used > MOST_A_PHASE:
        problems.append(Problem(
            field, f"{left} left and {what_used} make {left + used}; a phase grants at most "
                   f"{MOST_A_PHASE} ({rule}; 4 only with Improved Communications or the "
                   "Command Team)",
            plain=f"{plural(left, kind[:-1])} left and {what_used} make {left + used}; a "
                  f"phase grants at most {MOST_A_PHASE} {kind} ({rule}; 4 only with Improved "
                  "Communications or the Command Team)"))


def _tactics_most(settings: RuleSettings) -> int:
    """The Tactics cards in play at most, by the settings.

    Veteran 1 (7.2.1), Elite 2 (7.2.2), the German player's choice 1 (7.4), none otherwise.
    """
    if settings.competitive:
        return 1
    return {"none": 0, "veteran": 1, "elite": 2}[settings.tactics]


def _whole(value: object) -> bool:
    """Whether ``value`` is a whole number (an ``int`` that is no ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _flags(owner: str, **flags: object) -> None:
    """Refuse a yes/no argument that is not ``True`` or ``False``, naming it and its owner."""
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise PositionError(f"{owner}: {name} must be True or False, not {value!r}")


def _settings_arg(settings: object) -> RuleSettings:
    """The rule settings given to a position (None: the defaults, 2nd printing)."""
    if settings is None:
        return RuleSettings()
    if not isinstance(settings, RuleSettings):
        hint = (f"; for a variant: settings=RuleSettings.for_variant({settings!r})"
                if isinstance(settings, str) else "")
        raise PositionError(f"settings must be a RuleSettings, not {settings!r}{hint}")
    return settings


def _components_arg(components: object) -> Components:
    """The components given to a position (None: the game's own, ``default_components()``)."""
    if components is None:
        return default_components()
    if not isinstance(components, Components):
        raise PositionError(f"components must be a Components (load_components()), not "
                            f"{type(components).__name__}")
    return components


def _nearest(word: object, known: Iterable[object]) -> str:
    """`` (did you mean 'x'?)`` for the nearest known id, or "" when none is close.

    ``word`` may be anything a caller typed (a dict built in Python may have any keys).
    """
    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- names: every id a position asks for, with a person's name ------------------------------

KINDS: dict[str, str] = {
    "counters": "the Soviet counters (Setup 6): counter(), moved(), acted()",
    "weapons": "the weapon counters (Setup 7): weapon()",
    "places": "where a Soviet counter or weapon can be: a combat position (1.2), Reserves, "
    "the stock (not yet in play) or removed (a casualty)",
    "colours": "the colours of the Defense tracks and of line of sight (1.2, 1.3): defense()",
    "token_kinds": "the kinds of token (Setup 9): tokens(), set_tokens()",
    "token_places": "where tokens can be (1.2): a Volga location (a number is enough), a "
    "Suppression box, Supplies, Staging, a Sapper location, removed",
    "wehrmacht_types": "the kinds of Wehrmacht counter (Setup 8): wehrmacht()",
    "wehrmacht_counters": "each Wehrmacht counter (Setup 8): wehrmacht()",
    "wehrmacht_cards": "the Wehrmacht and Resupply cards (Setup 2, 3.0): wehrmacht_cards(), "
    "wehrmacht_deck(), storm_box(), storm_won()",
    "soviet_cards": "the Soviet cards, Fog of War included (Setup 5, 2.0): hand(), "
    "soviet_on_top(), soviet_discards()",
    "units": "the operational units on the Soviet cards (2.0): soviet_card()",
    "tactics": "the Tactics cards (7.2): tactics_on_top(), tactics_in_play()",
    "operational_support": "the Operational Support cards (7.1): operational_support()",
    "markers": "the tokens a Soviet counter can carry besides Disrupted (4.0): counter(marker=)",
    "phases": "the phases of a turn (1.1), for steps(phase=)",
    "steps": "the rule steps, for steps() (tests and tools)",
    "resume_points": "where in a turn play resumes: resume()",
}
"""Every kind of id a :class:`Position` asks for, with what it is and the setters that take it."""


STEP_FIELDS: dict[str, dict[str, str]] = {
    "assault_colour": {"colour": "colour", "kind": "text"},
    "attack_building": {"colour": "colour", "dice": "dice", "rule_name": "text",
                        "source": "text"},
    "card_colour": {"card": "colour_card", "dice": "dice"},
    "casualty": {"counter": "soviet_counter", "rule": "text", "why": "text"},
    "command_loop": {"commander": "soviet_counter", "left": "count"},
    "disrupt": {"counter": "soviet_counter", "rule": "text", "why": "text"},
    "finish": {"immediate_loss": "loss?"},
    "fire_result": {"dice": "dice", "rule_name": "text", "source": "text",
                    "target": "wehrmacht_counter"},
    "fo_fire": {"dice_count": "count", "source": "text", "target": "wehrmacht_counter"},
    "ju87": {"card": "ju87_card"},
    "ju87_aa_result": {"card": "ju87_card", "dice": "dice"},
    "ju87_bomb": {"dice": "dice"},
    "ju87_bombing": {"card": "ju87_card", "planes": "count"},
    "place_card": {"card": "place_card"},
    "place_counter": {"counter": "wehrmacht_counter", "track": "track"},
    "place_track": {"counter": "wehrmacht_counter", "dice": "dice"},
    "raid_casualty_roll": {"raiders": "soviet_counters"},
    "raid_fates": {"dice": "dice", "raiders": "soviet_counters"},
    "raid_result": {"dice": "dice", "raiders": "soviet_counters"},
    "sapper_result": {"circle": "circle", "counter": "wehrmacht_counter", "dice": "dice",
                      "track": "track"},
    "sapper_roll": {"circle": "circle", "counter": "wehrmacht_counter", "track": "track"},
    "starve": {"left": "count", "chosen": "soviet_counters?"},
    "storm_group_card": {"card": "storm_card"},
    "suppress_entry_result": {"counter": "wehrmacht_counter", "dice": "dice", "track": "track"},
    "targeted_position": {"attack_dice": "count", "colour": "colour", "dice": "dice",
                          "effect": "effect", "rule_name": "text", "source": "text"},
    "targeted_result": {"colour": "colour", "dice": "dice", "effect": "effect",
                        "rule_name": "text", "source": "text", "square": "square"},
}
"""The fields of each rule step that has any, by step and field: the kind of its value
(:data:`_FIELD_KINDS`; a kind ending in ``?`` may be left out). :meth:`Position.steps`
refuses a step with a field missing, unknown or of the wrong kind, so that a hand-written
step fails where it is given, naming the step and the field, not deep in the rules (a test
plays whole games of every variant with each step given only these fields)."""

_FIELD_KINDS: dict[str, str] = {
    "text": "a string",
    "count": "a whole number from 0",
    "dice": "a list of dice, each 1-6",
    "track": "a track's index, 0-5 (0 is track 1)",
    "circle": "a circle's index on its track, 0-4 (0 is circle 1)",
    "soviet_counter": "a Soviet counter's id (Position.names('counters'))",
    "soviet_counters": "a list of Soviet counter ids (Position.names('counters'))",
    "wehrmacht_counter": "a Wehrmacht counter's id (Position.names('wehrmacht_counters'))",
    "colour_card": "the id of a Sniper, Mortar or artillery card (3.0)",
    "ju87_card": "the id of a Ju 87 card (3.0 Bomb Stalingrad)",
    "place_card": "the id of a card that places a Wehrmacht counter (3.0)",
    "storm_card": "the id of the Milk House or a Resupply card (3.0 Special Cards)",
    "colour": "a colour: green, red or purple",
    "square": "a combat position's id (Position.names('places'))",
    "effect": "'attack' or 'suppress'",
    "loss": "'no_defenders' or 'track_overrun' (6.0)",
}
"""What each kind of rule-step field allows, as a message says it."""

_CARD_KINDS: dict[str, tuple[str, ...]] = {
    "colour_card": ("sniper", "mortar", "artillery"),
    "ju87_card": ("ju87",),
    "place_card": ("place",),
    "storm_card": ("storm_group",),
}
"""The kinds of Wehrmacht card each card field takes (3.0; a storm card may also be a
Resupply card, 3.0 Special Cards)."""

_MATCHES_SHOWN = 12


class HelpText(str):
    """Text that shows as itself in a notebook (its repr is the text, not a quoted string)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class _NameTable:
    """Every kind's ids with a person's name, and the folded names each id answers to."""

    names: dict[str, dict[str, str]]
    keys: dict[str, dict[str, tuple[str, ...]]]


_NAME_TABLES: dict[str, _NameTable] = {}


def _fold(text: str) -> str:
    """A name folded for matching: lower case, letters and digits only (``"Ju 87"``: ju87)."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _name_table(c: Components) -> _NameTable:
    """The name table of a set of components, worked out once per set."""
    table = _NAME_TABLES.get(c.fingerprint)
    if table is None:
        table = _NAME_TABLES[c.fingerprint] = _build_name_table(c)
    return table


def _card_name(c: Components, card_id: str) -> str:
    """A Wehrmacht or Resupply card's name with what tells it from the others of its name."""
    if card_id in c.resupply_cards:
        group = c.storm_groups[c.resupply_cards[card_id].storm_group]
        return f"Resupply / Storm Group: {group.name}"
    card = c.wehrmacht_cards[card_id]
    detail = f"deck {card.deck}"
    if card.kind == "ju87":
        detail += f", {card.aircraft} aircraft"
    elif card.kind == "artillery":
        detail += f", {card.dice} dice against the building"
    elif card.kind == "place":
        detail += ", places a counter"
    copies = [k for k, v in c.wehrmacht_cards.items()
              if v.name == card.name and v.deck == card.deck and not v.competitive]
    if len(copies) > 1:
        detail += f", copy {copies.index(card_id) + 1}"
    return f"{card.name} ({detail})"


def _build_name_table(c: Components) -> _NameTable:
    """Names and matching keys of every kind of :data:`KINDS` (ids in component order)."""
    board = c.board
    names: dict[str, dict[str, str]] = {kind: {} for kind in KINDS}
    extra: dict[str, dict[str, list[str]]] = {kind: {} for kind in KINDS}

    def add(kind: str, key: str, name: str, *aliases: str) -> None:
        names[kind][key] = name
        extra[kind][key] = [name, *aliases]

    for cid, spec in c.soviet_counters.items():
        add("counters", cid, spec.name)
    for wid, weapon in c.weapons.items():
        add("weapons", wid, weapon.name)
    for sq in board.squares:
        add("places", sq.id, f"combat position {sq.label}", sq.label)
    add("places", "reserves", "Reserves")
    add("places", "stock", "the stock: not in play yet")
    add("places", "removed", "removed: a casualty, out of the game")
    for colour in COLOURS:
        add("colours", colour, colour.capitalize())
    for tid, token in c.tokens.items():
        add("token_kinds", tid, f"{token.name} token", token.name)
    add("token_places", "removed", "removed from play")
    add("token_places", "supplies", "the Supplies box")
    add("token_places", "staging", "the Staging box")
    for colour in COLOURS:
        add("token_places", suppress_key(colour), f"the {colour} Suppression box",
            f"suppression {colour}", f"{colour} suppression")
    for n in range(3, 19):
        add("token_places", loc_key(n), f"Volga location {n}: {board.location_names[n]}",
            f"location {n}")
    for t in board.tracks:
        for n in t.sapper_circles:
            add("token_places", sapper_key(t.number, n),
                f"the Sapper location on track {t.number}, circle {n}")
    for tid, kind in c.wehrmacht_types.items():
        add("wehrmacht_types", tid, kind.name)
    for wid in c.wehrmacht_counter_ids():
        number = wid.rsplit("-", 1)[-1]
        add("wehrmacht_counters", wid, f"{c.wehrmacht_type_of(wid).name} counter {number}")
    for kid, card in c.wehrmacht_cards.items():
        # the competitive variant's card (7.4) answers to "Competitive Riflemen" as well
        plain = card.name.replace("(Competitive)", "").strip()
        add("wehrmacht_cards", kid, _card_name(c, kid), card.name,
            *([f"Competitive {plain}"] if card.competitive else []))
    for kid, resupply in c.resupply_cards.items():
        add("wehrmacht_cards", kid, _card_name(c, kid), "Resupply",
            c.storm_groups[resupply.storm_group].name)
    units = {u.id: u for u in board.units}
    for kid, scard in c.soviet_cards.items():
        if scard.fog:
            add("soviet_cards", kid, "Fog of War")
        else:
            a, b = (units[u] for u in scard.units)
            add("soviet_cards", kid, f"{a.short} + {b.short}", f"{a.name} + {b.name}")
    for u in board.units:
        add("units", u.id, u.name, u.short)
    for kid, tcard in c.tactics.items():
        add("tactics", kid, f"{tcard.name} (deck {tcard.deck})", tcard.name)
    for kid, support in c.operational_support.items():
        add("operational_support", kid, support.name)
    for marker in _MARKERS:
        add("markers", marker, f"{marker.capitalize()} token")
    for phase in PHASES:
        add("phases", phase, PHASE_LABELS[phase])
    for op in sorted(STEPS):
        add("steps", op, op)
    for point in RESUME_POINTS:
        add("resume_points", point, point.replace("_", " "))
    keys = {
        kind: {key: tuple(dict.fromkeys(_fold(x) for x in [key, *aliases]))
               for key, aliases in ids.items()}
        for kind, ids in extra.items()
    }
    return _NameTable(names, keys)


def _resolve(table: _NameTable, value: object, kind: str, what: str) -> str:
    """The id of ``kind`` that ``value`` names; a PositionError naming ``what`` otherwise.

    In order: the id itself; a number for a Volga location; the id or a name, folded
    (``"g4/r1"``, ``"Anti-aircraft"``); a part of the ids or names that fits one id only.
    """
    ids = table.keys[kind]
    if isinstance(value, str) and value in ids:
        return value
    if kind == "token_places" and isinstance(value, int) and not isinstance(value, bool):
        value = loc_key(value)
    if not isinstance(value, str):
        raise PositionError(f"{what} {value!r}: give an id or a name, as a string; "
                            f"Position.names({kind!r}) lists them")
    text = _region_id(value, kind) if ":" in value else value
    if kind == "token_places" and text.strip().isdigit():
        text = loc_key(int(text))
    if text in ids:
        return text
    folded = _fold(text)
    exact = [k for k, keys in ids.items() if folded in keys]
    if len(exact) == 1:
        return exact[0]
    part = exact or ([k for k, keys in ids.items() if any(folded in x for x in keys)]
                     if folded else [])
    if len(part) == 1:
        return part[0]
    named = table.names[kind]
    if part:
        shown = "; ".join(f"{k!r} ({named[k]})" if named[k] != k else repr(k)
                          for k in part[:_MATCHES_SHOWN])
        more = f"; and {len(part) - _MATCHES_SHOWN} more" if len(part) > _MATCHES_SHOWN else ""
        raise PositionError(f"{what} {value!r} fits {len(part)} ids: {shown}{more}; "
                            "give one of these ids")
    near = _nearest(value, ids)
    if not near:  # a misspelt name: suggest the id of the nearest name
        by_name = {_fold(n): k for k, n in named.items()}
        close = difflib.get_close_matches(folded, list(by_name), n=1, cutoff=0.6)
        if close:
            key = by_name[close[0]]
            near = f" (did you mean {key!r}, {named[key]}?)"
    raise PositionError(f"no {what} {value!r}{near}; Position.names({kind!r}) lists them")


def _region_id(text: str, kind: str) -> str:
    """The id a board place names (``"square:R2"`` is ``"R2"``), or ``text`` if it names none.

    A position takes the board's places for what they hold: a combat position or the
    Reserves box, a counter or weapon (on the board or in the stock), a card; and, asked for
    a token place, the place of the tokens it holds (``"box:suppress:red"`` is
    ``"suppress:red"``, 1.2).
    """
    try:
        place = parse_place(text)
    except PlaceError:
        return text
    if kind == "token_places":
        return token_place(place) or text
    if place == RESERVES_BOX:
        return "reserves"
    match place:
        case Square(square):
            return square
        case Counter(cid) | StockCounter(cid) | Weapon(cid) | StockWeapon(cid):
            return cid
        case Card(card) | TacticsCard(card):
            return card
    return text


class IdKind:
    """The ids of one kind as attributes, for Tab completion: ``Position.ids.counters.pavlov``.

    An attribute is the id with ``-`` and ``:`` written ``_`` (``d4_ju87_4_1`` is
    ``"d4-ju87-4-1"``, ``loc_12`` is ``"loc:12"``), and ``n`` before a leading digit
    (``n62nd_army_cp``); its value is the id, ready for any setter.
    """

    def __init__(self, kind: str, names: dict[str, str]) -> None:
        self._kind = kind
        self._names = names
        self._by_attr = {_attr(k): k for k in names}

    def __getattr__(self, attr: str) -> str:
        by_attr = self.__dict__.get("_by_attr")
        if by_attr is None or attr not in by_attr:
            near = _nearest(attr, by_attr or {})
            raise AttributeError(f"no {self.__dict__.get('_kind', 'id')} {attr!r}{near}")
        value: str = by_attr[attr]
        return value

    def __dir__(self) -> list[str]:
        return list(self._by_attr)

    def __repr__(self) -> str:
        rows = [f"  {a} = {k!r}  ({self._names[k]})" for a, k in self._by_attr.items()]
        return f"<Position.ids.{self._kind}: {len(rows)} ids>\n" + "\n".join(rows)


class IdNamespace:
    """``Position.ids``: every kind of :data:`KINDS` as an :class:`IdKind` (default components)."""

    def __getattr__(self, kind: str) -> IdKind:
        if kind not in KINDS:
            raise AttributeError(f"no kind of id {kind!r}{_nearest(kind, KINDS)}")
        return IdKind(kind, _name_table(default_components()).names[kind])

    def __dir__(self) -> list[str]:
        return list(KINDS)

    def __repr__(self) -> str:
        return "<Position.ids: " + ", ".join(KINDS) + ">"


def _attr(key: str) -> str:
    """A Python attribute name for an id: ``"d4-ju87-4-1"`` is ``d4_ju87_4_1``."""
    name = "".join(ch if ch.isalnum() else "_" for ch in key)
    return f"n{name}" if name[:1].isdigit() else name


Position.ids = IdNamespace()


# --- short JSON: the keys, the card sections, the reader --------------------------------------

JSON_KEYS: tuple[str, ...] = (
    "seed", "turn", "settings", "resume", "cards_to_come", "moves_left", "actions_left",
    "rest_of_turn", "steps", "phase", "counters", "moved", "weapons", "defense", "tracks",
    "tokens", "wehrmacht_cards", "soviet_cards", "tactics_cards", "support_cards", "counts",
    "rng", "dice",
)
"""The keys of a position's JSON, in the order :meth:`Position.to_json` writes them."""

_DEFAULT_SETTINGS: dict[str, Any] = RuleSettings().to_dict()
_COUNTER_FLAGS = ("exhausted", "disrupted", *_MARKERS)
_COUNTS = ("cards_in_phase", "actions_left", "moves_left")
_OVERRIDDEN: dict[str, tuple[str, ...]] = {
    "turn_start": ("actions_left",),
    "soviet_cards": ("actions_left",),
    "wehrmacht_start": ("cards_in_phase",),
    "wehrmacht": ("cards_in_phase",),
    "counter_moves": ("moves_left", "actions_left"),
    "counter_actions": ("moves_left", "actions_left"),
}
"""The counts each resume point sets itself, so a position's JSON need not hold them."""


@dataclass(frozen=True)
class _Section:
    """How one family of cards is written: a deck, piles as given, piles of what is left."""

    kind: str
    what: str
    deck: str
    fixed: dict[str, str]
    """JSON name -> state field: written when it differs from the fresh position's."""
    derived: dict[str, tuple[str, tuple[str, ...]]]
    """JSON name -> (state field, the fresh piles whose cards, in order, it holds when not
    written: every one not in another pile)."""
    marks: dict[str, str]
    """JSON name -> state field: a list of cards of another pile (the hand's used cards)."""

    def json_keys(self) -> tuple[str, ...]:
        """The JSON keys of the section."""
        return ("drawn", "top", "deck", *self.fixed, *self.derived, *self.marks)


_SECTIONS: dict[str, _Section] = {
    "wehrmacht_cards": _Section(
        "wehrmacht_cards", "Wehrmacht card", "wehrmacht_deck",
        {"current": "wehrmacht_current", "aside": "resupply_removed", "storm_box": "storm_box",
         "storm_won": "storm_won", "storm_lost": "storm_lost", "german_hand": "german_hand",
         "orders": "orders"},
        {"done": ("wehrmacht_done", ("wehrmacht_deck", "resupply_removed"))}, {}),
    "soviet_cards": _Section(
        "soviet_cards", "Soviet card", "soviet_deck", {"hand": "hand"},
        {"fog": ("fog_stock", ("fog_stock",)),
         "discard": ("soviet_discard", ("soviet_deck", "fog_stock"))},
        {"used": "hand_used"}),
    "tactics_cards": _Section(
        "tactics", "Tactics card", "tactics_deck",
        {"in_play": "tactics_in_play", "german_hand": "german_tactics",
         "chosen": "tactics_chosen"},
        {"removed": ("tactics_removed", ("tactics_removed", "tactics_deck"))}, {}),
    "support_cards": _Section(
        "operational_support", "Operational Support card", "os_deck",
        {"current": "os_current", "won": "os_won"}, {}, {}),
}
"""The card families of a position's JSON and how each is written (Setup 2-5, 7.1, 7.2).

The German player's cards of 7.4 are piles of their families: ``german_hand`` and
``orders`` of the Wehrmacht cards, ``german_hand`` and ``chosen`` of the Tactics cards."""


def _put(out: dict[str, Any], key: str, value: Any) -> None:
    """Write ``value`` under ``key`` unless it is empty (the fresh position's)."""
    if value:
        out[key] = value


@contextlib.contextmanager
def _field(name: str) -> Iterator[None]:
    """Name the JSON field in any PositionError raised inside."""
    try:
        yield
    except PositionError as exc:
        raise PositionError(f"{name}: {exc}") from exc


class _Reader:
    """Reads an object of a position's JSON, naming the key on every error."""

    def __init__(self, data: Any, where: str, allowed: Iterable[str]) -> None:
        if not isinstance(data, dict):
            raise PositionError(f"{where}: must be an object ({{...}}), not {data!r}")
        keys = list(allowed)
        for key in data:
            if key not in keys:
                raise PositionError(f"{where}: unknown key {key!r}{_nearest(key, keys)}; "
                                    f"keys: {', '.join(keys)}")
        self.data: dict[str, Any] = data
        self.where = where

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            raise PositionError(f"{key}: must be an object ({{...}}), not {value!r}")
        return value

    def strings(self, key: str) -> list[str]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise PositionError(f"{key}: must be a list of ids or names, not {value!r}")
        return value

    def count(self, key: str, default: int, signed: bool = False) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not signed):
            raise PositionError(f"{key}: must be a whole number, not {value!r}")
        return value


def _cards_of(value: object) -> list[str]:
    """The cards of a pile's value: a list, or one card ("" is none)."""
    if isinstance(value, list):
        return value
    return [value] if isinstance(value, str) and value else []


def _decode_piles(
    section: _Section, code: dict[str, Any], ref: GameState, card: Any
) -> dict[str, Any]:
    """Every pile of a section from its JSON (``card`` turns an id or name into the id)."""

    def cards(name: str, value: Any) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise PositionError(f"{name}: must be a list of {section.what}s, not {value!r}")
        with _field(name):
            return [card(v) for v in value]

    piles: dict[str, Any] = {}
    for name, field in section.fixed.items():
        default = getattr(ref, field)
        if name not in code:
            piles[field] = list(default) if isinstance(default, list) else default
        elif isinstance(default, str):
            value = code[name]
            if not isinstance(value, str):
                raise PositionError(f"{name}: must be one {section.what} or \"\", not {value!r}")
            with _field(name):
                piles[field] = card(value) if value else ""
        else:
            piles[field] = cards(name, code[name])
    for name, (field, _) in section.derived.items():
        if name in code:
            piles[field] = cards(name, code[name])
    taken = {c for value in piles.values() for c in _cards_of(value)}
    dealt: list[str] = getattr(ref, section.deck)
    if "deck" in code:
        if "drawn" in code or "top" in code:
            raise PositionError("give either 'deck' (all of it) or 'drawn' and 'top'")
        deck = cards("deck", code["deck"])
    else:
        top = cards("top", code.get("top", []))
        drawn = code.get("drawn", 0)
        if isinstance(drawn, bool) or not isinstance(drawn, int) or not 0 <= drawn <= len(dealt):
            raise PositionError(f"drawn: the cards drawn from the deck as dealt, 0-{len(dealt)}"
                                f", not {drawn!r}")
        deck = [*top, *(c for c in dealt[drawn:] if c not in top and c not in taken)]
    piles[section.deck] = deck
    taken.update(deck)
    for name, (field, sources) in section.derived.items():
        if name not in code:
            piles[field] = [c for src in sources for c in getattr(ref, src) if c not in taken]
        taken.update(piles[field])
    for name, field in section.marks.items():
        piles[field] = cards(name, code.get(name, []))
    return piles


def _deck_code(deck: list[str], dealt: list[str], taken: set[str]) -> dict[str, Any]:
    """A deck as the cards ``drawn`` from the deck as dealt plus those put on ``top``."""
    for k in range(len(deck)):
        top, rest = deck[:k], deck[k:]
        if rest[0] not in dealt:
            continue
        n = dealt.index(rest[0])
        if [*top, *(c for c in dealt[n:] if c not in top and c not in taken)] == deck:
            code: dict[str, Any] = {}
            if n:
                code["drawn"] = n
            if top:
                code["top"] = top
            whole = {"deck": list(deck)}
            return whole if len(json.dumps(whole)) < len(json.dumps(code)) else code
    if not deck and not [c for c in dealt if c not in taken]:
        return {}
    return {"deck": list(deck)}


def _encode_section(section: _Section, s: GameState, ref: GameState) -> dict[str, Any]:
    """The shortest JSON of a section that gives back exactly the piles of ``s``."""
    fields = [section.deck, *section.fixed.values(),
              *(f for f, _ in section.derived.values()), *section.marks.values()]
    actual = {f: getattr(s, f) for f in fields}
    base: dict[str, Any] = {name: actual[f] for name, f in section.fixed.items()
                            if actual[f] != getattr(ref, f)}
    base.update({name: actual[f] for name, f in section.marks.items() if actual[f]})
    names = list(section.derived)
    best: dict[str, Any] | None = None
    for mask in range(2 ** len(names)):
        code = dict(base)
        for i, name in enumerate(names):
            if mask >> i & 1:
                code[name] = actual[section.derived[name][0]]
        taken = {c for name, f in section.fixed.items() for c in _cards_of(actual[f])}
        taken.update(c for name in names if name in code for c in code[name])
        code.update(_deck_code(actual[section.deck], getattr(ref, section.deck), taken))
        if _decode_piles(section, code, ref, lambda x: x) != actual:
            continue
        if best is None or len(json.dumps(code)) < len(json.dumps(best)):
            best = code
    if best is None:  # every pile written out in full always gives the piles back
        best = {**base, "deck": actual[section.deck],
                **{name: actual[f] for name, (f, _) in section.derived.items()}}
    return {k: best[k] for k in section.json_keys() if k in best}


def _decode_section(
    section: _Section, pos: Position, code: dict[str, Any], ref: GameState, into: GameState
) -> None:
    """Set a section's piles on ``into`` from its JSON (ids and names of ``pos`` accepted)."""
    piles = _decode_piles(section, code, ref,
                          lambda v: pos._check(v, section.kind, section.what))
    for field, value in piles.items():
        setattr(into, field, value)
