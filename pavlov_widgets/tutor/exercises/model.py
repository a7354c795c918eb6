"""Exercises the engine grades, predictions, and a notebook's score ("check yourself").

Every notebook of the tutor ends with a few questions. The learner answers them on the board
(click a place) or with buttons, and the **engine** says what the right answer is: an answer is
never typed in by the notebook's author but computed from a copy of the exercise's game, for
example by letting the card resolve with the dice the position holds and reading the log's
structured entries (:attr:`LogEntry.targets <pavlov_widgets.engine.log.LogEntry.targets>`).

- :class:`ClickExercise` — "click the position this Mortar will hit": the board asks
  (:meth:`Board.ask <pavlov_widgets.widget.Board.ask>`), the learner clicks one place (or
  several, then *Check*); the feedback names the rule and marks the right answer on the board.
- :class:`ChoiceExercise` — "how many Soviet cards may you use?": one of a few buttons.
- :class:`Prediction` — *predict, then reveal*: before a Wehrmacht card resolves, the learner
  says what they expect; the card then resolves on the board and the exact odds of every
  outcome are shown (:func:`card_outcomes`, every branch of every roll of the card).
- :class:`Quiz` — the notebook's exercises and its score (first answers count).

An answer that is not one of the choices (a place the question does not ask about, a word
that is not one of the answers offered) raises :class:`ExerciseError` naming what is
accepted, and changes nothing: the exercise stays unanswered.

Example:
    >>> from pavlov_widgets.tutor.content import get_scenario
    >>> quiz = Quiz("05")
    >>> ex = quiz.click("Click the position this Mortar will hit.",
    ...                 get_scenario("mortar").build(), answer=next_target("square"),
    ...                 among="square", rule="3.0 Suppress Defender")
    >>> ex.solution
    ('square:P3',)
    >>> ex.answer("square:P1").correct
    False
    >>> quiz
    <Quiz 05: 0 of 1 right>
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pavlov_widgets.engine import Game, PavlovError
from pavlov_widgets.engine.log import LogEntry
from pavlov_widgets.engine.observe import Observer
from pavlov_widgets.engine.places import (
    PLACE_KINDS,
    Card,
    CardHalf,
    Counter,
    Defense,
    Location,
    PlaceError,
    Square,
    SuppressionBox,
    TrackCircle,
    parse_place,
    place_name,
)
from pavlov_widgets.engine.text import all_of, either, percent, sentence, times_in
from pavlov_widgets.tutor.display import with_text
from pavlov_widgets.tutor.lab.card_odds import CardOddsError, card_ends

Answer = str | Iterable[str]
"""A learner's answer: one region id or choice, or several region ids."""

AnswerSpec = str | Iterable[str] | Callable[[Game], Any]
"""How an author gives the right answer: best as a function the engine evaluates on a copy of
the exercise's game (:func:`next_target`, :func:`card_targets`, :func:`after_card`, or any
``Game -> answer``)."""

REGION_KINDS: tuple[str, ...] = ("square", "counter", "loc", "track", "defense", "box")
"""The kinds of board places a :class:`ClickExercise` can ask about."""

CARD_STEP_LIMIT = 200
"""How many rolls :func:`play_card` makes at most (a card takes a handful; a safety net)."""


class ExerciseError(PavlovError, ValueError):
    """An answer that is not one of the exercise's choices, or an exercise built wrongly."""


# --- what the engine says happens --------------------------------------------------------


def _card_moment(game: Game) -> tuple[int, str, str, int]:
    """Which Wehrmacht card is being resolved (3.0): turn, phase, card, cards done."""
    s = game.state
    return (s.turn, s.phase, s.wehrmacht_current, len(s.wehrmacht_done))


def play_card(game: Game) -> tuple[Game, list[LogEntry]]:
    """A copy of ``game`` with the pending card resolved, and the log entries it made.

    Rolls the copy's pending dice (the position's scripted dice, else its seeded dice) until
    the current Wehrmacht card is done (3.0: the next card is turned over, the phase ends),
    a decision is asked, or the game ends. ``game`` itself is untouched.
    """
    copy = game.copy()
    start = len(copy.log)
    moment = _card_moment(copy)
    for _ in range(CARD_STEP_LIMIT):
        if copy.is_over or copy.chance() is None:
            break
        copy.roll()
        if _card_moment(copy) != moment:
            break
    return copy, _this_card(copy.log[start:])


