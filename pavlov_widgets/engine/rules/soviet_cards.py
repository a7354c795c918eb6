"""The Soviet Card Phase (2.0): draw four, take up to three actions (one per card), discard.

Each card shows two of the eight units of the 62nd Army; an action is one of that unit's
options (2.0, "Playing the Game: Soviet Cards"). Improved Communications (all four Signal
locations wired at the start of the phase) allows a fourth action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ..actions import DONE, END_PHASE, Option
from ..components import COLOURS, SUPPLY_TOKENS
from ..i18n import N_, _, language, ngettext
from ..machine import Engine, decision, fixed_option, step
from ..places import (
    STAGING_BOX,
    SUPPLIES_BOX,
    CardHalf,
    Defense,
    Location,
    TrackCircle,
    loc_key,
    sapper_key,
)
from ..sections import colour_name
from .raids import raid_candidates, raid_target_clear, start_raid
from .reinforcements import can_afford, start_purchase

RULE = "2.0 Soviet Card Phase"

# unit id -> ((action key, label), ...) in the rulebook's order
UNIT_ACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "62nd-army-cp": (
        ("recover", N_("Recover")),
        ("resupply", N_("Resupply")),
        ("storm", N_("Storm Group")),
        ("support", N_("Operational Support")),
    ),
    "13th-guards-cp": (("recover", N_("Recover")), ("reinforce", N_("Send Reinforcements"))),
    "8th-guards-sapper": (("buttress", N_("Buttress")), ("field", N_("Field Defenses"))),
    "139th-signal": (("recover", N_("Recover")), ("tactical", N_("Tactical Decision")),
                     ("wire", N_("Wire Communications"))),
    "32nd-guards-artillery": (("recover", N_("Recover")), ("ready", N_("Ready Artillery"))),
    "volga-flotilla": (("recover", N_("Recover")), ("load", N_("Load Supplies")),
                       ("deliver", N_("Deliver Supplies"))),
    "267th-aa": (("recover", N_("Recover")), ("ready", N_("Ready Anti-aircraft"))),
    "1083rd-aa": (("recover", N_("Recover")), ("ready", N_("Ready Anti-aircraft"))),
}
"""Every option of every unit, in the order the rulebook lists them (2.0).

