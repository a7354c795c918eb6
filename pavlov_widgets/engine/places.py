"""Places: every spot of the board as a typed value, and the one codec for its text form.

A **place** is where something is drawn, and clicked, on the board (1.2 The Board): a Soviet
counter, a combat position, a circle of a track, a Volga location, a box, a card … Each kind of
place is a small frozen, hashable class, like python-chess's ``Square``: ``Counter("pavlov")``,
``Square("G4R1")``, ``TrackCircle(3, 2)``. Its **id** is its one text form, the wire format
that the board, the saved logs, the tests and the notebooks speak:

=======================  ===================================  ==============================
class                    text                                 what (rule)
=======================  ===================================  ==============================
:class:`Counter`         ``counter:<counter>``                a Soviet counter (1.2)
:class:`Weapon`          ``weapon:<weapon>``                  a weapon counter (4.0)
:class:`StockCounter`    ``stock-soviet:<counter>``           a counter in the stock tray
:class:`StockWeapon`     ``stock-weapon:<weapon>``            a weapon in the stock tray
:class:`Square`          ``square:<square>``                  a combat position (1.2)
:class:`TrackCircle`     ``track:<track>:<circle>``           a circle of a track, 1-based
:class:`Location`        ``loc:<loc>``                        a Volga location (2.0)
:class:`Defense`         ``defense:<colour>``                 a Defense track (1.2)
:class:`Box`             ``box:<name>``                       a box (:data:`BOXES`)
:class:`SuppressionBox`  ``box:suppress:<colour>``            a Suppression box (4.0)
:class:`Card`            ``card:<card>``                      a card (2.0, 3.0, 7.4)
:class:`CardHalf`        ``card:<card>:<unit>``               a Soviet card's half (2.0)
:class:`TacticsCard`     ``tactics:<card>``                   a Tactics card in play (7.2)
:class:`Header`          ``header``                           the header of the board
:class:`DiceTray`        ``dice``                             the dice tray
:class:`Outcome`         ``outcome``                          the result of a finished game
:class:`WehrmachtSlot`   ``card:wehrmacht``                   the Wehrmacht card's slot (3.0)
=======================  ===================================  ==============================

The contract, as for the option ids of :mod:`.actions`:

- ``str(place)`` and ``place.id`` write the text, :func:`parse_place` reads it back, and
  nothing else in the code builds or takes apart a place's text:
  ``parse_place(place.id) == place`` for every place, and ``parse_place(text).id == text``
  for every text it accepts.
- Reading is **syntax only**: a text of a known kind with fields of the right form. A text
  that is not one raises :class:`~.errors.PlaceError` naming the text, what is wrong and the
  allowed forms. Whether the place exists in a game (is ``counter:nobody`` a counter of these
  components?) is :func:`known`'s question.
- The grammar is :data:`PLACE_KINDS` (kind → literal words and fields, in text order),
  exported to the board's JavaScript by :func:`grammar`: a text is its kind's words, then one
  ``:``-separated part per field; a name is :data:`NAME_PATTERN`, a number is 1-based and
  written without leading zeros (:data:`NUMBER_PATTERN`). When two kinds fit a text, the one
  with the longer words wins: ``card:wehrmacht`` is the Wehrmacht card slot, so no card may be
  called ``wehrmacht``.
- Places are interned: the same fields give the same object, checked and written once, so the
  rules can say ``Counter(cid).id`` thousands of times a game at the price of a lookup.

Two more things live here because they speak the same vocabulary: :func:`place_name`, a place
as a person names it ("Naumov", "position G4/R1", "track 3, circle 2"), and the mapping
between board places and the token places of the state (``GameState.tokens``: ``"stock"``,
``"supplies"``, ``"loc:8"`` …): :func:`token_place` and :func:`board_place`, with the builders
:func:`loc_key`, :func:`suppress_key` and :func:`sapper_key`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar

from .errors import PlaceError
from .i18n import N_, _
from .sections import colour_name, position_label

if TYPE_CHECKING:
    from .components import Components

__all__ = [
    "BOXES",
    "DICE",
    "FIXED_PLACES",
    "GERMAN_BOXES",
    "HEADER",
    "LOC_KEYS",
    "NAME_PATTERN",
    "NUMBER_PATTERN",
    "OFF_BOARD",
    "OFF_BOARD_TOKENS",
    "OUTCOME",
    "PLACE_CLASSES",
    "PLACE_KINDS",
    "RESERVES_BOX",
    "STAGING_BOX",
    "SUPPLIES_BOX",
    "TOKEN_BOXES",
    "WEHRMACHT_SLOT",
    "Box",
    "Card",
    "CardHalf",
    "Counter",
    "Defense",
    "DiceTray",
    "Field",
    "Header",
    "Location",
    "Outcome",
    "Place",
    "PlaceError",
    "PlaceKind",
    "Square",
    "StockCounter",
    "StockWeapon",
    "SuppressionBox",
    "TacticsCard",
    "TrackCircle",
    "Weapon",
    "WehrmachtSlot",
    "board_place",
    "circle_key",
    "counter_place",
    "grammar",
    "known",
    "loc_key",
    "parse_circle_key",
    "parse_place",
    "place_name",
    "sapper_key",
    "suppress_key",
    "token_place",
]

Field = str | int
"""The type of one field of a place: a name (counter, square, card, colour …) or a number."""


class PlaceKind(NamedTuple):
    """One kind of place: its literal words and its fields, in text order.

    Attributes:
        words: the literal start of the text (``"counter"``, ``"box:suppress"``,
            ``"card:wehrmacht"``).
        fields: each field's name and type (``str`` for a name, ``int`` for a number).
    """

    words: str
    fields: tuple[tuple[str, type], ...]

    @property
    def form(self) -> str:
        """The text form as people read it: ``track:<track>:<circle>``."""
        return ":".join([self.words, *(f"<{name}>" for name, _ in self.fields)])


PLACE_KINDS: dict[str, PlaceKind] = {
    # 1.2 the house: counters, weapons, combat positions, Defense tracks, boxes
    "counter": PlaceKind("counter", (("counter", str),)),
    "weapon": PlaceKind("weapon", (("weapon", str),)),
    "stock-soviet": PlaceKind("stock-soviet", (("counter", str),)),
    "stock-weapon": PlaceKind("stock-weapon", (("weapon", str),)),
    "square": PlaceKind("square", (("square", str),)),
    "defense": PlaceKind("defense", (("colour", str),)),
    "box": PlaceKind("box", (("name", str),)),
    "suppression-box": PlaceKind("box:suppress", (("colour", str),)),
    # 1.2 9 January Square and the Volga side
    "track": PlaceKind("track", (("track", int), ("circle", int))),
    "loc": PlaceKind("loc", (("loc", int),)),
    # the cards (2.0 Soviet cards and their halves, 3.0 Wehrmacht cards, 7.2/7.4 Tactics)
    "card": PlaceKind("card", (("card", str),)),
    "card-half": PlaceKind("card", (("card", str), ("unit", str))),
    "tactics": PlaceKind("tactics", (("card", str),)),
    # the fixed parts of every board
    "header": PlaceKind("header", ()),
    "dice": PlaceKind("dice", ()),
    "outcome": PlaceKind("outcome", ()),
    "wehrmacht-slot": PlaceKind("card:wehrmacht", ()),
}
"""Every kind of place: kind → its literal words and its fields in text order (the grammar;
see the module docstring). The board's JavaScript reads the same table (:func:`grammar`)."""

