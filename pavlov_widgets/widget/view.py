"""Engine state → the JSON view model the board draws.

The board's JavaScript never reads the engine: it draws what these functions return, which the
:class:`~pavlov_widgets.widget.board.Board` syncs as traitlets. Every record is an object with
named fields (never a positional array, never a string of flag letters), and every fact comes
from the engine's public API — the game's state (read only), its components, the
:class:`~pavlov_widgets.engine.observe.Observer` and the fields of its log entries — so
nothing here or in the JavaScript takes a sentence apart. There are five pieces:

- :func:`layout` — what never changes during a game: the squares of the house, the tracks of
  9 January Square, the units and locations of the Volga side, the printed values of every
  counter and card, and the glossary (one line for every action word and term, from
  :mod:`pavlov_widgets.engine.glossary`) (the ``plan`` trait, synced once per game).
- :func:`game_view` — where everything is now: counters, tokens, tracks, cards, score, turn
  (the ``view`` trait, a few kilobytes).
- :func:`choice_view` — the choice the game waits for: prompt, rule, options with the board
  regions they are drawn on and the key of the glossary line that explains each (``term``,
  see :func:`term_key`), and at a chance step the dice and the exact odds (the ``choice``
  trait).
- :func:`last_roll` — the newest dice roll: dice, what for, the result, whether it succeeded,
  how many hit, which dice hit.
- :func:`log_view` — the newest log entries, newest first, each with its rule section.

**Role views** (7.3, 7.4) go through **one redaction gate per viewer**: :func:`sight` makes a
:class:`Sight` once per drawing — the state as that viewer may see it (the engine's
:func:`~pavlov_widgets.engine.hidden.redact_state`), the sizes of the piles hidden, which log
entries it may read and whether the pending decision is its own — and :func:`game_view`,
:func:`choice_view`, :func:`last_roll` and :func:`log_view` build every field from that
Sight (as OpenSpiel gives each player an observer). ``who`` None sees everything (one person,
or the host); a side or a role (``"soviet"``, ``"german"``, ``"house"``...) sees what that
side may (the other side's hidden cards are face-down backs with their counts, its log
entries are left out, and a decision of another role shows as ``Waiting for ...`` with no
options); :data:`NOBODY` sees what both sides may (the hot seat's cover, 7.4). Each builder
also takes a game and a ``who``, and then makes the Sight itself.

Two helpers serve the tutor's marks and questions: :func:`region_ids` lists every region id
the board can draw for a game (what ``Board.mark`` and ``Board.ask`` accept), and
:func:`panels_for` picks the panels (:data:`PANELS`) a set of regions lies on, for a board
that draws only what a step is about (a focus view).

Places and region ids are those of :attr:`pavlov_widgets.engine.Option.targets`
(``counter:<id>``, ``square:<id>``, ``loc:<n>``, ``track:<t>:<circle>``, ``card:<id>``,
``card:<id>:<unit>``, ``box:<name>``, ``defense:<colour>``, ``stock-soviet:<id>``,
``stock-weapon:<id>``, ``weapon:<id>`` …), written and read only by the engine's place codec
(:mod:`pavlov_widgets.engine.places`); an option is drawn on the targets the engine gave it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from pavlov_widgets.engine import Chance, Decision, LogEntry, Option
from pavlov_widgets.engine import roles as roles_mod
from pavlov_widgets.engine.components import COLOURS, SPECIALS
from pavlov_widgets.engine.glossary import CARD_ACTIONS, COUNTER_ACTIONS, TERMS, Term
from pavlov_widgets.engine.hidden import redact_state
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.places import (
    FIXED_PLACES,
    GERMAN_BOXES,
    Box,
    Card,
    CardHalf,
    Counter,
    Defense,
    Location,
    Place,
    PlaceError,
    Square,
    StockCounter,
    StockWeapon,
    SuppressionBox,
    TacticsCard,
    TrackCircle,
    Weapon,
    board_place,
    parse_place,
)

if TYPE_CHECKING:
    from pavlov_widgets.engine import Game

LOG_LIMIT = 30
"""How many log entries the board keeps on screen (the newest first). The whole log stays in
the game (``board.game.log``); the window keeps every update small."""

NOBODY = "nobody"
"""``who`` for a view of what both sides may see (both hands face down): the hot seat's cover
between two players (7.4)."""

CARD_KIND_LABELS: dict[str, str] = {
    "sniper": "Attack Defender",
    "mortar": "Suppress Defender",
    "artillery": "Attack Building",
    "ju87": "Bomb Stalingrad",
    "place": "Place Wehrmacht Counter",
    "assault": "Assault",
    "storm_group": "Storm Group",
    "resupply": "Resupply",
}
"""What each kind of Wehrmacht card does, as its heading in 3.0 says."""


# --- the glossary ------------------------------------------------------------------------


def _card_key(unit: str, action: str) -> str:
    return f"{unit}/{action}"


def glossary() -> dict[str, list[str]]:
    """Every line of the engine's glossary, keyed as :func:`term_key` names them.

    ``<verb>`` for the words of the Soviet Counter Phase and the reactive choices,
    ``<unit>/<action>`` for card actions (2.0), ``term/<key>`` for the other words; each value
    is ``[word, meaning, rule]``. It travels once, in the ``plan``; an option names its line.
    """
    out: dict[str, list[str]] = {}
    rows: list[tuple[str, Term]] = [(verb, term) for verb, term in COUNTER_ACTIONS.items()]
    rows += [(_card_key(unit, action), term) for (unit, action), term in CARD_ACTIONS.items()]
    rows += [(f"term/{key}", term) for key, term in TERMS.items()]
    for key, term in rows:
        out[key] = [term.word, term.meaning, term.rule]
    return out


def term_key(option: Option) -> str:
    """The key of the glossary line that explains ``option`` ("" for a plain button).

    Mirrors :func:`pavlov_widgets.engine.glossary.explain_option`: a card action is explained
    by its unit's action (2.0), any other option by its verb.
    """
    if option.verb == "card":
        key = (option.str_arg("unit"), option.str_arg("action"))
        return _card_key(*key) if key in CARD_ACTIONS else ""
    return option.verb if option.verb in COUNTER_ACTIONS else ""


def _unit_terms(unit: str, actions: list[str]) -> list[str]:
    """The glossary keys of a unit's card actions, in the order of their names (2.0)."""
    words = {term.word: _card_key(u, action) for (u, action), term in CARD_ACTIONS.items()
             if u == unit}
    return [words.get(label, "") for label in actions]


