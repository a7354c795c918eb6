"""The tutor's walkthroughs: every rulebook example, step by step, in its three modes.

The walkthrough (:mod:`pavlov_widgets.tutor.walkthrough.model`) plays a registered scenario one
step at a time (a choice made or a roll rolled), narrates each step from the scenario
registry's data with its rule section, gives the exact odds of every roll, and lets the
learner choose ("your turn") or roll fresh dice ("roll for real"). The widget
(:mod:`pavlov_widgets.tutor.walkthrough.widget`) draws it around the board.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pavlov_widgets.engine import Decision, Game, UnknownScenarioError
from pavlov_widgets.engine.components import COLOURS
from pavlov_widgets.engine.positions import RESTING_DECISIONS
from pavlov_widgets.tutor.content import get_scenario, scenario_names
from pavlov_widgets.tutor.walkthrough.model import Walkthrough, WalkthroughError
from pavlov_widgets.tutor.walkthrough.steps import odds_summary, times_in
from pavlov_widgets.tutor.walkthrough.widget import WalkthroughWidget

RULE = re.compile(r"^\d+\.\d+(\.\d+)? \S")
"""A rule section as the narration cites it: "3.0 Attack Defender", "7.2.1 Veteran"."""


def _region_problem(game: Game, region: str) -> str | None:
    """Why ``region`` is not a board region of this game's components (None if it is one)."""
    comps, engine = game.components, game.engine
    kind, _, rest = region.partition(":")
    parts = rest.split(":") if rest else []
    ok = {
        "counter": lambda: rest in game.state.soviet,
        "weapon": lambda: rest in game.state.weapons,
        "square": lambda: engine.is_square(rest),
        "loc": lambda: rest.isdigit() and 1 <= int(rest) <= 18,
        "track": lambda: (len(parts) == 2 and all(p.isdigit() for p in parts)
                          and 1 <= int(parts[0]) <= len(comps.board.tracks)
                          and 1 <= int(parts[1]) <= comps.board.tracks[int(parts[0]) - 1].circles),
        "defense": lambda: rest in COLOURS,
        "box": lambda: rest in ("reserves", "supplies", "storm", "staging",
                                "operational-support")
        or (len(parts) == 2 and parts[0] == "suppress" and parts[1] in COLOURS),
        "card": lambda: (parts[0] in comps.soviet_cards and (
            len(parts) == 1 or parts[1] in comps.soviet_cards[parts[0]].units))
        or rest in comps.wehrmacht_cards or rest in comps.resupply_cards,
        "tactics": lambda: rest in comps.tactics,
    }.get(kind)
    if ok is None:
        return f"{region}: unknown kind of region {kind!r}"
    return None if ok() else f"{region}: no such {kind}"


def _walk_to_end(walk: Walkthrough) -> int:
    """Press ▶ until the example is over; how many presses it took."""
    presses = 0
    while not walk.at_end:
        walk.next()
        presses += 1
        assert presses <= 100, "the walkthrough never ends"
    return presses


# --- the narration is data, one entry per step --------------------------------------------------


@pytest.mark.parametrize("name", scenario_names())
def test_registry_narrates_every_step_of_every_example_once(name: str) -> None:
    walk = Walkthrough(name)
    scenario = get_scenario(name)
    assert len(scenario.steps) == len(walk) > 0
    for number, (step, played) in enumerate(zip(scenario.steps, walk.steps, strict=True), 1):
        where = f"{name} step {number}"
        assert step.text.strip() and RULE.match(step.rule), where
        if played.kind == "choice":
            assert step.why.strip(), f"{where}: a choice says why it matters"
        else:
            assert not step.why, f"{where}: a roll has no 'why'"


@pytest.mark.parametrize("name", scenario_names())
def test_narration_focus_names_real_board_regions(name: str) -> None:
    walk = Walkthrough(name)
    for number, step in enumerate(walk.narrations, 1):
        game = walk.line_game(number)
        problems = [p for r in step.focus if (p := _region_problem(game, r)) is not None]
        assert problems == [], f"{name} step {number}"


def test_narration_is_the_registrys_text_not_the_log() -> None:
    walk = Walkthrough("sniper")
    walk.go(2)
    said = walk.narration()
    assert said.text == get_scenario("sniper").steps[1].text
    assert said.rule == "3.0 Attack Defender"
    assert said.focus == ("square:R2", "counter:pavlov")
    assert said.focus_names == ("position R2", "Pavlov")
    assert not any(said.text in entry.text for entry in walk.game.log)


