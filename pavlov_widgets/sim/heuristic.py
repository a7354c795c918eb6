"""A sensible player: every legal option scored by simple, explainable rules.

The policy takes the best-scored option (the first in the engine's order on a tie).

The rules, in a sentence each (the numbers are in :class:`HeuristicPolicy`'s methods):

* **Threats.** A Wehrmacht counter is worth removing for the 3 points it costs at the end
  (6.0) plus the danger of its track: a track holding five counters loses the game on the
  next placement there (3.0 Advance Wehrmacht Counters), four is serious, three a worry.
* **Command posts and signal lines.** A Disrupted token on the 62nd Army CP (18) is
  recovered at once — a second one loses the game (3.0 Bomb Stalingrad) — and the Signal
  locations below it come next, since bombs that land on Disrupted locations climb to 18.
* **Feed the house.** Food for the next Resupply card (one per five counters, 3.0 Special
  Cards) goes through Resupply → Load → Deliver in time; reinforcements are bought while
  the food lasts, and freely after the last Resupply card (every counter is a point).
* **Man the positions that see the threats.** Each move puts the most useful counter where
  it sees the most valuable target (1.3 Line of Sight), forms weapon teams, keeps the three
  Command counters on combat positions for the Command Team (4.0) and leaves exhausted
  counters alone.
* **Suppress before infantry arrives.** Suppression tokens go where infantry will enter
  (red has three tracks, green two, purple one) and are spent on an entering counter when
  stopping it is worth more than the tokens (3.0 Place Wehrmacht Counter).
* **Act where the dice are good.** Attacks, weapon teams and the Forward Observer are valued
  at the exact chance to hit times the target's worth (:mod:`pavlov_widgets.engine.dice`);
  Command recovers up to three counters; Recover takes the left-over actions.
* **First Aid wisely.** Spent on valuable counters, or freely while several tokens are in
  the Supplies box, or when the house is nearly empty (5.0).
* **Raid when the odds are good.** A Storm Group raid goes ahead when its Victory Points
  times the exact chance that the dice total reaches the Defense outweigh the raiders it
  will probably cost (each dies on 1–4, 3.0 Storm Group).

Use it like any policy (``simulate(2000, policy="heuristic")``), or ask it why:
``HeuristicPolicy().explain(game)`` lists every option with its score and reason.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from math import ceil
from typing import Any

from ..engine import Game, Option
from ..engine.actions import (
    ACTIONS_DONE,
    BACK,
    DECLINE,
    DISRUPTED,
    DONE,
    END_PHASE,
    FIRE,
    FIRST_AID,
    LAUNCH,
    LEAVE,
    MOVES_DONE,
    ONE,
)
from ..engine.components import COLOURS, SUPPLY_TOKENS
from ..engine.dice import p_any_at_least, p_sum_at_least
from ..engine.observe import Circle, Observer
from ..engine.rules.soviet_cards import UNIT_ACTIONS
from ..engine.text import plural

Scored = tuple[float, str]
"""An option's score and the reason for it."""

_SIGNAL = (14, 15, 16, 17)
_FLOTILLA = (5, 6, 7)
_AA = (8, 9, 12, 13)
_ARTILLERY = (10, 11)


@cache
def p_hit(dice: int, target: int) -> float:
    """The chance that at least one of ``dice`` dice reaches ``target`` (exact, as a float)."""
    return float(p_any_at_least(dice, target))


@cache
def p_total(dice: int, target: int) -> float:
    """The chance that ``dice`` dice total ``target`` or more (exact, as a float)."""
    return float(p_sum_at_least(dice, target))


@cache
def _printed_worth(attack: int, suppress: int, cost: int, specials: str) -> float:
    """A counter's worth from its printed values alone (:meth:`View.worth` scales it)."""
    v = 1.0 + 0.4 * attack + 0.2 * suppress + 0.3 * cost
    for letter, bonus in (("C", 1.5), ("F", 0.8), ("A", 0.8), ("G", 0.5), ("M", 0.4),
                          ("I", 0.3), ("S", 0.3)):
        if letter in specials:
            v += bonus
    return v


def danger(count: int) -> float:
    """How much worse a track is for holding ``count`` Wehrmacht counters (3.0 Advance)."""
    return {6: 100.0, 5: 14.0, 4: 6.0, 3: 2.5, 2: 1.0, 1: 0.5}.get(count, 0.0)


