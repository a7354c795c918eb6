"""Golden seeded playthroughs: write the expected traces (``python tests/golden/regenerate.py``).

Each golden game is a seed plus a deterministic policy (a ``random.Random`` seeded from the
game's name picks among the legal options, preferring to act over passing). Its trace is the
whole game as text: every decision taken (option id and label) followed by the log lines it
caused (text, dice, rule; under a ``== T<turn> <phase>`` heading), and the outcome.
``test_golden.py`` plays the same games with the current engine and fails on any
difference, showing a diff.

When a difference is intended - a rule fixed, a log line reworded, or a reconstructed
component value recalibrated in ``pavlov_widgets/data`` (which changes the games) - run this
script and review the changed ``*.txt`` files in ``git diff`` before committing them.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
if __name__ == "__main__":  # run as a script from a checkout: import the package beside it
    sys.path.insert(0, str(HERE.parent.parent))

from pavlov_widgets.engine import Game, RuleSettings  # noqa: E402

PASSING = frozenset({"end-phase", "actions-done", "moves-done", "done", "decline", "fire",
                     "back", "one", "leave", "spend:0", "accept"})


@dataclass(frozen=True)
class Golden:
    """One golden game: its file name, seed, how eagerly the policy acts, and the rule settings."""

    name: str
    seed: int
    eagerness: float
    settings: RuleSettings = field(default_factory=RuleSettings)

    @property
    def path(self) -> Path:
        """Where its trace is kept."""
        return HERE / f"{self.name}.txt"


GAMES: tuple[Golden, ...] = (
    Golden("seed-23-eager", 23, 0.9),  # lasts all 21 turns
    Golden("seed-1-eager", 1, 0.9),
    Golden("seed-3-uniform", 3, 0.0),
    Golden("seed-4-first-printing", 4, 0.9,
           RuleSettings(forward_observer_dice=2, victory_table="first", weapons_eat=True)),
)
"""The golden games (a handful: each trace is a whole game)."""

MAX_DECISIONS = 5000


def choose(game: Game, rng: random.Random, eagerness: float) -> str:
    """The policy: with probability ``eagerness`` something other than passing, else any."""
    options = [o.id for o in game.legal_actions()]
    active = [o for o in options if o not in PASSING]
    if active and rng.random() < eagerness:
        return rng.choice(active)
    return rng.choice(options)


def trace(golden: Golden) -> str:
    """Play a golden game with the current engine and return its trace."""
    game = Game.new(seed=golden.seed, settings=golden.settings)
    rng = random.Random(golden.name)
    out = [
        f"# golden game {golden.name}: seed {golden.seed}, eagerness {golden.eagerness}",
        f"# options (other than the 2nd printing's) {_changed(golden.settings)}",
        "# regenerate with: python tests/golden/regenerate.py",
    ]
    seen, heading = 0, ""
    for _ in range(MAX_DECISIONS):
        for entry in game.log[seen:]:
            if f"T{entry.turn} {entry.phase}" != heading:
                heading = f"T{entry.turn} {entry.phase}"
                out.append(f"== {heading}")
            dice = f" [dice {' '.join(map(str, entry.dice))}]" if entry.dice else ""
            out.append(f"{entry.text}{dice} ({entry.rule})")
        seen = len(game.log)
        if game.is_over:
            break
        option_id = choose(game, rng, golden.eagerness)
        label = next(o.label for o in game.legal_actions() if o.id == option_id)
        out.append(f"> {option_id}  [{label}]")
        game.apply(option_id)
    else:
        raise RuntimeError(f"{golden.name}: no end after {MAX_DECISIONS} decisions")
    o = game.outcome or {}
    out.append(
        f"= {o.get('result')}: {o.get('level')}, score {o.get('score')} ({o.get('how_text')}),"
        f" turn {game.turn}, {len(game.history)} steps"
    )
    return "\n".join(out) + "\n"


def _changed(options: RuleSettings) -> dict[str, object]:
    default = RuleSettings().to_dict()
    return {k: v for k, v in options.to_dict().items() if v != default[k]}


def main() -> None:
    """Rewrite every golden trace and say which changed."""
    for golden in GAMES:
        text = trace(golden)
        old = golden.path.read_text(encoding="utf-8") if golden.path.exists() else None
        golden.path.write_text(text, encoding="utf-8")
        state = "unchanged" if old == text else ("written" if old is None else "CHANGED")
        print(f"{golden.path.relative_to(HERE.parent.parent)}: {state} "
              f"({text.count(chr(10))} lines)")


if __name__ == "__main__":
    main()
