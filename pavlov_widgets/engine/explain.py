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

from .actions import Option, parse
from .components import SUPPLY_TOKENS
from .errors import ActionIdError, PlaceError
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
    sapper_key,
    suppress_key,
)
from .rules import counters, soviet_cards
from .text import plural

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
    instead: str = ""
    """What may be done instead, as a sentence (an action's refusal; "" for a place)."""

    def to_dict(self) -> dict[str, str]:
        """Plain data for the board."""
        out = {"region": self.region, "text": self.text, "rule": self.rule}
        if self.instead:
            out["instead"] = self.instead
        return out

    @property
    def sentence(self) -> str:
        """The whole answer: the reason with its rule, then what may be done instead."""
        return " ".join(filter(None, [f"{self.text} ({self.rule}).", self.instead]))

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


# --- why not this action? ---------------------------------------------------------------------
# ``Game.apply`` refuses an action that is not one of the pending decision's options; a learner
# typing ids in Python then deserves the same answer the board gives for a place: which rule
# forbids it. Each verb of :data:`.actions.VERBS` says which decisions offer it; a verb of this
# decision asks the rule that governs its arguments, most specific first, and anything left
# falls back to what the decision asks with its legal options listed.

RECOVER_RULE = "4.0 Recover"
"""The rule that leaves an Exhausted or Disrupted counter only its Recover (4.0)."""

_TIRED_SENTENCES: dict[tuple[bool, bool], str] = {
    (True, False): "{name} is Exhausted: a counter on its Exhausted side may only Recover",
    (False, True): "{name} is Disrupted: a counter with a Disrupted token may only Recover",
    (True, True): ("{name} is Exhausted and Disrupted: such a counter may only Recover, one of "
                   "the two at a time"),
}
"""Why a tired counter may take no action but Recover, as whole sentences (4.0 Recover)."""

VERB_HOMES: dict[str, tuple[tuple[str, ...], str]] = {
    "card": (("card_action",), "A card action is chosen in the Soviet Card Phase (2.2)"),
    "end-phase": (("card_action",), "Ending the Soviet Card Phase is a choice of that "
                  "phase (2.2)"),
    "loc": (("card_location", "buttress_pick"), "A Volga location is chosen after a card "
            "action that works on one (2.0)"),
    "take": (("resupply_pick",), "Taking a token from the stock is part of a Resupply card "
             "action (2.0 62nd Army Command Post)"),
    "load": (("load_pick",), "Loading a token onto the Flotilla is part of a Load Supplies card "
             "action (2.0 Volga Military Flotilla)"),
    "defense": (("buttress_pick",), "Raising a Defense is part of a Buttress card action (2.0 "
                "8th Guards Sapper Battalion)"),
    "spot": (("sapper_spot",), "A Sapper location is chosen in a Field Defenses card action "
             "(2.0 8th Guards Sapper Battalion)"),
    "aa": (("aa_fire",), "Anti-aircraft tokens fire when a Ju 87 raid comes (3.0 Bomb "
           "Stalingrad)"),
    "fire": (("aa_fire",), "Firing or holding fire is the answer to a Ju 87 raid (3.0 Bomb "
             "Stalingrad)"),
    "spend": (("suppress_entry",), "Suppression tokens are spent when German infantry is "
              "placed (3.0 Place Wehrmacht Counters)"),
    "starve": (("starve_pick",), "Who goes hungry is chosen at a Resupply card short of Food "
               "(3.0 Special Cards: Resupply)"),
    "hit": (("choose_hit",), "Who is hit is chosen when an attack hits a shared position (4.0 "
            "Soviet Counters and Weapon Counters)"),
    "first-aid": (("first_aid",), "First Aid is offered when a counter would become a "
                  "casualty (5.0)"),
    "accept": (("first_aid",), "Accepting a casualty is the other answer to First Aid (5.0)"),
    "order": (("plan_order",), "Orders are given in the German player's Wehrmacht Planning "
              "(7.4)"),
    "tactic": (("plan_tactics",), "Tactics cards are placed in the German player's Wehrmacht "
               "Planning (7.4)"),
    "raider": (("raid_pick",), "Raiders are chosen when a Storm Group raid starts (3.0 Storm "
               "Group)"),
    "launch": (("raid_pick",), "A raid is launched once its raiders are chosen (3.0 Storm "
               "Group)"),
    "decline": (("raid_pick",), "Only the free Milk House raid at the end may be declined "
                "(6.0)"),
    "move": (("move_pick",), "A move is chosen at the start of the Soviet Counter Phase (4.0 "
             "Move)"),
    "moves-done": (("move_pick",), "Ending the moves is a choice of the Soviet Counter Phase "
                   "(4.0 Move)"),
    "to": (("move_to", "displace_to"), "A destination is chosen for a counter that moves or "
           "is displaced (4.0 Move)"),
    "back": (("move_to",), "Choosing another counter is possible while a move's destination "
             "is asked (4.0 Move)"),
    "carry": (("carry_weapon",), "A weapon is taken along when its crew moves (4.0 Soviet "
              "Counters and Weapon Counters)"),
    "leave": (("carry_weapon",), "Moving without a weapon is the other answer when a crew "
              "moves (4.0 Soviet Counters and Weapon Counters)"),
    **{verb: (("act_pick",), "A counter action is taken in the Soviet Counter Phase, after "
              "the moves (4.0)")
       for verb in ("attack", "suppress", "command", "radio", "observe", "recover", "team",
                    "actions-done")},
    "disrupted": (("recover_which",), "Which token a Recover removes is asked of a counter "
                  "both Exhausted and Disrupted (4.0 Recover)"),
    "exhausted": (("recover_which",), "Which token a Recover removes is asked of a counter "
                  "both Exhausted and Disrupted (4.0 Recover)"),
    "cmd": (("command_target",), "A Command Recover is given after a Command action (4.0 "
            "Command)"),
    "place": (("suppress_count",), "How many Suppression tokens to place is asked in a "
              "Suppress (4.0 Suppress)"),
    "split": (("suppress_split",), "Splitting Suppression tokens is asked on a two-coloured "
              "position (4.0 Suppress)"),
    "target": (("fire_target", "fo_target", "fo_second"), "A target is chosen once an attack "
               "is declared (4.0 Attack)"),
    "one": (("fo_second",), "Firing at one target only is the Forward Observer's choice (4.0 "
            "Forward Observer)"),
    "buy": (("reinforce",), "Counters are bought with reinforcement points (2.0 13th Guards "
            "Rifle Division Command Post, 4.0 Request Reinforcements)"),
    "done": (("resupply_pick", "load_pick", "command_target", "reinforce"), "Done finishes a "
             "choice of several steps: a Resupply, a Load, a Command or a purchase"),
}
"""Every verb of :data:`.actions.VERBS`: the decisions that offer it, and a whole sentence
saying where it belongs (with its rule) for an action taken at another decision."""