class View:
    """What the heuristic reads from a game, computed once per decision.

    The game's derived facts come from its :class:`~pavlov_widgets.engine.observe.Observer`
    (:attr:`see`); the state is only read.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.see = Observer(game)
        """The game's derived facts (line of sight, Defense, tokens, destinations …)."""
        self.s = game.state
        self.c = game.components
        self.squares = self.c.index.squares
        """The combat positions by id (1.2)."""
        self.p: dict[str, Any] = self.s.pending or {}
        self.tokens = self.see.tokens
        """``tokens(place, kind)``: how many tokens of a kind lie at a place."""
        self.turns_left = self.see.wehrmacht_phases_to_come
        """Wehrmacht Card Phases still to come (1.1): the game ends after the last one."""
        self._counts: list[int] | None = None
        self._occ: dict[str, list[str]] | None = None
        self._house: list[str] | None = None
        self._supplies_suppression: int | None = None
        self.memo: dict[tuple[Any, ...], Any] = {}
        """Values computed once per decision (several options ask the same questions)."""
        self.where_memo: dict[tuple[Any, ...], Any] = self.memo
        """The values that depend on where the pieces stand (best moves, destinations): the
        same dict as :attr:`memo`, except during the moves, where they are kept apart so a
        move forgets them without a pass over everything else (:meth:`HeuristicPolicy._view`)."""

    # --- the board ----------------------------------------------------------------------

    @property
    def counts(self) -> list[int]:
        """Wehrmacht counters on each track (index 0 is track 1; 3.0 Advance)."""
        if self._counts is None:
            on_track = self.see.counters_on_track
            self._counts = [on_track(t) for t in range(1, len(self.s.tracks) + 1)]
        return self._counts

    @property
    def occ(self) -> dict[str, list[str]]:
        """Soviet counters by place."""
        if self._occ is None:
            self._occ = self.see.occupancy()
        return self._occ

    def supplies_suppression(self) -> int:
        """Suppression tokens in the Supplies box, for Suppress actions (4.0)."""
        if self._supplies_suppression is None:
            self._supplies_suppression = self.tokens("supplies", "suppression")
        return self._supplies_suppression

    def resupply_cards_left(self) -> int:
        """Resupply cards still to come from the Wehrmacht deck (3.0 Special Cards)."""
        key = ("resupply-cards",)
        if key not in self.memo:
            resupply = self.c.resupply_cards
            self.memo[key] = sum(1 for card in self.s.wehrmacht_deck if card in resupply)
        n: int = self.memo[key]
        return n

    def cards_left(self, kind: str) -> int:
        """Wehrmacht cards of a kind still in the deck."""
        key = ("cards_left", kind)
        if key not in self.memo:
            cards = self.c.wehrmacht_cards
            self.memo[key] = sum(
                1 for card in self.s.wehrmacht_deck if card in cards and cards[card].kind == kind
            )
        n: int = self.memo[key]
        return n

    def threat(self, wid: str, extra: int = 0) -> float:
        """What removing (or stopping) Wehrmacht counter ``wid`` is worth."""
        raid = 0.0
        for t, track in enumerate(self.s.tracks):
            if wid in track:
                n = self.counts[t] + extra
                raid = self.raid_bonus(self.c.board.tracks[t].colour)
                break
        else:
            n = extra
        kind = self.c.wehrmacht_type_of(wid)
        bite = 0.5 * (kind.suppress if kind.kind == "infantry" else kind.attack)
        return 3.0 + danger(n) + bite + raid

    def raid_bonus(self, colour: str) -> float:
        """The share of a waiting Storm Group raid that removing a counter of ``colour`` opens.

        The raid needs that colour's tracks clear (3.0 Storm Group).
        """
        key = ("raid", colour)
        if key not in self.memo:
            value = 0.0
            if self.s.storm_box:
                sg = self.c.storm_group_on(self.s.storm_box)
                if sg.colour == colour:
                    n = sum(self.counts[t.number - 1] for t in self.c.board.tracks_of(colour))
                    if 0 < n <= 3:
                        value = 0.4 * sg.vp / n
            self.memo[key] = value
        bonus: float = self.memo[key]
        return bonus

    def in_sight(self, where: str, kind: str | None) -> list[Circle]:
        """Wehrmacht counters (of ``kind``: infantry, armor or any) a position sees (1.3).

        Each with its Defense as the Tactics cards make it (7.2).
        """
        key = ("sight", self.see.colours_seen(where), kind)
        if key not in self.memo:
            self.memo[key] = self.see.targets_in_sight(where, kind)
        seen: list[Circle] = self.memo[key]
        return seen

    def best_shot(self, where: str, dice: int, kind: str | None) -> tuple[float, str]:
        """The best (chance × worth, target) of ``dice`` dice from ``where``."""
        key = ("shot", self.see.colours_seen(where), dice, kind)
        if key not in self.memo:
            best, target = 0.0, ""
            for circle in self.in_sight(where, kind):
                v = p_hit(dice, circle.defense) * self.threat(circle.counter)
                if v > best:
                    best, target = v, circle.counter
            self.memo[key] = (best, target)
        shot: tuple[float, str] = self.memo[key]
        return shot

    # --- the defenders ------------------------------------------------------------------

    def house(self) -> list[str]:
        """Soviet counters in the house (read only: shared by every question of a decision)."""
        if self._house is None:
            self._house = self.see.house_counters()
        return self._house

    def artillery_ready(self) -> bool:
        """Whether an Artillery token waits on a location (for the Forward Observer)."""
        key = ("artillery",)
        if key not in self.memo:
            self.memo[key] = any(self.see.location_count(n, "artillery") for n in _ARTILLERY)
        ready: bool = self.memo[key]
        return ready

    def command_team_in_house(self) -> bool:
        """Whether every Command counter is in the house (4.0 Command Team)."""
        key = ("command-team",)
        if key not in self.memo:
            house = set(self.house())
            commanders = [x for x, spec in self.c.soviet_counters.items() if "C" in spec.specials]
            self.memo[key] = all(x in house for x in commanders)
        team: bool = self.memo[key]
        return team

    def worth(self, cid: str) -> float:
        """What a Soviet counter is worth to keep: its point (6.0) and what it can do."""
        spec = self.c.soviet_counters[cid]
        v = _printed_worth(spec.attack, spec.suppress, spec.cost, spec.specials)
        return v * (0.4 + 0.6 * min(1.0, self.turns_left / 8)) + 0.6

    def ready(self, cid: str) -> bool:
        """Neither Exhausted nor Disrupted."""
        c = self.s.soviet[cid]
        return not c.exhausted and not c.disrupted

    def food_at(self) -> tuple[int, int, int]:
        """Food in the Supplies box, on the Flotilla and in the Staging Area."""
        key = ("food",)
        if key not in self.memo:
            flotilla = sum(self.see.location_count(loc, "food") for loc in _FLOTILLA)
            self.memo[key] = (self.tokens("supplies", "food"), flotilla,
                              self.tokens("staging", "food"))
        food: tuple[int, int, int] = self.memo[key]
        return food

    def phases_before_resupply(self) -> int | None:
        """Soviet Card Phases to come (this one included) before the next Resupply card.

        None when no Resupply card is left (3.0 Special Cards).
        """
        key = ("phases",)
        if key not in self.memo:
            offset = 3 - self.s.cards_in_phase if self.s.phase == "wehrmacht_cards" else 0
            found = None
            for i, card in enumerate(self.s.wehrmacht_deck):
                if card in self.c.resupply_cards:
                    found = 0 if i < offset else (i - offset) // 3 + 1
                    break
            self.memo[key] = found
        phases: int | None = self.memo[key]
        return phases

    def food_expected(self) -> int:
        """Food that will surely be in the Supplies box when the next Resupply card comes.

        What is there, and what is on the Flotilla or in the Staging Area when there are
        card phases enough to deliver it (each step needs the right card in hand).
        """
        supplies, flotilla, staging = self.food_at()
        phases = self.phases_before_resupply() or 0
        return supplies + (flotilla if phases >= 2 else 0) + (staging if phases >= 3 else 0)

    def food_need(self) -> int:
        """Food the next Resupply card asks for, for the house as it is plus one.

        One per five counters (3.0 Resupply); 0 when no Resupply card is left.
        """
        if self.phases_before_resupply() is None:
            return 0
        return ceil((len(self.house()) + 1) / 5)

    def food_urgency(self) -> float:
        """How pressing it is to get food into the Supplies box.

        More so as the Resupply card nears, and most when none is there (every counter
        would starve, and an empty house loses the game: 6.0).
        """
        phases = self.phases_before_resupply()
        if phases is None:
            return 0.0
        supplies = self.food_at()[0]
        if supplies >= self.food_need():
            return 0.0
        return (2.5 + 6.0 / max(1, phases)) * (3.0 if supplies == 0 else 1.0)

    def food_deficit(self) -> int:
        """Food missing for the next Resupply card, for the house as it is plus one."""
        if self.phases_before_resupply() is None:
            return 0
        mouths = len(self.house()) + 1
        return max(0, ceil(mouths / 5) - sum(self.food_at()))

    def pipeline(self, kind: str) -> int:
        """Tokens of ``kind`` in Supplies, Staging and on the Flotilla."""
        key = ("pipeline", kind)
        if key not in self.memo:
            n = self.tokens("supplies", kind) + self.tokens("staging", kind)
            self.memo[key] = n + sum(self.see.location_count(loc, kind) for loc in _FLOTILLA)
        total: int = self.memo[key]
        return total

    def house_capacity(self) -> int:
        """How many counters the food expected at the next Resupply card feeds.

        0 when no Resupply card is left (any number will do).
        """
        phases = self.phases_before_resupply()
        if phases is None:
            return 0
        # the food of one Resupply card is gone at the next: with more cards to come, stay
        # within what one Flotilla run (three tokens) can bring back
        limit = 15 if self.resupply_cards_left() >= 2 else 25
        return min(limit, 5 * max(1, self.food_expected()))

    def token_value(self, colour: str) -> float:
        """What one more Suppression token in a colour's box is worth (3.0 Place)."""
        key = ("token", colour)
        if key not in self.memo:
            self.memo[key] = self._token_value(colour)
        value: float = self.memo[key]
        return value

    def _token_value(self, colour: str) -> float:
        tracks = len(self.c.board.tracks_of(colour))
        have = self.see.suppression_tokens(colour)
        infantry = self.cards_left("place")
        if not infantry:
            return 0.0
        need = 1.5 * tracks
        return (0.9 if have < need else 0.25) * tracks / 3 + 0.2


_WEAPON_SPECIALS = ("A", "G", "M")
"""The weapon designations an Inspire counter may strengthen (4.0)."""

_OUT_OF_PLAY = ("stock", "removed")