def _this_card(entries: Sequence[LogEntry]) -> list[LogEntry]:
    """The entries up to the next card or turn (those of the card being resolved)."""
    out: list[LogEntry] = []
    for i, entry in enumerate(entries):
        if i > 0 and entry.kind in ("card", "turn"):
            break
        out.append(entry)
    return out


def _place_kind(kind: str) -> str:
    """A kind of place (a key of ``PLACE_KINDS``), also as ``"square:"`` (older notebooks)."""
    name = kind.removesuffix(":")
    if name not in PLACE_KINDS:
        raise ExerciseError(f"unknown kind of place {kind!r}; one of: {', '.join(PLACE_KINDS)}")
    return name


def _is_kind(region: str, kind: str) -> bool:
    """Whether a log entry's target is a place of ``kind``."""
    try:
        return parse_place(region).kind == kind
    except PlaceError:
        return False


def next_target(kind: str) -> Callable[[Game], tuple[str, ...]]:
    """An answer: the first place of this kind the pending card aims at (3.0).

    ``next_target("square")`` is the position a Sniper or Mortar targets: the copy's card is
    resolved with its own dice and the first log entry naming a place of ``kind`` (a key of
    :data:`~pavlov_widgets.engine.places.PLACE_KINDS`; ``"square:"`` works too) gives the
    answer.
    """
    wanted = _place_kind(kind)

    def answer(game: Game) -> tuple[str, ...]:
        _after, entries = play_card(game)
        for entry in entries:
            found = tuple(t for t in entry.targets if _is_kind(t, wanted))
            if found and entry.kind != "roll":
                return found[:1]
        raise ExerciseError(f"the card never aims at a place of kind {wanted!r}")

    return answer


def card_targets(kind: str) -> Callable[[Game], tuple[str, ...]]:
    """An answer: every place of this kind the pending card's events name (3.0).

    ``card_targets("loc")`` on a Ju 87 card are the locations its bombs hit (including a
    location the bomb moves on to).
    """
    wanted = _place_kind(kind)

    def answer(game: Game) -> tuple[str, ...]:
        _after, entries = play_card(game)
        found: dict[str, None] = {}
        for entry in entries:
            for t in entry.targets:
                if entry.kind != "roll" and _is_kind(t, wanted):
                    found[t] = None
        return tuple(found)

    return answer


def after_card(read: Callable[[Game], Any]) -> Callable[[Game], Any]:
    """An answer read off the game once the pending card is resolved (:func:`play_card`)."""

    def answer(game: Game) -> Any:
        return read(play_card(game)[0])

    return answer


# --- predict, then reveal: the exact odds of a whole card ---------------------------------


@dataclass(frozen=True)
class Outcome:
    """One outcome of a card: its name and exact probability (over every roll of the card)."""

    name: str
    probability: Fraction

    def __str__(self) -> str:
        return f"{self.name}: {self.probability} ({percent(self.probability)})"


SOMETHING_ELSE = "something else"
"""The outcome of the branches that none of an author's outcomes describes."""


def card_outcomes(game: Game, outcomes: Mapping[str, Callable[[Game], bool]]) -> list[Outcome]:
    """The exact probability of each outcome of the pending card.

    Every result of every roll of the card is followed to the end of the card, or to a
    decision inside it (:func:`pavlov_widgets.tutor.lab.card_odds.card_ends`, which merges
    equal positions); each end is given to the first outcome whose test holds, or to
    :data:`SOMETHING_ELSE`. Outcomes with probability 0 are listed too.

    Raises:
        ExerciseError: no roll is pending, or the card has more positions to follow than
            :data:`pavlov_widgets.tutor.lab.card_odds.STATE_LIMIT`.
    """
    if game.chance() is None:
        raise ExerciseError("no roll is pending: a prediction needs a card about to resolve")
    totals: dict[str, Fraction] = {name: Fraction(0) for name in outcomes}
    # every distinct end of the card, stopping at a decision as play_card does: the exact
    # enumerator of tutor.lab.card_odds (equal positions merged, bombs followed compactly)
    try:
        ends = card_ends(game, policy="stop")
    except CardOddsError as exc:  # its message names what stopped it (the limit, the moment)
        raise ExerciseError(str(exc)) from exc
    for after, q in ends:
        name = next((n for n, test in outcomes.items() if test(after)), SOMETHING_ELSE)
        totals[name] = totals.get(name, Fraction(0)) + q
    return [Outcome(n, q) for n, q in totals.items() if n != SOMETHING_ELSE or q > 0]