NAME_PATTERN = r"[A-Za-z0-9_-]+"
"""What a name field may hold: letters, digits, ``-`` and ``_`` (never a colon or a space)."""
NUMBER_PATTERN = r"[1-9][0-9]*"
"""What a number field may hold: a whole number from 1, without leading zeros."""

BOXES: dict[str, str] = {
    "reserves": N_("the Reserves box"),
    "supplies": N_("the Supplies box"),
    "storm": N_("the Storm Group box"),
    "staging": N_("the Staging Area box"),
    "operational-support": N_("the Operational Support space"),
    "soviet-hand": N_("the Soviet hand"),
    "german-hand": N_("the German player's hand"),
    "orders": N_("the German player's orders"),
    "german-tactics": N_("the German player's Tactics cards"),
    "tactics-chosen": N_("the Tactics card chosen"),
}
"""Every box of the board (``box:<name>``) and what a person calls it: the Reserves, Supplies
and Storm Group boxes of the house and the Staging Area and Operational Support space of the
Volga side (1.2, 7.1), and the piles of the Competitive variant's cards strip (7.4)."""

GERMAN_BOXES: tuple[str, ...] = ("german-hand", "orders", "german-tactics", "tactics-chosen")
"""The German player's piles (7.4 Competitive), drawn as boxes in the cards strip."""

