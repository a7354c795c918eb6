"""Position builders and invariant checks shared by the engine's tests.

A scenario test builds an exact position and starts the rule machine at the rule under test:

    state = blank()                         # dealt (Setup 1-11), house and tracks empty
    counter(state, "pavlov", "R2")          # put counters, tokens, Wehrmacht counters ...
    game = start(state, {"op": "card_colour", "card": "d1-sniper-1"}, script=[3, 2, 6, 1, 1, 1])

``start`` schedules the given steps (run in the order given), clears the pending decision and
loads a dice script, so every roll is exact; ``Game(state, auto_roll=True)`` rolls the scripted
dice as the steps ask for them and stops when the script runs dry. Every builder moves tokens
to and from the stock, so the component totals stay conserved and :func:`check_invariants`
holds in every hand-made position as in a real game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from pavlov_widgets.engine import Game, RuleSettings, default_components
from pavlov_widgets.engine.components import COLOURS, TOKEN_TYPES, Components
from pavlov_widgets.engine.machine import DECISIONS, STEPS
from pavlov_widgets.engine.rules.setup import initial_state
from pavlov_widgets.engine.state import GameState

COMPONENTS: Components = default_components()
SQUARES: frozenset[str] = frozenset(sq.id for sq in COMPONENTS.board.squares)


# --- building positions ------------------------------------------------------------------


def blank(
    seed: int = 0,
    *,
    phase: str = "wehrmacht_cards",
    turn: int = 1,
    options: RuleSettings | None = None,
    components: Components | None = None,
) -> GameState:
    """A dealt state (Setup 1-11) with an empty house: every Soviet counter in the stock.

    Decks, tokens and Defense are as Setup leaves them (10 Suppression + 2 Food in Supplies);
    nothing is scheduled and no dice are scripted.
    """
    state = initial_state(seed, components or COMPONENTS, options or RuleSettings())
    for c in state.soviet.values():
        c.where = "stock"
    state.stack = []
    state.pending = None
    state.turn = turn
    state.phase = phase
    return state


def counter(
    state: GameState,
    cid: str,
    where: str,
    *,
    exhausted: bool = False,
    disrupted: bool = False,
    marker: str = "",
) -> None:
    """Put Soviet counter ``cid`` at ``where`` with these flags (tokens come from the stock)."""
    c = state.soviet[cid]
    stock = state.tokens["stock"]
    if c.disrupted:
        stock["disrupted"] += 1
    if c.marker:
        stock[c.marker] += 1
    if disrupted:
        assert stock["disrupted"] > 0, "no Disrupted token left in the stock"
        stock["disrupted"] -= 1
    if marker:
        assert stock[marker] > 0, f"no {marker} token left in the stock"
        stock[marker] -= 1
    c.where, c.exhausted, c.disrupted, c.marker = where, exhausted, disrupted, marker


def weapon(state: GameState, wid: str, where: str) -> None:
    """Put weapon counter ``wid`` at ``where``."""
    state.weapons[wid] = where


def tokens(state: GameState, place: str, kind: str, n: int) -> None:
    """Make exactly ``n`` tokens of ``kind`` lie at ``place`` (the difference: to/from stock)."""
    here = state.tokens.get(place, {}).get(kind, 0)
    stock = state.tokens["stock"]
    delta = n - here
    assert stock.get(kind, 0) >= delta, f"not enough {kind} tokens in the stock"
    stock[kind] = stock.get(kind, 0) - delta
    if n:
        state.tokens.setdefault(place, {})[kind] = n
    elif place in state.tokens:
        state.tokens[place].pop(kind, None)
        if not state.tokens[place] and place not in ("stock", "removed", "supplies", "staging"):
            del state.tokens[place]


def disrupt_location(state: GameState, *locs: int) -> None:
    """Put a Disrupted token on each Volga location in ``locs``."""
    for loc in locs:
        tokens(state, f"loc:{loc}", "disrupted", 1)


def wehrmacht(state: GameState, track: int, circle: int, kind: str) -> str:
    """Put a Wehrmacht counter of type ``kind`` (or exact id) on a track circle (1-based)."""
    on_board = {w for t in state.tracks for w in t if w}
    if kind in {f"{t}-{i}" for t in COMPONENTS.wehrmacht_types for i in range(1, 21)}:
        wid = kind
    else:
        wid = next(
            w for w in COMPONENTS.wehrmacht_counter_ids()
            if w not in on_board and COMPONENTS.wehrmacht_type_of(w).id == kind
        )
    assert wid not in on_board, f"{wid} is already on the board"
    assert not state.tracks[track - 1][circle - 1], "that circle is occupied"
    state.tracks[track - 1][circle - 1] = wid
    return wid


def wehrmacht_on_top(state: GameState, *card_ids: str) -> None:
    """Move these Wehrmacht / Resupply cards to the top of the deck, in this order.

    The cards are taken from wherever they are (deck, removed Resupply cards), so every card
    is still in exactly one place.
    """
    for cid in card_ids:
        for pile in (state.wehrmacht_deck, state.resupply_removed):
            if cid in pile:
                pile.remove(cid)
    state.wehrmacht_deck[:0] = list(card_ids)


def storm_box(state: GameState, card_id: str) -> None:
    """Put a Storm Group card (a Resupply card's back, or the Milk House) in its box."""
    for pile in (state.wehrmacht_deck, state.resupply_removed, state.wehrmacht_done):
        if card_id in pile:
            pile.remove(card_id)
    state.storm_box = card_id


def play_out_deck(state: GameState) -> None:
    """Move every card left in the Wehrmacht deck to the used pile (the deck is exhausted)."""
    state.wehrmacht_done.extend(state.wehrmacht_deck)
    state.wehrmacht_deck = []


def soviet_on_top(state: GameState, *card_ids: str) -> None:
    """Move these Soviet cards (Fog of War included) to the top of the Soviet deck, in order."""
    for cid in card_ids:
        for pile in (state.soviet_deck, state.fog_stock, state.soviet_discard):
            if cid in pile:
                pile.remove(cid)
    state.soviet_deck[:0] = list(card_ids)


def start(
    state: GameState,
    *frames: dict[str, Any],
    script: Iterable[int] = (),
    options: RuleSettings | None = None,
    auto_roll: bool = True,
    components: Components | None = None,
) -> Game:
    """Schedule ``frames`` (run in the order given) with scripted dice and start the game."""
    state.stack = [dict(f) for f in reversed(frames)]
    state.pending = None
    state.script = list(script)
    return Game(state, components=components, options=options, auto_roll=auto_roll)


def reveal(
    state: GameState,
    *card_ids: str,
    script: Iterable[int] = (),
    options: RuleSettings | None = None,
    auto_roll: bool = True,
    components: Components | None = None,
) -> Game:
    """Start a Wehrmacht Card Phase in which exactly these cards are revealed (3.0)."""
    assert 1 <= len(card_ids) <= 3
    wehrmacht_on_top(state, *card_ids)
    state.phase = "wehrmacht_cards"
    state.cards_in_phase = 3 - len(card_ids)
    return start(state, {"op": "reveal_wehrmacht"}, script=script, options=options,
                 auto_roll=auto_roll, components=components)


def card_phase(
    state: GameState,
    *card_ids: str,
    script: Iterable[int] = (),
    options: RuleSettings | None = None,
) -> Game:
    """Start a Soviet Card Phase whose four cards are these (drawn in this order, 2.1)."""
    soviet_on_top(state, *card_ids)
    state.phase = "soviet_cards"
    return start(state, {"op": "soviet_card_phase"}, script=script, options=options)


def counter_phase(state: GameState, *, script: Iterable[int] = (),
                  options: RuleSettings | None = None) -> Game:
    """Start a Soviet Counter Phase (4.0) on this position."""
    state.phase = "counter_moves"
    return start(state, {"op": "counter_phase"}, script=script, options=options)


def action_phase(state: GameState, *, actions: int = 3, script: Iterable[int] = (),
                 options: RuleSettings | None = None) -> Game:
    """Start the actions of a Soviet Counter Phase (4.0), the moves being done."""
    state.phase = "counter_actions"
    state.actions_left, state.moves_left = actions, 0
    return start(state, {"op": "counter_actions_start"}, {"op": "counter_phase_end"},
                 script=script, options=options)


# --- reading the game -------------------------------------------------------------------


def lines(game: Game, since: int = 0) -> list[str]:
    """The log from entry ``since`` on, one ``str(entry)`` per line (turn, phase, dice, rule)."""
    return [str(e) for e in game.log[since:]]


def ids(game: Game) -> list[str]:
    """The ids of the pending decision's legal options, in their fixed order."""
    return [o.id for o in game.legal_actions()]


def where(game: Game, cid: str) -> str:
    """Where a Soviet counter is."""
    return game.state.soviet[cid].where


def supplies(game: Game) -> dict[str, int]:
    """The Supplies box, without zero counts."""
    return {k: n for k, n in game.state.tokens.get("supplies", {}).items() if n}


def at(game: Game, place: str, kind: str) -> int:
    """How many tokens of ``kind`` lie at ``place``."""
    return game.state.tokens.get(place, {}).get(kind, 0)


def pending_op(game: Game) -> str | None:
    """The pending decision's op, ``"chance"`` at a roll, or None."""
    p = game.state.pending
    if p is None:
        return None
    return "chance" if p["kind"] == "chance" else str(p["op"])


# --- invariants ---------------------------------------------------------------------------

TOKEN_HOMES: dict[str, tuple[int, ...]] = {
    "wire": (14, 15, 16, 17),
    "artillery": (10, 11),
    "aa": (8, 9, 12, 13),
    "ammunition": (5, 6, 7),
    "first_aid": (5, 6, 7),
    "food": (5, 6, 7),
    "sapper": (5, 6, 7),
}
"""The Volga locations each token type may lie on (2.0)."""


def _raid_under_way(state: GameState) -> bool:
    ops = {f["op"] for f in state.stack}
    p = state.pending or {}
    return bool(
        ops & {"raid_fate", "casualty"}
        or p.get("then") in ("raid_result", "raid_fates")
        or p.get("op") == "first_aid"
    )


def check_invariants(game: Game) -> None:
    """Assert every invariant of a game position (raises AssertionError naming the first)."""
    s, c = game.state, game.components
    # -- Soviet counters (34) and weapons (7): each in exactly one valid place
    assert set(s.soviet) == set(c.soviet_counters), "the Soviet counters are not the 34"
    places = SQUARES | {"stock", "reserves", "removed"}
    if _raid_under_way(s):
        places |= {"raid"}
    for cid, sc in s.soviet.items():
        assert sc.where in places, f"{cid} is at {sc.where!r}"
        assert sc.marker in ("", "action", "command"), f"{cid} marker {sc.marker!r}"
        if sc.where in ("stock", "removed"):
            assert not (sc.exhausted or sc.disrupted or sc.marker), f"{cid} off board with flags"
        if s.phase != "counter_actions":
            assert not sc.marker, f"{cid} keeps a {sc.marker} token in phase {s.phase}"
    assert set(s.weapons) == set(c.weapons), "the weapon counters are not the 7"
    for wid, w in s.weapons.items():
        assert w in SQUARES | {"stock", "reserves", "removed"}, f"{wid} is at {w!r}"
    # -- occupancy: one counter a square, or two of one weapon designation with such a weapon
    p = s.pending or {}
    for sq in SQUARES:
        everyone = here = [cid for cid, sc in s.soviet.items() if sc.where == sq]
        if p.get("op") == "displace_to" and p["square"] == sq:
            here = list(everyone)
            # the displaced counter waits on the square until its free move is chosen
            assert p["counter"] in here and len(here) == 2, f"displacement on {sq}: {here}"
            here.remove(p["counter"])
        arms = [wid for wid, w in s.weapons.items() if w == sq]
        assert len(here) <= 2, f"{sq} holds {here}"
        if len(here) == 2:
            specials = {c.soviet_counters[x].weapon_special for x in here}
            assert len(specials) == 1 and None not in specials, f"{sq} shared by {here}"
            (special,) = specials
            assert any(c.weapons[w].special == special for w in arms), f"{sq}: no weapon"
        for wid in arms:
            assert any(
                c.soviet_counters[x].weapon_special == c.weapons[wid].special for x in everyone
            ), f"{wid} on {sq} without a crew of its designation ({everyone})"
    # -- Wehrmacht counters (39): at most once on the board, one per circle
    assert len(s.tracks) == len(c.board.tracks)
    valid = set(c.wehrmacht_counter_ids())
    assert len(valid) == 39
    seen = [w for t in s.tracks for w in t if w]
    assert len(seen) == len(set(seen)), f"a Wehrmacht counter is on two circles: {seen}"
    assert set(seen) <= valid, f"unknown Wehrmacht counters: {set(seen) - valid}"
    for t, track in zip(c.board.tracks, s.tracks, strict=True):
        assert len(track) == t.circles, f"track {t.number} has {len(track)} circles"
    # -- Defense tracks
    board = c.board
    for colour in COLOURS:
        assert board.defense_min <= s.defense[colour] <= board.defense_max, s.defense
    # -- tokens: valid places, conserved totals
    totals: Counter[str] = Counter()
    for place, kinds in s.tokens.items():
        for kind, n in kinds.items():
            assert kind in TOKEN_TYPES, f"unknown token {kind!r} at {place}"
            assert isinstance(n, int) and n >= 0, f"{place}.{kind} = {n!r}"
            totals[kind] += n
            if not n:
                continue
            _check_token_place(place, kind, n, c)
    for sc in s.soviet.values():
        totals["disrupted"] += sc.disrupted
        if sc.marker:
            totals[sc.marker] += 1
    for kind in TOKEN_TYPES:
        assert totals[kind] == c.tokens[kind].total, (
            f"{kind}: {totals[kind]} tokens in play, the game has {c.tokens[kind].total}"
        )
    # -- cards: every card in exactly one pile
    soviet_piles = s.soviet_deck + s.hand + s.soviet_discard + s.fog_stock
    assert sorted(soviet_piles) == sorted(c.soviet_cards), "Soviet cards lost or duplicated"
    assert set(s.hand_used) <= set(s.hand)
    wcards = (
        s.wehrmacht_deck + s.wehrmacht_done + s.resupply_removed + s.storm_won + s.storm_lost
        + ([s.wehrmacht_current] if s.wehrmacht_current else [])
        + ([s.storm_box] if s.storm_box else [])
    )
    expected = [k for k, card in c.wehrmacht_cards.items() if not card.competitive]
    assert sorted(wcards) == sorted(expected + list(c.resupply_cards)), "Wehrmacht cards"
    # -- the cursor
    if s.outcome is not None:
        assert s.pending is None and s.phase == "over" and game.is_over
    elif s.pending is not None:
        if s.pending["kind"] == "decision":
            assert s.pending["op"] in DECISIONS
            opts = game.legal_actions()
            assert opts, f"decision {s.pending['op']} has no option"
            assert len({o.id for o in opts}) == len(opts), "duplicate option ids"
        else:
            assert s.pending["kind"] == "chance" and s.pending["n"] >= 1
            assert s.pending["then"] in STEPS
    for frame in s.stack:
        assert frame["op"] in STEPS, frame


def _check_token_place(place: str, kind: str, n: int, c: Components) -> None:
    if place in ("stock", "removed", "supplies", "staging"):
        if place == "staging":
            assert kind in ("ammunition", "first_aid", "food", "sapper"), f"{kind} in staging"
        return
    head, _, rest = place.partition(":")
    if head == "suppress":
        assert rest in COLOURS and kind == "suppression", f"{kind} at {place}"
    elif head == "loc":
        loc = int(rest)
        assert 3 <= loc <= 18, place
        if kind == "disrupted":
            assert n == 1, f"{n} Disrupted tokens on {place}"
        else:
            assert loc in TOKEN_HOMES[kind] and n == 1, f"{n} {kind} on {place}"
    elif head == "sapper":
        t, circle = (int(x) for x in rest.split(":"))
        track = c.board.tracks[t - 1]
        assert kind == "sapper" and n == 1 and circle in track.sapper_circles, place
    else:
        raise AssertionError(f"unknown token place {place!r}")


def check_flotilla(game: Game) -> None:
    """At most one supply token per Flotilla location (2.0 Load Supplies)."""
    for loc in (5, 6, 7):
        kinds = {k: n for k, n in game.state.tokens.get(f"loc:{loc}", {}).items()
                 if n and k != "disrupted"}
        assert sum(kinds.values()) <= 1, f"location {loc} holds {kinds}"
