"""The what-if lab (``Lab()``).

The odds of a roll (:mod:`.model`), of a whole card (:mod:`.card_odds`), comparisons and the
hint (:mod:`.compare`), their charts (:mod:`.charts`), and the lab beside the board
(:mod:`.widget`).
"""

from .card_odds import CardOdds, card_odds
from .charts import ComparisonChart, OddsChart
from .compare import Hint, Plan, compare, hint, stop_workers
from .model import LabError, Odds, odds
from .widget import Lab

__all__ = [
    "CardOdds",
    "ComparisonChart",
    "Hint",
    "Lab",
    "LabError",
    "Odds",
    "OddsChart",
    "Plan",
    "card_odds",
    "compare",
    "hint",
    "odds",
    "stop_workers",
]
