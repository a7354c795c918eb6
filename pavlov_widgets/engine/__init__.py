"""The rules engine of *Pavlov's House*: pure Python, standard library only.

Start with :class:`Game` (``Game.new(seed=1)``); see :mod:`pavlov_widgets.engine.game` for
the decision / chance / undo / save API, :class:`Position` to build any position by name,
:mod:`pavlov_widgets.engine.components` for the component data, and
:mod:`pavlov_widgets.engine.settings` for the rule settings.
"""

from .actions import Option
from .components import Components, default_components, load_components
from .errors import (
    ActionIdError,
    BadDiceError,
    ComponentError,
    DiceScriptExhaustedError,
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
    PavlovError,
    PlaceError,
    PositionError,
    RoleError,
    SaveFormatError,
    SettingsError,
    UnknownScenarioError,
    WrongRoleError,
)
from .explain import Refusal
from .game import Chance, Decision, Game
from .log import LogEntry
from .positions import Position
from .rules.scoring import Score, victory_level
from .settings import RuleSettings

__all__ = [
    "ActionIdError",
    "BadDiceError",
    "Chance",
    "ComponentError",
    "Components",
    "Decision",
    "DiceScriptExhaustedError",
    "Game",
    "IllegalActionError",
    "LogEntry",
    "NotAChanceStepError",
    "NothingToUndoError",
    "Option",
    "PavlovError",
    "PlaceError",
    "Position",
    "PositionError",
    "Refusal",
    "RoleError",
    "RuleSettings",
    "SaveFormatError",
    "Score",
    "SettingsError",
    "UnknownScenarioError",
    "WrongRoleError",
    "default_components",
    "load_components",
    "victory_level",
]
