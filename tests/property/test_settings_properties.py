"""Rule settings (``RuleSettings``): any input gives settings or a SettingsError/SaveFormatError.

Covers ``RuleSettings(...)`` by position and by name, ``RuleSettings.for_variant(name,
**overrides)``, ``RuleSettings.from_dict`` and ``to_dict``: what succeeds round-trips, what
is refused is refused with the engine's error naming the setting (issue 20).
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from pavlov_widgets.engine import RuleSettings, SaveFormatError, SettingsError
from pavlov_widgets.engine.settings import CHOICES, VARIANTS

from .strategies import junk, typed

names = typed(CHOICES)
values = st.one_of(st.sampled_from([v for vs in CHOICES.values() for v in vs]), junk)
overrides = st.dictionaries(names.filter(lambda k: isinstance(k, str)), values, max_size=4)


@given(st.lists(values, max_size=13), overrides)
@example([], {"tactic": "elite"})
@example([3], {"forward_observer_dice": 2})
def test_the_constructor_gives_settings_or_a_settings_error(
    args: list[Any], kwargs: dict[str, Any]
) -> None:
    try:
        made = RuleSettings(*args, **kwargs)
    except SettingsError as exc:
        assert str(exc)
    else:
        assert RuleSettings.from_dict(made.to_dict()) == made


@given(typed(VARIANTS), overrides)
@example(None, {})
@example(["x"], {})
@example("competitive", {"tactics": "elite"})
def test_for_variant_gives_settings_or_a_settings_error(name: Any, kwargs: dict[str, Any]) -> None:
    try:
        made = RuleSettings.for_variant(name, **kwargs)
    except SettingsError as exc:
        assert str(exc)
    else:
        assert made.to_dict() == {**RuleSettings().to_dict(), **VARIANTS[name], **kwargs}


@given(st.one_of(overrides, junk))
def test_from_dict_gives_settings_or_a_save_format_error_naming_the_field(data: Any) -> None:
    try:
        made = RuleSettings.from_dict(data)
    except SaveFormatError as exc:
        assert str(exc).startswith("settings")
    else:
        assert made.to_dict() == {**RuleSettings().to_dict(), **data}