# --- feedback ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    """What the tutor says about one answer.

    Attributes:
        correct: the answer is the engine's.
        message: the sentence shown: right or not, the right answer in words, the rule and
            the explanation.
        rule: the rule section the exercise is about.
        solution: the right answer (region ids, or the choice).
        given: the answer given.
    """

    correct: bool
    message: str
    rule: str
    solution: tuple[str, ...]
    given: tuple[str, ...]

    def __str__(self) -> str:
        return self.message


# --- exercises ---------------------------------------------------------------------------------


class Exercise:
    """One question of a notebook's *check yourself*; graded by the engine.

    The first answer counts for the score (:class:`Quiz`); the learner may try again, and
    every answer gets feedback.
    """

    kind = "exercise"

    def __init__(self, question: str, rule: str, explain: str = "", *,
                 number: str = "") -> None:
        """Keep the question, its rule and its explanation; not answered yet."""
        if not question.strip():
            raise ExerciseError("an exercise needs a question")
        if not rule.strip():
            raise ExerciseError("an exercise needs the rule section it is about")
        self.question = question
        self.rule = rule
        self.explain = explain
        self.number = number
        self.first: Feedback | None = None
        """The feedback on the first answer (the one the score counts)."""
        self.last: Feedback | None = None
        """The feedback on the latest answer."""
        self.question_id = ""
        """The registry's id of the question ("04.fog-actions"), "" when built by hand."""
        self.variant = 0
        """Which variant of that question this is (0: the notebook's own)."""
        self.teaches = ""
        """Where its rule is taught (a scenario key or a notebook section), "" if unknown."""
        self._listeners: list[Callable[[Exercise], None]] = []
        self._widget: Any = None

    @property
    def solution(self) -> tuple[str, ...]:
        """The right answer, as the engine computed it."""
        raise NotImplementedError

    @property
    def answered(self) -> bool:
        """Whether the learner has answered (at least once)."""
        return self.first is not None

    @property
    def correct(self) -> bool | None:
        """Whether the first answer was right (None: not answered yet)."""
        return None if self.first is None else self.first.correct

    def answer(self, value: Answer) -> Feedback:
        """Grade an answer, keep it, and tell the widgets.

        Raises:
            ExerciseError: the answer is not one of the choices (nothing is kept).
        """
        given = self._normalise(value)
        feedback = self._grade(given)
        if self.first is None:
            self.first = feedback
        self.last = feedback
        for listener in list(self._listeners):
            listener(self)
        return feedback

    def on_answer(self, listener: Callable[[Exercise], None]) -> Callable[[], None]:
        """Call ``listener(exercise)`` after every answer; returns a function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _normalise(self, value: Answer) -> tuple[str, ...]:
        raise NotImplementedError

    def _grade(self, given: tuple[str, ...]) -> Feedback:
        raise NotImplementedError

    def _words(self, answer: tuple[str, ...]) -> str:
        return all_of(answer)

    @staticmethod
    def _quoted(words: Iterable[str]) -> list[str]:
        """Answers offered, each in quotes, for a sentence that lists them."""
        return [f"“{w}”" for w in words]

    def _feedback(self, given: tuple[str, ...]) -> Feedback:
        right = set(given) == set(self.solution)
        tail = " ".join(x for x in (sentence(self.explain),) if x)
        if right:
            message = f"Right: {self._words(self.solution)} ({self.rule})."
        else:
            message = (f"Not quite: you chose {self._words(given)}; the answer is "
                       f"{self._words(self.solution)} ({self.rule}).")
        return Feedback(right, f"{message} {tail}".strip(), self.rule, self.solution, given)

    @property
    def status(self) -> str:
        """"not answered", "right" or "not right" (the first answer)."""
        if self.first is None:
            return "not answered"
        return "right" if self.first.correct else "not right"

    def __repr__(self) -> str:
        label = f" {self.number}" if self.number else ""
        return f"<{type(self).__name__}{label}: {self.status}>"

    def widget(self) -> Any:
        """The exercise's widget (made once)."""
        if self._widget is None:
            from pavlov_widgets.tutor.exercises.widget import (
                make_widget,  # ipywidgets only when shown
            )

            self._widget = make_widget(self)
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_text(self.widget()._repr_mimebundle_(**kwargs), repr(self))