The labels are English (marked for the catalogs); show one with ``_(label)``.
"""

_ACTION_LABELS = {
    (unit, action): label for unit, actions in UNIT_ACTIONS.items() for action, label in actions
}

SIGNALS = "139th-signal"
FLOTILLA = "volga-flotilla"


@step("soviet_card_phase")
def soviet_card_phase(e: Engine, f: dict[str, Any]) -> None:
    """Start the phase: Improved Communications, then draw four (2.1)."""
    s = e.s
    s.phase = "soviet_cards"
    s.hand_used = []
    wired = all(e.count(loc_key(n), "wire") for n in e.unit_locations(SIGNALS))
    s.actions_left = 4 if wired else 3
    if wired:
        e.log(_("Improved Communications: four card actions this phase"),
              "2.0 Wire Communications")
    draw(e, 4)
    e.push("card_phase_end")
    e.push("card_actions")


def draw(e: Engine, n: int) -> None:
    """Draw ``n`` Soviet cards, shuffling the discards into a new deck when short (2.1)."""
    s = e.s
    for _n in range(n):
        if not s.soviet_deck:
            if not s.soviet_discard:
                e.log(_("No Soviet card is left to draw"), "2.1 Draw Four Cards")
                return
            s.soviet_deck = s.soviet_discard
            s.soviet_discard = []
            e.shuffle(s.soviet_deck)
            e.log(_("The Soviet discards are shuffled into a new deck"), "2.1 Draw Four Cards")
        s.hand.append(s.soviet_deck.pop(0))
    fog = sum(1 for c in s.hand if e.c.soviet_cards[c].fog)
    count = len(s.hand)
    if fog:
        # TRANSLATORS: {count} cards in the Soviet hand, {fog} of them Fog of War cards
        text = ngettext("Hand: {count} card, {fog} Fog of War",
                        "Hand: {count} cards, {fog} Fog of War", count).format(count=count, fog=fog)
    else:
        text = ngettext("Hand: {count} card", "Hand: {count} cards", count).format(count=count)
    e.log(
        text,
        "2.1 Draw Four Cards",
        seen_by="soviet" if e.o.competitive else "",  # the hand is hidden from the German (7.4)
    )


@step("card_actions")
def card_actions(e: Engine, f: dict[str, Any]) -> None:
    """Offer the card actions while actions remain (2.2)."""
    if e.s.actions_left <= 0:
        return
    left = e.s.actions_left
    e.ask(
        "card_action",
        # TRANSLATORS: {left} is how many card actions are left this phase
        ngettext("Soviet Card Phase: choose a card action ({left} left) or end the phase",
                 "Soviet Card Phase: choose a card action ({left} left) or end the phase",
                 left).format(left=left),
        "2.2 Take up to Three Actions",
    )


@step("card_phase_end")
def card_phase_end(e: Engine, f: dict[str, Any]) -> None:
    """Discard every card drawn, used or not (2.3)."""
    s = e.s
    s.soviet_discard.extend(s.hand)
    s.hand = []
    s.hand_used = []
    s.actions_left = 0
    e.log(_("All Soviet cards are discarded"), "2.3 Discard all Cards")


# --- which options are open ---------------------------------------------------------------


def _any_disrupted(e: Engine, unit: str) -> list[int]:
    tokens = e.s.tokens
    return [n for n, key in e.unit_loc_keys(unit) if key in tokens and tokens[key].get(
        "disrupted", 0)]


def _token_free(e: Engine, unit: str, kind: str) -> list[int]:
    tokens = e.s.tokens
    return [n for n, key in e.unit_loc_keys(unit) if key not in tokens or not tokens[key].get(
        kind, 0)]


def empty_sapper_spots(e: Engine) -> list[tuple[int, int]]:
    """Sapper locations with neither a Sapper token nor a Wehrmacht counter (FR note)."""
    out = []
    for t in e.c.board.tracks:
        for circle in t.sapper_circles:
            if not e.count(sapper_key(t.number, circle), "sapper") and not e.s.tracks[
                t.number - 1
            ][circle - 1]:
                out.append((t.number, circle))
    return out


def _flotilla_open(e: Engine) -> list[int]:
    return [
        n
        for n in e.unit_locations(FLOTILLA)
        if not e.location_disrupted(n) and not e.location_tokens(n)
    ]


def available(e: Engine, unit: str, action: str) -> bool:
    """Whether a unit's action can be taken now (the conditions of 2.0)."""
    return unavailable(e, unit, action) is None