# --- the static layout -------------------------------------------------------------------


def layout(game: Game) -> dict[str, Any]:
    """Everything about the board and the counters that does not change during a game.

    The card actions of each unit are those of this game: a variant's action shows only when
    the variant is in play (7.1).
    """
    comps = game.components
    board = comps.board
    seen = Observer(game)
    return {
        "squares": [
            {
                "id": sq.id,
                "x": sq.x,
                "y": sq.y,
                "nums": [{"colour": colour, "n": sq.numbers[colour]} for colour in sq.colours],
                "radio": sq.radio,
            }
            for sq in board.squares
        ],
        "tracks": [
            {"n": t.number, "colour": t.colour, "circles": t.circles,
             "sappers": list(t.sapper_circles)}
            for t in board.tracks
        ],
        "units": [
            {"id": u.id, "name": u.name, "short": u.short, "locs": list(u.locations),
             "actions": (actions := seen.card_actions(u.id)),
             "terms": _unit_terms(u.id, actions)}
            for u in board.units
        ],
        "locNames": {str(n): name for n, name in sorted(board.location_names.items())},
        "defense": {"start": board.defense_start, "min": board.defense_min,
                    "max": board.defense_max},
        "soviet": {
            cid: {"name": c.name, "attack": c.attack, "suppress": c.suppress,
                  "specials": c.specials, "cost": c.cost, "reserves": c.starts_in_reserves}
            for cid, c in comps.soviet_counters.items()
        },
        "weapons": {
            wid: {"name": w.name, "special": w.special, "attack": w.attack,
                  "suppress": w.suppress, "cost": w.cost}
            for wid, w in comps.weapons.items()
        },
        "wtypes": {
            tid: {"name": t.name, "kind": t.kind, "attack": t.attack, "suppress": t.suppress,
                  "defense": t.defense}
            for tid, t in comps.wehrmacht_types.items()
        },
        "sovietCards": {cid: list(card.units) for cid, card in comps.soviet_cards.items()},
        "tokens": {tid: t.name for tid, t in comps.tokens.items()},
        "specials": dict(SPECIALS),
        "colours": list(COLOURS),
        "glossary": glossary(),
    }


