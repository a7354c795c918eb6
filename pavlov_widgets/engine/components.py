"""The game's components — board, counters, cards, tokens — loaded from data files.

Every number the engine uses about a printed component comes from here (Setup 1–11,
"Counters and Cards"). The files live in :mod:`pavlov_widgets.data`, one record per
component, each with a ``provenance``: ``rulebook`` (with the section), ``inferred``
(with the reasoning) or ``reconstructed`` (our plausible stand-in for a value the rules
do not print). A player who owns the game can pass a folder of corrected files to
:func:`load_components`; missing or invalid fields raise :class:`ComponentError`
naming the file, the record and the field.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from .errors import ComponentError
from .places import loc_key

COLOURS: tuple[str, ...] = ("green", "red", "purple")
"""The three colours of combat positions and Wehrmacht tracks (1.2, 1.3)."""

SPECIALS: dict[str, str] = {
    "C": "Command",
    "F": "Forward Observer",
    "A": "Anti-tank",
    "G": "Machine Gun",
    "M": "Mortar",
    "I": "Inspire",
    "S": "Storm Group",
}
"""Special action / attribute letters on Soviet counters (4.0, Attributes)."""

WEAPON_SPECIALS: tuple[str, ...] = ("A", "G", "M")
"""Designations a weapon counter can carry (4.0 Soviet Counters and Weapon Counters)."""

TOKEN_TYPES: tuple[str, ...] = (
    "action",
    "command",
    "disrupted",
    "suppression",
    "sapper",
    "ammunition",
    "first_aid",
    "wire",
    "artillery",
    "food",
    "aa",
)
"""Every token type of Setup 9, in the rulebook's order."""

SUPPLY_TOKENS: tuple[str, ...] = ("ammunition", "first_aid", "food", "sapper")
"""Tokens that travel stock → Staging → Flotilla → Supplies (2.0 62nd Army CP, Flotilla)."""

WEHRMACHT_CARD_KINDS: tuple[str, ...] = (
    "sniper",
    "mortar",
    "artillery",
    "ju87",
    "place",
    "assault",
    "storm_group",
)
"""The Wehrmacht card effects of 3.0 (plus the Milk House Storm Group card)."""


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where a component value comes from: ``rulebook``, ``inferred`` or ``reconstructed``."""

    kind: str
    source: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Square:
    """A combat position in Pavlov's House (1.2): its number in each of its colours."""

    id: str
    numbers: Mapping[str, int]
    x: int
    y: int
    radio: bool
    provenance: Provenance

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours this square carries, in green, red, purple order (1.3)."""
        return tuple(c for c in COLOURS if c in self.numbers)

    @property
    def label(self) -> str:
        """A short label such as ``G4/R1``."""
        return "/".join(f"{c[0].upper()}{self.numbers[c]}" for c in self.colours)


@dataclass(frozen=True, slots=True)
class Track:
    """A Wehrmacht arrow track on 9 January Square (3.0 Place Wehrmacht Counter)."""

    number: int
    colour: str
    circles: int
    sapper_circles: tuple[int, ...]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Unit:
    """An operational unit of the 62nd Army: a Soviet card action and its Volga locations.

    ``tokens`` are the token types the unit's actions place on its locations (2.0: Wire on
    the Signal Battalion's, Artillery, Anti-aircraft, the Flotilla's supply tokens).
    """

    id: str
    name: str
    short: str
    locations: tuple[int, ...]
    tokens: tuple[str, ...]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Board:
    """The three panels of the board (1.2)."""

    squares: tuple[Square, ...]
    tracks: tuple[Track, ...]
    units: tuple[Unit, ...]
    location_names: Mapping[int, str]
    defense_start: int
    defense_min: int
    defense_max: int

    def square(self, square_id: str) -> Square:
        """The square with this id."""
        for sq in self.squares:
            if sq.id == square_id:
                return sq
        raise KeyError(square_id)

    def unit(self, unit_id: str) -> Unit:
        """The unit with this id."""
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def squares_of(self, colour: str) -> dict[int, Square]:
        """The squares of one colour, by their number in that colour."""
        return {sq.numbers[colour]: sq for sq in self.squares if colour in sq.numbers}

    def tracks_of(self, colour: str) -> tuple[Track, ...]:
        """The tracks of one colour, in number order (Assault works colour by colour)."""
        return tuple(t for t in self.tracks if t.colour == colour)

    def token_homes(self) -> dict[str, tuple[int, ...]]:
        """The Volga locations each token type may lie on: those of the units placing it (2.0).

        ``{"wire": (14, 15, 16, 17), "aa": (8, 9, 12, 13), ...}``; a type no unit places
        (Disrupted tokens excepted, which may lie on any location) has no home.
        """
        homes: dict[str, set[int]] = {}
        for unit in self.units:
            for kind in unit.tokens:
                homes.setdefault(kind, set()).update(unit.locations)
        return {kind: tuple(sorted(locs)) for kind, locs in homes.items()}



@dataclass(frozen=True, slots=True)
class BoardIndex:
    """Lookup tables of one board, built once and shared by every game (read only)."""

    squares: dict[str, Square]
    square_ids: tuple[str, ...]
    colours: dict[str, tuple[str, ...]]
    labels: dict[str, str]
    units: dict[str, Unit]
    unit_locations: dict[str, tuple[int, ...]]
    unit_loc_keys: dict[str, tuple[tuple[int, str], ...]]
    """Each unit's Volga locations with their token places: ``((12, "loc:12"), ...)``."""
    tracks_of: dict[str, tuple[Track, ...]]
    squares_of: dict[str, dict[int, Square]]

    @classmethod
    def of(cls, board: Board) -> BoardIndex:
        """The index of a board."""
        return cls(
            squares={sq.id: sq for sq in board.squares},
            square_ids=tuple(sq.id for sq in board.squares),
            colours={sq.id: sq.colours for sq in board.squares},
            labels={sq.id: sq.label for sq in board.squares},
            units={u.id: u for u in board.units},
            unit_locations={u.id: u.locations for u in board.units},
            unit_loc_keys={
                u.id: tuple((n, loc_key(n)) for n in u.locations) for u in board.units
            },
            tracks_of={colour: board.tracks_of(colour) for colour in COLOURS},
            squares_of={colour: board.squares_of(colour) for colour in COLOURS},
        )


