"""The Wehrmacht Planning phase of the competitive variant (7.4 Competitive).

A German player holds a hand of Wehrmacht cards and a hand of Tactics cards. At the start of
every turn, before the Soviet Card Phase, the German player (first turn: after drawing four
Wehrmacht and three Tactics cards)

1. chooses three Wehrmacht cards as the turn's orders, one at a time, in order: the first
   chosen is the top of the order pile, the first order resolved (decision ``plan_order``);
   every Resupply and Storm Group card in the hand must be among them;
2. chooses one Tactics card, face down (decision ``plan_tactics``);
3. draws three Wehrmacht cards and one Tactics card (as many as are left).

At the start of the Wehrmacht Card Phase the chosen Tactics card is revealed and acts for the
rest of the turn, and the orders are resolved top to bottom (:mod:`.wehrmacht`).

The game ends at the end of a turn when the German player cannot give three orders any more
(one Wehrmacht card and two Tactics cards are left in a full game), or at the end of the
turn the Milk House Storm Group card was revealed (7.4 Note; :func:`last_turn_played`). The
Milk House lies at the bottom of the Wehrmacht deck in this variant (:mod:`.setup`), so in
a game dealt by the rules both come on the same turn, the 21st: the German player draws the
Milk House with the deck's last three cards on turn 20 and must play it on turn 21, keeping
one Wehrmacht card; the 23 Tactics cards left after setup last exactly to turn 20's draw, and
turn 21 places one of the three in hand, keeping two.

Readings (the rule is silent):

* More Resupply and Storm Group cards in the hand than there are orders (three) cannot
  happen with the cards of the game (they lie at least twelve cards apart in the deck), but
  a hand-made position may hold them: then only those cards are offered, and the ones left
  over must be played the next turn.
* A hand of fewer than three Wehrmacht cards (a hand-made position) gives as many orders as
  it holds; with no Tactics card in hand, no Tactics card is placed.
* The cards the German player holds, places and draws are named only in log entries that
  the German side may read (``seen_by="german"``); everybody reads that orders were placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..actions import Option
from ..i18n import N_, _, ngettext, pgettext
from ..machine import Engine, decision, step
from ..places import Card
from ..text import all_of

RULE = "7.4 Competitive"
"""The rule every decision and log entry of this module cites."""

ORDERS = 3
"""Wehrmacht cards chosen as orders each turn (7.4 Wehrmacht Planning)."""
HAND = 4
"""Wehrmacht cards drawn at the start of the first turn (7.4 Wehrmacht Planning)."""
TACTICS_HAND = 3
"""Tactics cards drawn at the start of the first turn (7.4 Wehrmacht Planning)."""
TACTICS_PER_TURN = 1
"""Tactics cards placed face down, and drawn, each turn (7.4 Wehrmacht Planning)."""


_EFFECT_WORDS: dict[str, str] = {
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "artillery_dice": N_("artillery dice {change}"),
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "assault_armor_dice": N_("assault armor dice {change}"),
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "assault_infantry_dice": N_("assault infantry dice {change}"),
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "ju87_defense": N_("ju87 defense {change}"),
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "mortar_dice": N_("mortar dice {change}"),
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "scouts_defense": N_("scouts defense {change}"),
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "sniper_dice": N_("sniper dice {change}"),
    # TRANSLATORS: a Tactics card effect; {change} is a signed number ("+1")
    "wehrmacht_defense": N_("wehrmacht defense {change}"),
}
"""A person's words for each Tactics card effect (:data:`.components.TACTICS_EFFECTS`), in
English; ``{change}`` is the signed number ("+1")."""


def effects_text(effects: Mapping[str, int]) -> str:
    """A Tactics card's effects in the language now: ``"artillery dice +1"`` (7.2, 7.4)."""
    out = []
    for key, n in effects.items():
        words = _EFFECT_WORDS.get(key)
        change = f"{n:+d}"
        out.append(_(words).format(change=change) if words is not None
                   else f"{key.replace('_', ' ')} {change}")
    return ", ".join(out)


def card_name(e: Engine, card_id: str) -> str:
    """A Wehrmacht, Resupply or Tactics card's name, for labels and the German log.

    In the language now.
    """
    if card_id in e.c.tactics:
        return _(e.c.tactics[card_id].name)
    if card_id in e.c.resupply_cards:
        # TRANSLATORS: a Resupply card, named by its Storm Group ("Resupply (Milk House)")
        return _("Resupply ({storm_group})").format(
            storm_group=_(e.c.storm_group_on(card_id).name))
    return _(e.c.wehrmacht_cards[card_id].name)


