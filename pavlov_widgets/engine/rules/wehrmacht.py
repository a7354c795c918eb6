"""The Wehrmacht Card Phase (3.0): reveal three cards, one at a time, and resolve each.

Attack Defender (Sniper), Suppress Defender (Mortar), Attack Building (four artillery
cards), Bomb Stalingrad (Ju 87), Place Wehrmacht Counter (seven counter types, with the
player's Suppression-token defence and the Sapper rolls), Assault, and the special
Resupply / Storm Group cards.
"""

from __future__ import annotations

from functools import cache
from math import ceil
from typing import Any

from ..actions import FIRE, Option
from ..components import COLOURS
from ..i18n import N_, _, language, ngettext
from ..machine import Engine, decision, fixed_option, step
from ..places import (
    Counter,
    Defense,
    Location,
    SuppressionBox,
    TrackCircle,
    Weapon,
    loc_key,
    sapper_key,
    suppress_key,
)
from ..sections import colour_name
from . import planning
from .combat import start_targeted

RULE = "3.0 Wehrmacht Card Phase"


@step("wehrmacht_phase")
def wehrmacht_phase(e: Engine, f: dict[str, Any]) -> None:
    """Start the phase: three cards will be revealed (3.0).

    In the competitive variant the German player's face-down Tactics card is revealed first
    and the cards come from the order pile, top to bottom (7.4).
    """
    e.s.phase = "wehrmacht_cards"
    e.s.cards_in_phase = 0
    e.push("reveal_wehrmacht")
    if e.o.competitive:
        planning.reveal_tactics(e)
    elif e.o.tactics != "none":
        deal_tactics(e)


def deal_tactics(e: Engine) -> None:
    """Deal this turn's Tactics cards (7.2).

    Veteran (7.2.1): one new card replaces the last. Elite (7.2.2): two in play; each turn
    the older one leaves, the other shifts over and a new one is dealt.
    """
    s = e.s
    keep = 1 if e.o.tactics == "elite" else 0
    while len(s.tactics_in_play) > keep:
        gone = s.tactics_in_play.pop(0)
        s.tactics_removed.append(gone)
        e.log(_("Tactics card {card} leaves play").format(card=_(e.c.tactics[gone].name)),
              "7.2 Tactics Cards", card=gone)
    want = 2 if e.o.tactics == "elite" else 1
    while len(s.tactics_in_play) < want and s.tactics_deck:
        card = s.tactics_deck.pop(0)
        s.tactics_in_play.append(card)
        spec = e.c.tactics[card]
        effects = planning.effects_text(spec.effects)
        # TRANSLATORS: {effects} is a list such as "sniper dice +1, ju87 defense +1"
        e.log(_("Tactics card {card} is in play this turn ({effects})").format(
                  card=_(spec.name), effects=effects),
              "7.2 Tactics Cards", card=card)


@step("reveal_wehrmacht")
def reveal_wehrmacht(e: Engine, f: dict[str, Any]) -> None:
    """Reveal the next card and resolve it before the next one (3.0)."""
    s = e.s
    pile = s.orders if e.o.competitive else s.wehrmacht_deck  # 7.4: the order pile
    if s.cards_in_phase >= 3 or not pile:
        return
    s.cards_in_phase += 1
    card_id = pile.pop(0)
    s.wehrmacht_current = card_id
    e.push("reveal_wehrmacht")
    e.push("finish_wehrmacht_card")
    if card_id in e.c.resupply_cards:
        e.log(_("Card {number} of 3: Resupply").format(number=s.cards_in_phase),
              "3.0 Special Cards", kind="card", card=card_id)
        e.push("resupply")
        return
    card = e.c.wehrmacht_cards[card_id]
    e.log(_card_line(e, card_id, s.cards_in_phase), RULE, kind="card", card=card_id)
    if card.kind in ("sniper", "mortar", "artillery"):
        rule = {
            "sniper": "3.0 Attack Defender",
            "mortar": "3.0 Suppress Defender",
            "artillery": "3.0 Attack Building",
        }[card.kind]
        e.roll(
            1,
            {"type": "pick", "labels": list(card.colour_table)},
            _("{card}: colour roll").format(card=_(card.name)),
            rule,
            "card_colour",
            card=card_id,
        )
    elif card.kind == "ju87":
        e.push("ju87", card=card_id)
    elif card.kind == "place":
        e.push("place_card", card=card_id)
    elif card.kind == "assault":
        e.push("assault")
    else:
        e.push("storm_group_card", card=card_id)


