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
from ..dice import dice_text
from ..machine import Engine, decision, step
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
from ..text import plural
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
        e.log(f"Tactics card {e.c.tactics[gone].name} leaves play", "7.2 Tactics Cards",
              card=gone)
    want = 2 if e.o.tactics == "elite" else 1
    while len(s.tactics_in_play) < want and s.tactics_deck:
        card = s.tactics_deck.pop(0)
        s.tactics_in_play.append(card)
        spec = e.c.tactics[card]
        effects = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in spec.effects.items())
        e.log(f"Tactics card {spec.name} is in play this turn ({effects})", "7.2 Tactics Cards",
              card=card)


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
        e.log(f"Card {s.cards_in_phase} of 3: Resupply", "3.0 Special Cards", kind="card",
              card=card_id)
        e.push("resupply")
        return
    card = e.c.wehrmacht_cards[card_id]
    e.log(f"Card {s.cards_in_phase} of 3: {card.name}{_card_detail(e, card_id)}", RULE,
          kind="card", card=card_id)
    if card.kind in ("sniper", "mortar", "artillery"):
        rule = {
            "sniper": "3.0 Attack Defender",
            "mortar": "3.0 Suppress Defender",
            "artillery": "3.0 Attack Building",
        }[card.kind]
        e.roll(
            1,
            {"type": "pick", "labels": list(card.colour_table)},
            f"{card.name}: colour roll",
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


def _card_detail(e: Engine, card_id: str) -> str:
    """What a revealed card says, in a few words, for the log."""
    card = e.c.wehrmacht_cards[card_id]
    if card.kind == "ju87":
        return f" ({card.aircraft} aircraft, Ju 87 Defense {card.defense})"
    if card.kind == "artillery":
        return f" ({dice_text(card.dice)} against the building)"
    if card.kind == "place":
        kind = e.c.wehrmacht_types[card.counter_type]
        value = f"Suppress {kind.suppress}" if kind.kind == "infantry" else f"Attack {kind.attack}"
        return f" (place a counter: {value}, Defense {kind.defense})"
    return ""


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
            f"{card.name}: {dice_text(dice)} against {colour} Defense {defense}",
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
        f"{plural(card.aircraft, 'Ju 87')} (Defense {ju87_defense(e, f['card'])}): "
        "choose Anti-aircraft tokens to fire",
        "3.0 Bomb Stalingrad",
        card=f["card"],
        chosen=[],
    )


@cache
def _aa_option(n: int) -> Option:
    return Option("aa", f"Fire the Anti-aircraft token on {n} (2 dice)", (Location(n).id,), loc=n)


_HOLD_FIRE = Option(FIRE, "Hold fire")