def must_play(e: Engine, card_id: str) -> bool:
    """Whether a card in the German hand must be chosen as an order (7.4 Restriction).

    Resupply and Storm Group cards cannot be kept.
    """
    if card_id in e.c.resupply_cards:
        return True
    return e.c.wehrmacht_cards[card_id].kind == "storm_group"


def _draw(e: Engine, wehrmacht: int, tactics: int) -> tuple[list[str], list[str]]:
    """Draw into the German hands from the top of the decks (as many as are left)."""
    s = e.s
    w, s.wehrmacht_deck = s.wehrmacht_deck[:wehrmacht], s.wehrmacht_deck[wehrmacht:]
    t, s.tactics_deck = s.tactics_deck[:tactics], s.tactics_deck[tactics:]
    s.german_hand.extend(w)
    s.german_tactics.extend(t)
    return w, t


def _names(e: Engine, cards: list[str]) -> str:
    # TRANSLATORS: no cards at all (in "German hand: none; Tactics: none")
    return ", ".join(card_name(e, c) for c in cards) or pgettext("cards", "none")


def _draws(w: list[str], t: list[str]) -> str:
    """The log's sentence for the German player's draw (everybody reads the counts)."""
    # TRANSLATORS: what the German player draws, as in "The German player draws 3 Wehrmacht
    # cards and 1 Tactics card"
    wehrmacht = ngettext("{count} Wehrmacht card", "{count} Wehrmacht cards", len(w)).format(
        count=len(w))
    # TRANSLATORS: what the German player draws, as in "The German player draws 3 Wehrmacht
    # cards and 1 Tactics card"
    tactics = ngettext("{count} Tactics card", "{count} Tactics cards", len(t)).format(
        count=len(t))
    # TRANSLATORS: {cards} is a list such as "3 Wehrmacht cards and 1 Tactics card"
    return _("The German player draws {cards}").format(cards=all_of([wehrmacht, tactics]))


@step("planning")
def planning(e: Engine, f: dict[str, Any]) -> None:
    """Open the Wehrmacht Planning phase: the first turn's draw, then the first order."""
    s = e.s
    s.phase = "planning"
    if not s.german_hand and not s.german_tactics and not s.orders:  # the first turn
        w, t = _draw(e, HAND, TACTICS_HAND)
        e.log(_draws(w, t), RULE)
        # TRANSLATORS: {cards} and {tactics} are lists of card names (or "none")
        e.log(_("German hand: {cards}; Tactics: {tactics}").format(
                  cards=_names(e, w), tactics=_names(e, t)), RULE, seen_by="german")
    e.push("planning_draw")
    e.push("planning_tactics")
    e.push("planning_order")


@step("planning_order")
def planning_order(e: Engine, f: dict[str, Any]) -> None:
    """Ask for the next order while fewer than three are placed and cards remain (7.4)."""
    s = e.s
    if len(s.orders) >= ORDERS or not s.german_hand:
        return
    n = len(s.orders) + 1
    e.push("planning_order")
    # TRANSLATORS: {number} is the order being chosen (1-3), {orders} how many there are (3)
    e.ask("plan_order", _("German player: choose order {number} of {orders} "
                          "(the first chosen is resolved first)").format(number=n, orders=ORDERS),
          RULE, order=n)


def _order_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    s = e.s
    hand = s.german_hand
    must = [c for c in hand if must_play(e, c)]
    slots = ORDERS - len(s.orders)
    # a Resupply or Storm Group card cannot be kept: once the slots left are no more than
    # those cards, only they are offered (and all of them when they fill every slot)
    pool = must if must and len(must) >= slots else hand
    n = p["order"]
    return [Option("order", _order_label(e, n, c, c in must), (Card(c).id,), card=c)
            for c in pool]


def _order_label(e: Engine, n: int, card: str, must: bool) -> str:
    """An order option's label: the order's number, the card, whether it must be played."""
    if must:
        # TRANSLATORS: {number} is the order's number (1-3); {card} a Wehrmacht card's name
        return _("Order {number}: {card} (must be played)").format(
            number=n, card=card_name(e, card))
    # TRANSLATORS: {number} is the order's number (1-3); {card} a Wehrmacht card's name
    return _("Order {number}: {card}").format(number=n, card=card_name(e, card))