# --- watch: the rulebook's own line ---------------------------------------------------------------


@pytest.mark.parametrize("name", scenario_names())
def test_watch_steps_every_example_to_the_rulebooks_outcome(name: str) -> None:
    walk = Walkthrough(name)
    assert _walk_to_end(walk) == len(walk)
    assert get_scenario(name).verify(walk.game) == []
    assert repr(walk) == f"<Walkthrough {name}: step {len(walk)} of {len(walk)} (watch)>"
    with pytest.raises(WalkthroughError, match="over"):
        walk.next()


@pytest.mark.parametrize("name", scenario_names())
def test_your_turn_with_the_rulebooks_choices_reaches_the_same_outcome(name: str) -> None:
    walk = Walkthrough(name, mode="your-turn")
    while not walk.at_end:
        upcoming = walk.upcoming
        assert upcoming is not None
        if upcoming.kind == "choice":
            assert upcoming.option is not None
            verdict = walk.choose(upcoming.option.id)
            assert verdict is not None and verdict.matches
        else:
            walk.next()
    assert walk.on_line and get_scenario(name).verify(walk.game) == []


def test_each_step_is_one_history_entry_and_jumps_are_instant_snapshots() -> None:
    walk = Walkthrough("ju87")
    for step in range(len(walk) + 1):
        walk.go(step)
        assert len(walk.game.history) == step
    walk.go(5)
    after_five = walk.game.state.to_dict()
    walk.back()
    walk.next()
    assert walk.game.state.to_dict() == after_five
    walk.go(0)
    assert walk.game.history == [] and not walk.can_back


def test_game_is_a_copy_so_changing_it_changes_nothing() -> None:
    walk = Walkthrough("ju87")
    walk.game.apply("aa:8")
    assert walk.game.history == [] and walk.index == 0


def test_the_example_ends_where_its_moves_and_scripted_dice_end() -> None:
    """After the hand's last action, the Wehrmacht phase's rolls are the next turn's story."""
    walk = Walkthrough("soviet-card-hand")
    assert len(walk) == len(get_scenario("soviet-card-hand").moves) == 9
    assert all(p.kind == "choice" for p in walk.steps)


# --- dice and odds ----------------------------------------------------------------------------


def test_3_0_sniper_roll_shows_its_dice_and_exact_odds() -> None:
    walk = Walkthrough("sniper")
    before = walk.line_game(2).chance()
    assert before is not None
    walk.go(3)
    roll = walk.narration().played
    assert roll is not None and roll.roll is not None
    assert roll.roll.dice == (5, 1, 2, 3) and roll.roll.result == "hit"
    assert roll.roll.probability == before.probability("hit") == 1 - Fraction(4, 6) ** 4
    assert roll.roll.odds_text == "chance of a hit: 65 times in 81 (80%)"
    assert roll.roll.marks == (True, False, False, False)


def test_3_0_sniper_colour_roll_is_red_one_time_in_three() -> None:
    walk = Walkthrough("sniper")
    walk.next()
    played = walk.narration().played
    assert played is not None and played.roll is not None
    assert played.roll.odds_text == "chance of red: 1 time in 3 (33%)"


def test_next_roll_is_announced_with_its_odds_before_it_falls() -> None:
    walk = Walkthrough("sniper")
    said = walk.narration()
    assert said.played is None and said.text == get_scenario("sniper").summary
    assert said.next == ("Next roll: Sniper: colour roll (1 die): green, red or purple: "
                         "1 time in 3 (33%) each.")
    chance = walk.line_game(0).chance()
    assert chance is not None and odds_summary(chance) in said.next


@pytest.mark.parametrize(
    ("p", "words"),
    [
        (Fraction(1, 3), "1 time in 3 (33%)"),
        (Fraction(65, 81), "65 times in 81 (80%)"),
        (Fraction(1, 216), "1 time in 216 (0.5%)"),
        (Fraction(1), "every time"),
        (Fraction(0), "never"),
    ],
)
def test_odds_are_phrased_from_the_exact_fraction(p: Fraction, words: str) -> None:
    assert times_in(p) == words


