"""The declared shapes of the board's synced traits, and one checker for them.

The browser draws the board from the traits :data:`~pavlov_widgets.widget.board.SYNCED`
lists. Their shapes are declared here once, as ``TypedDict`` classes (lonboard's typed traits
are the model), and the JavaScript declares the same shapes as JSDoc typedefs in
``js/src/protocol.js``, type-checked by ``tsc``. :func:`check_state` checks a board's state
against these declarations: the tests run it over random playouts and every session, so a
field renamed or retyped on one side fails there, not on a learner's screen.

``view`` and ``plan`` are large and described field by field in
:func:`~pavlov_widgets.widget.view.game_view` and :func:`~pavlov_widgets.widget.view.layout`;
here their top-level fields are declared with their types.
"""

# No `from __future__ import annotations`: TypedDict reads NotRequired from real annotations.
import types
import typing
from typing import Any, Literal, NotRequired, TypedDict, Union

JSON = Any
"""A value whose inner shape is declared elsewhere (a nested part of ``view`` or ``plan``)."""


class OptionShape(TypedDict):
    """One option of the pending choice: drawn on its places, or a button without any."""

    id: str
    label: str
    targets: list[str]
    term: NotRequired[str]


class OddsShape(TypedDict):
    """One result of a pending roll with its exact probability."""

    result: str
    fraction: str
    percent: float


class ChoiceShape(TypedDict):
    """The ``choice`` trait: what the board waits for (see ``view.choice_view``)."""

    kind: Literal["decision", "chance", "over", "wait", "cover"]
    op: str
    prompt: str
    rule: str
    options: list[OptionShape]
    dice: int
    odds: list[OddsShape]
    waiting: NotRequired[list[str]]
    tone: NotRequired[Literal["right", "wrong", ""]]
    notice: NotRequired[str]  # choices the rules made unasked since the last drawing (play)


class RollShape(TypedDict, total=False):
    """The ``last_roll`` trait: the newest roll the viewer may see ({} before the first)."""

    n: int
    turn: int
    dice: list[int]
    label: str
    result: str
    success: bool | None
    hits: int | None
    marks: list[bool] | None
    rule: str


class LogLineShape(TypedDict):
    """One entry of ``log_entries`` (newest first)."""

    n: int
    turn: int
    text: str
    rule: str
    dice: NotRequired[list[int]]
    kind: NotRequired[str]


class MarkShape(TypedDict):
    """One ring of the ``marks`` trait."""

    region: str
    style: Literal["focus", "right", "wrong"]


class QuestionShape(TypedDict, total=False):
    """The ``question`` trait ({} when none is asked)."""

    prompt: str
    regions: list[str]


class EditModeShape(TypedDict, total=False):
    """The ``edit_mode`` trait ({} unless a position is edited)."""

    tool: str
    toolId: str
    resume: str
    json: str
    problems: int


class HintingShape(TypedDict, total=False):
    """The ``hinting`` trait ({} without a hint provider)."""

    on: bool
    thinking: bool
    text: str
    rev: int
    game: int
    option: str


class SeatShape(TypedDict, total=False):
    """The ``seat`` trait: whose view is drawn ({} for everything)."""

    role: str
    side: str
    name: str
    hot: bool


class CoverShape(TypedDict, total=False):
    """The ``cover`` trait: the hot seat's cover ({} when none)."""

    to: str
    name: str
    text: str
    rule: str


class NarrationRollShape(TypedDict, total=False):
    """The dice of a walkthrough's step, with the exact odds of their result."""

    label: str
    dice: list[int]
    marks: list[bool] | None
    result: str
    odds: str


class NarrationShape(TypedDict, total=False):
    """The ``narration`` trait: a walkthrough's step for presenter mode ({} when none)."""

    title: str
    heading: str
    mode: str
    text: str
    rule: str
    played: str
    look: str
    message: str
    next: str
    roll: NarrationRollShape


class SavedShape(TypedDict, total=False):
    """The ``saved`` trait: where the game is saved ({} when it is not)."""

    path: str
    name: str
    rev: int
    auto: bool


class OutlineItemShape(TypedDict):
    """One line of the text view under another (a counter in its room, a track's circle)."""

    key: NotRequired[str]
    place: str
    text: str


class OutlineLineShape(TypedDict):
    """One line of the text view: a whole sentence about one place (see ``widget/outline``).

    ``key`` (unique in the outline) only where it is not the place's id.
    """

    key: NotRequired[str]
    place: str
    text: str
    items: NotRequired[list[OutlineItemShape]]


class OutlineSectionShape(TypedDict):
    """One section of the ``outline`` trait, the board as text."""

    key: str
    title: str
    lines: list[OutlineLineShape]