def _evaluate(spec: AnswerSpec, game: Game | None, what: str) -> Any:
    """The right answer: the author's function run on a copy of the game, or a literal."""
    if callable(spec):
        if game is None:
            raise ExerciseError(f"{what}: an answer computed by the engine needs game=")
        return spec(game.copy())
    return spec


def _as_regions(found: Any) -> tuple[str, ...]:
    if isinstance(found, str):
        return (found,)
    return tuple(str(x) for x in found)


def board_regions(game: Game, kind: str) -> tuple[str, ...]:
    """Every place of one kind the board draws for ``game`` (1.2), as region ids.

    ``"square"``: the sixteen combat positions; ``"counter"``: the Soviet counters in the
    house; ``"loc"``: the Volga locations 3–18 (the totals of three dice); ``"track"``:
    every circle of every track; ``"defense"``: the three Defense tracks; ``"box"``: the
    three Suppression boxes.
    """
    board = game.components.board
    if kind == "square":
        return tuple(Square(sq.id).id for sq in board.squares)
    if kind == "counter":
        return tuple(Counter(cid).id for cid, c in game.state.soviet.items()
                     if game.engine.is_square(c.where))
    if kind == "loc":
        return tuple(Location(n).id for n in sorted(board.location_names))
    if kind == "track":
        return tuple(TrackCircle(t.number, c).id for t in board.tracks
                     for c in range(1, t.circles + 1))
    colours = tuple(dict.fromkeys(t.colour for t in board.tracks))
    if kind == "defense":
        return tuple(Defense(c).id for c in colours)
    if kind == "box":
        return tuple(SuppressionBox(c).id for c in colours)
    raise ExerciseError(f"unknown kind of place {kind!r}; one of: {', '.join(REGION_KINDS)}")


def place_words(region: str, game: Game) -> str:
    """A place of ``game`` as a person names it, in feedback and messages (issue 21).

    The engine's :func:`~pavlov_widgets.engine.places.place_name` ("location 5",
    "Chekhov", "the red Defense track", "the Panzer II card"), told more exactly where the
    position says more: a card of the hand by its place in the hand ("the Flotilla half of
    card 2", 2.0: the hand is what the learner sees), and a circle holding a German counter
    by that counter ("the Riflemen on track 3, circle 2", 3.0).
    """
    components = game.components
    try:
        place = parse_place(region)
    except PlaceError:
        return region
    hand = game.state.hand
    if isinstance(place, CardHalf) and place.card in hand and place.unit in components.index.units:
        unit = components.index.units[place.unit].short
        return f"the {unit} half of card {hand.index(place.card) + 1}"
    if isinstance(place, Card) and place.card in hand:
        return f"card {hand.index(place.card) + 1} of the hand"
    if isinstance(place, TrackCircle):
        held = next((c for c in Observer(game).circles(place.track)
                     if c.circle == place.circle and c.counter), None)
        if held is not None:
            kind = components.wehrmacht_types[held.type].name
            return f"the {kind} on track {place.track}, circle {place.circle}"
    return place_name(place, components)