# --- your turn --------------------------------------------------------------------------------


def test_your_turn_a_different_choice_says_why_and_changes_nothing() -> None:
    walk = Walkthrough("ju87", mode="your-turn")
    rev, before = walk.rev, walk.game.state.to_dict()
    verdict = walk.choose("aa:12")
    assert verdict is not None and not verdict.matches and not verdict.order_only
    assert verdict.rulebook.id == "aa:8"
    assert "aa:8" in verdict.message and verdict.rulebook.label in verdict.message
    assert "3.0 Bomb Stalingrad" in verdict.message and verdict.rule == "3.0 Bomb Stalingrad"
    assert "Why it matters" in verdict.message
    assert walk.divergence == verdict
    assert walk.narration().message == verdict.message
    # nothing moved: the game is the rulebook's, at the same step
    assert walk.rev == rev + 1 and walk.index == 0 and walk.on_line
    assert walk.game.state.to_dict() == before and walk.game.history == []
    with pytest.raises(WalkthroughError, match="go on with it or go back"):
        walk.next()


def test_your_turn_go_back_forgets_the_different_choice() -> None:
    walk = Walkthrough("ju87", mode="your-turn")
    walk.choose("aa:12")
    walk.go_back()
    assert walk.divergence is None and walk.index == 0
    verdict = walk.choose("aa:8")
    assert verdict is not None and verdict.matches and walk.index == 1
    with pytest.raises(WalkthroughError, match="No different choice"):
        walk.go_back()


def test_your_turn_go_on_plays_the_choice_with_seeded_dice() -> None:
    walk = Walkthrough("ju87", mode="your-turn", seed=5)
    walk.choose("fire")  # hold fire: all four Ju 87s bomb
    walk.go_on()
    assert not walk.on_line and walk.index == 0 and walk.branch_steps == 1
    history = walk.game.history
    assert history[0] == {"kind": "seed", "value": 5}
    assert history[1] == {"kind": "choose", "value": "fire"}
    assert repr(walk) == "<Walkthrough ju87: step 0 of 6 + 1 your own (your turn, seed 5)>"
    bombs = _walk_to_end(walk)
    assert bombs == 4  # four bombs, no Anti-aircraft fire
    assert get_scenario("ju87").verify(walk.game) != []
    walk.back_to_line()
    assert walk.on_line and walk.index == 0 and walk.game.history == []


def test_your_turn_a_reordered_choice_is_named_as_order_only() -> None:
    walk = Walkthrough("ju87", mode="your-turn")
    verdict = walk.choose("aa:13")
    assert verdict is not None and verdict.order_only
    assert "only the order differs" in verdict.message


def test_your_turn_dice_are_the_rulebooks_and_choices_are_the_learners() -> None:
    walk = Walkthrough("machine-gunners", mode="your-turn")
    walk.next()  # the placement roll: the rulebook's die
    assert walk.steps[0].roll is not None and walk.steps[0].roll.dice == (4,)
    with pytest.raises(WalkthroughError, match="Your turn"):
        walk.next()
    assert walk.why_not_next() is not None and walk.index == 1


def test_back_from_a_learners_first_own_step_returns_to_the_line() -> None:
    walk = Walkthrough("move", mode="your-turn")
    walk.choose("move:kiselev")
    walk.go_on()
    walk.back()
    assert walk.on_line and walk.index == 0 and walk.game.history == []


# --- roll for real ----------------------------------------------------------------------------


def _dice_of(walk: Walkthrough) -> list[tuple[int, ...]]:
    return [tuple(e["value"]) for e in walk.game.history if e["kind"] == "roll"]


def test_roll_for_real_is_reproducible_and_two_seeds_differ() -> None:
    runs = {}
    for seed in (1, 2, 1):
        walk = Walkthrough("assault", mode="roll", seed=seed)
        assert walk.game.history == [{"kind": "seed", "value": seed}]
        _walk_to_end(walk)
        outcome = (tuple(_dice_of(walk)), walk.game.state.to_dict()["defense"])
        if seed in runs:
            assert runs[seed] == outcome  # the same seed, the same dice and outcome
        runs[seed] = outcome
    assert runs[1][0] != runs[2][0]
    assert runs[1][0] != tuple(p.roll.dice for p in Walkthrough("assault").steps if p.roll)


