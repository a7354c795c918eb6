"""The simulator and its command line: statistics, reproducibility, errors, variants.

``python -m pavlov_widgets simulate --games N --seed S --policy {random,heuristic}
[--variant V] [--json] [--check]``: the text report, the JSON object, argument errors (exit
status 2), and an engine error (exit status 1, with the seed and the choices that
reproduce it).
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from pavlov_widgets.__main__ import main
from pavlov_widgets.engine import Game, IllegalActionError, Option, RuleSettings
from pavlov_widgets.engine import machine as engine_core
from pavlov_widgets.engine.settings import VARIANTS
from pavlov_widgets.sim import (
    RandomPolicy,
    SimulationError,
    Summary,
    play_game,
    play_to_end,
    policy_rng,
    replay,
    simulate,
)
from pavlov_widgets.sim import cli as sim_cli
from pavlov_widgets.sim import policies as policies_mod
from pavlov_widgets.sim.simulate import LEVELS, LOSS_TEXT, GameResult, run_game


@pytest.fixture(scope="module")
def random_run() -> Summary:
    """Forty random games from seed 100."""
    return simulate(40, seed=100, policy="random")


def test_summary_adds_up(random_run: Summary) -> None:
    """Results, levels and loss causes each account for every game exactly once."""
    s = random_run
    assert s.games == 40
    assert s.count("win") + s.count("draw") + s.count("loss") == 40
    assert sum(s.levels.values()) == 40
    assert list(s.levels)[: len(LEVELS)] == list(LEVELS)
    assert sum(v["count"] for v in s.losses().values()) == s.count("loss")
    for cause, info in s.losses().items():
        assert info["text"] == LOSS_TEXT[cause]
        assert sum(info["by_turn"].values()) == info["count"]
    stats = s.score_stats()
    assert stats["min"] <= stats["q1"] <= stats["median"] <= stats["q3"] <= stats["max"]
    assert 1 <= s.mean_turns <= 21
    assert [r.seed for r in s.results] == list(range(100, 140))


def test_summary_json_has_every_figure(random_run: Summary) -> None:
    """to_dict() is plain JSON with the figures of the text report."""
    data = json.loads(json.dumps(random_run.to_dict()))
    assert set(data) >= {"games", "seed", "policy", "variant", "results", "rates", "levels",
                         "score", "losses", "mean_turns", "mean_decisions", "games_per_s"}
    assert data["results"]["loss"] == random_run.count("loss")
    assert set(data["score"]) == {"mean", "q1", "median", "q3", "min", "max"}


def test_runs_are_reproducible() -> None:
    """The same seeds and policy give the same games, result for result."""
    a = simulate(8, seed=3, policy="heuristic")
    b = simulate(8, seed=3, policy="heuristic")
    assert a.results == b.results
    assert a.results != simulate(8, seed=4, policy="heuristic").results


def test_one_game_of_a_run_replays_alone() -> None:
    """Game i of a run is the game dealt from seed S + i, whatever came before it."""
    run = simulate(5, seed=50, policy="heuristic")
    assert play_game(53, "heuristic") == run.results[3]


def test_game_result_reads_the_outcome() -> None:
    """A finished game's outcome becomes a GameResult; an unfinished game is refused."""
    game = run_game(9, "random")
    result = GameResult.from_game(game, 9)
    assert result.score == game.outcome["score"]  # type: ignore[index]
    assert result.loss_cause in (None, *LOSS_TEXT)
    with pytest.raises(ValueError, match="not over"):
        GameResult.from_game(Game.new(seed=1), 1)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"games": 0}, "games must be"),
    ({"games": 2, "seed": -1}, "seed must be"),
    ({"games": 2, "variant": "nightmare"}, "unknown variant"),
    ({"games": 2, "policy": "clever"}, "unknown policy"),
    ({"games": 2, "jobs": 0}, "jobs must be"),
    ({"games": 2, "jobs": True}, "jobs must be"),
])
def test_simulate_refuses_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    """Bad arguments raise ValueError naming what is wrong."""
    with pytest.raises(ValueError, match=message):
        simulate(**kwargs)


