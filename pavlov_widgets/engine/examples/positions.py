"""Building a position by hand: the what-if lab's and the scenarios' toolkit.

:class:`Position` starts from a freshly dealt game, empties the house, and lets you put
counters, tokens, Wehrmacht counters, cards and Defense values where you want them, choose
where in the turn play resumes, and script the dice. ``Position(...).game()`` gives a
:class:`~pavlov_widgets.engine.game.Game` that plays on from there under every rule.

Example:
    >>> from pavlov_widgets.engine.examples.positions import Position
    >>> pos = Position().counter("pavlov", "R2").defense("red", 5)
    >>> pos.wehrmacht_cards("d1-sniper-1").resume("wehrmacht", cards=1).dice(3, 2, 5, 1, 1, 1)
    <Position turn 3, resume at wehrmacht>
    >>> game = pos.game()
"""

from __future__ import annotations

from typing import Any

from ..components import COLOURS, Components, default_components
from ..errors import PavlovError
from ..game import Game
from ..rules.setup import initial_state
from ..settings import RuleSettings

RESUME_POINTS: dict[str, list[dict[str, Any]]] = {
    "soviet_cards": [
        {"op": "turn_end"},
        {"op": "counter_phase"},
        {"op": "wehrmacht_phase"},
        {"op": "card_phase_end"},
        {"op": "card_actions"},
    ],
    "wehrmacht_start": [{"op": "turn_end"}, {"op": "counter_phase"}, {"op": "wehrmacht_phase"}],
    "wehrmacht": [{"op": "turn_end"}, {"op": "counter_phase"}, {"op": "reveal_wehrmacht"}],
    "counter_moves": [
        {"op": "turn_end"},
        {"op": "counter_phase_end"},
        {"op": "counter_actions_start"},
        {"op": "move_loop"},
    ],
    "counter_actions": [
        {"op": "turn_end"},
        {"op": "counter_phase_end"},
        {"op": "action_loop"},
    ],
    "turn_start": [{"op": "turn_start"}],
}
"""Where in a turn a position can resume, as the rule steps still to run (bottom first)."""

PHASE_OF: dict[str, str] = {
    "soviet_cards": "soviet_cards",
    "wehrmacht_start": "wehrmacht_cards",
    "wehrmacht": "wehrmacht_cards",
    "counter_moves": "counter_moves",
    "counter_actions": "counter_actions",
    "turn_start": "soviet_cards",
}


class PositionError(PavlovError, ValueError):
    """A position that cannot be set up as asked (names the counter, place or card)."""


