"""7.4 Competitive: hidden information in views and in one-sided saves.

The Soviet side never sees the German hand, order pile or face-down Tactics card; the German
side never sees the Soviet hand before its cards are played; a save made for one side holds
neither the other side's hidden cards nor anything that would give them away (the seed, the
generators, the history).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pavlov_widgets.engine import Game, RuleSettings, SaveFormatError
from pavlov_widgets.engine.hidden import SideView, load_view, redacted
from pavlov_widgets.engine.observe import Observer

COMPETITIVE = RuleSettings.for_variant("competitive")


def _quoted(ids: list[str], text: str) -> list[str]:
    """The ids that appear, quoted, in a JSON text."""
    return [c for c in ids if json.dumps(c) in text]


def _german_secrets(game: Game) -> list[str]:
    s = game.state
    return [*s.german_hand, *s.orders, *s.german_tactics,
            *([s.tactics_chosen] if s.tactics_chosen else [])]


def _moments(seed: int, n: int = 40) -> list[Game]:
    """Copies of one competitive game at ``n`` successive decisions."""
    game = Game.new(seed=seed, settings=COMPETITIVE)
    rng = random.Random(seed)
    out: list[Game] = []
    while not game.is_over and len(out) < n:
        out.append(game.copy())
        game.apply(rng.choice(game.legal_ids()), role=game.roles_to_decide()[0])
    return out


def test_7_4_the_soviet_view_never_shows_the_german_hand_or_orders() -> None:
    for game in _moments(1):
        secrets = _german_secrets(game)
        assert secrets
        view = Observer(game).visible_to("soviet")
        text = json.dumps(view.to_dict())
        assert _quoted(secrets, text) == [], (game.phase, secrets)
        assert view.hidden["german_hand"] == len(game.state.german_hand)
        assert view.state["german_hand"] == [] and view.state["orders"] == []
        if game.roles_to_decide() == ("german",):
            assert view.options == () and not view.my_turn
            assert view.roles == ("german",) and view.prompt  # whose turn it is, shown


def test_7_4_the_german_view_never_shows_the_soviet_hand_before_it_is_played() -> None:
    checked = 0
    for game in _moments(2):
        if game.phase != "soviet_cards" or game.turn != 1:
            continue
        s = game.state
        unplayed = [c for c in s.hand if c not in s.hand_used]
        view = redacted(game, "german")
        text = json.dumps(view.to_dict())
        assert _quoted(unplayed, text) == []
        assert view.state["hand"] == [c for c in s.hand if c in s.hand_used]
        assert view.hidden["hand"] == len(unplayed)
        assert view.options == ()  # the Soviet options would name the hand
        assert all("Fog of War" not in e["text"] for e in view.log)
        checked += 1
    assert checked


def test_7_4_a_side_sees_its_own_cards_and_options() -> None:
    game = Game.new(seed=3, settings=COMPETITIVE)
    german = redacted(game, "german")
    assert german.state["german_hand"] == game.state.german_hand
    assert [o.id for o in german.options] == game.legal_ids() and german.my_turn
    assert any(e.get("seen_by") == "german" for e in german.log)
    soviet = redacted(game, "soviet")
    assert not any(e.get("seen_by") for e in soviet.log)


def test_7_4_no_view_shows_the_deck_order_or_the_seed() -> None:
    game = Game.new(seed=4, settings=COMPETITIVE)
    for side in ("soviet", "german"):
        view = redacted(game, side)
        for key in ("seed", "dice_rng", "card_rng", "script"):
            assert key not in view.state
        assert view.state["wehrmacht_deck"] == [] and view.state["tactics_deck"] == []
        assert view.hidden["wehrmacht_deck"] == len(game.state.wehrmacht_deck)


def test_7_4_views_are_made_for_sides_or_roles() -> None:
    game = Game.new(seed=5, settings=RuleSettings.for_variant("competitive-three"))
    rng = random.Random(5)
    while game.phase == "planning":
        game.apply(rng.choice(game.legal_ids()), role="german")
    ops, house = redacted(game, "operations"), redacted(game, "house")
    assert ops.side == house.side == "soviet"
    assert ops.my_turn and not house.my_turn
    with pytest.raises(ValueError, match="unknown role"):
        redacted(game, "umpire")


def test_7_4_a_one_sided_save_lacks_the_hidden_cards_and_cannot_be_played_on(
    tmp_path: Path,
) -> None:
    game = Game.new(seed=6, settings=COMPETITIVE)
    rng = random.Random(6)
    while game.phase != "soviet_cards":
        game.apply(rng.choice(game.legal_ids()), role="german")
    secrets = _german_secrets(game)
    path = tmp_path / "soviet.json"
    game.save(path, for_side="soviet")
    text = path.read_text(encoding="utf-8")
    assert _quoted(secrets, text) == []
    data = json.loads(text)
    assert "history" not in data and "initial" not in data and "seed" not in data["state"]
    with pytest.raises(SaveFormatError, match="load_view"):
        Game.from_dict(data)
    with pytest.raises(SaveFormatError, match="view of a game"):
        Game.load(path)
    view = load_view(data)
    assert isinstance(view, SideView) and view.side == "soviet"
    assert view.hidden["german_hand"] == 4 and view.hidden["orders"] == 3
    assert [o.id for o in view.options] == game.legal_ids()  # the Soviet player's turn
    # the German side's save keeps its own cards and hides the Soviet hand
    german = game.to_dict(for_side="german")
    assert german["state"]["german_hand"] == game.state.german_hand
    assert _quoted([c for c in game.state.hand if c not in game.state.hand_used],
                   json.dumps(german)) == []
    # the full save still plays on
    assert Game.from_json(game.to_json()).state.to_dict() == game.state.to_dict()


def test_7_4_load_view_refuses_a_full_save() -> None:
    with pytest.raises(SaveFormatError, match=r"Game\.from_dict"):
        load_view(Game.new(seed=1).to_dict())