def layout_key(game: Game) -> str:
    """What :func:`layout` depends on: the components and the rule settings."""
    return f"{game.components.fingerprint} {game.settings.to_dict()}"


# --- the dynamic view --------------------------------------------------------------------


def _colour_table(table: tuple[str, ...]) -> str:
    """A die → colour table written compactly: ``1-2 G · 3-4 R · 5-6 P``."""
    runs: list[tuple[int, int, str]] = []
    for face, colour in enumerate(table, start=1):
        if runs and runs[-1][2] == colour:
            runs[-1] = (runs[-1][0], face, colour)
        else:
            runs.append((face, face, colour))
    return " · ".join(
        (f"{a}" if a == b else f"{a}-{b}") + f" {colour[0].upper()}" for a, b, colour in runs
    )


def wehrmacht_card(game: Game, card_id: str) -> dict[str, Any] | None:
    """The Wehrmacht (or Resupply) card ``card_id`` as the board shows it (3.0)."""
    if not card_id:
        return None
    comps = game.components
    if card_id in comps.resupply_cards:
        sg = comps.storm_groups[comps.resupply_cards[card_id].storm_group]
        return {"id": card_id, "name": "Resupply", "kind": "resupply",
                "kindLabel": CARD_KIND_LABELS["resupply"], "deck": 0,
                "lines": ["Pay 1 Food per 5 counters", f"Back: Storm Group {sg.name}"]}
    card = comps.wehrmacht_cards[card_id]
    lines: list[str] = []
    if card.kind in ("sniper", "mortar", "artillery"):
        lines.append(_colour_table(card.colour_table))
        if card.kind == "artillery":
            lines.append(f"{card.dice} dice vs Defense")
    elif card.kind == "ju87":
        lines.append(f"{card.aircraft} aircraft, Defense {card.defense}")
    elif card.kind == "place":
        t = comps.wehrmacht_types[card.counter_type]
        values = f"Suppress {t.suppress}" if t.kind == "infantry" else f"Attack {t.attack}"
        lines.append(f"{t.name}: {values}, Defense {t.defense}")
    elif card.kind == "storm_group":
        sg = comps.storm_groups[card.storm_group]
        lines.append(f"{sg.name}: Defense {sg.defense}, {sg.vp} VP")
    return {"id": card_id, "name": card.name, "kind": card.kind,
            "kindLabel": CARD_KIND_LABELS[card.kind], "deck": card.deck, "lines": lines}


def _card_name(game: Game, card_id: str) -> str:
    """A Wehrmacht card's name; a Resupply card is called Resupply (3.0 Special Cards)."""
    comps = game.components
    if card_id in comps.resupply_cards:
        return "Resupply"
    return comps.wehrmacht_cards[card_id].name


def _storm_card(game: Game, card_id: str) -> dict[str, Any] | None:
    """The Storm Group on a card (the back of a Resupply card, or a Storm Group card)."""
    if not card_id:
        return None
    sg = game.components.storm_group_on(card_id)
    return {"id": card_id, "name": sg.name, "colour": sg.colour, "defense": sg.defense,
            "vp": sg.vp}


def _operational_support(game: Game) -> dict[str, Any]:
    """The Operational Support space (variant 7.1); ``active`` is False when not in play."""
    state, specs = game.state, game.components.operational_support
    card = None
    if state.os_current:
        spec = specs[state.os_current]
        card = {"id": state.os_current, "name": spec.name, "vp": spec.vp,
                "tokens": dict(spec.tokens), "locs": list(spec.locations)}
    return {
        "active": game.settings.operational_support,
        "card": card,
        "deck": len(state.os_deck),
        "won": [specs[c].name for c in state.os_won],
    }


