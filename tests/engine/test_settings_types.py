"""``RuleSettings`` refuses a value of the wrong type or an unknown choice, for every field.

Each field's allowed values are listed in ``settings.CHOICES``; a wrong value raises
``SettingsError`` naming the field and those values. A save's ``options`` are read by
``RuleSettings.from_dict``, which reports the same problems as ``SaveFormatError``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from pavlov_widgets.engine import PavlovError, RuleSettings, SaveFormatError, SettingsError
from pavlov_widgets.engine.settings import CHOICES, VARIANTS

FIELDS = [f.name for f in fields(RuleSettings)]

WRONG_TYPE: dict[type, list[Any]] = {
    bool: ["yes", 1, 0, None, "true"],
    int: [True, 3.0, "3", None],
    str: [1, True, None, ["second"]],
}
"""Values of another type than each kind of field holds (1 is no bool, True no number)."""

UNKNOWN: dict[str, Any] = {
    "forward_observer_dice": 4,
    "victory_table": "third",
    "tactics": "legendary",
}
"""A value of the right type that is no allowed choice, for each non-yes/no field."""


def test_every_field_lists_its_allowed_values_default_first() -> None:
    assert list(CHOICES) == FIELDS
    defaults = RuleSettings()
    for name in FIELDS:
        assert CHOICES[name][0] == getattr(defaults, name), name
        assert len({type(v) for v in CHOICES[name]}) == 1, name
    assert {n for n in FIELDS if type(CHOICES[n][0]) is not bool} == set(UNKNOWN)


@pytest.mark.parametrize("name", FIELDS)
def test_every_allowed_value_is_accepted(name: str) -> None:
    for value in CHOICES[name]:
        settings = RuleSettings(**{name: value})
        assert getattr(settings, name) == value
        assert RuleSettings.from_dict(settings.to_dict()) == settings


@pytest.mark.parametrize("name", FIELDS)
def test_a_value_of_the_wrong_type_is_refused_naming_field_and_values(name: str) -> None:
    kind = type(CHOICES[name][0])
    allowed = ", ".join(repr(v) for v in CHOICES[name])
    for value in WRONG_TYPE[kind]:
        with pytest.raises(SettingsError) as info:
            RuleSettings(**{name: value})
        assert str(info.value) == (
            f"RuleSettings.{name}: must be {kind.__name__}, not {value!r} (allowed: {allowed})"
        )
        assert isinstance(info.value, ValueError) and isinstance(info.value, PavlovError)


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_an_unknown_choice_is_refused_naming_field_and_values(name: str) -> None:
    allowed = ", ".join(repr(v) for v in CHOICES[name])
    with pytest.raises(SettingsError) as info:
        RuleSettings(**{name: UNKNOWN[name]})
    assert str(info.value) == (
        f"RuleSettings.{name}: must be one of {allowed}, not {UNKNOWN[name]!r}"
    )


def test_weapons_eat_yes_is_refused() -> None:
    with pytest.raises(SettingsError, match=r"RuleSettings.weapons_eat: must be bool, not 'yes'"):
        RuleSettings(weapons_eat="yes")  # type: ignore[arg-type]


def test_a_misspelt_choice_suggests_the_nearest() -> None:
    with pytest.raises(SettingsError, match=r"not 'veteren' \(did you mean 'veteran'\?\)"):
        RuleSettings(tactics="veteren")


@pytest.mark.parametrize("name", FIELDS)
def test_from_dict_reports_a_bad_saved_value_as_a_save_format_error(name: str) -> None:
    kind = type(CHOICES[name][0])
    data = {**RuleSettings().to_dict(), name: WRONG_TYPE[kind][0]}
    with pytest.raises(SaveFormatError) as info:
        RuleSettings.from_dict(data)
    assert str(info.value).startswith(f"settings.{name}: must be {kind.__name__}, not ")
    assert "allowed: " in str(info.value)
    if name in UNKNOWN:
        data[name] = UNKNOWN[name]
        with pytest.raises(SaveFormatError, match=rf"settings.{name}: must be one of"):
            RuleSettings.from_dict(data)


def test_for_variant_refuses_unknown_names_with_the_nearest() -> None:
    with pytest.raises(SettingsError, match=r"variant 'vetran' \(did you mean 'veteran'\?\)"):
        RuleSettings.for_variant("vetran")
    with pytest.raises(SettingsError, match=r"setting 'weapon_eat' \(did you mean 'weapons_eat'"):
        RuleSettings.for_variant("base", weapon_eat=True)
    with pytest.raises(SettingsError, match=r"RuleSettings\.weapons_eat: must be bool"):
        RuleSettings.for_variant("elite", weapons_eat="no")
    for name, values in VARIANTS.items():
        settings = RuleSettings.for_variant(name, weapons_eat=True)
        assert settings.weapons_eat and all(getattr(settings, k) == v for k, v in values.items())