def test_roll_for_real_starts_from_the_same_position() -> None:
    walk = Walkthrough("assault")
    walk.go(1)
    walk.set_mode("roll")
    line = walk.line_game(1).state.to_dict()
    branch = walk.game.state.to_dict()
    for key in ("script", "dice_rng"):
        line.pop(key), branch.pop(key)
    assert branch == line
    assert repr(walk) == "<Walkthrough assault: step 1 of 3 + 0 rolled (roll for real, seed 1)>"


def test_roll_for_real_new_dice_and_back_to_the_rulebook() -> None:
    walk = Walkthrough("artillery", mode="roll")
    _walk_to_end(walk)
    first = _dice_of(walk)
    walk.reseed()
    assert walk.seed == 2 and walk.branch_steps == 0
    _walk_to_end(walk)
    assert _dice_of(walk) != first
    walk.back_to_line()
    assert walk.mode == "watch" and walk.on_line and walk.index == 0


def test_roll_for_real_takes_the_rulebooks_choices_where_they_fit() -> None:
    walk = Walkthrough("ju87", mode="roll")
    for _ in range(3):
        walk.next()
    assert [e["value"] for e in walk.game.history[1:]] == ["aa:8", "aa:13", "fire"]
    played = walk.narration().played
    assert played is not None and played.by_rulebook


@pytest.mark.parametrize("name", scenario_names())
def test_roll_for_real_steps_every_example_to_an_end(name: str) -> None:
    for seed in (1, 2):
        walk = Walkthrough(name, mode="roll", seed=seed)
        for _ in range(100):
            if walk.at_end:
                break
            if walk.why_not_next() is None:
                walk.next()
            else:  # the rulebook has no choice for this moment: take the first option
                walk.choose(walk.game.legal_actions()[0])
        assert walk.at_end


@pytest.mark.parametrize("name", scenario_names())
def test_a_branch_never_ends_before_the_example_does(name: str) -> None:
    walk = Walkthrough(name)
    for step in range(len(walk)):
        walk.go(step)
        walk.set_mode("roll")
        assert not walk.at_end, f"{name}: a branch from step {step} is over at once"
        walk.set_mode("watch")


FRESH_SEEDS = (1, 2, 3, 5, 8)
"""Seeds of the fresh dice the outcome test plays every example with: between them every
colour, hits and misses, casualties and the choices a hit asks for come up."""

NOTHING_MORE = "That result changes nothing more on the board."


def _rolled_for_real(name: str, seed: int) -> list[tuple[str, list[str], str]]:
    """Play ``name`` for real with ``seed`` to its end and say what every roll narrated.

    For every roll: the narration, the sentences of what the engine logged under the roll's
    rule, and the choice it then waits for inside that rule ("" when none).
    """
    walk = Walkthrough(name, mode="roll", seed=seed)
    said: list[tuple[str, list[str], str]] = []
    for _ in range(100):
        if walk.at_end:
            break
        if walk.why_not_next() is not None:  # no rulebook choice fits: take the first option
            walk.choose(walk.game.legal_actions()[0])
            continue
        before, phase = len(walk.shown.log), walk.shown.phase
        walk.next()
        narration = walk.narration()
        played = narration.played
        if played is None or played.roll is None:
            continue
        game = walk.shown
        logged = [e.text for e in game.log[before:]
                  if e.kind in ("event", "casualty") and e.rule == played.roll.rule]
        pending = game.pending
        waits = (pending.prompt if isinstance(pending, Decision) and game.phase == phase
                 and pending.op not in RESTING_DECISIONS else "")
        said.append((narration.text, logged, waits))
    assert walk.at_end
    return said


@pytest.mark.parametrize("name", [n for n in scenario_names()
                                  if any(p.roll for p in Walkthrough(n).steps)])
def test_fresh_dice_narrate_every_rolls_outcome(name: str) -> None:
    """Played with fresh dice, a roll's narration goes on to its outcome (issue 21).

    It does not stop at its result ("the dice show 2, so green"): it says, in whole sentences,
    what the engine did with it, and the choice the result waits for (First Aid, who on a
    shared position is hit).
    """
    rolls = 0
    for seed in FRESH_SEEDS:
        for text, logged, waits in _rolled_for_real(name, seed):
            rolls += 1
            dice, _, outcome = text.partition(". ")
            assert ": the dice show " in dice, text
            assert outcome and outcome != NOTHING_MORE, f"{name}, seed {seed}: {text}"
            assert outcome.endswith((".", "?", "!")), text  # whole sentences
            for sentence in logged:
                assert sentence in outcome, f"{name}, seed {seed}: {sentence!r} unsaid in {text}"
            assert waits in outcome, f"{name}, seed {seed}: the choice {waits!r} unsaid"
    assert rolls >= len(FRESH_SEEDS)


