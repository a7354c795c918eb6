"""One line for every action word and term of the game, in our own words, with its rule.

The board shows these on hover ("Recover — take the Disrupted token off a counter, or turn
it back from Exhausted: 4.0 Recover"); the tutor's notebooks introduce each word with the
same line, so a learner meets one explanation everywhere. :func:`explain_option` finds the
line for any legal option.

The constants hold the English words (programs and tests read them); each word and meaning
is marked for the catalogs, and :meth:`Term.in_language` gives a line in the language now
(issue 23).
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Option
from .i18n import N_, _


@dataclass(frozen=True, slots=True)
class Term:
    """A word of the game, what it means in one sentence, and the section that defines it."""

    word: str
    meaning: str
    rule: str

    def __str__(self) -> str:
        # TRANSLATORS: one line of the glossary: {word} is an action word or term of the game
        # ("Recover"), {meaning} what it does or means, {rule} the rule that defines it
        # ("4.0 Recover").
        return _("{word}: {meaning} ({rule})").format(
            word=self.word, meaning=self.meaning, rule=self.rule)

    def in_language(self) -> Term:
        """This term in the language now: its word, meaning and rule from the catalog.

        A new :class:`Term` (in English, one equal to this). Call it on the English
        constants of this module, not on a term it returned: a translated word is no
        message id. ``str()`` of the result is the whole line in the language now.
        """
        return Term(_(self.word), _(self.meaning), _(self.rule))


def _terms(*rows: tuple[str, str, str, str]) -> dict[str, Term]:
    return {key: Term(word, meaning, rule) for key, word, meaning, rule in rows}


COUNTER_ACTIONS: dict[str, Term] = _terms(
    ("move", N_("Move"), N_("take the counter from Reserves or its position to another combat "
     "position (never into Reserves: only a counter it displaces goes there); the phase "
     "allows three moves, and moving does not tire a counter"), "4.0 Move"),
    ("to", N_("Move here"), N_("the position the counter moves to; an ordinary occupant is "
     "pushed to an empty position or Reserves for free"), "4.0 Move"),
    ("carry", N_("Take a weapon"), N_("the weapon moves along with its crew counter"),
     "4.0 Soviet Counters and Weapon Counters"),
    ("attack", N_("Attack"), N_("roll the counter's Attack value in dice at a German infantry "
     "counter it can see; any die reaching the target's Defense removes it; the counter is "
     "Exhausted"), "4.0 Attack"),
    ("suppress", N_("Suppress"), N_("move up to the counter's Suppress value in Suppression "
     "tokens from Supplies to the box of its room's colour, to stop German counters arriving "
     "there; the counter is Exhausted"), "4.0 Suppress"),
    ("command", N_("Command"), N_("a counter with the C mark on a combat position gives three "
     "free Recovers to other counters; it is Exhausted"), "4.0 Command"),
    ("radio", N_("Request Reinforcements"), N_("from the radio room, spend 2 points on "
     "counters or weapons from the stock; they arrive in Reserves"),
     "4.0 Request Reinforcements"),
    ("observe", N_("Forward Observer"), N_("a counter with the F mark spends a readied "
     "Artillery token to fire at a German counter it can see and one next to it"),
     "4.0 Forward Observer"),
    ("recover", N_("Recover"), N_("take the Disrupted token off the counter, or turn it back "
     "from Exhausted (one of the two); it costs the counter its action"), "4.0 Recover"),
    ("team", N_("Weapon team"), N_("two counters of the same weapon mark on one position fire "
     "their weapon together, using two actions"), "4.0 Soviet Counters and Weapon Counters"),
    # TRANSLATORS: "Target" is a noun here: the German counter chosen to fire at.
    ("target", N_("Target"), N_("the German counter to fire at; it must be on a track of a "
     "colour the firing room sees"), "1.3 Line of Sight"),
    ("place", N_("Suppression tokens"), N_("how many tokens to place, up to the counter's "
     "Suppress value"), "4.0 Suppress"),
    ("split", N_("Split the tokens"), N_("a two-colour room shares its Suppression tokens "
     "between the two colours' boxes"), "4.0 Suppress"),
    ("buy", N_("Buy"), N_("a counter or weapon from the stock for its cost in points; it "
     "arrives in Reserves"), "2.0 13th Guards Rifle Division Command Post"),
    # TRANSLATORS: "Hit" names the choice of which counter takes a hit (a noun or a label).
    ("hit", N_("Hit"), N_("which of the two counters on the position takes the hit"),
     "3.0 Attack Defender"),
    ("first-aid", N_("First Aid"), N_("spend a First Aid token from Supplies to save the "
     "casualty"), "5.0 First Aid"),
    ("raider", N_("Raider"), N_("send this counter on the Storm Group raid; it rolls for its "
     "fate after the raid"), "3.0 Storm Group"),
    ("aa", N_("Anti-aircraft fire"), N_("this token fires two dice at the Ju 87s; each die of "
     "the planes' Defense or more shoots one down"), "3.0 Bomb Stalingrad"),
    ("spend", N_("Spend Suppression"), N_("Suppression tokens of the track's colour, each a "
     "die that may stop the arriving German counter"), "3.0 Place Wehrmacht Counters"),
    ("starve", N_("Goes hungry"), N_("a Resupply card found too little Food: this counter "
     "becomes a casualty (First Aid may save it), or this weapon is lost"),
     "3.0 Special Cards: Resupply"),
    # TRANSLATORS: "Order" is a noun here: one of the German player's three orders (7.4).
    ("order", N_("Order"), N_("the German player puts this Wehrmacht card face down as the "
     "next of the turn's three orders, resolved top to bottom; Resupply and Storm Group cards "
     "cannot be kept back"), "7.4 Competitive"),
    ("tactic", N_("Tactics card"), N_("the German player puts this Tactics card face down; it "
     "is revealed at the start of the Wehrmacht Card Phase and acts for the rest of the "
     "turn"), "7.4 Competitive"),
)
"""The words of the Soviet Counter Phase and of the reactive choices, keyed by option verb."""

CARD_ACTIONS: dict[tuple[str, str], Term] = {
    (unit, "recover"): Term(N_("Recover"), N_("take a Disrupted token off one of this unit's "
                            "locations"), "2.0 Soviet Card Phase")
    for unit in ("62nd-army-cp", "13th-guards-cp", "139th-signal", "32nd-guards-artillery",
                 "volga-flotilla", "267th-aa", "1083rd-aa")
}
"""The card actions of the 62nd Army's units (2.0), keyed by (unit, action)."""
CARD_ACTIONS.update({
    ("62nd-army-cp", "resupply"): Term(
        N_("Resupply"), N_("put up to five Ammunition, First Aid, Food and Sapper tokens from "
        "the stock in the Staging Area, ready for the Flotilla"), "2.0 62nd Army Command Post"),
    ("62nd-army-cp", "storm"): Term(
        N_("Storm Group"), N_("raid the card in the Storm Group box with counters from the "
        "house, once its tracks are clear, for its Victory Points"), "3.0 Storm Group"),
    ("62nd-army-cp", "support"): Term(
        N_("Operational Support"), N_("pay the tokens on the Operational Support card for its "
        "Victory Points"), "7.1 Operational Support Cards"),
    ("13th-guards-cp", "reinforce"): Term(
        N_("Send Reinforcements"), N_("spend 6 points on counters and weapons from the stock; "
        "they arrive in Reserves"), "2.0 13th Guards Rifle Division Command Post"),
    ("8th-guards-sapper", "buttress"): Term(
        N_("Buttress"), N_("with a Sapper token from Supplies, raise one Defense by 1 or clear "
        "the Disrupted token from location 3"), "2.0 8th Guards Sapper Battalion"),
    ("8th-guards-sapper", "field"): Term(
        N_("Field Defenses"), N_("move a Sapper token from Supplies onto an empty Sapper "
        "location on the square, where it stops a German counter"),
        "2.0 8th Guards Sapper Battalion"),
    ("139th-signal", "tactical"): Term(
        N_("Tactical Decision"), N_("set a Fog of War card from the hand aside and draw "
        "another card"), "2.0 139th Signal Battalion"),
    ("139th-signal", "wire"): Term(
        N_("Wire Communications"), N_("put a Wire token on a Signal location; with all four "
        "wired, the next card phase has four actions"), "2.0 139th Signal Battalion"),
    ("32nd-guards-artillery", "ready"): Term(
        N_("Ready Artillery"), N_("put an Artillery token on an artillery location, for a "
        "Forward Observer to call in"), "2.0 32nd Guards Artillery Regiment"),
    ("volga-flotilla", "load"): Term(
        N_("Load Supplies"), N_("move up to three tokens from the Staging Area onto free "
        "Flotilla locations, one each"), "2.0 Volga Military Flotilla"),
    ("volga-flotilla", "deliver"): Term(
        N_("Deliver Supplies"), N_("bring the Flotilla's tokens into Supplies; each "
        "Ammunition token becomes five Suppression tokens"), "2.0 Volga Military Flotilla"),
    ("267th-aa", "ready"): Term(
        N_("Ready Anti-aircraft"), N_("put an AA token on one of this unit's locations, to "
        "fire at the next Ju 87 raid"), "2.0 Anti-aircraft units"),
    ("1083rd-aa", "ready"): Term(
        N_("Ready Anti-aircraft"), N_("put an AA token on one of this unit's locations, to "
        "fire at the next Ju 87 raid"), "2.0 Anti-aircraft units"),
})