@dataclass
class _MovesMemo:
    """What the heuristic worked out during one Soviet Counter Phase's moves (4.0 Move)."""

    state: Any
    """The live state object these values were computed for (kept alive, so never reused)."""
    key: tuple[Any, ...]
    """Turn, Inspire bonuses and the weapons in play: values change when these do."""
    where: tuple[Any, ...]
    """Where every counter and weapon stands: the best moves change when this does."""
    values: dict[tuple[Any, ...], Any]
    """The shared memo (see :attr:`View.memo`)."""
    where_values: dict[tuple[Any, ...], Any]
    """The values that depend on where the pieces stand (see :attr:`View.where_memo`)."""


@dataclass(frozen=True)
class RaidPlan:
    """Raiders to send, the chance of success and the expected gain."""

    raiders: tuple[str, ...]
    chance: float
    gain: float


class HeuristicPolicy:
    """A sensible player (see the module docstring for its rules).

    ``policy(game, rng)`` returns the best-scored legal option; :meth:`score` and
    :meth:`explain` show every option's score and reason. The policy is deterministic:
    ``rng`` is accepted for the policy interface and not used.
    """

    name = "heuristic"
    deterministic = True
    """Its choices depend on the game alone (the lab may follow them ahead of the dice)."""

    def __init__(self) -> None:
        self._moves: _MovesMemo | None = None

    def __getstate__(self) -> dict[str, Any]:
        # the move phase's memo holds a live state: another process starts without it
        return {"_moves": None}

    def __call__(self, game: Game, rng: random.Random) -> Option:
        """The best-scored legal option (the first in the engine's order on a tie)."""
        options = game.legal_actions()
        if len(options) == 1:
            # the only option needs no score (speed: one decision in sixteen has one); the
            # moves' memo catches up with the pieces at the next decision it scores
            if game.state.phase != "counter_moves":
                self._moves = None  # as a scored decision would (see _view)
            return options[0]
        scored = self._score(game, options)
        best = scored[0]
        for item in scored[1:]:
            if item[1] > best[1]:
                best = item
        return best[0]

    def score(self, game: Game) -> list[tuple[Option, float, str]]:
        """Every legal option with its score and the reason, in the engine's order."""
        return self._score(game, game.legal_actions())

    def _score(self, game: Game, options: list[Option]) -> list[tuple[Option, float, str]]:
        """:meth:`score` of the options already listed."""
        if not options:
            raise ValueError("no decision is pending: the heuristic has nothing to choose")
        v = self._view(game)
        handler = self._handler(v.p.get("op", ""))
        if handler is None:
            return [(o, 0.0, "an unfamiliar decision: the engine's first option")
                    if i == 0 else (o, -1.0, "") for i, o in enumerate(options)]
        out = []
        for o in options:
            value, why = handler(self, v, o)
            out.append((o, value, why))
        return out

    def _view(self, game: Game) -> View:
        """The decision's :class:`View`, with what is still true from the phase's earlier moves.

        Speed, not judgement: in the Soviet Counter Phase's moves (4.0 Move) one decision
        follows another with only counters and weapons changing places, so the worth of a
        counter on a position (which reads neither) is worked out once per phase, and each
        counter's best move once per arrangement of the pieces. Everything else a
        :class:`View` knows is kept only while the same state object stays in the same
        phase of the same turn, with the same weapons in play and the same Inspire bonuses
        (the only inputs of those values that a move can change); the choices are exactly
        those of a fresh :class:`View`.
        """
        v = View(game)
        s = v.s
        if s.phase != "counter_moves":
            self._moves = None
            return v
        see = v.see
        weapons = v.s.weapons
        key = (s.turn, tuple(see.inspire_bonus(x) for x in _WEAPON_SPECIALS),
               tuple(w for w, at in weapons.items() if at not in _OUT_OF_PLAY))
        where = (tuple(c.where for c in s.soviet.values()), tuple(weapons.values()))
        memo = self._moves
        if memo is None or memo.state is not s or memo.key != key:
            memo = self._moves = _MovesMemo(s, key, where, v.memo, {})
        v.memo = memo.values
        v.where_memo = memo.where_values
        if memo.where != where:
            self._forget_moves(v, memo.where_values, memo.where, where)
            memo.where = where
        return v

    def _forget_moves(self, v: View, values: dict[tuple[Any, ...], Any],
                      before: tuple[Any, ...], after: tuple[Any, ...]) -> None:
        """Forget what the pieces' new places change (speed only: the same choices).

        Destinations and the best moves of weapon crews and of the counters that moved are
        worked out again. Any other counter's best move (:meth:`_best_move`) is the first
        empty position other than its own in its ranking, which is fixed for the phase: it
        still holds unless its target was taken, or a position ranked above the target (and
        not its own) was left empty. Counters alike share a ranking, so a taken target is
        often every rifleman's: on the lab's mid-game positions about a fifth fewer best moves
        are worked out again than when every one was forgotten.
        """
        soviet = v.s.soviet
        counters = v.c.soviet_counters
        moved = {cid for cid, was, now in zip(soviet, before[0], after[0], strict=True)
                 if was != now}
        changed = {soviet[cid].where for cid in moved}
        changed.update(was for cid, was in zip(soviet, before[0], strict=True) if cid in moved)
        occ = v.occ
        emptied = [sq for sq in changed if not occ.get(sq) and sq in v.squares]
        for k in list(values):
            cid = k[1]
            if k[0] != "move" or cid in moved or counters[cid].weapon_special:
                del values[k]
                continue
            target = values[k][1]
            if target in changed:
                del values[k]
                continue
            if emptied:
                here = soviet[cid].where
                rank = self._rank_index(v, cid)
                limit = rank[target] if target else len(rank)
                if any(sq != here and rank[sq] < limit for sq in emptied):
                    del values[k]

    def _handler(self, op: str) -> Callable[[HeuristicPolicy, View, Option], Scored] | None:
        """The scoring rule of a decision, by its op (a subclass may replace some)."""
        return _HANDLERS.get(op)

    def explain(self, game: Game) -> str:
        """The options of the pending decision, best first, with scores and reasons."""
        rows = sorted(self.score(game), key=lambda r: -r[1])
        return "\n".join(f"{value:7.2f}  {o.label}  — {why}" for o, value, why in rows)

    def __repr__(self) -> str:
        return "HeuristicPolicy()"

    # === Soviet Card Phase (2.0) =========================================================

    def card_action(self, v: View, o: Option) -> Scored:
        """Value of a card action, less a little of what the card's other actions offer."""
        if o.verb == END_PHASE:
            return 0.0, "nothing else is worth a card"
        card, unit, action = o.str_arg("card"), o.str_arg("unit"), o.str_arg("action")
        value, why = self.unit_action(v, unit, action)
        others = [worth for u, a, worth in self._card_values(v, card) if (u, a) != (unit, action)]
        spare = 0.15 * max(others, default=0.0)
        return value - spare, why

    def _card_values(self, v: View, card: str) -> list[tuple[str, str, float]]:
        """(unit, action, worth) of every action a card offers now (once per card)."""
        key = ("card", card)
        if key not in v.memo:
            available = v.see.card_action_available
            v.memo[key] = [
                (u, a, self.unit_action(v, u, a)[0])
                for u in v.c.soviet_cards[card].units
                for a, _ in UNIT_ACTIONS.get(u, ())
                if available(u, a)
            ]
        values: list[tuple[str, str, float]] = v.memo[key]
        return values

    def unit_action(self, v: View, unit: str, action: str) -> Scored:
        """What one unit action is worth now (2.0 Playing the Game: Soviet Cards)."""
        # each option of the decision asks about the card's other actions too: once each
        key = ("unit", unit, action)
        if key not in v.memo:
            v.memo[key] = self._unit_action(v, unit, action)
        scored: Scored = v.memo[key]
        return scored

    def _unit_action(self, v: View, unit: str, action: str) -> Scored:
        see = v.see
        if action == "recover":
            return self.recover_location(v, unit)
        if action == "resupply":
            wants = self.supply_wants(v)
            staged = sum(v.tokens("staging", k) for k in SUPPLY_TOKENS)
            value = min(7.0 + v.food_urgency(), 0.8 + sum(w for _, w in wants[:5]))
            if staged >= 3:
                value *= 0.3
            names = ", ".join(v.c.tokens[k].name for k, _ in wants[:5]) or "none"
            return value, f"supplies wanted: {names}"
        if action == "storm":
            plan = self.raid_plan(v, free=False)
            return plan.gain - 1.5, (
                f"raid with {plural(len(plan.raiders), 'counter')}: {plan.chance:.0%} to succeed, "
                f"expected gain {plan.gain:.1f}")
        if action == "support":
            card = v.c.operational_support[v.s.os_current]
            return card.vp - 0.6 * sum(card.tokens.values()), f"Operational Support: {card.vp} VP"
        if action == "reinforce":
            return self.reinforce_value(v, 6)
        if action == "buttress":
            return self.buttress_value(v)
        if action == "field":
            best = max((self.sapper_spot_value(v, t, c) for t, c in see.empty_sapper_spots()),
                       default=0.0)
            return best, "a Sapper token where a counter will advance into it"
        if action == "tactical":
            return 1.2, "swap a Fog of War card for a new card (it leaves the deck)"
        if action == "wire":
            wired = sum(1 for n in _SIGNAL if see.location_count(n, "wire"))
            if v.turns_left < 2:
                return 0.3, "too late for Improved Communications to pay"
            return 2.0 + 0.6 * wired, f"{wired + 1} of 4 Wire tokens: a fourth card action"
        if unit == "32nd-guards-artillery":
            ready = sum(see.location_count(n, "artillery") for n in _ARTILLERY)
            observer = any("F" in v.c.soviet_counters[c].specials for c in v.house())
            if observer:
                return 3.5 - 1.5 * ready, "artillery for the Forward Observer"
            return 0.4, "artillery, but no Forward Observer in the house"
        if unit == "volga-flotilla":
            urgency = v.food_urgency()
            if action == "load":
                supplies, flotilla, staging = v.food_at()
                short = staging and supplies + flotilla < v.food_need()
                value = 3.0 + (urgency if short else 0.0)
                return value, "supplies from the Staging Area onto the Flotilla"
            aboard = [k for n in _FLOTILLA for k in see.location_tokens(n)]
            short = "food" in aboard and v.food_at()[0] < v.food_need()
            value = 2.5 + 1.2 * len(aboard) + (urgency + 1.0 if short else 0.0)
            return value, f"deliver {', '.join(aboard)} to the house"
        # the anti-aircraft units
        ready = sum(see.location_count(n, "aa") for n in _AA)
        if not v.cards_left("ju87"):
            return 0.2, "no Ju 87 card is left"
        return 2.2 - 0.5 * ready, "Anti-aircraft against the Ju 87 cards to come"

    def recover_location(self, v: View, unit: str) -> Scored:
        """Removing a Disrupted token from a unit's location (2.0 Recover)."""
        disrupted_at = v.see.location_disrupted
        if unit == "62nd-army-cp":
            return 40.0, "a second Disrupted token on the 62nd Army CP (18) loses the game"
        disrupted = [n for n in v.c.index.unit_locations[unit] if disrupted_at(n)]
        chain = 4.0 if disrupted_at(18) else 1.0
        if unit == "139th-signal":
            return 1.5 + chain * len(disrupted) * 0.8, "bombs on Disrupted 14-17 climb to 18"
        if unit == "13th-guards-cp":
            want = self.reinforce_value(v, 6)[0]
            return 1.0 + 0.7 * max(0.0, want), "location 4 blocks reinforcements"
        if unit == "volga-flotilla":
            staged = sum(v.tokens("staging", k) for k in SUPPLY_TOKENS)
            return 1.0 + (2.0 if staged else 0.0), "a Disrupted Flotilla location takes no cargo"
        return 0.8, "fewer Disrupted locations for bombs to climb over"

    def supply_wants(self, v: View) -> list[tuple[str, float]]:
        """Supply tokens worth fetching, most wanted first, each with its worth (read only)."""
        key = ("supply-wants",)
        if key not in v.memo:  # every option of a Resupply pick asks it
            v.memo[key] = self._supply_wants(v)
        wants: list[tuple[str, float]] = v.memo[key]
        return wants

    def _supply_wants(self, v: View) -> list[tuple[str, float]]:
        wants: list[tuple[str, float]] = []
        for _ in range(v.food_deficit()):
            wants.append(("food", 3.0 + v.food_urgency()))
        for kind, keep, worth in (("sapper", 2, 1.6), ("first_aid", 2, 1.3),
                                  ("ammunition", 1, 1.0)):
            for _ in range(max(0, keep - v.pipeline(kind))):
                wants.append((kind, worth))
        if v.resupply_cards_left() > 1:
            wants.append(("food", 1.0))
        return [(k, w) for k, w in wants if v.tokens("stock", k) > 0]

    def reinforce_value(self, v: View, points: int) -> Scored:
        """Buying counters for the Reserves (2.0 Send Reinforcements, 4.0 Request)."""
        if not v.see.can_afford(points):
            return 0.0, "nothing affordable in the stock"
        size = len(v.house())
        cap = v.house_capacity()
        if not cap:
            return 3.0 + points * 0.8, "after the last Resupply card every counter is a point"
        if size < 6:
            return 7.0 + points * 0.3, "the house needs defenders"
        if size + 2 <= cap:
            return 3.0 + points * 0.4, f"{size} defenders; food for {cap}"
        return 0.5, f"{size} defenders already; food for only {cap}"

    def buttress_value(self, v: View) -> Scored:
        """Raising a Defense value or clearing location 3 (2.0 8th Guards Sapper)."""
        best, why = 0.0, "no Defense to raise"
        for colour in COLOURS:
            d = v.s.defense[colour]
            if d < v.c.board.defense_max:
                manned = len(v.see.counters_on_colour(colour))
                value = (v.c.board.defense_max - d) * (0.5 + 0.35 * manned)
                if value > best:
                    there = plural(manned, "counter")
                    best, why = value, f"{colour} Defense {d} with {there} there"
        if v.see.location_disrupted(3):
            value = 2.0 + 0.4 * self._on_positions(v)
            if value > best:
                best, why = value, "a second bomb on 3 would disrupt every combat position"
        return best, why

    def _on_positions(self, v: View) -> int:
        """How many counters stand on combat positions (all Disrupted by a second bomb on 3)."""
        return sum(1 for c in v.house() if v.s.soviet[c].where in v.squares)

    def sapper_spot_value(self, v: View, track: int, circle: int) -> float:
        """A Sapper token that the next counter placed on ``track`` pushes into pays most."""
        circles = v.s.tracks[track - 1]
        behind = circles[: circle - 1]
        filled = sum(1 for w in behind if w)
        armed = filled == len(behind)
        return (4.5 if armed else 1.2 + filled) + 0.3 * v.counts[track - 1]

    # === decisions inside card actions ==================================================

    def card_location(self, v: View, o: Option) -> Scored:
        """Which location: for Signals, the one nearest 18 first; otherwise the first."""
        return o.int_arg("loc") / 100, "nearer 18 matters more for climbing bombs"

    def resupply_pick(self, v: View, o: Option) -> Scored:
        """One token at a time: the most wanted first; done when nothing is wanted."""
        if o.verb == DONE:
            return 0.0, "nothing more is wanted"
        kind = o.str_arg("token")
        wants = self.supply_wants(v)
        key = ("staged",)
        if key not in v.memo:
            v.memo[key] = {k: v.tokens("staging", k) for k in SUPPLY_TOKENS}
        staged: dict[str, int] = dict(v.memo[key])
        for k, worth in wants:
            if staged.get(k, 0) > 0:
                staged[k] -= 1
                continue
            if k == kind:
                return worth, f"{kind} is wanted"
        return -0.1, f"no {kind} wanted"

    def load_pick(self, v: View, o: Option) -> Scored:
        """Food first when a Resupply card is coming, then Sappers, First Aid, Ammunition."""
        if o.verb == DONE:
            return 0.0, "done loading"
        kind, loc = o.str_arg("token"), o.int_arg("loc")
        supplies, flotilla, _ = v.food_at()
        food = 4.0 if supplies + flotilla < v.food_need() else 1.5
        order = {"food": food, "sapper": 3.0, "first_aid": 2.5,
                 "ammunition": 2.0}
        return order[kind] - loc / 100, f"{kind} onto the Flotilla"

    def buttress_pick(self, v: View, o: Option) -> Scored:
        """The lowest Defense where counters stand, or location 3 when it matters more."""
        if o.verb == "loc":  # clear the Disrupted token from location 3
            return 2.0 + 0.4 * self._on_positions(v), (
                "a second bomb on 3 would disrupt every combat position")
        colour = o.str_arg("colour")
        d = v.s.defense[colour]
        manned = len(v.see.counters_on_colour(colour))
        return (v.c.board.defense_max - d) * (0.5 + 0.35 * manned), f"{colour} Defense {d}"

    def sapper_spot(self, v: View, o: Option) -> Scored:
        """Where the next counter placed on the track will be pushed into the Sappers."""
        track, circle = o.int_arg("track"), o.int_arg("circle")
        return self.sapper_spot_value(v, track, circle), "the next advance there meets it"

    def raid_plan(self, v: View, free: bool, chosen: tuple[str, ...] = ()) -> RaidPlan:
        """The raiders that make the raid likely to succeed, and the expected gain."""
        sg = v.c.storm_group_on(v.s.storm_box)
        pool = [c for c in v.see.raid_candidates() if c not in chosen]

        def dice(cid: str) -> int:
            return 3 if "S" in v.c.soviet_counters[cid].specials else 1

        def cost(cid: str) -> float:
            # each raider dies on 1-4 (3.0 Storm Group); the free raid ends the game
            return (2 / 3) * (1.0 if free else v.worth(cid) + 0.3)

        pool.sort(key=lambda c: (-dice(c), cost(c)))
        raiders = list(chosen)
        n = sum(dice(c) for c in raiders)
        best = RaidPlan(tuple(raiders), p_total(n, sg.defense) if n else 0.0, -99.0)
        if raiders:
            best = RaidPlan(best.raiders, best.chance,
                            sg.vp * best.chance - sum(cost(c) for c in raiders))
        for cid in pool:
            raiders.append(cid)
            n += dice(cid)
            chance = p_total(n, sg.defense)
            gain = sg.vp * chance - sum(cost(c) for c in raiders)
            if gain > best.gain:
                best = RaidPlan(tuple(raiders), chance, gain)
            if chance > 0.97:
                break
        return best

    def raid_pick(self, v: View, o: Option) -> Scored:
        """Add the planned raiders one by one, then launch — or decline a poor free raid."""
        chosen = tuple(v.p.get("chosen", ()))
        plan = self.raid_plan(v, bool(v.p.get("free")), chosen)
        if o.verb == DECLINE:
            if plan.gain <= 0:
                return 5.0, "the raid would cost more than it gains"
            return -1.0, f"expected gain {plan.gain:.1f}"
        if o.verb == LAUNCH:
            return (1.0 if set(plan.raiders) <= set(chosen) else -0.5), (
                f"{plan.chance:.0%} to succeed")
        cid = o.str_arg("counter")
        if cid in plan.raiders:
            return 2.0 + 0.01 * (len(plan.raiders) - plan.raiders.index(cid)), "planned raider"
        return (-0.2 if chosen else 0.1 - 0.01 * v.worth(cid)), "not needed for the raid"

    def reinforce(self, v: View, o: Option) -> Scored:
        """Buy the most useful counter the points allow (see :meth:`counter_desire`)."""
        if o.verb == DONE:
            cap = v.house_capacity()
            size = len(v.house())
            return (2.0 if cap and size >= cap else 0.0), "keep the house within its food"
        cid = o.str_arg("piece")
        cap = v.house_capacity()
        if cid in v.c.soviet_counters and cap and len(v.house()) + 1 > cap:
            return -1.0, f"no food for more than {cap} counters at the next Resupply card"
        return self.counter_desire(v, cid), "a useful reinforcement"

    def counter_desire(self, v: View, cid: str) -> float:
        """How much a counter from the stock is wanted.

        Command counters for the Command Team, anti-tank crews and their gun while armour
        comes, strong attackers, then numbers (each counter is a point at the end).
        """
        c = v.c
        key = ("desire",)
        if key not in v.memo:  # the same for every counter of the decision
            v.memo[key] = (set(v.house()), any(
                c.wehrmacht_cards[x].kind == "place"
                and c.wehrmacht_types[c.wehrmacht_cards[x].counter_type].kind == "armor"
                for x in v.s.wehrmacht_deck if x in c.wehrmacht_cards))
        house, armour = v.memo[key]
        late = not v.house_capacity()  # after the last Resupply card: numbers count most

        def crews(special: str) -> int:
            key = ("crews", special)
            if key not in v.memo:
                v.memo[key] = sum(
                    1 for h in house if c.soviet_counters[h].weapon_special == special)
            n: int = v.memo[key]
            return n

        def weapons(special: str) -> int:
            key = ("weapons", special)
            if key not in v.memo:
                v.memo[key] = sum(
                    1 for x, where in v.s.weapons.items()
                    if where not in ("stock", "removed") and c.weapons[x].special == special)
            n: int = v.memo[key]
            return n

        if cid in c.weapons:
            w = c.weapons[cid]
            n_crews = crews(w.special)
            if weapons(w.special) * 2 >= n_crews:
                return -1.0  # a weapon scores nothing (6.0) and needs two crew (4.0)
            return 2.0 + 0.6 * w.attack + 0.3 * w.suppress + (2.0 if n_crews >= 2 else 0.0)
        spec = c.soviet_counters[cid]
        value = 1.0 + 0.3 * spec.attack + 0.1 * spec.suppress - 0.5 * spec.cost
        if "C" in spec.specials:
            value += 4.0  # with the other two on combat positions: four moves and actions
        if "F" in spec.specials:
            value += 2.5  # artillery on two adjacent counters, armour included
        if spec.attack >= 4:
            value += 1.0
        if "S" in spec.specials:
            value += 0.4
        special = spec.weapon_special
        if special:
            value += 1.0 + (1.0 if crews(special) else 0.0) + (0.8 if weapons(special) else 0.0)
            if special == "A" and armour:
                value += 2.0  # only anti-tank teams, artillery and sappers stop armour
        if late:
            value += 2.0 + 0.5 * spec.cost  # each counter is a point at the end (6.0)
        return value

    # === Wehrmacht Card Phase (3.0) ======================================================

    def aa_fire(self, v: View, o: Option) -> Scored:
        """Fire about one Anti-aircraft token per Ju 87 (two dice each)."""
        card = v.c.wehrmacht_cards[v.p["card"]]
        chosen = len(v.p.get("chosen", ()))
        if o.verb == FIRE:
            return (1.0 if chosen else 0.5), "fire what is chosen"
        return (2.0 if chosen < card.aircraft else 0.2), "one token per aircraft"

    def suppress_entry(self, v: View, o: Option) -> Scored:
        """Spend k tokens when k dice × the counter's worth beat the tokens' worth."""
        k = o.int_arg("count")
        cid, track = v.p["counter"], v.p["track"]
        n = v.counts[track] + 1
        worth = 100.0 if n > len(v.s.tracks[track]) else v.threat(cid, extra=n)
        defense = v.see.effective_defense(cid)
        token = 0.9 if v.turns_left > 3 else 0.3
        return worth * p_hit(k, defense) - token * k, (
            f"{k} dice: {p_hit(k, defense):.0%} to stop a counter worth {worth:.1f}")

    def first_aid(self, v: View, o: Option) -> Scored:
        """Save valuable counters, and any counter while tokens are plentiful."""
        cid = v.p["counter"]
        tokens = v.tokens("supplies", "first_aid")
        worth = v.worth(cid)
        if len(v.house()) <= 3:
            worth += 10.0
        threshold = {1: 3.2, 2: 2.2}.get(tokens, 0.0)
        if o.verb == FIRST_AID:
            return worth - threshold, f"{v.see.name(cid)} is worth {worth:.1f}"
        return 0.0, "keep the token for a more valuable counter"

    def choose_hit(self, v: View, o: Option) -> Scored:
        """The less valuable of two counters takes the hit."""
        return -v.worth(o.str_arg("counter")), "the less valuable counter"

    def starve_pick(self, v: View, o: Option) -> Scored:
        """The least valuable counter goes hungry (Exhausted and Disrupted ones first)."""
        cid = o.str_arg("counter")
        if cid in v.c.weapons:
            return -1.5, "a weapon"
        worth = v.worth(cid) - (0.3 if not v.ready(cid) else 0.0)
        return -worth, "the least valuable counter"

    # === Soviet Counter Phase (4.0) ======================================================

    def position_value(self, v: View, cid: str, where: str) -> float:
        """How useful counter ``cid`` is at ``where`` for the coming actions and turn."""
        # counters alike in everything the value reads share it (speed: most are riflemen)
        key = ("position", self._profile(v, cid), where)
        if key not in v.memo:
            v.memo[key] = self._position_value(v, cid, where)
        value: float = v.memo[key]
        return value

    def _profile(self, v: View, cid: str) -> tuple[Any, ...]:
        """What :meth:`_position_value` reads of a counter: counters alike score alike."""
        key = ("profile", cid)
        if key not in v.memo:
            spec = v.c.soviet_counters[cid]
            counter = v.s.soviet[cid]
            v.memo[key] = (spec.attack, spec.suppress, "F" in spec.specials,
                           "C" in spec.specials, spec.weapon_special, v.ready(cid),
                           counter.disrupted)
        profile: tuple[Any, ...] = v.memo[key]
        return profile

    def _square_values(self, v: View, cid: str) -> dict[str, float]:
        """:meth:`position_value` of a counter on every combat position, in board order.

        The same sums as :meth:`_position_value`, in one pass with what every position
        shares looked up once (a move decision asks this of every kind of counter).
        """
        profile = self._profile(v, cid)
        memo = v.memo
        spec = v.c.soviet_counters[cid]
        attack, suppress, special = spec.attack, spec.suppress, spec.weapon_special
        ready = v.ready(cid)
        tokens = suppress and ready and v.supplies_suppression()
        observer = ready and "F" in spec.specials and v.artillery_ready()
        dice = v.game.settings.forward_observer_dice
        radio: float | None = None
        bonus = 1.2 if "C" in spec.specials and v.command_team_in_house() else 0.0
        exposure = 0.3 + (1.2 if v.s.soviet[cid].disrupted else 0.0)
        # what a position offers, looked up once per phase for every kind of counter
        shots = self._on_squares(v, ("shot", attack, "infantry")) if ready and attack else {}
        best_token = self._on_squares(v, ("best-token",)) if tokens else {}
        observed = self._on_squares(v, ("shot", dice, None)) if observer else {}
        teams = self._on_squares(v, ("team", special)) if ready and special else {}
        out: dict[str, float] = {}
        for sq, square in v.squares.items():
            key = ("position", profile, sq)
            known = memo.get(key)
            if known is not None:
                out[sq] = known
                continue
            value = 0.0
            if ready:
                if attack:
                    value = max(value, shots[sq])
                if tokens:
                    value = max(value, suppress * best_token[sq])
                if square.radio and not v.see.location_disrupted(4):
                    if radio is None:
                        radio = 0.7 * self.reinforce_value(v, 2)[0]
                    value = max(value, radio)
                if observer:
                    value = max(value, 1.6 * observed[sq])
                if special:
                    value = max(value, 0.6 * teams[sq])
            if bonus:
                value += bonus
            out[sq] = memo[key] = value - exposure
        return out

    def _on_squares(self, v: View, what: tuple[Any, ...]) -> dict[str, float]:
        """One ingredient of :meth:`_square_values` on every combat position, once a phase.

        ``("shot", dice, kind)``: :meth:`View.best_shot`'s value; ``("best-token",)``: the
        best Suppression token value of the colours seen; ``("team", special)``:
        :meth:`team_value`.
        """
        key = ("on-squares", *what)
        found: dict[str, float] | None = v.memo.get(key)
        if found is None:
            squares = v.squares
            if what[0] == "shot":
                found = {sq: v.best_shot(sq, what[1], what[2])[0] for sq in squares}
            elif what[0] == "team":
                found = {sq: self.team_value(v, sq, what[1]) for sq in squares}
            else:
                seen, token = v.see.colours_seen, v.token_value
                found = {sq: max(token(x) for x in seen(sq)) for sq in squares}
            v.memo[key] = found
        return found

    def _position_value(self, v: View, cid: str, where: str) -> float:
        square = v.squares.get(where)
        if square is None:
            return 0.0
        spec = v.c.soviet_counters[cid]
        counter = v.s.soviet[cid]
        ready = v.ready(cid)
        value = 0.0
        if ready:
            if spec.attack:
                value = max(value, v.best_shot(where, spec.attack, "infantry")[0])
            if spec.suppress and v.supplies_suppression():
                colours = v.see.colours_seen(where)
                value = max(value, spec.suppress * max(v.token_value(x) for x in colours))
            if square.radio and not v.see.location_disrupted(4):
                value = max(value, 0.7 * self.reinforce_value(v, 2)[0])
            if "F" in spec.specials and v.artillery_ready():
                dice = v.game.settings.forward_observer_dice
                value = max(value, 1.6 * v.best_shot(where, dice, None)[0])
            special = spec.weapon_special
            if special:
                value = max(value, 0.6 * self.team_value(v, where, special))
        if "C" in spec.specials and v.command_team_in_house():
            value += 1.2  # the Command Team needs all three on combat positions
        exposure = 0.3 + (1.2 if counter.disrupted else 0.0)
        return value - exposure

    def team_value(self, v: View, where: str, special: str) -> float:
        """A crewed weapon's best action from ``where`` (4.0 Anti-tank, Machine Gun, Mortar)."""
        key = ("team", v.see.colours_seen(where), special)
        if key not in v.memo:
            v.memo[key] = self._team_value(v, where, special)
        value: float = v.memo[key]
        return value

    def _team_value(self, v: View, where: str, special: str) -> float:
        c = v.c
        weapons = [w for w, at in v.s.weapons.items() if c.weapons[w].special == special
                   and at not in ("stock", "removed")]
        if not weapons:
            return 0.0
        w = max((c.weapons[x] for x in weapons), key=lambda x: x.attack + x.suppress)
        bonus = v.see.inspire_bonus(special)
        if special == "A":
            return v.best_shot(where, w.attack + bonus, "armor")[0]
        if special == "G":
            shot = v.best_shot(where, w.attack + bonus, "infantry")[0]
            colours = v.see.colours_seen(where)
            supp = (w.suppress + bonus) * max(v.token_value(x) for x in colours)
            return max(shot, supp if v.supplies_suppression() else 0.0)
        colours = v.see.colours_seen(where)
        return w.suppress * max(v.token_value(x) for x in colours) if (
            v.supplies_suppression()) else 0.0

    def best_move(self, v: View, cid: str) -> tuple[float, str]:
        """The best destination of one counter and the gain over staying put."""
        key = ("move", cid)
        if key not in v.where_memo:
            v.where_memo[key] = self._best_move(v, cid)
        move: tuple[float, str] = v.where_memo[key]
        return move

    def _best_move(self, v: View, cid: str) -> tuple[float, str]:
        here = v.s.soviet[cid].where
        now = self.position_value(v, cid, here)
        special = v.c.soviet_counters[cid].weapon_special
        # a crew member may go ahead to where its partner and weapon can follow: worked out
        # once, not per destination
        leads_a_team = bool(special) and self._partner_waiting(v, cid) and (
            here == "reserves"
            or any(v.c.weapons[w].special == special for w in v.see.weapons_at(here))
        )
        # The destinations worth having are the empty positions and, for a crew member, the
        # positions where it joins its partner (a displacement scores nothing here). The
        # best empty one is the first empty one in the positions ranked by worth (ties in
        # board order), worked out once per phase; the joins, if any, are few.
        best, target = -99.0, ""
        occ = v.occ
        for sq in self._ranked(v, cid, leads_a_team):
            if sq != here and not occ.get(sq):
                best, target = self._move_worth(v, cid, sq, leads_a_team), sq
                break
        if special:
            order = self._board_order(v)
            for sq, other in self._joins(v, cid):
                value = self.position_value(v, cid, sq)
                if v.ready(cid) and v.ready(other):
                    value += 0.8 * self.team_value(v, sq, special)
                # the first of equal values in board order, as a walk over the board finds
                if value > best or (value == best and order[sq] < order.get(target, -1)):
                    best, target = value, sq
        return best - now, target

    def _move_worth(self, v: View, cid: str, sq: str, leads_a_team: bool) -> float:
        """A counter's worth on an empty position, with the team it may lead there."""
        value = self.position_value(v, cid, sq)
        if leads_a_team:
            special = v.c.soviet_counters[cid].weapon_special
            assert special is not None
            value += 0.3 * self.team_value(v, sq, special)
        return value

    def _board_order(self, v: View) -> dict[str, int]:
        """Each combat position's place in board order."""
        key = ("board-order",)
        if key not in v.memo:
            v.memo[key] = {sq: i for i, sq in enumerate(v.squares)}
        order: dict[str, int] = v.memo[key]
        return order

    def _ranked(self, v: View, cid: str, leads_a_team: bool) -> list[str]:
        """Every combat position, the most useful to this counter first (board order on a tie)."""
        profile = self._profile(v, cid)
        key = ("ranked", profile, leads_a_team)
        if key not in v.memo:
            worth = self._square_values(v, cid)
            if leads_a_team:
                special = v.c.soviet_counters[cid].weapon_special
                assert special is not None
                worth = {sq: value + 0.3 * self.team_value(v, sq, special)
                         for sq, value in worth.items()}
            v.memo[key] = sorted(worth, key=lambda sq: -worth[sq])
        ranked: list[str] = v.memo[key]
        return ranked

    def _rank_index(self, v: View, cid: str) -> dict[str, int]:
        """Each combat position's place in the ranking of :meth:`_ranked` (no team to lead)."""
        key = ("rank-index", self._profile(v, cid))
        if key not in v.memo:
            v.memo[key] = {sq: i for i, sq in enumerate(self._ranked(v, cid, False))}
        index: dict[str, int] = v.memo[key]
        return index

    def _destinations(self, v: View, cid: str) -> dict[str, tuple[str, str]]:
        """Where a counter may move (4.0 Move), once per arrangement of the pieces."""
        key = ("dest", cid)
        if key not in v.where_memo:
            v.where_memo[key] = v.see.destinations(cid, v.occ)
        found: dict[str, tuple[str, str]] = v.where_memo[key]
        return found

    def _joins(self, v: View, cid: str) -> list[tuple[str, str]]:
        """Where a crew member may join its partner (4.0 Move), once per arrangement."""
        key = ("joins", cid)
        if key not in v.where_memo:
            v.where_memo[key] = v.see.joins(cid, v.occ)
        found: list[tuple[str, str]] = v.where_memo[key]
        return found

    def _partner_waiting(self, v: View, cid: str) -> bool:
        """Whether another ready counter of ``cid``'s designation is in the house (4.0)."""
        special = v.c.soviet_counters[cid].weapon_special
        # the house and who is ready do not change while counters move: listed once
        key = ("ready-crews", special)
        if key not in v.memo:
            v.memo[key] = [x for x in v.house()
                           if v.c.soviet_counters[x].weapon_special == special and v.ready(x)]
        crews: list[str] = v.memo[key]
        return any(x != cid for x in crews)

    def move_pick(self, v: View, o: Option) -> Scored:
        """Move the counter whose best move gains most; stop when no move gains enough."""
        if o.verb == MOVES_DONE:
            return 0.35, "no move gains enough"
        cid = o.str_arg("counter")
        gain, target = self.best_move(v, cid)
        return gain, f"to {target}" if target else "nowhere better"

    def move_to(self, v: View, o: Option) -> Scored:
        """The destination :meth:`best_move` found; never a displacement."""
        cid = v.p["counter"]
        if o.verb == BACK:
            return -50.0, "choose another counter"
        sq = o.str_arg("place")
        _, target = self.best_move(v, cid)
        if sq == target:
            return 10.0, "the best position for it"
        kind = self._destinations(v, cid)[sq][0]
        return self.position_value(v, cid, sq) - (5.0 if kind == "displace" else 0.0), ""

    def carry_weapon(self, v: View, o: Option) -> Scored:
        """Take the weapon along unless a partner stays with it."""
        cid = v.p["counter"]
        origin = v.s.soviet[cid].where
        special = v.c.soviet_counters[cid].weapon_special
        stays = [x for x in v.occ.get(origin, []) if x != cid
                 and v.c.soviet_counters[x].weapon_special == special]
        if o.verb == LEAVE:
            return (1.0 if stays else 0.0), "a partner keeps the weapon here"
        return (0.5 if stays else 1.0), "the weapon goes with its crew"

    def displace_to(self, v: View, o: Option) -> Scored:
        """The displaced counter's best empty position, or the Reserves."""
        cid = v.p["counter"]
        return self.position_value(v, cid, o.str_arg("place")), "its most useful free place"

    def act_pick(self, v: View, o: Option) -> Scored:
        """Value of a counter action (4.0); the end of the phase scores zero."""
        c = v.c
        kind = o.verb
        if kind == ACTIONS_DONE:
            return 0.0, "no action is worth taking"
        if kind == "team":
            team, sq = o.str_arg("kind"), o.str_arg("square")
            special = {"at": "A", "mg-attack": "G", "mg-suppress": "G", "mortar": "M"}[team]
            weapon = next(w for w in v.see.weapons_at(sq) if c.weapons[w].special == special)
            w = c.weapons[weapon]
            bonus = v.see.inspire_bonus(special) if special in ("A", "G") else 0
            colours = v.see.colours_seen(sq)
            if team == "at":
                value, target = v.best_shot(sq, w.attack + bonus, "armor")
                return value / 1.4, f"anti-tank at {target}"
            if team == "mg-attack":
                value, target = v.best_shot(sq, w.attack + bonus, "infantry")
                return value / 1.4, f"machine gun at {target}"
            tokens = min(w.suppress + bonus, v.supplies_suppression())
            return tokens * max(v.token_value(x) for x in colours) / 1.4, "suppression tokens"
        if "counter" not in o.args:
            return 0.1, "an unfamiliar action"
        cid = o.str_arg("counter")
        spec = c.soviet_counters[cid]
        where = v.s.soviet[cid].where
        if kind == "attack":
            value, target = v.best_shot(where, spec.attack, "infantry")
            return value, f"{spec.attack} dice at {target}"
        if kind == "suppress":
            tokens = min(spec.suppress, v.supplies_suppression())
            colours = v.see.colours_seen(where)
            return tokens * max(v.token_value(x) for x in colours), plural(tokens, "token")
        if kind == "command":
            if not v.turns_left:
                return 0.05, "the game ends after this phase"
            targets = [x for x in v.house() if x != cid and "C" not in c.soviet_counters[x].specials
                       and v.s.soviet[x].marker != "action" and not v.ready(x)
                       and v.s.soviet[x].where != "raid"]
            value = sum(1.0 + (1.0 if v.s.soviet[x].disrupted else 0.0)
                        for x in targets[:3]) * 0.9
            return value, f"recover {plural(len(targets[:3]), 'counter')}"
        if kind == "radio":
            return self.reinforce_value(v, 2)[0] * 0.8, "2 points of reinforcements"
        if kind == "observe":
            value = self.forward_observer_value(v, where)
            return value, "artillery on two adjacent counters"
        if kind == "recover":
            if not v.turns_left:
                return 0.05, "the game ends after this phase"
            counter = v.s.soviet[cid]
            exposed = where in v.squares
            if counter.disrupted:
                return (0.8 if exposed else 0.3) + 0.25 * v.worth(cid), (
                    "a second Disrupted token would kill it")
            return 0.4 + 0.1 * v.worth(cid) + (0.3 if exposed else 0.0), (
                "ready again for the next turn")
        return 0.1, "an unfamiliar action"

    def forward_observer_value(self, v: View, where: str) -> float:
        """The best pair of adjacent targets for the artillery (4.0 Forward Observer)."""
        dice = v.game.settings.forward_observer_dice
        best = 0.0
        for target in v.in_sight(where, None):
            first = p_hit(dice, target.defense) * v.threat(target.counter)
            second = self._best_neighbour(v, dice, target.track - 1, target.circle - 1)
            best = max(best, first + second)
        return best

    def _best_neighbour(self, v: View, dice: int, track: int, i: int) -> float:
        """The best artillery value next to circle ``i`` of track ``track`` (both 0-based).

        The second, adjacent target of a Forward Observer (4.0).
        """
        circles = v.s.tracks[track]
        defense = v.see.effective_defense
        return max(
            (p_hit(dice, defense(circles[j])) * v.threat(circles[j])
             for j in (i - 1, i + 1) if 0 <= j < len(circles) and circles[j]),
            default=0.0,
        )

    def fire_target(self, v: View, o: Option) -> Scored:
        """The target where chance to hit times worth is greatest."""
        wid = o.str_arg("counter")
        value = p_hit(v.p["dice"], v.see.effective_defense(wid)) * v.threat(wid)
        return value, f"{value:.1f}"

    def fo_target(self, v: View, o: Option) -> Scored:
        """The first artillery target: itself plus its best neighbour."""
        wid = o.str_arg("counter")
        dice = v.game.settings.forward_observer_dice
        value = p_hit(dice, v.see.effective_defense(wid)) * v.threat(wid)
        for t, track in enumerate(v.s.tracks):
            if wid in track:
                value += self._best_neighbour(v, dice, t, track.index(wid))
        return value, "with its best neighbour"

    def fo_second(self, v: View, o: Option) -> Scored:
        """Always take a second target when there is one."""
        if o.verb == ONE:
            return 0.0, "no neighbour"
        wid = o.str_arg("counter")
        dice = v.game.settings.forward_observer_dice
        return p_hit(dice, v.see.effective_defense(wid)) * v.threat(wid), ""

    def suppress_count(self, v: View, o: Option) -> Scored:
        """Place every Suppression token the counter's value allows (4.0 Suppress).

        The Suppress itself was valued at that many tokens (:meth:`act_pick`).
        """
        n = o.int_arg("count")
        return float(n), f"{plural(n, 'token')} for the boxes"

    def suppress_split(self, v: View, o: Option) -> Scored:
        """Give each token to the colour whose box is thinnest for its number of tracks."""
        n, (a, b) = v.p["n"], v.p["colours"]
        k = o.int_arg("first")
        have = {x: v.see.suppression_tokens(x) for x in (a, b)}
        alloc = {a: 0, b: 0}
        for _ in range(n):
            pick = min((a, b), key=lambda x: (have[x] + alloc[x]) / len(v.c.board.tracks_of(x)))
            alloc[pick] += 1
        return -abs(k - alloc[a]), f"{alloc[a]} to {a}, {alloc[b]} to {b}"

    def command_target(self, v: View, o: Option) -> Scored:
        """Disrupted counters first (a second token kills), then the most useful Exhausted."""
        if o.verb == DONE:
            return 0.0, "nobody else needs it"
        cid, fix = o.str_arg("counter"), o.str_arg("fix")
        worth = v.worth(cid)
        if fix == "disrupted":
            return 2.0 + 0.2 * worth, "a second Disrupted token would kill it"
        return 1.0 + 0.2 * worth, "ready to act again"

    def recover_which(self, v: View, o: Option) -> Scored:
        """Remove the Disrupted token first: a second one would make a casualty."""
        return (1.0 if o.verb == DISRUPTED else 0.0), "a second Disrupted token kills"