_NAME = re.compile(NAME_PATTERN)
_NUMBER = re.compile(NUMBER_PATTERN)
_INTERN_MAX = 100_000  # places made by hand with ever new names (tests, fuzzers) stay bounded


def _words_by_first() -> dict[str, tuple[tuple[str, tuple[str, ...], int], ...]]:
    """For each first word: (kind, its words, its number of parts), longer words first."""
    out: dict[str, list[tuple[str, tuple[str, ...], int]]] = {}
    for kind, spec in PLACE_KINDS.items():
        words = tuple(spec.words.split(":"))
        out.setdefault(words[0], []).append((kind, words, len(words) + len(spec.fields)))
    return {first: tuple(sorted(rows, key=lambda row: -len(row[1])))
            for first, rows in out.items()}


_BY_FIRST = _words_by_first()
_FORMS = ", ".join(spec.form for spec in PLACE_KINDS.values())
_PARSED: dict[str, Place] = {}


def _kind_of(parts: list[str]) -> str | None:
    """The kind a text split at its colons is read as (longest words first), or None."""
    for kind, words, size in _BY_FIRST.get(parts[0], ()):
        if len(parts) == size and tuple(parts[:len(words)]) == words:
            return kind
    return None


# --- the places -------------------------------------------------------------------------------

P = TypeVar("P", bound="Place")


