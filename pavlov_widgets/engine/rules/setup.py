"""Setup (rulebook Setup 1–11): a fresh game state from a seed, and the turn loop.

Decks are shuffled with the game's own card generator, so the same seed always deals the
same game.
"""

from __future__ import annotations

from typing import Any

from .. import dice as dice_mod
from ..components import COLOURS, Components
from ..i18n import _
from ..machine import Engine, step
from ..settings import RuleSettings
from ..state import GameState, SovietCounter
from . import planning


def initial_state(seed: int, components: Components, options: RuleSettings) -> GameState:
    """The state before the first turn: every component where Setup 1–11 puts it."""
    c = components
    tokens_stock = {t.id: t.total - t.in_supplies for t in c.tokens.values()}
    supplies = {t.id: t.in_supplies for t in c.tokens.values() if t.in_supplies}
    state = GameState(
        seed=seed,
        dice_rng=dice_mod.seed_state(seed, "dice"),
        card_rng=dice_mod.seed_state(seed, "cards"),
        script=None,
        turn=0,
        phase="setup",
        soviet={
            cid: SovietCounter("reserves" if spec.starts_in_reserves else "stock")
            for cid, spec in c.soviet_counters.items()
        },
        weapons={wid: "stock" for wid in c.weapons},
        tracks=[[""] * t.circles for t in c.board.tracks],
        defense={colour: c.board.defense_start for colour in COLOURS},
        tokens={"stock": tokens_stock, "removed": {}, "supplies": supplies, "staging": {}},
        wehrmacht_deck=[],
        wehrmacht_current="",
        wehrmacht_done=[],
        resupply_removed=[],
        storm_box="",
        storm_won=[],
        storm_lost=[],
        soviet_deck=[],
        hand=[],
        hand_used=[],
        soviet_discard=[],
        fog_stock=[],
        cards_in_phase=0,
        actions_left=0,
        moves_left=0,
        moved=[],
    )
    engine = Engine(state, components, options)
    _deal(engine)
    engine.push("turn_start")
    return state


def _deal(e: Engine) -> None:
    """Setup 2 and 5: build the Wehrmacht and Soviet decks.

    The competitive variant adds the Riflemen card marked "Competitive" to deck 1 before the
    decks are shuffled (7.4 Setup), and puts the Milk House at the bottom of deck 5, the last
    card of the Wehrmacht deck: only so does the game end as the 7.4 Note says, on the turn
    the Milk House is revealed *and* with one Wehrmacht card and two Tactics cards left in
    the German hands (see ``docs/rules-notes.md``). Elsewhere that is the house option
    ``milk_house_at_bottom``; by default the Milk House is shuffled into deck 5 (Setup 2).
    """
    c, s = e.c, e.s
    decks: dict[int, list[str]] = {d: [] for d in range(1, 6)}
    for card in c.wehrmacht_cards.values():
        if not card.competitive or e.o.competitive:
            decks[card.deck].append(card.id)
    for cards in decks.values():
        e.shuffle(cards)
    if e.o.milk_house_at_bottom or e.o.competitive:
        # after the shuffle, so the other cards lie where the same seed always put them
        for cards in decks.values():
            for cid in [x for x in cards if c.wehrmacht_cards[x].kind == "storm_group"]:
                cards.remove(cid)
                cards.append(cid)
    resupply = list(c.resupply_cards)
    e.shuffle(resupply)
    for d in (2, 3, 4):
        decks[d].insert(0, resupply.pop(0))
    s.resupply_removed = resupply
    s.wehrmacht_deck = [cid for d in range(1, 6) for cid in decks[d]]
    fog = [cid for cid, card in c.soviet_cards.items() if card.fog]
    actions = [cid for cid, card in c.soviet_cards.items() if not card.fog]
    e.shuffle(fog)
    deck = actions + fog[:3]
    e.shuffle(deck)
    s.soviet_deck = deck
    s.fog_stock = fog[3:]
    if e.o.tactics != "none" or e.o.competitive:
        _deal_tactics(e)
    if e.o.operational_support:
        support = list(c.operational_support)
        e.shuffle(support)
        s.os_current, s.os_deck = support[0], support[1:]


TACTICS_REMOVED: dict[str, dict[int, int]] = {
    "veteran": {1: 3, 2: 2, 3: 2, 4: 2},
    "elite": {1: 2, 2: 2, 3: 2, 4: 2},
    "competitive": {1: 1, 2: 2, 3: 2, 4: 2},
}
"""Tactics cards removed unseen from the top of each deck at setup (7.2.1, 7.2.2, 7.4)."""


def _deal_tactics(e: Engine) -> None:
    """7.2, 7.4 Setup: shuffle each Tactics deck, remove some from the top, stack deck 1 on top."""
    decks: dict[int, list[str]] = {d: [] for d in range(1, 5)}
    for card in e.c.tactics.values():
        decks[card.deck].append(card.id)
    out: list[str] = []
    level = "competitive" if e.o.competitive else e.o.tactics
    for d in range(1, 5):
        e.shuffle(decks[d])
        cut = TACTICS_REMOVED[level][d]
        e.s.tactics_removed += decks[d][:cut]
        out += decks[d][cut:]
    e.s.tactics_deck = out


# --- the turn loop (1.1) ----------------------------------------------------------------


@step("turn_start")
def turn_start(e: Engine, frame: dict[str, Any]) -> None:
    """A new turn: Soviet Card Phase, Wehrmacht Card Phase, Soviet Counter Phase (1.1).

    The competitive variant opens every turn with the Wehrmacht Planning phase (7.4).
    """
    e.s.turn += 1
    e.s.phase = "planning" if e.o.competitive else "soviet_cards"
    e.log(_("Turn {turn} begins").format(turn=e.s.turn), "1.1 Game Overview", kind="turn")
    e.push_seq(
        [
            *([{"op": "planning"}] if e.o.competitive else []),
            {"op": "soviet_card_phase"},
            {"op": "wehrmacht_phase"},
            {"op": "counter_phase"},
            {"op": "turn_end"},
        ]
    )


@step("turn_end")
def turn_end(e: Engine, frame: dict[str, Any]) -> None:
    """After the Counter Phase: next turn, or the end of the game when the deck is out (6.0).

    In the competitive variant the German player's cards decide it (7.4, see
    :func:`.planning.last_turn_played`).
    """
    if e.o.competitive:
        e.push("game_end" if planning.last_turn_played(e) else "turn_start")
    elif e.s.wehrmacht_deck:
        e.push("turn_start")
    else:
        e.push("game_end")