def test_a_failing_policy_names_seed_and_choices() -> None:
    """An error in a game stops the run with the seed and choices that reproduce it."""

    def flaky(game: Game, rng: random.Random) -> Option:
        if game.turn == 3:
            raise RuntimeError("policy gave up")
        return game.legal_actions()[-1]

    with pytest.raises(SimulationError) as info:
        simulate(3, seed=70, policy=flaky)
    err = info.value
    assert err.seed == 70 and err.policy == "flaky"
    assert "policy gave up" in str(err) and "seed 70" in str(err)
    assert err.choices and all(isinstance(c, str) for c in err.choices)
    again = replay(err.seed, err.choices, err.settings)
    assert again.turn == 3  # the position where the policy failed
    report = err.report()
    assert "--seed 70" in report and "choices" in report and "RuntimeError" in report


def test_an_illegal_choice_is_an_error() -> None:
    """A policy returning something that is not a legal option is reported, not played."""
    with pytest.raises(SimulationError, match="not an Option or an option id"):
        simulate(1, policy=lambda game, rng: 42)  # type: ignore[arg-type,return-value]
    with pytest.raises(SimulationError, match="illegal action"):
        simulate(1, policy=lambda game, rng: Option("to", "?", (), place="nowhere"))
    with pytest.raises(SimulationError, match="illegal action"):
        simulate(1, policy=lambda game, rng: "to:nowhere")


# --- the one playout loop -------------------------------------------------------------------


def test_play_to_end_takes_options_or_their_ids_and_records_every_choice() -> None:
    """A policy may answer with an Option or its id; both play the same game (policies API)."""

    def by_option(game: Game, rng: random.Random) -> Option:
        return rng.choice(game.legal_actions())

    def by_id(game: Game, rng: random.Random) -> str:
        return rng.choice(game.legal_ids())

    made: dict[str, list[str]] = {"option": [], "id": []}
    games = {}
    for name, policy in (("option", by_option), ("id", by_id)):
        games[name] = play_to_end(Game.new(seed=12), policy, policy_rng(12, "same"),
                                  choices=made[name])
    assert games["option"].is_over and made["option"] == made["id"]
    assert made["id"] == [e["value"] for e in games["id"].history if e["kind"] == "choose"]
    assert games["option"].state.to_dict() == games["id"].state.to_dict()


def test_play_to_end_checks_after_every_decision_and_stops_a_game_that_never_ends() -> None:
    """``check`` sees every position after a choice; ``max_decisions`` bounds a looping policy."""
    seen: list[int] = []
    game = play_to_end(Game.new(seed=3), lambda g, rng: g.legal_ids()[0], random.Random(0),
                       check=lambda g: seen.append(g.rev))
    assert len(seen) == sum(1 for e in game.history if e["kind"] == "choose")
    with pytest.raises(RuntimeError, match="did not end after 5 decisions"):
        play_to_end(Game.new(seed=3), lambda g, rng: g.legal_ids()[0], random.Random(0),
                    max_decisions=5)


def test_play_to_end_rolls_step_by_step_the_same_game_as_auto_roll() -> None:
    """With auto_roll off each roll is a step (checked too), from the game's own dice."""
    steps: list[str] = []
    stepwise = play_to_end(
        Game.new(seed=9, auto_roll=False), RandomPolicy(), policy_rng(9, "random"),
        check=lambda g: steps.append("step"))
    auto = play_to_end(Game.new(seed=9), RandomPolicy(), policy_rng(9, "random"))
    assert stepwise.state.to_dict() == auto.state.to_dict()
    assert [e["value"] for e in stepwise.history] == [e["value"] for e in auto.history]
    assert len(steps) == len(stepwise.history)


def test_play_to_end_refuses_an_illegal_id_and_leaves_the_game_as_it_was() -> None:
    """An illegal choice raises the engine's error (the game is unchanged: 'Checked entry')."""
    game = Game.new(seed=4)
    before = game.state.to_dict()
    made: list[str] = []
    with pytest.raises(IllegalActionError):
        play_to_end(game, lambda g, rng: "move:nobody", random.Random(0), choices=made)
    assert made == ["move:nobody"] and game.state.to_dict() == before