def _card_line(e: Engine, card_id: str, number: int) -> str:
    """The log line of a revealed card: its number in the phase, its name and what it says."""
    card = e.c.wehrmacht_cards[card_id]
    name = _(card.name)
    if card.kind == "ju87":
        return ngettext(
            "Card {number} of 3: {card} ({count} aircraft, Ju 87 Defense {defense})",
            "Card {number} of 3: {card} ({count} aircraft, Ju 87 Defense {defense})",
            card.aircraft,
        ).format(number=number, card=name, count=card.aircraft, defense=card.defense)
    if card.kind == "artillery":
        return ngettext(
            "Card {number} of 3: {card} ({count} die against the building)",
            "Card {number} of 3: {card} ({count} dice against the building)",
            card.dice,
        ).format(number=number, card=name, count=card.dice)
    if card.kind == "place":
        kind = e.c.wehrmacht_types[card.counter_type]
        if kind.kind == "infantry":
            return _(
                "Card {number} of 3: {card} (place a counter: Suppress {suppress}, "
                "Defense {defense})"
            ).format(number=number, card=name, suppress=kind.suppress, defense=kind.defense)
        return _(
            "Card {number} of 3: {card} (place a counter: Attack {attack}, Defense {defense})"
        ).format(number=number, card=name, attack=kind.attack, defense=kind.defense)
    return _("Card {number} of 3: {card}").format(number=number, card=name)


@step("finish_wehrmacht_card")
def finish_wehrmacht_card(e: Engine, f: dict[str, Any]) -> None:
    """A resolved card goes to the used pile (a Storm Group card has gone to its box)."""
    if e.s.wehrmacht_current:
        e.s.wehrmacht_done.append(e.s.wehrmacht_current)
        e.s.wehrmacht_current = ""


@step("card_colour")
def card_colour(e: Engine, f: dict[str, Any]) -> None:
    """The colour roll of a Sniper, Mortar or artillery card picks the target colour."""
    card = e.c.wehrmacht_cards[f["card"]]
    colour = card.colour_for(f["dice"][0])
    if card.kind == "sniper":
        dice = 4 + e.tactic("sniper_dice")
        # the source is the card's name, translated where it is shown
        start_targeted(e, colour, dice, "attack", "Sniper", "3.0 Attack Defender")
    elif card.kind == "mortar":
        dice = 4 + e.tactic("mortar_dice")
        start_targeted(e, colour, dice, "suppress", "Mortar", "3.0 Suppress Defender")
    else:
        defense = e.s.defense[colour]
        dice = card.dice + e.tactic("artillery_dice")
        e.roll(
            dice,
            {"type": "any", "target": defense},
            ngettext(
                "{source}: {count} die against {colour} Defense {defense}",
                "{source}: {count} dice against {colour} Defense {defense}",
                dice,
            ).format(source=_(card.name), count=dice, colour=colour_name(colour),
                     defense=defense),
            "3.0 Attack Building",
            "attack_building",
            colour=colour,
            source=card.name,
            rule_name="3.0 Attack Building",
        )


# --- Bomb Stalingrad -------------------------------------------------------------------

AA_UNITS = ("1083rd-aa", "267th-aa")
"""The anti-aircraft units whose locations hold readied AA tokens (2.0)."""


def ju87_defense(e: Engine, card_id: str) -> int:
    """The Ju 87 Defense of a card, raised by Air Superiority (7.2)."""
    return min(6, e.c.wehrmacht_cards[card_id].defense + e.tactic("ju87_defense"))


def _aa_ready(e: Engine, chosen: list[int]) -> list[int]:
    locations = sorted(n for unit in AA_UNITS for n in e.unit_locations(unit))
    return [n for n in locations if n not in chosen and e.count(loc_key(n), "aa") > 0]


@step("ju87")
def ju87(e: Engine, f: dict[str, Any]) -> None:
    """A Ju 87 raid: first the player may fire readied Anti-aircraft tokens (3.0)."""
    card = e.c.wehrmacht_cards[f["card"]]
    if not _aa_ready(e, []):
        e.push("ju87_bombing", card=f["card"], planes=card.aircraft)
        return
    e.ask(
        "aa_fire",
        ngettext(
            "{count} Ju 87 (Defense {defense}): choose Anti-aircraft tokens to fire",
            "{count} Ju 87s (Defense {defense}): choose Anti-aircraft tokens to fire",
            card.aircraft,
        ).format(count=card.aircraft, defense=ju87_defense(e, f["card"])),
        "3.0 Bomb Stalingrad",
        card=f["card"],
        chosen=[],
    )


