"""Attacks on the defenders, shared by several cards.

Targeting, Disrupted tokens, casualties, First Aid, and attacks on the building:

* Target search (3.0 Attack Defender): the position die names a square of the colour; if it
  is empty, the nearest occupied higher number, else the nearest lower one.
* Suppress Defender (3.0): every counter on the target square takes a Disrupted token; a
  second Disrupted token makes a casualty.
* Attack Building (3.0): at least one die ≥ the colour's Defense lowers it by one; at the
  bottom of the track (3) it disrupts every counter of that colour instead.
* First Aid (5.0): whenever a counter would become a casualty and a First Aid token is in the
  Supplies box, the player may spend it to ignore the casualty.
"""

from __future__ import annotations

from typing import Any

from ..actions import ACCEPT, FIRST_AID, Option
from ..i18n import _, ngettext
from ..machine import Engine, decision, source_words, step
from ..places import RESERVES_BOX, SUPPLIES_BOX, Counter, Defense, Square
from ..sections import colour_name

POSITION_RULE = "3.0 Attack Defender"

def find_target_square(e: Engine, colour: str, number: int) -> str | None:
    """The square a position roll of ``number`` hits in ``colour``: exact, next higher, lower."""
    squares = e.squares_of(colour)
    occ = e.occupancy()

    def occupied(n: int) -> bool:
        sq = squares.get(n)
        return sq is not None and sq.id in occ

    if occupied(number):
        return squares[number].id
    for n in range(number + 1, 7):
        if occupied(n):
            return squares[n].id
    for n in range(number - 1, 0, -1):
        if occupied(n):
            return squares[n].id
    return None


def position_test(colour: str) -> dict[str, Any]:
    """The dice test of a position roll: one die naming a square number of a colour."""
    return {"type": "pick", "labels": [f"{colour} {n}" for n in range(1, 7)]}


def start_targeted(
    e: Engine, colour: str, dice: int, effect: str, source: str, rule: str
) -> None:
    """Roll for a position in ``colour`` and then ``dice`` dice: ``effect`` is attack/suppress."""
    if not e.counters_of_colour(colour):
        # TRANSLATORS: {source} is what attacks (a card's name); {colour} is green, red or purple
        e.log(_("{source}: no Soviet counter on {colour} positions; no effect").format(
            source=source_words(source), colour=colour_name(colour)), rule)
        return
    e.roll(
        1,
        position_test(colour),
        _("{source}: position roll ({colour})").format(
            source=source_words(source), colour=colour_name(colour)),
        rule,
        "targeted_position",
        colour=colour,
        attack_dice=dice,
        effect=effect,
        source=source,
        rule_name=rule,
    )


@step("targeted_position")
def targeted_position(e: Engine, f: dict[str, Any]) -> None:
    """Find the target square, then roll the attack dice against the colour's Defense."""
    colour, number = f["colour"], f["dice"][0]
    target = find_target_square(e, colour, number)
    if target is None:  # everyone left since the colour roll: nothing to hit
        e.log(_("{source}: no target left on {colour}").format(
            source=source_words(f["source"]), colour=colour_name(colour)), f["rule_name"])
        return
    here = e.counters_at(target)
    names = ", ".join(e.name(c) for c in here)
    sq = e.square(target)
    source = source_words(f["source"])
    if sq.numbers[colour] == number:
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"; {names} the
        # Soviet counters on it
        text = _("{source} targets {position}: {names}").format(
            source=source, position=e.square_label(target), names=names)
    else:
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"; {names} the
        # Soviet counters on it; "{colour} {number}" the position the die named, empty
        text = _("{source} targets {position}: {names} ({colour} {number} is empty)").format(
            source=source, position=e.square_label(target), names=names, colour=colour_name(colour),
            number=number)
    # the search is the same for every card; cite the rule of the card that targets
    e.log(text, f["rule_name"], targets=(Square(target).id, *(Counter(c).id for c in here)))
    defense = e.s.defense[colour]
    n = f["attack_dice"]
    if f["effect"] == "attack":
        label = ngettext("{source}: {count} die against {colour} Defense {defense} "
                         "(casualty on a hit)",
                         "{source}: {count} dice against {colour} Defense {defense} "
                         "(casualty on a hit)", n)
    else:
        label = ngettext("{source}: {count} die against {colour} Defense {defense} "
                         "(Disrupted on a hit)",
                         "{source}: {count} dice against {colour} Defense {defense} "
                         "(Disrupted on a hit)", n)
    e.roll(
        n,
        {"type": "any", "target": defense},
        label.format(source=source, count=n, colour=colour_name(colour), defense=defense),
        f["rule_name"],
        "targeted_result",
        square=target,
        effect=f["effect"],
        source=f["source"],
        rule_name=f["rule_name"],
        colour=colour,
    )


@step("targeted_result")
def targeted_result(e: Engine, f: dict[str, Any]) -> None:
    """Apply a hit on the target square.

    An attack kills one counter (the player picks on a shared square); a suppression
    disrupts every counter there (4.0 Weapons: shared positions).
    """
    defense = e.s.defense[f["colour"]]
    if not any(d >= defense for d in f["dice"]):
        e.log(_("{source} misses").format(source=source_words(f["source"])), f["rule_name"],
              targets=(Square(f["square"]).id,))
        return
    here = e.counters_at(f["square"])
    if not here:
        return
    if f["effect"] == "attack":
        if len(here) == 1:
            e.push("casualty", counter=here[0], why=f["source"], rule=f["rule_name"])
        else:
            e.ask(
                "choose_hit",
                _("{source} hits a shared position: choose who is hit").format(
                    source=source_words(f["source"])),
                "4.0 Soviet Counters and Weapon Counters",
                square=f["square"],
                source=f["source"],
                rule_name=f["rule_name"],
            )
    else:
        for cid in reversed(here):
            e.push("disrupt", counter=cid, why=f["source"], rule=f["rule_name"])


