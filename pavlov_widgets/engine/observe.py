"""One bridge from a game's state to every view of it: the derived facts readers need.

The board's view model, the heuristic player, ``render_text`` and the tutor all ask the same
questions of a position — how many turns are left, what a track circle holds and its Defense
with the Tactics cards in force, which tracks a position sees, which counters may still act —
and this module is the one place that answers them (like OpenSpiel's observers: one object
that turns a state into what a player or a view sees). The answers come from the rule
machine's own lookups, so they cannot drift from the rules.

    >>> from pavlov_widgets.engine import Game
    >>> from pavlov_widgets.engine.observe import Observer
    >>> seen = Observer(Game.new(seed=1))
    >>> seen.last_turn
    21
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING

from .rules import counters

if TYPE_CHECKING:
    from .game import Game
    from .machine import Engine
    from .rules.scoring import Score

CARDS_PER_TURN = 3
"""Wehrmacht cards resolved in each Wehrmacht Card Phase (1.1 Sequence of Play)."""


@dataclass(frozen=True, slots=True)
class Circle:
    """One circle of a track on 9 January Square and the Wehrmacht counter on it (3.0).

    Attributes:
        track: the track's number (1–9).
        circle: the circle's number, 1 nearest the start of the track.
        colour: the track's colour (1.3 line of sight).
        counter: the Wehrmacht counter's id ("" when the circle is empty).
        type: its counter type id ("riflemen", "stug-iiib" …; "" when empty).
        kind: "infantry" or "armor" ("" when empty).
        defense: its Defense with the Tactics cards in force (7.2), 0 when empty.
    """

    track: int
    circle: int
    colour: str
    counter: str
    type: str
    kind: str
    defense: int

    @property
    def region(self) -> str:
        """The board region of this circle, as in :attr:`.Option.targets`."""
        return f"track:{self.track}:{self.circle}"


class Observer:
    """The derived facts of one moment of a game, for every reader.

    Build one per moment (it reads the live state; it keeps nothing that goes stale except
    through the game itself).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._e: Engine = game.engine

    # --- time ---------------------------------------------------------------------------

    @property
    def cards_left(self) -> int:
        """Wehrmacht cards still in the deck."""
        return len(self._e.s.wehrmacht_deck)

    @property
    def last_turn(self) -> int:
        """The turn whose Wehrmacht Card Phase turns the deck's last card (1.1, 6.0).

        Three cards a turn: the cards still to be drawn in this turn's Wehrmacht Card Phase
        belong to this turn, the rest to the turns after it.
        """
        s = self._e.s
        left = len(s.wehrmacht_deck)
        if s.phase in ("setup", "soviet_cards"):
            return max(s.turn, s.turn - 1 + ceil(left / CARDS_PER_TURN)) if left else s.turn
        this_turn = CARDS_PER_TURN - s.cards_in_phase if s.phase == "wehrmacht_cards" else 0
        return max(s.turn, s.turn + ceil(max(0, left - this_turn) / CARDS_PER_TURN))

    @property
    def turns_left(self) -> int:
        """Turns still to be played after this one."""
        return self.last_turn - self._e.s.turn

    @property
    def wehrmacht_phases_to_come(self) -> int:
        """Whole Wehrmacht Card Phases not yet begun, this turn's included if it is to come."""
        s = self._e.s
        to_come = s.phase in ("setup", "soviet_cards") or (
            s.phase == "wehrmacht_cards" and s.cards_in_phase == 0)
        return self.turns_left + (1 if to_come and self.cards_left else 0)

    # --- 9 January Square ------------------------------------------------------------------

    def effective_defense(self, wid: str) -> int:
        """A Wehrmacht counter's Defense with the Tactics cards in force (7.2)."""
        return self._e.wehrmacht_defense(wid)

    def circles(self, track: int) -> list[Circle]:
        """The circles of track ``track`` (1–9), circle 1 first, with what each holds."""
        e = self._e
        colour = e.colour_of_track(track - 1)
        out = []
        for i, wid in enumerate(e.s.tracks[track - 1]):
            if wid:
                kind = e.c.wehrmacht_type_of(wid)
                out.append(Circle(track, i + 1, colour, wid, kind.id, kind.kind,
                                  e.wehrmacht_defense(wid)))
            else:
                out.append(Circle(track, i + 1, colour, "", "", "", 0))
        return out

    def occupied_circles(self) -> list[Circle]:
        """Every circle holding a Wehrmacht counter, track by track."""
        return [c for t in range(1, len(self._e.s.tracks) + 1) for c in self.circles(t)
                if c.counter]

    def counters_on_track(self, track: int) -> int:
        """How many Wehrmacht counters stand on track ``track`` (3.0 Advance)."""
        return sum(1 for wid in self._e.s.tracks[track - 1] if wid)

    # --- line of sight (1.3) ------------------------------------------------------------

    def colours_seen(self, where: str) -> tuple[str, ...]:
        """The track colours a counter at ``where`` sees (1.3); none from Reserves."""
        return self._e.line_of_sight(where)

    def tracks_seen(self, where: str) -> tuple[int, ...]:
        """The numbers of the tracks a counter at ``where`` sees (1.3)."""
        colours = self._e.line_of_sight(where)
        return tuple(t.number for t in self._e.c.board.tracks if t.colour in colours)

    def targets_in_sight(self, where: str, kind: str | None = None) -> list[Circle]:
        """Wehrmacht counters (of ``kind``: "infantry", "armor" or any) seen from ``where``."""
        return [c for t in self.tracks_seen(where) for c in self.circles(t)
                if c.counter and (kind is None or c.kind == kind)]

    # --- the defenders --------------------------------------------------------------------

    def house_counters(self) -> list[str]:
        """Soviet counters in Pavlov's House (positions and Reserves), in component order."""
        return self._e.house_counters()

    def occupancy(self) -> dict[str, list[str]]:
        """Every place's Soviet counters (each list in component order)."""
        return self._e.occupancy()

    def may_act(self, cid: str) -> bool:
        """Whether a Soviet counter may still take an action this phase (4.0).

        Not Exhausted, not Disrupted, no Action or Command token yet, not away on a raid.
        """
        return counters.ready_to_act(self._e, cid)

    def counters_that_may_act(self) -> list[str]:
        """The counters in the house that may still take an action (4.0)."""
        return [cid for cid in self._e.house_counters() if counters.ready_to_act(self._e, cid)]

    def counters_that_may_move(self) -> list[str]:
        """The counters that may still move this phase, with somewhere to go (4.0 Move)."""
        return counters.movable(self._e)

    # --- the score ------------------------------------------------------------------------

    def score(self) -> Score:
        """The score as it stands (6.0)."""
        return self.game.score()


def observe(game: Game) -> Observer:
    """The :class:`Observer` of a game's current moment."""
    return Observer(game)