class ClickExercise(Exercise):
    """Answered by clicking the board: one place, or ``pick`` places then *Check* (1.2).

    Args:
        question: what to find ("Click the position this Mortar will hit.").
        game: the position; the exercise works on its own copy.
        answer: the right places, best computed by the engine (:func:`next_target`).
        among: the places the board offers: a kind (:data:`REGION_KINDS`) or region ids.
        pick: how many places make an answer.
        rule, explain: the rule section and why, in our words.
    """

    kind = "click"

    def __init__(self, question: str, game: Game, answer: AnswerSpec, *,
                 among: str | Iterable[str], rule: str, explain: str = "", pick: int = 1,
                 number: str = "") -> None:
        """Compute the answer with the engine and check it is one of the places offered."""
        super().__init__(question, rule, explain, number=number)
        self.game = game.copy()
        if isinstance(among, str):
            self.among = board_regions(self.game, among)
        else:
            self.among = tuple(dict.fromkeys(among))
        if not self.among:
            raise ExerciseError("a click exercise needs places to click (among=)")
        self._solution = _as_regions(_evaluate(answer, self.game, "click exercise"))
        outside = [r for r in self._solution if r not in self.among]
        if outside:
            raise ExerciseError(f"the answer {', '.join(outside)} is not among the places "
                                "offered; widen among=")
        if pick < 1 or pick > len(self.among):
            raise ExerciseError(f"pick={pick}: between 1 and {len(self.among)} places")
        if len(self._solution) != pick:
            raise ExerciseError(f"the engine's answer has {len(self._solution)} places, "
                                f"but pick={pick}")
        self.pick = pick

    @property
    def solution(self) -> tuple[str, ...]:
        """The places the engine says."""
        return self._solution

    def _normalise(self, value: Answer) -> tuple[str, ...]:
        given = (value,) if isinstance(value, str) else tuple(value)
        given = tuple(dict.fromkeys(str(v).strip() for v in given))
        bad = [v for v in given if v not in self.among]
        if bad:
            sample = ", ".join(place_words(r, self.game) for r in self.among[:4])
            raise ExerciseError(f"{place_words(bad[0], self.game)} is not a place this "
                                f"question asks about; click one of the glowing places "
                                f"({sample}, …)")
        if len(given) != self.pick:
            raise ExerciseError(f"pick {self.pick} place{'s' if self.pick > 1 else ''}, "
                                f"not {len(given)}")
        return given

    def _grade(self, given: tuple[str, ...]) -> Feedback:
        return self._feedback(given)

    def _words(self, answer: tuple[str, ...]) -> str:
        return all_of([place_words(r, self.game) for r in answer])


class ChoiceExercise(Exercise):
    """Answered with one of a few buttons ("how many actions do you get this turn?").

    Args:
        question: the question.
        answers: the answers offered, in order, one button each (the word "options" is kept
            for a decision's options).
        answer: the right choice, best computed by the engine from ``game``.
        rule, explain: the rule section and why, in our words.
        game: the position the question is about (shown on a board beside it).
    """

    kind = "choice"

    def __init__(self, question: str, answers: Sequence[str], answer: AnswerSpec, *,
                 rule: str, explain: str = "", game: Game | None = None,
                 number: str = "") -> None:
        """Compute the answer and check it is one of the answers offered."""
        super().__init__(question, rule, explain, number=number)
        self.answers = tuple(str(a) for a in answers)
        """The answers offered, in order (a button each)."""
        if len(self.answers) < 2 or len(set(self.answers)) != len(self.answers):
            raise ExerciseError("a choice needs two or more different answers")
        self.game = game.copy() if game is not None else None
        right = _evaluate(answer, self.game, "choice exercise")
        right = str(right)
        if right not in self.answers:
            raise ExerciseError(f"the answer {right!r} is not one of the answers offered "
                                f"{list(self.answers)}")
        self._solution = (right,)

    @property
    def solution(self) -> tuple[str, ...]:
        """The right answer."""
        return self._solution

    def _normalise(self, value: Answer) -> tuple[str, ...]:
        if not isinstance(value, (str, int)):
            raise ExerciseError(f"answer with {either(self._quoted(self.answers))}")
        text = str(value).strip()
        if text not in self.answers:
            raise ExerciseError(f"“{text}” is not one of the answers; answer with "
                                f"{either(self._quoted(self.answers))}")
        return (text,)

    def _grade(self, given: tuple[str, ...]) -> Feedback:
        return self._feedback(given)


