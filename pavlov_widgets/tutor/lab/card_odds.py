"""Odds of a whole card: the exact distribution of what a Wehrmacht card (or a raid) does (3.0).

:func:`lab.odds <pavlov_widgets.tutor.lab.model.odds>` answers "what can the next roll give?".
:func:`card_odds` answers the bigger question a player asks when a card is turned over:
"what will this whole card do?" — this Sniper: the chance it removes a counter, and whom;
this Ju 87 raid, given the Anti-aircraft tokens fired: the chance each location is hit; this
Storm Group raid with these counters: the chance it succeeds and the losses to expect.

How it is exact. Every roll of the card is a chance step whose results the engine lists with
exact probabilities (:meth:`Game.chance <pavlov_widgets.engine.Game.chance>`); each result is
played with one roll the engine reads as that result (:func:`lab.example_dice
<pavlov_widgets.tutor.lab.model.example_dice>`), one roll after another, until the card is done.
Branches that reach the same position are merged (a bomb on 12 then 14, or 14 then 12), so
the work grows with the number of distinct positions, not with the number of dice rolls.
Nothing is sampled: every probability is a :class:`~fractions.Fraction`.

Decisions inside the card (which Anti-aircraft tokens fire, First Aid, Suppression tokens
spent against a counter entering, who goes hungry, who of two on a position is hit) are
made by a **policy**, named in the result:

* ``"heuristic"`` (the default): the simulator's sensible player
  (:class:`~pavlov_widgets.sim.heuristic.HeuristicPolicy`) decides, as it would in a game;
* ``"stop"``: a decision ends the count (the odds of reaching each decision);
* any other name of :data:`pavlov_widgets.sim.policies.POLICIES`, or a callable
  ``policy(game, rng)`` as the simulator takes (its ``rng`` is seeded with 0, so a run
  repeats).

To fix a decision yourself, take it first (``game.apply("aa:8")``) and ask for the odds of
what is left.

Speed. The card is stepped on the rule machine directly (no ``Game`` history, no JSON), and
the bombs of a Ju 87 raid, which only touch the Volga locations, the Disrupted tokens in the
stock and the Fog of War cards (3.0 Bomb Stalingrad), are followed on a compact copy of just
those; a bomb that does more (a second bomb on 3 suppresses every counter, a second bomb on 18
loses the game) goes back to the rule machine. ``benchmarks/card_odds_bench.py`` measures it.

Example:
    >>> from pavlov_widgets.tutor.content import get_scenario
    >>> game = get_scenario("sniper").build()
    >>> game.force([3]); game.force([2])  # red, then red 2: Pavlov is the target
    >>> odds = card_odds(game)
    >>> odds.casualty["pavlov"]  # four dice against Defense 5: 1 - (4/6)**4
    Fraction(65, 81)
    >>> sum(p for _, p in odds.outcomes)
    Fraction(1, 1)
"""

from __future__ import annotations

import html
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.actions import FIRE, Option
from pavlov_widgets.engine.dice import distribution
from pavlov_widgets.engine.machine import Engine
from pavlov_widgets.engine.places import LOC_KEYS, TrackCircle, board_place, loc_key, place_name
from pavlov_widgets.engine.rules.scoring import IMMEDIATE_LOSSES
from pavlov_widgets.engine.state import GameState
from pavlov_widgets.sim.policies import POLICIES, Policy, get_policy, policy_name
from pavlov_widgets.tutor.lab.model import LabError, example_dice

__all__ = [
    "STATE_LIMIT",
    "CardOdds",
    "CardOddsError",
    "RaidOdds",
    "card_ends",
    "card_odds",
]

STATE_LIMIT = 200_000
"""How many positions one count may follow at most (a card takes a few thousand at most)."""

RAID_OPS = frozenset({"raid_casualty_roll", "casualty", "disrupt"})
"""Rule steps that may still wait on the stack in the middle of a raid (3.0 Storm Group)."""

RAID_ROLLS = frozenset({"raid_result", "raid_fates"})
"""The steps a raid's rolls lead to: the total against the card, each raider's fate."""

_LOCATIONS = range(3, 19)
"""The Volga locations 3–18: the totals of three dice (3.0 Bomb Stalingrad)."""
_LOC_KEYS = frozenset(LOC_KEYS.values())
"""The token places of the Volga locations (``"loc:12"``), which the compact bombs hold."""


class CardOddsError(LabError):
    """The game is not at a card or raid to count, or the policy is unknown (names which)."""


# --- the scope: which rule steps belong to the card ------------------------------------------


@dataclass(frozen=True)
class _Scope:
    """What is being counted: its name, its rule and the stack frames that belong to it."""

    kind: str  # "card", "raid" or "roll" (until the next decision; for card_outcomes)
    name: str
    rule: str
    card: str
    keep: int  # how many frames at the top of the stack belong to it


