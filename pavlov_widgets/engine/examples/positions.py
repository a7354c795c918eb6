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

Example:
    >>> from pavlov_widgets.engine.examples.positions import Position
    >>> pos = Position().counter("pavlov", "R2").defense("red", 5)
    >>> pos.wehrmacht_cards("d1-sniper-1").resume("wehrmacht", cards=1).dice(3, 2, 5, 1, 1, 1)
    <Position turn 3, resume at wehrmacht>
    >>> game = pos.game()
    >>> Position().game().phase  # a fresh position plays from the start of its turn
    'soviet_cards'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from ..check import problems as state_problems
from ..components import COLOURS, Components, default_components
from ..errors import PositionError
from ..game import Game
from ..machine import STEPS, Engine
from ..rules.setup import initial_state
from ..settings import RuleSettings
from ..state import PHASES, GameState
from ..text import plural

__all__ = ["RESUME_POINTS", "Position", "PositionError"]

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

HAND_SIZE = 4
"""The cards a Soviet Card Phase draws (2.1); a hand never holds more."""

MOST_A_PHASE = 4
"""The most actions or moves a phase grants: four with Improved Communications (2.0 Wire
Communications) or the Command Team (4.0), three otherwise."""

_OFF_BOARD = ("stock", "removed")
_FIXED_TOKEN_PLACES = ("stock", "removed", "supplies", "staging")
_MARKERS = ("action", "command")