def _effect_text(key: str, value: int) -> str:
    """A Tactics card modifier such as ``ju87_defense: 1`` → ``Ju 87 defense +1``."""
    words = key.replace("_", " ").replace("ju87", "Ju 87")
    return f"{words[0].upper()}{words[1:]} {value:+d}"


def _tactics(game: Game) -> dict[str, Any]:
    """The Tactics cards in play (variant 7.2)."""
    state, specs = game.state, game.components.tactics
    cards = [
        {"id": cid, "name": specs[cid].name,
         "lines": [_effect_text(k, v) for k, v in specs[cid].effects.items()]}
        for cid in state.tactics_in_play
    ]
    # the competitive variant deals its own Tactics cards (7.4): named so, not "none"
    level = "competitive" if game.settings.competitive else game.settings.tactics
    return {"level": level, "cards": cards, "deck": len(state.tactics_deck)}


def _tactics_card(game: Game, card_id: str) -> dict[str, Any]:
    """A Tactics card face up: its name and what it changes (7.2, 7.4)."""
    spec = game.components.tactics[card_id]
    return {"id": card_id, "name": spec.name,
            "lines": [_effect_text(k, v) for k, v in spec.effects.items()]}


# --- what a side may see (7.3, 7.4) ------------------------------------------------------


def _sides_of(who: str | None) -> tuple[str, ...]:
    """The sides whose view ``who`` is drawn as: none (everything), one, or both (NOBODY).

    Raises:
        ValueError: ``who`` is neither a side, a role nor :data:`NOBODY`.
    """
    if who is None:
        return ()
    if who == NOBODY:
        return tuple(roles_mod.SIDES)
    return (roles_mod.side_of(who),)


def visible_state(game: Game, who: str | None) -> tuple[dict[str, Any], dict[str, int]]:
    """The state as plain data as ``who`` may see it, and the sizes of the piles hidden.

    The engine's :func:`~pavlov_widgets.engine.hidden.redact_state` for ``who``'s side (both
    sides in turn for :data:`NOBODY`); everything for None.
    """
    state = game.state.to_dict()
    hidden: dict[str, int] = {}
    for side in _sides_of(who):
        state, sizes = redact_state(state, side)
        for key, n in sizes.items():
            hidden.setdefault(key, n)  # a pile emptied by the first side stays its size
    return state, hidden


@dataclass(frozen=True)
class Sight:
    """What one viewer may see of a game at one moment: the one redaction gate (7.3, 7.4).

    Made by :func:`sight` once per drawing; every field of the view model is built from it.

    Attributes:
        game: the game (read only).
        who: the viewer: a side, a role, :data:`NOBODY` or None (everything).
        state: the state as plain data as the viewer may see it (hidden piles emptied).
        hidden: the sizes of the piles hidden from the viewer.
    """

    game: Game
    who: str | None
    state: dict[str, Any]
    hidden: dict[str, int]

    def decides(self) -> bool:
        """Whether the pending decision is the viewer's to take."""
        return may_decide(self.game, self.who)

    def reads(self, entry: LogEntry) -> bool:
        """Whether the viewer may read a log entry."""
        return seen_by(entry, self.who)


def sight(game: Game, who: str | None = None) -> Sight:
    """The one redaction gate: what ``who`` may see of ``game`` now (see :class:`Sight`)."""
    state, hidden = visible_state(game, who)
    return Sight(game, who, state, hidden)


def _sight(seen: Game | Sight, who: str | None, redact: bool = True) -> Sight:
    """A Sight as given, or made for ``who``.

    ``redact`` False: a builder that reads no hidden pile (only the log and the decision)
    skips copying the state.
    """
    if isinstance(seen, Sight):
        return seen
    return sight(seen, who) if redact else Sight(seen, who, {}, {})