@dataclass(frozen=True, slots=True)
class SovietCounterSpec:
    """A Soviet counter as printed: values, special letters, cost (Counters and Cards)."""

    id: str
    name: str
    attack: int
    suppress: int
    specials: str
    cost: int
    starts_in_reserves: bool
    provenance: Provenance

    @property
    def weapon_special(self) -> str | None:
        """The weapon designation (A, G or M) this counter can crew, if any."""
        return _weapon_special(self.specials)


@cache
def _weapon_special(specials: str) -> str | None:
    """The first weapon designation among special letters (asked thousands of times a game)."""
    for letter in specials:
        if letter in WEAPON_SPECIALS:
            return letter
    return None


@dataclass(frozen=True, slots=True)
class WeaponSpec:
    """A weapon counter: a crew-served weapon of one designation (4.0)."""

    id: str
    name: str
    special: str
    attack: int
    suppress: int
    cost: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class WehrmachtCounterType:
    """A kind of Wehrmacht counter and how many the game has (3.0 Place Wehrmacht Counter)."""

    id: str
    name: str
    kind: str
    attack: int
    suppress: int
    defense: int
    count: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class StormGroupSpec:
    """A Storm Group target (3.0 Special Cards): the colour that must be clear, Defense, VP."""

    id: str
    name: str
    colour: str
    defense: int
    vp: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class WehrmachtCardSpec:
    """A Wehrmacht card (3.0). Fields unused by its kind are zero or empty."""

    id: str
    deck: int
    kind: str
    name: str
    colour_table: tuple[str, ...]
    dice: int
    aircraft: int
    defense: int
    counter_type: str
    competitive: bool
    storm_group: str
    provenance: Provenance

    def colour_for(self, die: int) -> str:
        """The colour this card targets for a die result (Sniper, Mortar, artillery)."""
        return self.colour_table[die - 1]


