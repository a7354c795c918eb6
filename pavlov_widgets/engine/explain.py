"""Why not? The engine's answer for a place on the board that is not a choice right now.

Next to ``legal_actions()`` (what you may do), :meth:`Game.why_not
<pavlov_widgets.engine.Game.why_not>` answers the other question a learner asks: *why can't I
click this?* Give it a board region (the vocabulary of :attr:`.Option.targets`, read by
:func:`~.places.parse_place`: ``counter:naumov``, ``card:soviet-03:62nd-army-cp``,
``square:G4R1``, ``track:3:2`` …) and it returns ``None`` if the region is a legal choice
now, or a :class:`Refusal`: a sentence and the rule behind it ("Naumov has already taken an
action this phase (one action per counter)", 4.0). The board shows it on hover and click; the
tutor's coach says it aloud.

The reasons come from the rules themselves (``soviet_cards.unavailable``,
``counters.why_no_action`` …), asked only for regions the legal options do not cover, so an
answer can never contradict the options.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import PlaceError
from .places import Card, CardHalf, Counter, Place, Square, TrackCircle, parse_place, place_name
from .rules import counters, soviet_cards

if TYPE_CHECKING:
    from .game import Game
    from .machine import Engine


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a board region is not a choice now.

    Attributes:
        region: the region asked about.
        text: the reason, as a sentence for a person.
        rule: the rulebook section behind it.
    """

    region: str
    text: str
    rule: str

    def to_dict(self) -> dict[str, str]:
        """Plain data for the board."""
        return {"region": self.region, "text": self.text, "rule": self.rule}

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


Explainer = Callable[["Engine", dict[str, Any], Place], "tuple[str, str] | None"]


def _card_action(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    """2.0 / 2.2: a card in hand whose half (or whole) offers no action."""
    card_id = place.card if isinstance(place, Card | CardHalf) else ""
    if card_id not in e.s.hand:
        return None
    card = e.c.soviet_cards[card_id]
    if card.fog:
        return "A Fog of War card has no action", "2.2 Take up to Three Actions"
    if card_id in e.s.hand_used:
        return ("This card has been used this phase: one action per card",
                "2.2 Take up to Three Actions")
    if e.s.actions_left <= 0:
        return "All the actions of this phase are used", "2.2 Take up to Three Actions"
    half = place.unit if isinstance(place, CardHalf) else ""
    units = [half] if half in card.units else list(card.units)
    reasons = []
    for unit in units:
        why = [w for action, _ in soviet_cards.UNIT_ACTIONS[unit]
               if (w := soviet_cards.unavailable(e, unit, action)) is not None]
        if why:
            reasons.append(f"{e.unit(unit).short}: {'; '.join(dict.fromkeys(why))}")
    if not reasons:
        return None
    rule = f"2.0 {e.unit(units[0]).name}" if len(units) == 1 else "2.0 Soviet Card Phase"
    return " · ".join(reasons), rule


def _move_pick(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    if not isinstance(place, Counter) or place.counter not in e.s.soviet:
        return None
    return counters.why_no_move(e, place.counter), counters.MOVE_RULE


def _move_to(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    if not isinstance(place, Square) or not e.is_square(place.square):
        return None
    return counters.why_not_there(e, p["counter"], place.square), counters.MOVE_RULE


def _act_pick(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    if not isinstance(place, Counter) or place.counter not in e.s.soviet:
        return None
    return counters.why_no_action(e, place.counter), "4.0 Soviet Counter Phase"


def _fire_target(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    if not isinstance(place, TrackCircle):
        return None
    track, circle = place.track, place.circle
    if track > len(e.s.tracks) or circle > len(e.s.tracks[track - 1]):
        return None
    wid = e.s.tracks[track - 1][circle - 1]
    if not wid:
        return f"Track {track}, circle {circle} is empty", p["rule"]
    colour = e.colour_of_track(track - 1)
    seen = e.line_of_sight(p["where"])
    if colour not in seen:
        return (f"{p['source']} sees only the {' and '.join(seen)} tracks; track {track} is "
                f"{colour}", "1.3 Line of Sight")
    wanted = p.get("target_kind")
    if wanted and e.c.wehrmacht_type_of(wid).kind != wanted:
        return (f"{p['source']} fires only at {'armour' if wanted == 'armor' else wanted}; "
                f"the {e.name(wid)} is not", p["rule"])
    return None


EXPLAINERS: dict[str, Explainer] = {
    "card_action": _card_action,
    "move_pick": _move_pick,
    "move_to": _move_to,
    "act_pick": _act_pick,
    "fire_target": _fire_target,
}
"""The decisions whose refusals name a rule of their own; any other decision answers with its
question and rule ("not a choice now: …")."""


def why_not(game: Game, region: str) -> Refusal | None:
    """Why ``region`` is not a choice now, or None if it is one (see the module docstring)."""
    if not isinstance(region, str):
        raise TypeError(f"a region is a string such as 'counter:pavlov', not {region!r}")
    e = game.engine
    p = e.s.pending
    if game.is_over:
        return Refusal(region, "The game is over", "6.0 Ending the Game")
    if p is None:
        return Refusal(region, "Nothing is pending", "1.1 Sequence of Play")
    if p["kind"] == "chance":
        return Refusal(region, f"The dice come first: {p['label']}", p["rule"])
    options = game.legal_actions()
    if any(region in o.targets for o in options):
        return None
    try:
        place: Place | None = parse_place(region)
    except PlaceError:  # not a place at all: named by its text, explained by nobody
        place = None
    explainer = EXPLAINERS.get(p["op"])
    found = explainer(e, p, place) if explainer is not None and place is not None else None
    if found is not None:
        return Refusal(region, *found)
    name = place_name(place or region, e.c)
    return Refusal(region, f"{name[:1].upper()}{name[1:]} is not a choice now: {p['prompt']}",
                   p["rule"])
