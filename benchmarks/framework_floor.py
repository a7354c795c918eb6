"""The framework floor: how fast a game goes when its rules do nothing at all.

Run from the repository root (``python benchmarks/framework_floor.py``). It plays games through
the real machinery — ``Game.new`` with the real setup, ``legal_actions`` / ``apply`` with
their legality check, the step stack, chance steps rolled by the game's own dice, the
history and the log — but every rule step is empty. Each game has the shape of an average
random-policy game of the real engine (162 decisions of 9 options each, 64 rolls, 412 rule
steps and 348 log lines): here 162 decisions of 9 options, 62 one-die rolls, 387 empty steps
and 350 log lines.

The figure is an upper bound for the real engine on the same machine: whatever the rules
themselves cost comes on top. Compare it with ``engine_bench.py``'s random-policy games/s.

It registers its own steps and decision in the engine's registries, so it runs as a script
(in its own process), never imported by the package or the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pavlov_widgets.engine import Game, RuleSettings, default_components
from pavlov_widgets.engine.actions import Option
from pavlov_widgets.engine.machine import Engine, decision, step
from pavlov_widgets.engine.rules.setup import initial_state

DECISIONS = 162
OPTIONS = tuple(Option("move", f"Option {i}", (f"square:G{i}R1",), counter=f"floor-{i}")
                for i in range(9))
ROLL_EVERY = (0, 3, 5, 8, 10)  # decisions (mod 13) followed by a roll: 64 in 162
LOG_EXTRA = (0, 1, 2, 4, 6, 7, 8, 9, 11, 12)  # decisions (mod 13) logging twice: 350 lines
RULE = "4.0 Move"


@step("floor_loop")
def floor_loop(e: Engine, f: dict[str, Any]) -> None:
    """One turn of the loop: count the decision, log, maybe roll, then ask."""
    s = e.s
    s.moves_left += 1
    if s.moves_left > DECISIONS:
        e.lose("no_defenders", "the floor game ends", RULE)
        return
    if s.moves_left % 13 in ROLL_EVERY:
        e.roll(1, {"type": "any", "target": 4}, "A die against Defense 4", RULE, "floor_rolled")
    else:
        e.push("floor_ask")


@step("floor_rolled")
def floor_rolled(e: Engine, f: dict[str, Any]) -> None:
    """After a roll: the step that reads it (and does nothing with it)."""
    e.push("floor_ask")


@step("floor_ask")
def floor_ask(e: Engine, f: dict[str, Any]) -> None:
    """Ask the decision."""
    e.ask("floor_pick", "Pick one", RULE)


def _options(e: Engine, p: dict[str, Any]) -> list[Option]:
    return list(OPTIONS)


@decision("floor_pick", _options)
def floor_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Take the choice (log it, sometimes twice) and go round again."""
    e.log(f"Picked {picked.str_arg('counter')}", RULE)
    if e.s.moves_left % 13 in LOG_EXTRA:
        e.log("A second line", RULE)
    e.push("floor_loop")


def floor_game(seed: int) -> Game:
    """A game dealt as ``Game.new`` deals it, whose stack runs only the empty rules above."""
    components, options = default_components(), RuleSettings()
    state = initial_state(seed, components, options)
    state.stack, state.moves_left = [{"op": "floor_loop"}], 0
    return Game(state, components, options)


def play(seed: int) -> Game:
    """One floor game with uniformly random choices."""
    game = floor_game(seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def main(argv: list[str] | None = None) -> int:
    """Print the floor's games per second (CPU time, median of the runs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per run (100)")
    parser.add_argument("--repeat", type=int, default=5, help="runs to take the median of (5)")
    args = parser.parse_args(argv)
    sample = play(0)
    rolls = sum(1 for e in sample.history if e["kind"] == "roll")
    rates = []
    for _ in range(args.repeat):
        start = time.process_time()
        for seed in range(args.games):
            play(seed)
        rates.append(args.games / (time.process_time() - start))
    print(f"Framework floor: {len(sample.history) - rolls} decisions, {rolls} rolls, "
          f"{len(sample.log)} log lines a game, rules empty")
    print(f"  games/s (CPU, median of {args.repeat}) {statistics.median(rates):8.1f}   "
          f"runs {', '.join(f'{r:.0f}' for r in rates)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
