"""The coach's review tells the learner's choices from the dice (issue 21).

The central case: a player who buys defenders whenever a card offers it and never ships Food
loses 24 of them to starvation at the second Resupply card (3.0 Special Cards: Resupply). The
old review called that Resupply card bad luck (−22.9); the Resupply card's place in the deck
is public (Setup 2), so the loss belongs to the buying, and the review says so.
"""

from __future__ import annotations

import random
from pathlib import Path

import nbformat
import pytest

from pavlov_widgets.engine import Game, Option
from pavlov_widgets.sim.heuristic import HeuristicPolicy
from pavlov_widgets.tutor.coach import Coach, review
from pavlov_widgets.tutor.coach.review import LESSONS, NOTEBOOK_FILES, Review, lesson_href
from pavlov_widgets.tutor.coach.value import card_phases_before_resupply, hungry

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
_SENSIBLE = HeuristicPolicy()
_NO_FOOD = frozenset({"resupply", "load", "deliver"})


def _hoarder(game: Game, rng: random.Random) -> str:
    """Send Reinforcements whenever a card offers it; never fetch, load or deliver Food."""
    options: list[Option] = game.legal_actions()
    buy = [o for o in options if o.verb == "card" and o.args.get("action") == "reinforce"]
    if buy:
        return buy[0].id
    keep = [o for o in options
            if not (o.verb == "card" and o.args.get("action") in _NO_FOOD)
            and not (o.verb in ("take", "load") and o.args.get("token") == "food")]
    sensible = _SENSIBLE(game, rng)
    return sensible if sensible in {o.id for o in keep} or not keep else keep[0].id


@pytest.fixture(scope="module")
def starved() -> Game:
    """Seed 2 played by the hoarder: 24 counters starve at the second Resupply card."""
    game = Game.new(seed=2)
    rng = random.Random(2)
    while not game.is_over:
        game.apply(_hoarder(game, rng))
    return game


@pytest.fixture(scope="module")
def starved_review(starved: Game) -> Review:
    return review(starved, top=6)


def test_the_game_does_starve_the_house(starved: Game) -> None:
    lines = [e.text for e in starved.engine.log_entries if e.text.startswith("Resupply: ")]
    assert lines[1] == "Resupply: 24 to feed need 5 Food; 0 paid, 24 go hungry"


def test_the_resupply_card_is_not_bad_luck(starved: Game) -> None:
    done = review(starved, top=1000)
    resupply = [p for p in done if p.kind == "card" and "Resupply came up" in p.text]
    assert len(resupply) == 2
    assert all(abs(p.delta) < 0.5 for p in resupply), [str(p) for p in resupply]


def test_the_review_blames_the_buying(starved_review: Review) -> None:
    buying = [p for p in starved_review.choices if "Send Reinforcements" in p.text]
    assert buying and all(p.delta < 0 for p in buying)
    assert all(p.lesson is not None and p.lesson.key == "food" for p in buying)
    assert starved_review.lessons[0][0].key == "food"
    assert "Resupply" not in " ".join(p.text for p in starved_review.dice)
    advice = starved_review.advice()[0]
    assert advice.startswith("Buy defenders only as fast as Food can feed them")
    assert advice.endswith("see notebook 14, “Defenders are points, but every five eat”.")


def test_a_choice_names_its_worth_and_the_best_alternative(starved_review: Review) -> None:
    worst = starved_review.choices[0]
    assert worst.best and worst.best != worst.text
    assert worst.before > worst.after
    sentence = worst.sentence()
    assert f"worth {worst.after:+.1f}; the best alternative, {worst.best}, was worth " \
           f"{worst.before:+.1f}" in sentence
    assert "no playouts: 0 games" in str(starved_review)


@pytest.mark.parametrize("top", [1, 3, 7, 12])
def test_top_gives_exactly_that_many(starved: Game, top: int) -> None:
    done = review(starved, top=top)
    assert len(done) == top
    assert done.choices and (top == 1 or done.dice)


def test_a_short_game_gives_all_it_has() -> None:
    game = Game.new(seed=1)
    game.apply("end-phase")
    done = review(game, top=50)
    assert 0 < len(done) < 50  # fewer turning points than asked: all of them


def _raider(game: Game, rng: random.Random) -> str:
    """Raid whenever a card allows it, with up to four counters; else play sensibly."""
    options = game.legal_actions()
    storm = [o for o in options if o.verb == "card" and o.args.get("action") == "storm"]
    if storm:
        return storm[0].id
    pending = game.state.pending or {}
    if pending.get("op") == "raid_pick":
        raiders = [o for o in options if o.verb == "raider"]
        if raiders and len(pending.get("chosen", [])) < 4:
            return raiders[0].id
        launch = [o for o in options if o.verb == "launch"]
        if launch:
            return launch[0].id
    return _SENSIBLE(game, rng)


def test_the_raids_are_listed_with_their_decisions_and_dice() -> None:
    game = Game.new(seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.apply(_raider(game, rng))
    assert any(e.text.startswith("The raid succeeds") for e in game.engine.log_entries)
    done = review(game, top=3)
    assert any(p.kind == "choice" and "Storm Group" in p.text for p in done.raids)
    assert any(p.kind == "choice" and p.text.startswith("Send ") for p in done.raids)  # raiders
    assert any(p.kind == "choice" and p.text.startswith("Launch the raid") for p in done.raids)
    dice = [p for p in done.raids if p.dice]
    assert dice and all(p.rule == "3.0 Special Cards: Storm Group" for p in dice)
    assert "The raids:" in str(done) and "<b>The raids</b>" in done._repr_html_()


def test_every_lesson_points_at_a_real_section() -> None:
    for lesson in LESSONS.values():
        path = NOTEBOOKS / NOTEBOOK_FILES[lesson.notebook]
        nb = nbformat.read(path, as_version=4)
        headings = {line.lstrip("#").strip() for cell in nb.cells
                    if cell.cell_type == "markdown" for line in cell.source.splitlines()
                    if line.startswith("#")}
        assert lesson.heading in headings, (lesson.key, path.name)
        assert lesson.advice.endswith(".") and lesson.advice[0].isupper()
        assert lesson_href(lesson).startswith(path.name + "#")


def test_the_resupply_countdown_and_the_hunger() -> None:
    game = Game.new(seed=1)
    # the first Resupply card lies under the twelve cards of deck 1: five card phases first
    assert card_phases_before_resupply(game) == 5
    assert hungry(game) == 0


def test_the_widget_shows_two_columns() -> None:
    coach = Coach.from_game(Game.new(seed=2))
    coach.game.apply("end-phase")
    shown = coach.show_review()
    html = coach.review_panel.value
    assert "Your choices (against the best alternative" in html
    assert "The dice and the cards (against their average)" in html
    assert "display:flex;flex-wrap:wrap" in html
    assert coach.review() is shown  # the same game and top: not worked out again


def test_playouts_replace_the_estimate_of_the_choices_shown(starved: Game) -> None:
    done = review(starved, top=3, playouts=4)
    shown = done.choices
    assert shown and all(p.games == 4 for p in shown)
    assert all("4 playouts of it scored" in p.sentence() for p in shown)
    assert done.source.startswith("playouts, 4 games each")
    assert all(p.games == 0 for p in review(starved, top=3).choices)
    with pytest.raises(ValueError, match="playouts must be"):
        review(starved, playouts=-1)