def sees_german_cards(who: str | None) -> bool:
    """Whether a view for ``who`` shows the German player's cards face up (7.4)."""
    return who is None or (who != NOBODY and roles_mod.side_of(who) == "german")


def may_decide(game: Game, who: str | None) -> bool:
    """Whether ``who`` may take the pending decision (None speaks for every role; 7.3, 7.4)."""
    if who is None:
        return True
    if who == NOBODY:
        return False
    owners = game.roles_to_decide()
    return who in owners or (who in roles_mod.SIDES
                             and any(roles_mod.side_of(r) == who for r in owners))


def seen_by(entry: LogEntry, who: str | None) -> bool:
    """Whether a view for ``who`` may show a log entry (entries marked for one side, 7.4)."""
    if not entry.seen_by or who is None:
        return True
    return who != NOBODY and entry.seen_by == roles_mod.side_of(who)


def _german_card(game: Game, card_id: str) -> dict[str, Any]:
    """A Wehrmacht card in the German player's piles (7.4), as :func:`wehrmacht_card` draws it.

    A Place Wehrmacht Counter card gets a ``brief`` line of its counter's values: the small
    tile already shows the card's name, which is the counter's.
    """
    card = wehrmacht_card(game, card_id)
    assert card is not None  # a card id is never empty here
    spec = game.components.wehrmacht_cards.get(card_id)
    if spec is not None and spec.kind == "place":
        t = game.components.wehrmacht_types[spec.counter_type]
        values = f"Suppress {t.suppress}" if t.kind == "infantry" else f"Attack {t.attack}"
        card["brief"] = [f"{values}, Defense {t.defense}"]
    return card


def _german(game: Game, state: dict[str, Any], hidden: dict[str, int],
            who: str | None) -> dict[str, Any]:
    """The German player's cards (7.4): face up for the German side, else counts only.

    ``hand`` and ``orders`` are Wehrmacht cards as :func:`wehrmacht_card` draws them (orders
    first to be resolved first), ``tactics`` the Tactics hand, ``chosen`` the Tactics card
    placed face down (None when none, or when this view may not see it); the counts are the
    piles' sizes either way.
    """
    hand = [_german_card(game, c) for c in state.get("german_hand", [])]
    orders = [_german_card(game, c) for c in state.get("orders", [])]
    tactics = [_tactics_card(game, c) for c in state.get("german_tactics", [])]
    chosen = state.get("tactics_chosen", "")
    return {
        "sees": sees_german_cards(who),
        "hand": hand,
        "handCount": len(hand) + hidden.get("german_hand", 0),
        "orders": orders,
        "ordersCount": len(orders) + hidden.get("orders", 0),
        "tactics": tactics,
        "tacticsCount": len(tactics) + hidden.get("german_tactics", 0),
        "chosen": _tactics_card(game, chosen) if chosen else None,
        "chosenCount": 1 if chosen else hidden.get("tactics_chosen", 0),
    }