_HANDLERS: dict[str, Callable[[HeuristicPolicy, View, Option], Scored]] = {
    "card_action": HeuristicPolicy.card_action,
    "card_location": HeuristicPolicy.card_location,
    "resupply_pick": HeuristicPolicy.resupply_pick,
    "load_pick": HeuristicPolicy.load_pick,
    "buttress_pick": HeuristicPolicy.buttress_pick,
    "sapper_spot": HeuristicPolicy.sapper_spot,
    "reinforce": HeuristicPolicy.reinforce,
    "raid_pick": HeuristicPolicy.raid_pick,
    "aa_fire": HeuristicPolicy.aa_fire,
    "suppress_entry": HeuristicPolicy.suppress_entry,
    "first_aid": HeuristicPolicy.first_aid,
    "choose_hit": HeuristicPolicy.choose_hit,
    "starve_pick": HeuristicPolicy.starve_pick,
    "move_pick": HeuristicPolicy.move_pick,
    "move_to": HeuristicPolicy.move_to,
    "carry_weapon": HeuristicPolicy.carry_weapon,
    "displace_to": HeuristicPolicy.displace_to,
    "act_pick": HeuristicPolicy.act_pick,
    "recover_which": HeuristicPolicy.recover_which,
    "fire_target": HeuristicPolicy.fire_target,
    "suppress_count": HeuristicPolicy.suppress_count,
    "suppress_split": HeuristicPolicy.suppress_split,
    "command_target": HeuristicPolicy.command_target,
    "fo_target": HeuristicPolicy.fo_target,
    "fo_second": HeuristicPolicy.fo_second,
}
"""The scoring rule for each decision of the engine, by its op (``game.state.pending["op"]``)."""
