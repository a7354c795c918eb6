"""Typed actions: an option is a verb with typed arguments, and one codec turns it into an id.

A legal choice of a decision is an :class:`Option`: a **verb** (``"move"``, ``"carry"``,
``"card"`` …) with **arguments** named by the verb's schema (``counter``, ``weapon``, ``loc``
…), a label for people and the board regions it is drawn on. Its **id** is the one text form,
``verb`` or ``verb:arg:arg`` with the arguments in schema order (``"move:pavlov"``,
``"load:aa:8"``, ``"card:soviet-03:42nd:resupply"``); :func:`encode` and :func:`parse` in this
module are the only code that writes or reads that form. Rules, policies and the board read
``option.verb`` and the arguments; nobody slices ids.

The verbs that take no argument are the sentinel ids of their decisions, named here as
constants (:data:`DONE`, :data:`END_PHASE` …) so that no module compares with a bare string.

An option listed by :meth:`pavlov_widgets.engine.Game.legal_actions` is tied to the decision
that offered it (:attr:`Option.decision`): ``Game.apply`` refuses it at any later decision,
even where an option with the same id is legal again. An option built by hand (or an id
string) is judged by its id alone.

The codec serves other verb tables too: :func:`encode` and :func:`parse` take the table
(``verbs=``), so a tool with choices of its own (the position editor's palette,
:data:`pavlov_widgets.widget.editor.EDIT_VERBS`) writes and reads its ids the same way, never
by hand. Such a table may also give an argument the type of a place of :mod:`.places`
(:class:`~.places.Place`, or one kind such as :class:`~.places.Counter`): it is written as
the place's id, read back by :func:`~.places.parse_place`, and, as a place's id holds colons,
it can only be the last argument. The game's own verbs (:data:`VERBS`) take names and numbers
only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, overload

from .errors import ActionIdError, PlaceError
from .places import Place, parse_place

ArgValue = str | int
"""The type of one argument of the game's verbs: a name (counter, square, card, token,
colour) or a number."""

Arg = str | int | Place
"""The type of one argument of any verb table: a name, a number or a place (see above)."""

Schema = tuple[tuple[str, type], ...]
"""A verb's arguments, ``(name, type)`` in id order: ``str``, ``int`` or a place class."""

VERBS: dict[str, Schema] = {
    # 2.0 Soviet Card Phase
    "card": (("card", str), ("unit", str), ("action", str)),  # a card half's action
    "end-phase": (),
    "loc": (("loc", int),),  # a Volga location (Improved Communications, Disrupted on 3)
    "take": (("token", str),),  # Load: a token from the stock
    "load": (("token", str), ("loc", int)),  # Deliver: a loaded token onto a location
    "defense": (("colour", str),),  # raise a colour's Defense
    "spot": (("track", int), ("circle", int)),  # Forward Observer's spotting
    # 3.0 Wehrmacht Card Phase
    "aa": (("loc", int),),  # fire the Anti-aircraft token on a location
    "fire": (),  # fire the tokens chosen (or hold fire)
    "spend": (("count", int),),  # Suppression tokens spent against a placement
    "starve": (("counter", str),),  # Resupply: who goes hungry
    "hit": (("counter", str),),  # which of two counters on a position is hit
    "first-aid": (),
    "accept": (),
    # 7.4 Competitive: the German player's Wehrmacht Planning
    "order": (("card", str),),  # a Wehrmacht card from the German hand as the next order
    "tactic": (("card", str),),  # a Tactics card placed face down
    # 3.0 Storm Group raids and 6.0 Milk House
    "raider": (("counter", str),),
    "launch": (),
    "decline": (),
    # 4.0 Soviet Counter Phase: moves
    "move": (("counter", str),),
    "moves-done": (),
    "to": (("place", str),),  # a combat position's id, or "reserves"
    "back": (),
    "carry": (("weapon", str),),
    "leave": (),
    # 4.0 Soviet Counter Phase: actions
    "attack": (("counter", str),),
    "suppress": (("counter", str),),
    "command": (("counter", str),),
    "radio": (("counter", str),),
    "observe": (("counter", str),),
    "recover": (("counter", str),),
    "team": (("kind", str), ("square", str)),  # a crewed weapon: at, mg-attack, mg-suppress, mortar
    "actions-done": (),
    "disrupted": (),  # Recover: remove the Disrupted token
    "exhausted": (),  # Recover: flip back from Exhausted
    # Command: recover one counter, fix "disrupted" or "exhausted"
    "cmd": (("counter", str), ("fix", str)),
    "place": (("count", int),),  # Suppress: how many Suppression tokens, 1 up to the value
    "split": (("first", int),),  # a two-colour Suppress: tokens to the first colour
    "target": (("counter", str),),  # a Wehrmacht counter to fire at
    "one": (),  # only the first target
    "buy": (("piece", str),),  # Request Reinforcements: a counter or weapon
    "done": (),
}
"""Every verb and its arguments (name, type) in id order. The id grammar is
``verb(:arg)*``; an argument never contains a colon."""

