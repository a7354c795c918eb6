"""4.0 Soviet Counter Phase: Suppress up to its value, three rulings, typed options, log fields.

The rulings are those of ``docs/rules-notes.md`` (no move onto a tired counter, Command on
Reserves, the Mortar's split); the log entries carry their targets and removed counters.

Positions are hand-made (see :mod:`tests.engine.helpers`).
"""

from __future__ import annotations

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.actions import VERBS, parse

from .helpers import (
    action_phase,
    at,
    blank,
    check_invariants,
    counter,
    counter_phase,
    ids,
    lines,
    pending_op,
    tokens,
    weapon,
    wehrmacht,
)

M = "T1 Soviet Counter Phase: moves: "
A = "T1 Soviet Counter Phase: actions: "


def boxes(game: Game) -> tuple[int, int, int, int]:
    """Suppression tokens in the green, red and purple boxes and in Supplies."""
    return (at(game, "suppress:green", "suppression"), at(game, "suppress:red", "suppression"),
            at(game, "suppress:purple", "suppression"), at(game, "supplies", "suppression"))


# --- 4.0 Suppress: up to the Suppress Value -------------------------------------------------


def test_4_0_suppress_places_up_to_its_value() -> None:
    state = blank()
    counter(state, "voronov", "P1")  # suppress 2, one colour
    game = action_phase(state)
    game.apply("suppress:voronov")
    assert pending_op(game) == "suppress_count"
    assert game.pending.prompt == (  # type: ignore[union-attr]
        "Voronov: place how many Suppression tokens (up to 2)?"
    )
    # from the full value down to one: placing none is no Suppress (see the rules notes)
    assert [(o.id, o.label, o.targets) for o in game.legal_actions()] == [
        ("place:2", "Place 2 Suppression tokens", ("box:suppress:purple",)),
        ("place:1", "Place 1 Suppression token", ("box:suppress:purple",)),
    ]
    game.apply("place:1")
    assert lines(game)[0] == (
        f"{A}Voronov suppresses: 1 token to the purple Suppression box (4.0 Suppress)"
    )
    assert boxes(game) == (0, 0, 1, 9)
    # the counter is Exhausted all the same: it took the Suppress action
    assert game.state.soviet["voronov"].exhausted
    check_invariants(game)


def test_4_0_suppress_up_to_what_supplies_holds() -> None:
    state = blank()
    counter(state, "ramazanov", "G1")
    counter(state, "sarkisyan", "G1")
    weapon(state, "maxim-1", "G1")  # suppress 4, no Inspire counter on a position
    tokens(state, "supplies", "suppression", 3)
    game = action_phase(state)
    game.apply("team:mg-suppress:G1")
    assert ids(game) == ["place:3", "place:2", "place:1"]
    game.apply("place:2")
    assert boxes(game) == (2, 0, 0, 1)
    assert lines(game)[0] == (
        f"{A}Ramazanov & Sarkisyan (Maxim M1910 machine gun) suppresses: 2 tokens to the green"
        " Suppression box (4.0 Machine Gun)"
    )
    check_invariants(game)


def test_4_0_suppress_count_then_split_on_two_colours() -> None:
    state = blank()
    counter(state, "voronov", "G4R1")  # suppress 2 on green 4 / red 1
    game = action_phase(state)
    game.apply("suppress:voronov")
    assert ids(game) == ["place:2", "place:1"]
    assert game.legal_actions()[0].targets == ("box:suppress:green", "box:suppress:red")
    game.apply("place:1")
    # the split offers only the one token chosen
    assert [(o.id, o.label) for o in game.legal_actions()] == [
        ("split:1", "green 1 / red 0"),
        ("split:0", "green 0 / red 1"),
    ]
    game.apply("split:0")
    entry = game.log[0]
    assert entry.text == "Voronov suppresses: 0 to green, 1 to red"
    assert entry.targets == ("counter:voronov", "box:suppress:green", "box:suppress:red")
    assert boxes(game) == (0, 1, 0, 9)
    check_invariants(game)