def unavailable(e: Engine, unit: str, action: str) -> str | None:
    """Why a unit's action cannot be taken now, in a person's words; None if it can (2.0).

    The one statement of each action's conditions: :func:`available` (and so the legal
    options) and the "why not?" answers of :mod:`pavlov_widgets.engine.explain` both read it.
    """
    stock = e.s.tokens["stock"]
    if action == "recover":
        if _any_disrupted(e, unit):
            return None
        # TRANSLATORS: {unit} is a unit's short name, such as "Signals" or "62nd CP"
        return _("no location of the {unit} is Disrupted").format(unit=_(e.unit(unit).short))
    if unit == "62nd-army-cp":
        if action == "support":
            return None if support_ready(e) else _support_missing(e)
        if e.location_disrupted(18):
            return _("the 62nd Army Command Post (18) is Disrupted")
        if action == "resupply":
            if any(stock.get(k, 0) for k in SUPPLY_TOKENS):
                return None
            return _("no Ammunition, First Aid, Food or Sapper token is left in the stock")
        if not e.s.storm_box:
            return _("no Storm Group card waits in the Storm Group box")
        if not raid_target_clear(e):
            colour = e.c.storm_group_on(e.s.storm_box).colour
            return _("the {colour} tracks are not clear of Wehrmacht counters").format(
                colour=colour_name(colour))
        return None if raid_candidates(e) else _("no counter in the house is fit to raid")
    if unit == "13th-guards-cp":
        if e.location_disrupted(4):
            return _("the 13th Guards Command Post (4) is Disrupted")
        if can_afford(e, 6):
            return None
        return _("no counter or weapon in the stock costs 6 or less")
    if unit == "8th-guards-sapper":
        if not e.count("supplies", "sapper"):
            return _("no Sapper token is in the Supplies box")
        if action == "buttress":
            if e.location_disrupted(3) or any(
                e.s.defense[c] < e.c.board.defense_max for c in COLOURS
            ):
                return None
            return _("every Defense is at its highest and location 3 is not Disrupted")
        return None if empty_sapper_spots(e) else _("no Sapper location is empty")
    if unit == "139th-signal":
        if action == "tactical":
            if not any(e.c.soviet_cards[c].fog for c in e.s.hand):
                return _("no Fog of War card is in the hand")
            if len(_any_disrupted(e, unit)) >= len(e.unit_locations(SIGNALS)):
                # TRANSLATORS: {unit} is a unit's short name, such as "Signals"
                return _("every location of the {unit} is Disrupted").format(
                    unit=_(e.unit(unit).short))
            return None
        return _token_missing(e, unit, "wire")
    if unit == "32nd-guards-artillery":
        return _token_missing(e, unit, "artillery")
    if unit == "volga-flotilla":
        if action == "load":
            if not e.s.tokens.get("staging"):
                return _("no token waits in the Staging Area")
            return None if _flotilla_open(e) else _("no Flotilla location is free to load")
        if any(e.location_tokens(n) for n in e.unit_locations(FLOTILLA)):
            return None
        return _("no token is loaded on the Flotilla's locations")
    # the two anti-aircraft units
    return _token_missing(e, unit, "aa")


def _token_missing(e: Engine, unit: str, kind: str) -> str | None:
    """Why a unit cannot ready a token of ``kind`` (none in stock, no free location)."""
    token = _(e.c.tokens[kind].name)
    if not e.count("stock", kind):
        # TRANSLATORS: {token} is a kind of token, such as "Artillery" or "Wire Communications"
        return _("no {token} token is left in the stock").format(token=token)
    if not _token_free(e, unit, kind):
        # TRANSLATORS: {unit} is a unit's short name ("Signals"); {token} a kind of token
        return _("every location of the {unit} already holds a {token} token").format(
            unit=_(e.unit(unit).short), token=token)
    return None


def _support_missing(e: Engine) -> str:
    """Why the Operational Support card in play cannot be satisfied (7.1)."""
    if not e.s.os_current:
        return _("no Operational Support card is in play")
    card = e.c.operational_support[e.s.os_current]
    short = [_tokens_of(e, k, n) for k, n in card.tokens.items() if e.count("stock", k) < n]
    if short:
        # TRANSLATORS: {card} is an Operational Support card's name; {tokens} a list such as
        # "2 Food, 1 Ammunition"
        return _("{card} needs {tokens} in the stock").format(
            card=_(card.name), tokens=", ".join(short))
    return _("{card} needs its locations free of Disrupted tokens").format(card=_(card.name))


def _tokens_of(e: Engine, kind: str, count: int) -> str:
    """``count`` tokens of ``kind`` as an item of a list: "2 Food" (7.1)."""
    # TRANSLATORS: a number of tokens of one kind, an item of a list: "2 Food", "1 Ammunition"
    return ngettext("{count} {token}", "{count} {token}", count).format(
        count=count, token=_(e.c.tokens[kind].name))


def support_ready(e: Engine) -> bool:
    """Whether the Operational Support card in play can be satisfied now (7.1)."""
    if not e.s.os_current:
        return False
    card = e.c.operational_support[e.s.os_current]
    return all(e.count("stock", k) >= n for k, n in card.tokens.items()) and not any(
        e.location_disrupted(n) for n in card.locations
    )


