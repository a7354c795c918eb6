"""Every action word a learner can click has one line of explanation with its rule."""

from __future__ import annotations

import random

from pavlov_widgets.engine import Game
from pavlov_widgets.engine.actions import VERBS
from pavlov_widgets.engine.glossary import CARD_ACTIONS, COUNTER_ACTIONS, TERMS, explain_option
from pavlov_widgets.engine.rules.soviet_cards import UNIT_ACTIONS

_BUTTONS = {"end-phase", "fire", "accept", "launch", "decline", "moves-done", "back", "leave",
            "actions-done", "disrupted", "exhausted", "one", "done", "loc", "take", "load",
            "defense", "spot", "cmd", "card"}
"""Verbs that are plain buttons or places (their label says it all), and card actions,
which are explained per unit and action."""


def test_every_card_action_of_every_unit_has_its_line() -> None:
    for unit, actions in UNIT_ACTIONS.items():
        for action, _label in actions:
            term = CARD_ACTIONS[(unit, action)]
            assert term.meaning and term.rule[:1].isdigit(), (unit, action)


def test_every_counter_phase_verb_has_its_line() -> None:
    missing = set(VERBS) - _BUTTONS - set(COUNTER_ACTIONS)
    assert missing == set()
    for term in [*COUNTER_ACTIONS.values(), *TERMS.values()]:
        assert term.meaning and term.rule[:1].isdigit(), term


def test_4_0_recover_explains_itself() -> None:
    rng = random.Random(2)
    game = Game.new(seed=2)
    while not game.is_over:
        options = game.legal_actions()
        recover = next((o for o in options if o.verb == "recover"), None)
        if recover is not None:
            term = explain_option(recover)
            assert term is not None and term.word == "Recover"
            assert str(term).endswith("(4.0 Recover)")
            return
        game.apply(rng.choice(options))
    raise AssertionError("no Recover offered in a whole random game")
