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
from .places import (
    Card,
    CardHalf,
    Counter,
    Location,
    Place,
    Square,
    StockCounter,
    StockWeapon,
    SuppressionBox,
    TrackCircle,
    Weapon,
    parse_place,
    place_name,
)
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


# --- rooms and Volga locations --------------------------------------------------------------
# A learner clicks a room (a combat position) or a Volga location far more often than any
# other place that is not a choice; a restated prompt does not tell them why, so each common
# decision says what it is about and why this room or location is not part of it.

_KIND_WORDS: dict[type, str] = {
    Counter: "a Soviet counter", CardHalf: "a card", Card: "a card", Square: "a position",
    Location: "a Volga location", TrackCircle: "a Wehrmacht counter on a track",
    StockCounter: "a counter in the stock", StockWeapon: "a weapon in the stock",
    SuppressionBox: "a Suppression box", Weapon: "a weapon",
}


def _asked_for(e: Engine, p: dict[str, Any]) -> str:
    """What the pending decision's glowing places are, in words: "a card or a Volga location"."""
    kinds: list[str] = []
    for option in e.options():
        for target in option.targets:
            try:
                place = parse_place(target)
            except PlaceError:  # a target that is no place is nothing a learner can point at
                continue
            words = _KIND_WORDS.get(type(place)) or place_name(place, e.c)
            if words not in kinds:
                kinds.append(words)
    return " or ".join(kinds) if kinds else "a button of the bar"


def _occupant(e: Engine, square: str) -> str | None:
    """The first Soviet counter on ``square``, if any."""
    here = e.counters_at(square)
    return here[0] if here else None


def _square(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    """Why a room of the house is not a choice in the common decisions (2.2, 4.0)."""
    if not isinstance(place, Square) or not e.is_square(place.square):
        return None
    label, op = e.square_label(place.square), p["op"]
    who = _occupant(e, place.square)
    if op == "card_action":
        return (f"No card action is taken on a position: in the Soviet Card Phase you choose "
                f"a card, and position {label} waits for the Soviet Counter Phase",
                "2.2 Take up to Three Actions")
    if op in ("move_pick", "act_pick"):
        rule = counters.MOVE_RULE if op == "move_pick" else "4.0 Soviet Counter Phase"
        verb_of = {"move_pick": "a move", "act_pick": "an action"}
        if who is None:
            return (f"Position {label} has no defender, and {verb_of[op]} starts with the Soviet "
                    "counter that takes it: choose a glowing counter", rule)
        if any(Counter(who).id in o.targets for o in e.options()):
            return (f"Choose {e.name(who)}, not the position: {verb_of[op]} starts with the "
                    "Soviet counter that takes it", rule)
        why = (counters.why_no_move(e, who) if op == "move_pick"
               else counters.why_no_action(e, who))
        return f"{why[:1].upper()}{why[1:]}", rule
    if op == "fire_target":
        return (f"{p['source']} fires at a Wehrmacht counter on a track it sees, not at a room "
                "of the house", p["rule"])
    if op == "card_location":
        spots = ", ".join(str(n) for n in p["locations"])
        return (f"This card action is taken on a Volga location ({spots}), not on a position",
                p["rule"])
    if op == "displace_to" and who is not None:
        return (f"{e.name(who)} holds position {label}: a displaced counter goes to an empty "
                "position or to Reserves", p["rule"])
    return None


def _location(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    """Why a Volga location is not a choice in the common decisions (2.0, 2.2, 3.0, 4.0)."""
    if not isinstance(place, Location):
        return None
    n, op = place.loc, p["op"]
    if op == "card_action":
        return (f"No card action targets location {n} now: you choose a card first, and a card "
                "whose action works on the Volga then asks for its location",
                "2.2 Take up to Three Actions")
    if op == "card_location":
        unit = e.unit(p["unit"])
        if n not in e.unit_locations(p["unit"]):
            spots = ", ".join(str(k) for k in e.unit_locations(p["unit"]))
            return (f"Location {n} is not one of the {unit.name}'s locations ({spots})",
                    p["rule"])
        if p["purpose"] == "recover":
            return f"Location {n} has no Disrupted token to remove", p["rule"]
        token = e.c.tokens[p["purpose"]].name
        return f"Location {n} already holds a {token} token", p["rule"]
    if op == "aa_fire":
        if n in p["chosen"]:
            return f"The Anti-aircraft token on location {n} is already chosen to fire", p["rule"]
        return f"Location {n} holds no readied Anti-aircraft token to fire", p["rule"]
    if op == "load_pick":
        if n not in e.unit_locations(soviet_cards.FLOTILLA):
            spots = ", ".join(str(k) for k in e.unit_locations(soviet_cards.FLOTILLA))
            return (f"Supplies are loaded only onto the Flotilla's locations ({spots}), and "
                    f"location {n} is not one of them", p["rule"])
        if e.location_disrupted(n):
            return f"Location {n} is Disrupted: nothing is loaded onto it", p["rule"]
        if e.location_tokens(n):
            return f"Location {n} already holds a token", p["rule"]
        return "No supply token is left in the Staging Area to load", p["rule"]
    if op in ("move_pick", "move_to", "act_pick", "displace_to", "fire_target"):
        return (f"Soviet counters fight in the house, and location {n} on the Volga holds "
                f"tokens, not counters: this decision asks for {_asked_for(e, p)}", p["rule"])
    return None


def _by_place(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    """A room or a location in any decision: its own reason, else what the decision asks for."""
    found = _square(e, p, place) or _location(e, p, place)
    if found is None and isinstance(place, Square | Location):
        name = place_name(place, e.c)
        found = (f"{name[:1].upper()}{name[1:]} is not part of this decision: it asks for "
                 f"{_asked_for(e, p)}", p["rule"])
    return found

EXPLAINERS: dict[str, Explainer] = {
    "card_action": _card_action,
    "move_pick": _move_pick,
    "move_to": _move_to,
    "act_pick": _act_pick,
    "fire_target": _fire_target,
}
"""The decisions whose refusals name a rule of their own. A room or a Volga location in any
other decision is explained by :func:`_by_place`; any other place answers with the decision's
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
    if found is None and place is not None:
        found = _by_place(e, p, place)
    if found is not None:
        return Refusal(region, *found)
    name = place_name(place or region, e.c)
    return Refusal(region, f"{name[:1].upper()}{name[1:]} is not a choice now: {p['prompt']}",
                   p["rule"])