def _hit_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    return [
        Option("hit", _("{name} is hit").format(name=e.name(cid)), (Counter(cid).id,),
               counter=cid)
        for cid in e.counters_at(p["square"])
    ]


@decision("choose_hit", _hit_options)
def choose_hit(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The player picks which of two counters sharing a position takes the attack."""
    e.push("casualty", counter=picked.str_arg("counter"), why=p["source"], rule=p["rule_name"])


@step("disrupt")
def disrupt(e: Engine, f: dict[str, Any]) -> None:
    """Suppress a counter (3.0 Suppress Defender): Disrupted, or a casualty if it already is."""
    cid = f["counter"]
    c = e.s.soviet[cid]
    if c.where in ("stock", "removed"):
        return
    me = (Counter(cid).id,)
    if c.disrupted:
        e.log(_("{name} is already Disrupted").format(name=e.name(cid)), f["rule"], targets=me)
        # kept in English in the frame; source_words() reads it
        e.push("casualty", counter=cid, why=f"second Disrupted token ({f['why']})", rule=f["rule"])
    elif e.set_disrupted(cid, True):
        # TRANSLATORS: {why} is what suppressed the counter: a card's name or a short phrase
        e.log(_("{name} is Disrupted ({why})").format(name=e.name(cid),
                                                      why=source_words(f["why"])),
              f["rule"], targets=me)


@step("casualty")
def casualty(e: Engine, f: dict[str, Any]) -> None:
    """A counter would become a casualty: offer First Aid if a token is in Supplies (5.0)."""
    cid = f["counter"]
    if e.s.soviet[cid].where in ("stock", "removed"):
        return
    if e.count("supplies", "first_aid") > 0:
        e.ask(
            "first_aid",
            # TRANSLATORS: {why} is what caused it: a card's name or a short phrase
            _("{name} would become a casualty ({why}): use First Aid?").format(
                name=e.name(cid), why=source_words(f["why"])),
            "5.0 First Aid",
            counter=cid,
            why=f["why"],
            rule_name=f["rule"],
        )
    else:
        e.remove_counter(cid, f["why"], f["rule"])


def _first_aid_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    cid = p["counter"]
    left = e.count("supplies", "first_aid")
    return [
        Option(FIRST_AID,
               ngettext("Use First Aid ({count} in Supplies)",
                        "Use First Aid ({count} in Supplies)", left).format(count=left),
               (SUPPLIES_BOX.id,)),
        Option(ACCEPT, _("Lose {name}").format(name=e.name(cid)), (Counter(cid).id,)),
    ]


@decision("first_aid", _first_aid_options)
def first_aid(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Spend a First Aid token to ignore the casualty, or accept it (5.0)."""
    cid = p["counter"]
    me = (Counter(cid).id,)
    if picked.verb == FIRST_AID:
        e.move_tokens("first_aid", "supplies", "stock")
        # TRANSLATORS: {why} is what caused the casualty: a card's name or a short phrase
        e.log(_("First Aid saves {name} ({why})").format(name=e.name(cid),
                                                         why=source_words(p["why"])),
              "5.0 First Aid", targets=me)
        if e.s.soviet[cid].where == "raid":
            e.s.soviet[cid].where = "reserves"
            e.log(_("{name} returns to Reserves").format(name=e.name(cid)), "3.0 Storm Group",
                  targets=(*me, RESERVES_BOX.id))
    else:
        e.remove_counter(cid, p["why"], p["rule_name"])


def attack_building(e: Engine, colour: str, dice: list[int], source: str, rule: str) -> None:
    """Resolve an Attack Building roll against ``colour`` (3.0 Attack Building)."""
    defense = e.s.defense[colour]
    building = Defense(colour).id
    who, what = source_words(source), colour_name(colour)
    if not any(d >= defense for d in dice):
        e.log(_("{source} does not damage the {colour} positions").format(source=who,
                                                                           colour=what),
              rule, targets=(building,))
        return
    if defense > e.c.board.defense_min:
        e.s.defense[colour] = defense - 1
        e.log(_("{source}: {colour} Defense falls from {defense} to {lower}").format(
            source=who, colour=what, defense=defense, lower=defense - 1), rule,
              targets=(building,))
        return
    victims = e.counters_of_colour(colour)
    e.log(
        _("{source}: {colour} Defense is at {defense}; every counter on {colour} is "
          "suppressed").format(source=who, colour=what, defense=defense),
        rule,
        targets=(building, *(Counter(cid).id for cid in victims)),
    )
    for cid in reversed(victims):
        e.push("disrupt", counter=cid, why=source, rule=rule)


@step("attack_building")
def attack_building_step(e: Engine, f: dict[str, Any]) -> None:
    """The dice of an Attack Building action have been rolled: apply them."""
    attack_building(e, f["colour"], f["dice"], f["source"], f["rule_name"])