def _scope(game: Game, *, until_decision: bool = False) -> _Scope:
    """Which card (or raid) the game is resolving, or a clear error saying what is pending."""
    s = game.state
    if game.is_over:
        raise CardOddsError("the game is over: there is no card to resolve")
    p = s.pending
    if p is None:
        raise CardOddsError("nothing is pending: the game has not started its next step")
    stack = s.stack
    c = game.components
    finish = [i for i, f in enumerate(stack) if f["op"] == "finish_wehrmacht_card"]
    raiding = any(x.where == "raid" for x in s.soviet.values())
    at_raid_roll = p["kind"] == "chance" and p.get("then") in RAID_ROLLS
    if raiding or at_raid_roll or (p.get("op") == "raid_pick" and p.get("chosen")):
        keep = 0
        while keep < len(stack) and stack[len(stack) - 1 - keep]["op"] in RAID_OPS:
            keep += 1
        card = s.storm_box
        name = f"Storm Group raid on {c.storm_group_on(card).name}" if card else "raid"
        return _Scope("raid", name, "3.0 Special Cards: Storm Group", card, keep)
    if s.wehrmacht_current and finish:
        card = s.wehrmacht_current
        if card in c.resupply_cards:
            name, rule = "Resupply", "3.0 Special Cards: Resupply"
        else:
            spec = c.wehrmacht_cards[card]
            name, rule = spec.name, _CARD_RULES.get(spec.kind, "3.0 Wehrmacht Card Phase")
        return _Scope("card", name, rule, card, len(stack) - 1 - finish[-1])
    if until_decision and p["kind"] == "chance":
        return _Scope("roll", p["label"], p["rule"], "", len(stack))
    what = p.get("prompt") or p.get("label") or ""
    if p.get("op") == "raid_pick":
        raise CardOddsError(
            f"no raider is chosen yet ({what}): pick the raiders with game.apply('raider:...') "
            "first, then ask for the odds of the raid"
        )
    raise CardOddsError(
        f"no Wehrmacht card is being resolved and no raid is under way: the game waits for "
        f"{what!r} ({game.phase_label}). Card odds need a card turned over (for example a "
        "Position resumed at 'wehrmacht', built with auto_roll=False) or a raid launched"
    )


_CARD_RULES = {
    "sniper": "3.0 Attack Defender",
    "mortar": "3.0 Suppress Defender",
    "artillery": "3.0 Attack Building",
    "ju87": "3.0 Bomb Stalingrad",
    "place": "3.0 Place Wehrmacht Counter",
    "assault": "3.0 Assault",
    "storm_group": "3.0 Special Cards: Storm Group",
}


# --- the policy ----------------------------------------------------------------------------


@dataclass
class _Chooser:
    """Makes the decisions inside the card for the count (or stops there)."""

    name: str
    describe: str
    policy: Policy | None
    seen: dict[Any, str] = field(default_factory=dict)

    def choose(self, game: Game) -> str:
        """The chosen option id (a fixed rng: the same position gets the same choice)."""
        picked = self.policy(game, random.Random(0)) if self.policy is not None else ""
        return picked if isinstance(picked, str) else picked.id


def _chooser(policy: str | Policy) -> _Chooser:
    if policy == "stop":
        return _Chooser("stop", "a decision inside the card ends the count (its odds are "
                        "the odds of reaching it)", None)
    if isinstance(policy, str) and policy not in POLICIES:
        raise CardOddsError(f"unknown policy {policy!r}; one of: stop, {', '.join(POLICIES)}, "
                            "or a callable policy(game, rng)")
    if not isinstance(policy, str) and not callable(policy):
        raise CardOddsError(f"a policy must be a name or a callable(game, rng), not {policy!r}")
    name = policy_name(policy)
    words = ("the heuristic player makes each decision inside the card (as in a simulated "
             "game)" if name == "heuristic" else f"the {name} policy makes each decision "
             "inside the card (seeded, so it repeats)")
    return _Chooser(name, words, get_policy(policy))


# --- positions and their keys ------------------------------------------------------------------


def _key(s: GameState) -> tuple[Any, ...]:
    """Everything a card can change, as one hashable value (equal positions merge)."""
    return (
        tuple([(c.where, c.disrupted, c.exhausted, c.marker) for c in s.soviet.values()]),
        tuple(s.weapons.items()),
        tuple(map(tuple, s.tracks)),
        tuple(s.defense.items()),
        frozenset([(p, k, n) for p, d in s.tokens.items() for k, n in d.items() if n]),
        repr(s.stack), repr(s.pending), repr(s.outcome), s.phase, s.turn,
        s.storm_box, tuple(s.storm_won), tuple(s.storm_lost), tuple(s.soviet_discard),
        tuple(s.fog_stock), s.wehrmacht_current, tuple(s.wehrmacht_done), s.card_rng,
        tuple(s.resupply_removed), tuple(s.hand), tuple(s.soviet_deck),
    )


# --- exact probabilities as integers -------------------------------------------------------------

Prob = tuple[int, int]
"""An exact probability ``num / 6**exp``: every roll's odds are whole numbers over 6**dice, so
integers keep them exact at a fraction of :class:`~fractions.Fraction`'s cost."""

_POW6: list[int] = [6**k for k in range(64)]


def _pow6(k: int) -> int:
    while k >= len(_POW6):
        _POW6.append(_POW6[-1] * 6)
    return _POW6[k]


def _plus(a: Prob, b: Prob) -> Prob:
    if a[1] == b[1]:
        return a[0] + b[0], a[1]
    if a[1] < b[1]:
        return a[0] * _pow6(b[1] - a[1]) + b[0], b[1]
    return a[0] + b[0] * _pow6(a[1] - b[1]), a[1]


_ROWS: dict[tuple[int, str], tuple[tuple[tuple[int, ...], int, str], ...]] = {}