def _support(e: Engine, unit: str) -> None:
    """7.1: remove the card's tokens from the game, set it aside for VP, turn up the next."""
    s = e.s
    card = e.c.operational_support[s.os_current]
    for kind, n in card.tokens.items():
        e.move_tokens(kind, "stock", "removed", n)
    s.os_won.append(s.os_current)
    paid = ", ".join(_tokens_of(e, k, n) for k, n in card.tokens.items())
    # TRANSLATORS: {card} is an Operational Support card's name; {tokens} a list such as
    # "2 Food, 1 Ammunition"; {vp} its victory points
    e.log(_("Operational Support: {card} ({tokens} removed from the game; {vp} VP)").format(
              card=_(card.name), tokens=paid, vp=card.vp),
          "7.1 Operational Support Cards", card=card.id)
    s.os_current = s.os_deck.pop(0) if s.os_deck else ""
    if s.os_current:
        e.log(_("Next Operational Support card: {card}").format(
                  card=_(e.c.operational_support[s.os_current].name)),
              "7.1 Operational Support Cards", card=s.os_current)


@cache
def _card_option(
    index: int, card_id: str, unit: str, short: str, action: str, lang: str
) -> Option:
    """One card action's option (pure, so memoised: the same few recur every phase).

    It is drawn on the half of the card that shows its unit (``card:<card>:<unit>``), so a
    click on that half takes the action (2.0: each card shows two units). ``lang`` is the
    language now (the label is in it), a key of the memo.
    """
    return Option(
        "card",
        # TRANSLATORS: {number} is the card's place in the hand; {unit} a unit's short name
        # ("Signals"); {action} one of its card actions ("Recover", "Wire Communications")
        _("Card {number}, {unit}: {action}").format(
            number=index + 1, unit=_(short), action=_(_ACTION_LABELS[unit, action])),
        (CardHalf(card_id, unit).id,),
        card=card_id,
        unit=unit,
        action=action,
    )


def _card_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    opts = []
    cards = e.c.soviet_cards
    used = e.s.hand_used
    # two cards in hand often show the same unit: ask once per (unit, action)
    open_now: dict[tuple[str, str], bool] = {}
    lang = language()
    for index, card_id in enumerate(e.s.hand):
        card = cards[card_id]
        if card.fog or card_id in used:
            continue
        for unit in card.units:
            for action, _label in UNIT_ACTIONS[unit]:
                key = (unit, action)
                ok = open_now.get(key)
                if ok is None:
                    ok = open_now[key] = unavailable(e, unit, action) is None
                if ok:
                    opts.append(_card_option(index, card_id, unit, e.unit(unit).short, action,
                                             lang))
    opts.append(fixed_option(END_PHASE, N_("End the Soviet Card Phase")))
    return opts