def test_fresh_dice_on_an_empty_colour_say_nobody_is_there() -> None:
    """The issue's own case: the Sniper's colour roll falls on green, where nobody stands."""
    texts = [text for text, _, _ in _rolled_for_real("sniper", 2)]
    assert texts == ["Sniper: colour roll: the dice show 2, so green. "
                     "Sniper: no Soviet counter on green positions; no effect."]


def test_fresh_dice_name_the_choice_a_hit_waits_for() -> None:
    """A Mortar's hit on a Disrupted defender waits for First Aid (5.0): the narration says so."""
    texts = [text for text, _, _ in _rolled_for_real("first-aid", 1)]
    assert any(t.endswith("Sobgayda is already Disrupted. A choice decides what it does: "
                          "Sobgayda would become a casualty (second Disrupted token (Mortar)): "
                          "use First Aid?") for t in texts), texts


# --- garbage in, a clear error, nothing changed ------------------------------------------------


@pytest.mark.parametrize("step", [-1, 4, 99, "2", 2.0, True, None])
def test_unknown_step_is_refused_and_changes_nothing(step: object) -> None:
    walk = Walkthrough("sniper")
    walk.go(1)
    rev, said = walk.rev, str(walk.narration())
    with pytest.raises(WalkthroughError, match=r"unknown step .*steps 0 to 3"):
        walk.go(step)  # type: ignore[arg-type]
    with pytest.raises(WalkthroughError, match="unknown step"):
        walk.line_game(step)  # type: ignore[arg-type]
    assert walk.rev == rev and str(walk.narration()) == said and walk.index == 1


@pytest.mark.parametrize("option", ["move:nobody", "nonsense", "", 42, None])
def test_unknown_option_is_refused_and_changes_nothing(option: object) -> None:
    walk = Walkthrough("ju87", mode="your-turn")
    rev = walk.rev
    with pytest.raises(WalkthroughError) as refused:
        walk.choose(option)  # type: ignore[arg-type]
    if isinstance(option, str):
        assert "aa:8, aa:12, aa:13, fire" in str(refused.value)  # the options are listed
    assert walk.rev == rev and walk.divergence is None and walk.index == 0


def test_choices_are_refused_when_watching_at_a_roll_and_at_the_end() -> None:
    walk = Walkthrough("machine-gunners")
    with pytest.raises(WalkthroughError, match="Watching"):
        walk.choose("spend:1")
    walk.set_mode("your-turn")
    with pytest.raises(WalkthroughError, match="dice come first"):
        walk.choose("spend:1")
    walk.go(len(walk))
    with pytest.raises(WalkthroughError, match="over"):
        walk.choose("spend:1")
    with pytest.raises(WalkthroughError, match="No different choice"):
        walk.go_on()


def test_unknown_scenario_mode_and_seed_are_refused() -> None:
    with pytest.raises(UnknownScenarioError, match="sniper"):
        Walkthrough("no-such-example")
    with pytest.raises(WalkthroughError, match="unknown mode 'dance'"):
        Walkthrough("sniper", mode="dance")
    with pytest.raises(WalkthroughError, match="whole number"):
        Walkthrough("sniper", seed="7")  # type: ignore[arg-type]
    walk = Walkthrough("sniper")
    rev = walk.rev
    with pytest.raises(WalkthroughError, match="unknown mode"):
        walk.mode = "fast"
    with pytest.raises(WalkthroughError, match="whole number"):
        walk.reseed(1.5)  # type: ignore[arg-type]
    assert walk.rev == rev and walk.mode == "watch" and walk.seed == 1


def test_back_at_the_start_is_refused() -> None:
    walk = Walkthrough("sniper")
    with pytest.raises(WalkthroughError, match="start"):
        walk.back()
    walk.set_mode("roll")
    with pytest.raises(WalkthroughError, match="start"):
        walk.back()


