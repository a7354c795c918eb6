"""Comparing options by playouts, whole plans, and the hint (pavlov_widgets.tutor.lab.compare).

No test here times anything: speed is read from ``benchmarks/lab_bench.py``.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from pavlov_widgets.engine import Game
from pavlov_widgets.sim import get_policy, policy_rng
from pavlov_widgets.sim.simulate import play_to_end
from pavlov_widgets.tutor.content import get_scenario
from pavlov_widgets.tutor.lab.compare import (
    DECIDED,
    SURE,
    CompareError,
    ComparisonResult,
    Plan,
    Row,
    _after,
    _play,
    _position_key,
    _Start,
    _stratify,
    closest_rival,
    compare,
    first_roll,
    hint,
    hint_sentence,
    paired_confidence,
    plan_id,
    play_position,
    rival_confidence,
    sign_test_p,
    wilson,
)

TWO = Plan("Fire two tokens", ["aa:8", "aa:13", "fire"])
THREE = Plan("Fire three tokens", ["aa:8", "aa:12", "aa:13", "fire"])


def ju87() -> Game:
    """A four-plane Ju 87 raid with three Anti-aircraft tokens ready (3.0 Bomb Stalingrad)."""
    return get_scenario("ju87").build(auto_roll=True)


def snapshot(game: Game) -> tuple[Any, ...]:
    return game.state.to_dict(), game.history, len(game.log), game.rev


def test_the_same_seed_gives_the_same_result() -> None:
    first = compare(ju87(), games=3, seed=4, jobs=1, policy="random")
    again = compare(ju87(), games=3, seed=4, jobs=1, policy="random")
    assert [r.outcomes for r in first.rows] == [r.outcomes for r in again.rows]
    assert [s for s, _, _ in first.rows[0].outcomes] == [4, 5, 6]


def test_two_processes_play_the_same_games_as_one() -> None:
    one = compare(ju87(), [TWO, THREE], games=6, seed=2, jobs=1)
    two = compare(ju87(), [TWO, THREE], games=6, seed=2, jobs=2)
    assert [r.outcomes for r in one.rows] == [r.outcomes for r in two.rows]
    assert two.jobs == 2 and one.jobs == 1
    assert [(r.wins, r.draws, r.losses) for r in one.rows] == [
        (r.wins, r.draws, r.losses) for r in two.rows]


def test_every_option_meets_the_same_dice() -> None:
    """Common random numbers: the games of every row are dealt from the same seeds."""
    result = compare(ju87(), ["aa:8", "fire"], games=4, seed=10, jobs=1, policy="random")
    seeds = [[s for s, _, _ in r.outcomes] for r in result.rows]
    assert seeds == [[10, 11, 12, 13]] * 2


def test_progress_comes_as_games_finish_and_ends_with_the_whole_result() -> None:
    seen: list[ComparisonResult] = []
    final = compare(ju87(), ["aa:8", "fire"], games=3, jobs=1, policy="random",
                    on_progress=seen.append)
    assert seen and seen[-1] is final
    assert [r.done for r in seen] == sorted(r.done for r in seen)
    assert final.done == 3 and not final.stopped


@pytest.mark.parametrize("jobs", [1, 2])
def test_should_stop_ends_the_run_with_what_was_played(jobs: int) -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    result = compare(ju87(), ["aa:8", "fire"], games=500, jobs=jobs, policy="random",
                     should_stop=stop)
    assert result.stopped and result.done < 500
    assert result.rows[0].games == result.rows[1].games  # whole seeds only: still paired
    assert "stopped" in result.text()


def test_plans_compare_whole_sequences_of_choices() -> None:
    game = ju87()
    before = snapshot(game)
    result = compare(game, [TWO, THREE], games=2, jobs=1)
    assert [r.label for r in result.rows] == ["Fire two tokens", "Fire three tokens"]
    assert result.rows[0].steps == ("aa:8", "aa:13", "fire")
    assert result.row("Fire three tokens").games == 2
    assert snapshot(game) == before


def test_a_plan_with_an_illegal_step_is_refused_naming_the_step() -> None:
    game = ju87()
    before = snapshot(game)
    with pytest.raises(CompareError, match=r"step 2 \('aa:8'\) is not a legal option"):
        compare(game, [Plan("Twice the same", ["aa:8", "aa:8", "fire"])], games=1)
    with pytest.raises(CompareError, match="before the next roll"):
        compare(game, [Plan("Too far", ["fire", "aa:8"])], games=1)
    assert snapshot(game) == before


def test_a_plan_needs_a_label_and_steps() -> None:
    with pytest.raises(CompareError, match="label"):
        Plan("", ["fire"])
    with pytest.raises(CompareError, match="non-empty list"):
        Plan("Nothing", [])
    with pytest.raises(CompareError, match="non-empty list"):
        Plan("A string", "fire")  # type: ignore[arg-type]


def test_options_leading_to_the_same_position_are_one_row() -> None:
    """Which token fires first changes nothing: one row, naming the others (3.0 Bomb)."""
    game = ju87()
    result = compare(game, games=1, jobs=1)
    assert [r.option_id for r in result.rows] == ["aa:8", "fire"]
    assert len(result.rows[0].same_as) == 2
    assert result.row("aa:13") is result.rows[0]
    assert "the same position as" in result.text()


def test_listed_options_are_never_merged() -> None:
    result = compare(ju87(), ["aa:8", "aa:12"], games=1, jobs=1)
    assert [r.option_id for r in result.rows] == ["aa:8", "aa:12"]


def test_results_define_win_draw_and_loss_and_add_up() -> None:
    result = compare(ju87(), ["aa:8", "fire"], games=5, jobs=1, policy="random")
    for row in result.rows:
        assert row.wins + row.draws + row.losses == row.games == 5
        assert sum(row.score_counts.values()) == 5
        lo, hi = row.win_rate_interval
        assert 0 <= lo <= row.win_rate <= hi <= 1
        low, high = row.mean_score_interval
        assert low <= row.mean_score <= high
    text, page = result.text(), result._repr_html_()
    for word in ("win:", "draw:", "loss:", "immediate loss", "6.0"):
        assert word in text
    assert "draw rate" in page and "<table>" in page
    assert result.to_dict()["rows"][0]["games"] == 5


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert math.isclose(lo, 0.2366, abs_tol=1e-4) and math.isclose(hi, 0.7634, abs_tol=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_hint_names_a_legal_option_in_a_sentence() -> None:
    game = ju87()
    before = snapshot(game)
    answer = hint(game, budget_s=0.3, jobs=1, max_games=6)
    assert answer.option_id in game.legal_ids()
    assert answer.label in answer.sentence and "%" in answer.sentence
    assert "confidence" in answer.sentence
    assert 0.0 <= answer.confidence <= 1.0
    assert answer.result.done >= 1
    assert snapshot(game) == before


def test_hint_with_one_distinct_option_says_so() -> None:
    game = ju87()
    game.apply("aa:8")
    game.apply("aa:12")
    game.apply("aa:13")  # only "fire" is left
    answer = hint(game, budget_s=0.3, jobs=1)
    assert answer.option_id == "fire" and answer.confidence == 1.0


def test_paired_confidence_reads_the_common_games() -> None:
    result = compare(ju87(), ["aa:8", "fire"], games=4, jobs=1, policy="random")
    a, b = result.rows
    assert 0.0 <= paired_confidence(a, b) <= 1.0
    assert paired_confidence(a, a) == 0.0  # no game tells an option from itself


@pytest.mark.parametrize(
    ("options", "kwargs", "message"),
    [
        (["aa:99"], {}, "unknown option 'aa:99'.*legal: aa:8, aa:12, aa:13, fire"),
        (["fire", "fire"], {}, "listed twice"),
        ([], {}, "non-empty list"),
        ("fire", {}, "non-empty list"),
        ([42], {}, "an option id or a Plan"),
        (None, {"games": 0}, "games must be a whole number of at least 1, not 0"),
        (None, {"games": "3"}, "games must be a whole number"),
        (None, {"jobs": 0}, "jobs must be"),
        (None, {"seed": -1}, "seed must be"),
    ],
)
def test_bad_requests_are_refused_and_change_nothing(
    options: Any, kwargs: dict[str, Any], message: str
) -> None:
    game = ju87()
    before = snapshot(game)
    with pytest.raises(CompareError, match=message):
        compare(game, options, **kwargs)
    assert snapshot(game) == before


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown policy 'clever'"):
        compare(ju87(), games=1, policy="clever")


def test_no_decision_no_comparison_but_the_position_plays_out() -> None:
    game = get_scenario("sniper").build()  # a roll is pending
    before = snapshot(game)
    with pytest.raises(CompareError, match="no decision is pending"):
        compare(game, games=1)
    with pytest.raises(CompareError, match="no decision is pending"):
        hint(game)
    with pytest.raises(CompareError, match="budget_s"):
        hint(ju87(), budget_s=0)
    result = play_position(game, games=2, seed=3, policy="random")
    assert result.rows[0].games == 2 and result.rows[0].steps == ()
    assert snapshot(game) == before


def rows_from(*columns: str) -> list[Row]:
    """Rows whose game ``i`` is won where column ``i`` reads "w" (the same seeds for all)."""
    return [Row(f"o{n}", f"option {n}", (f"o{n}",), (), (), tuple(
        (i, "win" if c == "w" else "loss", 1 if c == "w" else -10) for i, c in enumerate(col)))
        for n, col in enumerate(columns)]


def test_paired_confidence_is_the_exact_sign_test_on_the_games_that_differ() -> None:
    """Five games won only by the first option, one only by the second: exact p 7/64."""
    a, b = rows_from("wwwwww" + "-" * 14, "w-----w" + "-" * 13)
    assert paired_confidence(a, b) == 1 - 7 / 64
    assert paired_confidence(b, a) == 1 - 63 / 64
    assert sign_test_p(0, 0) == 1.0 and sign_test_p(3, 0) == 1 / 8


def test_a_few_games_never_make_the_hint_sure() -> None:
    """Three games that all go one way: 1/8 by chance alone, so under the 95% of "sure"."""
    a, b = rows_from("www-----", "--------")
    assert paired_confidence(a, b) == 1 - 1 / 8 < SURE


def test_the_best_of_several_is_tested_against_every_rival_and_corrected() -> None:
    """The pick beats the runner-up clearly but a third option only narrowly: that decides.

    Against each rival the worst p-value counts, times the number of rivals (the pick was
    made on the same games): two rivals, worst p 7/64 -> 1 - 14/64.
    """
    best, runner, third = rows_from("wwwwwwwwww" + "-" * 10, "-" * 20,
                                    "w-----wwww" + "w" + "-" * 9)
    assert paired_confidence(best, runner) > 0.99
    assert rival_confidence(best, [runner, third]) == 1 - 2 * (7 / 64)
    assert closest_rival(best, [runner, third]) is third
    assert rival_confidence(best, []) == 1.0
    assert rival_confidence(best, [best]) == 0.0


def test_the_correction_keeps_the_false_alarms_of_look_alike_options_under_the_risk() -> None:
    """Three options alike: the corrected test seldom calls the one that looks best sure.

    Each game is a coin flip for each option. With the correction, the pick is called 80%
    sure at most 20% of the time; tested against the runner-up alone (the pick made on the
    same games) it is called so several times as often (about 16% against 5% here).
    """
    rng = random.Random(7)
    corrected = uncorrected = 0
    trials = 400
    for _ in range(trials):
        rows = rows_from(*("".join(rng.choice("w-") for _ in range(40)) for _ in range(3)))
        result = ComparisonResult("?", "", "fast", 0, 40, tuple(rows))
        best = result.best()
        rivals = [r for r in rows if r is not best]
        corrected += rival_confidence(best, rivals) >= DECIDED
        runner = max(rivals, key=result.rank)
        uncorrected += paired_confidence(best, runner) >= DECIDED
    assert corrected / trials <= 1 - DECIDED
    assert uncorrected > 2 * corrected


def test_a_close_hint_says_so_and_gives_both_options_numbers() -> None:
    a, b = rows_from("ww-w-", "w-ww-")
    result = ComparisonResult("?", "", "fast", 0, 5, (a, b))
    said = hint_sentence(result, a, b, rival_confidence(a, [b]), 2)
    assert said.startswith("Too close to call between option 0 and option 1")
    assert "option 0 won 60% and option 1 60%" in said and "-3.4 and -3.4" in said
    sure = hint_sentence(result, a, b, 0.97, 2)
    assert sure.startswith("option 0: it won 60% of 5 games") and "is sure (97%" in sure
    assert "fairly sure (85%" in hint_sentence(result, a, b, 0.85, 2)
    assert "best of 2 of 4" not in said and "rates best of 4" in hint_sentence(result, a, b,
                                                                               0.5, 4)


def test_a_hint_too_close_to_call_points_at_both_options() -> None:
    answer = hint(ju87(), budget_s=0.2, jobs=1, max_games=8, policy="random")
    assert answer.decided == (answer.confidence >= DECIDED)
    if answer.decided:
        assert answer.option_ids == (answer.option_id,)
    else:
        assert answer.option_ids == (answer.option_id, answer.rival_id)
        assert "Too close to call" in answer.sentence


def test_options_that_lead_to_the_same_position_are_one_row_even_past_a_shuffle() -> None:
    """The merge leaves out the dice and card generators (every playout has its own)."""
    game = ju87()
    a = _after(game, ["aa:8"], "a")
    b = a.copy()
    b.state.card_rng = (0, 1, 2)  # as after a shuffle: the playouts would deal their own
    assert _position_key(a, None, None) == _position_key(b, None, None)
    assert _position_key(a, None, None) != _position_key(_after(game, ["aa:12"], "b"), None,
                                                         None)


def test_a_plan_row_has_an_id_of_the_codec() -> None:
    result = compare(ju87(), ["fire", TWO], games=1, jobs=1, policy="random")
    assert [r.option_id for r in result.rows] == ["fire", plan_id(2)]
    assert plan_id(2) == "plan:2" and result.row("Fire two tokens").steps == TWO.steps


# --- games cut short by a horizon (quick comparisons) ------------------------------------------


def test_a_horizon_gives_the_same_games_for_the_same_seed_on_one_or_two_processes() -> None:
    first = compare(ju87(), [TWO, THREE], games=4, seed=5, jobs=1, horizon=2)
    again = compare(ju87(), [TWO, THREE], games=4, seed=5, jobs=1, horizon=2)
    two = compare(ju87(), [TWO, THREE], games=4, seed=5, jobs=2, horizon=2)
    assert [r.outcomes for r in first.rows] == [r.outcomes for r in again.rows]
    assert [r.outcomes for r in first.rows] == [r.outcomes for r in two.rows]
    assert first.horizon == 2 and first.to_dict()["horizon"] == 2


def test_a_horizon_game_is_scored_as_it_stands_in_the_6_0_bands() -> None:
    """Replayed by hand: the same dice, the same player, stopped when turn +1 begins."""
    from pavlov_widgets.engine.rules.scoring import victory_level
    from pavlov_widgets.sim import get_policy, policy_rng

    game = ju87()
    result = compare(game, ["fire"], games=2, seed=7, jobs=1, horizon=1)
    player = get_policy("fast")
    for seed, found, score in result.rows[0].outcomes:
        branch = game.copy()
        branch.apply("fire")
        branch = branch.fork(seed=seed, auto_roll=True)
        rng = policy_rng(seed, "fast")
        while not branch.is_over and branch.turn < game.turn + 1:
            branch.apply(player(branch, rng))
        if branch.outcome is not None:
            assert (found, score) == (branch.outcome["result"], branch.outcome["score"])
        else:
            assert branch.turn == game.turn + 1
            assert score == branch.score().total
            assert found == victory_level(score)[0]


def test_a_horizon_beyond_the_end_plays_the_same_games_as_none() -> None:
    full = compare(ju87(), ["fire"], games=2, seed=1, jobs=1)
    long = compare(ju87(), ["fire"], games=2, seed=1, jobs=1, horizon=40)
    assert full.rows[0].outcomes == long.rows[0].outcomes


def test_a_horizon_result_says_its_games_were_cut_short() -> None:
    result = compare(ju87(), ["aa:8", "fire"], games=2, jobs=1, horizon=3)
    for text in (result.text(), result._repr_html_(), result.definitions):
        assert "scored as" in text and "3 turns ahead" in text
    assert "played to the end" not in result.text()
    assert "games played 3 turns ahead, then scored as they stand" in result.definitions
    assert "immediate loss within those turns" in result.definitions
    full = compare(ju87(), ["fire"], games=1, jobs=1)
    assert "scored as they stand" not in full.text() and "played to the end" in full.text()
    answer = hint(ju87(), budget_s=0.2, jobs=1, max_games=4, horizon=2)
    assert "played 2 turns ahead" in answer.sentence


def test_a_horizon_result_ranks_by_mean_score() -> None:
    """Cut-short games seldom stand at a winning score: the mean score decides first."""
    from pavlov_widgets.tutor.lab.compare import Row

    low = Row("a", "a", ("a",), (), (), ((0, "win", 1), (1, "win", 1)))
    high = Row("b", "b", ("b",), (), (), ((0, "win", 30), (1, "draw", -3)))
    quick = ComparisonResult("?", "", "fast", 0, 2, (low, high), horizon=4)
    full = ComparisonResult("?", "", "fast", 0, 2, (low, high))
    assert quick.best() is high and full.best() is low
    top = Row("c", "c", ("c",), (), (), ((0, "win", 5), (1, "win", 2)))
    assert paired_confidence(top, low, "score") == 1 - 1 / 4  # ahead in both: exact p 1/4
    assert paired_confidence(top, low) == 0.0  # by wins: nothing tells them apart
    with pytest.raises(CompareError, match="by must be 'win' or 'score'"):
        paired_confidence(high, low, "mean")


@pytest.mark.parametrize("horizon", [0, -2, 1.5, True, "4"])
def test_a_bad_horizon_is_refused_and_changes_nothing(horizon: Any) -> None:
    game = ju87()
    before = snapshot(game)
    for ask in (lambda: compare(game, games=1, jobs=1, horizon=horizon),
                lambda: hint(game, budget_s=0.1, jobs=1, horizon=horizon),
                lambda: play_position(game, games=1, horizon=horizon)):
        with pytest.raises(CompareError, match=r"horizon must be None .* at least 1, not"):
            ask()
    assert snapshot(game) == before


def test_7_4_in_a_competitive_game_the_german_heuristic_plays_the_german_side() -> None:
    from pavlov_widgets.engine import Game, RuleSettings

    game = Game.new(seed=3, settings=RuleSettings.for_variant("competitive"))
    while game.side_to_decide() != "soviet":
        game.apply(game.legal_ids()[0])
    options = game.legal_ids()[:2]
    result = compare(game, options, games=3, jobs=1, seed=0)
    again = compare(game, options, games=3, jobs=1, seed=0)
    assert [r.games for r in result.rows] == [3, 3]
    assert [(r.wins, r.mean_score) for r in result.rows] == [
        (r.wins, r.mean_score) for r in again.rows]


def test_the_worker_processes_stay_warm_between_comparisons() -> None:
    """Two runs on two processes use the same pool, and each gives the games of one process."""
    from pavlov_widgets.tutor.lab.compare import _WarmPool

    first = compare(ju87(), ["aa:8", "fire"], games=6, jobs=2, policy="random")
    warm = _WarmPool._pools[2]
    workers = {p.pid for p in warm.pool._pool}
    second = compare(ju87(), ["aa:8", "fire"], games=6, jobs=2, policy="random", seed=6)
    assert _WarmPool._pools[2] is warm and {p.pid for p in warm.pool._pool} == workers
    for result, seed in ((first, 0), (second, 6)):
        alone = compare(ju87(), ["aa:8", "fire"], games=6, jobs=1, policy="random", seed=seed)
        assert [r.outcomes for r in alone.rows] == [r.outcomes for r in result.rows]


def test_stop_workers_leaves_no_process_behind() -> None:
    """stop_workers ends every warm worker; the next comparison starts new ones.

    The workers hold the process's open files (a test run's browser driver waited on them).
    """
    import multiprocessing

    from pavlov_widgets.tutor.lab import stop_workers
    from pavlov_widgets.tutor.lab.compare import _WarmPool

    compare(ju87(), ["aa:8", "fire"], games=4, jobs=2, policy="random")
    workers = list(_WarmPool._pools[2].pool._pool)
    assert workers and all(p.is_alive() for p in workers)
    stop_workers()
    assert _WarmPool._pools == {} and not any(p.is_alive() for p in workers)
    assert not [p for p in multiprocessing.active_children() if p in workers]
    again = compare(ju87(), ["aa:8", "fire"], games=4, jobs=2, policy="random")
    assert [r.games for r in again.rows] == [4, 4]


def test_two_comparisons_at_once_each_play_all_their_games() -> None:
    """Each of several comparisons run at once plays all its games.

    Notebook 15 runs its labs' comparisons together, each in its own thread: a second run on
    the warm workers must not make the first one's queued games give up.
    """
    import threading

    results: dict[int, ComparisonResult] = {}

    def run(seed: int) -> None:
        results[seed] = compare(ju87(), ["aa:8", "fire"], games=200, jobs=2,
                                policy="random", seed=seed)

    run(300)  # the workers are warm before the three start, as in a notebook's later cells
    threads = [threading.Thread(target=run, args=(seed,)) for seed in (0, 100, 200)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for seed, result in results.items():
        assert not result.stopped and [r.games for r in result.rows] == [200, 200], seed
        alone = compare(ju87(), ["aa:8", "fire"], games=200, jobs=1, policy="random", seed=seed)
        assert [r.outcomes for r in alone.rows] == [r.outcomes for r in result.rows]


def test_a_stopped_run_leaves_nothing_playing_in_the_warm_workers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its token is no longer the current one: its queued blocks give up unplayed."""
    from pavlov_widgets.tutor.lab.compare import _SHARED, _fork_context, _play_warm, _WarmPool

    warm = _WarmPool.get(_fork_context(), 2)
    assert warm is not None
    before = warm.run.value
    asked: list[int] = []
    result = compare(ju87(), ["aa:8", "fire"], games=400, jobs=2, policy="random",
                     should_stop=lambda: len(asked) > 0 or bool(asked.append(1)))
    assert result.stopped and result.done < 400
    assert warm.run.value == before + 2  # begun (+1), then ended (+1)
    monkeypatch.setitem(_SHARED, "run", warm.run)  # as a worker sees it
    assert _play_warm((before + 1, "gone.pickle", (0, 5))) == []  # that run plays nothing


