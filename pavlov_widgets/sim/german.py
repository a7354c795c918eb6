"""A German player for the competitive variant (7.4 Competitive): the ``german-heuristic`` policy.

In the competitive game the German player takes the decisions of the Wehrmacht Planning phase
(:mod:`pavlov_widgets.engine.rules.planning`): which three Wehrmacht cards of the hand become
the turn's orders and in which order (decision ``plan_order``, verb ``order``), and which
Tactics card goes face down (decision ``plan_tactics``, verb ``tactic``). Everything else on
that side is resolved by the dice. :class:`GermanHeuristicPolicy` plays those decisions the
way a sensible German player would; the :class:`~pavlov_widgets.sim.policies.RandomPolicy`
plays them at random.

How it judges a card: every card gets the damage it is expected to do *now*, in the Soviet
side's own currency (a defender lost is worth what keeping it is worth, a Wehrmacht counter
that stays on the board costs the Soviet side 3 points at the end, 6.0), worked out exactly
from the dice where that is cheap:

* **Sniper** (3.0 Attack Defender): for each colour of the card's table, the position rolls
  of 1.2 and the nearest-occupied rule, then four dice (plus a Tactics card's) against that
  colour's Defense: the chance times the worth of the counter hit. Snipers hurt most where
  defenders stand on positions of a weak (low) Defense.
* **Mortar** (3.0 Suppress Defender): the same targeting; a hit Disrupts, and kills a counter
  that already is (so a Mortar after a Mortar, or on a colour full of Disrupted defenders,
  hurts most).
* **Artillery** (3.0 Attack Building): one colour by the card's table, the card's dice
  against that colour's Defense: lowering a Defense helps every later Sniper, Mortar and
  Assault against that colour; at the minimum Defense (3) a hit Disrupts every defender of
  the colour. So artillery goes against the lowest Defense with the most defenders behind it.
* **Ju 87** (3.0 Bomb Stalingrad): the readied Anti-aircraft tokens shoot first (two dice each
  against the bombers' Defense); each bomber left lands on a location by the total of three
  dice, and the exact distribution of that total is weighed against what each location
  holds: a token to destroy (a Wire Communications token most: while the signal lines are up
  they give the defenders a fourth card action, 2.0), an undisrupted location to Disrupt
  (with a Fog of War card on the Signals locations 14-17), a Disrupted one the bomb climbs
  over (and on the 62nd Army CP, 18, a second Disrupted token wins the game outright). So
  the Ju 87 hurts most while the signal lines are up (Wire tokens to destroy) and once the CP
  is Disrupted with Disrupted locations below it, and is **kept** while neither is true.
* **Place Wehrmacht Counter** (3.0): a die picks the track; a counter that stays costs the
  defenders 3 points at the end (6.0) and pushes the track toward the house: a counter placed
  on a full track pushes its leader into the house and wins the game at once (unless the
  colour's Suppression tokens stop infantry first). Placement cards hurt most when tracks
  are near full.
* **Assault** (3.0 Assault): each colour's infantry suppress with their total Suppress value
  as dice and its armour attacks the building with the total Attack value, so an Assault is
  worth most when the tracks are full: it is **kept** while they are empty.
* **Resupply** and **Storm Group** cards must be played (7.4 Restriction); the engine offers
  nothing else once the slots left are theirs.

Which card to keep: the German player plays three of four cards each turn. The card kept is
the one that loses least by waiting: the one furthest below its usual value
(:data:`TYPICAL`, what a card of its kind does on an average board), as a share of that
value. On the last turn the card kept is never played: the weakest one now is kept.

The order (7.4 Wehrmacht Planning: the first chosen is resolved first): Resupply first (before
any casualty lowers the mouths to feed), then artillery (a lowered Defense helps the cards
after it), the placement cards (more counters for the Assault), Sniper, Mortar, Ju 87, and the
Assault last, with the Storm Group card at the end.

The Tactics card (7.4): with the three orders placed, each Tactics card in hand is valued by
what its effect (7.2) adds to those orders (an extra die for the Sniper of this turn, +1 to
the Ju 87 Defense against the Anti-aircraft fire, extra Assault dice …) plus, for the Defense
bonuses, how many Wehrmacht counters the defenders will shoot at this turn; the best is placed.

The policy is deterministic given its ``rng``: the rng breaks exact ties only.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from functools import cache

from ..engine import Game, Option
from ..engine.components import COLOURS
from ..engine.dice import p_any_at_least
from ..engine.observe import Observer
from ..engine.rules import planning

GERMAN_POLICIES: tuple[str, ...] = ("german-heuristic", "random")
"""The policy names that can play the German side (``simulate --german-policy``)."""

ORDER_PRIORITY: dict[str, int] = {
    "resupply": 0,
    "artillery": 1,
    "place": 2,
    "sniper": 3,
    "mortar": 4,
    "ju87": 5,
    "assault": 6,
    "storm_group": 7,
}
"""The order the heuristic resolves its chosen cards in, first first (see the module)."""

TYPICAL: dict[str, float] = {
    "sniper": 3.0,
    "mortar": 1.3,
    "artillery": 1.5,
    "ju87": 1.6,
    "assault": 2.2,
    "place": 3.1,
    "resupply": 0.0,
    "storm_group": 0.0,
}
"""What a card of each kind usually does (the value of keeping it for a later turn), in the
units of :meth:`GermanHeuristicPolicy.card_value`: the median value of each kind in the hands
of the first planning decision of each turn, over twelve competitive games (seeds 1-12) of
the Soviet ``heuristic`` against this policy. A card below its usual value is kept."""

ARMY_CP = 18
"""The 62nd Army CP's location: a second Disrupted token there loses the game (3.0)."""
SIGNALS = (14, 15, 16, 17)
"""The 139th Signal Battalion's locations: a Disrupted token placed there adds Fog of War."""
AA_LOCATIONS = (8, 9, 12, 13)
"""Where Anti-aircraft tokens wait (2.0 Anti-aircraft)."""
GAME_LOST = 60.0
"""What winning the game outright is worth in this policy's units (6.0 immediate loss)."""
TOKEN_WORTH: dict[str, float] = {
    "wire": 3.5, "aa": 1.3, "artillery": 1.2, "food": 1.5, "ammunition": 1.0,
}
"""What one token destroyed by a bomb costs the defenders (others: 0.8)."""