class Position:
    """A hand-made position: every call returns the position, so calls chain."""

    def __init__(
        self,
        seed: int = 11,
        options: RuleSettings | None = None,
        components: Components | None = None,
        turn: int = 3,
    ) -> None:
        """Deal a game from ``seed``, then clear the house (every Soviet counter to the stock)."""
        self.components = components or default_components()
        self.options = options or RuleSettings()
        self.s = initial_state(seed, self.components, self.options)
        self.s.stack = []
        self.s.turn = turn
        self.point = "turn_start"
        for c in self.s.soviet.values():
            c.where = "stock"

    def __repr__(self) -> str:
        return f"<Position turn {self.s.turn}, resume at {self.point}>"

    # --- the house -----------------------------------------------------------------------

    def counter(
        self, cid: str, where: str, exhausted: bool = False, disrupted: bool = False
    ) -> Position:
        """Put a Soviet counter on a square id, ``"reserves"`` or ``"stock"``."""
        if cid not in self.s.soviet:
            raise PositionError(f"no Soviet counter {cid!r}")
        squares = {sq.id for sq in self.components.board.squares}
        if where not in squares | {"reserves", "stock"}:
            raise PositionError(f"{cid}: no place {where!r} (a square id, reserves or stock)")
        c = self.s.soviet[cid]
        c.where, c.exhausted = where, exhausted
        if disrupted and not c.disrupted:
            self._take("disrupted", 1)
        c.disrupted = disrupted
        return self

    def weapon(self, wid: str, where: str) -> Position:
        """Put a weapon counter on a square id, ``"reserves"`` or ``"stock"``."""
        if wid not in self.s.weapons:
            raise PositionError(f"no weapon {wid!r}")
        self.s.weapons[wid] = where
        return self

    def defense(self, colour: str, value: int) -> Position:
        """Set a colour's Defense track."""
        board = self.components.board
        if colour not in COLOURS or not board.defense_min <= value <= board.defense_max:
            raise PositionError(f"defense {colour}={value} is off the track")
        self.s.defense[colour] = value
        return self

    def tokens(self, kind: str, place: str, n: int = 1) -> Position:
        """Move ``n`` tokens from the stock to a place (``supplies``, ``loc:14`` ...)."""
        self._take(kind, n)
        here = self.s.tokens.setdefault(place, {})
        here[kind] = here.get(kind, 0) + n
        return self

    def set_tokens(self, kind: str, place: str, n: int) -> Position:
        """Make a place hold exactly ``n`` tokens of a kind (the rest go to the stock)."""
        have = self.s.tokens.get(place, {}).get(kind, 0)
        if n >= have:
            return self.tokens(kind, place, n - have)
        self.s.tokens[place][kind] = n
        stock = self.s.tokens["stock"]
        stock[kind] = stock.get(kind, 0) + have - n
        return self

    def disrupt_location(self, loc: int) -> Position:
        """Put a Disrupted token on a Volga location."""
        return self.tokens("disrupted", f"loc:{loc}")

    def _take(self, kind: str, n: int) -> None:
        stock = self.s.tokens["stock"]
        if stock.get(kind, 0) < n:
            raise PositionError(f"only {stock.get(kind, 0)} {kind} token(s) left in the stock")
        stock[kind] -= n

    # --- 9 January Square ---------------------------------------------------------------

    def wehrmacht(self, track: int, circle: int, type_id: str) -> Position:
        """Put a Wehrmacht counter of a type on a track's circle (both 1-based)."""
        if type_id not in self.components.wehrmacht_types:
            raise PositionError(f"no Wehrmacht counter type {type_id!r}")
        on_board = {w for t in self.s.tracks for w in t if w}
        free = [
            w
            for w in self.components.wehrmacht_counter_ids()
            if w not in on_board and w.rsplit("-", 1)[0] == type_id
        ]
        if not free:
            raise PositionError(f"no {type_id} counter left in the stock")
        if not (1 <= track <= 6 and 1 <= circle <= len(self.s.tracks[track - 1])):
            raise PositionError(f"track {track}, circle {circle} is not on the board")
        if self.s.tracks[track - 1][circle - 1]:
            raise PositionError(f"track {track}, circle {circle} is occupied")
        self.s.tracks[track - 1][circle - 1] = free[0]
        return self

    def sapper(self, track: int, circle: int) -> Position:
        """Put a Sapper token on a Sapper location."""
        if circle not in self.components.board.tracks[track - 1].sapper_circles:
            raise PositionError(f"track {track}, circle {circle} is not a Sapper location")
        return self.tokens("sapper", f"sapper:{track}:{circle}")

    # --- cards ---------------------------------------------------------------------------

    def wehrmacht_cards(self, *card_ids: str) -> Position:
        """Put these Wehrmacht (or Resupply) cards on top of the deck, first on top."""
        s = self.s
        for cid in card_ids:
            if cid in s.wehrmacht_deck:
                s.wehrmacht_deck.remove(cid)
            elif cid in s.resupply_removed:
                s.resupply_removed.remove(cid)
                # keep three Resupply cards in the game: one unseen card leaves instead
                spare = next(c for c in s.wehrmacht_deck if c in self.components.resupply_cards)
                s.wehrmacht_deck.remove(spare)
                s.resupply_removed.append(spare)
            else:
                raise PositionError(f"no Wehrmacht card {cid!r} in the deck")
        s.wehrmacht_deck[:0] = list(card_ids)
        return self

    def storm_box(self, card_id: str) -> Position:
        """Put a Resupply card (Storm Group side up) or the Milk House in the Storm Group box."""
        self.wehrmacht_cards(card_id)
        self.s.wehrmacht_deck.remove(card_id)
        self.s.storm_box = card_id
        return self

    def hand(self, *card_ids: str) -> Position:
        """Deal these Soviet cards into the hand (from the deck or the Fog of War stock)."""
        s = self.s
        for cid in card_ids:
            for pile in (s.soviet_deck, s.fog_stock, s.soviet_discard):
                if cid in pile:
                    pile.remove(cid)
                    break
            else:
                raise PositionError(f"no Soviet card {cid!r} to deal")
            s.hand.append(cid)
        return self

    def soviet_card(self, unit_a: str, unit_b: str) -> str:
        """The id of the Soviet card showing these two units."""
        for cid, card in self.components.soviet_cards.items():
            if set(card.units) == {unit_a, unit_b}:
                return cid
        raise PositionError(f"no Soviet card shows {unit_a} and {unit_b}")

    def tactics_on_top(self, *card_ids: str) -> Position:
        """Put these Tactics cards on top of the Tactics deck, first on top (7.2)."""
        s = self.s
        for cid in card_ids:
            for pile in (s.tactics_deck, s.tactics_removed):
                if cid in pile:
                    pile.remove(cid)
                    break
            else:
                raise PositionError(f"no Tactics card {cid!r}")
        s.tactics_deck[:0] = list(card_ids)
        return self

    def operational_support(self, card_id: str) -> Position:
        """Turn up this Operational Support card (7.1)."""
        s = self.s
        if card_id not in self.components.operational_support:
            raise PositionError(f"no Operational Support card {card_id!r}")
        rest = [c for c in self.components.operational_support if c != card_id]
        s.os_current, s.os_deck = card_id, [c for c in s.os_deck if c in rest] or rest
        return self

    # --- where play resumes --------------------------------------------------------------

    def resume(self, point: str, cards: int = 3, moves: int = 3, actions: int = 3) -> Position:
        """Choose where play resumes: one of :data:`RESUME_POINTS`.

        ``cards``: how many Wehrmacht cards are still to come this phase (``wehrmacht``);
        ``moves``/``actions``: how many are left (``counter_moves``, ``counter_actions``,
        ``soviet_cards``).
        """
        if point not in RESUME_POINTS:
            known = ", ".join(RESUME_POINTS)
            raise PositionError(f"unknown resume point {point!r}; known: {known}")
        s = self.s
        self.point = point
        s.stack = [dict(f) for f in RESUME_POINTS[point]]
        s.phase = PHASE_OF[point]
        s.cards_in_phase = 3 - cards
        if point in ("counter_moves", "counter_actions"):
            s.moves_left, s.actions_left = moves, actions
        if point == "soviet_cards":
            s.actions_left = actions
        return self

    def dice(self, *values: int) -> Position:
        """Script the next dice, in the order the rules roll them."""
        if not all(isinstance(d, int) and 1 <= d <= 6 for d in values):
            raise PositionError(f"dice must be 1-6: {values}")
        self.s.script = list(values)
        return self

    def game(self, auto_roll: bool = True) -> Game:
        """A game that plays on from this position."""
        return Game(self.s.copy(), self.components, self.options, auto_roll=auto_roll)