def test_4_0_suppress_of_one_token_asks_nothing() -> None:
    state = blank()
    counter(state, "glushenko", "G1")  # suppress 1: the rulebook's example
    game = action_phase(state)
    game.apply("suppress:glushenko")
    assert pending_op(game) is None  # the one action left has no counter to take it
    assert game.log[0].targets == ("counter:glushenko", "box:suppress:green")
    assert boxes(game) == (1, 0, 0, 9)


# --- rulings (docs/rules-notes.md) ----------------------------------------------------------


def test_4_0_move_never_onto_an_exhausted_or_disrupted_counter_not_even_to_join() -> None:
    state = blank()
    counter(state, "sobgayda", "G1", exhausted=True)  # Anti-tank, with the M1937
    weapon(state, "m1937", "G1")
    counter(state, "ramazanov", "G2", disrupted=True)  # Machine Gun, with a Maxim
    weapon(state, "maxim-1", "G2")
    counter(state, "murzaev", "G3")  # Anti-tank
    counter(state, "sarkisyan", "G5")  # Machine Gun
    game = counter_phase(state)
    game.apply("move:murzaev")
    assert "to:G1" not in ids(game)  # Sobgayda is Exhausted: no joining him
    game.apply("back")
    game.apply("move:sarkisyan")
    assert "to:G2" not in ids(game)  # Ramazanov is Disrupted: no joining him
    game.apply("back")
    # the same pairs may share once the partner is fresh again
    state = blank()
    counter(state, "sobgayda", "G1")
    weapon(state, "m1937", "G1")
    counter(state, "murzaev", "G3")
    game = counter_phase(state)
    game.apply("move:murzaev")
    assert game.legal_actions()[0].label == "G1, joining Sobgayda"


def test_4_0_command_may_recover_a_counter_in_reserves() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    counter(state, "chait", "reserves", exhausted=True, disrupted=True)
    counter(state, "glushenko", "G5")  # keeps the phase going after the Command
    game = action_phase(state)
    game.apply("command:pavlov")
    assert ids(game) == ["cmd:chait:disrupted", "cmd:chait:exhausted", "done"]
    game.apply("cmd:chait:disrupted")
    game.apply("cmd:chait:exhausted")
    c = game.state.soviet["chait"]
    assert (c.where, c.exhausted, c.disrupted, c.marker) == ("reserves", False, False, "command")
    assert game.log[-1].targets == ("counter:chait",)
    check_invariants(game)


def test_4_0_mortar_may_split_its_tokens_between_two_colours() -> None:
    state = blank()
    counter(state, "bondarenko", "P4R6")  # Mortar crew on purple 4 / red 6
    counter(state, "yakimenko", "P4R6")
    weapon(state, "rm-40", "P4R6")  # suppress 6
    game = action_phase(state)
    game.apply("team:mortar:P4R6")
    assert ids(game) == [f"place:{k}" for k in range(6, 0, -1)]
    game.apply("place:6")
    assert ids(game) == [f"split:{k}" for k in range(6, -1, -1)]
    assert game.legal_actions()[0].label == "red 6 / purple 0"
    game.apply("split:4")
    entry = game.log[0]
    assert str(entry) == (
        f"{A}Bondarenko & Yakimenko (RM-40 50 mm mortar) suppresses: 4 to red, 2 to purple"
        " (4.0 Mortar)"
    )
    assert entry.targets == ("counter:bondarenko", "counter:yakimenko", "weapon:rm-40",
                             "box:suppress:red", "box:suppress:purple")
    assert boxes(game) == (0, 4, 2, 4)
    check_invariants(game)


# --- typed options and structured log entries ------------------------------------------------


def test_4_0_options_are_typed_verbs_of_the_schema() -> None:
    state = blank()
    counter(state, "sobgayda", "G1")
    weapon(state, "m1937", "G1")
    counter(state, "masijashvili", "G2")
    counter(state, "kiselev", "reserves")
    game = counter_phase(state)
    seen = []
    for choice in ("move:sobgayda", "to:G2", "carry:m1937", "to:reserves"):
        for o in game.legal_actions():
            assert o.verb in VERBS
            assert parse(o.id) == (o.verb, dict(o.args)), o
        seen.append(game.legal_actions())
        game.apply(choice)
    move = next(o for o in seen[0] if o.id == "move:sobgayda")
    assert (move.verb, move.str_arg("counter"), move.targets) == (
        "move", "sobgayda", ("counter:sobgayda",))
    to = next(o for o in seen[1] if o.id == "to:G2")
    assert (to.verb, to.str_arg("place")) == ("to", "G2")
    assert [o.id for o in seen[3]][-1] == "to:reserves"
    assert seen[3][-1].targets == ("box:reserves",)