class Place:
    """A place on the board: one kind of :data:`PLACE_KINDS`, frozen and hashable.

    Make one with its class (``Counter("pavlov")``) or read one from its text
    (:func:`parse_place`). Two places are equal when they are of the same kind with the same
    fields; a place never equals its text (compare ``place.id`` for that).

    Attributes:
        kind: the kind of place (a key of :data:`PLACE_KINDS`).
        id: the text form (``"counter:pavlov"``), the same as ``str(place)``.
    """

    __slots__ = ("id",)
    kind: ClassVar[str] = ""
    _interned: ClassVar[dict[Any, Any]] = {}
    id: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._interned = {}

    @property
    def fields(self) -> tuple[Field, ...]:
        """The fields in text order (``TrackCircle(3, 2).fields == (3, 2)``)."""
        return tuple(getattr(self, name) for name, _ in PLACE_KINDS[self.kind].fields)

    def __str__(self) -> str:
        return self.id

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(map(repr, self.fields))})"

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Place):
            return NotImplemented
        return type(self) is type(other) and self.id == other.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a place is immutable (tried to set {name} of {self!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a place is immutable (tried to delete {name} of {self!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        # pickle and copy through the constructor: the copy is the interned place itself
        return (type(self), self.fields)


def _make(cls: type[P], fields: tuple[Field, ...], key: object) -> P:
    """Check ``fields``, write the text once and intern the place under ``key``."""
    spec = PLACE_KINDS[cls.kind]
    problem = _field_problem(spec, fields)
    if problem is None:
        text = ":".join([spec.words, *map(str, fields)])
        winner = _kind_of(text.split(":"))
        if winner != cls.kind:  # a name that spells another kind's words: "card:wehrmacht"
            problem = f"its text {text!r} is a {winner} place"
    if problem is not None:
        shown = ", ".join(map(repr, fields))
        raise PlaceError(f"{cls.__name__}({shown}) is not a place: {problem}; the form is "
                         f"{spec.form}")
    place = object.__new__(cls)
    object.__setattr__(place, "id", text)
    for (name, _kind), value in zip(spec.fields, fields, strict=True):
        object.__setattr__(place, name, value)
    if len(cls._interned) >= _INTERN_MAX:
        cls._interned.clear()
    cls._interned[key] = place
    return place


def _field_problem(spec: PlaceKind, fields: tuple[Field, ...]) -> str | None:
    """What is wrong with the fields of a place of kind ``spec``, or None."""
    for (name, kind), value in zip(spec.fields, fields, strict=True):
        if kind is int:
            if type(value) is not int:
                return f"{name} must be a whole number, not {value!r}"
            if value < 1:
                return f"{name} counts from 1, not {value}"
        elif not isinstance(value, str) or not _NAME.fullmatch(value):
            return (f"{name} must be a name of letters, digits, '-' and '_', "
                    f"not {value!r}")
    return None


class Counter(Place):
    """A Soviet counter on the board (1.2): ``counter:<counter>``."""

    __slots__ = ("counter",)
    __match_args__ = ("counter",)
    kind = "counter"
    counter: str

    def __new__(cls, counter: str) -> Counter:
        """The place of Soviet counter ``counter`` (its id, ``"pavlov"``)."""
        got: Counter | None = cls._interned.get(counter)
        return got if got is not None else _make(cls, (counter,), counter)


class Weapon(Place):
    """A weapon counter on the board (4.0 Weapons): ``weapon:<weapon>``."""

    __slots__ = ("weapon",)
    __match_args__ = ("weapon",)
    kind = "weapon"
    weapon: str

    def __new__(cls, weapon: str) -> Weapon:
        """The place of weapon ``weapon`` (its id, ``"ptrd-1"``)."""
        got: Weapon | None = cls._interned.get(weapon)
        return got if got is not None else _make(cls, (weapon,), weapon)


class StockCounter(Place):
    """A Soviet counter in the stock tray, to buy or to place (4.0 Request Reinforcements)."""

    __slots__ = ("counter",)
    __match_args__ = ("counter",)
    kind = "stock-soviet"
    counter: str

    def __new__(cls, counter: str) -> StockCounter:
        """The stock tray's place of Soviet counter ``counter``."""
        got: StockCounter | None = cls._interned.get(counter)
        return got if got is not None else _make(cls, (counter,), counter)


class StockWeapon(Place):
    """A weapon in the stock tray (4.0 Request Reinforcements): ``stock-weapon:<weapon>``."""

    __slots__ = ("weapon",)
    __match_args__ = ("weapon",)
    kind = "stock-weapon"
    weapon: str

    def __new__(cls, weapon: str) -> StockWeapon:
        """The stock tray's place of weapon ``weapon``."""
        got: StockWeapon | None = cls._interned.get(weapon)
        return got if got is not None else _make(cls, (weapon,), weapon)


class Square(Place):
    """A combat position of the house (1.2): ``square:<square>`` (``G1``, ``R2``, ``P4R6``)."""

    __slots__ = ("square",)
    __match_args__ = ("square",)
    kind = "square"
    square: str

    def __new__(cls, square: str) -> Square:
        """The combat position with id ``square`` (data/board.json)."""
        got: Square | None = cls._interned.get(square)
        return got if got is not None else _make(cls, (square,), square)


class TrackCircle(Place):
    """A circle of a track of 9 January Square (1.2, 1.3): ``track:<track>:<circle>``.

    Both numbers count from 1: circle 1 is the first circle of the track (3.0 Place Wehrmacht
    Counter).
    """

    __slots__ = ("circle", "track")
    __match_args__ = ("track", "circle")
    kind = "track"
    track: int
    circle: int

    def __new__(cls, track: int, circle: int) -> TrackCircle:
        """Circle ``circle`` of track ``track`` (both from 1)."""
        key = (track, circle)
        got: TrackCircle | None = cls._interned.get(key)
        if got is None or type(track) is not int or type(circle) is not int:
            return _make(cls, key, key)  # never True or 2.0 for a number
        return got


class Location(Place):
    """A location of the Volga side (2.0), numbered as the totals of three dice: ``loc:<loc>``."""

    __slots__ = ("loc",)
    __match_args__ = ("loc",)
    kind = "loc"
    loc: int

    def __new__(cls, loc: int) -> Location:
        """Volga location number ``loc`` (3–18)."""
        got: Location | None = cls._interned.get(loc)
        if got is None or type(loc) is not int:
            return _make(cls, (loc,), loc)
        return got


class Defense(Place):
    """A side's Defense track (1.2, 3.0 Attack Building): ``defense:<colour>``."""

    __slots__ = ("colour",)
    __match_args__ = ("colour",)
    kind = "defense"
    colour: str

    def __new__(cls, colour: str) -> Defense:
        """The Defense track of ``colour`` (green, red or purple)."""
        got: Defense | None = cls._interned.get(colour)
        return got if got is not None else _make(cls, (colour,), colour)


class Box(Place):
    """A box of the board (1.2, 7.1, 7.4): ``box:<name>``, one of :data:`BOXES`."""

    __slots__ = ("name",)
    __match_args__ = ("name",)
    kind = "box"
    name: str

    def __new__(cls, name: str) -> Box:
        """The box called ``name`` (``"reserves"``, ``"supplies"``, ``"staging"`` …)."""
        got: Box | None = cls._interned.get(name)
        return got if got is not None else _make(cls, (name,), name)


class SuppressionBox(Place):
    """A colour's Suppression box (4.0 Suppress): ``box:suppress:<colour>``."""

    __slots__ = ("colour",)
    __match_args__ = ("colour",)
    kind = "suppression-box"
    colour: str

    def __new__(cls, colour: str) -> SuppressionBox:
        """The Suppression box of ``colour`` (green, red or purple)."""
        got: SuppressionBox | None = cls._interned.get(colour)
        return got if got is not None else _make(cls, (colour,), colour)


class Card(Place):
    """A card (2.0 Soviet, 3.0 Wehrmacht and Resupply, 7.4 Tactics in hand): ``card:<card>``."""

    __slots__ = ("card",)
    __match_args__ = ("card",)
    kind = "card"
    card: str

    def __new__(cls, card: str) -> Card:
        """The card with id ``card``."""
        got: Card | None = cls._interned.get(card)
        return got if got is not None else _make(cls, (card,), card)


class CardHalf(Place):
    """One unit's half of a Soviet card (2.0 Soviet Card Phase): ``card:<card>:<unit>``."""

    __slots__ = ("card", "unit")
    __match_args__ = ("card", "unit")
    kind = "card-half"
    card: str
    unit: str

    def __new__(cls, card: str, unit: str) -> CardHalf:
        """The half of Soviet card ``card`` that belongs to operational unit ``unit``."""
        key = (card, unit)
        got: CardHalf | None = cls._interned.get(key)
        return got if got is not None else _make(cls, key, key)


class TacticsCard(Place):
    """A Tactics card in play (7.2 Veteran and Elite Tactics): ``tactics:<card>``."""

    __slots__ = ("card",)
    __match_args__ = ("card",)
    kind = "tactics"
    card: str

    def __new__(cls, card: str) -> TacticsCard:
        """The Tactics card with id ``card``."""
        got: TacticsCard | None = cls._interned.get(card)
        return got if got is not None else _make(cls, (card,), card)


class Header(Place):
    """The header of the board: turn, phase and score (1.1): ``header``."""

    __slots__ = ()
    kind = "header"

    def __new__(cls) -> Header:
        """The header (one for every board)."""
        got: Header | None = cls._interned.get(())
        return got if got is not None else _make(cls, (), ())


class DiceTray(Place):
    """The dice tray, where every roll shows: ``dice``."""

    __slots__ = ()
    kind = "dice"

    def __new__(cls) -> DiceTray:
        """The dice tray (one for every board)."""
        got: DiceTray | None = cls._interned.get(())
        return got if got is not None else _make(cls, (), ())


class Outcome(Place):
    """The result of a finished game (6.0 Ending the Game): ``outcome``."""

    __slots__ = ()
    kind = "outcome"

    def __new__(cls) -> Outcome:
        """The result panel (one for every board)."""
        got: Outcome | None = cls._interned.get(())
        return got if got is not None else _make(cls, (), ())


class WehrmachtSlot(Place):
    """The Wehrmacht card's slot, the deck or the card being resolved (3.0): ``card:wehrmacht``."""

    __slots__ = ()
    kind = "wehrmacht-slot"

    def __new__(cls) -> WehrmachtSlot:
        """The Wehrmacht card's slot (one for every board)."""
        got: WehrmachtSlot | None = cls._interned.get(())
        return got if got is not None else _make(cls, (), ())


PLACE_CLASSES: dict[str, type[Place]] = {
    cls.kind: cls
    for cls in (Counter, Weapon, StockCounter, StockWeapon, Square, Defense, Box, SuppressionBox,
                TrackCircle, Location, Card, CardHalf, TacticsCard, Header, DiceTray, Outcome,
                WehrmachtSlot)
}
"""The class of each kind of place, in the order of :data:`PLACE_KINDS`."""

HEADER = Header()
"""The header of the board."""
DICE = DiceTray()
"""The dice tray."""
OUTCOME = Outcome()
"""The result of a finished game."""
WEHRMACHT_SLOT = WehrmachtSlot()
"""The Wehrmacht card's slot."""
FIXED_PLACES: tuple[Place, ...] = (HEADER, DICE, OUTCOME, WEHRMACHT_SLOT)
"""The places every board draws whatever the game."""
RESERVES_BOX = Box("reserves")
"""The Reserves box (4.0 Move), where counters wait off the combat positions."""
SUPPLIES_BOX = Box("supplies")
"""The Supplies box (1.2): Food, First Aid, Sapper and Suppression tokens of the house."""
STAGING_BOX = Box("staging")
"""The Staging Area box (2.0 62nd Army Command Post): tokens waiting for the Flotilla."""


# --- reading a text ----------------------------------------------------------------------------

def parse_place(text: str) -> Place:
    """The place a text names: the one place that reads a place's text.

    ``parse_place("track:3:2") == TrackCircle(3, 2)``; ``parse_place(place.id) is place``.

    Raises:
        PlaceError: not a string, empty, an unknown kind, the wrong number of fields, or a
            field of the wrong form (a number that is not a whole number from 1, a name with
            characters outside :data:`NAME_PATTERN`). The message names the text, what is
            wrong and the forms allowed.
    """
    got = _PARSED.get(text) if isinstance(text, str) else None
    if got is not None:
        return got
    if not isinstance(text, str):
        raise PlaceError(f"a place is text such as 'counter:pavlov', not {text!r}; the forms "
                         f"are {_FORMS}")
    if not text:
        raise PlaceError(f"'' is not a place: it is empty; the forms are {_FORMS}")
    parts = text.split(":")
    rows = _BY_FIRST.get(parts[0])
    if rows is None:
        raise PlaceError(f"{text!r} is not a place: unknown kind {parts[0]!r}; the forms are "
                         f"{_FORMS}")
    kind = _kind_of(parts)
    if kind is None:
        forms = " or ".join(spec.form for spec in PLACE_KINDS.values()
                            if spec.words.partition(":")[0] == parts[0])
        raise PlaceError(f"{text!r} is not a place: wrong number of fields for {parts[0]!r}; "
                         f"the form is {forms}")
    spec = PLACE_KINDS[kind]
    fields: list[Field] = []
    for (name, typ), part in zip(spec.fields, parts[len(parts) - len(spec.fields):],
                                 strict=True):
        if typ is int:
            if not _NUMBER.fullmatch(part):
                raise PlaceError(f"{text!r} is not a place: {name} must be a whole number from "
                                 f"1 (no leading zero), not {part!r}; the form is {spec.form}")
            fields.append(int(part))
        elif not _NAME.fullmatch(part):
            raise PlaceError(f"{text!r} is not a place: {name} must be a name of letters, "
                             f"digits, '-' and '_', not {part!r}; the form is {spec.form}")
        else:
            fields.append(part)
    place = PLACE_CLASSES[kind](*fields)
    if len(_PARSED) >= _INTERN_MAX:
        _PARSED.clear()
    _PARSED[text] = place
    return place


def grammar() -> dict[str, Any]:
    """The grammar as plain data, for the board's JavaScript (and the test of their parity).

    ``{"name": NAME_PATTERN, "number": NUMBER_PATTERN, "kinds": {kind: {"words": ...,
    "fields": [[field, "name" | "number"], ...]}}}``, kinds in the order of
    :data:`PLACE_KINDS`.
    """
    return {
        "name": NAME_PATTERN,
        "number": NUMBER_PATTERN,
        "kinds": {kind: {"words": spec.words,
                         "fields": [[name, "number" if typ is int else "name"]
                                    for name, typ in spec.fields]}
                  for kind, spec in PLACE_KINDS.items()},
    }


# --- the places of a game's components ------------------------------------------------------

def known(place: Place, components: Components) -> bool:
    """Whether ``place`` is a place of the board with these components (1.2).

    A counter, weapon, card or unit these components have; a square, track circle or Volga
    location of their board; a box of :data:`BOXES`; a colour of the game (green, red,
    purple); or one of the fixed places. Whether it is drawn now (a counter in the stock, a
    card not in hand) is another question.
    """
    board = components.board
    match place:
        case Counter(cid) | StockCounter(cid):
            return cid in components.soviet_counters
        case Weapon(wid) | StockWeapon(wid):
            return wid in components.weapons
        case Square(square):
            return square in components.index.squares
        case TrackCircle(track, circle):
            return any(t.number == track and circle <= t.circles for t in board.tracks)
        case Location(loc):
            return loc in board.location_names
        case Defense(colour) | SuppressionBox(colour):
            return any(t.colour == colour for t in board.tracks)
        case Box(name):
            return name in BOXES
        case Card(card):
            return (card in components.soviet_cards or card in components.wehrmacht_cards
                    or card in components.resupply_cards or card in components.tactics)
        case CardHalf(card, unit):
            spec = components.soviet_cards.get(card)
            return spec is not None and unit in spec.units
        case TacticsCard(card):
            return card in components.tactics
    return place in FIXED_PLACES


def place_name(place: Place | str, components: Components) -> str:
    """A place as a person names it: "Naumov", "position G4/R1", "track 3, circle 2".

    Counters and weapons (on the board or in the stock) by their names; "position G4/R1"
    (1.2); "location 12" (2.0); "track 3, circle 2" (1.3); "the red Defense track"; "the red
    Suppression box" (4.0); a box by :data:`BOXES` ("the Reserves box"); a Soviet card as
    "this card" and its half as "the Sappers half of this card" (2.0); a Wehrmacht card as
    "the Sniper card", a Resupply card as "the Resupply card" (3.0); a Tactics card as "the
    Storm Troops Tactics card" (7.2). A place these components do not have, or a text that
    is not a place, is named by its text. The words are in the language now (:mod:`.i18n`).
    """
    if isinstance(place, str):
        text = place
        try:
            place = parse_place(text)
        except PlaceError:
            return text
    comps = components
    match place:
        case Counter(cid) | Weapon(cid) | StockCounter(cid) | StockWeapon(cid):
            if cid in comps.counter_names:
                return _(comps.counter_names[cid])
        case Square(square):
            if square in comps.index.labels:
                # TRANSLATORS: {label} is a combat position's label such as "G4/R1"
                return _("position {label}").format(
                    label=position_label(comps.index.labels[square]))
        case Location(loc):
            return _("location {number}").format(number=loc)
        case TrackCircle(track, circle):
            return _("track {track}, circle {circle}").format(track=track, circle=circle)
        case Defense(colour):
            return _("the {colour} Defense track").format(colour=colour_name(colour))
        case SuppressionBox(colour):
            return _("the {colour} Suppression box").format(colour=colour_name(colour))
        case Box(name):
            if name in BOXES:
                return _(BOXES[name])
            # TRANSLATORS: a box of a board these components do not know; {name} is its id
            return _("the {name} box").format(name=name.replace("-", " "))
        case Card(card):
            if card in comps.soviet_cards:
                return _("this card")
            if card in comps.wehrmacht_cards:
                return _("the {card} card").format(card=_(comps.wehrmacht_cards[card].name))
            if card in comps.resupply_cards:
                return _("the Resupply card")
            if card in comps.tactics:
                return _("the {card} Tactics card").format(card=_(comps.tactics[card].name))
        case CardHalf(card, unit):
            if card in comps.soviet_cards:
                if unit in comps.soviet_cards[card].units:
                    # TRANSLATORS: {unit} is a unit's short name, such as "Sappers"
                    return _("the {unit} half of this card").format(
                        unit=_(comps.index.units[unit].short))
                return _("this card")
        case TacticsCard(card):
            if card in comps.tactics:
                return _("the {card} Tactics card").format(card=_(comps.tactics[card].name))
        case Header():
            return _("the header")
        case DiceTray():
            return _("the dice tray")
        case Outcome():
            return _("the result of the game")
        case WehrmachtSlot():
            return _("the Wehrmacht card")
    return place.id


# --- where counters and tokens are: the state's places and the board's ----------------------

OFF_BOARD: frozenset[str] = frozenset({"stock", "removed", "raid"})
"""A counter's or weapon's places off the board (``SovietCounter.where``): in the stock, a
casualty (4.0), or away on a Storm Group raid (3.0)."""


def counter_place(where: str) -> Place | None:
    """The board place of a counter's or weapon's place in the state (``where``).

    ``"G4R1"`` → ``Square("G4R1")``, ``"reserves"`` → :data:`RESERVES_BOX` (4.0 Move); None for a
    place off the board (:data:`OFF_BOARD`).
    """
    if where == "reserves":
        return RESERVES_BOX
    if where in OFF_BOARD:
        return None
    return Square(where)


LOC_KEYS: dict[int, str] = {n: f"loc:{n}" for n in range(1, 19)}
"""The token place of each Volga location (``"loc:12"``), built once: looked up constantly."""

TOKEN_BOXES: tuple[str, ...] = ("supplies", "staging")
"""Token places drawn as the box of the same name (1.2, 2.0 62nd Army Command Post)."""
OFF_BOARD_TOKENS: tuple[str, ...] = ("stock", "removed")
"""Token places off the board: the stock, and tokens removed from the game."""


def loc_key(loc: int) -> str:
    """The token place of Volga location ``loc``: ``"loc:12"`` (2.0)."""
    return LOC_KEYS.get(loc) or f"loc:{loc}"


def suppress_key(colour: str) -> str:
    """The token place of a colour's Suppression box: ``"suppress:red"`` (4.0 Suppress)."""
    key = _SUPPRESS_KEYS.get(colour)
    if key is None:
        key = _SUPPRESS_KEYS[colour] = f"suppress:{colour}"
    return key


def sapper_key(track: int, circle: int) -> str:
    """The token place of a Sapper token on a track's circle: ``"sapper:3:2"`` (2.0)."""
    return f"sapper:{track}:{circle}"


_SUPPRESS_KEYS: dict[str, str] = {}


def circle_key(circle: TrackCircle) -> str:
    """A track circle as a position's JSON keys its Wehrmacht counter: ``"3:2"`` (1.2).

    The short form of :class:`TrackCircle` in the ``tracks`` section of
    :meth:`Position.to_json <pavlov_widgets.engine.positions.Position.to_json>`.
    """
    return f"{circle.track}:{circle.circle}"


def parse_circle_key(text: str) -> TrackCircle:
    """The track circle a position's JSON key names (``"3:2"``; see :func:`circle_key`).

    Raises:
        PlaceError: not two whole numbers from 1 joined by a colon, naming the text.
    """
    track, colon, circle = text.partition(":") if isinstance(text, str) else ("", "", "")
    if not (colon and track.isdigit() and circle.isdigit()):
        raise PlaceError(f"{text!r} is not a track circle's key: the form is "
                         "<track>:<circle>, e.g. '3:2'")
    return TrackCircle(int(track), int(circle))


def token_place(place: Place) -> str | None:
    """The token place (a key of ``GameState.tokens``) a board place holds, or None.

    ``Location(8)`` → ``"loc:8"``; ``Box("supplies")`` → ``"supplies"``;
    ``Box("staging")`` → ``"staging"``; ``SuppressionBox("red")`` → ``"suppress:red"``;
    ``TrackCircle(3, 2)`` → ``"sapper:3:2"`` (a Sapper token's circle, 2.0 8th Guards
    Sapper Battalion). None for a place that holds no tokens.
    """
    match place:
        case Location(loc):
            return loc_key(loc)
        case Box(name) if name in TOKEN_BOXES:
            return name
        case SuppressionBox(colour):
            return suppress_key(colour)
        case TrackCircle(track, circle):
            return sapper_key(track, circle)
    return None


def board_place(token_key: str) -> Place | None:
    """The board place a token place is drawn on (the inverse of :func:`token_place`).

    ``"loc:8"`` → ``Location(8)``; ``"supplies"`` → ``Box("supplies")``; ``"suppress:red"``
    → ``SuppressionBox("red")``; ``"sapper:3:2"`` → ``TrackCircle(3, 2)``; None for the
    stock and the removed tokens (:data:`OFF_BOARD_TOKENS`).

    Raises:
        PlaceError: a text that is no token place.
    """
    if token_key in OFF_BOARD_TOKENS:
        return None
    if token_key in TOKEN_BOXES:
        return Box(token_key)
    word, _, rest = token_key.partition(":")
    try:
        if word == "loc":
            found = parse_place(token_key)
            if isinstance(found, Location):
                return found
        elif word == "suppress":
            return SuppressionBox(rest)
        elif word == "sapper":
            found = parse_place(f"track:{rest}")
            if isinstance(found, TrackCircle):
                return found
    except PlaceError:
        pass
    raise PlaceError(f"{token_key!r} is not a token place; the forms are "
                     f"{', '.join((*OFF_BOARD_TOKENS, *TOKEN_BOXES))}, loc:<loc>, "
                     "suppress:<colour>, sapper:<track>:<circle>")
