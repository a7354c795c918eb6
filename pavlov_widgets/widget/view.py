"""Engine state → the compact JSON view model the board draws.

The board's JavaScript never reads the engine: it draws what these functions return, which the
:class:`~pavlov_widgets.widget.board.Board` syncs as traitlets. There are five pieces:

- :func:`layout` — what never changes during a game: the squares of the house, the tracks of
  9 January Square, the units and locations of the Volga side, and the printed values of every
  counter and card (synced once, as the ``layout`` trait).
- :func:`game_view` — where everything is now: counters, tokens, tracks, cards, score, turn
  (the ``view`` trait, a few kilobytes).
- :func:`pending_view` — the choice the game waits for: prompt, rule, options with the board
  regions they are drawn on, and at a chance step the exact odds (the ``options`` trait).
- :func:`last_roll` — the newest dice roll: dice, what for, the result, which dice hit.
- :func:`log_view` — the newest log entries, newest first, each with its rule section.

Places and region ids follow :class:`pavlov_widgets.engine.Option` (``counter:<id>``,
``square:<id>``, ``loc:<n>``, ``track:<t>:<circle>``, ``card:<id>``, ``box:<name>``,
``defense:<colour>``, ``stock-soviet:<id>``, ``stock-weapon:<id>``, ``weapon:<id>``). Card
actions are refined to the half of the card that shows their unit (``card:<id>:<unit>``) so a
click on that half chooses the action directly.
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING, Any

from pavlov_widgets.engine import Chance, Decision, Option, RuleSettings
from pavlov_widgets.engine.components import COLOURS, SPECIALS, Components
from pavlov_widgets.engine.rules.soviet_cards import UNIT_ACTIONS

if TYPE_CHECKING:
    from pavlov_widgets.engine import Game

LOG_LIMIT = 30
"""How many log entries the board keeps on screen (the newest first). The whole log stays in
the game (``board.game.log``); the window keeps every update small."""

BOARD_TOKEN_PLACES = ("supplies", "staging")
"""Token places drawn as boxes (besides ``suppress:*``, ``loc:*`` and ``sapper:*``)."""

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


# --- the static layout -------------------------------------------------------------------


VARIANT_ACTIONS: dict[str, str] = {"support": "operational_support"}
"""Card actions that exist only in a variant: action key → the RuleSettings flag (7.1)."""


def _unit_actions(unit_id: str, options: RuleSettings | None) -> list[str]:
    """The actions a unit offers in this game, in the rulebook's order (2.0, 7.1)."""
    return [
        label
        for key, label in UNIT_ACTIONS.get(unit_id, ())
        if key not in VARIANT_ACTIONS or bool(getattr(options, VARIANT_ACTIONS[key], False))
    ]


def layout(components: Components, options: RuleSettings | None = None) -> dict[str, Any]:
    """Everything about the board and the counters that does not change during a game.

    ``options`` (the game's rule options) leave out the card actions of variants not in play.
    """
    board = components.board
    return {
        "squares": [
            {
                "id": sq.id,
                "x": sq.x,
                "y": sq.y,
                "nums": [[colour, sq.numbers[colour]] for colour in sq.colours],
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
             "actions": _unit_actions(u.id, options)}
            for u in board.units
        ],
        "locNames": {str(n): name for n, name in sorted(board.location_names.items())},
        "defense": {"start": board.defense_start, "min": board.defense_min,
                    "max": board.defense_max},
        "soviet": {
            cid: [c.name, c.attack, c.suppress, c.specials, c.cost, c.starts_in_reserves]
            for cid, c in components.soviet_counters.items()
        },
        "weapons": {
            wid: [w.name, w.special, w.attack, w.suppress, w.cost]
            for wid, w in components.weapons.items()
        },
        "wtypes": {
            tid: [t.name, t.kind, t.attack, t.suppress, t.defense]
            for tid, t in components.wehrmacht_types.items()
        },
        "sovietCards": {
            cid: list(card.units) for cid, card in components.soviet_cards.items()
        },
        "tokens": {tid: t.name for tid, t in components.tokens.items()},
        "specials": dict(SPECIALS),
        "colours": list(COLOURS),
    }


# --- the dynamic view --------------------------------------------------------------------


def _counter_flags(exhausted: bool, disrupted: bool, marker: str) -> str:
    """``x`` Exhausted, ``d`` Disrupted, ``a`` Action token, ``c`` Command token."""
    return (
        ("x" if exhausted else "")
        + ("d" if disrupted else "")
        + {"action": "a", "command": "c"}.get(marker, "")
    )


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
    """The Wehrmacht (or Resupply) card ``card_id`` as the board shows it."""
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


