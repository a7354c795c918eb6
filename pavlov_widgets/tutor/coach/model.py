"""The coach: a full game where the learner plays on the board and the tutor helps (issue 12).

:class:`Coach` puts three helpers around a :class:`~pavlov_widgets.widget.Board`:

* **Explain the choices** — every legal option of the pending decision with one sentence on
  what it does and its rule (the glossary's line, :func:`~pavlov_widgets.engine.glossary.
  explain_option`), and as a hint the option the package's sensible player would take
  (:class:`~pavlov_widgets.sim.heuristic.HeuristicPolicy`). :meth:`Coach.explain` gives the
  same lines as data.
* **Why not?** — a place that does not glow is not a choice now; the engine says which rule
  forbids it (:meth:`Game.why_not <pavlov_widgets.engine.Game.why_not>`). A click on such a
  place on the board shows the answer in the coach; :meth:`Coach.why_not` answers for a place
  typed by name ("R2", "pavlov", "loc 12", "track 3").
* **Review** — your choices apart from the dice: each decision against its best alternative,
  each roll and card against its average, the raids, and what to do differently
  (:mod:`.review`, on the coach's expected score of :mod:`.value`; :meth:`Coach.review`,
  shown by itself when the game ends). This module re-exports them.
"""

from __future__ import annotations

from pavlov_widgets.engine import Game, Option
from pavlov_widgets.engine.actions import parse as parse_action
from pavlov_widgets.engine.errors import ActionIdError
from pavlov_widgets.engine.explain import counter_limits
from pavlov_widgets.engine.glossary import explain_option
from pavlov_widgets.engine.places import (
    Box,
    Counter,
    Defense,
    Location,
    PlaceError,
    Square,
    TrackCircle,
    Weapon,
    parse_place,
    place_name,
)

from .review import Review, TurningPoint, review, review_html
from .value import ARMY_CP, PLAYER, static_value, value

# --- explaining the choices ----------------------------------------------------------------

PLAIN_OPTIONS: dict[str, str] = {
    "end-phase": "stop taking card actions; the actions not used are lost",
    "moves-done": "make no more moves this phase and go on to the counter actions",
    "actions-done": "take no more counter actions; the turn ends",
    "done": "finish this choice with what is picked so far",
    "back": "choose another counter to move instead",
    "leave": "move without the weapon; it stays where it is",
    "fire": "fire the Anti-aircraft tokens chosen so far (none chosen: hold fire)",
    "accept": "let the counter become a casualty and keep the First Aid token",
    "launch": "send the chosen counters on the raid",
    "decline": "do not raid this time",
    "disrupted": "take the Disrupted token off the counter",
    "exhausted": "turn the counter back from its Exhausted side",
    "one": "fire at this one target only",
    "loc": "the location this action works on",
    "take": "this token goes from the stock to the Staging Area",
    "load": "this token goes from the Staging Area onto this Flotilla location",
    "defense": "raise this side's Defense by 1",
    "spot": "this empty Sapper location gets the Sapper token",
    "cmd": "this counter recovers under the commander's orders",
}
"""One sentence for the options whose verb has no glossary line (buttons and small picks)."""


def option_sentence(option: Option, rule: str) -> str:
    """One line explaining an option: its label, what it does and the rule."""
    term = explain_option(option)
    if term is not None:
        return f"{option.label}: {term.meaning} ({term.rule})"
    meaning = PLAIN_OPTIONS.get(option.verb, "one of the choices this decision offers")
    return f"{option.label}: {meaning} ({rule})"


def explain(game: Game) -> list[str]:
    """The pending decision and each legal option in a sentence, then the coach's hint.

    At a roll: what the dice are for and the exact odds of each result. Game over: the result.
    """
    if game.is_over:
        o = game.outcome or {}
        return [f"The game is over: {o.get('level')}, score {o.get('score')} "
                "(6.0 Ending the Game)."]
    chance = game.chance()
    if chance is not None:
        lines = [f"The dice come next: {chance.label} ({chance.rule})."]
        lines += [f"  {result}: {p} ({float(p):.0%})" for result, p in chance.outcomes if p > 0]
        return lines
    pending = game.pending
    if pending is None:
        return ["Nothing is pending."]
    prompt = getattr(pending, "prompt", "")
    rule = getattr(pending, "rule", "")
    lines = [f"{prompt} ({rule})"]
    lines += [f"- {option_sentence(option, rule)}" for option in game.legal_actions()]
    scored = PLAYER.score(game)
    best = scored[0]
    for item in scored[1:]:
        if item[1] > best[1]:
            best = item
    reason = best[2].strip()
    # a bare number is the player's score, not a reason a person can use
    why = f" ({reason})" if any(ch.isalpha() for ch in reason) else ""
    lines.append(f"Hint: the coach's sensible player would pick {best[0].label}{why}.")
    return lines


# --- why not? ----------------------------------------------------------------------------------