def _tokens_on_board(tokens: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Token counts at every place drawn on the board (not the stock, not the removed).

    Keyed by the state's token places (``"supplies"``, ``"loc:8"``, ``"sapper:3:2"`` …): the
    board draws each on its place (:func:`~pavlov_widgets.engine.places.board_place`).
    """
    out: dict[str, dict[str, int]] = {}
    for place, kinds in tokens.items():
        if board_place(place) is not None:
            present = {k: n for k, n in kinds.items() if n}
            if present:
                out[place] = present
    return out


def _tracks(seen: Observer, tracks: int) -> list[list[dict[str, Any] | None]]:
    """Each track's circles, circle 1 first.

    None for an empty circle, else the Wehrmacht counter with its type and its Defense with
    the Tactics cards in force (3.0, 7.2).
    """
    return [
        [
            {"id": c.counter, "type": c.type, "defense": c.defense} if c.counter else None
            for c in seen.circles(track)
        ]
        for track in range(1, tracks + 1)
    ]


def game_view(sighted: Game | Sight, who: str | None = None) -> dict[str, Any]:
    """Where everything is now: the ``view`` trait, as the Sight's viewer may see it.

    ``who`` None shows everything; a side or role hides the other side's cards (the
    Soviet hand not yet played becomes ``handHidden`` backs; the German cards of 7.4 are in
    ``german``, face up only for the German side); :data:`NOBODY` hides both.
    """
    view_of = _sight(sighted, who)
    game, who = view_of.game, view_of.who
    s, comps = game.state, game.components
    shown, hidden = view_of.state, view_of.hidden
    seen = Observer(game)
    sc = game.score()
    in_play = ("stock", "removed")
    soviet = {
        cid: {"where": c.where, "exhausted": c.exhausted, "disrupted": c.disrupted,
              "marker": c.marker}
        for cid, c in s.soviet.items()
        if c.where not in in_play
    }
    weapons = {
        wid: {"where": where, "crew": seen.crew(wid)}
        for wid, where in s.weapons.items()
        if where not in in_play
    }
    on_board = sum(1 for track in s.tracks for wid in track if wid)
    return {
        "turn": s.turn,
        "turns": seen.last_turn,
        "turnLine": seen.turn_line,
        "phase": s.phase,
        "phaseLabel": game.phase_label,
        "actionsLeft": s.actions_left,
        "movesLeft": s.moves_left,
        "cardsInPhase": s.cards_in_phase,
        "score": {"total": sc.total, "raids": sc.raids, "defenders": sc.defenders,
                  "attackers": sc.attackers, "support": sc.support},
        "defense": dict(s.defense),
        "soviet": soviet,
        "moved": list(s.moved),
        "stock": [cid for cid, c in s.soviet.items() if c.where == "stock"],
        "stockWeapons": [wid for wid, where in s.weapons.items() if where == "stock"],
        "casualties": [cid for cid, c in s.soviet.items() if c.where == "removed"],
        "weapons": weapons,
        "weaponsLost": [wid for wid, where in s.weapons.items() if where == "removed"],
        "tracks": _tracks(seen, len(s.tracks)),
        "wstock": len(comps.wehrmacht_counter_ids()) - on_board,
        "tokens": _tokens_on_board(s.tokens),
        "stockTokens": {k: n for k, n in s.tokens.get("stock", {}).items() if n},
        "hand": [{"card": cid, "used": cid in s.hand_used} for cid in shown["hand"]],
        "handHidden": hidden.get("hand", 0),
        "wcard": wehrmacht_card(game, s.wehrmacht_current),
        "wplayed": [{"id": cid, "name": _card_name(game, cid)}
                    for cid in seen.cards_revealed_this_turn()],
        "storm": _storm_card(game, s.storm_box),
        "stormWon": [comps.storm_group_on(card).name for card in s.storm_won],
        "stormLost": len(s.storm_lost),
        "decks": {
            "wehrmacht": len(s.wehrmacht_deck),
            "wehrmachtDone": len(s.wehrmacht_done),
            "soviet": len(s.soviet_deck),
            "discard": len(s.soviet_discard),
            "fog": len(s.fog_stock),
        },
        "os": _operational_support(game),
        "tactics": _tactics(game),
        "outcome": game.outcome,
        "canUndo": game.can_undo,
        "canRedo": game.can_redo,
        **({"german": _german(game, shown, hidden, who)} if game.settings.competitive else {}),
    }


# --- the pending choice ------------------------------------------------------------------


def _odds(result: str, p: Fraction) -> dict[str, Any]:
    """One result of a roll with its exact probability, as a fraction and a percentage."""
    return {"result": result, "fraction": f"{p.numerator}/{p.denominator}",
            "percent": round(float(p) * 100, 1)}


def _option(option: Option) -> dict[str, Any]:
    """One option as the board shows it; ``term`` only when a glossary line explains it."""
    out: dict[str, Any] = {"id": option.id, "label": option.label,
                           "targets": list(option.targets)}
    key = term_key(option)
    if key:
        out["term"] = key
    return out


def choice_view(seen: Game | Sight, who: str | None = None) -> dict[str, Any]:
    """The choice the game waits for: the ``choice`` trait.

    ``kind`` is ``decision`` (pick one of ``options``, each drawn on the board regions the
    engine gave it, or shown as a button when it has none), ``chance`` (``dice`` dice to
    roll — the board's Roll button sends the ``step`` intent — and ``odds`` lists every
    result with its exact probability) or ``over``. For a view of one role (``who``), a
    decision that belongs to another role is ``wait``: "Waiting for the house commander
    (7.3)", no options (they may name the other side's hidden cards), and ``waiting`` lists
    the roles that may take it.
    """
    seen = _sight(seen, who, redact=False)
    game = seen.game
    pending = game.pending
    if isinstance(pending, Decision) and not seen.decides():
        owners = game.roles_to_decide()
        rule = roles_mod.rule_of(game.settings, pending.op)
        return {
            "kind": "wait",
            "op": pending.op,
            "prompt": f"Waiting for {roles_mod.names(owners)} ({rule.split()[0]})",
            "rule": rule,
            "options": [],
            "dice": 0,
            "odds": [],
            "waiting": list(owners),
        }
    if isinstance(pending, Decision):
        return {
            "kind": "decision",
            "op": pending.op,
            "prompt": pending.prompt,
            "rule": pending.rule,
            "options": [_option(o) for o in pending.options],
            "dice": 0,
            "odds": [],
        }
    if isinstance(pending, Chance):
        return {
            "kind": "chance",
            "op": "roll",
            "prompt": pending.label,
            "rule": pending.rule,
            "options": [],
            "dice": pending.dice,
            "odds": [_odds(result, p) for result, p in pending.outcomes],
        }
    outcome = game.outcome or {}
    prompt = "The game is over"
    if outcome:
        prompt = f"Game over: {outcome.get('level')} (score {outcome.get('score')})"
    return {"kind": "over", "op": "", "prompt": prompt, "rule": "6.0 Ending the Game",
            "options": [], "dice": 0, "odds": []}


# --- dice and log ------------------------------------------------------------------------


def roll_view(entry: LogEntry, n: int) -> dict[str, Any]:
    """A roll's log entry as the dice tray shows it: every fact from the entry's fields.

    ``success`` (did the roll reach its goal) and ``hits`` (how many dice hit) are None where
    the roll's test has none; ``marks`` (which dice succeeded) is None for a roll read as a
    whole (a colour, a track, a total).
    """
    return {
        "n": n,
        "turn": entry.turn,
        "dice": list(entry.dice),
        "label": entry.label,
        "result": entry.result,
        "success": entry.success,
        "hits": entry.hits,
        "marks": list(entry.marks) if entry.marks else None,
        "rule": entry.rule,
    }


def last_roll(seen: Game | Sight, who: str | None = None) -> dict[str, Any]:
    """The newest dice roll the viewer may see (empty before the first), see :func:`roll_view`."""
    seen = _sight(seen, who, redact=False)
    entries = seen.game.log
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if entry.kind == "roll" and entry.dice and seen.reads(entry):
            return roll_view(entry, index)
    return {}


def log_view(seen: Game | Sight, limit: int = LOG_LIMIT,
             who: str | None = None) -> list[dict[str, Any]]:
    """The newest ``limit`` log entries ``who`` may read, newest first.

    Each entry has ``n`` (its number from the start of the game), ``turn``, ``text`` and
    ``rule``; ``dice`` only when dice were rolled and ``kind`` only when it is not a plain
    ``event`` (both left out to keep every update small). An entry marked for one side only
    (``LogEntry.seen_by``, 7.4) is left out of the other side's view.
    """
    seen = _sight(seen, who, redact=False)
    entries = seen.game.log
    out: list[dict[str, Any]] = []
    for i in range(len(entries) - 1, -1, -1):
        if len(out) >= limit:
            break
        e = entries[i]
        if not seen.reads(e):
            continue
        item: dict[str, Any] = {"n": i, "turn": e.turn, "text": e.text, "rule": e.rule}
        if e.dice:
            item["dice"] = list(e.dice)
        if e.kind != "event":
            item["kind"] = e.kind
        out.append(item)
    return out


# --- regions and panels (marks, questions, focus views) ---------------------------------

PANELS = ("house", "square", "volga")
"""The three panels of the board, in the order they are printed (1.2): Pavlov's House, 9
January Square and the Volga side. A board may draw only some of them (``Board.panels``)."""

BOX_PANELS: dict[str, str] = {
    "reserves": "house",
    "supplies": "house",
    "storm": "house",
    "staging": "volga",
    "operational-support": "volga",
}
"""The panel each named box is printed on (``box:suppress:<colour>`` is on the house)."""

FIXED_REGIONS = tuple(place.id for place in FIXED_PLACES)
"""Regions every board draws whatever the game: the header, the dice tray, the result of a
finished game and the Wehrmacht deck (when no card is being resolved)."""

CARD_KIND_PANELS: dict[str, str] = {
    "sniper": "house",
    "mortar": "house",
    "artillery": "house",
    "assault": "house",
    "resupply": "house",
    "storm_group": "house",
    "ju87": "volga",
    "place": "square",
}
"""Where each kind of Wehrmacht card acts (3.0): on the house's positions and boxes, on the
Volga side's locations (Bomb Stalingrad) or on the tracks of the square (Place Wehrmacht
Counter)."""


def region_ids(game: Game) -> frozenset[str]:
    """Every region id the board can draw for ``game``'s components and settings.

    The vocabulary of :attr:`pavlov_widgets.engine.Option.targets` (see the module
    docstring), listed from the components: a region that is here may still be off the board
    at the moment (a counter in the stock, a card not in hand); one that is not here is never
    drawn.
    """
    comps = game.components
    board = comps.board
    places: list[Place] = [*FIXED_PLACES]
    places += [Square(sq.id) for sq in board.squares]
    places += [TrackCircle(track.number, k) for track in board.tracks
               for k in range(1, track.circles + 1)]
    places += [Location(n) for n in board.location_names]
    for colour in COLOURS:
        places += [Defense(colour), SuppressionBox(colour)]
    places += [Box(name) for name in BOX_PANELS]
    for cid in comps.soviet_counters:
        places += [Counter(cid), StockCounter(cid)]
    for wid in comps.weapons:
        places += [Weapon(wid), StockWeapon(wid)]
    for card_id, card in comps.soviet_cards.items():
        places.append(Card(card_id))
        places += [CardHalf(card_id, unit) for unit in card.units]
    places += [Card(card_id) for card_id in comps.wehrmacht_cards]
    places += [Card(card_id) for card_id in comps.resupply_cards]
    places += [TacticsCard(tid) for tid in comps.tactics]
    if game.settings.competitive:  # the cards strip of the Competitive variant (7.4)
        places += [Card(tid) for tid in comps.tactics]  # the German player's Tactics hand
        places += [Box(name) for name in (*GERMAN_BOXES, "soviet-hand")]
    return frozenset(place.id for place in places)


def region_panel(game: Game, region: str) -> str | None:
    """The panel (:data:`PANELS`) a region is drawn on, or None.

    None for the cards strip, the header and the dice (drawn whatever the panels), for the
    cards that act all over the board (Soviet and Tactics cards) and for a text that is not a
    place.
    """
    try:
        place = parse_place(region)
    except PlaceError:
        return None
    comps = game.components
    match place:
        case Square() | Counter() | Weapon() | Defense() | SuppressionBox():
            return "house"
        case TrackCircle():
            return "square"
        case Location():
            return "volga"
        case Box(name):
            return BOX_PANELS.get(name)
        case Card(card) if card in comps.wehrmacht_cards:
            return CARD_KIND_PANELS.get(comps.wehrmacht_cards[card].kind)
        case Card(card) if card in comps.resupply_cards:
            return "house"  # Resupply pays from the Supplies box (3.0 Special Cards)
    return None


def panels_for(game: Game, regions: Iterable[str]) -> tuple[str, ...]:
    """The panels that show ``regions``, in board order.

    All three when none of them is on a panel (a Soviet card, a Tactics card, nothing at all).
    """
    wanted = {panel for region in regions if (panel := region_panel(game, region))}
    return tuple(p for p in PANELS if p in wanted) or PANELS
