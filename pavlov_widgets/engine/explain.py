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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Option, parse
from .components import SUPPLY_TOKENS
from .errors import ActionIdError, PlaceError
from .i18n import N_, _, ngettext, using
from .machine import source_words
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
from .sections import colour_name
from .text import all_of, either

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


def _refusal(region: str, text: str, rule: str, instead: str = "") -> Refusal:
    """A refusal in the language now.

    ``rule`` is the English citation, as the rules and the state keep it: translated here,
    where it is shown.
    """
    return Refusal(region, text, _(rule), instead)


Explainer = Callable[["Engine", dict[str, Any], Place], "tuple[str, str] | None"]
"""A place's explainer: its reason (a sentence in the language now) and its rule (English)."""


def _one_by_one(items: Sequence[str]) -> str:
    """Reasons or options one after another, "a; b; c" (each may hold commas); "" for none."""
    text = items[0] if items else ""
    for item in items[1:]:
        # TRANSLATORS: a list of reasons or of options, which may hold commas: {items} are
        # the ones before ("a" or "a; b"), {item} the next one
        text = _("{items}; {item}").format(items=text, item=item)
    return text


def _and_each(words: Sequence[str]) -> str:
    """Words one "and" after another: "a", "a and b" (and "a and b and c")."""
    text = words[0] if words else ""
    for word in words[1:]:
        text = all_of([text, word])
    return text


def _or_each(words: Sequence[str]) -> str:
    """Words one "or" after another: "a", "a or b" (and "a or b or c")."""
    text = words[0] if words else ""
    for word in words[1:]:
        text = either([text, word])
    return text


