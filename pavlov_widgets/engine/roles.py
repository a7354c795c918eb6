"""Who decides what: the players' roles of the two-player variants (7.3, 7.4).

A game's roles come from its :class:`~pavlov_widgets.engine.settings.RuleSettings`:

========================================  ==========================================
settings                                  roles (:func:`game_roles`)
========================================  ==========================================
solo (the base game, 7.1, 7.2)            ``("soviet",)``
``cooperative`` (7.3)                     ``("operations", "house")``
``competitive`` (7.4, two players)        ``("soviet", "german")``
``competitive`` + ``cooperative`` (7.4,   ``("operations", "house", "german")``
three players)
========================================  ==========================================

Our reading of 7.3: the **operations** commander takes every decision of the Soviet Card
Phase (a Storm Group raid launched there included), the **house** commander every decision
of the Soviet Counter Phase, and either may take the decisions the Wehrmacht cards ask of the
defenders (Anti-aircraft fire, Suppression tokens spent, who starves, who is hit, First Aid)
and those of the end of the game (the free Milk House raid, 6.0). The **german** player of
7.4 takes the decisions of the Wehrmacht Planning phase; nothing else asks the German player
(the cards themselves are resolved by the dice).

    >>> from pavlov_widgets.engine import Game, RuleSettings
    >>> game = Game.new(seed=1, settings=RuleSettings.for_variant("cooperative"))
    >>> game.roles, game.roles_to_decide()
    (('operations', 'house'), ('operations',))
"""

from __future__ import annotations

from .i18n import N_, _
from .settings import RuleSettings
from .text import either

ROLES: tuple[str, ...] = ("soviet", "operations", "house", "german")
"""Every role a game may have."""

SIDES: tuple[str, ...] = ("soviet", "german")
"""The two sides: every role plays one of them (:func:`side_of`)."""

ROLE_NAMES: dict[str, str] = {
    # TRANSLATORS: a player's role (7.3, 7.4), as in "Waiting for the Soviet player"
    "soviet": N_("the Soviet player"),
    # TRANSLATORS: a player's role in the cooperative game (7.3): the one who plays the cards
    "operations": N_("the operations commander"),
    # TRANSLATORS: a player's role in the cooperative game (7.3): the one who plays the counters
    "house": N_("the house commander"),
    # TRANSLATORS: a player's role in the competitive game (7.4)
    "german": N_("the German player"),
}
"""A person's name for each role, in English: :func:`role_name` gives it in the language now."""


def role_name(role: str) -> str:
    """A person's name for ``role`` in the language now ("the house commander")."""
    return _(ROLE_NAMES[role])

GERMAN_DECISIONS: frozenset[str] = frozenset({"plan_order", "plan_tactics"})
"""The decisions of the Wehrmacht Planning phase (7.4), the German player's."""

COOPERATIVE_RULE = "7.3 Cooperative (Two Players)"
COMPETITIVE_RULE = "7.4 Competitive"


def game_roles(settings: RuleSettings) -> tuple[str, ...]:
    """The roles of a game with these settings (see the module's table)."""
    soviet = ("operations", "house") if settings.cooperative else ("soviet",)
    return (*soviet, "german") if settings.competitive else soviet


def side_of(role: str) -> str:
    """The side a role plays: ``"german"`` for the German player, else ``"soviet"``.

    Raises:
        ValueError: an unknown role (the known roles are listed).
    """
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
    return "german" if role == "german" else "soviet"


def deciders(settings: RuleSettings, phase: str, op: str) -> tuple[str, ...]:
    """The roles that may take decision ``op`` asked in ``phase`` (7.3, 7.4)."""
    if op in GERMAN_DECISIONS:
        return ("german",)
    if not settings.cooperative:
        return ("soviet",)
    if phase == "soviet_cards":
        return ("operations",)
    if phase in ("counter_moves", "counter_actions"):
        return ("house",)
    return ("operations", "house")


def rule_of(settings: RuleSettings, op: str) -> str:
    """The section that gives a decision to its roles (7.3 or 7.4)."""
    if op in GERMAN_DECISIONS or not settings.cooperative:
        return COMPETITIVE_RULE
    return COOPERATIVE_RULE


def names(roles: tuple[str, ...]) -> str:
    """``"the operations commander or the house commander"``, in the language now."""
    return either([role_name(r) for r in roles])
