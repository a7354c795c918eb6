"""Policies: the random and heuristic players, and writing your own.

The heuristic's rules are checked on hand-made positions, one rule per test, named after the
rule it follows; and over a few seeded games it must clearly beat the random player.
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
import statistics
from collections.abc import Callable
from typing import Any

import pytest

from pavlov_widgets.engine import Game, Option, RuleSettings
from pavlov_widgets.engine.actions import ACCEPT, DECLINE, DONE, END_PHASE, FIRST_AID
from pavlov_widgets.engine.settings import VARIANTS
from pavlov_widgets.engine.state import GameState
from pavlov_widgets.sim import (
    POLICIES,
    FastPolicy,
    HeuristicPolicy,
    RandomPolicy,
    get_policy,
    play_game,
    policy_rng,
    simulate,
)
from pavlov_widgets.sim import heuristic as heuristic_mod
from pavlov_widgets.sim.invariants import check_invariants
from pavlov_widgets.sim.policies import policy_name

RNG = random.Random(0)


# --- position builders ----------------------------------------------------------------------


def position(mutate: Callable[[GameState, Game], None], seed: int = 1) -> Game:
    """A new game's state, changed by ``mutate(state, scratch_game)``, as a game."""
    scratch = Game.new(seed=seed)
    state = scratch.state.copy()
    scratch.engine.s = state  # so mutate can use the engine's token helpers on this state
    mutate(state, scratch)
    return Game(state)


def decision(op: str, **data: Any) -> dict[str, Any]:
    """A pending decision as the engine stores it."""
    return {"kind": "decision", "op": op, "prompt": op, "rule": "test", **data}


def set_hand(state: GameState, cards: list[str]) -> None:
    """Make ``cards`` the hand, keeping every card in exactly one pile."""
    for pile in (state.soviet_deck, state.soviet_discard, state.fog_stock):
        for card in cards:
            if card in pile:
                pile.remove(card)
    state.soviet_deck.extend(c for c in state.hand if c not in cards)
    state.hand[:] = cards
    state.hand_used.clear()


def choose(game: Game) -> Option:
    """The heuristic's choice, checked to be one of the legal options."""
    option = HeuristicPolicy()(game, RNG)
    assert option in game.legal_actions()
    return option


# --- the heuristic's rules ----------------------------------------------------------------


def test_heuristic_recovers_the_army_command_post_first() -> None:
    """A Disrupted 62nd Army CP (18) is recovered before anything else (3.0 Bomb Stalingrad)."""

    def mutate(s: GameState, g: Game) -> None:
        set_hand(s, ["soviet-01", "soviet-25", "soviet-26", "soviet-28"])
        g.engine.move_tokens("disrupted", "stock", "loc:18")

    choice = choose(position(mutate))
    assert choice.verb == "card"
    assert choice.args == {"card": "soviet-01", "unit": "62nd-army-cp", "action": "recover"}


def test_heuristic_reinforces_an_empty_house() -> None:
    """With four defenders and nothing on the board, reinforcements come first (2.0)."""

    def mutate(s: GameState, g: Game) -> None:
        set_hand(s, ["soviet-09", "soviet-25", "soviet-26", "soviet-28"])

    choice = choose(position(mutate))
    assert choice.verb == "card"
    assert choice.args == {"card": "soviet-09", "unit": "13th-guards-cp", "action": "reinforce"}


def test_heuristic_spends_every_token_to_stop_an_overrun() -> None:
    """Infantry entering a full track would lose the game: every token is spent (3.0)."""

    def mutate(s: GameState, g: Game) -> None:
        s.tracks[3] = [f"riflemen-{i}" for i in range(2, 7)]
        g.engine.move_tokens("suppression", "supplies", "suppress:red", 3)
        s.pending = decision("suppress_entry", counter="riflemen-1", track=3)

    choice = choose(position(mutate))
    assert choice.verb == "spend" and choice.int_arg("count") == 3