@dataclass(frozen=True, slots=True)
class ResupplyCardSpec:
    """A double-sided Resupply / Storm Group card (3.0 Special Cards)."""

    id: str
    storm_group: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class SovietCardSpec:
    """A Soviet card (2.0): two unit actions, or a Fog of War card with none."""

    id: str
    units: tuple[str, ...]
    fog: bool
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class OperationalSupportSpec:
    """An Operational Support card (7.1): tokens, undisrupted areas and Victory Points.

    The tokens are removed from the game from the stock; the areas (Volga locations) must have
    no Disrupted token.
    """

    id: str
    name: str
    tokens: Mapping[str, int]
    locations: tuple[int, ...]
    vp: int
    provenance: Provenance


TACTICS_EFFECTS: dict[str, str] = {
    "artillery_dice": "extra dice for every artillery card",
    "ju87_defense": "added to the Ju 87 Defense",
    "scouts_defense": "added to the Defense of Scouts",
    "sniper_dice": "extra dice for the Sniper",
    "mortar_dice": "extra dice for the Mortar",
    "assault_infantry_dice": "extra dice for each colour's infantry in an Assault",
    "assault_armor_dice": "extra dice for each colour's armour in an Assault",
    "wehrmacht_defense": "added to every Wehrmacht counter's Defense",
}
"""The effects a Tactics card can have (7.2), each a number added while the card is in play."""


@dataclass(frozen=True, slots=True)
class TacticsCardSpec:
    """A Tactics card (7.2): its deck and the modifiers it applies for the turn."""

    id: str
    deck: int
    name: str
    effects: Mapping[str, int]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """A token type: how many the game has and how many start in the Supplies box."""

    id: str
    name: str
    total: int
    in_supplies: int
    provenance: Provenance


@dataclass(frozen=True)
class Components:
    """Every component of one game, validated and cross-checked."""

    board: Board
    soviet_counters: Mapping[str, SovietCounterSpec]
    weapons: Mapping[str, WeaponSpec]
    wehrmacht_types: Mapping[str, WehrmachtCounterType]
    storm_groups: Mapping[str, StormGroupSpec]
    wehrmacht_cards: Mapping[str, WehrmachtCardSpec]
    resupply_cards: Mapping[str, ResupplyCardSpec]
    soviet_cards: Mapping[str, SovietCardSpec]
    tokens: Mapping[str, TokenSpec]
    operational_support: Mapping[str, OperationalSupportSpec]
    tactics: Mapping[str, TacticsCardSpec]
    fingerprint: str

    def wehrmacht_counter_ids(self) -> tuple[str, ...]:
        """One id per physical Wehrmacht counter, e.g. ``riflemen-3``."""
        return tuple(self._wehrmacht_counters)

    def wehrmacht_type_of(self, counter_id: str) -> WehrmachtCounterType:
        """The type of a Wehrmacht counter id such as ``stug-iiib-2``."""
        kind = self._wehrmacht_counters.get(counter_id)
        if kind is None:  # not a printed counter: read the type from the id, as before
            return self.wehrmacht_types[counter_id.rsplit("-", 1)[0]]
        return kind

    def storm_group_on(self, card_id: str) -> StormGroupSpec:
        """The Storm Group printed on a Resupply or Storm Group card (3.0 Special Cards)."""
        if card_id in self.resupply_cards:
            return self.storm_groups[self.resupply_cards[card_id].storm_group]
        return self.storm_groups[self.wehrmacht_cards[card_id].storm_group]

    @cached_property
    def index(self) -> BoardIndex:
        """The board's lookup tables (the rules read them thousands of times a game)."""
        return BoardIndex.of(self.board)

    @cached_property
    def inspirers(self) -> dict[str, tuple[str, ...]]:
        """The Soviet counters with Inspire for each weapon designation (4.0), by letter."""
        out: dict[str, tuple[str, ...]] = {}
        for cid, spec in self.soviet_counters.items():
            if "I" in spec.specials:
                for letter in spec.specials:
                    out[letter] = (*out.get(letter, ()), cid)
        return out

    @cached_property
    def wehrmacht_counters_by_type(self) -> dict[str, tuple[str, ...]]:
        """The Wehrmacht counter ids of each type, in number order (``riflemen-1``, ...)."""
        out: dict[str, list[str]] = {t: [] for t in self.wehrmacht_types}
        for cid, kind in self._wehrmacht_counters.items():
            out[kind.id].append(cid)
        return {t: tuple(ids) for t, ids in out.items()}

    @cached_property
    def counter_names(self) -> dict[str, str]:
        """The name of every Soviet, weapon and Wehrmacht counter, by counter id."""
        return {
            **{w: t.name for w, t in self._wehrmacht_counters.items()},
            **{wid: spec.name for wid, spec in self.weapons.items()},
            **{cid: spec.name for cid, spec in self.soviet_counters.items()},
        }

    @cached_property
    def _wehrmacht_counters(self) -> dict[str, WehrmachtCounterType]:
        # the rules ask for a counter's type thousands of times per game: look it up once
        return {
            f"{t.id}-{i}": t for t in self.wehrmacht_types.values() for i in range(1, t.count + 1)
        }


