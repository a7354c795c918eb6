"""A rulebook example step by step (``Walkthrough("sniper")``).

The model (:mod:`.model`, no widgets), what one step did (:mod:`.steps`), the board session
(:mod:`.session`) and the widget (:mod:`.widget`).
"""

from .model import (
    DEFAULT_SEED,
    MODE_LABELS,
    MODES,
    Narration,
    Verdict,
    Walkthrough,
    WalkthroughError,
)
from .session import WalkthroughSession
from .widget import WalkthroughWidget

__all__ = [
    "DEFAULT_SEED",
    "MODES",
    "MODE_LABELS",
    "Narration",
    "Verdict",
    "Walkthrough",
    "WalkthroughError",
    "WalkthroughSession",
    "WalkthroughWidget",
]
