"""How sure the hint may be: the chance that its pick wins more often, given what is usual.

The hint (:func:`~pavlov_widgets.tutor.lab.compare.hint`) plays a few dozen games of each
candidate on the same dice. Only the games that one option wins and the other does not
tell two options apart: say ``a`` went the pick's way and ``b`` the rival's. Write θ for the
share of such games the pick would win in the long run; the pick wins more often (6.0
Victory) exactly when θ > ½.

A p-value (the exact sign test) answers another question: how often a *tie* would look this
lopsided. It bounds how often a hint is wrong and confident among all hints, not how often a
confident hint is wrong, which is what a learner reads in "fairly sure". Most candidate
options are close, so four games out of four going one way is far more often luck than the
p-value's 1 in 16 suggests (``docs/calibration.md`` measured it: hints the p-value called
80% sure or more were wrong up to one time in eight).

So the hint states a probability: ``P(θ > ½ | a, b)`` under a **prior** on θ — how far apart
candidate options usually are — read off long runs of 2,000 whole games per candidate at
fixed mid-game positions (:data:`HINT_PRIOR`, fitted by :func:`fit_prior` from
``benchmarks/results/hint_reference.json``; ``benchmarks/hint_calibration.py prior``
prints it). With several rivals the pick must beat each of them: the product of its
chances against each (:func:`rival_posterior`). ``benchmarks/hint_calibration.py table``
checks the stated numbers against the long runs, with the prior fitted on the other half
of the positions.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

MIN_DISCORDANT = 100
"""Long-run pairs with fewer games that tell them apart say too little about θ to fit on."""

Prior = tuple[float, ...]
"""A prior on θ: atoms of equal weight, symmetric about ½."""


def fit_prior(pairs: Sequence[tuple[int, int]]) -> Prior:
    """The prior on θ that long runs show: their θ's, pulled in by the noise they carry.

    ``pairs`` are long runs' (a, b) counts of telling games (either orientation). Pairs with
    fewer than :data:`MIN_DISCORDANT` telling games are left out. Each kept pair's estimate
    θ̂ = a/(a+b) and its mirror 1 − θ̂ (the order of two options means nothing) become
    atoms of equal weight, moved toward ½ by one factor so that their spread is the spread
    of the true θ's: the estimates' spread less their binomial noise (a moment-matching
    deconvolution). Without that, noise would widen the prior and make the hint surer than
    the long runs allow.

    Raises:
        ValueError: no pair has enough telling games.
    """
    kept = [(a, b) for a, b in pairs if a + b >= MIN_DISCORDANT]
    if not kept:
        raise ValueError(f"no pair has {MIN_DISCORDANT} games that tell its options apart")
    d = [a / (a + b) - 0.5 for a, b in kept]
    spread = statistics.fmean(x * x for x in d)
    noise = statistics.fmean((0.25 - x * x) / (a + b) for x, (a, b) in zip(d, kept, strict=True))
    shrink = math.sqrt(max(spread - noise, 0.0) / spread) if spread > 0 else 0.0
    return tuple(sorted(round(0.5 + sign * shrink * x, 4) for x in d for sign in (1, -1)))


def posterior_ahead(ahead: int, behind: int, prior: Prior) -> float:
    """``P(θ > ½ | ahead, behind)``: how likely the option that won ``ahead`` wins more often.

    Bayes over the prior's atoms (equal weights) with the binomial likelihood
    θ^ahead (1 − θ)^behind; an atom at exactly ½ (the two alike) counts half. ½ when no
    game tells the options apart.
    """
    logs = [(theta, ahead * math.log(theta) + behind * math.log1p(-theta))
            for theta in prior if 0.0 < theta < 1.0]  # fit_prior makes no certain atom
    top = max(x for _, x in logs)
    total = above = 0.0
    for theta, x in logs:
        p = math.exp(x - top)
        total += p
        if theta > 0.5:
            above += p
        elif theta == 0.5:
            above += p / 2
    return above / total


def rival_posterior(splits: Sequence[tuple[int, int]], prior: Prior) -> float:
    """How likely the pick wins more often than every rival, from each rival's (a, b) split.

    The product of its chances against each rival, as if those were independent: near
    certainty this is one minus the sum of the doubts (the Bonferroni bound), and with
    rivals alike it stays a probability (three alike: ¼, against a truth of ⅓) where that
    bound would say 0. 1.0 with no rival.
    """
    return math.prod(posterior_ahead(a, b, prior) for a, b in splits)


HINT_PRIOR: Prior = (
    0.1286, 0.1694, 0.2543, 0.2742, 0.2814, 0.3189, 0.3262, 0.3592, 0.3602, 0.3616, 0.3649,
    0.3649, 0.3664, 0.3706, 0.3806, 0.3836, 0.3944, 0.3966, 0.3968, 0.3968, 0.4189, 0.4259,
    0.429, 0.4294, 0.4376, 0.4428, 0.4446, 0.445, 0.4536, 0.4564, 0.4584, 0.4584, 0.4608,
    0.4616, 0.4637, 0.4672, 0.4675, 0.4719, 0.4737, 0.4751, 0.4752, 0.4757, 0.4759, 0.4778,
    0.4795, 0.4833, 0.4853, 0.4866, 0.4923, 0.4935, 0.4971, 0.5, 0.5, 0.5, 0.5, 0.5029, 0.5065,
    0.5077, 0.5134, 0.5147, 0.5167, 0.5205, 0.5222, 0.5241, 0.5243, 0.5248, 0.5249, 0.5263,
    0.5281, 0.5325, 0.5328, 0.5363, 0.5384, 0.5392, 0.5416, 0.5416, 0.5436, 0.5464, 0.555,
    0.5554, 0.5572, 0.5624, 0.5706, 0.571, 0.5741, 0.5811, 0.6032, 0.6032, 0.6034, 0.6056,
    0.6164, 0.6194, 0.6294, 0.6336, 0.6351, 0.6351, 0.6384, 0.6398, 0.6408, 0.6738, 0.6811,
    0.7186, 0.7258, 0.7457, 0.8306, 0.8714,
)
"""The hint's prior on θ (whole games, the fast player), fitted by :func:`fit_prior` on the
long runs of ``benchmarks/results/hint_reference.json`` (50 positions, 2,000 games per
candidate); ``tests/test_confidence.py`` checks it is still that fit."""