def _storm_card(game: Game, card_id: str) -> dict[str, Any] | None:
    if not card_id:
        return None
    comps = game.components
    if card_id in comps.resupply_cards:
        sg_id = comps.resupply_cards[card_id].storm_group
    else:
        sg_id = comps.wehrmacht_cards[card_id].storm_group
    sg = comps.storm_groups[sg_id]
    return {"id": card_id, "name": sg.name, "colour": sg.colour, "defense": sg.defense,
            "vp": sg.vp}


def _operational_support(game: Game) -> dict[str, Any]:
    """The Operational Support space (variant 7.1); ``active`` is False when not in play."""
    state, comps = game.state, game.components
    active = bool(getattr(game.options, "operational_support", False))
    specs: Any = getattr(comps, "operational_support", {})
    current = getattr(state, "os_current", "")
    card = None
    if current and current in specs:
        spec = specs[current]
        card = {"id": current, "name": spec.name, "vp": spec.vp,
                "tokens": dict(spec.tokens), "locs": list(spec.locations)}
    return {
        "active": active,
        "card": card,
        "deck": len(getattr(state, "os_deck", [])),
        "won": [specs[c].name for c in getattr(state, "os_won", []) if c in specs],
    }


def _effect_text(key: str, value: int) -> str:
    """A Tactics card modifier such as ``ju87_defense: 1`` → ``Ju 87 defense +1``."""
    words = key.replace("_", " ").replace("ju87", "Ju 87")
    return f"{words[0].upper()}{words[1:]} {value:+d}"


def _tactics(game: Game) -> dict[str, Any]:
    """The Tactics cards in play (variant 7.2)."""
    state, comps = game.state, game.components
    level = str(getattr(game.options, "tactics", "none"))
    specs: Any = getattr(comps, "tactics", {})
    cards = [
        {"id": cid, "name": specs[cid].name,
         "lines": [_effect_text(k, v) for k, v in specs[cid].effects.items()]}
        for cid in getattr(state, "tactics_in_play", [])
        if cid in specs
    ]
    return {"level": level, "cards": cards, "deck": len(getattr(state, "tactics_deck", []))}


def _played_this_turn(game: Game) -> list[str]:
    """The Wehrmacht cards revealed so far this turn, as the log announced them (3.0)."""
    turn = game.state.turn
    out: list[str] = []
    for entry in reversed(game.engine.log_entries):
        if entry.turn != turn:
            break
        if entry.kind == "card":
            out.append(entry.text)
    return out[::-1]