def test_an_engine_error_is_reported_with_its_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing rule step ends the game with SimulationError; its choices fail again.

    Replaying the choices with the same (broken) engine raises the same error.
    """

    def broken(e: Any, f: dict[str, Any]) -> None:
        raise KeyError("a rule bug")

    monkeypatch.setitem(engine_core.STEPS, "turn_end", broken)
    with pytest.raises(SimulationError, match="KeyError") as info:
        simulate(2, seed=5, policy="random")
    err = info.value
    assert err.seed == 5 and err.history
    with pytest.raises(KeyError, match="a rule bug"):
        replay(err.seed, err.choices, err.settings)  # the last choice is the failing one


# --- the command line ---------------------------------------------------------------------


def test_cli_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    """The text report shows every figure the issue asks for."""
    assert main(["simulate", "--games", "6", "--seed", "2", "--policy", "random"]) == 0
    out = capsys.readouterr().out
    for needle in ("6 games, policy random, variant base, seeds 2-7", "Results:", "wins",
                   "draws", "losses", "Victory levels (6.0):", "Epic Victory",
                   "Immediate Defeat", "Score: mean", "quartiles", "How games were lost",
                   "median turn", "Mean turns:", "games/s"):
        assert needle in out, needle


def test_cli_json_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints exactly one JSON object with the same figures."""
    assert main(["simulate", "-n", "4", "-s", "9", "-p", "heuristic", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["policy"] == "heuristic" and data["seeds"] == [9, 12]
    assert data == {**data, "variant": "base"}


def test_cli_checks_invariants_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    """--check runs the invariant checker after every decision."""
    assert main(["simulate", "--games", "3", "--check", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_cli_accepts_every_variant_the_engine_knows(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--variant takes its choices from the engine (RuleSettings.for_variant)."""
    assert sim_cli.variant_names()[0] == "base"
    assert set(sim_cli.variant_names()) == set(VARIANTS)
    assert main(["simulate", "--games", "1", "--variant", variant, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == variant


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "--games", "0"], "must be at least 1"),
    (["simulate", "--games", "many"], "not a whole number"),
    (["simulate", "--seed", "-3"], "must be 0 or more"),
    (["simulate", "--policy", "clever"], "invalid choice: 'clever'"),
    (["simulate", "--variant", "nightmare"], "invalid choice: 'nightmare'"),
    ([], "required"),
])
def test_cli_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad arguments exit with status 2 and say what is wrong."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert message in capsys.readouterr().err


def test_cli_engine_error_exits_1_with_the_reproduction(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An engine error: exit status 1, with everything needed to reproduce it.

    The seed, the command and the choices go to stderr; with --json an error object goes to
    stdout.
    """

    def broken(e: Any, f: dict[str, Any]) -> None:
        raise RuntimeError("rule machine broke")

    monkeypatch.setitem(engine_core.STEPS, "counter_phase", broken)
    assert main(["simulate", "--games", "3", "--seed", "40", "--json"]) == 1
    captured = capsys.readouterr()
    assert "seed 40" in captured.err and "rule machine broke" in captured.err
    assert "python -m pavlov_widgets simulate --games 1 --seed 40 --policy random" in (
        captured.err)
    error = json.loads(captured.out)
    assert error["seed"] == 40 and error["choices"] and "RuntimeError" in error["error"]


def test_cli_knows_new_policies(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The --policy choices come from POLICIES, so a registered policy is usable at once."""

    class Passive:
        name = "passive"

        def __call__(self, game: Game, rng: random.Random) -> Option:
            return game.legal_actions()[-1]

    monkeypatch.setitem(policies_mod.POLICIES, "passive", Passive)
    assert main(["simulate", "--games", "2", "--policy", "passive", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["policy"] == "passive"


def test_progress_bar_on_a_terminal() -> None:
    """On a terminal a progress bar is drawn (and then cleared) on stderr."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out, err = io.StringIO(), Terminal()
    args = sim_cli_args(games=3)
    assert sim_cli.run(args, out=out, err=err) == 0
    assert "[" in err.getvalue() and "3/3 games" in err.getvalue()
    assert "Results:" in out.getvalue()


def sim_cli_args(**overrides: Any) -> Any:
    """Parsed ``simulate`` arguments with overrides."""
    import argparse

    parser = argparse.ArgumentParser()
    sim_cli.add_arguments(parser)
    args = parser.parse_args([])
    for key, value in overrides.items():
        setattr(args, key, value)
    return args


def test_python_dash_m_runs_from_a_fresh_interpreter() -> None:
    """``python -m pavlov_widgets simulate`` works as a real command."""
    proc = subprocess.run(
        [sys.executable, "-m", "pavlov_widgets", "simulate", "--games", "2", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 2


def test_variant_options_are_the_engines() -> None:
    """A run with a variant plays with RuleSettings.for_variant of that name."""
    run = simulate(1, seed=1, variant="veteran")
    assert run.variant == "veteran"
    assert RuleSettings.for_variant("veteran").tactics == "veteran"


# --- several processes ----------------------------------------------------------------------


class GivesUpOnTurn3:
    """A policy (a module-level class, so another process can receive it) that fails."""

    name = "gives-up"

    def __call__(self, game: Game, rng: random.Random) -> Option:
        if game.turn == 3:
            raise RuntimeError("policy gave up")
        return game.legal_actions()[-1]


def test_several_processes_give_the_same_games(random_run: Summary) -> None:
    """jobs=2 plays the very same games: every result, in seed order."""
    shared = simulate(40, seed=100, policy="random", jobs=2)
    assert shared.results == random_run.results
    assert shared.jobs == 2 and random_run.jobs == 1
    assert {k: v for k, v in shared.to_dict().items() if k not in ("elapsed_s", "games_per_s",
                                                                 "jobs")} == {
        k: v for k, v in random_run.to_dict().items() if k not in ("elapsed_s", "games_per_s",
                                                                 "jobs")}


def test_progress_reaches_the_total_with_several_processes() -> None:
    seen: list[tuple[int, int]] = []
    simulate(30, seed=5, policy="random", jobs=2, progress=lambda done, total: seen.append(
        (done, total)))
    assert seen[-1] == (30, 30)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_an_error_in_another_process_is_the_same_error() -> None:
    """The first failing seed's error crosses back whole: seed, choices, traceback."""
    with pytest.raises(SimulationError) as alone:
        simulate(4, seed=70, policy=GivesUpOnTurn3())
    with pytest.raises(SimulationError) as shared:
        simulate(4, seed=70, policy=GivesUpOnTurn3(), jobs=2)
    a, b = alone.value, shared.value
    assert (b.seed, b.policy, b.choices, b.history) == (a.seed, a.policy, a.choices, a.history)
    assert str(b) == str(a) and "policy gave up" in str(b)
    assert b.traceback == a.traceback and "RuntimeError: policy gave up" in b.traceback
    assert b.settings == a.settings


def test_a_policy_that_cannot_travel_is_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match="another process"):
        simulate(4, policy=lambda game, rng: game.legal_actions()[0], jobs=2)


def test_cli_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "6", "--seed", "2", "--jobs", "2", "--no-progress"]) == 0
    assert "(2 processes)" in capsys.readouterr().out
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", "6", "--jobs", "0"])
    assert info.value.code == 2
    assert "--jobs" in capsys.readouterr().err


# --- the variants: a policy per side (7.3, 7.4) ------------------------------------------

@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_playouts_of_every_variant_keep_the_invariants(variant: str) -> None:
    """A few random games of each variant (7.1-7.4) play to the end with every check."""
    from pavlov_widgets.sim import check_invariants

    summary = simulate(2, seed=11, policy="random", variant=variant, check=check_invariants)
    assert summary.games == 2 and summary.variant == variant
    competitive = RuleSettings.for_variant(variant).competitive
    assert ("german" in summary.policies) is competitive


@pytest.mark.parametrize("variant", ["competitive", "competitive-three"])
@pytest.mark.parametrize("soviet", ["random", "heuristic"])
@pytest.mark.parametrize("german", ["random", "german-heuristic"])
def test_7_4_competitive_runs_for_each_policy_pair(variant: str, soviet: str, german: str) -> None:
    """A small seeded competitive run completes for every pair of policies (7.4)."""
    summary = simulate(2, seed=5, policy=soviet, variant=variant, german_policy=german)
    assert summary.policies == {"soviet": soviet, "german": german}
    data = summary.to_dict()
    assert data["policies"] == {"soviet": soviet, "german": german}
    assert sum(data["results"].values()) == 2
    assert f"{soviet} (Soviet) vs {german} (German)" in summary.format_text()


def test_7_4_the_german_policy_takes_only_the_planning_decisions() -> None:
    """Each decision goes to the side whose it is: the German policy sees only 7.4 planning."""
    asked: list[str] = []

    class Watching:
        name = "watching"

        def __call__(self, game: Game, rng: random.Random) -> str:
            asked.append((game.state.pending or {})["op"])
            return game.legal_ids()[0]

    simulate(1, seed=3, policy="random", variant="competitive", german_policy=Watching())
    assert asked and set(asked) == {"plan_order", "plan_tactics"}


@pytest.mark.parametrize("german", ["german-heuristic", "random"])
def test_7_4_whole_competitive_games_end_as_the_note_says(german: str) -> None:
    """Seeds 1-7, played to the end: the 7.4 Note's ending (the Milk House is dealt last).

    A game played out ends on turn 21, the turn the Milk House is revealed, with one
    Wehrmacht card and two Tactics cards left in the German hands; a game lost at once ends
    no later than that turn. With the Milk House shuffled into deck 5 these games ended on
    turns 18-20 with four and three cards in hand.
    """
    from pavlov_widgets.sim import check_invariants

    settings = RuleSettings.for_variant("competitive")
    played_out = 0
    for seed in range(1, 8):
        game = run_game(seed, "heuristic", settings, german_policy=german,
                        check=check_invariants)
        outcome, s = game.outcome, game.state
        assert outcome is not None
        revealed = [e.turn for e in game.log if e.kind == "card" and e.card == "d5-milk-house"]
        if outcome["how"] == "deck_exhausted":
            played_out += 1
            assert (game.turn, revealed) == (21, [21]), seed
            assert (len(s.german_hand), len(s.german_tactics)) == (1, 2), seed
            assert s.wehrmacht_deck == [] and s.tactics_deck == [], seed
        else:  # lost at once: no later than the Milk House's turn
            assert game.turn <= 21 and revealed in ([], [game.turn]), seed
    assert played_out >= 4  # the heuristic defenders reach the end in most of these games


def test_7_4_default_german_policy_is_the_heuristic() -> None:
    """A competitive run without a German policy is played by ``german-heuristic``."""
    summary = simulate(1, seed=2, policy="random", variant="competitive")
    assert summary.german_policy == "german-heuristic"


def test_7_4_german_policy_runs_replay_and_travel() -> None:
    """Per-side runs are the same game for game on one or two processes, and rerun alike."""
    one = simulate(4, seed=8, policy="random", variant="competitive", german_policy="random")
    again = simulate(4, seed=8, policy="random", variant="competitive", german_policy="random")
    two = simulate(4, seed=8, policy="random", variant="competitive", german_policy="random",
                   jobs=2)
    assert one.results == again.results == two.results


def test_7_4_german_and_soviet_generators_differ() -> None:
    """The same policy on both sides does not share a random stream."""
    from pavlov_widgets.sim.simulate import side_rng

    assert side_rng(4, "random").random() != side_rng(4, "random", "german").random()
    assert side_rng(4, "random").random() == policy_rng(4, "random").random()


@pytest.mark.parametrize("variant", [None, "cooperative", "veteran", "operational-support"])
def test_a_german_policy_without_a_german_player_is_refused(variant: str | None) -> None:
    """Only the competitive variants have a German player (7.4): a clear error otherwise."""
    with pytest.raises(ValueError, match=r"needs a German player.*competitive"):
        simulate(1, seed=1, policy="random", variant=variant, german_policy="random")
    with pytest.raises(ValueError, match="needs a German player"):
        run_game(1, "random", german_policy="german-heuristic")


def test_a_german_only_policy_cannot_play_the_soviet_side() -> None:
    """``german-heuristic`` plays the German side only."""
    with pytest.raises(ValueError, match="German side only"):
        simulate(1, seed=1, policy="german-heuristic")


def test_7_3_cooperative_plays_as_the_base_game_on_one_policy() -> None:
    """Both Soviet roles on one policy: the same games as the base game (7.3)."""
    base = simulate(3, seed=4, policy="heuristic")
    coop = simulate(3, seed=4, policy="heuristic", variant="cooperative")
    assert [r.score for r in base.results] == [r.score for r in coop.results]
    assert coop.policies == {"soviet": "heuristic"}


def test_7_1_operational_support_cards_are_counted() -> None:
    """The summary says how often each Operational Support card was face up and taken (7.1)."""
    summary = simulate(3, seed=1, policy="heuristic", variant="operational-support")
    support = summary.operational_support()
    assert support and all(0 <= v["taken"] <= v["seen"] for v in support.values())
    assert summary.to_dict()["operational_support"] == support
    assert "Operational Support cards (7.1)" in summary.format_text()
    assert "operational_support" not in simulate(1, seed=1).to_dict()


def test_cli_german_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """--german-policy plays the German side; --json records each side's policy (7.4)."""
    assert main(["simulate", "-n", "2", "-s", "3", "-p", "random", "--variant", "competitive",
                 "--german-policy", "random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policies"] == {"soviet": "random", "german": "random"}
    assert main(["simulate", "-n", "1", "--variant", "competitive-three", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["policies"]["german"] == "german-heuristic"


@pytest.mark.parametrize("variant", ["base", "cooperative", "elite"])
def test_cli_german_policy_without_competitive_is_a_clear_error(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--german-policy with a variant that has no German player: exit 2, saying why."""
    assert main(["simulate", "-n", "1", "--variant", variant,
                 "--german-policy", "german-heuristic"]) == 2
    captured = capsys.readouterr()
    assert "--german-policy german-heuristic needs a German player" in captured.err
    assert "competitive" in captured.err and captured.out == ""


def test_cli_policy_choices_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    """The German heuristic is no Soviet policy, nor the Soviet heuristic a German one."""
    for argv in (["simulate", "--policy", "german-heuristic"],
                 ["simulate", "--variant", "competitive", "--german-policy", "heuristic"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        assert "invalid choice" in capsys.readouterr().err


def test_a_competitive_error_reproduces_with_the_german_policy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An error in a competitive game names both policies and the command with both."""

    def broken(e: Any, f: dict[str, Any]) -> None:
        raise RuntimeError("planning broke")

    monkeypatch.setitem(engine_core.STEPS, "planning_draw", broken)
    with pytest.raises(SimulationError) as info:
        simulate(1, seed=6, policy="random", variant="competitive", german_policy="random")
    err = info.value
    assert err.german_policy == "random" and "German policy random" in str(err)
    assert err.reproduce_command().endswith(
        "--policy random --variant competitive --german-policy random")
    assert err.to_dict()["german_policy"] == "random"


def test_calibration_script_prints_the_variant_table_and_the_support_statistics(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """benchmarks/calibration.py --variants: one row per variant and the 7.1 card table."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "calibration.py"
    spec = importlib.util.spec_from_file_location("calibration_script", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--variants", "--games", "1", "--seed", "3",
                        "--only", "base,operational-support,competitive"]) == 0
    out = capsys.readouterr().out
    assert "| base | heuristic | — | 1 |" in out
    assert "| competitive | heuristic | german-heuristic | 1 |" in out
    assert "| competitive | heuristic | random | 1 |" in out
    assert "| Mamayev Kurgan | 4 |" in out and "Against the base game" in out