NAMES_HELP = (
    "Type a combat position (R2, G4R1), a counter's name (pavlov), a location (loc 12 or "
    "12), a track (track 3, or track 3 circle 2), a side's Defense (red) or a board region "
    "id (counter:pavlov, square:R2, loc:12, track:3:2, card:<card id>)."
)
"""What :meth:`Coach.why_not` understands, said when it does not understand."""


class UnknownPlaceError(ValueError):
    """A typed place the coach cannot find on the board (the message lists what it accepts)."""


def resolve_place(game: Game, text: str) -> str:
    """The board region a typed place names ("R2" → ``square:R2``, "Pavlov" → ``counter:pavlov``).

    Raises:
        UnknownPlaceError: nothing on the board has that name (the game is not changed).
    """
    if not isinstance(text, str):
        raise UnknownPlaceError(f"a place is typed as text, not {text!r}. {NAMES_HELP}")
    raw = text.strip()
    if not raw:
        raise UnknownPlaceError(f"type a place first. {NAMES_HELP}")
    e = game.engine
    try:
        return parse_place(raw).id  # a region id, typed as the board writes it
    except PlaceError:
        pass
    words = raw.lower().replace(",", " ").replace("/", "").split()
    joined = "".join(words)
    squares = {sq.id.lower(): sq.id for sq in game.components.board.squares}
    if joined in squares:
        return Square(squares[joined]).id
    if joined in game.state.soviet:
        return Counter(joined).id
    for cid in game.state.soviet:
        if e.name(cid).lower().replace(" ", "") == joined:
            return Counter(cid).id
    if joined in game.state.weapons:
        return Weapon(joined).id
    if joined in ("reserves", "supplies"):
        return Box(joined).id
    if words and words[0] in ("defense", "defence"):
        words = words[1:]
    if len(words) == 1 and words[0] in game.state.defense:
        return Defense(words[0]).id
    numbers = [w for w in words if w.isascii() and w.isdigit()]  # int() of "²" would fail
    named = [w for w in words if w not in numbers and w not in ("circle", "loc", "location",
                                                                 "track")]
    if (not named and len(numbers) == 1 and words[0] != "track"
            and 1 <= int(numbers[0]) <= ARMY_CP):  # the Volga locations run up to 18
        return Location(int(numbers[0])).id
    if not named and words and words[0] == "track" and numbers:
        track = int(numbers[0])
        if 1 <= track <= len(game.state.tracks):
            circles = game.state.tracks[track - 1]
            if len(numbers) > 1:
                circle = int(numbers[1])
                if 1 <= circle <= len(circles):
                    return TrackCircle(track, circle).id
            else:  # the track's first counter, if any: that is what one would fire at
                circle = next((i + 1 for i, wid in enumerate(circles) if wid), 1)
                return TrackCircle(track, circle).id
    for t, circles in enumerate(game.state.tracks):
        for i, wid in enumerate(circles):
            if wid and wid.lower() == joined:
                return TrackCircle(t + 1, i + 1).id
    raise UnknownPlaceError(f"no place on the board is called {raw!r}. {NAMES_HELP}")


def why_not(game: Game, text: str) -> str:
    """Why a place or an action is not a choice now, with its rule; or what it may do.

    ``text`` is a region id or a name (:func:`resolve_place`), or an option id
    ("attack:chekhov", answered by :meth:`Game.why_refused
    <pavlov_widgets.engine.Game.why_refused>`). A counter that is a choice but may do only
    some things says why as well as what it may do ("Chekhov is Exhausted: … may only Recover
    (4.0 Recover). What Chekhov may do now: Chekhov: Recover."). A text that names nothing
    gives a sentence listing what is accepted. The game is never changed.
    """
    try:
        region = resolve_place(game, text)
    except UnknownPlaceError as exc:
        action = _as_action(text)
        if action is None:
            return f"I don't know that place: {exc}"
        refused = game.why_refused(action)
        return (refused.sentence if refused is not None
                else f"{action} is a choice now: {_label_of(game, action)}.")
    name = place_name(region, game.components)
    name = name[:1].upper() + name[1:]
    refusal = game.why_not(region)
    if refusal is not None:
        return f"{refusal.text}: {refusal.rule}"
    limits = counter_limits(game, region)
    if limits is not None:
        return limits.sentence
    labels = [o.label for o in game.legal_actions() if region in o.targets]
    return f"{name} is a choice now: {'; '.join(labels)}."


def _as_action(text: object) -> str | None:
    """``text`` as an option id the action codec reads (:mod:`.actions`), else None."""
    if not isinstance(text, str):
        return None
    try:
        parse_action(text.strip())
    except ActionIdError:
        return None
    return text.strip()


def _label_of(game: Game, action: str) -> str:
    return next(o.label for o in game.legal_actions() if o.id == action)


# --- the widget ------------------------------------------------------------------------------

__all__ = [
    "Review",
    "TurningPoint",
    "UnknownPlaceError",
    "explain",
    "resolve_place",
    "review",
    "review_html",
    "static_value",
    "value",
    "why_not",
]
