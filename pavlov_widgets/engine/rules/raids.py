"""Storm Group raids (3.0 Special Cards: Storm Group) and the end of the game (6.0).

A raid needs a card in the Storm Group box and no Wehrmacht counter on that card's colour
of tracks. The player picks any counters in the house that are neither Exhausted nor
Disrupted (Reserves included); each rolls one die, two more for a Storm Group [S] counter;
the raid succeeds when the *total* reaches the card's Defense. Then the raiders roll for
their fate one at a time, in the order they were sent: one die, 1–4 a casualty, 5–6 back to
Reserves. Each raider's casualty is settled (First Aid offered and decided, 5.0) before the
next raider rolls, as in the rulebook's Voentorg example.
"""

from __future__ import annotations

from typing import Any

from ..actions import DECLINE, LAUNCH, Option
from ..i18n import N_, _, ngettext
from ..machine import Engine, decision, fixed_option, step
from ..places import RESERVES_BOX, Counter
from .scoring import finish

RAID_RULE = "3.0 Special Cards: Storm Group"


def raid_target_clear(e: Engine) -> bool:
    """Whether the Storm Group box holds a card whose colour of tracks is clear."""
    if not e.s.storm_box:
        return False
    colour = e.c.storm_group_on(e.s.storm_box).colour
    return all(
        not any(e.s.tracks[t.number - 1]) for t in e.tracks_of(colour)
    )


def raid_candidates(e: Engine) -> list[str]:
    """Counters that may join a raid: in the house, not Exhausted, not Disrupted."""
    return [
        cid
        for cid in e.house_counters()
        if e.s.soviet[cid].where != "raid"
        and not e.s.soviet[cid].exhausted
        and not e.s.soviet[cid].disrupted
    ]


def start_raid(e: Engine, free: bool) -> None:
    """Ask for raiders (``free``: the end-of-game Milk House raid, which may be declined)."""
    sg = e.c.storm_group_on(e.s.storm_box)
    e.ask(
        "raid_pick",
        _("Storm Group raid on {card} (Defense {defense}): choose the raiders").format(
            card=_(sg.name), defense=sg.defense),
        RAID_RULE if not free else "6.0 Ending the Game",
        chosen=[],
        free=free,
    )


def _raid_dice(e: Engine, chosen: list[str]) -> int:
    return sum(3 if "S" in e.c.soviet_counters[c].specials else 1 for c in chosen)


def _raid_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    chosen: list[str] = p["chosen"]
    opts = [
        Option("raider", _("Send {name}").format(name=e.name(cid)), (Counter(cid).id,),
               counter=cid)
        for cid in raid_candidates(e)
        if cid not in chosen
    ]
    if chosen:
        n, k = _raid_dice(e, chosen), len(chosen)
        # TRANSLATORS: {dice} is a count of dice on its own, such as "3 dice"
        label = ngettext("Launch the raid: {count} counter, {dice}",
                         "Launch the raid: {count} counters, {dice}", k).format(
            count=k, dice=ngettext("{count} die", "{count} dice", n).format(count=n))
        opts.append(Option(LAUNCH, label))
    if p["free"]:
        opts.append(fixed_option(DECLINE, N_("Do not raid")))
    return opts