class Prediction(Exercise):
    """Predict, then reveal: say what a Wehrmacht card will do, then watch it (3.0).

    The learner picks one outcome; the card then resolves with the position's own dice and
    the exact odds of every outcome are shown (:func:`card_outcomes`). A prediction is not
    right or wrong (it is chance): the quiz counts how many came true.

    Args:
        game: the position, a card about to resolve (a roll pending).
        question: what to predict.
        outcomes: the outcomes offered, each with its test on the game after the card.
        rule: the rule section of the card.
        explain: what decides it, in our words.
    """

    kind = "predict"

    def __init__(self, game: Game, question: str,
                 outcomes: Mapping[str, Callable[[Game], bool]], *, rule: str,
                 explain: str = "", number: str = "") -> None:
        """Resolve the card on a copy and compute the odds of every outcome."""
        super().__init__(question, rule, explain, number=number)
        if len(outcomes) < 2:
            raise ExerciseError("a prediction needs two or more outcomes")
        self.game = game.copy()
        self.outcomes = dict(outcomes)
        self.odds = card_outcomes(self.game, self.outcomes)
        self.after, self.entries = play_card(self.game)
        self.happened = next((n for n, test in self.outcomes.items() if test(self.after)),
                             SOMETHING_ELSE)

    @property
    def solution(self) -> tuple[str, ...]:
        """What happened with the position's dice."""
        return (self.happened,)

    def probability(self, name: str) -> Fraction:
        """The exact probability of one outcome."""
        return next((o.probability for o in self.odds if o.name == name), Fraction(0))

    def _normalise(self, value: Answer) -> tuple[str, ...]:
        if not isinstance(value, str) or value not in self.outcomes:
            raise ExerciseError(f"“{value}” is not an outcome offered; predict "
                                f"{either(self._quoted(self.outcomes))}")
        return (value,)

    def _grade(self, given: tuple[str, ...]) -> Feedback:
        guess = given[0]
        came = guess == self.happened
        p = self.probability(guess)
        head = "It happened" if came else f"This time: {self.happened}"
        top = max(o.probability for o in self.odds)
        likely = [o.name for o in self.odds if o.probability == top]
        if len(likely) == 1:
            most = f"The most likely outcome was {likely[0]}"
        else:
            most = f"{all_of(likely)} were equally likely"
        odds = "; ".join(f"{o.name} {times_in(o.probability)}" for o in self.odds)
        message = (f"You expected: {guess} ({times_in(p)}). {head}. "
                   f"{most}. Odds: {odds} ({self.rule}). "
                   f"{sentence(self.explain)}").strip()
        return Feedback(came, message, self.rule, self.solution, given)

    @property
    def status(self) -> str:
        """"not answered", "came true" or "did not come true"."""
        if self.first is None:
            return "not answered"
        return "came true" if self.first.correct else "did not come true"


# --- the notebook's score ---------------------------------------------------------------------

NUMBER_HEADER = ("<span style='position:absolute;width:1px;height:1px;overflow:hidden;"
                 "clip:rect(0 0 0 0);white-space:nowrap'>number</span>")
"""The score table's first header, for screen readers only: the column of the questions'
numbers needs no word on screen, but a header cell with none is read as nothing (issue 19).
Styled inline, so the table stays right where the tutor's CSS is absent (a static page)."""