class Position:
    """A hand-made position: every setter returns the position, so calls chain.

    Attributes:
        state: the position as a game state (setters change it; :meth:`game` plays a copy).
        components: the components the game is played with.
        settings: the rule settings (``RuleSettings``) the game is played with.
        point: where play resumes (a key of :data:`RESUME_POINTS`, or ``"steps"``).
    """

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
        self.components = components or default_components()
        self.settings = settings or RuleSettings()
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
        pos = cls.__new__(cls)
        pos.components = components or default_components()
        pos.settings = settings or RuleSettings()
        pos.state = state
        pos.point = "steps"
        pos._cards, pos._moves, pos._actions, pos._rest_of_turn = 3, None, None, True
        pos._frames = [dict(f) for f in reversed(state.stack)]
        return pos

    def __repr__(self) -> str:
        return f"<Position turn {self.state.turn}, resume at {self.point}>"

    # --- names ---------------------------------------------------------------------------

    def known(self, kind: str) -> list[str]:
        """The valid ids of one kind, for the setters' arguments.

        ``kind`` is one of ``counters``, ``weapons``, ``places``, ``colours``,
        ``token_kinds``, ``token_places``, ``wehrmacht_types``, ``wehrmacht_counters``,
        ``wehrmacht_cards``, ``soviet_cards``, ``units``, ``tactics``,
        ``operational_support``, ``markers``, ``phases``, ``steps`` and ``resume_points``.
        """
        c = self.components
        squares = [sq.id for sq in c.board.squares]
        table: dict[str, list[str]] = {
            "counters": list(c.soviet_counters),
            "weapons": list(c.weapons),
            "places": [*squares, "reserves", *_OFF_BOARD],
            "colours": list(COLOURS),
            "token_kinds": list(c.tokens),
            "token_places": self._token_places(),
            "wehrmacht_types": list(c.wehrmacht_types),
            "wehrmacht_counters": list(c.wehrmacht_counter_ids()),
            "wehrmacht_cards": [
                *(k for k, card in c.wehrmacht_cards.items() if not card.competitive),
                *c.resupply_cards,
            ],
            "soviet_cards": list(c.soviet_cards),
            "units": [u.id for u in c.board.units],
            "tactics": list(c.tactics),
            "operational_support": list(c.operational_support),
            "markers": list(_MARKERS),
            "phases": list(PHASES),
            "steps": sorted(STEPS),
            "resume_points": list(RESUME_POINTS),
        }
        if kind not in table:
            raise PositionError(
                f"no kind of id {kind!r}{_nearest(kind, table)}; kinds: {', '.join(table)}"
            )
        return table[kind]

    def _token_places(self) -> list[str]:
        board = self.components.board
        return [
            *_FIXED_TOKEN_PLACES[1:],
            *(f"suppress:{colour}" for colour in COLOURS),
            *(f"loc:{n}" for n in range(3, 19)),
            *(f"sapper:{t.number}:{n}" for t in board.tracks for n in t.sapper_circles),
        ]

    def _check(self, value: object, kind: str, what: str) -> str:
        """``value`` if it is a known id of ``kind``; else a PositionError naming the nearest."""
        known = self.known(kind)
        if not isinstance(value, str) or value not in known:
            near = _nearest(value, known) if isinstance(value, str) else ""
            raise PositionError(
                f"no {what} {value!r}{near}; Position.known({kind!r}) lists them"
            )
        return value

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
        self._check(cid, "counters", "Soviet counter")
        self._check(where, "places", "place")
        if marker:
            self._check(marker, "markers", "counter token")
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
        for cid in cids:
            self._check(cid, "counters", "Soviet counter")
        for cid in cids:
            if cid not in self.state.moved:
                self.state.moved.append(cid)
        return self

    def acted(self, *cids: str) -> Position:
        """These counters already acted this phase: each gets an Action token (4.0)."""
        for cid in cids:
            self._check(cid, "counters", "Soviet counter")
        need = sum(1 for cid in set(cids) if self.state.soviet[cid].marker != "action")
        if self.state.tokens["stock"].get("action", 0) < need:
            raise PositionError(self._stock_out("action", need))
        for cid in dict.fromkeys(cids):
            c = self.state.soviet[cid]
            self.counter(cid, c.where, c.exhausted, c.disrupted, marker="action")
        return self

    def weapon(self, wid: str, where: str) -> Position:
        """Put a weapon counter on a square id, ``"reserves"``, ``"stock"`` or ``"removed"``."""
        self._check(wid, "weapons", "weapon")
        self._check(where, "places", "place")
        self.state.weapons[wid] = where
        return self

    def defense(self, colour: str, value: int) -> Position:
        """Set a colour's Defense track (1.2)."""
        self._check(colour, "colours", "colour")
        board = self.components.board
        low, high = board.defense_min, board.defense_max
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise PositionError(f"defense {colour}={value!r} is off the track ({low}-{high})")
        self.state.defense[colour] = value
        return self

    def tokens(self, kind: str, place: str, n: int = 1) -> Position:
        """Move ``n`` tokens of a kind from the stock to a place (``supplies``, ``loc:14`` ...)."""
        self._check_tokens(kind, place, n)
        if self.state.tokens["stock"].get(kind, 0) < n:
            raise PositionError(self._stock_out(kind, n))
        have = self.state.tokens.get(place, {}).get(kind, 0)
        return self._put_tokens(kind, place, have + n)

    def set_tokens(self, kind: str, place: str, n: int) -> Position:
        """Make a place hold exactly ``n`` tokens of a kind (the difference: to/from the stock)."""
        self._check_tokens(kind, place, n)
        have = self.state.tokens.get(place, {}).get(kind, 0)
        if self.state.tokens["stock"].get(kind, 0) < n - have:
            raise PositionError(self._stock_out(kind, n - have))
        return self._put_tokens(kind, place, n)

    def disrupt_location(self, *locs: int) -> Position:
        """Put a Disrupted token on each of these Volga locations (2.0)."""
        for loc in locs:
            self._check(f"loc:{loc}", "token_places", "Volga location")
        for loc in locs:
            self.set_tokens("disrupted", f"loc:{loc}", 1)
        return self

    def _check_tokens(self, kind: str, place: str, n: int) -> None:
        self._check(kind, "token_kinds", "token kind")
        self._check(place, "token_places", "token place")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise PositionError(f"{kind} tokens at {place}: {n!r} is not a count")

    def _put_tokens(self, kind: str, place: str, n: int) -> Position:
        tokens = self.state.tokens
        have = tokens.get(place, {}).get(kind, 0)
        stock = tokens["stock"]
        stock[kind] = stock.get(kind, 0) - (n - have)
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
        if not 1 <= track <= len(tracks) or not 1 <= circle <= len(tracks[track - 1]):
            raise PositionError(f"track {track}, circle {circle} is not on the board "
                                f"(tracks 1-{len(tracks)}, circles 1-{len(tracks[0])})")
        on_board = {w for t in tracks for w in t if w}
        if kind in c.wehrmacht_counter_ids():
            if kind in on_board:
                raise PositionError(f"{kind} is already on a track")
            wid = kind
        else:
            self._check(kind, "wehrmacht_types", "Wehrmacht counter type")
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
        spots = [f"{t.number}:{n}" for t in self.components.board.tracks for n in t.sapper_circles]
        if f"{track}:{circle}" not in spots:
            raise PositionError(f"track {track}, circle {circle} is not a Sapper location; "
                                f"they are (track:circle) {', '.join(spots)}")
        return self.tokens("sapper", f"sapper:{track}:{circle}")

    # --- Wehrmacht cards -----------------------------------------------------------------

    def wehrmacht_cards(self, *card_ids: str, last: bool = False) -> Position:
        """Put these Wehrmacht (or Resupply) cards on top of the deck, first on top.

        With ``last=True`` they go to the bottom instead: the last of them is the game's
        last card (6.0). Cards come from the deck, the used pile, or the Resupply cards set
        aside at Setup 2 (one unseen Resupply card of the deck leaves instead, so the game
        keeps three).
        """
        piles = self._take_wehrmacht(card_ids)
        deck = piles["wehrmacht_deck"]
        piles["wehrmacht_deck"] = [*deck, *card_ids] if last else [*card_ids, *deck]
        self._commit(piles)
        return self

    def wehrmacht_deck(self, *card_ids: str) -> Position:
        """Make the Wehrmacht deck exactly these cards, first on top (the last: the game's last).

        Every other card of the deck counts as played and goes to the used pile.
        """
        piles = self._take_wehrmacht(card_ids)
        piles["wehrmacht_done"] = [*piles["wehrmacht_done"], *piles["wehrmacht_deck"]]
        piles["wehrmacht_deck"] = list(card_ids)
        self._commit(piles)
        return self

    def storm_box(self, card_id: str) -> Position:
        """Put a Resupply card (Storm Group side up) or the Milk House in the Storm Group box.

        A card already in the box leaves the game, as when a new one comes (3.0 Special Cards).
        """
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
        for name in ("storm_won", "storm_lost"):
            if cid in getattr(s, name):
                return f"it is in {name}"
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
        spent = list(used)
        for cid in spent:
            self._check(cid, "soviet_cards", "Soviet card")
            if cid not in self.state.hand and cid not in card_ids:
                raise PositionError(f"used card {cid} is not in the hand")
        self._move_soviet(card_ids, ("soviet_deck", "soviet_discard", "fog_stock"), "hand")
        s = self.state
        s.hand_used = [*s.hand_used, *(c for c in dict.fromkeys(spent) if c not in s.hand_used)]
        return self

    def soviet_on_top(self, *card_ids: str) -> Position:
        """Put these Soviet cards (Fog of War included) on top of the Soviet deck, first on top."""
        self._move_soviet(card_ids, ("soviet_deck", "soviet_discard", "fog_stock", "hand"),
                          "soviet_deck", top=True)
        return self

    def soviet_discards(self, *card_ids: str) -> Position:
        """Put these Soviet cards (Fog of War included) on the discard pile (2.3)."""
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
        self._check(unit_a, "units", "unit")
        self._check(unit_b, "units", "unit")
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
        self._need_variant("Tactics", self.settings.tactics != "none",
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
        level = self.settings.tactics
        self._need_variant("Tactics", level != "none", 'RuleSettings(tactics="veteran")')
        most = 2 if level == "elite" else 1
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
        self._check(card_id, "operational_support", "Operational Support card")
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
        self._check(point, "resume_points", "resume point")
        if isinstance(cards, bool) or not isinstance(cards, int) or not 1 <= cards <= 3:
            raise PositionError(f"cards={cards!r}: 1-3 Wehrmacht cards are still to come (3.0)")
        for name, n in (("moves", moves), ("actions", actions)):
            if n is not None and (isinstance(n, bool) or not isinstance(n, int)
                                  or not 0 <= n <= MOST_A_PHASE):
                raise PositionError(f"{name}={n!r}: a phase grants 0-{MOST_A_PHASE} "
                                    "(4 with Improved Communications or the Command Team)")
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
        for frame in frames:
            op = frame.get("op") if isinstance(frame, dict) else None
            self._check(op, "steps", "rule step")
        if phase is not None:
            self._check(phase, "phases", "phase")
            self.state.phase = phase
        self.point = "steps"
        self._frames = [dict(f) for f in frames]
        return self

    def dice(self, *values: int) -> Position:
        """Script the next dice, in the order the rules roll them (none: a script of no dice)."""
        bad = [d for d in values
               if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6]
        if bad:
            raise PositionError(f"dice must be 1-6: {bad} in {values}")
        self.state.script = list(values)
        return self

    # --- the game ------------------------------------------------------------------------

    def problems(self) -> list[str]:
        """Everything that makes this position impossible ([] when it can be played)."""
        return self._build()[1]

    def game(self, auto_roll: bool = True) -> Game:
        """A game that plays on from this position (this position is not changed).

        Raises:
            PositionError: the position cannot happen in a game; the message lists every
                problem, each naming the field and the rule.
        """
        state, problems = self._build()
        if problems:
            listed = "\n".join(f"  - {p}" for p in problems)
            raise PositionError(
                f"this position cannot be played ({len(problems)} problem"
                f"{'' if len(problems) == 1 else 's'}):\n{listed}"
            )
        return Game(state, self.components, self.settings, auto_roll=auto_roll)

    def _build(self) -> tuple[GameState, list[str]]:
        """A copy of the state with play scheduled from the resume point, and its problems."""
        s = self.state.copy()
        s.pending = None
        problems = self._schedule(s)
        problems += self._card_problems(s)
        problems += state_problems(s, self.components, self.settings)
        return s, problems

    def _schedule(self, s: GameState) -> list[str]:
        """Put the rule steps of the resume point on the stack; the problems of the point."""
        point = self.point
        problems: list[str] = []
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
        if s.hand and phase != "soviet_cards":
            problems.append(
                f"hand: {plural(len(s.hand), 'card')} {where}; every card drawn is discarded at "
                "the end of the Soviet Card Phase (2.3) and only the next one draws (2.1)"
            )
        elif len(s.hand) > HAND_SIZE:
            problems.append(f"hand: {len(s.hand)} cards; a hand holds at most {HAND_SIZE}, the "
                            "cards a Soviet Card Phase draws (2.1 Draw Four Cards)")
        return problems

    def _soviet_cards(self, s: GameState, problems: list[str]) -> list[str]:
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

    def _counter_moves(self, s: GameState, problems: list[str]) -> list[str]:
        moved = len(s.moved)
        if self._moves is None and not moved:
            return ["counter_phase"]  # the phase starts: 4.0 Command Team decides
        grants = self._grants(s, "counter_phase")
        s.moves_left = grants - moved if self._moves is None else self._moves
        s.actions_left = grants if self._actions is None else self._actions
        _check_left(problems, "moves_left", s.moves_left, moved, ("counter", "already moved"),
                    grants, "4.0 Move")
        return ["move_loop", "counter_actions_start", "counter_phase_end"]

    def _counter_actions(self, s: GameState, problems: list[str]) -> list[str]:
        acted = sum(1 for c in s.soviet.values() if c.marker == "action")
        grants = self._grants(s, "counter_phase")
        s.actions_left = grants - acted if self._actions is None else self._actions
        s.moves_left = 0
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

    def _card_problems(self, s: GameState) -> list[str]:
        """Problems of the variant cards in play that only a position can have (7.2)."""
        problems = []
        level = self.settings.tactics
        most = {"none": 0, "veteran": 1, "elite": 2}[level]
        if len(s.tactics_in_play) > most:
            problems.append(f"tactics_in_play: {len(s.tactics_in_play)} cards; {level} has "
                            f"at most {most} in play (7.2)")
        return problems


def _check_left(
    problems: list[str], field: str, left: int, used: int, what: tuple[str, str], grants: int,
    rule: str
) -> None:
    """Add a problem if ``left`` plus ``used`` is not within what a phase can grant.

    ``what`` is the noun counted and the words after it: ``("card", "already used")``.
    """
    noun, rest = what
    what_used = f"{plural(used, noun)} {rest}"
    if left < 0:
        problems.append(f"{field}: {what_used}, more than the {grants} this phase grants "
                        f"({rule})")
    elif left + used > MOST_A_PHASE:
        problems.append(f"{field}: {left} left and {what_used} make {left + used}; a phase "
                        f"grants at most {MOST_A_PHASE} ({rule}; 4 only with Improved "
                        "Communications or the Command Team)")


def _nearest(word: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the nearest known id, or "" when none is close."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
