"""Rule options: one record for every point where the printings disagree or the rules are silent.

Defaults follow the 2nd printing (April 2019, the authority). Each field documents the choice
and where it comes from; ``docs/rules-notes.md`` explains them for players.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import SaveFormatError

TACTICS_LEVELS: tuple[str, ...] = ("none", "veteran", "elite")
"""The difficulty levels of variant 7.2."""

VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "operational-support": {"operational_support": True},
    "veteran": {"tactics": "veteran"},
    "elite": {"tactics": "elite"},
    "operational-support+veteran": {"operational_support": True, "tactics": "veteran"},
    "operational-support+elite": {"operational_support": True, "tactics": "elite"},
}
"""Named variants (7.1, 7.2) as option settings: ``RuleSettings.for_variant(name)``."""


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """Choices between printings and readings of the rules (all default to the 2nd printing)."""

    forward_observer_dice: int = 3
    """Dice per Forward Observer target: 3 by the EN rule text (4.0) and RU; 2 by the EN example
    and the 1st printing."""

    victory_table: str = "second"
    """``"second"``: draw −9…0, minor defeat −19…−10, major defeat ≤ −20 (EN 6.0 table).
    ``"first"``: 1st printing, 0 or less is a draw."""

    immediate_loss_no_food: bool = False
    """1st printing: lose when a Resupply card comes with no Food in the house. The 2nd
    printing instead loses when no Soviet counter is left (always on)."""

    weapons_eat: bool = False
    """Whether weapon counters count as mouths at Resupply (rule silent; one published
    walkthrough counts them). Default: only Soviet counters eat (3.0 Resupply)."""

    ju87_shift_removes_tokens: bool = True
    """A bomb shifted to the next higher location (3.0 Bomb Stalingrad, 4–17) resolves there as
    a fresh hit: a non-Disrupted token there is removed rather than a Disrupted token placed."""

    ju87_shift_adds_fog: bool = True
    """A shifted bomb that disrupts 14–17 also adds a Fog of War card, like a direct hit."""

    sapper_on_placement: bool = True
    """A Sapper roll is made when a counter enters a Sapper circle by being placed there as well as
    when pushed into it (3.0 Sapper Defenses speaks of advancing into the location)."""

    operational_support: bool = False
    """Variant 7.1: the Operational Support cards and the 62nd Army CP's extra action."""

    tactics: str = "none"
    """Variant 7.2: ``"none"``, ``"veteran"`` (one Tactics card in play each turn) or
    ``"elite"`` (two)."""

    milk_house_at_bottom: bool = False
    """Put the Milk House card at the bottom of deck 5 (the competitive note implies it comes
    last); by default it is shuffled into deck 5 like any card (Setup 2)."""

    def __post_init__(self) -> None:
        """Check the choices: each names a known reading."""
        if self.forward_observer_dice not in (2, 3):
            raise ValueError("forward_observer_dice must be 2 or 3")
        if self.victory_table not in ("first", "second"):
            raise ValueError("victory_table must be 'first' or 'second'")
        if self.tactics not in TACTICS_LEVELS:
            raise ValueError(f"tactics must be one of {', '.join(TACTICS_LEVELS)}")

    @classmethod
    def for_variant(cls, name: str, **overrides: Any) -> RuleSettings:
        """The options of a named variant (see :data:`VARIANTS`), plus any overrides."""
        if name not in VARIANTS:
            raise ValueError(f"unknown variant {name!r}; known: {', '.join(VARIANTS)}")
        return cls(**{**VARIANTS[name], **overrides})

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> RuleSettings:
        """Options from :meth:`to_dict` output; unknown or mistyped fields raise an error."""
        if not isinstance(data, dict):
            raise SaveFormatError("options: must be an object")
        known = {f.name: f for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                raise SaveFormatError(f"options: unknown field {key!r}")
            default = getattr(cls(), key)
            if type(value) is not type(default):
                raise SaveFormatError(
                    f"options.{key}: must be {type(default).__name__}, not {value!r}"
                )
        try:
            opts = cls(**data)
        except ValueError as exc:
            raise SaveFormatError(f"options: {exc}") from exc
        return opts