class ViewShape(TypedDict):
    """The ``view`` trait's top-level fields (see ``view.game_view``)."""

    turn: int
    turns: int
    turnLine: str  # "Turn 3 of 21", or "Turn 3" where the deck does not fit the turn (1.1)
    phase: str
    phaseLabel: str
    actionsLeft: int
    movesLeft: int
    cardsInPhase: int
    score: dict[str, int]
    defense: dict[str, int]
    soviet: dict[str, JSON]
    moved: list[str]
    stock: list[str]
    stockWeapons: list[str]
    casualties: list[str]
    weapons: dict[str, JSON]
    weaponsLost: list[str]
    tracks: list[JSON]
    wstock: int
    tokens: dict[str, dict[str, int]]
    stockTokens: dict[str, int]
    hand: list[JSON]
    handHidden: int
    wcard: JSON
    wplayed: list[JSON]
    storm: JSON
    stormWon: list[str]
    stormLost: int
    decks: dict[str, int]
    os: JSON
    tactics: JSON
    outcome: JSON
    canUndo: bool
    canRedo: bool
    german: NotRequired[JSON]


class PlanShape(TypedDict):
    """The ``plan`` trait's top-level fields (see ``view.layout``)."""

    squares: list[JSON]
    tracks: list[JSON]
    units: list[JSON]
    locNames: dict[str, str]
    defense: dict[str, int]
    soviet: dict[str, JSON]
    weapons: dict[str, JSON]
    wtypes: dict[str, JSON]
    sovietCards: dict[str, list[str]]
    tokens: dict[str, str]
    specials: dict[str, str]
    colours: list[str]
    glossary: dict[str, list[str]]


class BoardState(TypedDict):
    """Every synced trait the browser draws from, with its shape."""

    plan: PlanShape
    view: ViewShape
    choice: ChoiceShape
    last_roll: RollShape
    log_entries: list[LogLineShape]
    error: str
    error_code: str
    rev: int
    game_serial: int
    auto_roll: bool
    saved: SavedShape
    marks: list[MarkShape]
    focus: list[str]
    question: QuestionShape
    panels: list[Literal["house", "square", "volga"]]
    edit_mode: EditModeShape
    hinting: HintingShape
    seat: SeatShape
    cover: CoverShape
    outline: list[OutlineSectionShape]
    narration: NarrationShape
    presenting: bool


def check_state(state: dict[str, Any]) -> list[str]:
    """Every way ``state`` differs from :class:`BoardState`: a missing, extra or mistyped field.

    Returns:
        One line per problem, naming the path (``choice.options[2].targets``) and what was
        expected; empty when the state fits.
    """
    return _problems(state, BoardState, "state")


def _problems(value: Any, shape: Any, path: str) -> list[str]:
    """How ``value`` differs from the type ``shape`` (a TypedDict, a generic or a plain type)."""
    if shape is Any:
        return []
    origin = typing.get_origin(shape)
    if origin is Literal:
        allowed = typing.get_args(shape)
        return [] if value in allowed else [f"{path}: {value!r} is not one of {allowed}"]
    if origin in (Union, types.UnionType):
        options = typing.get_args(shape)
        if any(not _problems(value, option, path) for option in options):
            return []
        return [f"{path}: {_kind(value)} fits none of {shape}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: a list, not {_kind(value)}"]
        (item,) = typing.get_args(shape)
        return [p for i, v in enumerate(value) for p in _problems(v, item, f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: an object, not {_kind(value)}"]
        key_type, item = typing.get_args(shape)
        return [p for k, v in value.items() for p in (
            ([] if isinstance(k, key_type) else [f"{path}: key {k!r} is not a {key_type}"])
            + _problems(v, item, f"{path}.{k}"))]
    if typing.is_typeddict(shape):
        if not isinstance(value, dict):
            return [f"{path}: an object, not {_kind(value)}"]
        hints = typing.get_type_hints(shape)
        out = [f"{path}.{k}: missing" for k in sorted(shape.__required_keys__)
               if k not in value]
        out += [f"{path}.{k}: not declared in {shape.__name__}" for k in value
                if k not in hints]
        for key, item in hints.items():
            if key in value:
                inner = typing.get_args(item)[0] if typing.get_origin(item) is NotRequired \
                    else item
                out += _problems(value[key], inner, f"{path}.{key}")
        return out
    if shape is type(None):
        return [] if value is None else [f"{path}: null, not {_kind(value)}"]
    if shape is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{path}: a number, not {_kind(value)}"]
    if shape is int and isinstance(value, bool):
        return [f"{path}: a whole number, not {_kind(value)}"]
    return [] if isinstance(value, shape) else [f"{path}: a {shape.__name__}, not {_kind(value)}"]


def _kind(value: Any) -> str:
    """A value as the problems name it: its type and a short repr."""
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


__all__ = [
    "BoardState",
    "ChoiceShape",
    "CoverShape",
    "EditModeShape",
    "HintingShape",
    "LogLineShape",
    "MarkShape",
    "OddsShape",
    "OptionShape",
    "OutlineItemShape",
    "OutlineLineShape",
    "OutlineSectionShape",
    "PlanShape",
    "QuestionShape",
    "RollShape",
    "SavedShape",
    "SeatShape",
    "ViewShape",
    "check_state",
]
