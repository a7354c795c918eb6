"""The coach's expected score of a position (6.0 Ending the Game), used by the review.

Cheaply and without dice of its own, so the same game always gives the same review. A quiet
position (a Soviet card action, a move or a counter action to choose) is valued by
:func:`static_value`: the 6.0 score as it stands, less the risk of an immediate loss (a nearly
full track, 3.0 Advance; a Disrupted 62nd Army Command Post, 3.0 Bomb Stalingrad), less the
defenders the next Resupply card will starve (3.0 Special Cards: Resupply, :func:`hungry`),
plus a little for Defense and less for Disrupted defenders. Anywhere else — dice to roll, a
reaction to choose — the value is the exact expectation over the dice (each result weighted by
its exact probability), the reactions taken by the sensible player, until play is quiet again
or the tree gets too big.
"""

from __future__ import annotations

import random

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.sim.heuristic import HeuristicPolicy
from pavlov_widgets.tutor.lab.model import example_dice

QUIET_DECISIONS = frozenset({"card_action", "move_pick", "act_pick"})
"""The decisions that start something (a card action, 2.2; a move, 4.0 Move; a counter
action, 4.0): a position waiting for one of them is valued as it stands."""

TRACK_RISK: dict[int, float] = {5: 6.0, 4: 2.0, 3: 0.5}
"""Points off for a track holding this many Wehrmacht counters: a full track (5) loses the
game when one more counter enters it (3.0 Advance Wehrmacht Counters)."""

ARMY_CP_RISK = 5.0
"""Points off while the 62nd Army Command Post (location 18) is Disrupted: a second Disrupted
token there loses the game (3.0 Bomb Stalingrad)."""

DEFENSE_POINT = 0.25
"""Points for each point of Defense on the house's three sides (3.0 Attack Building)."""

DISRUPTED_DEFENDER = 0.3
"""Points off for each Disrupted counter in the house (it may only Recover, 4.0)."""

IMMEDIATE_LOSS_VALUE = -20.0
"""An immediate loss counts as at most this score: 6.0 ranks it below every final score."""

LOOKAHEAD = 16
"""How many dice results :func:`value` may weigh for one position before it stops looking
ahead and values what it sees (keeps a full game's review within a few seconds)."""

ARMY_CP = 18
"""The 62nd Army Command Post's location (1.2 The Board)."""

CARDS_A_TURN = 3
"""Wehrmacht cards revealed each turn (3.0 Wehrmacht Card Phase)."""

FOOD_FEEDS = 5
"""Soviet counters one Food token feeds at a Resupply card (3.0 Special Cards: Resupply)."""

RAIDER_BACK = 1 / 3
"""A raider still out on a Storm Group raid counts this much of a defender: it comes back to
the Reserves on a 5 or 6 of its fate die (3.0 Special Cards: Storm Group)."""

VOLGA = range(3, ARMY_CP + 1)
"""The Volga locations (1.2 The Board): Food loaded on the Flotilla waits on one of them."""


def card_phases_before_resupply(game: Game) -> int | None:
    """How many Soviet Card Phases come before the next Resupply card; None: no Resupply left.

    Where the Resupply cards lie is no secret: Setup 2 puts one on top of the "2", "3" and "4"
    Wehrmacht decks, so a player who counts the cards knows when the next one comes (three
    cards a turn, 3.0). The current Soviet Card Phase counts while it still has actions; in
    the Soviet Counter Phase the next turn's comes first.
    """
    state = game.state
    resupply = game.components.resupply_cards
    ahead = next((i for i, card in enumerate(state.wehrmacht_deck) if card in resupply), None)
    if ahead is None:
        return None
    if state.phase == "wehrmacht_cards":
        left = max(0, CARDS_A_TURN - state.cards_in_phase)
        return 0 if ahead < left else 1 + (ahead - left) // CARDS_A_TURN
    # a Soviet Card Phase with no action left is over in all but name
    now = 0 if state.phase == "soviet_cards" and state.actions_left <= 0 else 1
    return now + ahead // CARDS_A_TURN


def hungry(game: Game) -> int:
    """The counters the next Resupply card will starve unless more Food comes (3.0 Resupply).

    Each Food token in the Supply box feeds five counters (weapons too where they eat). Food
    on the Flotilla counts once a Soviet Card Phase comes first (one Deliver), in the Staging
    Area once two do (Load, then Deliver), and from the stock one Food for each phase after
    the second (Resupply, Load, Deliver). No Resupply card left: nobody starves. While a
    Resupply card is asking who starves, the counters it still has to take.
    """
    pending = game.state.pending or {}
    if pending.get("op") == "starve_pick":  # a Resupply card is being paid for right now
        return int(pending.get("left", 0))
    phases = card_phases_before_resupply(game)
    if phases is None:
        return 0
    seen = Observer(game)
    mouths = len(seen.house_counters())
    if game.engine.o.weapons_eat:
        mouths += sum(1 for where in game.state.weapons.values()
                      if where not in ("stock", "removed"))
    food = seen.tokens("supplies", "food")
    if phases >= 1:  # on the Flotilla: one Deliver brings it
        food += sum(seen.location_count(loc, "food") for loc in VOLGA)
    if phases >= 2:  # in the Staging Area: Load, then Deliver
        food += seen.tokens("staging", "food")
    if phases >= 3:  # in the stock: Resupply, Load, Deliver, one a phase at best
        food += min(seen.tokens("stock", "food"), phases - 2)
    return max(0, mouths - FOOD_FEEDS * food)


