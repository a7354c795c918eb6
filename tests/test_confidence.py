"""The hint's stated confidence is a probability under the prior the long runs show (issue 20)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from pavlov_widgets.tutor.lab.compare import Row, rival_confidence, sign_test_p
from pavlov_widgets.tutor.lab.confidence import (
    HINT_PRIOR,
    MIN_DISCORDANT,
    fit_prior,
    posterior_ahead,
    rival_posterior,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))


def test_the_shipped_prior_is_the_fit_of_the_committed_long_runs() -> None:
    """HINT_PRIOR is what ``hint_calibration.py prior`` fits today: a new long run refits it."""
    import hint_calibration

    pairs = hint_calibration.reference_pairs(hint_calibration.load_reference())
    assert sum(a + b >= MIN_DISCORDANT for a, b in pairs) >= 20  # enough to fit on
    assert fit_prior(pairs) == HINT_PRIOR


def test_the_prior_is_symmetric_about_a_half() -> None:
    """Which of two options is named first means nothing, so θ and 1 − θ weigh the same."""
    assert sorted(round(1 - x, 4) for x in HINT_PRIOR) == list(HINT_PRIOR)
    # spread of the estimates 0.0325, their noise 0.00085: each moved in by 1.3%
    assert fit_prior([(300, 100), (90, 110)]) == (0.2533, 0.4507, 0.5493, 0.7467)


def test_noise_alone_fits_a_prior_of_near_ties() -> None:
    """Long runs of options truly alike scatter by luck; the fit pulls them back to about ½."""
    rng = random.Random(3)
    pairs = []
    for _ in range(40):
        a = sum(rng.random() < 0.5 for _ in range(400))
        pairs.append((a, 400 - a))
    raw = max(abs(a / 400 - 0.5) for a, _ in pairs)
    assert max(abs(x - 0.5) for x in fit_prior(pairs)) < raw / 2
    # and real differences measured precisely stay where they are
    assert fit_prior([(6000, 4000), (4000, 6000)]) == (0.4001, 0.4001, 0.5999, 0.5999)


def test_fit_prior_needs_long_runs_that_tell_options_apart() -> None:
    with pytest.raises(ValueError, match="100 games that tell its options apart"):
        fit_prior([(3, 1), (40, 50)])


def test_the_posterior_reads_the_games_that_tell_options_apart() -> None:
    """The posterior: ½ on nothing, symmetric, surer with more games, never the test's 15/16.

    Either way round the two chances add up to one; four of four is 79%, not 15/16.
    """
    assert posterior_ahead(0, 0, HINT_PRIOR) == 0.5
    for a, b in ((4, 0), (7, 3), (30, 15)):
        assert posterior_ahead(a, b, HINT_PRIOR) + posterior_ahead(b, a, HINT_PRIOR) == \
            pytest.approx(1.0)
    chances = [posterior_ahead(a, 0, HINT_PRIOR) for a in range(8)]
    assert chances == sorted(chances) and len(set(chances)) == 8
    assert posterior_ahead(4, 0, HINT_PRIOR) == pytest.approx(0.79, abs=0.01)
    for a, b in ((3, 0), (4, 0), (8, 2), (20, 8)):
        assert posterior_ahead(a, b, HINT_PRIOR) < 1 - sign_test_p(a, b)


def test_the_posterior_is_calibrated_when_options_differ_as_the_prior_says() -> None:
    """Options drawn as the long runs found them: 80%-or-more answers are right as often as said.

    A hint's worth of telling games each; among the answers that say 80% or more, the pick
    wins more often as often as they say on average.
    """
    rng = random.Random(11)
    said: list[float] = []
    right = 0.0
    for _ in range(4000):
        theta = rng.choice(HINT_PRIOR)
        telling = rng.randint(2, 20)  # a hint's few dozen games tell options apart this often
        a = sum(rng.random() < theta for _ in range(telling))
        p = posterior_ahead(a, telling - a, HINT_PRIOR)
        if p >= 0.8:
            said.append(p)
            right += 1.0 if theta > 0.5 else 0.5 if theta == 0.5 else 0.0
    assert len(said) > 300
    mean_said = sum(said) / len(said)
    assert abs(right / len(said) - mean_said) < 0.03, (right / len(said), mean_said)


def test_a_pick_must_beat_every_rival() -> None:
    """One rival it surely beats and one it does not: the chances multiply."""
    assert rival_posterior([], HINT_PRIOR) == 1.0
    sure, unsure = posterior_ahead(40, 5, HINT_PRIOR), posterior_ahead(5, 4, HINT_PRIOR)
    assert rival_posterior([(40, 5), (5, 4)], HINT_PRIOR) == pytest.approx(sure * unsure)
    assert rival_posterior([(0, 0), (0, 0)], HINT_PRIOR) == 0.25  # nothing known: not 0


def test_the_hint_states_the_posterior_for_whole_games() -> None:
    """``rival_confidence`` with the prior is the posterior of the games' own split."""
    a = Row("a", "A", ("a",), (), (), tuple((i, "win" if i < 4 else "loss", 0)
                                            for i in range(10)))
    b = Row("b", "B", ("b",), (), (), tuple((i, "loss", 0) for i in range(10)))
    assert rival_confidence(a, [b], "win", HINT_PRIOR) == posterior_ahead(4, 0, HINT_PRIOR)
    assert rival_confidence(a, [b]) == 1 - 1 / 16  # the test, where no prior is given


def test_a_whole_game_hint_states_the_posterior_of_its_own_games() -> None:
    """The hint's number is the prior's posterior over the games it played, not the test's."""
    from pavlov_widgets.tutor.content import get_scenario
    from pavlov_widgets.tutor.lab.compare import hint

    game = get_scenario("ju87").build(auto_roll=True)
    answer = hint(game, budget_s=30, jobs=1, max_games=12, policy="random")
    best = answer.result.row(answer.option_id)
    rivals = [r for r in answer.result.rows if r is not best]
    assert rivals  # the Ju 87 raid's decision has options to weigh
    assert answer.confidence == rival_confidence(best, rivals, "win", HINT_PRIOR)
    assert answer.confidence != rival_confidence(best, rivals)
