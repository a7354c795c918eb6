"""The rules engine of *Pavlov's House*: pure Python, standard library only.

Start with :class:`Game` (``Game.new(seed=1)``); see :mod:`pavlov_widgets.engine.game` for
the decision / chance / undo / save API, :mod:`pavlov_widgets.engine.components` for the
component data, and :mod:`pavlov_widgets.engine.options` for the rule options.
"""

from .components import Components, default_components, load_components
from .core import LogEntry, Option
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
from .options import RuleOptions
from .scoring import Score, victory_level

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
    "RuleOptions",
    "SaveFormatError",
    "Score",
    "UnknownScenarioError",
    "default_components",
    "load_components",
    "victory_level",
]