def _rows(n: int, test: dict[str, Any]) -> tuple[tuple[tuple[int, ...], int, str], ...]:
    """Each result of a roll of n dice: an example roll, its odds times 6**n, its label.

    The odds are the engine's own (:func:`~pavlov_widgets.engine.dice.distribution`).
    """
    key = (n, repr(test))
    rows = _ROWS.get(key)
    if rows is None:
        found = []
        for result, p in distribution(n, test):
            dice = example_dice(n, test, result)
            ways = p * _pow6(n)
            if p and dice is not None:
                if ways.denominator != 1:  # every result is a count of the 6**n rolls
                    raise AssertionError(f"{result!r} of {n} dice has odds {p}")
                found.append((tuple(dice), int(ways), result))
        rows = _ROWS[key] = tuple(found)
    return rows


# --- the compact Ju 87 bombs -----------------------------------------------------------------

Locs = tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
"""Locations 3–18, each (its Disrupted tokens, its other tokens in order)."""

LOST = "lost"
"""What :func:`_bomb` returns for a second Disrupted token on 18 (6.0 Immediate Loss)."""


@dataclass(frozen=True)
class _BombBase:
    """The position at a first bomb roll, which the compact bombs change only in part."""

    state: GameState
    index: int
    card: str
    removes: bool  # a bomb moving on destroys tokens (RuleSettings.ju87_shift_removes_tokens)
    fog_on_shift: bool  # and brings Fog of War (RuleSettings.ju87_shift_adds_fog)
    locs: Locs  # its locations, as the compact bombs hold them
    root: GameState  # the start of the count (the Fog of War cards are counted from it)


def _locs(s: GameState) -> Locs:
    out = []
    for n in _LOCATIONS:
        d = s.tokens.get(loc_key(n), {})
        out.append((d.get("disrupted", 0),
                    tuple((k, v) for k, v in d.items() if v and k != "disrupted")))
    return tuple(out)


def _bomb(base: _BombBase, locs: Locs, stock: int, fog: int,
          total: int) -> tuple[Locs, int, int] | str | None:
    """One bomb on ``total``, as the rule machine's ``ju87_bomb`` does it (3.0 Bomb Stalingrad).

    The first token there is destroyed; else the location is Disrupted (with a Fog of War
    card on 14–17); an already Disrupted location sends the bomb one up. :data:`LOST` for a
    second Disrupted token on 18; None for a second bomb on 3, which suppresses every
    counter in a combat position: the rule machine resolves that one.
    """
    loc, shifted = total, False
    while True:
        disrupted, tokens = locs[loc - 3]
        if tokens and (not shifted or base.removes):
            kind, n = tokens[0]
            rest = tokens[1:] if n == 1 else ((kind, n - 1), *tokens[1:])
            return (*locs[:loc - 3], (disrupted, rest), *locs[loc - 2:]), stock, fog
        if not disrupted:
            if stock <= 0:
                return locs, stock, fog
            if fog and 14 <= loc <= 17 and (not shifted or base.fog_on_shift):
                fog -= 1
            return (*locs[:loc - 3], (1, tokens), *locs[loc - 2:]), stock - 1, fog
        if loc == 3:
            return None
        if loc == 18:
            return LOST
        loc, shifted = loc + 1, True


def _materialise(base: _BombBase, locs: Locs, stock: int, fog: int, planes: int) -> GameState:
    """The full position of a compact node: the base with its locations, stock and Fog.

    A base stands for every position that differs from it only there (the bombs touch
    nothing else), so the node's locations are written over the base's, and each token a
    location lost went to the stock (tokens only move from a location to the stock).
    ``planes`` >= 0: a bomb roll is pending with that many bombs after it; -1: the card is
    done.
    """
    s = base.state.copy()
    tokens, stock_d = s.tokens, s.tokens["stock"]
    for n, was, now in zip(_LOCATIONS, base.locs, locs, strict=True):
        if was == now:
            continue
        for k, v in was[1]:
            stock_d[k] = stock_d.get(k, 0) + v
        for k, v in now[1]:
            stock_d[k] = stock_d.get(k, 0) - v
        d = dict(now[1])
        if now[0]:
            d["disrupted"] = now[0]
        if d:
            tokens[loc_key(n)] = d
        else:
            tokens.pop(loc_key(n), None)
    stock_d["disrupted"] = stock
    first = base.root.fog_stock
    gone = len(first) - fog  # Fog of War cards leave the stock in order, to the discards
    s.fog_stock = list(first[gone:])
    s.soviet_discard = [*base.root.soviet_discard, *first[:gone]]
    if planes < 0:  # the card is done
        s.pending, s.stack = None, []
    else:
        s.stack = [{"op": "ju87_bombing", "card": base.card, "planes": planes}]
    return s


def _base_key(s: GameState) -> tuple[Any, ...]:
    """A position's key without what the compact bombs hold (locations, stock, Fog, bombs)."""
    return (
        tuple([(c.where, c.disrupted, c.exhausted, c.marker) for c in s.soviet.values()]),
        tuple(s.weapons.items()),
        tuple(map(tuple, s.tracks)),
        tuple(s.defense.items()),
        frozenset([(p, k, n) for p, d in s.tokens.items() for k, n in d.items()
                   if n and p != "stock" and p not in _LOC_KEYS]),
        repr(s.pending), s.phase, s.turn, s.storm_box, tuple(s.storm_won), tuple(s.storm_lost),
        s.wehrmacht_current, tuple(s.wehrmacht_done), s.card_rng, tuple(s.resupply_removed),
        tuple(s.hand), tuple(s.soviet_deck),
    )