def test_heuristic_keeps_tokens_for_later_on_an_empty_track() -> None:
    """On an empty track a few dice are enough; the rest of the tokens wait (3.0)."""

    def mutate(s: GameState, g: Game) -> None:
        g.engine.move_tokens("suppression", "supplies", "suppress:red", 5)
        s.pending = decision("suppress_entry", counter="riflemen-1", track=3)

    choice = choose(position(mutate))
    assert choice.verb == "spend" and 0 < choice.int_arg("count") < 5


@pytest.mark.parametrize(("who", "tokens", "expected"), [
    ("pavlov", 1, FIRST_AID),   # a Command counter is worth the last token
    ("svirin", 1, ACCEPT),      # a plain rifleman is not...
    ("svirin", 3, FIRST_AID),   # ...unless tokens are plentiful
])
def test_heuristic_uses_first_aid_wisely(who: str, tokens: int, expected: str) -> None:
    """First Aid on valuable counters, or on anyone while tokens are plentiful (5.0)."""

    def mutate(s: GameState, g: Game) -> None:
        for cid in ("svirin", "chait", "kiselev", "masijashvili"):
            s.soviet[cid].where = "reserves"
        s.soviet[who].where = "G1"
        g.engine.move_tokens("first_aid", "stock", "supplies", tokens)
        s.pending = decision("first_aid", counter=who, why="Sniper", rule_name="3.0")

    assert choose(position(mutate)).verb == expected


def test_heuristic_starves_the_least_valuable_counter() -> None:
    """Without enough Food the least valuable counter goes hungry (3.0 Resupply)."""

    def mutate(s: GameState, g: Game) -> None:
        for cid in ("glushenko", "chernogolov", "alexandrov"):
            s.soviet[cid].where = "removed"
        s.soviet["svirin"].where = "reserves"  # Pavlov (Command, Storm Group) and a rifleman
        s.pending = decision("starve_pick", left=1)

    choice = choose(position(mutate))
    assert choice.verb == "starve" and choice.str_arg("counter") == "svirin"


def test_heuristic_fires_at_the_most_dangerous_track() -> None:
    """Of two targets in sight, the one on the fuller track (3.0 Advance) is shot at."""

    def mutate(s: GameState, g: Game) -> None:
        s.soviet["pavlov"].where = "G1"
        s.tracks[0][0] = "riflemen-1"
        s.tracks[1][:4] = ["riflemen-2", "scouts-1", "machine-gunners-1", "riflemen-3"]
        s.pending = decision("fire_target", where="G1", dice=2, target_kind="infantry",
                             source="Pavlov")

    choice = choose(position(mutate))
    assert choice.verb == "target"
    assert choice.str_arg("counter") in ("riflemen-2", "machine-gunners-1", "riflemen-3")


def _raid_position(raiders: list[str]) -> Game:
    def mutate(s: GameState, g: Game) -> None:
        milk = next(c for c, card in g.components.wehrmacht_cards.items()
                    if card.kind == "storm_group")
        s.wehrmacht_deck.remove(milk)
        s.storm_box = milk
        for cid in ("pavlov", "glushenko", "chernogolov", "alexandrov"):
            s.soviet[cid].where = "removed"
        for cid in raiders:
            s.soviet[cid].where = "reserves"
        s.pending = decision("raid_pick", chosen=[], free=True)

    return position(mutate)


def test_heuristic_declines_a_hopeless_free_raid() -> None:
    """One die cannot reach the Milk House's Defense: no raid (6.0, 3.0 Storm Group)."""
    assert choose(_raid_position(["glushenko"])).verb == DECLINE


def test_heuristic_raids_when_the_odds_are_good() -> None:
    """Storm Group [S] counters roll three dice each: the free raid is worth it."""
    game = _raid_position(["pavlov", "chernogolov", "kiselev", "glushenko"])
    first = choose(game)
    assert first.verb == "raider"
    assert first.str_arg("counter") in ("pavlov", "chernogolov", "kiselev")