class Quiz:
    """A notebook's *check yourself*: its exercises, numbered, and the learner's score.

    Args:
        notebook: the notebook's number ("05"); exercises are numbered "05.1", "05.2", …
        title: what the notebook is about (shown above the score).
    """

    def __init__(self, notebook: str, title: str = "") -> None:
        """An empty quiz."""
        self.notebook = notebook
        self.title = title
        self.exercises: list[Exercise] = []
        self._listeners: list[Callable[[Quiz], None]] = []
        self._widget: Any = None

    def _add(self, exercise: Exercise) -> Any:
        self.exercises.append(exercise)
        exercise.on_answer(lambda _e: self._changed())
        self._changed()
        return exercise

    def _number(self) -> str:
        return f"{self.notebook}.{len(self.exercises) + 1}"

    def click(self, question: str, game: Game, answer: AnswerSpec, *,
              among: str | Iterable[str], rule: str, explain: str = "",
              pick: int = 1) -> ClickExercise:
        """Add a :class:`ClickExercise` (answered on the board)."""
        ex: ClickExercise = self._add(ClickExercise(
            question, game, answer, among=among, rule=rule, explain=explain, pick=pick,
            number=self._number()))
        return ex

    def choice(self, question: str, answers: Sequence[str], answer: AnswerSpec, *,
               rule: str, explain: str = "", game: Game | None = None) -> ChoiceExercise:
        """Add a :class:`ChoiceExercise` (answered with a button, one of ``answers``)."""
        ex: ChoiceExercise = self._add(ChoiceExercise(
            question, answers, answer, rule=rule, explain=explain, game=game,
            number=self._number()))
        return ex

    def predict(self, game: Game, question: str,
                outcomes: Mapping[str, Callable[[Game], bool]], *, rule: str,
                explain: str = "") -> Prediction:
        """Add a :class:`Prediction` (predict, then reveal)."""
        ex: Prediction = self._add(Prediction(
            game, question, outcomes, rule=rule, explain=explain, number=self._number()))
        return ex

    def ask(self, slug: str, variant: int = 0) -> Exercise:
        """Add a question of the registry, numbered in this quiz, and return it to show.

        ``slug`` is the question's id without the notebook ("fog-actions" in quiz "04"),
        or a whole id ("05.sniper-target"); ``variant`` 0 is the notebook's own question,
        1 and more a similar one (the same rule on another position or other dice). The
        exercise shows the question's widget exactly as :meth:`choice`, :meth:`click` and
        :meth:`predict` do.

        Raises:
            UnknownQuestionError: no question has this id (the message lists close ones).
            ExerciseError: the variant does not exist.
        """
        from pavlov_widgets.tutor.exercises.registry import ID_PATTERN, get_question

        qid = slug if ID_PATTERN.fullmatch(slug) else f"{self.notebook}.{slug}"
        ex: Exercise = self._add(get_question(qid).exercise(variant, number=self._number()))
        return ex

    @property
    def graded(self) -> list[Exercise]:
        """The exercises with a right answer (predictions are not graded)."""
        return [e for e in self.exercises if not isinstance(e, Prediction)]

    @property
    def right(self) -> int:
        """How many exercises were answered right the first time."""
        return sum(1 for e in self.graded if e.correct)

    @property
    def predictions(self) -> list[Prediction]:
        """The predictions."""
        return [e for e in self.exercises if isinstance(e, Prediction)]

    def on_change(self, listener: Callable[[Quiz], None]) -> Callable[[], None]:
        """Call ``listener(quiz)`` after every answer; returns a function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    def summary(self) -> str:
        """The score in one line ("2 of 3 right, 1 not answered yet").

        Each line is one whole template (never glued from parts), so it can be translated:
        the score, then what is still open, then the predictions when the quiz has any.
        """
        graded = self.graded
        right, total = self.right, len(graded)
        left = sum(1 for e in graded if not e.answered)
        made = [p for p in self.predictions if p.answered]
        came = sum(1 for p in made if p.correct)
        if not self.predictions:
            if left:
                return f"{right} of {total} right, {left} not answered yet"
            return f"{right} of {total} right"
        if not made:
            if left:
                return (f"{right} of {total} right, {left} not answered yet; no prediction "
                        "made yet")
            return f"{right} of {total} right; no prediction made yet"
        if left:
            return (f"{right} of {total} right, {left} not answered yet; {came} of "
                    f"{len(made)} predictions made came true")
        return f"{right} of {total} right; {came} of {len(made)} predictions made came true"

    def table(self) -> list[tuple[str, str, str, str]]:
        """One row per exercise: number, question, rule, status."""
        return [(e.number, e.question, e.rule, e.status) for e in self.exercises]

    def __str__(self) -> str:
        lines = [f"Check yourself {self.notebook}: {self.summary()}"]
        lines += [f"  {n}  {status:<18} {q} ({rule})" for n, q, rule, status in self.table()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        graded = self.graded
        text = f"<Quiz {self.notebook}: {self.right} of {len(graded)} right"
        left = sum(1 for e in graded if not e.answered)
        return text + (f", {left} to go>" if left and left != len(graded) else ">")

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(n)}</td><td>{html.escape(q)}</td>"
            f"<td>{html.escape(rule)}</td><td>{html.escape(status)}</td></tr>"
            for n, q, rule, status in self.table())
        return (f"<p><b>Your score: {html.escape(self.summary())}</b></p><table>"
                f"<tr><th>{NUMBER_HEADER}</th><th>question</th><th>rule</th>"
                "<th>first answer</th></tr>"
                f"{rows}</table>")

    def widget(self) -> Any:
        """The score as a widget that follows the answers (made once)."""
        if self._widget is None:
            from pavlov_widgets.tutor.exercises.widget import ScoreWidget

            self._widget = ScoreWidget(self)
        return self._widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_text(self.widget()._repr_mimebundle_(**kwargs), repr(self),
                         self._repr_html_())


__all__ = [
    "REGION_KINDS",
    "SOMETHING_ELSE",
    "ChoiceExercise",
    "ClickExercise",
    "Exercise",
    "ExerciseError",
    "Feedback",
    "Outcome",
    "Prediction",
    "Quiz",
    "after_card",
    "board_regions",
    "card_outcomes",
    "card_targets",
    "next_target",
    "place_words",
    "play_card",
]
