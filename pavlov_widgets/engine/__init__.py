"""The rules engine of *Pavlov's House*: pure Python, standard library only.

Start with :class:`Game` (``Game.new(seed=1)``); see :mod:`pavlov_widgets.engine.game` for
the decision / chance / undo / save API, :mod:`pavlov_widgets.engine.components` for the
component data, and :mod:`pavlov_widgets.engine.settings` for the rule options.
"""

from .components import Components, default_components, load_components
from .errors import (
    BadDiceError,
    ComponentError,
    DiceScriptExhaustedError,
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
    PavlovError,
    SaveFormatError,
    UnknownScenarioError,
)
from .game import Chance, Decision, Game
from .machine import LogEntry, Option
from .rules.scoring import Score, victory_level
from .settings import RuleSettings

__all__ = [
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
    "RuleSettings",
    "SaveFormatError",
    "Score",
    "UnknownScenarioError",
    "default_components",
    "load_components",
    "victory_level",
]