@decision("raid_pick", _raid_options)
def raid_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Add raiders one at a time, then launch (or decline the free raid)."""
    if picked.verb == "raider":
        e.ask(
            "raid_pick",
            p["prompt"],
            p["rule"],
            chosen=[*p["chosen"], picked.str_arg("counter")],
            free=p["free"],
        )
        return
    if picked.verb == DECLINE:
        e.log(_("No raid on the Milk House"), "6.0 Ending the Game", card=e.s.storm_box)
        return
    chosen: list[str] = p["chosen"]
    sg = e.c.storm_group_on(e.s.storm_box)
    for cid in chosen:
        was = e.s.soviet[cid].where
        e.s.soviet[cid].where = "raid"
        e.settle_weapons(was)
    names = ", ".join(e.name(c) for c in chosen)
    # TRANSLATORS: {names} is a list of counters' names, such as "Pavlov, Glushchenko"
    e.log(_("Storm Group raid on {card} by {names}").format(card=_(sg.name), names=names),
          RAID_RULE, card=e.s.storm_box, targets=tuple(Counter(c).id for c in chosen))
    n = _raid_dice(e, chosen)
    e.roll(
        n,
        {"type": "sum", "target": sg.defense},
        ngettext(
            "Raid on {card}: {count} die, total against Defense {defense}",
            "Raid on {card}: {count} dice, total against Defense {defense}",
            n,
        ).format(card=_(sg.name), count=n, defense=sg.defense),
        RAID_RULE,
        "raid_result",
        raiders=chosen,
    )


@step("raid_result")
def raid_result(e: Engine, f: dict[str, Any]) -> None:
    """Success sets the card aside for its VP; either way the raiders roll for their fate."""
    card = e.s.storm_box
    sg = e.c.storm_group_on(card)
    total = sum(f["dice"])
    if total >= sg.defense:
        e.s.storm_won.append(card)
        e.s.storm_box = ""
        e.log(_("The raid succeeds ({total} ≥ {defense}): {vp} VP").format(
                  total=total, defense=sg.defense, vp=sg.vp),
              RAID_RULE, card=card)
    else:
        e.log(_("The raid fails ({total} < {defense}); the card stays").format(
                  total=total, defense=sg.defense),
              RAID_RULE, card=card)
    roll_for_raider(e, f["raiders"])


CASUALTY_FACES = ("casualty",) * 4 + ("unharmed",) * 2
"""What each face of a raider's fate die means (3.0 Storm Group): 1–4 a casualty, 5–6
unharmed (back to Reserves)."""


def roll_for_raider(e: Engine, raiders: list[str]) -> None:
    """The next raider (``raiders[0]``) rolls its fate die; the others wait their turn."""
    e.roll(
        1,
        {"type": "pick", "labels": list(CASUALTY_FACES)},
        _("Raid casualty roll for {name} (1-4 is a casualty)").format(name=e.name(raiders[0])),
        RAID_RULE,
        "raid_fates",
        raiders=raiders,
    )


@step("raid_casualty_roll")
def raid_casualty_roll(e: Engine, f: dict[str, Any]) -> None:
    """The next raider rolls, once the previous one is settled (3.0 Storm Group)."""
    roll_for_raider(e, f["raiders"])


@step("raid_fates")
def raid_fates(e: Engine, f: dict[str, Any]) -> None:
    """One raider's die is in: 5–6 back to Reserves, 1–4 a casualty (First Aid, 5.0).

    The casualty, with its First Aid decision, is settled before the next raider rolls
    (3.0 Storm Group: each raider is resolved before moving on to the next).
    """
    cid, *rest = f["raiders"]
    die = f["dice"][0]
    if rest:
        e.push("raid_casualty_roll", raiders=rest)
    if die >= 5:
        e.s.soviet[cid].where = "reserves"
        e.log(_("{name} rolls {die} and returns to Reserves").format(name=e.name(cid), die=die),
              RAID_RULE, targets=(Counter(cid).id, RESERVES_BOX.id))
    else:
        e.push("casualty", counter=cid, why=RAID_CASUALTY[die - 1], rule=RAID_RULE)


RAID_CASUALTY: tuple[str, ...] = (
    # TRANSLATORS: why a raider is a casualty: its fate die showed 1
    N_("raid, rolled 1"),
    # TRANSLATORS: why a raider is a casualty: its fate die showed 2
    N_("raid, rolled 2"),
    # TRANSLATORS: why a raider is a casualty: its fate die showed 3
    N_("raid, rolled 3"),
    # TRANSLATORS: why a raider is a casualty: its fate die showed 4
    N_("raid, rolled 4"),
)
"""Why a raider is a casualty, by its fate die (1–4, 3.0 Storm Group): kept in English in
the frame (the casualty's ``why``) and translated where it is shown."""


@step("game_end")
def game_end(e: Engine, f: dict[str, Any]) -> None:
    """The deck is out: the free Milk House raid if the red tracks are clear, then score."""
    e.s.phase = "game_end"
    e.push("final_score")
    box = e.s.storm_box
    if box and e.c.storm_group_on(box).id == "milk-house":
        rule = "6.0 Ending the Game"
        if not raid_target_clear(e):
            e.log(_("The Milk House cannot be raided (its tracks are not clear)"), rule)
        elif not raid_candidates(e):
            e.log(_("The Milk House cannot be raided (no counter is fit to raid)"), rule)
        else:
            e.log(_("The Wehrmacht deck is exhausted: a free raid on the Milk House"), rule,
                  card=box)
            start_raid(e, free=True)


@step("final_score")
def final_score(e: Engine, f: dict[str, Any]) -> None:
    """Score the game and set the victory level (6.0)."""
    finish(e, immediate_loss=None)