ActionExplainer = Callable[["Engine", dict[str, Any], dict[str, Any]], "tuple[str, str] | None"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def tired_reason(e: Engine, cid: str) -> tuple[str, str] | None:
    """Why an Exhausted or Disrupted counter may only Recover (4.0 Recover); None if neither."""
    c = e.s.soviet[cid]
    if not (c.exhausted or c.disrupted):
        return None
    return _TIRED_SENTENCES[c.exhausted, c.disrupted].format(name=e.name(cid)), RECOVER_RULE


def _unknown_counter(e: Engine, cid: str) -> tuple[str, str]:
    return (f"No Soviet counter is called {cid!r}: a counter is named by its id, such as "
            f"{next(iter(e.s.soviet))!r}", "4.0 Soviet Counter Phase")


def _not_acting(e: Engine, cid: str, rule: str) -> tuple[str, str] | None:
    """Why a counter may take no counter action at all this phase (4.0), if it may not."""
    c, name = e.s.soviet[cid], e.name(cid)
    if c.where in ("stock", "removed"):
        return f"{name} is not in the house", rule
    if c.where == "raid":
        return f"{name} is away on the raid", "3.0 Storm Group"
    if c.marker == "action":
        return (f"{name} has already taken an action this phase: one action per counter",
                "4.0 Soviet Counter Phase")
    if c.marker == "command":
        return f"{name} was recovered by Command this phase and may not act", "4.0 Command"
    if e.s.actions_left <= 0 or not e.count("stock", "action"):
        return "No counter action is left this phase", "4.0 Soviet Counter Phase"
    return None


def _sees(e: Engine, where: str, kind: str | None) -> bool:
    return bool(counters._wehrmacht_in_sight(e, where, kind))


def _counter_action(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """4.0: why this counter may not take this action (one reason per action's condition)."""
    verb, cid = args["_verb"], args["counter"]
    if cid not in e.s.soviet:
        return _unknown_counter(e, cid)
    rule = {"recover": RECOVER_RULE, "radio": "4.0 Request Reinforcements",
            "observe": "4.0 Forward Observer"}.get(verb, f"4.0 {verb.capitalize()}")
    found = _not_acting(e, cid, rule)
    if found is not None:
        return found
    spec, c, name = e.c.soviet_counters[cid], e.s.soviet[cid], e.name(cid)
    if verb == "recover":
        if c.exhausted or c.disrupted:
            return None
        return (f"{name} is neither Exhausted nor Disrupted, so there is nothing to recover "
                "from"), rule
    tired = tired_reason(e, cid)
    if tired is not None:
        return tired
    if not e.is_square(c.where):
        return f"{name} is in Reserves: counters act from a combat position", rule
    seen = ", ".join(e.line_of_sight(c.where))
    if verb == "attack":
        if not spec.attack:
            return f"{name} has no Attack value", rule
        if not _sees(e, c.where, "infantry"):
            return (f"No German infantry is on a track {name} can see (the {seen} tracks)",
                    rule)
    elif verb == "suppress":
        if not spec.suppress:
            return f"{name} has no Suppress value", rule
        if not e.count("supplies", "suppression"):
            return "The Supplies box holds no Suppression token to place", rule
    elif verb == "command":
        if "C" not in spec.specials:
            return f"{name} is not a Command counter", rule
        if not counters.command_targets(e, cid):
            return (f"No other counter in the house is Exhausted or Disrupted for {name} to "
                    "recover"), rule
    elif verb == "radio":
        if not e.square(c.where).radio:
            return (f"Position {e.square_label(c.where)} has no radio: reinforcements are "
                    "requested from a radio position"), rule
        if e.location_disrupted(4):
            return "The 13th Guards Command Post (location 4) is Disrupted", rule
        return "No counter or weapon in the stock costs 2 points or less", rule
    elif verb == "observe":
        if "F" not in spec.specials:
            return f"{name} is not a Forward Observer", rule
        if not _sees(e, c.where, None):
            return f"No Wehrmacht counter is on a track {name} can see (the {seen} tracks)", rule
        return "No Artillery token is readied on the 32nd Guards Artillery's locations", rule
    return None


def _team(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """4.0 Anti-tank, Machine Gun, Mortar: two counters of one designation and their weapon."""
    kind, square = args["kind"], args["square"]
    special = counters.TEAM_SPECIALS.get(kind)
    if special is None:
        kinds = ", ".join(counters.TEAM_SPECIALS)
        return (f"{kind!r} is no weapon action: the kinds are {kinds}",
                "4.0 Soviet Counters and Weapon Counters")
    rule = counters._TEAM_RULES[special]
    if not e.is_square(square):
        return f"{square!r} is not a combat position of the house", rule
    label, here = e.square_label(square), e.counters_at(square)
    if (len(here) != 2 or any(e.c.soviet_counters[c].weapon_special != special for c in here)
            or not counters._matching_weapons(e, square, special)):
        return (f"Position {label} does not hold two counters of this weapon's designation "
                "with their weapon"), rule
    if e.s.actions_left < 2:
        return "A weapon action takes two counter actions, and only one is left", rule
    for cid in here:
        found = _not_acting(e, cid, rule) or tired_reason(e, cid)
        if found is not None:
            return found
    wants = {"at": ("armor", "German armour"), "mg-attack": ("infantry", "German infantry")}
    if kind in wants:
        if not _sees(e, square, wants[kind][0]):
            seen = ", ".join(e.line_of_sight(square))
            return (f"No {wants[kind][1]} is on a track position {label} can see (the {seen} "
                    "tracks)"), rule
        return None
    if not e.count("supplies", "suppression"):
        return "The Supplies box holds no Suppression token to place", rule
    return None


def _move(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    cid = args["counter"]
    if cid not in e.s.soviet:
        return _unknown_counter(e, cid)
    return _cap(counters.why_no_move(e, cid)), counters.MOVE_RULE


def _to(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    place, name = args["place"], e.name(p["counter"])
    if place == counters.RESERVES:  # only the displaced counter goes to Reserves (4.0 Move)
        return (f"A move takes {name} from Reserves or a position to another combat position, "
                "never into Reserves: only a counter displaced by a move goes there",
                counters.MOVE_RULE)
    if not e.is_square(place):
        return (f"{place!r} is not a combat position of the house (they are "
                f"{', '.join(e.square_ids)})", counters.MOVE_RULE)
    if p["op"] == "displace_to":
        who = _occupant(e, place)
        return (f"Position {e.square_label(place)} is held by {e.name(who or '')}: a displaced "
                "counter goes to an empty position or to Reserves", counters.MOVE_RULE)
    return _cap(counters.why_not_there(e, p["counter"], place)), counters.MOVE_RULE


def _carry(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    rule, name = "4.0 Soviet Counters and Weapon Counters", e.name(p["counter"])
    if args["_verb"] == "leave":
        return (f"{name} joins a counter of the same designation, and two such counters share "
                "a position only with their weapon: it must be taken along"), rule
    wid = args["weapon"]
    if wid not in e.s.weapons:
        return f"No weapon is called {wid!r}", rule
    return (f"The {e.name(wid)} is not a weapon of {name}'s designation on {name}'s position: "
            "a counter carries only such a weapon"), rule


def _card(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """2.0, 2.2: a card that is not in hand, not of this unit, or whose action cannot be taken."""
    card_id, unit, action = args["card"], args["unit"], args["action"]
    rule = "2.2 Take up to Three Actions"
    if card_id not in e.s.hand:
        return f"The card {card_id!r} is not in the hand this phase", rule
    card = e.c.soviet_cards[card_id]
    if card.fog or card_id in e.s.hand_used or e.s.actions_left <= 0:
        return _card_action(e, p, Card(card_id))
    if unit not in card.units:
        shows = " and the ".join(e.unit(u).name for u in card.units)
        return f"This card shows the {shows}, not {unit!r}", rule
    known = [a for a, _ in soviet_cards.UNIT_ACTIONS[unit]]
    if action not in known:
        return (f"The {e.unit(unit).name} has no action {action!r}: its actions are "
                f"{', '.join(known)}", f"2.0 {e.unit(unit).name}")
    why = soviet_cards.unavailable(e, unit, action)
    return (None if why is None else (f"{_cap(why)}", f"2.0 {e.unit(unit).name}"))


def _by_region(region: Callable[[dict[str, Any]], Place | None]) -> ActionExplainer:
    """An action explained by the place it is drawn on, through the place explainers above."""
    def explain(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
        place = region(args)
        if place is None:
            return None
        own = EXPLAINERS.get(p["op"])
        return (own(e, p, place) if own is not None else None) or _by_place(e, p, place)
    return explain


def _track_of(e: Engine, wid: str) -> TrackCircle | None:
    for t, track in enumerate(e.s.tracks):
        if wid in track:
            return TrackCircle(t + 1, track.index(wid) + 1)
    return None


def _target(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    wid = args["counter"]
    where = _track_of(e, wid)
    if where is None:
        return f"No Wehrmacht counter {wid!r} is on a track now", p["rule"]
    if p["op"] == "fire_target":
        return _fire_target(e, p, where)
    if p["op"] == "fo_second":
        return (f"The second target must stand next to the first on its track, and the "
                f"{e.name(wid)} does not"), p["rule"]
    return None


def _counter_pick(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """starve, hit, raider, cmd: a counter that is not among the ones this decision may take."""
    verb, cid = args["_verb"], args["counter"]
    if cid not in e.s.soviet and cid not in e.s.weapons:
        return _unknown_counter(e, cid)
    name, rule = e.name(cid), p["rule"]
    if verb == "hit":
        return f"{name} is not on the position that was hit", rule
    if verb == "starve":
        if cid in p.get("chosen", ()):
            return f"{name} already goes hungry at this Resupply", rule
        return f"{name} is not in the house, so {name} eats nothing here", rule
    if cid not in e.s.soviet:
        return _unknown_counter(e, cid)
    c = e.s.soviet[cid]
    if verb == "raider":
        if cid in p.get("chosen", ()):
            return f"{name} is already chosen for the raid", rule
        if c.exhausted or c.disrupted:
            return (f"{name} is {'Exhausted' if c.exhausted else 'Disrupted'}: raiders must be "
                    "neither Exhausted nor Disrupted"), rule
        return f"{name} is not in the house", rule
    # cmd: a Command Recover
    if cid == p.get("commander"):
        return f"{name} gives the orders and cannot recover itself", rule
    if "C" in e.c.soviet_counters[cid].specials:
        return f"{name} is a Command counter: Command recovers other counters only", rule
    if c.marker == "action":
        return f"{name} has taken an action this phase and cannot be recovered by Command", rule
    fix = args.get("fix")
    if fix not in (None, "disrupted", "exhausted") or not (c.exhausted or c.disrupted):
        return f"{name} is neither Exhausted nor Disrupted", rule
    return f"{name} is not {'Disrupted' if fix == 'disrupted' else 'Exhausted'}", rule


def _count(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """place, split, spend: a number of tokens outside what the decision allows."""
    verb, rule = args["_verb"], p["rule"]
    if verb == "place":
        return (f"From 1 up to {p['most']} Suppression tokens may be placed here, not "
                f"{args['count']}"), rule
    if verb == "split":
        return f"{p['n']} tokens are split, so the first colour takes 0 to {p['n']}", rule
    colour = e.colour_of_track(p["track"])
    have = e.count(suppress_key(colour), "suppression")
    return (f"The {colour} Suppression box holds {plural(have, 'token')}, so up to {have} may "
            "be spent"), rule


def _token(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """take, load: a token kind that is not a supply token or that is not there."""
    kind, rule = args["token"], p["rule"]
    if kind not in SUPPLY_TOKENS:
        names = ", ".join(e.c.tokens[k].name for k in SUPPLY_TOKENS)
        return f"Only supply tokens are moved here ({names}), not {kind!r}", rule
    name = e.c.tokens[kind].name
    if args["_verb"] == "take":
        return f"No {name} token is left in the stock", rule
    if not e.count("staging", kind):
        return f"No {name} token waits in the Staging Area", rule
    return _by_region(lambda a: Location(a["loc"]))(e, p, args)


def _defense(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    colour = args["colour"]
    if colour not in e.s.defense:
        return f"The house has no {colour!r} side: its sides are {', '.join(e.s.defense)}", p[
            "rule"]
    return (f"The {colour} Defense is already at its highest, {e.c.board.defense_max}",
            p["rule"])


def _buy(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    piece = args["piece"]
    if piece in e.s.soviet:
        where, cost = e.s.soviet[piece].where, e.c.soviet_counters[piece].cost
    elif piece in e.s.weapons:
        where, cost = e.s.weapons[piece], e.c.weapons[piece].cost
    else:
        return f"No counter or weapon is called {piece!r}", p["rule"]
    name = e.name(piece)
    if where != "stock":
        return f"{name} is not in the stock: only a counter in the stock can be bought", p[
            "rule"]
    return (f"{name} costs {plural(cost, 'point')} and only {plural(p['points'], 'point')} "
            "are left to spend"), p["rule"]


def _spot(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """Field Defenses: a circle that is no Sapper location, or one that is not empty (2.0)."""
    track, circle, rule = args["track"], args["circle"], p["rule"]
    spots = [(t.number, c) for t in e.c.board.tracks for c in t.sapper_circles]
    where = f"Track {track}, circle {circle}"
    if (track, circle) not in spots:
        listed = ", ".join(f"{t}:{c}" for t, c in spots)
        return f"{where} is not a Sapper location (they are, by track:circle, {listed})", rule
    if e.count(sapper_key(track, circle), "sapper"):
        return f"{where} already holds a Sapper token", rule
    return f"A Wehrmacht counter stands on {where.lower()}: a Sapper location must be empty", rule


def _raid_button(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """launch, decline: a raid with no raider yet, or one that may not be declined (3.0, 6.0)."""
    if args["_verb"] == "launch":
        return "A raid needs at least one raider: choose a counter to send first", p["rule"]
    return ("Only the free Milk House raid at the end of the game may be declined; this raid "
            "was started by a card action, so its raiders are chosen and it is launched"), p[
        "rule"]


def _german_card(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """order, tactic: a card the German player does not hold, or one that must wait (7.4)."""
    card, s = args["card"], e.s
    if args["_verb"] == "tactic":
        return f"The Tactics card {card!r} is not in the German player's hand", p["rule"]
    if card not in s.german_hand:
        return f"The card {card!r} is not in the German player's hand", p["rule"]
    return ("A Resupply or Storm Group card cannot be kept back: the orders left go to the "
            "cards that must be played"), p["rule"]


ACTION_EXPLAINERS: dict[str, ActionExplainer] = {
    "card": _card,
    "loc": _by_region(lambda a: Location(a["loc"])),
    "aa": _by_region(lambda a: Location(a["loc"])),
    "spot": _spot,
    "take": _token,
    "load": _token,
    "defense": _defense,
    "spend": _count,
    "place": _count,
    "split": _count,
    "starve": _counter_pick,
    "hit": _counter_pick,
    "raider": _counter_pick,
    "cmd": _counter_pick,
    "move": _move,
    "to": _to,
    "carry": _carry,
    "leave": _carry,
    **{verb: _counter_action for verb in ("attack", "suppress", "command", "radio", "observe",
                                          "recover")},
    "team": _team,
    "target": _target,
    "buy": _buy,
    "launch": _raid_button,
    "decline": _raid_button,
    "order": _german_card,
    "tactic": _german_card,
}
"""The verbs whose refusal names a rule of its own, given the decision offers the verb. Any
other refused action (a button such as ``done`` when it is not offered) falls back to what the
decision asks, with its legal options."""


def legal_list(game: Game) -> str:
    """The pending decision's options as ``id (label)``, joined: what a refusal offers instead."""
    return "; ".join(f"{o.id} ({o.label})" for o in game.legal_actions())


def why_refused(game: Game, action: object) -> Refusal | None:
    """Why ``action`` (an option id or :class:`.Option`) may not be applied now; None if it may.

    The reason is the most specific the rules give (the counter is Exhausted, the card is not
    in hand, the location holds a token …); an action of another decision says where it
    belongs and what is asked now; anything else says what the decision asks and lists its
    legal options. Reads the game only: nothing is changed.
    """
    option_id = action.id if isinstance(action, Option) else action
    shown = repr(option_id) if isinstance(option_id, str) else repr(action)
    e = game.engine
    p = e.s.pending
    if game.is_over or p is None:
        return Refusal(shown, "The game is over: no action can be taken", "6.0 Ending the Game")
    if p["kind"] == "chance":
        return Refusal(shown, f"The dice come first ({p['label']}): call roll() or force() "
                       "before choosing", p["rule"])
    if not isinstance(option_id, str):
        return Refusal(shown, "An action is an option id (a string such as 'end-phase') or an "
                       "Option from legal_actions()", p["rule"], _every(game))
    if option_id in game.legal_ids():
        return None
    try:
        verb, args = parse(option_id)
    except ActionIdError as exc:
        detail = str(exc).removeprefix(f"{option_id!r}: ")
        return Refusal(shown, f"No option has the id {shown}: {detail}", p["rule"],
                       _every(game))
    ops, where = VERB_HOMES[verb]
    if p["op"] not in ops:
        return Refusal(shown, f"{where}, and the decision now is another one: {p['prompt']}",
                       p["rule"], _every(game))
    explainer = ACTION_EXPLAINERS.get(verb)
    found = explainer(e, p, {**args, "_verb": verb}) if explainer is not None else None
    if found is not None:
        return Refusal(shown, *found, _may_instead(game, args))
    return Refusal(shown, f"{shown} is not one of this decision's options: {p['prompt']}",
                   p["rule"], _every(game))


def _may_instead(game: Game, args: dict[str, Any]) -> str:
    """What may be done instead: the options with the same counter, else every option."""
    cid = args.get("counter")
    if isinstance(cid, str) and cid in game.state.soviet:
        mine = [o.label for o in game.legal_actions() if Counter(cid).id in o.targets]
        name = game.engine.name(cid)
        if mine:
            return f"What {name} may do now: {'; '.join(mine)}."
    return _every(game)


def _every(game: Game) -> str:
    """Every legal option, as the sentence that closes a refusal."""
    return f"The options now: {legal_list(game)}."


def counter_limits(game: Game, region: str) -> Refusal | None:
    """What a counter that is still a choice may not do, and why (4.0 Recover); else None.

    ``why_not`` answers None for a glowing counter; a learner asking about an Exhausted
    counter that glows for its Recover still wants to hear why it may not Attack.
    """
    try:
        place = parse_place(region)
    except PlaceError:
        return None
    e = game.engine
    p = e.s.pending
    if (not isinstance(place, Counter) or place.counter not in e.s.soviet or p is None
            or p.get("op") != "act_pick"):
        return None
    tired = tired_reason(e, place.counter)
    if tired is None:
        return None
    return Refusal(region, *tired, _may_instead(game, {"counter": place.counter}))