def _card_action(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    """2.0 / 2.2: a card in hand whose half (or whole) offers no action."""
    card_id = place.card if isinstance(place, Card | CardHalf) else ""
    if card_id not in e.s.hand:
        return None
    card = e.c.soviet_cards[card_id]
    if card.fog:
        return _("A Fog of War card has no action"), "2.2 Take up to Three Actions"
    if card_id in e.s.hand_used:
        return (_("This card has been used this phase: one action per card"),
                "2.2 Take up to Three Actions")
    if e.s.actions_left <= 0:
        return _("All the actions of this phase are used"), "2.2 Take up to Three Actions"
    half = place.unit if isinstance(place, CardHalf) else ""
    units = [half] if half in card.units else list(card.units)
    reasons: list[tuple[str, str]] = []
    for unit in units:
        why = [w for action, _label in soviet_cards.UNIT_ACTIONS[unit]
               if (w := soviet_cards.unavailable(e, unit, action)) is not None]
        if why:
            reasons.append((_(e.unit(unit).short), _one_by_one(list(dict.fromkeys(why)))))
    if not reasons:
        return None
    rule = f"2.0 {e.unit(units[0]).name}" if len(units) == 1 else "2.0 Soviet Card Phase"
    if len(reasons) == 1:
        unit_words, why_words = reasons[0]
        # TRANSLATORS: why a card's unit offers no action: {unit} is its short name, such as
        # "Signals"; {reasons} one reason or more ("no Fog of War card is in the hand")
        text = _("{unit}: {reasons}").format(unit=unit_words, reasons=why_words)
    else:
        (unit_words, why_words), (other_words, other_why) = reasons
        # TRANSLATORS: why neither unit of a card offers an action: {unit} and {other_unit}
        # are their short names, such as "Signals"; {reasons} and {other_reasons} one reason
        # or more each ("no Fog of War card is in the hand")
        text = _("{unit}: {reasons} · {other_unit}: {other_reasons}").format(
            unit=unit_words, reasons=why_words, other_unit=other_words, other_reasons=other_why)
    return text, rule


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
        text = _("Track {track}, circle {circle} is empty").format(track=track, circle=circle)
        return text, p["rule"]
    colour = e.colour_of_track(track - 1)
    seen = e.line_of_sight(p["where"])
    source = source_words(p["source"])
    if colour not in seen:
        # TRANSLATORS: {source} is what fires: a Soviet counter, or two with their weapon;
        # {colours} the colours of the tracks it sees ("green" or "green and red")
        text = _("{source} sees only the {colours} tracks; track {track} is {colour}").format(
            source=source, colours=_and_each([colour_name(c) for c in seen]), track=track,
            colour=colour_name(colour))
        return text, "1.3 Line of Sight"
    wanted = p.get("target_kind")
    if wanted and e.c.wehrmacht_type_of(wid).kind != wanted:
        if wanted == "armor":
            # TRANSLATORS: {source} is what fires; {target} is a Wehrmacht counter's name
            text = _("{source} fires only at armour; the {target} is not")
        else:
            # TRANSLATORS: {source} is what fires; {target} is a Wehrmacht counter's name
            text = _("{source} fires only at infantry; the {target} is not")
        return text.format(source=source, target=e.name(wid)), p["rule"]
    return None


# --- rooms and Volga locations --------------------------------------------------------------
# A learner clicks a room (a combat position) or a Volga location far more often than any
# other place that is not a choice; a restated prompt does not tell them why, so each common
# decision says what it is about and why this room or location is not part of it.

_KIND_WORDS: dict[type, str] = {
    Counter: N_("a Soviet counter"), CardHalf: N_("a card"), Card: N_("a card"),
    Square: N_("a position"), Location: N_("a Volga location"),
    TrackCircle: N_("a Wehrmacht counter on a track"),
    StockCounter: N_("a counter in the stock"), StockWeapon: N_("a weapon in the stock"),
    SuppressionBox: N_("a Suppression box"), Weapon: N_("a weapon"),
}
"""What a decision asks for, by the kind of place it glows on (English: show with ``_()``)."""


def _asked_for(e: Engine, p: dict[str, Any]) -> str:
    """What the pending decision's glowing places are, in words: "a card or a Volga location"."""
    kinds: list[str] = []
    for option in e.options():
        for target in option.targets:
            try:
                place = parse_place(target)
            except PlaceError:  # a target that is no place is nothing a learner can point at
                continue
            kind = _KIND_WORDS.get(type(place))
            words = _(kind) if kind else place_name(place, e.c)
            if words not in kinds:
                kinds.append(words)
    return _or_each(kinds) if kinds else _("a button of the bar")


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
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        return (_("No card action is taken on a position: in the Soviet Card Phase you choose "
                  "a card, and position {position} waits for the Soviet Counter "
                  "Phase").format(position=label),
                "2.2 Take up to Three Actions")
    if op in ("move_pick", "act_pick"):
        rule = counters.MOVE_RULE if op == "move_pick" else "4.0 Soviet Counter Phase"
        if who is None:
            if op == "move_pick":
                # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
                text = _("Position {position} has no defender, and a move starts with the "
                         "Soviet counter that takes it: choose a glowing counter")
            else:
                # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
                text = _("Position {position} has no defender, and an action starts with the "
                         "Soviet counter that takes it: choose a glowing counter")
            return text.format(position=label), rule
        if any(Counter(who).id in o.targets for o in e.options()):
            if op == "move_pick":
                text = _("Choose {name}, not the position: a move starts with the Soviet "
                         "counter that takes it")
            else:
                text = _("Choose {name}, not the position: an action starts with the Soviet "
                         "counter that takes it")
            return text.format(name=e.name(who)), rule
        why = (counters.why_no_move(e, who) if op == "move_pick"
               else counters.why_no_action(e, who))
        return _cap(why), rule
    if op == "fire_target":
        # TRANSLATORS: {source} is what fires: a Soviet counter, or two with their weapon
        return (_("{source} fires at a Wehrmacht counter on a track it sees, not at a room of "
                  "the house").format(source=source_words(p["source"])), p["rule"])
    if op == "card_location":
        spots = ", ".join(str(n) for n in p["locations"])
        # TRANSLATORS: {locations} are the numbers of Volga locations, such as "5, 6, 7"
        return (_("This card action is taken on a Volga location ({locations}), not on a "
                  "position").format(locations=spots), p["rule"])
    if op == "displace_to" and who is not None:
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        return (_("{name} holds position {position}: a displaced counter goes to an empty "
                  "position or to Reserves").format(name=e.name(who), position=label),
                p["rule"])
    return None


def _location(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    """Why a Volga location is not a choice in the common decisions (2.0, 2.2, 3.0, 4.0)."""
    if not isinstance(place, Location):
        return None
    n, op = place.loc, p["op"]
    if op == "card_action":
        # TRANSLATORS: {location} is the number of a Volga location
        return (_("No card action targets location {location} now: you choose a card first, "
                  "and a card whose action works on the Volga then asks for its "
                  "location").format(location=n),
                "2.2 Take up to Three Actions")
    if op == "card_location":
        unit = e.unit(p["unit"])
        if n not in e.unit_locations(p["unit"]):
            spots = ", ".join(str(k) for k in e.unit_locations(p["unit"]))
            # TRANSLATORS: {location} is the number of a Volga location; {unit} a unit's
            # name, such as "Volga Military Flotilla"; {locations} its locations' numbers
            return (_("Location {location} is not one of the {unit}'s locations "
                      "({locations})").format(location=n, unit=_(unit.name), locations=spots),
                    p["rule"])
        if p["purpose"] == "recover":
            # TRANSLATORS: {location} is the number of a Volga location
            return _("Location {location} has no Disrupted token to remove").format(
                location=n), p["rule"]
        kind = p["purpose"]  # (not inside _(): the catalog would take the key for a message)
        token = _(e.c.tokens[kind].name)
        # TRANSLATORS: {location} is the number of a Volga location; {token} a token's name
        return _("Location {location} already holds a {token} token").format(
            location=n, token=token), p["rule"]
    if op == "aa_fire":
        if n in p["chosen"]:
            # TRANSLATORS: {location} is the number of a Volga location
            return _("The Anti-aircraft token on location {location} is already chosen to "
                     "fire").format(location=n), p["rule"]
        # TRANSLATORS: {location} is the number of a Volga location
        return _("Location {location} holds no readied Anti-aircraft token to fire").format(
            location=n), p["rule"]
    if op == "load_pick":
        if n not in e.unit_locations(soviet_cards.FLOTILLA):
            spots = ", ".join(str(k) for k in e.unit_locations(soviet_cards.FLOTILLA))
            # TRANSLATORS: {locations} are the numbers of the Flotilla's Volga locations;
            # {location} the number of another one
            return (_("Supplies are loaded only onto the Flotilla's locations ({locations}), "
                      "and location {location} is not one of them").format(
                          locations=spots, location=n), p["rule"])
        if e.location_disrupted(n):
            # TRANSLATORS: {location} is the number of a Volga location
            return _("Location {location} is Disrupted: nothing is loaded onto it").format(
                location=n), p["rule"]
        if e.location_tokens(n):
            # TRANSLATORS: {location} is the number of a Volga location
            return _("Location {location} already holds a token").format(location=n), p["rule"]
        return _("No supply token is left in the Staging Area to load"), p["rule"]
    if op in ("move_pick", "move_to", "act_pick", "displace_to", "fire_target"):
        # TRANSLATORS: {location} is the number of a Volga location; {asked} what the
        # decision asks for, such as "a Soviet counter" or "a position or the Reserves box"
        return (_("Soviet counters fight in the house, and location {location} on the Volga "
                  "holds tokens, not counters: this decision asks for {asked}").format(
                      location=n, asked=_asked_for(e, p)), p["rule"])
    return None


def _by_place(e: Engine, p: dict[str, Any], place: Place) -> tuple[str, str] | None:
    """A room or a location in any decision: its own reason, else what the decision asks for."""
    found = _square(e, p, place) or _location(e, p, place)
    if found is None and isinstance(place, Square | Location):
        # TRANSLATORS: {place} is a place on the board, such as "position G3/R2" or
        # "location 12"; {asked} what the decision asks for, such as "a card or a Volga
        # location"
        text = _("{place} is not part of this decision: it asks for {asked}").format(
            place=place_name(place, e.c), asked=_asked_for(e, p))
        found = (_cap(text), p["rule"])
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
    """Why ``region`` is not a choice now, or None if it is one (see the module docstring).

    The answer is in the game's language.
    """
    if not isinstance(region, str):
        raise TypeError(f"a region is a string such as 'counter:pavlov', not {region!r}")
    with using(game.language):
        return _why_not(game, region)


def _why_not(game: Game, region: str) -> Refusal | None:
    e = game.engine
    p = e.s.pending
    if game.is_over:
        return _refusal(region, _("The game is over"), "6.0 Ending the Game")
    if p is None:
        return _refusal(region, _("Nothing is pending"), "1.1 Sequence of Play")
    if p["kind"] == "chance":
        # TRANSLATORS: {roll} is what the dice are rolled for, as the pending roll names it
        return _refusal(region, _("The dice come first: {roll}").format(roll=p["label"]),
                        p["rule"])
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
        text, rule = found
        return _refusal(region, text, rule)
    name = place_name(place or region, e.c)
    # TRANSLATORS: {place} is a place on the board, such as "Naumov" or "position G3/R2";
    # {prompt} is the question the game asks now
    text = _("{place} is not a choice now: {prompt}").format(place=name, prompt=p["prompt"])
    return _refusal(region, _cap(text), p["rule"])


# --- why not this action? ---------------------------------------------------------------------
# ``Game.apply`` refuses an action that is not one of the pending decision's options; a learner
# typing ids in Python then deserves the same answer the board gives for a place: which rule
# forbids it. Each verb of :data:`.actions.VERBS` says which decisions offer it; a verb of this
# decision asks the rule that governs its arguments, most specific first, and anything left
# falls back to what the decision asks with its legal options listed.

RECOVER_RULE = "4.0 Recover"
"""The rule that leaves an Exhausted or Disrupted counter only its Recover (4.0)."""

_TIRED_SENTENCES: dict[tuple[bool, bool], str] = {
    (True, False): N_("{name} is Exhausted: a counter on its Exhausted side may only Recover"),
    (False, True): N_("{name} is Disrupted: a counter with a Disrupted token may only Recover"),
    (True, True): N_("{name} is Exhausted and Disrupted: such a counter may only Recover, one "
                     "of the two at a time"),
}
"""Why a tired counter may take no action but Recover, as whole sentences (4.0 Recover);
English, shown with ``_()``."""

VERB_HOMES: dict[str, tuple[tuple[str, ...], str]] = {
    "card": (("card_action",), N_("A card action is chosen in the Soviet Card Phase (2.2)")),
    "end-phase": (("card_action",), N_("Ending the Soviet Card Phase is a choice of that "
                                       "phase (2.2)")),
    "loc": (("card_location", "buttress_pick"), N_("A Volga location is chosen after a card "
                                                   "action that works on one (2.0)")),
    "take": (("resupply_pick",), N_("Taking a token from the stock is part of a Resupply card "
                                    "action (2.0 62nd Army Command Post)")),
    "load": (("load_pick",), N_("Loading a token onto the Flotilla is part of a Load Supplies "
                                "card action (2.0 Volga Military Flotilla)")),
    "defense": (("buttress_pick",), N_("Raising a Defense is part of a Buttress card action "
                                       "(2.0 8th Guards Sapper Battalion)")),
    "spot": (("sapper_spot",), N_("A Sapper location is chosen in a Field Defenses card "
                                  "action (2.0 8th Guards Sapper Battalion)")),
    "aa": (("aa_fire",), N_("Anti-aircraft tokens fire when a Ju 87 raid comes (3.0 Bomb "
                            "Stalingrad)")),
    "fire": (("aa_fire",), N_("Firing or holding fire is the answer to a Ju 87 raid (3.0 Bomb "
                              "Stalingrad)")),
    "spend": (("suppress_entry",), N_("Suppression tokens are spent when German infantry is "
                                      "placed (3.0 Place Wehrmacht Counters)")),
    "starve": (("starve_pick",), N_("Who goes hungry is chosen at a Resupply card short of "
                                    "Food (3.0 Special Cards: Resupply)")),
    "hit": (("choose_hit",), N_("Who is hit is chosen when an attack hits a shared position "
                                "(4.0 Soviet Counters and Weapon Counters)")),
    "first-aid": (("first_aid",), N_("First Aid is offered when a counter would become a "
                                     "casualty (5.0)")),
    "accept": (("first_aid",), N_("Accepting a casualty is the other answer to First Aid "
                                  "(5.0)")),
    "order": (("plan_order",), N_("Orders are given in the German player's Wehrmacht Planning "
                                  "(7.4)")),
    "tactic": (("plan_tactics",), N_("Tactics cards are placed in the German player's "
                                     "Wehrmacht Planning (7.4)")),
    "raider": (("raid_pick",), N_("Raiders are chosen when a Storm Group raid starts (3.0 "
                                  "Storm Group)")),
    "launch": (("raid_pick",), N_("A raid is launched once its raiders are chosen (3.0 Storm "
                                  "Group)")),
    "decline": (("raid_pick",), N_("Only the free Milk House raid at the end may be declined "
                                   "(6.0)")),
    "move": (("move_pick",), N_("A move is chosen at the start of the Soviet Counter Phase "
                                "(4.0 Move)")),
    "moves-done": (("move_pick",), N_("Ending the moves is a choice of the Soviet Counter "
                                      "Phase (4.0 Move)")),
    "to": (("move_to", "displace_to"), N_("A destination is chosen for a counter that moves "
                                          "or is displaced (4.0 Move)")),
    "back": (("move_to",), N_("Choosing another counter is possible while a move's "
                              "destination is asked (4.0 Move)")),
    "carry": (("carry_weapon",), N_("A weapon is taken along when its crew moves (4.0 Soviet "
                                    "Counters and Weapon Counters)")),
    "leave": (("carry_weapon",), N_("Moving without a weapon is the other answer when a crew "
                                    "moves (4.0 Soviet Counters and Weapon Counters)")),
    **{verb: (("act_pick",), N_("A counter action is taken in the Soviet Counter Phase, after "
                                "the moves (4.0)"))
       for verb in ("attack", "suppress", "command", "radio", "observe", "recover", "team",
                    "actions-done")},
    "disrupted": (("recover_which",), N_("Which token a Recover removes is asked of a counter "
                                         "both Exhausted and Disrupted (4.0 Recover)")),
    "exhausted": (("recover_which",), N_("Which token a Recover removes is asked of a counter "
                                         "both Exhausted and Disrupted (4.0 Recover)")),
    "cmd": (("command_target",), N_("A Command Recover is given after a Command action (4.0 "
                                    "Command)")),
    "place": (("suppress_count",), N_("How many Suppression tokens to place is asked in a "
                                      "Suppress (4.0 Suppress)")),
    "split": (("suppress_split",), N_("Splitting Suppression tokens is asked on a two-coloured "
                                      "position (4.0 Suppress)")),
    "target": (("fire_target", "fo_target", "fo_second"), N_("A target is chosen once an "
                                                             "attack is declared (4.0 Attack)")),
    "one": (("fo_second",), N_("Firing at one target only is the Forward Observer's choice "
                               "(4.0 Forward Observer)")),
    "buy": (("reinforce",), N_("Counters are bought with reinforcement points (2.0 13th Guards "
                               "Rifle Division Command Post, 4.0 Request Reinforcements)")),
    "done": (("resupply_pick", "load_pick", "command_target", "reinforce"), N_(
        "Done finishes a choice of several steps: a Resupply, a Load, a Command or a purchase")),
}
"""Every verb of :data:`.actions.VERBS`: the decisions that offer it, and a whole sentence
saying where it belongs (with its rule) for an action taken at another decision (English,
shown with ``_()``)."""

ActionExplainer = Callable[["Engine", dict[str, Any], dict[str, Any]], "tuple[str, str] | None"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def tired_reason(e: Engine, cid: str) -> tuple[str, str] | None:
    """Why an Exhausted or Disrupted counter may only Recover (4.0 Recover); None if neither.

    The reason is in the language now; the rule is the English citation.
    """
    c = e.s.soviet[cid]
    if not (c.exhausted or c.disrupted):
        return None
    return _(_TIRED_SENTENCES[c.exhausted, c.disrupted]).format(name=e.name(cid)), RECOVER_RULE


def _unknown_counter(e: Engine, cid: str) -> tuple[str, str]:
    # TRANSLATORS: {counter} is the id typed, in quotes; {example} a counter's id, such as
    # 'pavlov'
    text = _("No Soviet counter is called {counter}: a counter is named by its id, such as "
             "{example}").format(counter=repr(cid), example=repr(next(iter(e.s.soviet))))
    return text, "4.0 Soviet Counter Phase"


def _not_acting(e: Engine, cid: str, rule: str) -> tuple[str, str] | None:
    """Why a counter may take no counter action at all this phase (4.0), if it may not."""
    c, name = e.s.soviet[cid], e.name(cid)
    if c.where in ("stock", "removed"):
        return _("{name} is not in the house").format(name=name), rule
    if c.where == "raid":
        return _("{name} is away on the raid").format(name=name), "3.0 Storm Group"
    if c.marker == "action":
        return (_("{name} has already taken an action this phase: one action per "
                  "counter").format(name=name), "4.0 Soviet Counter Phase")
    if c.marker == "command":
        return (_("{name} was recovered by Command this phase and may not act").format(
            name=name), "4.0 Command")
    if e.s.actions_left <= 0 or not e.count("stock", "action"):
        return _("No counter action is left this phase"), "4.0 Soviet Counter Phase"
    return None


def _sees(e: Engine, where: str, kind: str | None) -> bool:
    return bool(counters._wehrmacht_in_sight(e, where, kind))


def _colours_seen(e: Engine, where: str) -> str:
    """The colours of the tracks seen from ``where``, listed: "green, red" (1.3)."""
    return ", ".join(colour_name(colour) for colour in e.line_of_sight(where))


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
        return (_("{name} is neither Exhausted nor Disrupted, so there is nothing to recover "
                  "from").format(name=name)), rule
    tired = tired_reason(e, cid)
    if tired is not None:
        return tired
    if not e.is_square(c.where):
        return _("{name} is in Reserves: counters act from a combat position").format(
            name=name), rule
    seen = _colours_seen(e, c.where)
    if verb == "attack":
        if not spec.attack:
            return _("{name} has no Attack value").format(name=name), rule
        if not _sees(e, c.where, "infantry"):
            # TRANSLATORS: {colours} are the colours of the tracks the counter sees ("green,
            # red")
            return (_("No German infantry is on a track {name} can see (the {colours} "
                      "tracks)").format(name=name, colours=seen), rule)
    elif verb == "suppress":
        if not spec.suppress:
            return _("{name} has no Suppress value").format(name=name), rule
        if not e.count("supplies", "suppression"):
            return _("The Supplies box holds no Suppression token to place"), rule
    elif verb == "command":
        if "C" not in spec.specials:
            return _("{name} is not a Command counter").format(name=name), rule
        if not counters.command_targets(e, cid):
            return (_("No other counter in the house is Exhausted or Disrupted for {name} to "
                      "recover").format(name=name)), rule
    elif verb == "radio":
        if not e.square(c.where).radio:
            # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
            return (_("Position {position} has no radio: reinforcements are requested from a "
                      "radio position").format(position=e.square_label(c.where))), rule
        if e.location_disrupted(4):
            return _("The 13th Guards Command Post (location 4) is Disrupted"), rule
        return _("No counter or weapon in the stock costs 2 points or less"), rule
    elif verb == "observe":
        if "F" not in spec.specials:
            return _("{name} is not a Forward Observer").format(name=name), rule
        if not _sees(e, c.where, None):
            # TRANSLATORS: {colours} are the colours of the tracks the counter sees ("green,
            # red")
            return (_("No Wehrmacht counter is on a track {name} can see (the {colours} "
                      "tracks)").format(name=name, colours=seen), rule)
        return _("No Artillery token is readied on the 32nd Guards Artillery's locations"), rule
    return None


def _team(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """4.0 Anti-tank, Machine Gun, Mortar: two counters of one designation and their weapon."""
    kind, square = args["kind"], args["square"]
    special = counters.TEAM_SPECIALS.get(kind)
    if special is None:
        kinds = ", ".join(counters.TEAM_SPECIALS)
        # TRANSLATORS: {kind} is the kind typed, in quotes; {kinds} the kinds' ids ("at,
        # mg-attack, mg-suppress, mortar")
        return (_("{kind} is no weapon action: the kinds are {kinds}").format(
            kind=repr(kind), kinds=kinds), "4.0 Soviet Counters and Weapon Counters")
    rule = counters._TEAM_RULES[special]
    if not e.is_square(square):
        # TRANSLATORS: {square} is the id typed, in quotes
        return _("{square} is not a combat position of the house").format(
            square=repr(square)), rule
    label, here = e.square_label(square), e.counters_at(square)
    if (len(here) != 2 or any(e.c.soviet_counters[c].weapon_special != special for c in here)
            or not counters._matching_weapons(e, square, special)):
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        return (_("Position {position} does not hold two counters of this weapon's "
                  "designation with their weapon").format(position=label)), rule
    if e.s.actions_left < 2:
        return _("A weapon action takes two counter actions, and only one is left"), rule
    for cid in here:
        found = _not_acting(e, cid, rule) or tired_reason(e, cid)
        if found is not None:
            return found
    if kind in ("at", "mg-attack"):
        if not _sees(e, square, "armor" if kind == "at" else "infantry"):
            if kind == "at":
                # TRANSLATORS: {position} is a combat position's label such as "G3/R2";
                # {colours} the colours of the tracks it sees ("green, red")
                text = _("No German armour is on a track position {position} can see (the "
                         "{colours} tracks)")
            else:
                # TRANSLATORS: {position} is a combat position's label such as "G3/R2";
                # {colours} the colours of the tracks it sees ("green, red")
                text = _("No German infantry is on a track position {position} can see (the "
                         "{colours} tracks)")
            return text.format(position=label, colours=_colours_seen(e, square)), rule
        return None
    if not e.count("supplies", "suppression"):
        return _("The Supplies box holds no Suppression token to place"), rule
    return None


def _move(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    cid = args["counter"]
    if cid not in e.s.soviet:
        return _unknown_counter(e, cid)
    return _cap(counters.why_no_move(e, cid)), counters.MOVE_RULE


def _to(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    place, name = args["place"], e.name(p["counter"])
    if place == counters.RESERVES:  # only the displaced counter goes to Reserves (4.0 Move)
        return (_("A move takes {name} from Reserves or a position to another combat "
                  "position, never into Reserves: only a counter displaced by a move goes "
                  "there").format(name=name), counters.MOVE_RULE)
    if not e.is_square(place):
        # TRANSLATORS: {place} is the id typed, in quotes; {positions} the combat positions'
        # ids
        return (_("{place} is not a combat position of the house (they are "
                  "{positions})").format(place=repr(place), positions=", ".join(e.square_ids)),
                counters.MOVE_RULE)
    if p["op"] == "displace_to":
        who = _occupant(e, place)
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        return (_("Position {position} is held by {name}: a displaced counter goes to an "
                  "empty position or to Reserves").format(position=e.square_label(place),
                                                          name=e.name(who or "")),
                counters.MOVE_RULE)
    return _cap(counters.why_not_there(e, p["counter"], place)), counters.MOVE_RULE


def _carry(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    rule, name = "4.0 Soviet Counters and Weapon Counters", e.name(p["counter"])
    if args["_verb"] == "leave":
        return (_("{name} joins a counter of the same designation, and two such counters share "
                  "a position only with their weapon: it must be taken along").format(
                      name=name)), rule
    wid = args["weapon"]
    if wid not in e.s.weapons:
        # TRANSLATORS: {weapon} is the id typed, in quotes
        return _("No weapon is called {weapon}").format(weapon=repr(wid)), rule
    # TRANSLATORS: {weapon} is a weapon's name; {name} a Soviet counter's name
    return (_("The {weapon} is not a weapon of {name}'s designation on {name}'s position: a "
              "counter carries only such a weapon").format(weapon=e.name(wid), name=name)), rule


def _card(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """2.0, 2.2: a card that is not in hand, not of this unit, or whose action cannot be taken."""
    card_id, unit, action = args["card"], args["unit"], args["action"]
    rule = "2.2 Take up to Three Actions"
    if card_id not in e.s.hand:
        # TRANSLATORS: {card} is the id typed, in quotes
        return _("The card {card} is not in the hand this phase").format(card=repr(card_id)), rule
    card = e.c.soviet_cards[card_id]
    if card.fog or card_id in e.s.hand_used or e.s.actions_left <= 0:
        return _card_action(e, p, Card(card_id))
    if unit not in card.units:
        first, second = (_(e.unit(u).name) for u in card.units)  # a card shows two units (2.2)
        # TRANSLATORS: {unit} and {other_unit} are units' names, such as "Volga Military
        # Flotilla"; {wanted} is the unit's id typed, in quotes
        return (_("This card shows the {unit} and the {other_unit}, not {wanted}").format(
            unit=first, other_unit=second, wanted=repr(unit)), rule)
    unit_rule = f"2.0 {e.unit(unit).name}"
    known = [a for a, _label in soviet_cards.UNIT_ACTIONS[unit]]
    if action not in known:
        # TRANSLATORS: {unit} is a unit's name; {action} the action's id typed, in quotes;
        # {actions} the ids of the unit's actions
        return (_("The {unit} has no action {action}: its actions are {actions}").format(
            unit=_(e.unit(unit).name), action=repr(action), actions=", ".join(known)),
            unit_rule)
    why = soviet_cards.unavailable(e, unit, action)
    return None if why is None else (_cap(why), unit_rule)


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
        # TRANSLATORS: {counter} is the id typed, in quotes
        return _("No Wehrmacht counter {counter} is on a track now").format(
            counter=repr(wid)), p["rule"]
    if p["op"] == "fire_target":
        return _fire_target(e, p, where)
    if p["op"] == "fo_second":
        # TRANSLATORS: {target} is a Wehrmacht counter's name
        return (_("The second target must stand next to the first on its track, and the "
                  "{target} does not").format(target=e.name(wid))), p["rule"]
    return None


def _counter_pick(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """starve, hit, raider, cmd: a counter that is not among the ones this decision may take."""
    verb, cid = args["_verb"], args["counter"]
    if cid not in e.s.soviet and cid not in e.s.weapons:
        return _unknown_counter(e, cid)
    name, rule = e.name(cid), p["rule"]
    if verb == "hit":
        return _("{name} is not on the position that was hit").format(name=name), rule
    if verb == "starve":
        if cid in p.get("chosen", ()):
            return _("{name} already goes hungry at this Resupply").format(name=name), rule
        return _("{name} is not in the house, so {name} eats nothing here").format(
            name=name), rule
    if cid not in e.s.soviet:
        return _unknown_counter(e, cid)
    c = e.s.soviet[cid]
    if verb == "raider":
        if cid in p.get("chosen", ()):
            return _("{name} is already chosen for the raid").format(name=name), rule
        if c.exhausted:
            return (_("{name} is Exhausted: raiders must be neither Exhausted nor "
                      "Disrupted").format(name=name)), rule
        if c.disrupted:
            return (_("{name} is Disrupted: raiders must be neither Exhausted nor "
                      "Disrupted").format(name=name)), rule
        return _("{name} is not in the house").format(name=name), rule
    # cmd: a Command Recover
    if cid == p.get("commander"):
        return _("{name} gives the orders and cannot recover itself").format(name=name), rule
    if "C" in e.c.soviet_counters[cid].specials:
        return (_("{name} is a Command counter: Command recovers other counters only").format(
            name=name), rule)
    if c.marker == "action":
        return (_("{name} has taken an action this phase and cannot be recovered by "
                  "Command").format(name=name), rule)
    fix = args.get("fix")
    if fix not in (None, "disrupted", "exhausted") or not (c.exhausted or c.disrupted):
        return _("{name} is neither Exhausted nor Disrupted").format(name=name), rule
    if fix == "disrupted":
        return _("{name} is not Disrupted").format(name=name), rule
    return _("{name} is not Exhausted").format(name=name), rule


def _count(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """place, split, spend: a number of tokens outside what the decision allows."""
    verb, rule = args["_verb"], p["rule"]
    if verb == "place":
        most = p["most"]  # over 1: the number is asked only when there is a choice
        # TRANSLATORS: {count} is the most that may be placed; {chosen} the number asked for
        text = ngettext("From 1 up to {count} Suppression token may be placed here, not "
                        "{chosen}",
                        "From 1 up to {count} Suppression tokens may be placed here, not "
                        "{chosen}", most)
        return text.format(count=most, chosen=args["count"]), rule
    if verb == "split":
        n = p["n"]
        # TRANSLATORS: {count} Suppression tokens are split between two colours' boxes
        text = ngettext("{count} token is split, so the first colour takes 0 to {count}",
                        "{count} tokens are split, so the first colour takes 0 to {count}", n)
        return text.format(count=n), rule
    colour = e.colour_of_track(p["track"])
    have = e.count(suppress_key(colour), "suppression")
    # TRANSLATORS: {colour} is green, red or purple; {count} the Suppression tokens in its box
    text = ngettext("The {colour} Suppression box holds {count} token, so up to {count} may be "
                    "spent",
                    "The {colour} Suppression box holds {count} tokens, so up to {count} may "
                    "be spent", have)
    return text.format(colour=colour_name(colour), count=have), rule


def _token(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """take, load: a token kind that is not a supply token or that is not there."""
    kind, rule = args["token"], p["rule"]
    if kind not in SUPPLY_TOKENS:
        names = ", ".join(_(e.c.tokens[k].name) for k in SUPPLY_TOKENS)
        # TRANSLATORS: {tokens} are the supply tokens' names; {token} the id typed, in quotes
        return _("Only supply tokens are moved here ({tokens}), not {token}").format(
            tokens=names, token=repr(kind)), rule
    name = _(e.c.tokens[kind].name)
    if args["_verb"] == "take":
        # TRANSLATORS: {token} is a token's name, such as "Food"
        return _("No {token} token is left in the stock").format(token=name), rule
    if not e.count("staging", kind):
        # TRANSLATORS: {token} is a token's name, such as "Food"
        return _("No {token} token waits in the Staging Area").format(token=name), rule
    return _by_region(lambda a: Location(a["loc"]))(e, p, args)


def _defense(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    colour = args["colour"]
    if colour not in e.s.defense:
        # TRANSLATORS: {colour} is the colour typed, in quotes; {sides} the sides' ids ("green,
        # red, purple")
        text = _("The house has no {colour} side: its sides are {sides}").format(
            colour=repr(colour), sides=", ".join(e.s.defense))
        return text, p["rule"]
    # TRANSLATORS: {colour} is green, red or purple; {most} the highest Defense
    text = _("The {colour} Defense is already at its highest, {most}").format(
        colour=colour_name(colour), most=e.c.board.defense_max)
    return text, p["rule"]


def _buy(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    piece = args["piece"]
    if piece in e.s.soviet:
        where, cost = e.s.soviet[piece].where, e.c.soviet_counters[piece].cost
    elif piece in e.s.weapons:
        where, cost = e.s.weapons[piece], e.c.weapons[piece].cost
    else:
        # TRANSLATORS: {piece} is the id typed, in quotes
        return _("No counter or weapon is called {piece}").format(piece=repr(piece)), p["rule"]
    name = e.name(piece)
    if where != "stock":
        return (_("{name} is not in the stock: only a counter in the stock can be "
                  "bought").format(name=name), p["rule"])
    left = p["points"]
    # TRANSLATORS: what a counter or weapon costs, put into "{name} costs {price} and only
    # {count} points are left to spend"
    price = ngettext("{count} point", "{count} points", cost).format(count=cost)
    # TRANSLATORS: {price} is what it costs, such as "6 points"; {count} the points left
    text = ngettext("{name} costs {price} and only {count} point is left to spend",
                    "{name} costs {price} and only {count} points are left to spend", left)
    return text.format(name=name, price=price, count=left), p["rule"]


def _spot(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """Field Defenses: a circle that is no Sapper location, or one that is not empty (2.0)."""
    track, circle, rule = args["track"], args["circle"], p["rule"]
    spots = [(t.number, c) for t in e.c.board.tracks for c in t.sapper_circles]
    if (track, circle) not in spots:
        listed = ", ".join(f"{t}:{c}" for t, c in spots)
        # TRANSLATORS: {spots} are the Sapper locations as track:circle, such as "1:2, 3:2"
        return _("Track {track}, circle {circle} is not a Sapper location (they are, by "
                 "track:circle, {spots})").format(track=track, circle=circle, spots=listed), rule
    if e.count(sapper_key(track, circle), "sapper"):
        return _("Track {track}, circle {circle} already holds a Sapper token").format(
            track=track, circle=circle), rule
    return _("A Wehrmacht counter stands on track {track}, circle {circle}: a Sapper location "
             "must be empty").format(track=track, circle=circle), rule


def _raid_button(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """launch, decline: a raid with no raider yet, or one that may not be declined (3.0, 6.0)."""
    if args["_verb"] == "launch":
        return _("A raid needs at least one raider: choose a counter to send first"), p["rule"]
    return _("Only the free Milk House raid at the end of the game may be declined; this raid "
             "was started by a card action, so its raiders are chosen and it is launched"), p[
        "rule"]


def _german_card(e: Engine, p: dict[str, Any], args: dict[str, Any]) -> tuple[str, str] | None:
    """order, tactic: a card the German player does not hold, or one that must wait (7.4)."""
    card, s = args["card"], e.s
    if args["_verb"] == "tactic":
        # TRANSLATORS: {card} is the id typed, in quotes
        return _("The Tactics card {card} is not in the German player's hand").format(
            card=repr(card)), p["rule"]
    if card not in s.german_hand:
        # TRANSLATORS: {card} is the id typed, in quotes
        return _("The card {card} is not in the German player's hand").format(
            card=repr(card)), p["rule"]
    return _("A Resupply or Storm Group card cannot be kept back: the orders left go to the "
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
    with using(game.language):
        return _one_by_one([f"{o.id} ({o.label})" for o in game.legal_actions()])


def why_refused(game: Game, action: object) -> Refusal | None:
    """Why ``action`` (an option id or :class:`.Option`) may not be applied now; None if it may.

    The reason is the most specific the rules give (the counter is Exhausted, the card is not
    in hand, the location holds a token …); an action of another decision says where it
    belongs and what is asked now; anything else says what the decision asks and lists its
    legal options. Reads the game only: nothing is changed. The answer is in the game's
    language.
    """
    with using(game.language):
        return _why_refused(game, action)


def _why_refused(game: Game, action: object) -> Refusal | None:
    option_id = action.id if isinstance(action, Option) else action
    shown = repr(option_id) if isinstance(option_id, str) else repr(action)
    e = game.engine
    p = e.s.pending
    if game.is_over or p is None:
        return _refusal(shown, _("The game is over: no action can be taken"),
                        "6.0 Ending the Game")
    if p["kind"] == "chance":
        # TRANSLATORS: {roll} is what the dice are rolled for, as the pending roll names it;
        # roll() and force() are the program's functions
        return _refusal(shown, _("The dice come first ({roll}): call roll() or force() before "
                                 "choosing").format(roll=p["label"]), p["rule"])
    if not isinstance(option_id, str):
        return _refusal(shown, _("An action is an option id (a string such as 'end-phase') or "
                                 "an Option from legal_actions()"), p["rule"], _every(game))
    if option_id in game.legal_ids():
        return None
    try:
        verb, args = parse(option_id)
    except ActionIdError as exc:
        detail = str(exc).removeprefix(f"{option_id!r}: ")
        # TRANSLATORS: {action} is the id typed, in quotes; {problem} what is wrong with it
        return _refusal(shown, _("No option has the id {action}: {problem}").format(
            action=shown, problem=detail), p["rule"], _every(game))
    ops, where = VERB_HOMES[verb]
    if p["op"] not in ops:
        # TRANSLATORS: {where} is a whole sentence saying which decision offers the action,
        # such as "A move is chosen at the start of the Soviet Counter Phase (4.0 Move)";
        # {prompt} is the question the game asks now
        return _refusal(shown, _("{where}, and the decision now is another one: "
                                 "{prompt}").format(where=_(where), prompt=p["prompt"]),
                        p["rule"], _every(game))
    explainer = ACTION_EXPLAINERS.get(verb)
    found = explainer(e, p, {**args, "_verb": verb}) if explainer is not None else None
    if found is not None:
        text, rule = found
        return _refusal(shown, text, rule, _may_instead(game, args))
    # TRANSLATORS: {action} is the id typed, in quotes; {prompt} is the question the game
    # asks now
    return _refusal(shown, _("{action} is not one of this decision's options: {prompt}").format(
        action=shown, prompt=p["prompt"]), p["rule"], _every(game))


def _may_instead(game: Game, args: dict[str, Any]) -> str:
    """What may be done instead: the options with the same counter, else every option."""
    cid = args.get("counter")
    if isinstance(cid, str) and cid in game.state.soviet:
        mine = [o.label for o in game.legal_actions() if Counter(cid).id in o.targets]
        name = game.engine.name(cid)
        if mine:
            # TRANSLATORS: {options} are the labels of the options, such as "Naumov: Attack
            # (2 dice); Naumov: Suppress"
            return _("What {name} may do now: {options}.").format(name=name,
                                                                  options=_one_by_one(mine))
    return _every(game)


def _every(game: Game) -> str:
    """Every legal option, as the sentence that closes a refusal."""
    # TRANSLATORS: {options} are the options as "id (label)", such as "end-phase (End the
    # Soviet Card Phase); card:soviet-03:62nd-army-cp:recover (...)"
    return _("The options now: {options}.").format(options=legal_list(game))


def counter_limits(game: Game, region: str) -> Refusal | None:
    """What a counter that is still a choice may not do, and why (4.0 Recover); else None.

    ``why_not`` answers None for a glowing counter; a learner asking about an Exhausted
    counter that glows for its Recover still wants to hear why it may not Attack. The answer
    is in the game's language.
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
    with using(game.language):
        tired = tired_reason(e, place.counter)
        if tired is None:
            return None
        text, rule = tired
        return _refusal(region, text, rule, _may_instead(game, {"counter": place.counter}))
