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

from typing import Any

from ..actions import Option
from ..machine import Engine, decision, step
from ..places import Card
from ..text import plural

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


def card_name(e: Engine, card_id: str) -> str:
    """A Wehrmacht, Resupply or Tactics card's name, for labels and the German log."""
    if card_id in e.c.tactics:
        return e.c.tactics[card_id].name
    if card_id in e.c.resupply_cards:
        return f"Resupply ({e.c.storm_group_on(card_id).name})"
    return e.c.wehrmacht_cards[card_id].name


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
    return ", ".join(card_name(e, c) for c in cards) or "none"


@step("planning")
def planning(e: Engine, f: dict[str, Any]) -> None:
    """Open the Wehrmacht Planning phase: the first turn's draw, then the first order."""
    s = e.s
    s.phase = "planning"
    if not s.german_hand and not s.german_tactics and not s.orders:  # the first turn
        w, t = _draw(e, HAND, TACTICS_HAND)
        e.log(f"The German player draws {plural(len(w), 'Wehrmacht card')} and "
              f"{plural(len(t), 'Tactics card')}", RULE)
        e.log(f"German hand: {_names(e, w)}; Tactics: {_names(e, t)}", RULE, seen_by="german")
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
    e.ask("plan_order", f"German player: choose order {n} of {ORDERS} "
          "(the first chosen is resolved first)", RULE, order=n)


def _order_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    s = e.s
    hand = s.german_hand
    must = [c for c in hand if must_play(e, c)]
    slots = ORDERS - len(s.orders)
    # a Resupply or Storm Group card cannot be kept: once the slots left are no more than
    # those cards, only they are offered (and all of them when they fill every slot)
    pool = must if must and len(must) >= slots else hand
    n = p["order"]
    return [Option("order", f"Order {n}: {card_name(e, c)}"
                   + (" (must be played)" if c in must else ""), (Card(c).id,), card=c)
            for c in pool]


@decision("plan_order", _order_options)
def plan_order(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The chosen card goes face down under the orders placed so far (7.4)."""
    card = picked.str_arg("card")
    e.s.german_hand.remove(card)
    e.s.orders.append(card)
    e.log(f"The German player places order {p['order']} face down", RULE)
    e.log(f"Order {p['order']}: {card_name(e, card)}", RULE, card=card, seen_by="german")


@step("planning_tactics")
def planning_tactics(e: Engine, f: dict[str, Any]) -> None:
    """Ask for the Tactics card to place face down (none when the hand has none)."""
    if e.s.german_tactics and not e.s.tactics_chosen:
        e.ask("plan_tactics", "German player: choose a Tactics card to place face down",
              RULE)


def _tactics_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    out = []
    for c in e.s.german_tactics:
        spec = e.c.tactics[c]
        effects = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in spec.effects.items())
        out.append(Option("tactic", f"Tactics card: {spec.name} ({effects})", (Card(c).id,),
                          card=c))
    return out


@decision("plan_tactics", _tactics_options)
def plan_tactics(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The chosen Tactics card waits face down until the Wehrmacht Card Phase (7.4)."""
    card = picked.str_arg("card")
    e.s.german_tactics.remove(card)
    e.s.tactics_chosen = card
    e.log("The German player places a Tactics card face down", RULE)
    e.log(f"Tactics card chosen: {card_name(e, card)}", RULE, card=card, seen_by="german")


@step("planning_draw")
def planning_draw(e: Engine, f: dict[str, Any]) -> None:
    """Draw three Wehrmacht cards and one Tactics card after placing (7.4)."""
    w, t = _draw(e, ORDERS, TACTICS_PER_TURN)
    e.log(f"The German player draws {plural(len(w), 'Wehrmacht card')} and "
          f"{plural(len(t), 'Tactics card')}", RULE)
    if w or t:
        e.log(f"Drawn: {_names(e, w)}; Tactics: {_names(e, t)}", RULE, seen_by="german")


def reveal_tactics(e: Engine) -> None:
    """Reveal the face-down Tactics card: it acts for the rest of the turn (7.4).

    Called at the start of the Wehrmacht Card Phase; last turn's card leaves play.
    """
    s = e.s
    while s.tactics_in_play:
        gone = s.tactics_in_play.pop(0)
        s.tactics_removed.append(gone)
        e.log(f"Tactics card {card_name(e, gone)} leaves play", RULE, card=gone)
    if s.tactics_chosen:
        card, s.tactics_chosen = s.tactics_chosen, ""
        s.tactics_in_play.append(card)
        spec = e.c.tactics[card]
        effects = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in spec.effects.items())
        e.log(f"The German player reveals the Tactics card {spec.name}: in play this turn "
              f"({effects})", RULE, card=card)


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
