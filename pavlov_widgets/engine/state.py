"""The game state as plain data, with an exact, validating ``to_dict`` / ``from_dict`` round trip.

Everything that decides what happens next lives here — including the dice generator, the
scripted dice of a walkthrough and the stack of rule steps still to run — so a state can be
saved, copied, compared and restored without losing anything. Places are strings:

* Soviet counters and weapons: ``"stock"``, ``"reserves"``, a square id (``"G4R1"``) or
  ``"removed"`` (a casualty, out of the game).
* Token places: ``"stock"``, ``"removed"``, ``"supplies"``, ``"staging"``,
  ``"suppress:<colour>"``, ``"loc:<3-18>"`` (Volga locations) and ``"sapper:<track>:<circle>"``.
  Disrupted, Action and Command tokens on Soviet counters are flags on the counter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import SaveFormatError

PHASES: tuple[str, ...] = (
    "setup",
    "planning",
    "soviet_cards",
    "wehrmacht_cards",
    "counter_moves",
    "counter_actions",
    "game_end",
    "over",
)
"""The phases of a turn (1.1) plus setup and the end of the game (6.0); ``"planning"`` is the
Wehrmacht Planning phase that opens each turn of the competitive variant (7.4)."""

GERMAN_PILES: tuple[str, ...] = ("german_hand", "orders", "german_tactics", "tactics_chosen")
"""The German player's cards (7.4 Competitive), hidden from the Soviet side: the hand of
Wehrmacht cards, the order pile (first order first), the hand of Tactics cards and the Tactics
card chosen face down ("" when none). A save writes them only when one is not empty, so a
game without a German player saves exactly as before the variant existed."""

MARKERS: tuple[str, ...] = ("", "action", "command")


@dataclass(slots=True)
class SovietCounter:
    """A Soviet counter's place and state (4.0): Exhausted side, Disrupted token, marker."""

    where: str
    exhausted: bool = False
    disrupted: bool = False
    marker: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "where": self.where,
            "exhausted": self.exhausted,
            "disrupted": self.disrupted,
            "marker": self.marker,
        }