# --- the count ---------------------------------------------------------------------------

Extra = frozenset[tuple[Any, ...]]
"""Facts a position does not show but the count saw (which Anti-aircraft tokens fired)."""


@dataclass
class _End:
    """One distinct end of the card: its position (or compact node) and probability."""

    p: Prob
    extra: Extra
    state: GameState | None = None
    bomb: tuple[_BombBase, Locs, int, int] | None = None
    last: tuple[tuple[int, ...], int] | None = None  # the bomb that lost: dice, planes after
    engine: Engine | None = None

    def full(self) -> GameState:
        """The end as a full position (a compact end is rebuilt; a loss is replayed)."""
        if self.state is None:
            assert self.bomb is not None
            base, locs, stock, fog = self.bomb
            if self.last is None:
                self.state = _materialise(base, locs, stock, fog, -1)
            else:
                assert self.engine is not None
                dice, planes = self.last
                self.engine.load(_materialise(base, locs, stock, fog, planes))
                self.engine.resolve_chance(list(dice))
                self.state = self.engine.s
        return self.state


def _count(game: Game, scope: _Scope,
           chooser: _Chooser) -> tuple[list[_End], int, Locs]:
    """Every distinct end of the scope with its exact probability, and the positions followed.

    Breadth first, one step (a roll or a decision) at a time; positions reached twice merge.
    """
    root = game.state.copy()
    below = root.stack[: len(root.stack) - scope.keep]
    root.stack = root.stack[len(root.stack) - scope.keep:]
    engine = Engine(root, game.components, game.settings)
    settings = game.settings
    bases: dict[Any, _BombBase] = {}
    root_locs = _locs(game.state)
    none: Extra = frozenset()
    level: dict[Any, list[Any]] = {}
    ends: dict[Any, _End] = {}
    followed = 0

    def add(into: dict[Any, list[Any]], key: Any, node: Any, p: Prob, extra: Extra) -> None:
        seen = into.get(key)
        if seen is None:
            into[key] = [node, p, extra]
        else:
            seen[1] = _plus(seen[1], p)

    def end_at(key: Any, p: Prob, extra: Extra, **where: Any) -> None:
        seen = ends.get(key)
        if seen is None:
            ends[key] = _End(p, extra, **where)
        else:
            seen.p = _plus(seen.p, p)

    def roll(s: GameState, dice: tuple[int, ...], fresh: bool = False) -> GameState:
        engine.load(s if fresh else s.copy())
        engine.resolve_chance(list(dice))
        return engine.s

    def choose(s: GameState, option: Option) -> GameState:
        engine.load(s.copy())
        engine.resolve_decision(option)
        return engine.s

    def place(into: dict[Any, list[Any]], s: GameState, p: Prob, extra: Extra) -> None:
        """Put a full position in the next level, or among the ends, or go compact."""
        pend = s.pending
        if s.outcome is not None or pend is None or (pend["kind"] == "decision"
                                                     and chooser.policy is None):
            end_at(("g", _key(s), extra), p, extra, state=s)
            return
        if (pend["kind"] == "chance" and pend["then"] == "ju87_bomb" and len(s.stack) == 1
                and s.stack[0]["op"] == "ju87_bombing"):
            skey = _base_key(s)
            base = bases.get(skey)
            if base is None:
                base = bases[skey] = _BombBase(
                    s, len(bases), s.stack[0]["card"], settings.ju87_shift_removes_tokens,
                    settings.ju87_shift_adds_fog,
                    # the locations as they were share the start's objects, so comparing
                    # an end with the start (_bomb_facts) is mostly an identity check
                    tuple(r if r == b else b for r, b in zip(root_locs, _locs(s), strict=True)),
                    game.state)
            node = (base, base.locs if s is base.state else tuple(
                        r if r == b else b for r, b in zip(root_locs, _locs(s), strict=True)),
                    s.tokens["stock"].get("disrupted", 0), len(s.fog_stock), s.stack[0]["planes"])
            add(into, ("b", base.index, *node[1:], extra), node, p, extra)
            return
        add(into, ("g", _key(s), extra), s, p, extra)

    bomb_rows = _rows(3, {"type": "total"})
    place(level, root, (1, 0), none)
    while level:
        following: dict[Any, list[Any]] = {}
        for key, (node, p, extra) in level.items():
            followed += 1
            if followed > STATE_LIMIT:
                raise CardOddsError(f"this card has more than {STATE_LIMIT} positions to follow")
            num, exp = p
            if key[0] == "b":
                base, locs, stock, fog, planes = node
                for dice, ways, result in bomb_rows:
                    q = (num * ways, exp + 3)
                    done = _bomb(base, locs, stock, fog, int(result))
                    if done is None:  # beyond the compact copy: back to the rule machine
                        full = _materialise(base, locs, stock, fog, planes)
                        place(following, roll(full, dice, fresh=True), q, extra)
                    elif isinstance(done, str):  # LOST
                        end_at(("lost", base.index, locs, stock, fog, extra), q, extra,
                               bomb=(base, locs, stock, fog), last=(dice, planes),
                               engine=engine)
                    elif planes <= 0:
                        nl, ns, nf = done
                        end_at(("b", base.index, nl, ns, nf, -1, extra), q, extra,
                               bomb=(base, nl, ns, nf))
                    else:
                        nl, ns, nf = done
                        add(following, ("b", base.index, nl, ns, nf, planes - 1, extra),
                            (base, nl, ns, nf, planes - 1), q, extra)
                continue
            s: GameState = node
            pend = s.pending
            assert pend is not None
            if pend["kind"] == "decision":
                picked = chooser.seen.get(key[1])
                if picked is None:
                    view = Game(s.copy(), game.components, settings, auto_roll=False)
                    picked = chooser.seen[key[1]] = chooser.choose(view)
                engine.load(s)
                option = next((o for o in engine.options() if o.id == picked), None)
                if option is None:
                    raise CardOddsError(f"the policy {chooser.name} chose {picked!r}, not an "
                                        f"option of {pend.get('prompt')!r}")
                if pend["op"] == "aa_fire" and option.verb == FIRE and pend["chosen"]:
                    extra = extra | {("aa_fired", n) for n in pend["chosen"]}
                place(following, choose(s, option), p, extra)
                continue
            for dice, ways, _result in _rows(pend["n"], pend["test"]):
                place(following, roll(s, dice), (num * ways, exp + pend["n"]), extra)
        level = following
    for end in ends.values():
        if end.state is not None and end.state.outcome is None:
            end.state.stack[:0] = below  # the steps after the card, not run
    return list(ends.values()), followed, root_locs


