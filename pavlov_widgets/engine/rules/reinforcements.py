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
from ..i18n import _, language, ngettext
from ..machine import Engine, decision
from ..places import RESERVES_BOX, Counter, Weapon


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
    e.ask("reinforce",
          ngettext("Reinforcements: {count} point to spend",
                   "Reinforcements: {count} points to spend", points).format(count=points),
          rule, points=points)


def _cost(e: Engine, cid: str) -> int:
    if cid in e.c.soviet_counters:
        return e.c.soviet_counters[cid].cost
    return e.c.weapons[cid].cost


@cache
def _buy_option(cid: str, name: str, cost: int, kind: str, lang: str) -> Option:
    """Buying one counter (pure, so memoised: the same stock is offered again and again)."""
    # ``lang`` (the language now) is in the memo's key: a label is in one language
    return Option("buy", _("{name} (cost {cost})").format(name=name, cost=cost),
                  (f"{kind}:{cid}",), piece=cid)


@cache
def _done_option(points: int, lang: str) -> Option:
    label = ngettext("Done ({count} point unspent)", "Done ({count} points unspent)",
                     points).format(count=points)
    return Option(DONE, label)


def _options(e: Engine, p: dict[str, Any]) -> list[Option]:
    soviet = e.c.soviet_counters
    lang = language()
    opts = []
    for cid in affordable(e, p["points"]):
        kind = "stock-soviet" if cid in soviet else "stock-weapon"
        opts.append(_buy_option(cid, e.name(cid), _cost(e, cid), kind, lang))
    opts.append(_done_option(p["points"], lang))
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
    e.log(ngettext("{name} joins the Reserves ({count} point left)",
                   "{name} joins the Reserves ({count} points left)",
                   points).format(name=e.name(cid), count=points),
          p["rule"], targets=(region, RESERVES_BOX.id))
    if points > 0 and can_afford(e, points):
        start_purchase(e, points, p["rule"])