@dataclass(slots=True)
class GameState:
    """One moment of a game of Pavlov's House: every component's place and the rule cursor."""

    seed: int
    dice_rng: int
    card_rng: int
    script: list[int] | None
    turn: int
    phase: str
    soviet: dict[str, SovietCounter]
    weapons: dict[str, str]
    tracks: list[list[str]]
    defense: dict[str, int]
    tokens: dict[str, dict[str, int]]
    wehrmacht_deck: list[str]
    wehrmacht_current: str
    wehrmacht_done: list[str]
    resupply_removed: list[str]
    storm_box: str
    storm_won: list[str]
    storm_lost: list[str]
    soviet_deck: list[str]
    hand: list[str]
    hand_used: list[str]
    soviet_discard: list[str]
    fog_stock: list[str]
    cards_in_phase: int
    actions_left: int
    moves_left: int
    moved: list[str]
    tactics_deck: list[str] = field(default_factory=list)
    tactics_in_play: list[str] = field(default_factory=list)
    tactics_removed: list[str] = field(default_factory=list)
    os_deck: list[str] = field(default_factory=list)
    os_current: str = ""
    os_won: list[str] = field(default_factory=list)
    german_hand: list[str] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)
    german_tactics: list[str] = field(default_factory=list)
    tactics_chosen: str = ""
    stack: list[dict[str, Any]] = field(default_factory=list)
    pending: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None

    # --- serialisation ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The state as JSON-ready plain data (an exact round trip with :meth:`from_dict`)."""
        out = self._to_dict()
        if self.german_hand or self.orders or self.german_tactics or self.tactics_chosen:
            out.update(german_hand=list(self.german_hand), orders=list(self.orders),
                       german_tactics=list(self.german_tactics),
                       tactics_chosen=self.tactics_chosen)
        return out

    def _to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "dice_rng": self.dice_rng,
            "card_rng": self.card_rng,
            "script": None if self.script is None else list(self.script),
            "turn": self.turn,
            "phase": self.phase,
            "soviet": {k: v.to_dict() for k, v in self.soviet.items()},
            "weapons": dict(self.weapons),
            "tracks": [list(t) for t in self.tracks],
            "defense": dict(self.defense),
            "tokens": {k: dict(v) for k, v in self.tokens.items()},
            "wehrmacht_deck": list(self.wehrmacht_deck),
            "wehrmacht_current": self.wehrmacht_current,
            "wehrmacht_done": list(self.wehrmacht_done),
            "resupply_removed": list(self.resupply_removed),
            "storm_box": self.storm_box,
            "storm_won": list(self.storm_won),
            "storm_lost": list(self.storm_lost),
            "soviet_deck": list(self.soviet_deck),
            "hand": list(self.hand),
            "hand_used": list(self.hand_used),
            "soviet_discard": list(self.soviet_discard),
            "fog_stock": list(self.fog_stock),
            "cards_in_phase": self.cards_in_phase,
            "actions_left": self.actions_left,
            "moves_left": self.moves_left,
            "moved": list(self.moved),
            "tactics_deck": list(self.tactics_deck),
            "tactics_in_play": list(self.tactics_in_play),
            "tactics_removed": list(self.tactics_removed),
            "os_deck": list(self.os_deck),
            "os_current": self.os_current,
            "os_won": list(self.os_won),
            "stack": _json_copy(self.stack),
            "pending": _json_copy(self.pending),
            "outcome": _json_copy(self.outcome),
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """Rebuild a state from :meth:`to_dict` output, naming the first bad field."""
        r = _Checker(data, "state")
        soviet_raw = r.mapping("soviet")
        soviet: dict[str, SovietCounter] = {}
        for cid, raw in soviet_raw.items():
            c = _Checker(raw, f"state.soviet.{cid}")
            marker = c.string("marker")
            if marker not in MARKERS:
                raise SaveFormatError(f"state.soviet.{cid}.marker: unknown marker {marker!r}")
            soviet[cid] = SovietCounter(
                where=c.string("where"),
                exhausted=c.boolean("exhausted"),
                disrupted=c.boolean("disrupted"),
                marker=marker,
            )
        tokens: dict[str, dict[str, int]] = {}
        for place, raw in r.mapping("tokens").items():
            if not isinstance(raw, dict):
                raise SaveFormatError(f"state.tokens.{place}: must be an object")
            inner: dict[str, int] = {}
            for kind, n in raw.items():
                if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                    raise SaveFormatError(f"state.tokens.{place}.{kind}: must be a count >= 0")
                inner[str(kind)] = n
            tokens[str(place)] = inner
        tracks_raw = r.get("tracks", list)
        tracks: list[list[str]] = []
        for i, t in enumerate(tracks_raw):
            if not isinstance(t, list) or not all(isinstance(x, str) for x in t):
                raise SaveFormatError(f"state.tracks[{i}]: must be a list of counter ids")
            tracks.append(list(t))
        script = data.get("script") if isinstance(data, dict) else None
        if script is not None and (
            not isinstance(script, list)
            or not all(type(d) is int and 1 <= d <= 6 for d in script)
        ):
            raise SaveFormatError("state.script: must be null or a list of dice 1-6")
        phase = r.string("phase")
        if phase not in PHASES:
            raise SaveFormatError(f"state.phase: unknown phase {phase!r}")
        defense = {}
        for colour, v in r.mapping("defense").items():
            if isinstance(v, bool) or not isinstance(v, int):
                raise SaveFormatError(f"state.defense.{colour}: must be a whole number")
            defense[str(colour)] = v
        pending = data.get("pending") if isinstance(data, dict) else None
        if pending is not None and not isinstance(pending, dict):
            raise SaveFormatError("state.pending: must be null or an object")
        outcome = data.get("outcome") if isinstance(data, dict) else None
        if outcome is not None and not isinstance(outcome, dict):
            raise SaveFormatError("state.outcome: must be null or an object")
        stack = r.get("stack", list)
        if not all(isinstance(f, dict) and isinstance(f.get("op"), str) for f in stack):
            raise SaveFormatError("state.stack: every frame must be an object with an 'op'")
        weapons = r.mapping("weapons")
        if not all(isinstance(v, str) for v in weapons.values()):
            raise SaveFormatError("state.weapons: every place must be a string")
        # the German player's piles (7.4) are written only when one holds a card
        german = any(key in data for key in GERMAN_PILES)
        return cls(
            seed=r.integer("seed"),
            dice_rng=r.integer("dice_rng"),
            card_rng=r.integer("card_rng"),
            script=None if script is None else list(script),
            turn=r.integer("turn"),
            phase=phase,
            soviet=soviet,
            weapons={str(k): v for k, v in weapons.items()},
            tracks=tracks,
            defense=defense,
            tokens=tokens,
            wehrmacht_deck=r.strings("wehrmacht_deck"),
            wehrmacht_current=r.string("wehrmacht_current"),
            wehrmacht_done=r.strings("wehrmacht_done"),
            resupply_removed=r.strings("resupply_removed"),
            storm_box=r.string("storm_box"),
            storm_won=r.strings("storm_won"),
            storm_lost=r.strings("storm_lost"),
            soviet_deck=r.strings("soviet_deck"),
            hand=r.strings("hand"),
            hand_used=r.strings("hand_used"),
            soviet_discard=r.strings("soviet_discard"),
            fog_stock=r.strings("fog_stock"),
            cards_in_phase=r.integer("cards_in_phase"),
            actions_left=r.integer("actions_left"),
            moves_left=r.integer("moves_left"),
            moved=r.strings("moved"),
            tactics_deck=r.strings("tactics_deck"),
            tactics_in_play=r.strings("tactics_in_play"),
            tactics_removed=r.strings("tactics_removed"),
            os_deck=r.strings("os_deck"),
            os_current=r.string("os_current"),
            os_won=r.strings("os_won"),
            german_hand=r.strings("german_hand") if german else [],
            orders=r.strings("orders") if german else [],
            german_tactics=r.strings("german_tactics") if german else [],
            tactics_chosen=r.string("tactics_chosen") if german else "",
            stack=_json_copy(stack),
            pending=_json_copy(pending),
            outcome=_json_copy(outcome),
        )

    def copy(self) -> GameState:
        """An independent copy (cheaper than a JSON round trip)."""
        return GameState(
            seed=self.seed,
            dice_rng=self.dice_rng,
            card_rng=self.card_rng,
            script=None if self.script is None else list(self.script),
            turn=self.turn,
            phase=self.phase,
            soviet={
                k: SovietCounter(v.where, v.exhausted, v.disrupted, v.marker)
                for k, v in self.soviet.items()
            },
            weapons=dict(self.weapons),
            tracks=[list(t) for t in self.tracks],
            defense=dict(self.defense),
            tokens={k: dict(v) for k, v in self.tokens.items()},
            wehrmacht_deck=list(self.wehrmacht_deck),
            wehrmacht_current=self.wehrmacht_current,
            wehrmacht_done=list(self.wehrmacht_done),
            resupply_removed=list(self.resupply_removed),
            storm_box=self.storm_box,
            storm_won=list(self.storm_won),
            storm_lost=list(self.storm_lost),
            soviet_deck=list(self.soviet_deck),
            hand=list(self.hand),
            hand_used=list(self.hand_used),
            soviet_discard=list(self.soviet_discard),
            fog_stock=list(self.fog_stock),
            cards_in_phase=self.cards_in_phase,
            actions_left=self.actions_left,
            moves_left=self.moves_left,
            moved=list(self.moved),
            tactics_deck=list(self.tactics_deck),
            tactics_in_play=list(self.tactics_in_play),
            tactics_removed=list(self.tactics_removed),
            os_deck=list(self.os_deck),
            os_current=self.os_current,
            os_won=list(self.os_won),
            german_hand=list(self.german_hand),
            orders=list(self.orders),
            german_tactics=list(self.german_tactics),
            tactics_chosen=self.tactics_chosen,
            stack=_json_copy(self.stack),
            pending=_json_copy(self.pending),
            outcome=_json_copy(self.outcome),
        )


def _json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: _json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_copy(v) for v in value]
    return value


class _Checker:
    """Reads typed fields of a saved state, naming the field on error."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise SaveFormatError(f"{where}: must be an object")
        self.data, self.where = data, where

    def get(self, key: str, kind: type) -> Any:
        if key not in self.data:
            raise SaveFormatError(f"{self.where}.{key}: missing")
        value = self.data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveFormatError(f"{self.where}.{key}: must be {kind.__name__}, not {value!r}")
        return value

    def integer(self, key: str) -> int:
        value: int = self.get(key, int)
        return value

    def string(self, key: str) -> str:
        value: str = self.get(key, str)
        return value

    def boolean(self, key: str) -> bool:
        value: bool = self.get(key, bool)
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value: dict[str, Any] = self.get(key, dict)
        return value

    def strings(self, key: str) -> list[str]:
        value = self.get(key, list)
        if not all(isinstance(v, str) for v in value):
            raise SaveFormatError(f"{self.where}.{key}: must be a list of strings")
        return list(value)