# --- loading and validation -------------------------------------------------------------

FILES: tuple[str, ...] = (
    "board.json",
    "soviet_counters.json",
    "weapons.json",
    "wehrmacht_counters.json",
    "storm_groups.json",
    "wehrmacht_cards.json",
    "resupply_cards.json",
    "soviet_cards.json",
    "tokens.json",
    "operational_support.json",
    "tactics_cards.json",
)
"""The component files, all required, in the order they are checked."""

T = TypeVar("T")


class _Reader:
    """Reads typed fields from one record, naming file, record and field on error."""

    def __init__(self, file: str, where: str, record: Any) -> None:
        if not isinstance(record, dict):
            raise ComponentError(f"{file}: {where} is not an object")
        self.file, self.where, self.record = file, where, record

    def fail(self, field: str, problem: str) -> ComponentError:
        return ComponentError(f"{self.file}: {self.where}: field {field!r} {problem}")

    def get(self, field: str, kind: type[T], default: T | None = None) -> T:
        if field not in self.record:
            if default is not None:
                return default
            raise self.fail(field, "is missing")
        value = self.record[field]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(field, f"must be a whole number, not {value!r}")
        if not isinstance(value, kind):
            raise self.fail(field, f"must be a {kind.__name__}, not {value!r}")
        return value

    def number(self, field: str, low: int, high: int, default: int | None = None) -> int:
        value = self.get(field, int, default)
        if not low <= value <= high:
            raise self.fail(field, f"must be between {low} and {high}, not {value}")
        return value

    def choice(self, field: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        value = self.get(field, str, default)
        if value not in allowed:
            raise self.fail(field, f"must be one of {', '.join(allowed)}, not {value!r}")
        return value

    def provenance(self) -> Provenance:
        raw = self.get("provenance", dict)
        sub = _Reader(self.file, f"{self.where}.provenance", raw)
        return Provenance(
            kind=sub.choice("kind", ("rulebook", "inferred", "reconstructed")),
            source=sub.get("source", str),
            note=sub.get("note", str, ""),
        )


def _records(file: str, data: Any, key: str) -> list[Any]:
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ComponentError(f"{file}: expected an object with a list {key!r}")
    return list(data[key])


def _unique(file: str, items: list[T], ident: Callable[[T], str]) -> dict[str, T]:
    out: dict[str, T] = {}
    for item in items:
        key = ident(item)
        if key in out:
            raise ComponentError(f"{file}: duplicate id {key!r}")
        out[key] = item
    return out


def _read_board(data: Any) -> Board:
    file = "board.json"
    top = _Reader(file, "board", data)
    squares = []
    for i, raw in enumerate(_records(file, data, "squares")):
        r = _Reader(file, f"squares[{i}]", raw)
        numbers_raw = r.get("numbers", dict)
        numbers: dict[str, int] = {}
        for colour, n in numbers_raw.items():
            if colour not in COLOURS:
                raise r.fail("numbers", f"has unknown colour {colour!r}")
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 6:
                raise r.fail("numbers", f"{colour} must be a number 1-6, not {n!r}")
            numbers[colour] = n
        if not 1 <= len(numbers) <= 2:
            raise r.fail("numbers", "must give one or two colours")
        squares.append(
            Square(
                id=r.get("id", str),
                numbers=numbers,
                x=r.number("x", 0, 20),
                y=r.number("y", 0, 20),
                radio=r.get("radio", bool, False),
                provenance=r.provenance(),
            )
        )
    for colour in COLOURS:
        seen = sorted(sq.numbers[colour] for sq in squares if colour in sq.numbers)
        if seen != list(range(1, 7)):
            raise ComponentError(f"{file}: {colour} squares must be numbered 1-6 once each")
    radios = [sq for sq in squares if sq.radio]
    if len(radios) != 1:
        raise ComponentError(f"{file}: exactly one square must be the radio position")
    tracks = []
    for i, raw in enumerate(_records(file, data, "tracks")):
        r = _Reader(file, f"tracks[{i}]", raw)
        circles = r.number("circles", 2, 12)
        sappers = r.get("sapper_circles", list)
        for s in sappers:
            if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= circles:
                raise r.fail("sapper_circles", f"holds {s!r}, not a circle 1-{circles}")
        tracks.append(
            Track(
                number=r.number("number", 1, 6),
                colour=r.choice("colour", COLOURS),
                circles=circles,
                sapper_circles=tuple(sappers),
                provenance=r.provenance(),
            )
        )
    if [t.number for t in tracks] != [1, 2, 3, 4, 5, 6]:
        raise ComponentError(f"{file}: tracks must be numbered 1-6 in order")
    units = []
    for i, raw in enumerate(_records(file, data, "units")):
        r = _Reader(file, f"units[{i}]", raw)
        locs = r.get("locations", list)
        for n in locs:
            if isinstance(n, bool) or not isinstance(n, int) or not 3 <= n <= 18:
                raise r.fail("locations", f"holds {n!r}, not a location 3-18")
        kinds = r.get("tokens", list)
        for kind in kinds:
            if kind not in TOKEN_TYPES or kind == "disrupted":
                raise r.fail("tokens", f"holds {kind!r}, not a token type a unit places")
        if kinds and not locs:
            raise r.fail("tokens", "needs locations to place its tokens on")
        units.append(
            Unit(
                id=r.get("id", str),
                name=r.get("name", str),
                short=r.get("short", str),
                locations=tuple(locs),
                tokens=tuple(kinds),
                provenance=r.provenance(),
            )
        )
    names_raw = top.get("location_names", dict)
    location_names: dict[int, str] = {}
    for key, name in names_raw.items():
        if not str(key).isdigit() or not 3 <= int(key) <= 18 or not isinstance(name, str):
            raise top.fail("location_names", f"has a bad entry {key!r}: {name!r}")
        location_names[int(key)] = name
    if sorted(location_names) != list(range(3, 19)):
        raise top.fail("location_names", "must name every location 3-18")
    defense = _Reader(file, "defense", top.get("defense", dict))
    low, high = defense.number("min", 1, 6), defense.number("max", 1, 9)
    if low > high:
        raise defense.fail("min", f"must not be above max ({low} > {high})")
    return Board(
        squares=tuple(squares),
        tracks=tuple(tracks),
        units=tuple(units),
        location_names=location_names,
        defense_start=defense.number("start", low, min(high, 6)),  # between min and max
        defense_min=low,
        defense_max=high,
    )


def _read_soviet_counters(data: Any) -> dict[str, SovietCounterSpec]:
    file = "soviet_counters.json"
    out = []
    for i, raw in enumerate(_records(file, data, "counters")):
        r = _Reader(file, f"counters[{i}]", raw)
        specials = r.get("specials", str, "")
        for letter in specials:
            if letter not in SPECIALS:
                raise r.fail("specials", f"has unknown letter {letter!r}")
        if sum(letter in WEAPON_SPECIALS for letter in specials) > 1:
            raise r.fail("specials", "may hold at most one weapon designation")
        out.append(
            SovietCounterSpec(
                id=r.get("id", str),
                name=r.get("name", str),
                attack=r.number("attack", 0, 9),
                suppress=r.number("suppress", 0, 9),
                specials=specials,
                cost=r.number("cost", 1, 6),
                starts_in_reserves=r.get("starts_in_reserves", bool, False),
                provenance=r.provenance(),
            )
        )
    return _unique(file, out, lambda c: c.id)


def _read_weapons(data: Any) -> dict[str, WeaponSpec]:
    file = "weapons.json"
    out = []
    for i, raw in enumerate(_records(file, data, "weapons")):
        r = _Reader(file, f"weapons[{i}]", raw)
        out.append(
            WeaponSpec(
                id=r.get("id", str),
                name=r.get("name", str),
                special=r.choice("special", WEAPON_SPECIALS),
                attack=r.number("attack", 0, 9),
                suppress=r.number("suppress", 0, 9),
                cost=r.number("cost", 1, 6),
                provenance=r.provenance(),
            )
        )
    return _unique(file, out, lambda w: w.id)


def _read_wehrmacht_types(data: Any) -> dict[str, WehrmachtCounterType]:
    file = "wehrmacht_counters.json"
    out = []
    for i, raw in enumerate(_records(file, data, "types")):
        r = _Reader(file, f"types[{i}]", raw)
        type_id = r.get("id", str)
        if "-" in type_id and type_id.rsplit("-", 1)[1].isdigit():
            raise r.fail("id", "must not end in -<number> (counter ids add one)")
        out.append(
            WehrmachtCounterType(
                id=type_id,
                name=r.get("name", str),
                kind=r.choice("kind", ("infantry", "armor")),
                attack=r.number("attack", 0, 9, 0),
                suppress=r.number("suppress", 0, 9, 0),
                defense=r.number("defense", 1, 7),
                count=r.number("count", 1, 20),
                provenance=r.provenance(),
            )
        )
    return _unique(file, out, lambda t: t.id)


def _read_storm_groups(data: Any) -> dict[str, StormGroupSpec]:
    file = "storm_groups.json"
    out = []
    for i, raw in enumerate(_records(file, data, "storm_groups")):
        r = _Reader(file, f"storm_groups[{i}]", raw)
        out.append(
            StormGroupSpec(
                id=r.get("id", str),
                name=r.get("name", str),
                colour=r.choice("colour", COLOURS),
                defense=r.number("defense", 1, 60),
                vp=r.number("vp", 0, 50),
                provenance=r.provenance(),
            )
        )
    return _unique(file, out, lambda s: s.id)


def _read_wehrmacht_cards(
    data: Any, types: Mapping[str, WehrmachtCounterType], storms: Mapping[str, StormGroupSpec]
) -> dict[str, WehrmachtCardSpec]:
    file = "wehrmacht_cards.json"
    out = []
    for i, raw in enumerate(_records(file, data, "cards")):
        r = _Reader(file, f"cards[{i}]", raw)
        kind = r.choice("kind", WEHRMACHT_CARD_KINDS)
        table: tuple[str, ...] = ()
        if kind in ("sniper", "mortar", "artillery"):
            raw_table = r.get("colour_table", list)
            if len(raw_table) != 6 or any(c not in COLOURS for c in raw_table):
                raise r.fail("colour_table", "must list six colours, one per die face")
            table = tuple(raw_table)
        counter_type = r.get("counter_type", str, "") if kind == "place" else ""
        if kind == "place" and counter_type not in types:
            raise r.fail("counter_type", f"names no Wehrmacht counter type: {counter_type!r}")
        storm = r.get("storm_group", str, "") if kind == "storm_group" else ""
        if kind == "storm_group" and storm not in storms:
            raise r.fail("storm_group", f"names no storm group: {storm!r}")
        out.append(
            WehrmachtCardSpec(
                id=r.get("id", str),
                deck=r.number("deck", 1, 5),
                kind=kind,
                name=r.get("name", str),
                colour_table=table,
                dice=r.number("dice", 1, 9) if kind == "artillery" else 0,
                aircraft=r.number("aircraft", 1, 6) if kind == "ju87" else 0,
                defense=r.number("defense", 1, 7) if kind == "ju87" else 0,
                counter_type=counter_type,
                competitive=r.get("competitive", bool, False),
                storm_group=storm,
                provenance=r.provenance(),
            )
        )
    return _unique(file, out, lambda c: c.id)


def _read_resupply(data: Any, storms: Mapping[str, StormGroupSpec]) -> dict[str, ResupplyCardSpec]:
    file = "resupply_cards.json"
    out = []
    for i, raw in enumerate(_records(file, data, "cards")):
        r = _Reader(file, f"cards[{i}]", raw)
        storm = r.get("storm_group", str)
        if storm not in storms:
            raise r.fail("storm_group", f"names no storm group: {storm!r}")
        out.append(
            ResupplyCardSpec(id=r.get("id", str), storm_group=storm, provenance=r.provenance())
        )
    cards = _unique(file, out, lambda c: c.id)
    if len(cards) < 3:
        raise ComponentError(f"{file}: at least three Resupply cards are needed (Setup 2)")
    return cards


def _read_soviet_cards(data: Any, units: tuple[Unit, ...]) -> dict[str, SovietCardSpec]:
    file = "soviet_cards.json"
    unit_ids = {u.id for u in units}
    out = []
    for i, raw in enumerate(_records(file, data, "cards")):
        r = _Reader(file, f"cards[{i}]", raw)
        fog = r.get("fog", bool, False)
        card_units = r.get("units", list, [])
        if fog and card_units:
            raise r.fail("units", "must be empty on a Fog of War card")
        if not fog and len(card_units) != 2:
            raise r.fail("units", "must name two units (2.2: each card has two actions)")
        for u in card_units:
            if u not in unit_ids:
                raise r.fail("units", f"names no unit: {u!r}")
        out.append(
            SovietCardSpec(
                id=r.get("id", str), units=tuple(card_units), fog=fog, provenance=r.provenance()
            )
        )
    cards = _unique(file, out, lambda c: c.id)
    if sum(c.fog for c in cards.values()) < 3:
        raise ComponentError(f"{file}: at least three Fog of War cards are needed (Setup 5)")
    return cards


def _read_tokens(data: Any) -> dict[str, TokenSpec]:
    file = "tokens.json"
    out = []
    for i, raw in enumerate(_records(file, data, "tokens")):
        r = _Reader(file, f"tokens[{i}]", raw)
        total = r.number("total", 0, 99)
        out.append(
            TokenSpec(
                id=r.choice("id", TOKEN_TYPES),
                name=r.get("name", str),
                total=total,
                in_supplies=r.number("in_supplies", 0, total, 0),
                provenance=r.provenance(),
            )
        )
    tokens = _unique(file, out, lambda t: t.id)
    missing = [t for t in TOKEN_TYPES if t not in tokens]
    if missing:
        raise ComponentError(f"{file}: token types missing: {', '.join(missing)}")
    return tokens


def _read_operational_support(data: Any) -> dict[str, OperationalSupportSpec]:
    file = "operational_support.json"
    out = []
    for i, raw in enumerate(_records(file, data, "cards")):
        r = _Reader(file, f"cards[{i}]", raw)
        tokens: dict[str, int] = {}
        for kind, n in r.get("tokens", dict).items():
            if kind not in TOKEN_TYPES:
                raise r.fail("tokens", f"names an unknown token type {kind!r}")
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise r.fail("tokens", f"{kind} must be a count of at least 1")
            tokens[kind] = n
        locs = r.get("locations", list)
        for n in locs:
            if isinstance(n, bool) or not isinstance(n, int) or not 3 <= n <= 18:
                raise r.fail("locations", f"holds {n!r}, not a location 3-18")
        out.append(
            OperationalSupportSpec(
                id=r.get("id", str),
                name=r.get("name", str),
                tokens=tokens,
                locations=tuple(locs),
                vp=r.number("vp", 0, 50),
                provenance=r.provenance(),
            )
        )
    return _unique(file, out, lambda c: c.id)


def _read_tactics(data: Any) -> dict[str, TacticsCardSpec]:
    file = "tactics_cards.json"
    out = []
    for i, raw in enumerate(_records(file, data, "cards")):
        r = _Reader(file, f"cards[{i}]", raw)
        effects: dict[str, int] = {}
        for key, n in r.get("effects", dict).items():
            if key not in TACTICS_EFFECTS:
                raise r.fail("effects", f"names an unknown effect {key!r}")
            if isinstance(n, bool) or not isinstance(n, int) or not -3 <= n <= 3:
                raise r.fail("effects", f"{key} must be a whole number from -3 to 3")
            effects[key] = n
        out.append(
            TacticsCardSpec(
                id=r.get("id", str),
                deck=r.number("deck", 1, 4),
                name=r.get("name", str),
                effects=effects,
                provenance=r.provenance(),
            )
        )
    return _unique(file, out, lambda c: c.id)


def _cross_check(c: Components) -> None:
    specials = [s.specials for s in c.soviet_counters.values()]
    if sum("C" in s for s in specials) < 1:
        raise ComponentError("soviet_counters.json: no counter has Command [C]")
    if not any(s.starts_in_reserves for s in c.soviet_counters.values()):
        raise ComponentError("soviet_counters.json: no counter starts in Reserves (Setup 6)")
    for card in c.wehrmacht_cards.values():
        if card.kind == "ju87" and card.defense > 6:
            raise ComponentError(f"wehrmacht_cards.json: {card.id}: Ju 87 defense above 6")


def _parse(raw: Mapping[str, Any], fingerprint: str) -> Components:
    board = _read_board(raw["board.json"])
    storms = _read_storm_groups(raw["storm_groups.json"])
    types = _read_wehrmacht_types(raw["wehrmacht_counters.json"])
    comps = Components(
        board=board,
        soviet_counters=_read_soviet_counters(raw["soviet_counters.json"]),
        weapons=_read_weapons(raw["weapons.json"]),
        wehrmacht_types=types,
        storm_groups=storms,
        wehrmacht_cards=_read_wehrmacht_cards(raw["wehrmacht_cards.json"], types, storms),
        resupply_cards=_read_resupply(raw["resupply_cards.json"], storms),
        soviet_cards=_read_soviet_cards(raw["soviet_cards.json"], board.units),
        tokens=_read_tokens(raw["tokens.json"]),
        operational_support=_read_operational_support(raw["operational_support.json"]),
        tactics=_read_tactics(raw["tactics_cards.json"]),
        fingerprint=fingerprint,
    )
    _cross_check(comps)
    return comps


def _load_raw(folder: Path | None, overrides: Mapping[str, Any]) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for name in FILES:
        if name in overrides:
            raw[name] = overrides[name]
            continue
        try:
            if folder is not None and (folder / name).exists():
                text = (folder / name).read_text(encoding="utf-8")
            else:
                text = resources.files("pavlov_widgets.data").joinpath(name).read_text("utf-8")
        except OSError as exc:
            raise ComponentError(f"{name}: cannot be read ({exc})") from exc
        try:
            raw[name] = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ComponentError(f"{name}: not valid JSON ({exc})") from exc
    return raw


def load_components(
    folder: str | Path | None = None, overrides: Mapping[str, Any] | None = None
) -> Components:
    """Load and validate the components.

    Args:
        folder: a folder whose files replace the packaged ones of the same name
            (a corrected component file, say); files it lacks come from the package.
        overrides: already-parsed JSON documents by file name, for tests and the lab.

    Raises:
        ComponentError: the folder or the overrides are not what they should be, or a file is
            missing, not JSON, or has a missing or invalid field.
    """
    # checked here, at the boundary: a number or a list would otherwise fail deep in pathlib
    if folder is not None and not isinstance(folder, (str, Path)):
        raise ComponentError(f"folder: {folder!r} is not a folder's path (give a str or a Path)")
    if overrides is not None and not isinstance(overrides, Mapping):
        raise ComponentError(f"overrides: {overrides!r} is not a mapping of component file "
                             f"names to their JSON documents")
    overrides = dict(overrides or {})
    unknown = sorted(set(overrides) - set(FILES))
    if unknown:
        raise ComponentError(f"{unknown[0]}: not a component file (they are {', '.join(FILES)})")
    if folder is not None and not Path(folder).is_dir():
        raise ComponentError(f"{folder}: no such folder of component files")
    if folder is None and not overrides:
        return default_components()
    raw = _load_raw(Path(folder) if folder is not None else None, overrides)
    return _parse(raw, _fingerprint(raw))


def _fingerprint(raw: Mapping[str, Any]) -> str:
    blob = json.dumps([raw[name] for name in FILES], sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


@cache
def default_components() -> Components:
    """The packaged components (loaded once per process)."""
    raw = _load_raw(None, {})
    return _parse(raw, _fingerprint(raw))