def test_a_policy_that_cannot_be_sent_is_played_on_processes_forked_for_the_run() -> None:
    def first_option(game: Game, rng: Any) -> str:  # a local function: not picklable
        return game.legal_ids()[0]

    two = compare(ju87(), ["aa:8", "fire"], games=4, jobs=2, policy=first_option)
    one = compare(ju87(), ["aa:8", "fire"], games=4, jobs=1, policy=first_option)
    assert [r.outcomes for r in two.rows] == [r.outcomes for r in one.rows]


def test_a_first_roll_is_dealt_from_every_throw_in_turn() -> None:
    """36 playouts of a two-dice first roll deal each of the 36 throws once (exact odds)."""
    throws = [tuple(first_roll(2, 5, s)) for s in range(5, 5 + 36)]
    assert len(set(throws)) == 36 and all(1 <= d <= 6 for t in throws for d in t)
    assert [first_roll(2, 5, s) for s in range(5, 10)] != [first_roll(2, 6, s)
                                                           for s in range(6, 11)]


def test_options_that_stop_at_a_roll_meet_the_throws_in_turn_on_the_same_dice() -> None:
    game = ju87()
    starts = [_Start(i, i, (i,), _after(game, [i], i)) for i in ("aa:8", "fire")]
    _stratify(starts, 3)
    fire = starts[1]
    assert starts[0].strata is None  # aa:8 asks for the next token: no roll yet
    assert fire.strata == (fire.game.chance().dice, 3)  # type: ignore[union-attr]
    # playout i of 'fire' rolls the i-th throw of the run's shuffled list, not its dice
    policy = get_policy("random")
    for seed in range(3, 9):
        played = fire.game.fork(seed=seed, auto_roll=False)
        played.auto_roll = True  # the rolls after the first come from the seed's dice
        played.force(first_roll(*fire.strata, seed))
        play_to_end(played, policy, policy_rng(seed, "random"))
        assert _play(starts, policy, "random", 1, seed)[2:] == (
            played.outcome["result"], played.outcome["score"])  # type: ignore[index]