def _tokens_on_board(tokens: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """Token counts at every place drawn on the board (not the stock, not the removed)."""
    out: dict[str, dict[str, int]] = {}
    for place, kinds in tokens.items():
        if place in ("stock", "removed"):
            continue
        if place in BOARD_TOKEN_PLACES or place.startswith(("suppress:", "loc:", "sapper:")):
            present = {k: n for k, n in kinds.items() if n}
            if present:
                out[place] = present
    return out


def game_view(game: Game) -> dict[str, Any]:
    """Where everything is now: the ``view`` trait."""
    s, e = game.state, game.engine
    sc = game.score()
    soviet = {
        cid: [c.where, _counter_flags(c.exhausted, c.disrupted, c.marker)]
        for cid, c in s.soviet.items()
        if c.where not in ("stock", "removed")
    }
    weapons = {wid: where for wid, where in s.weapons.items() if where not in ("stock", "removed")}
    cards_left = len(s.wehrmacht_deck)
    # Three Wehrmacht cards a turn (1.1): the last turn is when the deck runs out.
    in_phase_left = 3 - s.cards_in_phase if s.phase == "wehrmacht_cards" else 0
    turns = s.turn + ceil(max(0, cards_left - in_phase_left) / 3)
    if s.phase in ("soviet_cards", "setup") and cards_left:
        turns = s.turn - 1 + ceil(cards_left / 3)
    return {
        "turn": s.turn,
        "turns": max(turns, s.turn),
        "phase": s.phase,
        "phaseLabel": game.phase_label,
        "actionsLeft": s.actions_left,
        "movesLeft": s.moves_left,
        "cardsInPhase": s.cards_in_phase,
        "score": {"total": sc.total, "raids": sc.raids, "defenders": sc.defenders,
                  "attackers": sc.attackers, "support": getattr(sc, "support", 0)},
        "defense": dict(s.defense),
        "soviet": soviet,
        "moved": list(s.moved),
        "stock": [cid for cid, c in s.soviet.items() if c.where == "stock"],
        "stockWeapons": [wid for wid, where in s.weapons.items() if where == "stock"],
        "casualties": [cid for cid, c in s.soviet.items() if c.where == "removed"],
        "weapons": weapons,
        "weaponsLost": [wid for wid, where in s.weapons.items() if where == "removed"],
        "tracks": [list(t) for t in s.tracks],
        "wstock": len(game.components.wehrmacht_counter_ids()) - len(e.wehrmacht_on_board()),
        "tokens": _tokens_on_board(s.tokens),
        "stockTokens": {k: n for k, n in s.tokens.get("stock", {}).items() if n},
        "hand": [[cid, cid in s.hand_used] for cid in s.hand],
        "wcard": wehrmacht_card(game, s.wehrmacht_current),
        "wplayed": _played_this_turn(game),
        "storm": _storm_card(game, s.storm_box),
        "stormWon": [c["name"] for c in (_storm_card(game, x) for x in s.storm_won) if c],
        "stormLost": len(s.storm_lost),
        "decks": {
            "wehrmacht": cards_left,
            "wehrmachtDone": len(s.wehrmacht_done),
            "soviet": len(s.soviet_deck),
            "discard": len(s.soviet_discard),
            "fog": len(s.fog_stock),
        },
        "os": _operational_support(game),
        "tactics": _tactics(game),
        "outcome": game.outcome,
    }


# --- the pending choice ------------------------------------------------------------------


def board_targets(option: Option) -> list[str]:
    """The board regions an option is drawn on.

    A card action (``card:<card>:<unit>:<action>``) is drawn on the half of the card that
    shows its unit, so one click on that half takes it; every other option keeps the targets
    the engine gave it.
    """
    parts = option.id.split(":")
    if parts[0] == "card" and len(parts) == 4:
        return [f"card:{parts[1]}:{parts[2]}"]
    return list(option.targets)


def _fraction(p: Any) -> str:
    return f"{p.numerator}/{p.denominator}"


def pending_view(game: Game) -> dict[str, Any]:
    """The choice the game waits for: the ``options`` trait.

    ``kind`` is ``decision`` (pick one of ``options``), ``chance`` (dice to roll: the only
    option is ``roll``, and ``odds`` lists every result with its exact probability) or
    ``over``.
    """
    pending = game.pending
    if isinstance(pending, Decision):
        return {
            "kind": "decision",
            "op": pending.op,
            "prompt": pending.prompt,
            "rule": pending.rule,
            "options": [
                {"id": o.id, "label": o.label, "targets": board_targets(o)}
                for o in pending.options
            ],
            "odds": [],
        }
    if isinstance(pending, Chance):
        dice = f"{pending.dice} {'die' if pending.dice == 1 else 'dice'}"
        return {
            "kind": "chance",
            "op": "roll",
            "prompt": pending.label,
            "rule": pending.rule,
            "options": [
                {"id": "roll", "label": f"Roll {dice}", "targets": []}
            ],
            "odds": [
                [label, _fraction(p), round(float(p) * 100, 1)] for label, p in pending.outcomes
            ],
        }
    outcome = game.outcome or {}
    prompt = "The game is over"
    if outcome:
        prompt = f"Game over: {outcome.get('level')} (score {outcome.get('score')})"
    return {"kind": "over", "op": "", "prompt": prompt, "rule": "6.0 Ending the Game",
            "options": [], "odds": []}


# --- dice and log ------------------------------------------------------------------------

def _result_tone(result: str) -> str:
    """``good`` / ``bad`` for the defenders where a result reads that way, else ``plain``."""
    if result in ("success",):
        return "good"
    if result in ("failure",):
        return "bad"
    return "plain"


def last_roll(game: Game) -> dict[str, Any]:
    """The newest dice roll (empty before the first roll): dice, what for, result, rule."""
    for index in range(len(game.engine.log_entries) - 1, -1, -1):
        entry = game.engine.log_entries[index]
        if entry.kind == "roll" and entry.dice:
            label, _, result = entry.text.rpartition(": ")
            dice = list(entry.dice)
            return {
                "n": index,
                "turn": entry.turn,
                "dice": dice,
                "label": label or entry.text,
                "result": result,
                "rule": entry.rule,
                "marks": list(entry.marks) if entry.marks else None,
                "tone": _result_tone(result),
            }
    return {}


def log_view(game: Game, limit: int = LOG_LIMIT) -> list[dict[str, Any]]:
    """The newest ``limit`` log entries, newest first.

    Each entry has ``n`` (its number from the start of the game), ``turn``, ``text`` and
    ``rule``; ``dice`` only when dice were rolled and ``kind`` only when it is not a plain
    ``event`` (both left out to keep every update small).
    """
    entries = game.engine.log_entries
    start = max(0, len(entries) - limit)
    out = []
    for i in range(len(entries) - 1, start - 1, -1):
        e = entries[i]
        item: dict[str, Any] = {"n": i, "turn": e.turn, "text": e.text, "rule": e.rule}
        if e.dice:
            item["dice"] = list(e.dice)
        if e.kind != "event":
            item["kind"] = e.kind
        out.append(item)
    return out