@cache
def _aa_option(n: int, lang: str) -> Option:
    """Firing one readied token (memoised per language: ``lang`` is the language now)."""
    # TRANSLATORS: {location} is a location number of the board (3-18)
    label = _("Fire the Anti-aircraft token on {location} (2 dice)").format(location=n)
    return Option("aa", label, (Location(n).id,), loc=n)


def _aa_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    chosen: list[int] = p["chosen"]
    lang = language()
    opts = [_aa_option(n, lang) for n in _aa_ready(e, chosen)]
    if chosen:
        k = len(chosen)
        # TRANSLATORS: {dice} is a count of dice on its own, such as "4 dice"
        label = ngettext("Fire {count} token: {dice}", "Fire {count} tokens: {dice}", k).format(
            count=k, dice=ngettext("{count} die", "{count} dice", 2 * k).format(count=2 * k))
        opts.append(Option(FIRE, label))
    else:
        opts.append(fixed_option(FIRE, N_("Hold fire")))
    return opts


@decision("aa_fire", _aa_options)
def aa_fire(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Pick tokens one by one, then fire: two dice each against the Ju 87 Defense."""
    card = e.c.wehrmacht_cards[p["card"]]
    if picked.verb != FIRE:
        chosen = [*p["chosen"], picked.int_arg("loc")]
        e.ask("aa_fire", p["prompt"], p["rule"], card=p["card"], chosen=chosen)
        return
    chosen = p["chosen"]
    for n in chosen:
        e.move_tokens("aa", loc_key(n), "stock")
    if not chosen:
        e.push("ju87_bombing", card=p["card"], planes=card.aircraft)
        return
    # TRANSLATORS: {locations} is a list of location numbers, such as "5, 12"
    e.log(_("Anti-aircraft tokens from {locations} fire").format(
              locations=", ".join(map(str, chosen))),
          "3.0 Bomb Stalingrad", targets=tuple(Location(n).id for n in chosen))
    defense = ju87_defense(e, p["card"])
    e.roll(
        2 * len(chosen),
        {"type": "count", "target": defense},
        ngettext(
            "Anti-aircraft fire: {count} die, each ≥ {defense} downs a Ju 87",
            "Anti-aircraft fire: {count} dice, each ≥ {defense} downs a Ju 87",
            2 * len(chosen),
        ).format(count=2 * len(chosen), defense=defense),
        "3.0 Bomb Stalingrad",
        "ju87_aa_result",
        card=p["card"],
    )


@step("ju87_aa_result")
def ju87_aa_result(e: Engine, f: dict[str, Any]) -> None:
    """Each die at or above the Ju 87 Defense removes one aircraft from the raid."""
    card = e.c.wehrmacht_cards[f["card"]]
    downed = min(card.aircraft, sum(d >= ju87_defense(e, f["card"]) for d in f["dice"]))
    planes = card.aircraft - downed
    # TRANSLATORS: {bombs} is a count of bombs on its own, such as "2 bombs"
    e.log(ngettext("{count} Ju 87 shot down; {bombs}", "{count} Ju 87s shot down; {bombs}",
                   downed).format(count=downed,
                                  bombs=ngettext("{count} bomb", "{count} bombs",
                                                 planes).format(count=planes)),
          "3.0 Bomb Stalingrad")
    e.push("ju87_bombing", card=f["card"], planes=planes)


@step("ju87_bombing")
def ju87_bombing(e: Engine, f: dict[str, Any]) -> None:
    """Each remaining Ju 87 rolls 3 dice for its target location, one after the other."""
    if f["planes"] <= 0:
        return
    e.push("ju87_bombing", card=f["card"], planes=f["planes"] - 1)
    e.roll(
        3,
        {"type": "total"},
        _("Ju 87 bomb: 3 dice for the target location"),
        "3.0 Bomb Stalingrad",
        "ju87_bomb",
    )


@step("ju87_bomb")
def ju87_bomb(e: Engine, f: dict[str, Any]) -> None:
    """Resolve one bomb on location 3–18 (3.0 Bomb Stalingrad), following shifts upward."""
    rule = "3.0 Bomb Stalingrad"
    loc = sum(f["dice"])
    shifted = False
    while True:
        place = loc_key(loc)
        tokens = e.location_tokens(loc)
        hit = (Location(loc).id,)
        if tokens and (not shifted or e.o.ju87_shift_removes_tokens):
            kind = tokens[0]
            e.move_tokens(kind, place, "stock")
            # TRANSLATORS: {location} is a location number of the board (3-18)
            e.log(_("Bomb on {location} destroys the {token} token there").format(
                      location=loc, token=_(e.c.tokens[kind].name)),
                  rule, targets=hit)
            return
        if not e.location_disrupted(loc):
            placed = e.move_tokens("disrupted", "stock", place)
            if placed:
                # TRANSLATORS: {location} is a location number, {name} the location's name
                e.log(_("Bomb on {location}: {name} is Disrupted").format(
                          location=loc, name=_(e.c.board.location_names[loc])),
                      rule, targets=hit)
            else:
                e.log(_("Bomb on {location}: no Disrupted token left in the stock").format(
                          location=loc),
                      rule, targets=hit)
            # Fog of War comes with a Disrupted token *placed* on 14-17 (3.0 Bomb Stalingrad)
            fog = placed and (not shifted or e.o.ju87_shift_adds_fog)
            if fog and 14 <= loc <= 17 and e.s.fog_stock:
                e.s.soviet_discard.append(e.s.fog_stock.pop(0))
                e.log(_("A Fog of War card joins the Soviet discards"), rule)
            return
        if loc == 3:
            victims = [cid for cid in e.house_counters() if e.is_square(e.s.soviet[cid].where)]
            e.log(_("Bomb on 3 again: every counter in a combat position is suppressed"), rule,
                  targets=(*hit, *(Counter(cid).id for cid in victims)))
            for cid in reversed(victims):
                # kept in English in the frame; translated where it is shown
                e.push("disrupt", counter=cid, why=N_("Ju 87 bomb on 3"), rule=rule)
            return
        if loc == 18:
            e.lose(
                "army_cp",
                _("A second Disrupted token on the 62nd Army CP (18): the game is lost"),
                rule,
            )
            return
        # TRANSLATORS: {location} and {next} are location numbers of the board (3-18)
        e.log(_("Location {location} is already Disrupted: the bomb moves to {next}").format(
                  location=loc, next=loc + 1),
              rule, targets=(*hit, Location(loc + 1).id))
        loc += 1
        shifted = True


# --- Place Wehrmacht Counter ------------------------------------------------------------

PLACE_RULE = "3.0 Place Wehrmacht Counter"


@step("place_card")
def place_card(e: Engine, f: dict[str, Any]) -> None:
    """Take a counter of the card's type from the stock and roll for its track."""
    card = e.c.wehrmacht_cards[f["card"]]
    on_board = set(e.wehrmacht_on_board())
    free = [
        cid
        for cid in e.c.wehrmacht_counters_by_type.get(card.counter_type, ())
        if cid not in on_board
    ]
    if not free:
        e.log(_("No {card} counter is left in the stock; the card has no effect").format(
                  card=_(card.name)),
              PLACE_RULE, card=f["card"])
        return
    e.roll(
        1,
        {"type": "pick", "labels": [f"track {t.number}" for t in e.c.board.tracks]},
        _("{card}: placement roll").format(card=_(card.name)),
        PLACE_RULE,
        "place_track",
        counter=free[0],
    )


@step("place_track")
def place_track(e: Engine, f: dict[str, Any]) -> None:
    """The counter's track is known: infantry may be met with Suppression tokens first."""
    track = f["dice"][0] - 1
    cid = f["counter"]
    kind = e.c.wehrmacht_type_of(cid)
    colour = e.colour_of_track(track)
    available = e.count(suppress_key(colour), "suppression")
    if kind.kind == "infantry" and available > 0:
        e.ask(
            "suppress_entry",
            _("{name} will enter track {track} ({colour}): spend Suppression tokens?").format(
                name=_(kind.name), track=track + 1, colour=colour_name(colour)),
            PLACE_RULE,
            counter=cid,
            track=track,
        )
    else:
        e.push("place_counter", counter=cid, track=track)


def _suppress_entry_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    colour = e.colour_of_track(p["track"])
    available = e.count(suppress_key(colour), "suppression")
    defense = e.wehrmacht_defense(p["counter"])
    opts = [fixed_option("spend", N_("Let it come (spend none)"), count=0)]
    for k in range(1, available + 1):
        label = ngettext(
            "Spend {count}: {count} die, any ≥ {defense} stops it",
            "Spend {count}: {count} dice, any ≥ {defense} stops it",
            k,
        ).format(count=k, defense=defense)
        opts.append(Option("spend", label, (SuppressionBox(colour).id,), count=k))
    return opts


@decision("suppress_entry", _suppress_entry_options)
def suppress_entry(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Spend k Suppression tokens of the track's colour: k dice against the counter's Defense."""
    k = picked.int_arg("count")
    cid, track = p["counter"], p["track"]
    if k == 0:
        e.push("place_counter", counter=cid, track=track)
        return
    colour = e.colour_of_track(track)
    e.move_tokens("suppression", suppress_key(colour), "stock", k)
    defense = e.wehrmacht_defense(cid)
    e.roll(
        k,
        {"type": "any", "target": defense},
        ngettext(
            "Suppression: {count} die against {name} Defense {defense}",
            "Suppression: {count} dice against {name} Defense {defense}",
            k,
        ).format(count=k, name=e.name(cid), defense=defense),
        PLACE_RULE,
        "suppress_entry_result",
        counter=cid,
        track=track,
    )


@step("suppress_entry_result")
def suppress_entry_result(e: Engine, f: dict[str, Any]) -> None:
    """A hit keeps the counter off the board; a miss lets it enter."""
    cid = f["counter"]
    if any(d >= e.wehrmacht_defense(cid) for d in f["dice"]):
        e.log(_("{name} is suppressed and returns to the stock").format(name=e.name(cid)),
              PLACE_RULE)
    else:
        e.push("place_counter", counter=cid, track=f["track"])


@step("place_counter")
def place_counter(e: Engine, f: dict[str, Any]) -> None:
    """Enter at the first circle, pushing the counters ahead forward into the first gap (3.0)."""
    track_index, cid = f["track"], f["counter"]
    circles = e.s.tracks[track_index]
    try:
        gap = circles.index("")
    except ValueError:
        e.log(_("{name} enters track {track}").format(name=e.name(cid), track=track_index + 1),
              PLACE_RULE)
        e.lose(
            "track_overrun",
            _("The lead counter on track {track} advances into Pavlov's House: "
              "the game is lost").format(track=track_index + 1),
            PLACE_RULE,
        )
        return
    entered = [(i + 1, circles[i]) for i in range(gap - 1, -1, -1)]
    for i in range(gap, 0, -1):
        circles[i] = circles[i - 1]
    circles[0] = cid
    if entered:
        text = ngettext(
            "{name} enters track {track}, pushing {count} counter forward",
            "{name} enters track {track}, pushing {count} counters forward",
            len(entered),
        ).format(name=e.name(cid), track=track_index + 1, count=len(entered))
    else:
        text = _("{name} enters track {track}").format(name=e.name(cid), track=track_index + 1)
    e.log(text, PLACE_RULE, targets=(TrackCircle(track_index + 1, 1).id,))
    if e.o.sapper_on_placement:
        entered.append((0, cid))
    track = e.c.board.tracks[track_index]
    checks = [
        (i, who)
        for i, who in entered
        if (i + 1) in track.sapper_circles
        and e.count(sapper_key(track_index + 1, i + 1), "sapper") > 0
    ]
    for i, who in reversed(checks):
        e.push("sapper_roll", track=track_index, circle=i, counter=who)


@step("sapper_roll")
def sapper_roll(e: Engine, f: dict[str, Any]) -> None:
    """A counter enters a Sapper location: the token goes to the stock and 3 dice are rolled."""
    place = sapper_key(f["track"] + 1, f["circle"] + 1)
    e.move_tokens("sapper", place, "stock")
    cid = f["counter"]
    defense = e.wehrmacht_defense(cid)
    e.roll(
        3,
        {"type": "any", "target": defense},
        _("Sapper defenses: 3 dice against {name} Defense {defense}").format(
            name=e.name(cid), defense=defense),
        "3.0 Sapper Defenses",
        "sapper_result",
        track=f["track"],
        circle=f["circle"],
        counter=cid,
    )


@step("sapper_result")
def sapper_result(e: Engine, f: dict[str, Any]) -> None:
    """A hit returns the counter to the stock; otherwise it stays on that circle."""
    cid = f["counter"]
    spot = TrackCircle(f["track"] + 1, f["circle"] + 1).id
    if any(d >= e.wehrmacht_defense(cid) for d in f["dice"]):
        circles = e.s.tracks[f["track"]]
        if circles[f["circle"]] == cid:
            circles[f["circle"]] = ""
        e.log(_("The Sappers stop {name}; it returns to the stock").format(name=e.name(cid)),
              "3.0 Sapper Defenses", targets=(spot,), removed=(cid,))
    else:
        e.log(_("{name} survives the Sapper defenses").format(name=e.name(cid)),
              "3.0 Sapper Defenses", targets=(spot,))


# --- Assault ------------------------------------------------------------------------------


@step("assault")
def assault(e: Engine, f: dict[str, Any]) -> None:
    """Infantry suppress colour by colour, then armour attacks colour by colour (3.0 Assault)."""
    frames: list[dict[str, Any]] = []
    for kind in ("infantry", "armor"):
        for colour in COLOURS:
            frames.append({"op": "assault_colour", "colour": colour, "kind": kind})
    e.push_seq(frames)


@step("assault_colour")
def assault_colour(e: Engine, f: dict[str, Any]) -> None:
    """Total the values of one colour's infantry (suppress) or armour (attack) and roll."""
    colour, kind = f["colour"], f["kind"]
    rule = "3.0 Assault"
    total = 0
    for t in e.tracks_of(colour):
        for cid in e.s.tracks[t.number - 1]:
            if cid:
                ctype = e.c.wehrmacht_type_of(cid)
                if ctype.kind == kind:
                    total += ctype.suppress if kind == "infantry" else ctype.attack
    if total == 0:
        return
    total += e.tactic("assault_infantry_dice" if kind == "infantry" else "assault_armor_dice")
    if kind == "infantry":
        e.log(ngettext("Assault: {colour} infantry suppress with {count} die",
                       "Assault: {colour} infantry suppress with {count} dice",
                       total).format(colour=colour_name(colour), count=total), rule)
        start_targeted(e, colour, total, "suppress", ASSAULT_INFANTRY[colour], rule)
    else:
        defense = e.s.defense[colour]
        e.log(ngettext("Assault: {colour} armour attacks the building with {count} die",
                       "Assault: {colour} armour attacks the building with {count} dice",
                       total).format(colour=colour_name(colour), count=total), rule,
              targets=(Defense(colour).id,))
        source = ASSAULT_ARMOUR[colour]
        e.roll(
            total,
            {"type": "any", "target": defense},
            ngettext(
                "{source}: {count} die against {colour} Defense {defense}",
                "{source}: {count} dice against {colour} Defense {defense}",
                total,
            ).format(source=_(source), count=total, colour=colour_name(colour), defense=defense),
            rule,
            "attack_building",
            colour=colour,
            source=source,
            rule_name=rule,
        )


ASSAULT_INFANTRY: dict[str, str] = {
    "green": N_("Assault (green infantry)"),
    "red": N_("Assault (red infantry)"),
    "purple": N_("Assault (purple infantry)"),
}
"""What suppresses in an Assault, by colour (3.0): kept in English in the frames (the
``source`` of the roll, the ``why`` of a Disrupted token) and translated where it is shown."""

ASSAULT_ARMOUR: dict[str, str] = {
    "green": N_("Assault (green armour)"),
    "red": N_("Assault (red armour)"),
    "purple": N_("Assault (purple armour)"),
}
"""What attacks the building in an Assault, by colour (3.0): English in the frames, as
:data:`ASSAULT_INFANTRY`."""


# --- Resupply and Storm Group cards ----------------------------------------------------

RESUPPLY_RULE = "3.0 Special Cards: Resupply"


@step("resupply")
def resupply(e: Engine, f: dict[str, Any]) -> None:
    """Pay one Food per five counters in the house; the rest starve (3.0 Resupply)."""
    counters = e.house_counters()
    mouths = len(counters)
    if e.o.weapons_eat:
        mouths += sum(1 for w in e.s.weapons.values() if w not in ("stock", "removed"))
    food = e.count("supplies", "food")
    if e.o.immediate_loss_no_food and food == 0:
        e.lose(
            "no_food", _("A Resupply card with no Food in the house: the game is lost"),
            RESUPPLY_RULE,
        )
        return
    need = ceil(mouths / 5)
    paid = min(food, need)
    e.move_tokens("food", "supplies", "stock", paid)
    hungry = max(0, mouths - 5 * food)
    e.log(
        _("Resupply: {mouths} to feed need {need} Food; {paid} paid, {hungry} go hungry").format(
            mouths=mouths, need=need, paid=paid, hungry=hungry),
        RESUPPLY_RULE,
        card=e.s.wehrmacht_current,
    )
    e.push("flip_to_storm_group")
    if hungry:
        e.push("starve", left=hungry, chosen=[])


@step("starve")
def starve(e: Engine, f: dict[str, Any]) -> None:
    """Ask which counter starves, one at a time (the player picks the casualties).

    ``f["chosen"]`` lists the counters already chosen at this Resupply: the counters not fed
    are so many different counters, so one that First Aid saved (5.0) is not asked for again.
    """
    chosen = f.get("chosen", [])
    if f["left"] <= 0 or not _starve_candidates(e, chosen):
        return
    e.ask(
        "starve_pick",
        _("Not enough Food: choose a casualty ({count} to go)").format(count=f["left"]),
        RESUPPLY_RULE,
        left=f["left"],
        chosen=chosen,
    )


def _starve_candidates(e: Engine, chosen: list[str]) -> list[str]:
    """Who may still go hungry at this Resupply (3.0): the house's counters not yet chosen.

    Weapons too, when they eat (:attr:`~pavlov_widgets.engine.settings.RuleSettings.weapons_eat`).
    """
    out = e.house_counters()
    if e.o.weapons_eat:
        out += [w for w, where in e.s.weapons.items() if where not in ("stock", "removed")]
    return [cid for cid in out if cid not in chosen]


def _starve_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    weapons = e.s.weapons
    lang = language()
    return [_starve_option(cid, e.name(cid), cid in weapons, lang)
            for cid in _starve_candidates(e, p.get("chosen", []))]


@cache
def _starve_option(cid: str, name: str, weapon: bool, lang: str) -> Option:
    """Who goes hungry (memoised: the same few are offered at every Resupply)."""
    # ``lang`` (the language now) is in the memo's key: a label is in one language
    return Option("starve", _("{name} goes hungry").format(name=name),
                  (Weapon(cid).id if weapon else Counter(cid).id,), counter=cid)


@decision("starve_pick", _starve_options)
def starve_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The chosen counter becomes a casualty (First Aid may save it, 5.0)."""
    cid = picked.str_arg("counter")
    weapon = cid in e.s.weapons
    chosen = p.get("chosen", [])
    # only counters are remembered: First Aid may save them; a weapon is removed at once
    e.push("starve", left=p["left"] - 1, chosen=chosen if weapon else [*chosen, cid])
    if weapon:
        e.s.weapons[cid] = "removed"
        e.log(_("{name} is lost for want of food").format(name=e.name(cid)), RESUPPLY_RULE,
              targets=(Weapon(cid).id,), removed=(cid,))
    else:
        # kept in English in the frame; translated where it is shown
        e.push("casualty", counter=cid, why=N_("not enough Food"), rule=RESUPPLY_RULE)


@step("flip_to_storm_group")
def flip_to_storm_group(e: Engine, f: dict[str, Any]) -> None:
    """The resolved Resupply card turns over to its Storm Group side (3.0 Special Cards)."""
    _into_storm_box(e, e.s.wehrmacht_current)


@step("storm_group_card")
def storm_group_card(e: Engine, f: dict[str, Any]) -> None:
    """A Storm Group card (Milk House) goes into the Storm Group box."""
    _into_storm_box(e, f["card"])


def _into_storm_box(e: Engine, card_id: str) -> None:
    s = e.s
    if s.storm_box:
        s.storm_lost.append(s.storm_box)
        old = e.c.storm_group_on(s.storm_box).name
        e.log(_("The {card} Storm Group card leaves the game").format(card=_(old)),
              "3.0 Special Cards: Storm Group", card=s.storm_box)
    s.storm_box = card_id
    if s.wehrmacht_current == card_id:
        s.wehrmacht_current = ""
    sg = e.c.storm_group_on(card_id)
    e.log(
        _("Storm Group: {card} (Defense {defense}, {vp} VP; {colour} tracks must be clear) is "
          "placed in the Storm Group box").format(card=_(sg.name), defense=sg.defense, vp=sg.vp,
                                                  colour=colour_name(sg.colour)),
        "3.0 Special Cards: Storm Group",
        card=card_id,
    )