@decision("plan_order", _order_options)
def plan_order(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The chosen card goes face down under the orders placed so far (7.4)."""
    card = picked.str_arg("card")
    e.s.german_hand.remove(card)
    e.s.orders.append(card)
    e.log(_("The German player places order {number} face down").format(number=p["order"]),
          RULE)
    e.log(_("Order {number}: {card}").format(number=p["order"], card=card_name(e, card)), RULE,
          card=card, seen_by="german")


@step("planning_tactics")
def planning_tactics(e: Engine, f: dict[str, Any]) -> None:
    """Ask for the Tactics card to place face down (none when the hand has none)."""
    if e.s.german_tactics and not e.s.tactics_chosen:
        e.ask("plan_tactics", _("German player: choose a Tactics card to place face down"),
              RULE)


def _tactics_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    out = []
    for c in e.s.german_tactics:
        spec = e.c.tactics[c]
        # TRANSLATORS: {card} is a Tactics card's name; {effects} its effects, such as
        # "artillery dice +1"
        label = _("Tactics card: {card} ({effects})").format(
            card=_(spec.name), effects=effects_text(spec.effects))
        out.append(Option("tactic", label, (Card(c).id,), card=c))
    return out


@decision("plan_tactics", _tactics_options)
def plan_tactics(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The chosen Tactics card waits face down until the Wehrmacht Card Phase (7.4)."""
    card = picked.str_arg("card")
    e.s.german_tactics.remove(card)
    e.s.tactics_chosen = card
    e.log(_("The German player places a Tactics card face down"), RULE)
    e.log(_("Tactics card chosen: {card}").format(card=card_name(e, card)), RULE, card=card,
          seen_by="german")


@step("planning_draw")
def planning_draw(e: Engine, f: dict[str, Any]) -> None:
    """Draw three Wehrmacht cards and one Tactics card after placing (7.4)."""
    w, t = _draw(e, ORDERS, TACTICS_PER_TURN)
    e.log(_draws(w, t), RULE)
    if w or t:
        # TRANSLATORS: {cards} and {tactics} are lists of card names (or "none")
        e.log(_("Drawn: {cards}; Tactics: {tactics}").format(
                  cards=_names(e, w), tactics=_names(e, t)), RULE, seen_by="german")


def reveal_tactics(e: Engine) -> None:
    """Reveal the face-down Tactics card: it acts for the rest of the turn (7.4).

    Called at the start of the Wehrmacht Card Phase; last turn's card leaves play.
    """
    s = e.s
    while s.tactics_in_play:
        gone = s.tactics_in_play.pop(0)
        s.tactics_removed.append(gone)
        e.log(_("Tactics card {card} leaves play").format(card=card_name(e, gone)), RULE,
              card=gone)
    if s.tactics_chosen:
        card, s.tactics_chosen = s.tactics_chosen, ""
        s.tactics_in_play.append(card)
        spec = e.c.tactics[card]
        # TRANSLATORS: {card} is a Tactics card's name; {effects} its effects, such as
        # "artillery dice +1"
        e.log(_("The German player reveals the Tactics card {card}: in play this turn "
                "({effects})").format(card=_(spec.name), effects=effects_text(spec.effects)),
              RULE, card=card)


def milk_house_revealed(e: Engine) -> bool:
    """Whether the Milk House Storm Group card has been revealed (7.4 Note).

    It is then out of the deck, the German hand and the order pile.
    """
    s = e.s
    hidden = {*s.wehrmacht_deck, *s.german_hand, *s.orders}
    return any(card.kind == "storm_group" and card.id not in hidden
               for card in e.c.wehrmacht_cards.values())


def last_turn_played(e: Engine) -> bool:
    """Whether the turn just finished was the last one (7.4 Note).

    Yes when the German player cannot give three orders next turn (the deck is empty and
    fewer than three Wehrmacht cards are in hand: one in a full game), or when the Milk House
    Storm Group card was revealed (the game still ends on that turn, with the free raid of
    6.0).
    """
    s = e.s
    if milk_house_revealed(e):
        return True
    return not s.wehrmacht_deck and len(s.german_hand) < ORDERS


def turns_after_this(e: Engine) -> int:
    """Whole turns still to come after this one by the cards left (7.4).

    Exact in a game dealt by the rules: the Milk House, which ends the game on the turn it is
    revealed, is the deck's last card (:func:`last_turn_played`). A hand-made position that
    puts it higher ends sooner than this count says.
    """
    s = e.s
    left = len(s.wehrmacht_deck) + len(s.german_hand)
    if s.phase in ("setup", "planning"):
        left -= ORDERS - len(s.orders)  # this turn's orders are still being chosen
    return max(0, left) // ORDERS