# --- what changed, in words ------------------------------------------------------------------

Fact = tuple[Any, ...]
"""One thing a card did, as data: ``("casualty", "pavlov")``, ``("loc_disrupted", 11)``."""

_FACT_ORDER = {k: i for i, k in enumerate((
    "lost", "raid_won", "raid_failed", "casualty", "disrupted", "moved", "weapon", "defense",
    "enters", "leaves", "aa_fired", "loc_disrupted", "token_destroyed", "spent", "fog",
    "storm_box", "storm_lost", "over"))}


def _track_places(s: GameState) -> dict[str, int]:
    return {cid: t + 1 for t, track in enumerate(s.tracks) for cid in track if cid}


def _facts(root: GameState, end: GameState, *, locations: bool = True,
           root_locs: Locs | None = None) -> set[Fact]:
    """Everything that differs between the start and an end, as facts."""
    out: set[Fact] = set()
    for cid, c in end.soviet.items():
        was = root.soviet[cid]
        if c.where == "removed" and was.where != "removed":
            out.add(("casualty", cid))
            continue
        if c.where != was.where and c.where != "raid":
            out.add(("moved", cid, c.where))
        if c.disrupted and not was.disrupted:
            out.add(("disrupted", cid))
    for wid, where in end.weapons.items():
        if where != root.weapons.get(wid):
            out.add(("weapon", wid, where))
    for colour, v in end.defense.items():
        if v != root.defense[colour]:
            out.add(("defense", colour, root.defense[colour], v))
    before, after = _track_places(root), _track_places(end)
    for cid, t in after.items():
        if cid not in before:
            out.add(("enters", cid, t))
    for cid, t in before.items():
        if cid not in after:
            out.add(("leaves", cid, t))
    for place, d in root.tokens.items():
        if place in ("stock", "removed") or place in _LOC_KEYS:
            continue
        now = end.tokens.get(place, {})
        for kind, n in d.items():
            if n - now.get(kind, 0) > 0 and kind != "disrupted":
                out.add(("spent", place, kind, n - now.get(kind, 0)))
    if locations:
        out |= _bomb_facts(root_locs or _locs(root), _locs(end), len(root.fog_stock),
                           len(end.fog_stock))
    for card in end.storm_won:
        if card not in root.storm_won:
            out.add(("raid_won", card))
    for card in end.storm_lost:
        if card not in root.storm_lost:
            out.add(("storm_lost", card))
    if end.storm_box and end.storm_box != root.storm_box:
        out.add(("storm_box", end.storm_box))
    if end.outcome is not None and root.outcome is None:
        how = end.outcome.get("how", "")
        lost = end.outcome.get("result") == "loss" and how != "deck_exhausted"
        out.add(("lost", how, end.outcome.get("how_text", how)) if lost
                else ("over", end.outcome.get("level", "")))
    return out


def _bomb_facts(root_locs: Locs, locs: Locs, root_fog: int, fog: int) -> set[Fact]:
    """What changed on the Volga locations (3.0 Bomb Stalingrad) and the Fog of War cards."""
    out: set[Fact] = set()
    for i in range(len(locs)):
        was, now = root_locs[i], locs[i]
        if was is now or was == now:  # a bomb copies only the location it changes
            continue
        n = i + 3
        if now[0] and not was[0]:
            out.add(("loc_disrupted", n))
        have = dict(now[1])
        for kind, v in was[1]:
            if v - have.get(kind, 0) > 0:
                out.add(("token_destroyed", n, kind, v - have.get(kind, 0)))
    if root_fog - fog > 0:
        out.add(("fog", root_fog - fog))
    return out


def _with_extra(facts: set[Fact], extra: Extra) -> set[Fact]:
    """Tokens that fired are not destroyed: the count saw them fire (3.0 Bomb Stalingrad)."""
    if not extra:
        return facts
    fired = {f[1] for f in extra if f[0] == "aa_fired"}
    return {f for f in facts if not (f[0] == "token_destroyed" and f[2] == "aa"
                                     and f[1] in fired)} | set(extra)


