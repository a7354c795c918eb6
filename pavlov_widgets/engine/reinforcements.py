"""Buying counters for the Reserves box.

Send Reinforcements (2.0, 6 points) and Request Reinforcements (4.0, 2 points from the radio
position) work the same way.

Points buy any mix of Soviet and Weapon counters from the stock at their printed cost; the
counters arrive in Reserves. The player buys one counter at a time and stops when done.
"""

from __future__ import annotations

from typing import Any

from .core import Engine, Option, decision


def affordable(e: Engine, points: int) -> list[str]:
    """Stock counters (Soviet, then weapons, in component order) costing at most ``points``."""
    out = [
        cid
        for cid, c in e.s.soviet.items()
        if c.where == "stock" and e.c.soviet_counters[cid].cost <= points
    ]
    out += [
        wid for wid, where in e.s.weapons.items()
        if where == "stock" and e.c.weapons[wid].cost <= points
    ]
    return out


def start_purchase(e: Engine, points: int, rule: str) -> None:
    """Ask for the first purchase."""
    e.ask("reinforce", f"Reinforcements: {points} points to spend", rule, points=points)


def _cost(e: Engine, cid: str) -> int:
    if cid in e.c.soviet_counters:
        return e.c.soviet_counters[cid].cost
    return e.c.weapons[cid].cost


def _options(e: Engine, p: dict[str, Any]) -> list[Option]:
    opts = []
    for cid in affordable(e, p["points"]):
        kind = "stock-soviet" if cid in e.c.soviet_counters else "stock-weapon"
        opts.append(
            Option(f"buy:{cid}", f"{e.name(cid)} (cost {_cost(e, cid)})", (f"{kind}:{cid}",))
        )
    opts.append(Option("done", f"Done ({p['points']} point(s) unspent)"))
    return opts


@decision("reinforce", _options)
def reinforce(e: Engine, p: dict[str, Any], option: str) -> None:
    """Buy one counter into Reserves, then offer the rest of the points."""
    if option == "done":
        return
    cid = option.split(":", 1)[1]
    if cid in e.c.soviet_counters:
        e.s.soviet[cid].where = "reserves"
    else:
        e.s.weapons[cid] = "reserves"
    points = p["points"] - _cost(e, cid)
    e.log(f"{e.name(cid)} joins the Reserves ({points} point(s) left)", p["rule"])
    if points > 0 and affordable(e, points):
        e.ask("reinforce", f"Reinforcements: {points} points to spend", p["rule"], points=points)
