"""Rule settings: one record for every point where the printings disagree or the rules are silent.

Defaults follow the 2nd printing (April 2019, the authority). Each field documents the choice
and where it comes from; ``docs/rules-notes.md`` explains them for players.
"""

from __future__ import annotations

import difflib
from dataclasses import asdict, dataclass, fields
from typing import Any

from .errors import SaveFormatError, SettingsError

TACTICS_LEVELS: tuple[str, ...] = ("none", "veteran", "elite")
"""The difficulty levels of variant 7.2."""

VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "operational-support": {"operational_support": True},
    "veteran": {"tactics": "veteran"},
    "elite": {"tactics": "elite"},
    "operational-support+veteran": {"operational_support": True, "tactics": "veteran"},
    "operational-support+elite": {"operational_support": True, "tactics": "elite"},
    "cooperative": {"cooperative": True},
    "competitive": {"competitive": True},
    "competitive-three": {"competitive": True, "cooperative": True},
}
"""Named variants (7.1-7.4) as rule settings: ``RuleSettings.for_variant(name)``.

``"cooperative"`` is 7.3 (the Soviet side split between two players), ``"competitive"`` is
7.4 with one Soviet player and ``"competitive-three"`` is 7.4 with the Soviet side split as in
7.3 (three players)."""


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """Choices between printings and readings of the rules (all default to the 2nd printing).

    Every value is checked when the record is made: a value of the wrong type or an unknown
    choice raises :class:`~pavlov_widgets.engine.errors.SettingsError` naming the field and
    the values it allows (:data:`CHOICES`), e.g. ``RuleSettings(weapons_eat="yes")``.
    """

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
    """Put the Milk House card at the bottom of deck 5 in the solo and cooperative games; by
    default it is shuffled into deck 5 like any card (Setup 2). The competitive variant always
    puts it at the bottom (the 7.4 Note, read in ``docs/rules-notes.md``)."""

    cooperative: bool = False
    """Variant 7.3: the Soviet side is played by two people, the operations commander (the
    Soviet Card Phase) and the house commander (the Soviet Counter Phase); either may decide
    what the Wehrmacht cards ask. With :attr:`competitive` on, it makes the three-player game
    of 7.4. Who may decide what: :mod:`pavlov_widgets.engine.roles`."""

    competitive: bool = False
    """Variant 7.4: a German player plans the Wehrmacht cards (the Wehrmacht Planning phase),
    with the Competitive Riflemen card in deck 1 and the Tactics cards of 7.4 (so
    :attr:`tactics` stays ``"none"``)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> RuleSettings:
        """Refuse an unknown setting name, or more values than settings, before any is set.

        Raises:
            SettingsError: the name is not a setting (the nearest is suggested; the
                settings are listed), or a setting is given twice.
        """
        names = list(CHOICES)
        if len(args) > len(names):
            raise SettingsError(f"RuleSettings takes at most {len(names)} settings, "
                                f"not {len(args)}; name them: {', '.join(names)}")
        for key in kwargs:
            if key not in CHOICES:
                raise SettingsError(_no_setting(key))
            if key in names[:len(args)]:
                raise SettingsError(f"RuleSettings.{key}: given twice, by position and by name")
        # the dataclass is remade with slots, so ``super()`` would name the old class
        return object.__new__(cls)

    def __post_init__(self) -> None:
        """Refuse a value of the wrong type or an unknown choice, naming the field.

        Raises:
            SettingsError: the first field whose value is not one of :data:`CHOICES`, or a
                Tactics level (7.2) asked for with the competitive variant (7.4), which deals
                the Tactics cards its own way.
        """
        for f in fields(self):
            problem = value_problem(f.name, getattr(self, f.name))
            if problem:
                raise SettingsError(f"RuleSettings.{f.name}: {problem}")
        if self.competitive and self.tactics != "none":
            raise SettingsError(
                f"RuleSettings.tactics: must be 'none' with competitive=True, not "
                f"{self.tactics!r}: the German player chooses one Tactics card a turn "
                "(7.4 Competitive), in place of the Veteran or Elite deal (7.2)"
            )

    @property
    def variant_rules(self) -> tuple[str, ...]:
        """The sections of 7.0 these settings turn on, e.g. ``("7.3", "7.4")``."""
        on = [("7.1", self.operational_support), ("7.2", self.tactics != "none"),
              ("7.3", self.cooperative), ("7.4", self.competitive)]
        return tuple(section for section, flag in on if flag)

    @classmethod
    def for_variant(cls, name: str, **overrides: Any) -> RuleSettings:
        """The settings of a named variant (see :data:`VARIANTS`), plus any overrides.

        Raises:
            SettingsError: an unknown variant or setting name (the nearest is suggested), or
                a value that is not one of :data:`CHOICES`.
        """
        if not isinstance(name, str) or name not in VARIANTS:
            raise SettingsError(
                f"unknown variant {name!r}{_nearest(str(name), VARIANTS)}; known: "
                f"{', '.join(VARIANTS)}"
            )
        for key in overrides:
            if key not in CHOICES:
                raise SettingsError(_no_setting(key))
        return cls(**{**VARIANTS[name], **overrides})

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON data (a save's ``settings``)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any, where: str = "settings") -> RuleSettings:
        """Settings from :meth:`to_dict` output (a save's ``settings``).

        ``where`` names the data in a message: ``"settings"``, or ``"options"`` for the key
        that saves made before the rename used.

        Raises:
            SaveFormatError: not an object, an unknown field, or a value that is not one of
                :data:`CHOICES` (the message names ``<where>.<field>``).
        """
        if not isinstance(data, dict):
            raise SaveFormatError(f"{where}: must be an object")
        for key, value in data.items():
            if key not in CHOICES:
                raise SaveFormatError(f"{where}: unknown field {key!r}")
            problem = value_problem(key, value)
            if problem:
                raise SaveFormatError(f"{where}.{key}: {problem}")
        try:
            return cls(**data)
        except SettingsError as exc:  # every field was checked above: the pairs remain
            raise SaveFormatError(f"{where}: {exc}") from exc


CHOICES: dict[str, tuple[Any, ...]] = {
    "forward_observer_dice": (3, 2),
    "victory_table": ("second", "first"),
    "immediate_loss_no_food": (False, True),
    "weapons_eat": (False, True),
    "ju87_shift_removes_tokens": (True, False),
    "ju87_shift_adds_fog": (True, False),
    "sapper_on_placement": (True, False),
    "operational_support": (False, True),
    "tactics": TACTICS_LEVELS,
    "milk_house_at_bottom": (False, True),
    "cooperative": (False, True),
    "competitive": (False, True),
}
"""The values each setting of :class:`RuleSettings` allows, the default first (every value
of one type: ``True`` is no number and ``2.0`` no dice count)."""


def value_problem(name: str, value: Any) -> str:
    """What is wrong with ``value`` for the setting ``name`` ("" when it is allowed).

    The text names the type and the allowed values, e.g. ``must be bool, not 'yes'
    (allowed: False, True)``; :class:`RuleSettings` and :meth:`RuleSettings.from_dict` put
    the field's name in front.
    """
    allowed = CHOICES[name]
    kind = type(allowed[0])
    listed = ", ".join(repr(v) for v in allowed)
    if type(value) is not kind:
        return f"must be {kind.__name__}, not {value!r} (allowed: {listed})"
    if value not in allowed:
        return f"must be one of {listed}, not {value!r}{_nearest(str(value), allowed)}"
    return ""


def _no_setting(key: object) -> str:
    """The message for a name that is no setting, with the nearest and the list of settings."""
    return (f"RuleSettings has no setting {key!r}{_nearest(str(key), CHOICES)}; "
            f"settings: {', '.join(CHOICES)}")


def _nearest(word: str, known: Any) -> str:
    """``"; did you mean 'x'?"`` for the nearest known name, or "" when none is close."""
    names = [str(k) for k in known]
    close = difflib.get_close_matches(word, names, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
