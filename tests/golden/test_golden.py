"""Golden seeded playthroughs: the engine must play each golden game exactly as recorded.

The traces in ``tests/golden/*.txt`` hold every decision, log line, die and rule cited.

A difference fails with a readable diff. If it is intended - a rule fixed, a log line
reworded, or a reconstructed component value recalibrated (which legitimately changes the
games) - regenerate the traces with ``python tests/golden/regenerate.py`` and review them in
``git diff`` before committing.
"""

from __future__ import annotations

import difflib

import pytest

from pavlov_widgets.engine import Game

from .regenerate import GAMES, Golden, trace

MAX_DIFF_LINES = 80


@pytest.mark.parametrize("golden", GAMES, ids=[g.name for g in GAMES])
def test_golden_playthrough(golden: Golden) -> None:
    assert golden.path.exists(), (
        f"{golden.path.name} is missing: run `python tests/golden/regenerate.py`"
    )
    expected = golden.path.read_text(encoding="utf-8")
    actual = trace(golden)
    if actual != expected:
        diff = list(difflib.unified_diff(
            expected.splitlines(), actual.splitlines(),
            f"tests/golden/{golden.path.name} (recorded)", "current engine", lineterm="", n=2,
        ))
        shown = "\n".join(diff[:MAX_DIFF_LINES])
        hidden = len(diff) - MAX_DIFF_LINES
        more = f"\n... {hidden} more diff lines" if hidden > 0 else ""
        pytest.fail(
            f"the engine no longer plays golden game {golden.name} as recorded:\n{shown}{more}\n"
            "If the change is intended (a rule fix, a reworded log line, recalibrated "
            "components), run `python tests/golden/regenerate.py` and review `git diff`.",
            pytrace=False,
        )


def test_golden_games_are_whole_and_varied() -> None:
    """The traces are complete games and between them show the main turns of play."""
    texts = {g.name: g.path.read_text(encoding="utf-8") for g in GAMES if g.path.exists()}
    assert len(texts) == len(GAMES)
    for name, text in texts.items():
        lines = text.splitlines()
        assert lines[-1].startswith("= "), f"{name} does not end with an outcome"
        assert any(line.startswith("> ") for line in lines), name
    joined = "\n".join(texts.values())
    for rule in ("(2.1 Draw Four Cards)", "(3.0 Place Wehrmacht Counter)", "(4.0 Move)",
                 "(3.0 Special Cards: Resupply)", "(3.0 Bomb Stalingrad)"):
        assert rule in joined, f"no golden game cites {rule}"


def test_golden_game_replays_from_its_save() -> None:
    golden = GAMES[0]
    game = Game.new(seed=golden.seed, settings=golden.settings)
    text = trace(golden)
    choices = [line[2:].split("  [")[0] for line in text.splitlines() if line.startswith("> ")]
    for option_id in choices:
        game.apply(option_id)
    assert game.is_over
    again = Game.from_json(game.to_json())
    assert [str(e) for e in again.log] == [str(e) for e in game.log]
    logged = [line for line in text.splitlines() if not line.startswith(("#", ">", "="))]
    assert len(logged) == len(game.log)
    assert all(str(e).endswith(line) for e, line in zip(game.log, logged, strict=True))