def test_modes_accept_their_on_screen_labels() -> None:
    walk = Walkthrough("sniper", mode="roll for real")
    assert walk.mode == "roll"
    walk.mode = "your turn"
    assert walk.mode == "your-turn" and walk.on_line


def test_listeners_hear_every_change() -> None:
    walk = Walkthrough("sniper")
    heard: list[int] = []
    stop = walk.on_change(lambda w: heard.append(w.rev))
    walk.next()
    walk.go(3)
    stop()
    walk.back()
    assert heard == [1, 2]


# --- the widget ---------------------------------------------------------------------------------


def test_widget_repr_is_the_walkthroughs_stable_text() -> None:
    walk = Walkthrough("sniper")
    widget = walk.widget()
    assert isinstance(widget, WalkthroughWidget) and walk.widget() is widget
    assert repr(widget) == "<Walkthrough sniper: step 0 of 3 (watch)>"
    bundle = walk._repr_mimebundle_()
    assert bundle["text/plain"] == "<Walkthrough sniper: step 0 of 3 (watch)>"
    assert "application/vnd.jupyter.widget-view+json" in bundle
    widget.close()
    assert walk.widget() is not widget  # a closed widget is replaced
    walk.widget().close()


def test_widget_buttons_slider_and_modes_drive_the_walkthrough() -> None:
    widget = WalkthroughWidget("sniper")
    walk = widget.walkthrough
    widget.next_button.click()
    assert walk.index == 1 and widget.slider.value == 1
    assert widget.board.game.history == walk.game.history
    assert "1 time in 3" in widget.narration.value
    widget.slider.value = 3
    assert walk.index == 3 and widget.next_button.disabled
    widget.back_button.click()
    assert walk.index == 2
    widget.modes.value = "roll"
    assert walk.mode == "roll" and widget.new_dice_button.layout.display == ""
    widget.line_button.click()
    assert walk.mode == "watch" and widget.modes.value == "watch"
    walk.go(0)  # a change made in another cell shows too
    assert widget.slider.value == 0 and repr(widget) == repr(walk)
    widget.close()


def test_widget_a_different_choice_on_the_board_waits_for_the_learner() -> None:
    widget = WalkthroughWidget("ju87")
    board = widget.board
    board.handle_message({"kind": "choose", "option": "aa:12", "rev": board.rev,
                          "game": board.game_serial})
    walk = widget.walkthrough
    assert walk.mode == "your-turn" and walk.divergence is not None
    assert widget.board.game.history == []  # the board shows the rulebook's position again
    assert widget.go_on_button.layout.display == "" and widget.next_button.disabled
    assert "aa:8" in widget.narration.value
    widget.go_back_button.click()
    assert walk.divergence is None and widget.go_on_button.layout.display == "none"
    board = widget.board
    board.handle_message({"kind": "choose", "option": "aa:8", "rev": board.rev,
                          "game": board.game_serial})
    assert walk.index == 1 and widget.board.game.history == walk.game.history
    board = widget.board
    board.handle_message({"kind": "undo", "rev": board.rev, "game": board.game_serial})
    assert walk.index == 0
    widget.close()


def test_widget_board_roll_is_the_walkthroughs_next_step() -> None:
    widget = WalkthroughWidget("sniper")
    board = widget.board
    assert not board.game.auto_roll  # the learner sees the odds, then rolls
    board.handle_message({"kind": "step", "rev": board.rev, "game": board.game_serial})
    assert widget.walkthrough.index == 1
    assert widget.board.game.history == [{"kind": "roll", "value": [3]}]
    widget.close()


def test_widget_shows_a_refusal_and_changes_nothing() -> None:
    widget = WalkthroughWidget("sniper")
    widget.back_button.disabled = False
    widget.back_button.click()
    assert "start" in widget.status.value and widget.walkthrough.index == 0
    widget.next_button.click()
    assert widget.status.value == ""
    widget.close()


def test_ended_checks_the_example_without_moving_the_walkthrough() -> None:
    walk = Walkthrough("sniper")
    walk.next()
    done = walk.ended()
    assert repr(done) == "<Walkthrough sniper: step 3 of 3 (watch)>"
    assert get_scenario("sniper").verify(done.game) == []
    assert walk.index == 1