TERMS: dict[str, Term] = _terms(
    ("exhausted", N_("Exhausted"), N_("a counter that has attacked, suppressed or given "
     "orders; it may only Recover until turned back"), "4.0 Soviet Counter Phase"),
    ("disrupted", N_("Disrupted"), N_("a token that stops a counter acting (but Recover) or a "
     "unit's location from working"), "2.0 Soviet Card Phase"),
    ("action-token", N_("Action token"), N_("marks a counter that has acted this phase: one "
     "action per counter"), "4.0 Soviet Counter Phase"),
    ("reserves", N_("Reserves"), N_("counters in the house but off the combat positions: they "
     "see no track, and Recover is the only action there"), "1.2 The Board"),
    ("supplies", N_("Supplies"), N_("the house's box of Food, First Aid, Sapper and "
     "Suppression tokens"), "1.2 The Board"),
    ("line-of-sight", N_("Line of sight"), N_("a counter sees the tracks of its room's colour; "
     "a two-colour room sees both"), "1.3 Line of Sight"),
    ("defense", N_("Defense"), N_("how hard one side of the house is for German fire (snipers, "
     "mortars, artillery, assaults) to hit; buttressing raises it"), "3.0 Attack Building"),
    ("fog-of-war", N_("Fog of War"), N_("a Soviet card with no action"),
     "2.2 Take up to Three Actions"),
    ("staging", N_("Staging Area"), N_("where resupplied tokens wait for the Flotilla to load "
     "them"), "2.0 Volga Military Flotilla"),
    # TRANSLATORS: "Score" is a noun here: the game's final score (6.0).
    ("score", N_("Score"), N_("raid and support Victory Points, plus 1 for each counter in the "
     "house, minus 3 for each German counter on the tracks"), "6.0 Ending the Game"),
)
"""Other words the board and the notebooks use."""


def explain_option(option: Option) -> Term | None:
    """The line that explains what a legal option does, or None for a plain button.

    The line is in the language now (:meth:`Term.in_language`); in English it equals the
    constant's.
    """
    if option.verb == "card":
        term = CARD_ACTIONS.get((option.str_arg("unit"), option.str_arg("action")))
    else:
        term = COUNTER_ACTIONS.get(option.verb)
    return None if term is None else term.in_language()