@cache
def p_hit(dice: int, target: int) -> float:
    """The chance at least one of ``dice`` dice reaches ``target`` (exact, as a float)."""
    if dice <= 0:
        return 0.0
    return float(p_any_at_least(dice, target))


@cache
def three_dice_totals() -> dict[int, float]:
    """The distribution of the total of three dice (the bomb's location, 3.0 Bomb Stalingrad)."""
    out: dict[int, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                out[a + b + c] = out.get(a + b + c, 0.0) + 1 / 216
    return out


class _Board:
    """What the German policy reads from a game, computed once per decision."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.see = Observer(game)
        self.s = game.state
        self.c = game.components
        self.occ = self.see.occupancy()
        self.turns_after = planning.turns_after_this(game.engine)

    def worth(self, cid: str) -> float:
        """What a Soviet counter is worth to its side: its point (6.0) and what it can do."""
        spec = self.c.soviet_counters[cid]
        v = 1.0 + 0.4 * spec.attack + 0.2 * spec.suppress + 0.3 * spec.cost
        return v + 1.2 * len(spec.specials)

    def disrupt_worth(self, cid: str) -> float:
        """A Disrupted token on a defender: it kills one already Disrupted (3.0 Suppress)."""
        if self.s.soviet[cid].disrupted:
            return self.worth(cid)
        return 0.5 + 0.3 * self.worth(cid)

    def target_odds(self, colour: str) -> list[tuple[str, float]]:
        """Each square a position roll in ``colour`` lands on, with its chance (3.0)."""
        squares = self.c.index.squares_of[colour]
        occupied = [n for n in range(1, 7) if n in squares and squares[n].id in self.occ]
        if not occupied:
            return []
        out: dict[str, float] = {}
        for roll in range(1, 7):
            higher = [n for n in occupied if n >= roll]
            n = min(higher) if higher else max(occupied)
            sq = squares[n].id
            out[sq] = out.get(sq, 0.0) + 1 / 6
        return list(out.items())

    def targeted(self, colour: str, dice: int, effect: str) -> float:
        """Expected damage of a targeted attack or suppression in ``colour`` (3.0)."""
        chance = p_hit(dice, self.s.defense[colour])
        total = 0.0
        for sq, p in self.target_odds(colour):
            hit = self.occ[sq]
            each = self.worth if effect == "attack" else self.disrupt_worth
            total += p * sum(each(cid) for cid in hit)
        return chance * total

    def building(self, colour: str, dice: int) -> float:
        """Expected damage of an attack on a colour's Defense (3.0 Attack Building)."""
        defense = self.s.defense[colour]
        chance = p_hit(dice, defense)
        defenders = self.see.counters_on_colour(colour)
        if defense > 3:  # the minimum Defense of the board
            return chance * (0.8 + 0.35 * len(defenders))
        return chance * sum(self.disrupt_worth(cid) for cid in defenders)

    def colour_odds(self, table: tuple[str, ...] | list[str]) -> dict[str, float]:
        """The chance of each colour on a card's colour table (one die)."""
        out: dict[str, float] = {}
        for colour in table:
            out[colour] = out.get(colour, 0.0) + 1 / len(table)
        return out

    def bomb(self, loc: int) -> float:
        """What one bomb landing on ``loc`` does, following the climb of 3.0 Bomb Stalingrad."""
        shifted = False
        while True:
            tokens = self.see.location_tokens(loc)
            if tokens and (not shifted or self.game.settings.ju87_shift_removes_tokens):
                return TOKEN_WORTH.get(tokens[0], 0.8)
            if not self.see.location_disrupted(loc):
                value = 1.0
                if loc in SIGNALS:
                    value += 1.5  # a Fog of War card joins the Soviet deck
                if loc == ARMY_CP:
                    value += 3.0  # one step from losing the game
                return value
            if loc == 3:
                squares = [cid for sq, cids in self.occ.items()
                           if sq in self.c.index.squares for cid in cids]
                return sum(self.disrupt_worth(cid) for cid in squares)
            if loc == ARMY_CP:
                return GAME_LOST
            loc += 1
            shifted = True

    def track_push(self, track: int, counter_type: str, scouts_bonus: int) -> float:
        """What a counter of ``counter_type`` placed on ``track`` (0-based) does (3.0)."""
        counters = self.see.counters_on_track(track + 1)
        circles = len(self.s.tracks[track])
        colour = self.c.board.tracks[track].colour
        kind = self.c.wehrmacht_types[counter_type]
        stopped = 0.0
        if kind.kind == "infantry":
            tokens = self.see.suppression_tokens(colour)
            defense = kind.defense + (scouts_bonus if kind.id == "scouts" else 0)
            stopped = p_hit(tokens, defense)
        if counters >= circles:
            return (1 - stopped) * GAME_LOST
        crowd = {4: 8.0, 3: 3.0, 2: 1.2, 1: 0.5}.get(counters, 0.0)
        bite = 0.5 * (kind.suppress if kind.kind == "infantry" else kind.attack)
        return (1 - stopped) * (3.0 + crowd + bite)


class GermanHeuristicPolicy:
    """A sensible German player for the Wehrmacht Planning phase (7.4 Competitive).

    See the module docstring for how it values, keeps, orders the cards and picks the Tactics
    card. ``policy(game, rng)`` returns an option of the pending ``plan_order`` or
    ``plan_tactics`` decision; asked anything else (a Soviet decision) it raises, since the
    simulator routes only the German side's decisions to it.
    """

    name = "german-heuristic"
    side = "german"
    """It plays the German side only (the simulator refuses it for the Soviet side)."""

    def __call__(self, game: Game, rng: random.Random) -> Option:
        """The best option of the pending German decision (ties broken by ``rng``)."""
        options = game.legal_actions()
        if not options:
            raise ValueError("no decision is pending: the German player has nothing to choose")
        pending = game.state.pending or {}
        op = pending.get("op", "")
        board = _Board(game)
        if op == "plan_order":
            card = self.next_order(board, [o.str_arg("card") for o in options], rng)
        elif op == "plan_tactics":
            card = self.best_tactic(board, [o.str_arg("card") for o in options], rng)
        else:
            raise ValueError(f"the German policy takes the Wehrmacht Planning decisions "
                             f"(7.4), not {op!r}")
        return next(o for o in options if o.str_arg("card") == card)

    # --- valuing a card -----------------------------------------------------------------

    def kind(self, game: Game, card: str) -> str:
        """A German card's kind: a Wehrmacht card kind, or ``"resupply"``."""
        if card in game.components.resupply_cards:
            return "resupply"
        return game.components.wehrmacht_cards[card].kind

    def card_value(self, board: _Board, card: str,
                   bonus: Mapping[str, int] | None = None) -> float:
        """The damage ``card`` is expected to do now, with a Tactics card's ``bonus`` (7.2)."""
        b = bonus or {}
        kind = self.kind(board.game, card)
        if kind in ("resupply", "storm_group"):
            return 0.0
        spec = board.c.wehrmacht_cards[card]
        if kind in ("sniper", "mortar"):
            dice = 4 + b.get(f"{kind}_dice", 0)
            effect = "attack" if kind == "sniper" else "suppress"
            return sum(p * board.targeted(colour, dice, effect)
                       for colour, p in board.colour_odds(spec.colour_table).items())
        if kind == "artillery":
            dice = spec.dice + b.get("artillery_dice", 0)
            return sum(p * board.building(colour, dice)
                       for colour, p in board.colour_odds(spec.colour_table).items())
        if kind == "ju87":
            return self.ju87_value(board, spec.aircraft, spec.defense + b.get("ju87_defense", 0))
        if kind == "place":
            tracks = len(board.s.tracks)
            return sum(board.track_push(t, spec.counter_type, b.get("scouts_defense", 0))
                       for t in range(tracks)) / tracks
        if kind == "assault":
            return self.assault_value(board, b)
        return 0.0

    def ju87_value(self, board: _Board, aircraft: int, defense: int) -> float:
        """Bombers left after the Anti-aircraft fire, times what a bomb does (3.0)."""
        ready = sum(board.see.location_count(n, "aa") for n in AA_LOCATIONS)
        # every readied token fires (two dice each); each die at the Defense or more downs
        # one bomber: the exact chance of each number downed (binomial)
        dice, p = 2 * ready, (7 - min(6, defense)) / 6
        left = sum(math.comb(dice, k) * p**k * (1 - p) ** (dice - k) * max(0, aircraft - k)
                   for k in range(dice + 1))
        per_bomb = sum(q * board.bomb(total) for total, q in three_dice_totals().items())
        return left * per_bomb

    def assault_value(self, board: _Board, bonus: Mapping[str, int]) -> float:
        """Each colour's infantry suppress, its armour attacks the building (3.0 Assault)."""
        total = 0.0
        for colour in COLOURS:
            infantry = armour = 0
            for t in board.c.board.tracks_of(colour):
                for wid in board.s.tracks[t.number - 1]:
                    if wid:
                        typ = board.c.wehrmacht_type_of(wid)
                        if typ.kind == "infantry":
                            infantry += typ.suppress
                        else:
                            armour += typ.attack
            if infantry:
                total += board.targeted(colour, infantry + bonus.get("assault_infantry_dice", 0),
                                        "suppress")
            if armour:
                total += board.building(colour, armour + bonus.get("assault_armor_dice", 0))
        return total

    # --- the orders ---------------------------------------------------------------------

    def plan(self, board: _Board, hand: list[str], slots: int,
             rng: random.Random) -> list[str]:
        """The cards to play from ``hand`` in ``slots`` orders, in resolution order."""
        game = board.game
        must = [c for c in hand if planning.must_play(game.engine, c)]
        free = [c for c in hand if c not in must]
        keep = max(0, len(hand) - slots)
        later = 1.0 if board.turns_after > 0 else 0.0
        noise = {c: rng.random() for c in hand}  # ties only

        def loss_by_waiting(card: str) -> tuple[float, float]:
            now = self.card_value(board, card)
            if not later:  # the last turn: the card kept is never played, so the weakest
                return (-now, noise[card])
            # how far below its usual value the card is now, as a share of that value
            typical = TYPICAL.get(self.kind(game, card), 0.0)
            if typical <= 0:
                return (0.0, noise[card])
            return (1 - now / typical, noise[card])

        kept = sorted(free, key=loss_by_waiting, reverse=True)[:keep]
        play = [c for c in hand if c not in kept][:slots]
        return sorted(play, key=lambda c: (ORDER_PRIORITY.get(self.kind(game, c), 9),
                                           -self.card_value(board, c), noise[c]))

    def next_order(self, board: _Board, offered: list[str], rng: random.Random) -> str:
        """The card for the next order: the first of :meth:`plan` the engine offers."""
        slots = planning.ORDERS - len(board.s.orders)
        for card in self.plan(board, list(board.s.german_hand), slots, rng):
            if card in offered:
                return card
        return offered[0]  # unreachable with the engine's pools; kept as a safe default

    # --- the Tactics card ---------------------------------------------------------------

    def tactic_value(self, board: _Board, card: str) -> float:
        """What a Tactics card's effects add to this turn's orders (7.2, 7.4)."""
        effects = board.c.tactics[card].effects
        gain = 0.0
        for order in board.s.orders:
            gain += self.card_value(board, order, effects) - self.card_value(board, order)
        on_board = sum(1 for track in board.s.tracks for wid in track if wid)
        # a sturdier counter survives the defenders' fire this turn (4.0 Attack, Suppress)
        gain += 0.4 * effects.get("wehrmacht_defense", 0) * on_board
        scouts = sum(1 for track in board.s.tracks for wid in track
                     if wid and board.c.wehrmacht_type_of(wid).id == "scouts")
        gain += 0.3 * effects.get("scouts_defense", 0) * scouts
        return gain

    def best_tactic(self, board: _Board, offered: list[str], rng: random.Random) -> str:
        """The Tactics card that adds most to this turn (ties by ``rng``)."""
        noise = {c: rng.random() for c in offered}
        return max(offered, key=lambda c: (round(self.tactic_value(board, c), 9), noise[c]))

    def explain(self, game: Game) -> str:
        """Every card in the German hands with its value now (for a person reading along)."""
        board = _Board(game)
        lines = [f"{planning.card_name(game.engine, c)}: now {self.card_value(board, c):.2f}, "
                 f"usually {TYPICAL.get(self.kind(game, c), 0.0):.2f}"
                 for c in game.state.german_hand]
        lines += [f"Tactics {planning.card_name(game.engine, c)}: "
                  f"+{self.tactic_value(board, c):.2f} to this turn's orders"
                  for c in game.state.german_tactics]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return "GermanHeuristicPolicy()"