def static_value(game: Game) -> float:
    """The position as it stands, in points of the final score (6.0), without looking ahead.

    The score (Storm Group and Operational Support VP + 1 per defender − 3 per Wehrmacht
    counter), less :data:`TRACK_RISK` per track, :data:`ARMY_CP_RISK`, a point for each
    counter the next Resupply card will starve (:func:`hungry`) and :data:`DISRUPTED_DEFENDER`,
    plus :data:`DEFENSE_POINT` per point of Defense and :data:`RAIDER_BACK` per raider still
    out on a raid. A finished game is worth its final score
    (an immediate loss at most :data:`IMMEDIATE_LOSS_VALUE`).
    """
    outcome = game.outcome
    if outcome is not None:
        final = float(outcome.get("score", 0))
        if outcome.get("level") == "Immediate Defeat":
            return min(final, IMMEDIATE_LOSS_VALUE)
        return final
    seen = Observer(game)
    state = game.state
    worth = float(seen.score().total)
    for track in range(1, len(state.tracks) + 1):
        worth -= TRACK_RISK.get(seen.counters_on_track(track), 0.0)
    if seen.location_disrupted(ARMY_CP):
        worth -= ARMY_CP_RISK
    worth -= hungry(game)
    worth += RAIDER_BACK * sum(1 for c in state.soviet.values() if c.where == "raid")
    worth += DEFENSE_POINT * sum(state.defense.values())
    worth -= DISRUPTED_DEFENDER * sum(
        1 for cid in seen.house_counters() if state.soviet[cid].disrupted
    )
    return worth


PLAYER = HeuristicPolicy()
"""The sensible player: it takes the reactions inside :func:`value` and gives the hint."""
_NO_RNG = random.Random(0)  # the heuristic is deterministic; the policy interface wants one


def value(game: Game, lookahead: int = LOOKAHEAD) -> float:
    """The expected final score of a position (a quick, deterministic estimate; 6.0).

    Quiet positions (:data:`QUIET_DECISIONS`) and finished games: :func:`static_value`.
    Pending dice: the exact expectation over their results. A pending reaction (Anti-aircraft
    fire, First Aid, a Storm Group raid …): the sensible player's choice. The look-ahead stops
    where more than ``lookahead`` results would have to be weighed, and where a Wehrmacht card
    comes up (the deck's order is luck of its own). The game is not changed.
    """
    return _value(game, lookahead, own=False)


def _value(game: Game, budget: int, own: bool) -> float:
    """:func:`value` on ``game``; ``own``: the game is a private branch that may be played on."""
    g = game
    for _ in range(64):  # reactions in a row: a guard, a card never asks this many
        if g.is_over:
            return static_value(g)
        pending = g.state.pending or {}
        if pending.get("kind") == "decision":
            if pending.get("op") in QUIET_DECISIONS:
                return static_value(g)
            if not own:
                g, own = g.fork(auto_roll=False), True
            seen = len(g.engine.log_entries)
            g.apply(PLAYER(g, _NO_RNG))
            if reveals_card(g, seen):
                return static_value(g)
            continue
        chance = g.chance()
        if chance is None:
            return static_value(g)
        outcomes = [(result, p) for result, p in chance.outcomes if p > 0]
        if len(outcomes) > budget:
            return static_value(g)
        total, weight = 0.0, 0.0
        for result, p in outcomes:
            dice = example_dice(chance.dice, chance.test, result)
            if dice is None:
                continue
            branch = g.fork(auto_roll=False)
            seen = len(branch.engine.log_entries)
            branch.force(dice)
            worth = (static_value(branch) if reveals_card(branch, seen)
                     else _value(branch, budget // len(outcomes), own=True))
            total += float(p) * worth
            weight += float(p)
        return total / weight if weight else static_value(g)
    return static_value(g)


def reveals_card(game: Game, seen: int) -> bool:
    """Whether a Wehrmacht (or Resupply) card came up since log entry ``seen`` (3.0).

    The look-ahead stops there: the deck's order is luck the review weighs on its own, not as
    part of the choice or roll before it.
    """
    return any(entry.kind == "card" for entry in game.engine.log_entries[seen:])


__all__ = [
    "card_phases_before_resupply",
    "hungry",
    "static_value",
    "value",
]