# --- sentinel ids: the verbs that take no argument ---------------------------------------------
END_PHASE = "end-phase"
"""End the Soviet Card Phase (2.2)."""
FIRE = "fire"
"""Fire the chosen Anti-aircraft tokens, or hold fire (3.0 Bomb Stalingrad)."""
FIRST_AID = "first-aid"
"""Spend a First Aid token on the casualty (5.0)."""
ACCEPT = "accept"
"""Accept the casualty without First Aid (5.0)."""
LAUNCH = "launch"
"""Launch the raid with the counters chosen (3.0 Storm Group)."""
DECLINE = "decline"
"""Do not raid (3.0 Storm Group)."""
MOVES_DONE = "moves-done"
"""End the moves of the Soviet Counter Phase (4.0 Move)."""
BACK = "back"
"""Choose another counter to move (4.0 Move)."""
LEAVE = "leave"
"""Move without a weapon (4.0 Weapons)."""
ACTIONS_DONE = "actions-done"
"""End the Soviet Counter Phase (4.0)."""
DISRUPTED = "disrupted"
"""Recover: remove the Disrupted token (4.0 Recover)."""
EXHAUSTED = "exhausted"
"""Recover: flip back from Exhausted (4.0 Recover)."""
ONE = "one"
"""Fire at the first target only (4.0 Attack)."""
DONE = "done"
"""Finish a multi-step choice (Load, Command, Request Reinforcements)."""


def encode(verb: str, args: Mapping[str, Arg], verbs: Mapping[str, Schema] = VERBS) -> str:
    """The id of ``verb`` with ``args``: the one place that writes an id.

    ``verbs`` is the verb table (the game's :data:`VERBS` unless another is given).

    Raises:
        ActionIdError: an unknown verb, a missing, extra or mistyped argument, an argument
            with a colon in it (a place's id may hold colons: it is the last argument), or
            a table that puts a place before the last argument.
    """
    schema = verbs.get(verb)
    if schema is None:
        raise ActionIdError(f"unknown verb {verb!r} (known: {', '.join(sorted(verbs))})")
    if len(args) != len(schema) or any(name not in args for name, _ in schema):
        want = ", ".join(name for name, _ in schema) or "no arguments"
        raise ActionIdError(f"verb {verb!r} takes {want}; got {sorted(args)}")
    parts = [verb]
    last = len(schema) - 1
    for i, (name, kind) in enumerate(schema):
        value = args[name]
        if isinstance(value, bool) or not isinstance(value, kind):
            raise ActionIdError(f"{verb}.{name} must be a {kind.__name__}, not {value!r}")
        if isinstance(value, Place):
            if i != last:
                raise ActionIdError(f"{verb}.{name}: a place can only be the last argument")
            parts.append(value.id)
            continue
        text = str(value)
        if ":" in text or not text:
            raise ActionIdError(f"{verb}.{name} may not be empty or hold a colon: {value!r}")
        parts.append(text)
    return ":".join(parts)


@overload
def parse(option_id: str) -> tuple[str, dict[str, ArgValue]]: ...


@overload
def parse(option_id: str, verbs: Mapping[str, Schema]) -> tuple[str, dict[str, Arg]]: ...


def parse(option_id: str, verbs: Mapping[str, Schema] = VERBS) -> tuple[str, dict[str, Any]]:
    """The verb and typed arguments of an id: the one place that reads an id.

    ``verbs`` is the verb table (the game's :data:`VERBS` unless another is given); a place
    argument, always the last, is everything after the arguments before it, read by
    :func:`~.places.parse_place`.

    Raises:
        ActionIdError: not a string, an unknown verb, or arguments that do not fit the verb.
    """
    if not isinstance(option_id, str):
        raise ActionIdError(f"an option id is a string, not {option_id!r}")
    verb, *parts = option_id.split(":")
    schema = verbs.get(verb)
    if schema is None:
        raise ActionIdError(f"{option_id!r}: unknown verb {verb!r}")
    place_last = bool(schema) and issubclass(schema[-1][1], Place)
    if place_last and len(parts) > len(schema):  # the place's id holds colons: join it back
        parts[len(schema) - 1:] = [":".join(parts[len(schema) - 1:])]
    if len(parts) != len(schema):
        want = ":".join([verb, *(f"<{name}>" for name, _ in schema)])
        raise ActionIdError(f"{option_id!r}: the form is {want}")
    args: dict[str, Arg] = {}
    for (name, kind), text in zip(schema, parts, strict=True):
        if not text:
            raise ActionIdError(f"{option_id!r}: {name} is empty")
        if kind is int:
            if not text.isdigit():
                raise ActionIdError(f"{option_id!r}: {name} must be a whole number")
            args[name] = int(text)
        elif kind is str:
            args[name] = text
        else:
            args[name] = _place_arg(option_id, name, kind, text)
    return verb, args