def _aa_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    chosen: list[int] = p["chosen"]
    opts = [_aa_option(n) for n in _aa_ready(e, chosen)]
    if chosen:
        opts.append(Option(FIRE, f"Fire {plural(len(chosen), 'token')}: "
                                 f"{dice_text(2 * len(chosen))}"))
    else:
        opts.append(_HOLD_FIRE)
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
    e.log(f"Anti-aircraft tokens from {', '.join(map(str, chosen))} fire", "3.0 Bomb Stalingrad",
          targets=tuple(Location(n).id for n in chosen))
    defense = ju87_defense(e, p["card"])
    e.roll(
        2 * len(chosen),
        {"type": "count", "target": defense},
        f"Anti-aircraft fire: {2 * len(chosen)} dice, each ≥ {defense} downs a Ju 87",
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
    e.log(f"{plural(downed, 'Ju 87')} shot down; {plural(planes, 'bomb')}",
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
        "Ju 87 bomb: 3 dice for the target location",
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
            e.log(f"Bomb on {loc} destroys the {e.c.tokens[kind].name} token there", rule,
                  targets=hit)
            return
        if not e.location_disrupted(loc):
            placed = e.move_tokens("disrupted", "stock", place)
            if placed:
                e.log(f"Bomb on {loc}: {e.c.board.location_names[loc]} is Disrupted", rule,
                      targets=hit)
            else:
                e.log(f"Bomb on {loc}: no Disrupted token left in the stock", rule, targets=hit)
            # Fog of War comes with a Disrupted token *placed* on 14-17 (3.0 Bomb Stalingrad)
            fog = placed and (not shifted or e.o.ju87_shift_adds_fog)
            if fog and 14 <= loc <= 17 and e.s.fog_stock:
                e.s.soviet_discard.append(e.s.fog_stock.pop(0))
                e.log("A Fog of War card joins the Soviet discards", rule)
            return
        if loc == 3:
            victims = [cid for cid in e.house_counters() if e.is_square(e.s.soviet[cid].where)]
            e.log("Bomb on 3 again: every counter in a combat position is suppressed", rule,
                  targets=(*hit, *(Counter(cid).id for cid in victims)))
            for cid in reversed(victims):
                e.push("disrupt", counter=cid, why="Ju 87 bomb on 3", rule=rule)
            return
        if loc == 18:
            e.lose(
                "army_cp",
                "A second Disrupted token on the 62nd Army CP (18): the game is lost",
                rule,
            )
            return
        e.log(f"Location {loc} is already Disrupted: the bomb moves to {loc + 1}", rule,
              targets=(*hit, Location(loc + 1).id))
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
        e.log(f"No {card.name} counter is left in the stock; the card has no effect", PLACE_RULE,
              card=f["card"])
        return
    e.roll(
        1,
        {"type": "pick", "labels": [f"track {t.number}" for t in e.c.board.tracks]},
        f"{card.name}: placement roll",
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
            f"{kind.name} will enter track {track + 1} ({colour}): spend Suppression tokens?",
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
    opts = [_SPEND_NONE]
    for k in range(1, available + 1):
        opts.append(
            Option("spend", f"Spend {k}: {dice_text(k)}, any ≥ {defense} stops it",
                   (SuppressionBox(colour).id,), count=k)
        )
    return opts


_SPEND_NONE = Option("spend", "Let it come (spend none)", count=0)


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
        f"Suppression: {dice_text(k)} against {e.name(cid)} Defense {defense}",
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
        e.log(f"{e.name(cid)} is suppressed and returns to the stock", PLACE_RULE)
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
        e.log(f"{e.name(cid)} enters track {track_index + 1}", PLACE_RULE)
        e.lose(
            "track_overrun",
            f"The lead counter on track {track_index + 1} advances into Pavlov's House: "
            "the game is lost",
            PLACE_RULE,
        )
        return
    entered = [(i + 1, circles[i]) for i in range(gap - 1, -1, -1)]
    for i in range(gap, 0, -1):
        circles[i] = circles[i - 1]
    circles[0] = cid
    pushed = f", pushing {plural(len(entered), 'counter')} forward" if entered else ""
    e.log(f"{e.name(cid)} enters track {track_index + 1}{pushed}", PLACE_RULE,
          targets=(TrackCircle(track_index + 1, 1).id,))
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
        f"Sapper defenses: 3 dice against {e.name(cid)} Defense {defense}",
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
        e.log(f"The Sappers stop {e.name(cid)}; it returns to the stock", "3.0 Sapper Defenses",
              targets=(spot,), removed=(cid,))
    else:
        e.log(f"{e.name(cid)} survives the Sapper defenses", "3.0 Sapper Defenses",
              targets=(spot,))


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
        e.log(f"Assault: {colour} infantry suppress with {dice_text(total)}", rule)
        start_targeted(e, colour, total, "suppress", f"Assault ({colour} infantry)", rule)
    else:
        defense = e.s.defense[colour]
        e.log(f"Assault: {colour} armour attacks the building with {dice_text(total)}", rule,
              targets=(Defense(colour).id,))
        e.roll(
            total,
            {"type": "any", "target": defense},
            f"Assault ({colour} armour): {dice_text(total)} against {colour} Defense {defense}",
            rule,
            "attack_building",
            colour=colour,
            source=f"Assault ({colour} armour)",
            rule_name=rule,
        )


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
            "no_food", "A Resupply card with no Food in the house: the game is lost", RESUPPLY_RULE
        )
        return
    need = ceil(mouths / 5)
    paid = min(food, need)
    e.move_tokens("food", "supplies", "stock", paid)
    hungry = max(0, mouths - 5 * food)
    e.log(
        f"Resupply: {mouths} to feed need {need} Food; {paid} paid, {hungry} go hungry",
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
        f"Not enough Food: choose a casualty ({f['left']} to go)",
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
    return [_starve_option(cid, e.name(cid), cid in weapons)
            for cid in _starve_candidates(e, p.get("chosen", []))]


@cache
def _starve_option(cid: str, name: str, weapon: bool) -> Option:
    """Who goes hungry (memoised: the same few are offered at every Resupply)."""
    return Option("starve", f"{name} goes hungry",
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
        e.log(f"{e.name(cid)} is lost for want of food", RESUPPLY_RULE,
              targets=(Weapon(cid).id,), removed=(cid,))
    else:
        e.push("casualty", counter=cid, why="not enough Food", rule=RESUPPLY_RULE)


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
        e.log(f"The {old} Storm Group card leaves the game", "3.0 Special Cards: Storm Group",
              card=s.storm_box)
    s.storm_box = card_id
    if s.wehrmacht_current == card_id:
        s.wehrmacht_current = ""
    sg = e.c.storm_group_on(card_id)
    e.log(
        f"Storm Group: {sg.name} (Defense {sg.defense}, {sg.vp} VP; {sg.colour} tracks must be "
        "clear) is placed in the Storm Group box",
        "3.0 Special Cards: Storm Group",
        card=card_id,
    )