def test_4_0_move_log_names_the_counter_weapon_and_places() -> None:
    state = blank()
    counter(state, "sobgayda", "G1")
    weapon(state, "m1937", "G1")
    counter(state, "masijashvili", "G2")
    game = counter_phase(state)
    for choice in ("move:sobgayda", "to:G2", "carry:m1937", "to:reserves"):
        game.apply(choice)
    moved, displaced = game.log[0], game.log[1]
    assert moved.text == "Sobgayda moves from position G1 to position G2 with the M1937 45 mm gun"
    assert moved.targets == ("counter:sobgayda", "weapon:m1937", "square:G1", "square:G2")
    assert displaced.text == "Masijashvili is displaced to Reserves (free move)"
    assert displaced.targets == ("counter:masijashvili", "square:G2", "box:reserves")


def test_4_0_attack_log_names_the_counter_destroyed() -> None:
    state = blank()
    counter(state, "chekhov", "G1")
    wehrmacht(state, 1, 2, "riflemen-1")
    game = action_phase(state, script=[1, 2, 2, 4])
    game.apply("attack:chekhov")
    game.apply("target:riflemen-1")
    attacks, _roll, destroyed = game.log[:3]
    assert attacks.targets == ("counter:chekhov",)
    assert destroyed.text == "The Riflemen is destroyed and returns to the stock"
    assert (destroyed.targets, destroyed.removed) == (("track:1:2",), ("riflemen-1",))


def test_4_0_attack_miss_removes_nothing() -> None:
    state = blank()
    counter(state, "chekhov", "G1")
    wehrmacht(state, 2, 3, "scouts-1")
    game = action_phase(state, script=[1, 1, 1, 1])
    game.apply("attack:chekhov")
    game.apply("target:scouts-1")
    miss = game.log[2]
    assert miss.text == "Chekhov misses the Scouts"
    assert (miss.targets, miss.removed) == (("track:2:3",), ())


def test_4_0_request_reinforcements_log_and_plural() -> None:
    state = blank()
    counter(state, "glushenko", "G6")  # the radio position
    game = action_phase(state)
    game.apply("radio:glushenko")
    buy = next(o for o in game.legal_actions() if o.id == "buy:chait")
    assert (buy.verb, buy.str_arg("piece"), buy.targets) == ("buy", "chait",
                                                             ("stock-soviet:chait",))
    game.apply("buy:chait")  # cost 1: one point left
    assert game.pending.prompt == "Reinforcements: 1 point to spend"  # type: ignore[union-attr]
    assert game.legal_actions()[-1].label == "Done (1 point unspent)"
    joined = game.log[-1]
    assert joined.text == "Chait joins the Reserves (1 point left)"
    assert joined.targets == ("counter:chait", "box:reserves")


def test_4_0_command_prompt_counts_recovers() -> None:
    state = blank()
    counter(state, "pavlov", "G1")
    counter(state, "chait", "G2", exhausted=True)
    counter(state, "kiselev", "G3", disrupted=True)
    counter(state, "glushenko", "G5")
    game = action_phase(state)
    game.apply("command:pavlov")
    assert game.pending.prompt == "Pavlov commands: 3 Recovers left"  # type: ignore[union-attr]
    game.apply("cmd:chait:exhausted")
    game.apply("cmd:kiselev:disrupted")
    # nobody left to recover: the Command ends by itself
    assert pending_op(game) == "act_pick"
    state = blank()
    counter(state, "pavlov", "G1")
    counter(state, "chait", "G2", exhausted=True, disrupted=True)
    counter(state, "kiselev", "G3", disrupted=True)
    game = action_phase(state)
    game.apply("command:pavlov")
    game.apply("cmd:chait:exhausted")
    game.apply("cmd:chait:disrupted")
    assert game.pending.prompt == "Pavlov commands: 1 Recover left"  # type: ignore[union-attr]