class _Words:
    """Facts as a person says them (each worked out once)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.said: dict[Fact, str] = {}
        self.order: dict[Fact, tuple[int, str]] = {}

    def say(self, fact: Fact) -> str:
        text = self.said.get(fact)
        if text is None:
            text = self.said[fact] = self._say(fact)
        return text

    def _say(self, fact: Fact) -> str:
        e, c = self.game.engine, self.game.components
        what = fact[0]
        if what == "casualty":
            return f"{e.name(fact[1])} is a casualty"
        if what == "disrupted":
            return f"{e.name(fact[1])} is Disrupted"
        if what == "moved":
            return f"{e.name(fact[1])} goes to {e.where_label(fact[2])}"
        if what == "weapon":
            return f"the {e.name(fact[1])} goes to {e.where_label(fact[2])}"
        if what == "defense":
            return f"{fact[1]} Defense falls from {fact[2]} to {fact[3]}"
        if what == "enters":
            return f"the {e.name(fact[1])} counter enters track {fact[2]}"
        if what == "leaves":
            return f"the {e.name(fact[1])} counter leaves track {fact[2]}"
        if what == "aa_fired":
            return f"the Anti-aircraft token on {fact[1]} fires"
        if what == "loc_disrupted":
            return f"location {fact[1]} ({c.board.location_names[fact[1]]}) is Disrupted"
        if what in ("token_destroyed", "spent"):
            token = c.tokens[fact[2]].name if fact[2] in c.tokens else fact[2]
            n = fact[3]
            many = f"{n} {token} tokens" if n > 1 else f"the {token} token"
            if what == "token_destroyed":
                return f"a bomb destroys {many} on {fact[1]}"
            spot = board_place(fact[1])
            where = ("Supplies" if fact[1] == "supplies" else fact[1] if spot is None
                     else f"the Sapper location on {place_name(spot, c)}"
                     if isinstance(spot, TrackCircle) else place_name(spot, c))
            return f"{many} from {where} {'are' if n > 1 else 'is'} used"
        if what == "fog":
            return (f"{fact[1]} Fog of War card{'s join' if fact[1] > 1 else ' joins'} the "
                    "Soviet discards")
        if what == "raid_won":
            sg = c.storm_group_on(fact[1])
            return f"the raid on {sg.name} succeeds ({sg.vp} VP)"
        if what == "raid_failed":
            return f"the raid on {c.storm_group_on(fact[1]).name} fails"
        if what == "storm_box":
            return f"{c.storm_group_on(fact[1]).name} goes into the Storm Group box"
        if what == "storm_lost":
            return f"the {c.storm_group_on(fact[1]).name} Storm Group card leaves the game"
        if what == "lost":
            return f"the game is lost at once ({fact[2]})"
        return f"the game ends ({fact[1]})"

    def _rank(self, fact: Fact) -> tuple[int, str]:
        rank = self.order.get(fact)
        if rank is None:
            rank = self.order[fact] = (_FACT_ORDER.get(fact[0], 99), repr(fact[1:]))
        return rank

    def describe(self, facts: Iterable[Fact]) -> str:
        """A whole outcome: its facts, the most important first."""
        ordered = sorted(facts, key=self._rank)
        if not ordered:
            return "nothing changes"
        text = "; ".join(self.say(f) for f in ordered)
        return text[0].upper() + text[1:]


# --- the result ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RaidOdds:
    """A Storm Group raid's odds (3.0 Special Cards: Storm Group).

    Attributes:
        card: the Storm Group card raided.
        success: the probability the raiders' total reaches the card's Defense.
        expected_losses: the mean number of raiders lost (after First Aid, by the policy).
        losses: the probability of each number of raiders lost.
    """

    card: str
    success: Fraction
    expected_losses: Fraction
    losses: Mapping[int, Fraction]


def _pct(p: Fraction) -> str:
    """A probability in words that never rounds a possible event to 0% or a doubt to 100%."""
    x = float(p) * 100
    if p == 0 or p == 1:
        return f"{int(p) * 100}%"
    if x < 0.1:
        return "<0.1%"
    if x > 99.9:
        return ">99.9%"
    return f"{x:.1f}%"


@dataclass(frozen=True)
class CardOdds:
    """The exact distribution of what one card (or raid) does, from now until it is done.

    Every probability is exact (a :class:`~fractions.Fraction`) over every roll of the card,
    with the decisions inside it made by :attr:`policy`.

    Attributes:
        name: the card ("Sniper", "Junkers Ju 87") or raid.
        card: its card id (the Storm Group card for a raid).
        rule: the rule section it resolves under.
        start: what the game waited for when the count began.
        policy: who made the decisions inside the card, in words.
        outcomes: every distinct end, in words, with its probability (most likely first);
            they add up to 1.
        facts: the probability of each single thing the card may do (several may happen
            together, so these do not add up to 1).
        casualty: each Soviet counter in the house, its probability of becoming a casualty.
        disrupted: each counter's probability of ending the card newly Disrupted.
        location_hit: each Volga location's probability that a bomb Disrupts it or destroys
            a token there (3.0 Bomb Stalingrad).
        location_disrupted: each location's probability of being newly Disrupted.
        tokens_destroyed: for each (location, token kind), the probability a bomb destroys it.
        defense: each colour whose Defense may fall: its value after the card, with odds.
        loss: the probability the game is lost at once (6.0 Immediate Loss).
        losses_by: that probability by how (``army_cp``, ``track_overrun``, ...).
        expected_casualties: the mean number of Soviet counters lost.
        raid: a raid's success and losses (None for a Wehrmacht card).
        positions: how many positions the count followed.
        ms: how long the count took, in milliseconds.
    """

    name: str
    card: str
    rule: str
    start: str
    policy: str
    outcomes: tuple[tuple[str, Fraction], ...]
    facts: tuple[tuple[str, Fraction], ...]
    casualty: Mapping[str, Fraction]
    disrupted: Mapping[str, Fraction]
    location_hit: Mapping[int, Fraction]
    location_disrupted: Mapping[int, Fraction]
    tokens_destroyed: Mapping[tuple[int, str], Fraction]
    defense: Mapping[str, Mapping[int, Fraction]]
    loss: Fraction
    losses_by: Mapping[str, Fraction]
    expected_casualties: Fraction
    raid: RaidOdds | None
    positions: int
    ms: float

    def probability(self, description: str) -> Fraction:
        """The probability of one outcome (as in :attr:`outcomes`) or one fact (:attr:`facts`).

        0 when the card cannot do it. Case is ignored.
        """
        want = description.strip().lower()
        for text, p in (*self.outcomes, *self.facts):
            if text.lower() == want:
                return p
        return Fraction(0)

    @property
    def question(self) -> str:
        """What these numbers answer."""
        return (f"What will this {self.name} do, from {self.start!r} until it is done? "
                f"({self.rule})")

    def text(self, top: int = 12) -> str:
        """The answer in plain text: the chance of each thing, then each whole outcome."""
        lines = [self.question, f"Exact odds over every roll; decisions: {self.policy}."]
        if self.raid is not None:
            r = self.raid
            lines.append(f"  The raid succeeds: {_pct(r.success)} ({r.success}); raiders lost "
                         f"on average: {float(r.expected_losses):.2f}")
        if self.loss:
            lines.append(f"  The game is lost at once: {_pct(self.loss)} ({self.loss})")
        if self.facts:
            lines.append("The chance of each thing (several may happen together):")
            for text, p in self.facts[:top * 2]:
                lines.append(f"  {_pct(p):>6}  {text}")
            if len(self.facts) > top * 2:
                lines.append(f"  ... and {len(self.facts) - top * 2} less likely things")
        lines.append(f"Every way it can end ({len(self.outcomes)}; they add up to 100%):")
        for text, p in self.outcomes[:top]:
            lines.append(f"  {_pct(p):>6}  {text}")
        if len(self.outcomes) > top:
            rest = sum((p for _, p in self.outcomes[top:]), Fraction(0))
            lines.append(f"  {_pct(rest):>6}  {len(self.outcomes) - top} other outcomes, "
                         "each less likely")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (f"<CardOdds {self.name}: {len(self.outcomes)} outcomes, "
                f"{len(self.facts)} things it may do>")

    def _repr_html_(self) -> str:
        def rows(items: Iterable[tuple[str, Fraction]]) -> str:
            return "".join(
                f"<tr><td>{_pct(p)}</td><td><div style='background:#6a8caf;height:10px;"
                f"width:{float(p) * 200:.0f}px'></div></td><td>{html.escape(t)}</td>"
                f"<td style='color:#777'>{p}</td></tr>" for t, p in items)

        head = "<tr><th>chance</th><th></th><th></th><th>exact</th></tr>"
        extra = ""
        if self.raid is not None:
            extra += (f"<p>The raid succeeds: <b>{_pct(self.raid.success)}</b>; raiders lost "
                      f"on average: {float(self.raid.expected_losses):.2f}</p>")
        if self.loss:
            extra += f"<p>The game is lost at once: <b>{_pct(self.loss)}</b></p>"
        shown = self.outcomes[:20]
        more = (f"<p>... and {len(self.outcomes) - 20} other outcomes, each less likely</p>"
                if len(self.outcomes) > 20 else "")
        return (
            f"<p><b>{html.escape(self.question)}</b><br>Exact odds over every roll; "
            f"decisions: {html.escape(self.policy)}.</p>{extra}"
            "<p>The chance of each thing (several may happen together):</p>"
            f"<table>{head}{rows(self.facts)}</table>"
            f"<p>Every way it can end ({len(self.outcomes)}; they add up to 100%):</p>"
            f"<table>{head}{rows(shown)}</table>{more}"
        )


def card_odds(game: Game, *, policy: str | Policy = "heuristic") -> CardOdds:
    """The exact distribution of what the card being resolved does (3.0), or a raid.

    The game must be inside a Wehrmacht card (turned over, one of its rolls or decisions
    pending), or in a Storm Group raid (raiders chosen, or launched: 3.0 Special Cards).
    Every roll is followed with its exact odds; decisions inside the card are made by
    ``policy`` (``"heuristic"``, ``"stop"``, another simulator policy's name or a callable;
    see the module's notes), and the result says which. ``game`` is not changed.

    Raises:
        CardOddsError: the game is at no card or raid (the message says what it waits
            for), or the policy is unknown.
    """
    started = time.perf_counter()
    scope = _scope(game)
    chooser = _chooser(policy)
    ends, followed, root_locs = _count(game, scope, chooser)
    pending = game.state.pending or {}
    if scope.kind == "raid" and pending.get("op") == "raid_pick":
        names = ", ".join(game.engine.name(c) for c in pending["chosen"])
        chooser = _Chooser(chooser.name, f"the raiders chosen ({names}) go; then "
                           + chooser.describe, chooser.policy)
    root = game.state
    root_fog = len(root.fog_stock)
    base_facts: dict[int, set[Fact]] = {}
    grouped: dict[frozenset[Fact], Prob] = {}
    for end in ends:
        if end.bomb is not None and end.state is None:
            base, locs, _stock, fog = end.bomb
            facts = base_facts.get(base.index)
            if facts is None:
                facts = base_facts[base.index] = _facts(root, base.state, locations=False)
            facts = facts | _bomb_facts(root_locs, locs, root_fog, fog)
            if end.last is not None:  # the bomb that lost moved on to 18 and changed nothing
                facts.add(("lost", "army_cp", IMMEDIATE_LOSSES["army_cp"]))
        else:
            facts = _facts(root, end.full(), root_locs=root_locs)
        facts = _with_extra(facts, end.extra)
        if scope.kind == "raid" and not any(f[0] == "raid_won" for f in facts):
            facts.add(("raid_failed", scope.card))
        key = frozenset(facts)
        seen = grouped.get(key)
        grouped[key] = end.p if seen is None else _plus(seen, end.p)
    return _result(game, scope, chooser, grouped, followed, started)


def _result(game: Game, scope: _Scope, chooser: _Chooser,
            grouped: Mapping[frozenset[Fact], Prob], followed: int,
            started: float) -> CardOdds:
    """Sum the outcomes up: every fact's odds, and the numbers each question asks for."""
    top = max((e for _, e in grouped.values()), default=0)
    denominator = _pow6(top)
    whole = {facts: num * _pow6(top - e) for facts, (num, e) in grouped.items()}

    def exact(num: int) -> Fraction:
        return Fraction(num, denominator)

    marginal: dict[Fact, int] = {}
    hit: dict[int, int] = {}
    losses: dict[int, int] = {}
    expected = 0
    for facts, num in whole.items():
        hit_here = set()
        dead = 0
        for f in facts:
            marginal[f] = marginal.get(f, 0) + num
            if f[0] == "casualty":
                dead += 1
            elif f[0] in ("loc_disrupted", "token_destroyed"):
                hit_here.add(f[1])
        expected += dead * num
        losses[dead] = losses.get(dead, 0) + num
        for n in hit_here:
            hit[n] = hit.get(n, 0) + num
    house = game.engine.house_counters()
    defense: dict[str, dict[int, Fraction]] = {}
    for colour, v in game.state.defense.items():
        falls = {f[3]: exact(n) for f, n in marginal.items()
                 if f[0] == "defense" and f[1] == colour}
        if falls:
            defense[colour] = {v: 1 - sum(falls.values(), Fraction(0)), **falls}
    losses_by = {f[1]: exact(n) for f, n in marginal.items() if f[0] == "lost"}
    raid = None
    if scope.kind == "raid":
        raid = RaidOdds(scope.card, exact(marginal.get(("raid_won", scope.card), 0)),
                        exact(expected), {k: exact(n) for k, n in sorted(losses.items())})
    words = _Words(game)
    outcomes = sorted(((words.describe(facts), num) for facts, num in whole.items()),
                      key=lambda row: (-row[1], row[0]))
    facts_rows = sorted(((words.say(f), n) for f, n in marginal.items()
                         if f[0] != "raid_failed"), key=lambda row: (-row[1], row[0]))
    start = game.state.pending or {}
    return CardOdds(
        name=scope.name, card=scope.card, rule=scope.rule,
        start=str(start.get("prompt") or start.get("label") or ""),
        policy=f"{chooser.name} ({chooser.describe})",
        outcomes=tuple((t, exact(n)) for t, n in outcomes),
        facts=tuple((t, exact(n)) for t, n in facts_rows),
        casualty={cid: exact(marginal.get(("casualty", cid), 0)) for cid in house},
        disrupted={cid: exact(marginal.get(("disrupted", cid), 0)) for cid in house},
        location_hit={n: exact(k) for n, k in sorted(hit.items())},
        location_disrupted={f[1]: exact(n) for f, n in sorted(marginal.items(), key=repr)
                            if f[0] == "loc_disrupted"},
        tokens_destroyed={(f[1], f[2]): exact(n) for f, n in sorted(marginal.items(), key=repr)
                          if f[0] == "token_destroyed"},
        defense=defense,
        loss=sum(losses_by.values(), Fraction(0)), losses_by=losses_by,
        expected_casualties=exact(expected), raid=raid, positions=followed,
        ms=(time.perf_counter() - started) * 1000,
    )


def card_ends(game: Game, *, policy: str | Policy = "stop",
              until_decision: bool = True) -> list[tuple[Game, Fraction]]:
    """Every distinct end of the pending card as a game to read, with its exact probability.

    For questions about the position after the card (:func:`pavlov_widgets.tutor.exercises.model.
    card_outcomes`): each end is a game stopped where the card is done (or, with
    ``policy="stop"``, at the decision that ends the count). ``until_decision``: a roll
    outside any card or raid is followed up to the next decision. ``game`` is not changed.

    Raises:
        CardOddsError: as :func:`card_odds`.
    """
    scope = _scope(game, until_decision=until_decision)
    ends, _followed, _locs_then = _count(game, scope, _chooser(policy))
    out = []
    for end in ends:
        view = Game(end.full(), game.components, game.settings, auto_roll=False)
        out.append((view, Fraction(end.p[0], _pow6(end.p[1]))))
    return out