def _place_arg(option_id: str, name: str, kind: type, text: str) -> Place:
    """The place argument ``name`` of an id, read by the place codec and of the kind wanted."""
    try:
        place = parse_place(text)
    except PlaceError as exc:
        raise ActionIdError(f"{option_id!r}: {name}: {exc}") from exc
    if not isinstance(place, kind):
        raise ActionIdError(f"{option_id!r}: {name} must be a {kind.__name__} place, not "
                            f"{text!r}")
    return place


class _OptionFields(NamedTuple):
    verb: str
    args: Mapping[str, ArgValue]
    label: str
    targets: tuple[str, ...]
    decision: int
    id: str


class Option(_OptionFields):
    """One legal choice of a pending decision: a verb with typed arguments.

    ``Option("move", "Move Pavlov", ("counter:pavlov",), counter="pavlov")`` is the option
    whose id is ``"move:pavlov"``. Options are immutable (a tuple underneath: thousands are
    made per game, and a tuple is what Python builds and reads fastest).

    Attributes:
        verb: what the choice does (a key of :data:`VERBS`).
        args: the arguments by name (see :data:`VERBS`); read them, never change them.
        label: what a person reads on a button.
        targets: board regions this option is drawn on (``"counter:pavlov"``,
            ``"square:G4R1"``, ``"loc:12"``, ``"track:4:1"``, ``"card:soviet-03:top"``,
            ``"box:reserves"``); empty for a plain button.
        decision: the serial number of the decision that offered it (0 for an option made
            by hand or not yet handed out by a game).
        id: the option's id (see :func:`encode`).
    """

    __slots__ = ()

    def __new__(
        cls, verb: str, label: str, targets: tuple[str, ...] = (), /, **args: ArgValue
    ) -> Option:
        """Make the option ``verb`` with ``args``; its id is encoded once per verb and args."""
        # the same few thousand options recur all game: encode (and check) each id once
        if len(args) == 1:  # most verbs take one argument: the cheapest key
            ((name, value),) = args.items()
            key: tuple[object, ...] = (verb, name, value)
        else:
            key = (verb, *args.items())
        option_id = _IDS.get(key)
        if option_id is None:
            if len(_IDS) > _IDS_MAX:  # options made by hand with ever new names
                _IDS.clear()
            option_id = _IDS[key] = encode(verb, args)
        # ``args`` is this call's own dict, so nothing else holds it: read only by contract
        return _TUPLE_NEW(cls, (verb, args, label, targets, 0, option_id))

    @classmethod
    def from_id(cls, option_id: str, label: str = "", targets: tuple[str, ...] = ()) -> Option:
        """The option an id names (parsed by :func:`parse`), e.g. to apply a saved choice."""
        verb, args = parse(option_id)
        return cls(verb, label or option_id, targets, **args)

    def arg(self, name: str) -> ArgValue:
        """One argument by name (KeyError if the verb has no such argument)."""
        return self.args[name]

    def str_arg(self, name: str) -> str:
        """A name argument (counter, weapon, square, card, token, colour …)."""
        value = self.args[name]
        if not isinstance(value, str):
            raise TypeError(f"{self.id}: {name} is a number, not a name")
        return value

    def int_arg(self, name: str) -> int:
        """A number argument (location, count, track, circle …)."""
        value = self.args[name]
        if not isinstance(value, int):
            raise TypeError(f"{self.id}: {name} is a name, not a number")
        return value

    def bound(self, decision: int) -> Option:
        """This option as handed out at decision number ``decision`` (see :attr:`decision`)."""
        return _TUPLE_NEW(Option, (self[0], self[1], self[2], self[3], decision, self[5]))

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the board: id, verb, args, label, targets."""
        return {"id": self.id, "verb": self.verb, "args": dict(self.args),
                "label": self.label, "targets": list(self.targets)}

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Option is immutable (tried to set {name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return (self.id, self.label, self.targets, self.decision) == (
            other.id, other.label, other.targets, other.decision)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Option({self.id!r}, {self.label!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # for pickling across processes (simulate --jobs): rebuild, then re-bind
        return (_rebuild, (self.verb, self.label, self.targets, dict(self.args), self.decision))


def bind_all(options: list[Option], decision: int) -> list[Option]:
    """Every option of a list as handed out at decision number ``decision`` (one pass)."""
    new = _TUPLE_NEW
    return [new(Option, (o[0], o[1], o[2], o[3], decision, o[5])) for o in options]


def _rebuild(verb: str, label: str, targets: tuple[str, ...], args: dict[str, ArgValue],
             decision: int) -> Option:
    option = Option(verb, label, targets, **args)
    return option.bound(decision) if decision else option


_IDS: dict[tuple[object, ...], str] = {}
"""Option ids already encoded, by verb and arguments (names and values)."""
_IDS_MAX = 100_000
_TUPLE_NEW = tuple.__new__
