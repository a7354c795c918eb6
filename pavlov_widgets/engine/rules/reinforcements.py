"""Buying counters for the Reserves box.

Send Reinforcements (2.0, 6 points) and Request Reinforcements (4.0, 2 points from the radio
position) work the same way.

Points buy any mix of Soviet and Weapon counters from the stock at their printed cost; the
counters arrive in Reserves. The player buys one counter at a time and stops when done.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from ..actions import DONE, Option
from ..machine import Engine, decision
from ..places import RESERVES_BOX, Counter, Weapon
from ..text import plural


def affordable(e: Engine, points: int) -> list[str]:
    """Stock counters (Soviet, then weapons, in component order) costing at most ``points``."""
    return list(_within(e, points))


def can_afford(e: Engine, points: int) -> bool:
    """Whether any stock counter costs at most ``points`` (:func:`affordable`, stopping early)."""
    return next(_within(e, points), None) is not None


def _within(e: Engine, points: int) -> Iterator[str]:
    specs, weapons = e.c.soviet_counters, e.c.weapons
    for cid, c in e.s.soviet.items():
        if c.where == "stock" and specs[cid].cost <= points:
            yield cid
    for wid, where in e.s.weapons.items():
        if where == "stock" and weapons[wid].cost <= points:
            yield wid


def start_purchase(e: Engine, points: int, rule: str) -> None:
    """Ask for the first purchase."""
    e.ask("reinforce", f"Reinforcements: {plural(points, 'point')} to spend", rule, points=points)


def _cost(e: Engine, cid: str) -> int:
    if cid in e.c.soviet_counters:
        return e.c.soviet_counters[cid].cost
    return e.c.weapons[cid].cost


@cache
def _buy_option(cid: str, name: str, cost: int, kind: str) -> Option:
    """Buying one counter (pure, so memoised: the same stock is offered again and again)."""
    return Option("buy", f"{name} (cost {cost})", (f"{kind}:{cid}",), piece=cid)


@cache
def _done_option(points: int) -> Option:
    return Option(DONE, f"Done ({plural(points, 'point')} unspent)")


def _options(e: Engine, p: dict[str, Any]) -> list[Option]:
    soviet = e.c.soviet_counters
    opts = []
    for cid in affordable(e, p["points"]):
        kind = "stock-soviet" if cid in soviet else "stock-weapon"
        opts.append(_buy_option(cid, e.name(cid), _cost(e, cid), kind))
    opts.append(_done_option(p["points"]))
    return opts


@decision("reinforce", _options)
def reinforce(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Buy one counter into Reserves, then offer the rest of the points."""
    if picked.verb == DONE:
        return
    cid = picked.str_arg("piece")
    if cid in e.c.soviet_counters:
        e.s.soviet[cid].where = "reserves"
        region = Counter(cid).id
    else:
        e.s.weapons[cid] = "reserves"
        region = Weapon(cid).id
    points = p["points"] - _cost(e, cid)
    e.log(f"{e.name(cid)} joins the Reserves ({plural(points, 'point')} left)", p["rule"],
          targets=(region, RESERVES_BOX.id))
    if points > 0 and can_afford(e, points):
        start_purchase(e, points, p["rule"])
