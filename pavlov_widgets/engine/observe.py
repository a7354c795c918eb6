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

from .hidden import SideView, redacted
from .i18n import _
from .places import LOC_KEYS, TrackCircle, sapper_key, suppress_key
from .rules import counters, planning, raids, reinforcements, soviet_cards

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
        return TrackCircle(self.track, self.circle).id


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
        """Wehrmacht cards not yet revealed.

        The deck, and in the competitive variant (7.4) the German hand and order pile too.
        """
        s = self._e.s
        return len(s.wehrmacht_deck) + len(s.german_hand) + len(s.orders)

    @property
    def last_turn(self) -> int:
        """The turn whose Wehrmacht Card Phase turns the deck's last card (1.1, 6.0).

        Three cards a turn: the cards still to be drawn in this turn's Wehrmacht Card Phase
        belong to this turn, the rest to the turns after it.
        """
        s = self._e.s
        if self._e.o.competitive:  # the German player's cards tell it (7.4)
            return s.turn + planning.turns_after_this(self._e)
        left = len(s.wehrmacht_deck)
        if s.phase in ("setup", "soviet_cards"):
            return max(s.turn, s.turn - 1 + ceil(left / CARDS_PER_TURN)) if left else s.turn
        this_turn = CARDS_PER_TURN - s.cards_in_phase if s.phase == "wehrmacht_cards" else 0
        return max(s.turn, s.turn + ceil(max(0, left - this_turn) / CARDS_PER_TURN))

    @property
    def turns_in_game(self) -> int:
        """The turns a game dealt by the rules lasts with this game's Wehrmacht cards (1.1).

        Every Wehrmacht card of the game, wherever it is now (the deck, the used pile, the
        card being resolved, the Storm Group box and piles, the German hand and orders of
        7.4), three a turn: 21 in the standard game.
        """
        s = self._e.s
        held = (len(s.wehrmacht_deck) + len(s.wehrmacht_done) + len(s.storm_won)
                + len(s.storm_lost) + len(s.german_hand) + len(s.orders)
                + bool(s.wehrmacht_current) + bool(s.storm_box))
        return held // CARDS_PER_TURN

    @property
    def turn_line(self) -> str:
        """The header's turn: "Turn 3 of 21", or "Turn 3" where the deck does not fit the turn.

        A position built by hand (``Position(turn=3)``) keeps a whole deck: played on, it would
        end on turn 23, and a game by the rules never does (1.1: about 21 turns, one deck).
        Its turn number is a label, so the line names it without a last turn that would not
        be true of any game by the rules.
        """
        turn, last = self._e.s.turn, self.last_turn
        if last > self.turns_in_game:
            return _("Turn {turn}").format(turn=turn)
        # TRANSLATORS: {turn} is the turn now, {last} the game's last turn ("Turn 3 of 21")
        return _("Turn {turn} of {last}").format(turn=turn, last=last)

    @property
    def turns_left(self) -> int:
        """Turns still to be played after this one."""
        return self.last_turn - self._e.s.turn

    @property
    def wehrmacht_phases_to_come(self) -> int:
        """Whole Wehrmacht Card Phases not yet begun, this turn's included if it is to come."""
        s = self._e.s
        to_come = s.phase in ("setup", "planning", "soviet_cards") or (
            s.phase == "wehrmacht_cards" and s.cards_in_phase == 0)
        return self.turns_left + (1 if to_come and self.cards_left else 0)

    # --- the cards ----------------------------------------------------------------------------

    def cards_revealed_this_turn(self) -> list[str]:
        """The Wehrmacht (and Resupply) cards revealed so far this turn, in order (3.0).

        Read from the ``card`` field of the turn's card entries: the state alone cannot
        tell, since a resolved card goes to the used pile but a Storm Group or Resupply card
        goes to the Storm Group box (3.0 Special Cards).
        """
        s = self._e.s
        out = []
        for entry in reversed(self._e.log_entries):
            if entry.turn != s.turn:
                break
            if entry.kind == "card" and entry.card:
                out.append(entry.card)
        return out[::-1]

    def card_actions(self, unit: str) -> list[str]:
        """The names of a unit's card actions in this game, in the rulebook's order (2.0).

        The Operational Support action is there only when that variant is in play (7.1). In
        the language now.
        """
        support = self._e.o.operational_support
        return [_(label) for key, label in soviet_cards.UNIT_ACTIONS.get(unit, ())
                if key != "support" or support]

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
        """Wehrmacht counters (of ``kind``: "infantry", "armor" or any) seen from ``where``.

        Track by track in board order, circle 1 first: the rule's own lookup (4.0 Attack),
        only the occupied circles built (the heuristic asks this thousands of times a game).
        """
        e = self._e
        out = []
        for t, i, wid in counters._wehrmacht_in_sight(e, where, kind):
            typ = e.c.wehrmacht_type_of(wid)
            out.append(Circle(t + 1, i + 1, e.colour_of_track(t), wid, typ.id, typ.kind,
                              e.wehrmacht_defense(wid)))
        return out

    # --- tokens and the Volga (2.0, 3.0) --------------------------------------------------

    def tokens(self, place: str, kind: str) -> int:
        """Tokens of ``kind`` at a place ("supplies", "staging", "stock" …)."""
        return self._e.count(place, kind)

    def suppression_tokens(self, colour: str) -> int:
        """Suppression tokens in a colour's Suppression box (3.0 Place Wehrmacht Counter)."""
        return self._e.count(suppress_key(colour), "suppression")

    def sapper_token(self, track: int, circle: int) -> bool:
        """Whether a Sapper token lies on a circle of a track (2.0 8th Guards Sapper)."""
        return self._e.count(sapper_key(track, circle), "sapper") > 0

    def empty_sapper_spots(self) -> list[tuple[int, int]]:
        """(track, circle) of the Sapper circles holding no Sapper token and no counter (2.0)."""
        return soviet_cards.empty_sapper_spots(self._e)

    def location_count(self, loc: int, kind: str) -> int:
        """Tokens of ``kind`` on Volga location ``loc`` (3–18)."""
        return self._e.count(LOC_KEYS[loc], kind)

    def location_disrupted(self, loc: int) -> bool:
        """Whether Volga location ``loc`` has a Disrupted token (2.0)."""
        return self._e.location_disrupted(loc)

    def location_tokens(self, loc: int) -> list[str]:
        """The kinds of token on Volga location ``loc``, Disrupted tokens left out."""
        return self._e.location_tokens(loc)

    def card_action_available(self, unit: str, action: str) -> bool:
        """Whether a unit's card action can be taken now (the conditions of 2.0)."""
        return soviet_cards.available(self._e, unit, action)

    # --- the defenders --------------------------------------------------------------------

    def house_counters(self) -> list[str]:
        """Soviet counters in Pavlov's House (positions and Reserves), in component order."""
        return self._e.house_counters()

    def occupancy(self) -> dict[str, list[str]]:
        """Every place's Soviet counters (each list in component order)."""
        return self._e.occupancy()

    def name(self, cid: str) -> str:
        """A Soviet counter's, weapon's or Wehrmacht counter's name."""
        return self._e.name(cid)

    def weapons_at(self, where: str) -> list[str]:
        """The weapons at a combat position or in Reserves, in component order (4.0)."""
        return self._e.weapons_at(where)

    def crew(self, wid: str) -> list[str]:
        """The two counters crewing a weapon, in component order; [] without a full crew.

        A crew is two counters of the weapon's designation on its combat position (4.0
        Weapons).
        """
        e = self._e
        where = e.s.weapons.get(wid, "")
        if not e.is_square(where):
            return []
        special = e.c.weapons[wid].special
        crew = [cid for cid in e.counters_at(where)
                if e.c.soviet_counters[cid].weapon_special == special]
        return crew if len(crew) >= 2 else []

    def counters_on_colour(self, colour: str) -> list[str]:
        """Soviet counters on combat positions of a colour (two-coloured positions count)."""
        return self._e.counters_of_colour(colour)

    def destinations(
        self, cid: str, occupancy: dict[str, list[str]] | None = None
    ) -> dict[str, tuple[str, str]]:
        """Where a counter may move (4.0 Move): position → (kind, the counter met there).

        ``kind`` is ``empty``, ``join`` or ``displace``; pass ``occupancy`` if you have it
        (it must be current).
        """
        return counters.destinations(self._e, cid, occupancy)

    def joins(
        self, cid: str, occupancy: dict[str, list[str]] | None = None
    ) -> list[tuple[str, str]]:
        """The positions where a crew member would join its partner (4.0 Move), in board order.

        (position, the partner met there): the ``join`` entries of :meth:`destinations`,
        found without listing the rest.
        """
        return counters.joins(self._e, cid, occupancy)

    def inspire_bonus(self, special: str) -> int:
        """+1 to a weapon of ``special`` while its Inspire counter is on a position (4.0)."""
        return counters.inspire_bonus(self._e, special)

    def raid_candidates(self) -> list[str]:
        """The counters that may join a Storm Group raid (3.0 Storm Group)."""
        return raids.raid_candidates(self._e)

    def can_afford(self, points: int) -> bool:
        """Whether anything in the stock costs at most ``points`` (2.0, 4.0 Reinforcements)."""
        return reinforcements.can_afford(self._e, points)

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

    # --- hidden information (7.4) ------------------------------------------------------------

    def visible_to(self, who: str) -> SideView:
        """What one side ("soviet", "german") or role may see now (see :mod:`.hidden`)."""
        return redacted(self.game, who)

    # --- the score ------------------------------------------------------------------------

    def score(self) -> Score:
        """The score as it stands (6.0)."""
        return self.game.score()


def observe(game: Game) -> Observer:
    """The :class:`Observer` of a game's current moment."""
    return Observer(game)
