"""The rulebook's section names and the board's colours, marked for the catalogs (issue 23).

The engine cites a rule by its number and name in English ("3.0 Attack Defender") wherever
it logs, asks or rolls; the machine translates the citation where it writes it, so the rule
modules keep one English constant each. Every citation the engine writes is listed here, so
the catalogs hold each one once; a citation missing from this list shows up as a catalog
miss in the games the tests play in French and Russian.
"""

from __future__ import annotations

from .i18n import N_, language, pgettext

RULE_NAMES: tuple[str, ...] = (
    N_("Setup"),
    N_("Setup 2"),
    N_("Setup 5"),
    N_("Setup 6"),
    N_("Setup 7"),
    N_("Setup 8"),
    N_("Setup 9"),
    N_("Setup 10"),
    N_("Setup 11"),
    N_("1.1 Game Overview"),
    N_("1.1 Sequence of Play"),
    N_("1.2 The Board"),
    N_("1.2 The Game Board"),
    N_("1.3 Line of Sight"),
    N_("2.0 Anti-aircraft units"),
    N_("2.0 Disrupted"),
    N_("2.0 Soviet Card Phase"),
    N_("2.0 62nd Army Command Post"),
    N_("2.0 13th Guards Rifle Division Command Post"),
    N_("2.0 8th Guards Sapper Battalion"),
    N_("2.0 139th Signal Battalion"),
    N_("2.0 32nd Guards Artillery Regiment"),
    N_("2.0 Volga Military Flotilla"),
    N_("2.0 267th Separate Anti-aircraft Battalion"),
    N_("2.0 1083rd Anti-aircraft Regiment"),
    N_("2.0 Volga Military Flotilla: Deliver Supplies"),
    N_("2.0 Wire Communications"),
    N_("2.1 Draw Four Cards"),
    N_("2.2 Take up to Three Actions"),
    N_("2.3 Discard all Cards"),
    N_("3.0 Advance Wehrmacht Counters"),
    N_("3.0 Assault"),
    N_("3.0 Attack Building"),
    N_("3.0 Attack Defender"),
    N_("3.0 Bomb Stalingrad"),
    N_("3.0 Place Wehrmacht Counter"),
    N_("3.0 Place Wehrmacht Counters"),
    N_("3.0 Sapper Defenses"),
    N_("3.0 Special Cards"),
    N_("3.0 Special Cards: Resupply"),
    N_("3.0 Special Cards: Storm Group"),
    N_("3.0 Storm Group"),
    N_("3.0 Suppress Defender"),
    N_("3.0 Wehrmacht Card Phase"),
    N_("4.0 Anti-tank"),
    N_("4.0 Attack"),
    N_("4.0 Command"),
    N_("4.0 Command Team"),
    N_("4.0 Ending the Soviet Counter Phase"),
    N_("4.0 Exhausted"),
    N_("4.0 Forward Observer"),
    N_("4.0 Inspire"),
    N_("4.0 Machine Gun"),
    N_("4.0 Mortar"),
    N_("4.0 Move"),
    N_("4.0 Recover"),
    N_("4.0 Request Reinforcements"),
    N_("4.0 Soviet Counter Phase"),
    N_("4.0 Soviet Counters and Weapon Counters"),
    N_("4.0 Suppress"),
    N_("4.0 Weapons"),
    N_("5.0 First Aid"),
    N_("6.0 Ending the Game"),
    N_("7.1 Operational Support Cards"),
    N_("7.2 Tactics Cards"),
    N_("7.2.1 Veteran"),
    N_("7.2.2 Elite"),
    N_("7.3 Cooperative (Two Players)"),
    N_("7.4 Competitive"),
)
"""Every rule citation the engine writes, as the English (2nd printing) rulebook names it."""


def colour_name(colour: str) -> str:
    """A board colour's word in the language now ("green", "red", "purple"; 1.2, 1.3).

    The words name the colour as a label would (Russian: the short neuter form a label takes),
    so a sentence can put one anywhere; an unknown colour comes back as it is.
    """
    if colour == "green":
        return pgettext("colour", "green")
    if colour == "red":
        return pgettext("colour", "red")
    if colour == "purple":
        return pgettext("colour", "purple")
    return colour


def position_label(label: str) -> str:
    """A combat position's label (``G4/R1``: its number in each colour) in the language now.

    Each colour's initial becomes the language's own (Russian З, К, Ф; French V, R, Vi), so
    no English letter is left on a French or Russian screen; the numbers stay (1.2).
    """
    if language() == "en":
        return label
    return "/".join(_initial(part[:1]) + part[1:] for part in label.split("/"))


def _initial(letter: str) -> str:
    if letter == "G":
        return pgettext("initial of green in a position label such as G4/R1", "G")
    if letter == "R":
        return pgettext("initial of red in a position label such as G4/R1", "R")
    if letter == "P":
        return pgettext("initial of purple in a position label such as P2", "P")
    return letter
