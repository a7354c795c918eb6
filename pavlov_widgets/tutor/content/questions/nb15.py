"""The what-if lab's questions (notebook 15): a raid's exact odds and reading a comparison.

Two questions: which of two Storm Group raids succeeds more often, by the exact odds of the
raid (3.0 Special Cards: Storm Group; raiders with the Storm Group attribute roll two extra
dice), and what a comparison's 95% intervals allow one to conclude (6.0 Ending the Game: wins
counted over played-out games). Variant 0 is the notebook's; variant 1 asks the same on
another raid, or with other counts of games.
"""

from __future__ import annotations

from fractions import Fraction

from pavlov_widgets.engine import Game, Position
from pavlov_widgets.engine.text import percent
from pavlov_widgets.tutor.exercises.registry import ByVariant, Question, register
from pavlov_widgets.tutor.lab.card_odds import card_odds
from pavlov_widgets.tutor.lab.compare import wilson

# --- 3.0 Storm Group: four raiders or five ----------------------------------------------------

RAIDS = (("resupply-gerhardt-mill", ("kiselev", "chernogolov", "dovzhenko", "turgunov")),
         ("resupply-l-shaped-house", ("glushenko", "alexandrov", "masijashvili", "chait")))
"""Each variant's Storm Group card and its four raiders: four with the Storm Group attribute
against the Mill (Defense 9), four without it against the L-shaped House (Defense 12)."""

FIFTH = "pavlov"
"""The counter who may join as a fifth raider."""

SQUARES = ("G1", "G3", "R2", "P1", "R1")
"""Where the raiders stand before the raid."""

RAID_CHOICES = ("Raid with four", "Raid with five", "Both the same")
"""The answers of the raid question."""


def _take(game: Game, verb: str, **args: str) -> None:
    """Take the legal option with this verb and these arguments (never an id written here)."""
    game.apply(next(o for o in game.legal_actions() if o.verb == verb
                    and all(o.str_arg(k) == v for k, v in args.items())))


def _raid_game(variant: int) -> Game:
    """A 62nd Army Command Post Storm Group action with four raiders chosen.

    Pavlov may go too, or the raid may be launched.
    """
    card, raiders = RAIDS[variant]
    p = Position()
    for cid, square in zip((*raiders, FIFTH), SQUARES, strict=True):
        p.counter(cid, square)
    game = (p.storm_box(card).hand("62nd CP + 13th CP", "fog-1", "fog-2", "fog-3")
            .resume("soviet_cards", actions=3).game(auto_roll=False))
    _take(game, "card", action="storm")
    for cid in raiders:
        _take(game, "raider", counter=cid)
    return game


def likelier_raid(game: Game) -> str:
    """The raid that succeeds more often, by the exact odds: the four chosen, or Pavlov too."""
    def success(*more: str) -> Fraction:
        branch = game.copy()
        for cid in more:
            _take(branch, "raider", counter=cid)
        raid = card_odds(branch).raid
        assert raid is not None  # a raid is being set up: its odds are known
        return raid.success

    four, five = success(), success(FIFTH)
    return RAID_CHOICES[2] if four == five else RAID_CHOICES[0 if four > five else 1]


register(Question(
    id="15.likelier-raid",
    rule="3.0 Special Cards: Storm Group",
    kind="choice",
    text=("Kiselev, Chernogolov, Dovzhenko and Turgunov, each with the Storm Group attribute, "
          "are chosen to raid the Mill (Defense 9); Pavlov could go too. Which raid succeeds "
          "more often?",
          "Glushenko, Alexandrov, Masijashvili and Chait are chosen to raid the L-shaped House "
          "(Defense 12); Pavlov could go too. Which raid succeeds more often?"),
    position=_raid_game,
    answer=likelier_raid,
    choices=RAID_CHOICES,
    explain=("Each raider with the Storm Group attribute rolls three dice: twelve dice total "
             "at least 12, more than the Mill's 9, so four succeed for sure, and so do five. "
             "Pavlov would only risk his life.",
             "One more die on the total against Defense 12: five dice fail about one raid in "
             "850, four about one raid in four."),
    teaches="15#question-2-raid-with-four-counters-or-five",
))


# --- reading a comparison: 95% intervals ------------------------------------------------------

INTERVAL_CHOICES = ("The first plan is better", "The games have not settled it: play more",
                    "The second plan is better")
"""The answers of the interval question."""

RUNS = ((30, 8, 6), (1000, 310, 250))
"""Each variant's supposed comparison: games per plan, the first plan's wins, the second's."""


def _won(wins: int, games: int) -> str:
    """``8 wins (27%, 95%: 14%-44%)``: a plan's wins with the lab's interval of its rate."""
    low, high = (Fraction(end).limit_denominator(10_000) for end in wilson(wins, games))
    return f"{wins} wins ({percent(Fraction(wins, games))}, 95%: {percent(low)}-{percent(high)})"


def _supposed(games: int, first: int, second: int) -> str:
    return (f"Suppose a comparison of {games:,} games per plan gives the first plan "
            f"{_won(first, games)} and the second {_won(second, games)}. What do you conclude?")


def settled(games: int, first: int, second: int) -> str:
    """What two plans' 95% intervals allow: one better when they do not overlap (the lab)."""
    (low1, high1), (low2, high2) = wilson(first, games), wilson(second, games)
    if low1 > high2:
        return INTERVAL_CHOICES[0]
    if low2 > high1:
        return INTERVAL_CHOICES[2]
    return INTERVAL_CHOICES[1]


register(Question(
    id="15.intervals",
    rule="6.0 Ending the Game",
    kind="choice",
    text=tuple(_supposed(*run) for run in RUNS),
    position=_raid_game,  # a raid being set up: the kind of decision a comparison settles
    answer=ByVariant(*(settled(*run) for run in RUNS)),
    choices=INTERVAL_CHOICES,
    explain=("The intervals overlap almost entirely: thirty games cannot tell these plans "
             "apart. Raise the games until the intervals separate, or stop when they have "
             "settled and still overlap: then the choice hardly matters.",
             "A thousand games narrow each interval to a few points, and these no longer "
             "overlap: the first plan wins more often, and not by luck."),
    teaches="15#question-1-which-anti-aircraft-tokens-to-fire-at-a-four-plane-ju-87",
))