def test_heuristic_buys_defenders_only_as_food_allows() -> None:
    """Before a Resupply card the house is not grown beyond its Food (3.0 Resupply)."""

    def mutate(s: GameState, g: Game) -> None:
        for cid in list(s.soviet)[4:16]:
            s.soviet[cid].where = "reserves"
        s.pending = decision("reinforce", points=6)

    game = position(mutate)
    choice = choose(game)
    # a weapon does not eat (3.0 Resupply, default reading); a Soviet counter would starve
    assert choice.verb == DONE or choice.str_arg("piece") in game.components.weapons


def test_heuristic_falls_back_to_the_first_option_for_an_unknown_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A decision it has no rule for (a future variant's) gets the engine's first option."""
    game = Game.new(seed=2)
    monkeypatch.delitem(heuristic_mod._HANDLERS, "card_action")
    assert HeuristicPolicy()(game, RNG) == game.legal_actions()[0]


def test_heuristic_explains_every_option() -> None:
    """explain() lists every option with a score and a reason, best first."""
    game = Game.new(seed=4)
    text = HeuristicPolicy().explain(game)
    lines = text.splitlines()
    assert len(lines) == len(game.legal_actions())
    scores = [float(line.split()[0]) for line in lines]
    assert scores == sorted(scores, reverse=True)
    for option in game.legal_actions():
        assert option.label in text


def test_heuristic_beats_random_play() -> None:
    """Over the same 12 seeds the heuristic scores far better than random play."""
    heuristic = statistics.fmean(play_game(s, "heuristic").score for s in range(12))
    rand = statistics.fmean(play_game(s, "random").score for s in range(12))
    assert heuristic > rand + 15, (heuristic, rand)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v != "base"])
def test_heuristic_plays_every_variant(variant: str) -> None:
    """The variants' decisions get legal answers and every step keeps the invariants."""
    result = play_game(3, "heuristic", RuleSettings.for_variant(variant),
                       check=check_invariants, variant=variant)
    assert result.turn >= 1


# --- policies in general ------------------------------------------------------------------


def test_random_policy_is_uniform_over_legal_options() -> None:
    """Every legal option of the first decision comes up under the random policy."""
    game = Game.new(seed=6)
    ids = set(game.legal_ids())
    rng = random.Random(1)
    seen = {RandomPolicy()(game, rng) for _ in range(400)}
    assert seen == ids


def test_random_policy_draws_ids_as_a_draw_from_the_options_would() -> None:
    """The random policy answers with ids (the cheaper list): the same games as Options.

    Drawing from ``legal_ids()`` uses the generator exactly as drawing from
    ``legal_actions()`` (same length, same order), so seeded random games are unchanged.
    """
    game = Game.new(seed=8)
    a, b = policy_rng(8, "random"), policy_rng(8, "random")
    for _ in range(60):
        if game.is_over:
            break
        pick = RandomPolicy()(game, a)
        assert isinstance(pick, str) and pick == b.choice(game.legal_actions()).id
        game.apply(pick)


def test_heuristic_places_every_suppression_token_the_value_allows() -> None:
    """Suppress places up to the counter's value (4.0): the heuristic places them all."""

    def mutate(s: GameState, g: Game) -> None:
        s.pending = decision("suppress_count", most=3, colours=["red"], source="Pavlov",
                             actors=["pavlov"])

    game = position(mutate)
    choice = choose(game)
    assert choice.verb == "place" and choice.int_arg("count") == 3
    assert "an unfamiliar decision" not in HeuristicPolicy().explain(game)


def test_policy_rng_is_reproducible_and_per_policy() -> None:
    """The policy's generator depends on the seed and the policy's name only."""
    assert policy_rng(5, "random").random() == policy_rng(5, "random").random()
    assert policy_rng(5, "random").random() != policy_rng(6, "random").random()
    assert policy_rng(5, "random").random() != policy_rng(5, "heuristic").random()


def test_a_plain_function_is_a_policy() -> None:
    """Outside code can write a policy in a few lines and simulate with it."""

    def first_option(game: Game, rng: random.Random) -> Option:
        return game.legal_actions()[0]

    summary = simulate(3, seed=10, policy=first_option)
    assert summary.policy == "first_option" and summary.games == 3


def test_a_class_with_a_name_is_a_policy() -> None:
    """A small class with ``__call__`` and ``name`` works the same way."""

    class Cautious:
        name = "cautious"

        def __call__(self, game: Game, rng: random.Random) -> Option:
            options = game.legal_actions()
            return next((o for o in options if o.verb == END_PHASE), options[-1])

    assert policy_name(Cautious()) == "cautious"
    assert simulate(2, policy=Cautious()).policy == "cautious"


def test_get_policy_names_the_known_policies() -> None:
    """Unknown names and non-callables are refused with a message that helps."""
    assert set(POLICIES) == {"random", "heuristic", "fast", "german-heuristic"}
    assert isinstance(get_policy("heuristic"), HeuristicPolicy)
    assert isinstance(get_policy("fast"), FastPolicy)
    with pytest.raises(ValueError,
                       match="unknown policy 'clever'; known: random, heuristic, fast, "
                             "german-heuristic"):
        get_policy("clever")
    with pytest.raises(TypeError, match="a policy must be"):
        get_policy(42)  # type: ignore[arg-type]


def test_both_policies_replay_exactly() -> None:
    """The same seed and policy give the same game, choice for choice."""
    for name in ("random", "heuristic", "fast"):
        a, b = play_game(21, name), play_game(21, name)
        assert a == b


def test_fast_policy_beats_random_play_and_keeps_the_heuristics_rules() -> None:
    """The lab's playout player: far better than random, the heuristic's rules elsewhere."""
    fast = statistics.fmean(play_game(s, "fast").score for s in range(12))
    rand = statistics.fmean(play_game(s, "random").score for s in range(12))
    assert fast > rand + 15, (fast, rand)
    assert FastPolicy.deterministic and FastPolicy().name == "fast"


def test_heuristic_move_memo_gives_the_choices_of_a_fresh_view() -> None:
    """The move phase's memo (speed only) never changes a choice (4.0 Move)."""
    for seed in (2, 5):
        game = Game.new(seed=seed)
        kept = HeuristicPolicy()
        rng = policy_rng(seed, "heuristic")
        while not game.is_over and game.turn <= 6:
            choice = kept(game, rng)
            assert choice.id == HeuristicPolicy()(game, rng).id
            game.apply(choice)


def test_heuristic_travels_to_another_process_without_its_memo() -> None:
    import pickle

    policy = HeuristicPolicy()
    game = Game.new(seed=1)
    while game.state.phase != "counter_moves":
        game.apply(policy(game, RNG))
    policy(game, RNG)
    assert policy._moves is not None
    assert pickle.loads(pickle.dumps(policy))._moves is None


@pytest.mark.parametrize("module", ["heuristic", "policies", "simulate", "cli", "fast"])
def test_sim_reads_typed_options_and_the_public_engine_only(module: str) -> None:
    """Typed actions (architecture): sim/ never parses an id nor reaches into the rule machine.

    Options are read by verb and typed arguments; the game's derived facts come from the
    Observer, not from ``game.engine`` or ``engine.machine``.
    """
    source = inspect.getsource(importlib.import_module(f"pavlov_widgets.sim.{module}"))
    for parse in (".id.split", ".id.partition", ".id ==", ".id[", 'startswith("'):
        assert parse not in source, f"sim/{module}.py parses an option id: {parse}"
    for internal in (r"engine\.machine", r"\bimport Engine\b",
                     r"\b(?!pavlov_widgets\.)\w+\.(engine|e)\.\w"):
        found = re.search(internal, source)
        assert found is None, f"sim/{module}.py uses the rule machine: {found}"