@decision("card_action", _card_options)
def card_action(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Use one card for one of its unit's actions (2.2), then offer the next."""
    if picked.verb == END_PHASE:
        e.log(_("The Soviet Card Phase ends"), "2.2 Take up to Three Actions")
        return
    card_id, unit, action = picked.str_arg("card"), picked.str_arg("unit"), picked.str_arg(
        "action")
    e.s.hand_used.append(card_id)
    e.s.actions_left -= 1
    # TRANSLATORS: {unit} is a unit's full name; {action} one of its card actions ("Recover")
    e.log(_("{unit}: {action}").format(unit=_(e.unit(unit).name),
                                      action=_(_ACTION_LABELS[unit, action])),
          f"2.0 {e.unit(unit).name}", card=card_id, targets=(CardHalf(card_id, unit).id,))
    e.push("card_actions")
    ACTIONS[(unit, action)](e, unit)


# --- the actions --------------------------------------------------------------------------


def _pick_location(e: Engine, purpose: str, unit: str, locations: list[int]) -> None:
    """Pick one of several locations; with one candidate there is nothing to ask.

    The log then says so (an ``auto`` entry), so the player knows the choice was made for them.
    """
    if len(locations) == 1:
        _apply_location(e, purpose, unit, locations[0], only=True)
        return
    e.ask(
        "card_location",
        # TRANSLATORS: {unit} is a unit's full name ("139th Signal Battalion")
        _("{unit}: choose a location").format(unit=_(e.unit(unit).name)),
        f"2.0 {e.unit(unit).name}",
        purpose=purpose,
        unit=unit,
        locations=locations,
    )


@cache
def _location_option(n: int, lang: str) -> Option:
    """A Volga location as an option (memoised per language ``lang``: there are sixteen)."""
    return Option("loc", _("Location {location}").format(location=n), (Location(n).id,), loc=n)


def _location_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    lang = language()
    return [_location_option(n, lang) for n in p["locations"]]


@decision("card_location", _location_options)
def card_location(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The chosen location for a Recover or Ready action."""
    _apply_location(e, p["purpose"], p["unit"], picked.int_arg("loc"))


def _apply_location(e: Engine, purpose: str, unit: str, loc: int, only: bool = False) -> None:
    """Recover or ready ``loc``; ``only``: it was the one location possible, taken unasked."""
    rule = f"2.0 {e.unit(unit).name}"
    here = (Location(loc).id,)
    kind = "auto" if only else "event"
    if purpose == "recover":
        e.move_tokens("disrupted", loc_key(loc), "stock")
        if only:
            text = _("Only location {location} had a Disrupted token, so that token returned "
                     "to the stock").format(location=loc)
        else:
            text = _("The Disrupted token on {location} returns to the stock").format(
                location=loc)
        e.log(text, rule, kind=kind, targets=here)
    else:
        e.move_tokens(purpose, "stock", loc_key(loc))
        name = e.c.tokens[purpose].name
        token = _(name)
        if only:
            # TRANSLATORS: {token} is a kind of token ("Artillery", "Wire Communications")
            text = _("Only location {location} could take the {token} token, so it went "
                     "there").format(location=loc, token=token)
        elif name[0] in "AEIOU":
            # TRANSLATORS: {token} is a kind of token whose English name starts with a vowel
            # ("Artillery", "Anti-aircraft"); {location} a Volga location's number
            text = _("An {token} token is readied on {location}").format(
                token=token, location=loc)
        else:
            # TRANSLATORS: {token} is a kind of token ("Wire Communications"); {location} a
            # Volga location's number
            text = _("A {token} token is readied on {location}").format(
                token=token, location=loc)
        e.log(text, rule, kind=kind, targets=here)


def _recover(e: Engine, unit: str) -> None:
    _pick_location(e, "recover", unit, _any_disrupted(e, unit))


def _ready(kind: str) -> Callable[[Engine, str], None]:
    def act(e: Engine, unit: str) -> None:
        _pick_location(e, kind, unit, _token_free(e, unit, kind))

    return act


def _resupply(e: Engine, unit: str) -> None:
    e.ask(
        "resupply_pick",
        _("Resupply: choose up to 5 supply tokens for the Staging Area"),
        "2.0 62nd Army Command Post",
        left=5,
    )


def _resupply_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    lang = language()
    opts = [
        _take_option(k, e.c.tokens[k].name, e.count("stock", k), lang)
        for k in SUPPLY_TOKENS
        if e.count("stock", k) > 0
    ]
    opts.append(_done_adding(5 - p["left"], lang))
    return opts


@cache
def _take_option(kind: str, name: str, in_stock: int, lang: str) -> Option:
    """Resupply: one token from the stock (memoised on what its label shows, in ``lang``)."""
    # TRANSLATORS: {token} is a kind of supply token ("Food"); {count} how many the stock holds
    label = _("Add {token} ({count} in stock)").format(token=_(name), count=in_stock)
    return Option("take", label, (STAGING_BOX.id,), token=kind)


@cache
def _done_adding(added: int, lang: str) -> Option:
    # TRANSLATORS: {count} is how many supply tokens were added to the Staging Area
    return Option(DONE, ngettext("Done ({count} added)", "Done ({count} added)", added).format(
        count=added))


@decision("resupply_pick", _resupply_options)
def resupply_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """One token at a time from the stock to the Staging Area, up to five."""
    if picked.verb == DONE:
        return
    kind = picked.str_arg("token")
    e.move_tokens(kind, "stock", "staging")
    # TRANSLATORS: {token} is a kind of supply token ("Food", "Ammunition")
    e.log(_("{token} token to the Staging Area").format(token=_(e.c.tokens[kind].name)),
          "2.0 62nd Army Command Post")
    left = p["left"] - 1
    if left > 0 and any(e.count("stock", k) for k in SUPPLY_TOKENS):
        e.ask("resupply_pick", p["prompt"], p["rule"], left=left)


def _storm(e: Engine, unit: str) -> None:
    start_raid(e, free=False)


def _reinforce(e: Engine, unit: str) -> None:
    start_purchase(e, 6, "2.0 13th Guards Rifle Division Command Post")


def _buttress(e: Engine, unit: str) -> None:
    e.ask("buttress_pick", _("Buttress: raise a Defense or clear location 3"),
          "2.0 8th Guards Sapper Battalion")


def _buttress_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    opts = [
        Option("defense",
               # TRANSLATORS: {colour} is a board colour ("green"); {defense} the new Defense
               _("Raise {colour} Defense to {defense}").format(
                   colour=colour_name(c), defense=e.s.defense[c] + 1),
               (Defense(c).id,), colour=c)
        for c in COLOURS
        if e.s.defense[c] < e.c.board.defense_max
    ]
    if e.location_disrupted(3):
        opts.append(_clear_3(language()))
    return opts


@cache
def _clear_3(lang: str) -> Option:
    """Buttress: clear location 3 (memoised per language ``lang``)."""
    return Option("loc", _("Remove the Disrupted token from 3"), (Location(3).id,), loc=3)


@decision("buttress_pick", _buttress_options)
def buttress_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Spend the Sapper token: +1 Defense for a colour, or clear location 3."""
    rule = "2.0 8th Guards Sapper Battalion"
    e.move_tokens("sapper", "supplies", "stock")
    if picked.verb == "loc":
        e.move_tokens("disrupted", loc_key(3), "stock")
        e.log(_("Sappers clear the Disrupted token from location 3"), rule,
              targets=(Location(3).id,))
    else:
        colour = picked.str_arg("colour")
        e.s.defense[colour] += 1
        # TRANSLATORS: {colour} is a board colour ("green"); {defense} its new Defense
        e.log(_("Sappers buttress the {colour} positions: Defense {defense}").format(
                  colour=colour_name(colour), defense=e.s.defense[colour]), rule,
              targets=(Defense(colour).id,))


def _field(e: Engine, unit: str) -> None:
    e.ask("sapper_spot", _("Field Defenses: choose an empty Sapper location"),
          "2.0 8th Guards Sapper Battalion")


def _sapper_spot_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    return [
        Option("spot", _("Track {track}, circle {circle}").format(track=t, circle=c),
               (TrackCircle(t, c).id,), track=t, circle=c)
        for t, c in empty_sapper_spots(e)
    ]


@decision("sapper_spot", _sapper_spot_options)
def sapper_spot(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Move the Sapper token from Supplies to the chosen location."""
    t, c = picked.int_arg("track"), picked.int_arg("circle")
    e.move_tokens("sapper", "supplies", sapper_key(t, c))
    e.log(_("A Sapper token is placed on track {track}, circle {circle}").format(
              track=t, circle=c), "2.0 8th Guards Sapper Battalion",
          targets=(TrackCircle(t, c).id,))


def _tactical(e: Engine, unit: str) -> None:
    s = e.s
    fog = next(c for c in s.hand if e.c.soviet_cards[c].fog)
    s.hand.remove(fog)
    s.fog_stock.append(fog)
    e.log(_("A Fog of War card goes back to the stock; a new card is drawn"),
          "2.0 139th Signal Battalion", card=fog)
    draw(e, 1)


def _load(e: Engine, unit: str) -> None:
    e.ask("load_pick", _("Load Supplies: move up to 3 tokens onto the Flotilla"),
          "2.0 Volga Military Flotilla",
          left=3)


def _load_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    opts = []
    lang = language()
    for k in SUPPLY_TOKENS:
        if e.count("staging", k):
            for n in _flotilla_open(e):
                opts.append(_load_option(k, e.c.tokens[k].name, n, lang))
    opts.append(fixed_option(DONE, N_("Done loading")))
    return opts


@cache
def _load_option(kind: str, name: str, loc: int, lang: str) -> Option:
    """Load: one token from Staging onto a Flotilla location (memoised, per language)."""
    # TRANSLATORS: {token} is a kind of supply token ("Food"); {location} a Volga location
    label = _("{token} onto {location}").format(token=_(name), location=loc)
    return Option("load", label, (Location(loc).id,), token=kind, loc=loc)


@decision("load_pick", _load_options)
def load_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """One token from Staging onto an empty, undisrupted Flotilla location."""
    if picked.verb == DONE:
        return
    kind, n = picked.str_arg("token"), picked.int_arg("loc")
    e.move_tokens(kind, "staging", loc_key(n))
    # TRANSLATORS: {token} is a kind of supply token ("Food"); {location} a Volga location
    e.log(_("{token} token loaded on {location}").format(
              token=_(e.c.tokens[kind].name), location=n), "2.0 Volga Military Flotilla",
          targets=(Location(n).id,))
    left = p["left"] - 1
    if left > 0 and e.s.tokens.get("staging") and _flotilla_open(e):
        e.ask("load_pick", p["prompt"], p["rule"], left=left)


def _deliver(e: Engine, unit: str) -> None:
    rule = "2.0 Volga Military Flotilla"
    for n in e.unit_locations(FLOTILLA):
        for kind in e.location_tokens(n):
            if kind == "ammunition":
                e.move_tokens(kind, loc_key(n), "stock")
                got = e.move_tokens("suppression", "stock", "supplies", 5)
                # TRANSLATORS: {location} is a Volga location's number
                e.log(ngettext("Ammunition from {location} delivered: {count} Suppression "
                               "token to Supplies",
                               "Ammunition from {location} delivered: {count} Suppression "
                               "tokens to Supplies", got).format(location=n, count=got),
                      rule, targets=(Location(n).id, SUPPLIES_BOX.id))
            else:
                e.move_tokens(kind, loc_key(n), "supplies")
                # TRANSLATORS: {token} is a kind of supply token ("Food"); {location} a Volga
                # location's number
                e.log(_("{token} token from {location} delivered to Supplies").format(
                          token=_(e.c.tokens[kind].name), location=n), rule,
                      targets=(Location(n).id, SUPPLIES_BOX.id))


def _wire(e: Engine, unit: str) -> None:
    _pick_location(e, "wire", unit, _token_free(e, unit, "wire"))


ACTIONS: dict[tuple[str, str], Callable[[Engine, str], None]] = {
    ("62nd-army-cp", "recover"): _recover,
    ("62nd-army-cp", "resupply"): _resupply,
    ("62nd-army-cp", "storm"): _storm,
    ("62nd-army-cp", "support"): _support,
    ("13th-guards-cp", "recover"): _recover,
    ("13th-guards-cp", "reinforce"): _reinforce,
    ("8th-guards-sapper", "buttress"): _buttress,
    ("8th-guards-sapper", "field"): _field,
    ("139th-signal", "recover"): _recover,
    ("139th-signal", "tactical"): _tactical,
    ("139th-signal", "wire"): _wire,
    ("32nd-guards-artillery", "recover"): _recover,
    ("32nd-guards-artillery", "ready"): _ready("artillery"),
    ("volga-flotilla", "recover"): _recover,
    ("volga-flotilla", "load"): _load,
    ("volga-flotilla", "deliver"): _deliver,
    ("267th-aa", "recover"): _recover,
    ("267th-aa", "ready"): _ready("aa"),
    ("1083rd-aa", "recover"): _recover,
    ("1083rd-aa", "ready"): _ready("aa"),
}
"""What each (unit, action) does when chosen."""
