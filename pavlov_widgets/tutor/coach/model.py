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
* **Review** — the turning points of the game so far: the rolls and choices that moved the
  expected score most (6.0 Ending the Game), each with its turn, phase, rule and dice
  (:meth:`Coach.review`, shown by itself when the game ends).

How the review estimates the expected score (:func:`value`): cheaply and without dice of its
own, so the same game always gives the same review. A quiet position (a Soviet card action,
a move or a counter action to choose) is valued by :func:`static_value`: the 6.0 score as it
stands, less the risk of an immediate loss (a nearly full track, 3.0 Advance; a Disrupted
62nd Army Command Post, 3.0 Bomb Stalingrad), plus a little for Defense and less for
Disrupted defenders. Anywhere else — dice to roll, a reaction to choose — the value is the
exact expectation over the dice (each result weighted by its exact probability), the
reactions taken by the sensible player, until play is quiet again or the tree gets too big.
So a roll's change of value is its luck, and a choice's change is what it gained or cost
against the alternatives as the sensible player would have played them.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pavlov_widgets.engine import Game, Option
from pavlov_widgets.engine.glossary import explain_option
from pavlov_widgets.engine.log import LogEntry
from pavlov_widgets.engine.observe import Observer
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
from pavlov_widgets.engine.state import GameState
from pavlov_widgets.sim.heuristic import HeuristicPolicy
from pavlov_widgets.tutor.lab.model import example_dice

# --- the value of a position (6.0 Ending the Game) -------------------------------------------

QUIET_DECISIONS = frozenset({"card_action", "move_pick", "act_pick"})
"""The decisions that start something (a card action, 2.2; a move, 4.0 Move; a counter
action, 4.0): a position waiting for one of them is valued as it stands."""

TRACK_RISK: dict[int, float] = {5: 6.0, 4: 2.0, 3: 0.5}
"""Points off for a track holding this many Wehrmacht counters: a full track (5) loses the
game when one more counter enters it (3.0 Advance Wehrmacht Counters)."""

ARMY_CP_RISK = 5.0
"""Points off while the 62nd Army Command Post (location 18) is Disrupted: a second Disrupted
token there loses the game (3.0 Bomb Stalingrad)."""

DEFENSE_POINT = 0.25
"""Points for each point of Defense on the house's three sides (3.0 Attack Building)."""

DISRUPTED_DEFENDER = 0.3
"""Points off for each Disrupted counter in the house (it may only Recover, 4.0)."""

IMMEDIATE_LOSS_VALUE = -20.0
"""An immediate loss counts as at most this score: 6.0 ranks it below every final score."""

LOOKAHEAD = 16
"""How many dice results :func:`value` may weigh for one position before it stops looking
ahead and values what it sees (keeps a full game's review within a few seconds)."""

ARMY_CP = 18
"""The 62nd Army Command Post's location (1.2 The Board)."""


def static_value(game: Game) -> float:
    """The position as it stands, in points of the final score (6.0), without looking ahead.

    The score (Storm Group and Operational Support VP + 1 per defender − 3 per Wehrmacht
    counter), less :data:`TRACK_RISK` per track, :data:`ARMY_CP_RISK` and
    :data:`DISRUPTED_DEFENDER`, plus :data:`DEFENSE_POINT` per point of Defense. A finished
    game is worth its final score (an immediate loss at most :data:`IMMEDIATE_LOSS_VALUE`).
    """
    outcome = game.outcome
    if outcome is not None:
        final = float(outcome.get("score", 0))
        if outcome.get("level") == "Immediate Defeat":
            return min(final, IMMEDIATE_LOSS_VALUE)
        return final
    seen = Observer(game)
    state = game.state
    worth = float(seen.score().total)
    for track in range(1, len(state.tracks) + 1):
        worth -= TRACK_RISK.get(seen.counters_on_track(track), 0.0)
    if seen.location_disrupted(ARMY_CP):
        worth -= ARMY_CP_RISK
    worth += DEFENSE_POINT * sum(state.defense.values())
    worth -= DISRUPTED_DEFENDER * sum(
        1 for cid in seen.house_counters() if state.soviet[cid].disrupted
    )
    return worth


_PLAYER = HeuristicPolicy()
_NO_RNG = random.Random(0)  # the heuristic is deterministic; the policy interface wants one


def value(game: Game, lookahead: int = LOOKAHEAD) -> float:
    """The expected final score of a position (a quick, deterministic estimate; 6.0).

    Quiet positions (:data:`QUIET_DECISIONS`) and finished games: :func:`static_value`.
    Pending dice: the exact expectation over their results. A pending reaction (Anti-aircraft
    fire, First Aid, a Storm Group raid …): the sensible player's choice. The look-ahead stops
    where more than ``lookahead`` results would have to be weighed. The game is not changed.
    """
    return _value(game, lookahead, own=False)


def _value(game: Game, budget: int, own: bool) -> float:
    """:func:`value` on ``game``; ``own``: the game is a private branch that may be played on."""
    g = game
    for _ in range(64):  # reactions in a row: a guard, a card never asks this many
        if g.is_over:
            return static_value(g)
        pending = g.state.pending or {}
        if pending.get("kind") == "decision":
            if pending.get("op") in QUIET_DECISIONS:
                return static_value(g)
            if not own:
                g, own = g.fork(auto_roll=False), True
            seen = len(g.engine.log_entries)
            g.apply(_PLAYER(g, _NO_RNG))
            if _reveals_card(g, seen):
                return static_value(g)
            continue
        chance = g.chance()
        if chance is None:
            return static_value(g)
        outcomes = [(result, p) for result, p in chance.outcomes if p > 0]
        if len(outcomes) > budget:
            return static_value(g)
        total, weight = 0.0, 0.0
        for result, p in outcomes:
            dice = example_dice(chance.dice, chance.test, result)
            if dice is None:
                continue
            branch = g.fork(auto_roll=False)
            seen = len(branch.engine.log_entries)
            branch.force(dice)
            worth = (static_value(branch) if _reveals_card(branch, seen)
                     else _value(branch, budget // len(outcomes), own=True))
            total += float(p) * worth
            weight += float(p)
        return total / weight if weight else static_value(g)
    return static_value(g)


def _reveals_card(game: Game, seen: int) -> bool:
    """Whether a Wehrmacht (or Resupply) card came up since log entry ``seen`` (3.0).

    The look-ahead stops there: the deck's order is luck the review shows as its own turning
    point, not as part of the choice or roll before it.
    """
    return any(entry.kind == "card" for entry in game.engine.log_entries[seen:])


# --- the review ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurningPoint:
    """One roll or choice of the game and how much it moved the expected score (6.0).

    Attributes:
        step: its index in the game's history (``game.history``).
        turn: the turn it was made in.
        phase: the phase as a person says it.
        kind: ``"roll"`` (dice), ``"choice"`` (a decision) or ``"card"`` (a Wehrmacht card
            came up, 3.0; its ``before`` is what the game's average card would have left).
        text: what happened: the roll as the log says it, or the option's label, with what
            followed at once (a Wehrmacht card revealed, a casualty).
        rule: the rule section the roll or decision belongs to.
        dice: the dice as they fell (empty for a choice).
        before: the expected score before it (:func:`value`).
        after: the expected score after it.
    """

    step: int
    turn: int
    phase: str
    kind: str
    text: str
    rule: str
    dice: tuple[int, ...]
    before: float
    after: float

    @property
    def delta(self) -> float:
        """How much the expected score moved: after − before (+ good for the defenders)."""
        return self.after - self.before

    def __str__(self) -> str:
        dice = f" [dice {' '.join(map(str, self.dice))}]" if self.dice else ""
        return (f"Turn {self.turn}, {self.phase}: {self.text}{dice} ({self.rule}): "
                f"{self.delta:+.1f}")


class Review(list[TurningPoint]):
    """The turning points of a game, the biggest move of the expected score first.

    A list of :class:`TurningPoint` with a text form and an HTML table for notebooks.

    Attributes:
        start: the expected score at the start (:func:`value`).
        now: the expected score at the end of the review (the final score once it is over).
        steps: how many rolls and choices were reviewed.
        over: whether the game is over.
    """

    def __init__(self, points: Sequence[TurningPoint], start: float, now: float, steps: int,
                 over: bool) -> None:
        super().__init__(points)
        self.start, self.now, self.steps, self.over = start, now, steps, over

    def headline(self) -> str:
        """One sentence: how the expected score went, over how many rolls and choices."""
        where = "final score" if self.over else "expected score now"
        return (f"{self.steps} rolls and choices: expected score {self.start:+.1f} at the "
                f"start, {where} {self.now:+.1f}")

    def __str__(self) -> str:
        if not self:
            return self.headline() + "; no turning point yet."
        lines = [self.headline() + "; the turning points:"]
        lines += [f"{i}. {point}" for i, point in enumerate(self, 1)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return review_html(self)


def review_html(review: Review) -> str:
    """A review as an HTML table (turn, phase, what happened, rule, dice, change)."""
    esc = html.escape
    rows = "".join(
        f"<tr><td>{p.turn}</td><td>{esc(p.phase)}</td><td>{esc(p.text)}</td>"
        f"<td><i>{esc(p.rule)}</i></td><td>{' '.join(map(str, p.dice))}</td>"
        f"<td style='color:{'#2a7a2a' if p.delta >= 0 else '#a33'};text-align:right'>"
        f"<b>{p.delta:+.1f}</b></td></tr>"
        for p in review
    )
    table = (
        "<table><tr><th>turn</th><th>phase</th><th>what happened</th><th>rule</th>"
        f"<th>dice</th><th>expected score</th></tr>{rows}</table>" if review
        else "<p>No turning point yet.</p>"
    )
    return f"<p><b>Review.</b> {esc(review.headline())}.</p>{table}"


ONE_SIDE = 0.6
"""The largest share of a review's turning points that luck (rolls and cards) or choices
may take while the other side has some (3 of 5)."""

NOTABLE_KINDS = ("casualty", "loss")
"""Log entries a turning point mentions after what was done (they often carry its weight)."""


def review(game: Game, top: int = 5, lookahead: int = LOOKAHEAD) -> Review:
    """The turning points of ``game`` so far, the biggest move of the expected score first.

    Its ``top`` rolls, choices and cards that moved the expected score (:func:`value`) most.
    The game is replayed from its start on a copy (the game itself is not changed), valuing
    the position before and after every roll and choice. A Wehrmacht card that comes up is a
    turning point of its own: it counts by how much more (or less) it cost than the game's
    average card so far, since some cost is expected of every card (3.0). Deterministic: the
    same game gives the same review.
    """
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise ValueError(
            f"top must be a whole number of turning points (1 or more), not {top!r}")
    saved = game.to_dict()
    replay = Game(GameState.from_dict(saved["initial"]), game.components, game.settings,
                  auto_roll=False)
    start = now = value(replay, lookahead)
    points: list[TurningPoint] = []
    cards: list[tuple[TurningPoint, float]] = []  # each card, with the value it left
    steps = 0
    for index, entry in enumerate(saved["history"]):
        pending = replay.state.pending or {}
        turn, phase = replay.turn, replay.phase_label
        seen = len(replay.engine.log_entries)
        before = now
        label = ""
        if entry["kind"] == "seed":  # a switch of dice, not a move of the game
            replay.use_seeded_dice(entry["value"])
            now = value(replay, lookahead)
            continue
        if entry["kind"] == "choose":
            label = next((o.label for o in replay.legal_actions() if o.id == entry["value"]),
                         str(entry["value"]))
            replay.apply(entry["value"])
        elif entry.get("forced"):
            replay.force(entry["value"])
        else:
            replay.roll()
        steps += 1
        now = value(replay, lookahead)
        new = replay.engine.log_entries[seen:]
        came_up = [e for e in new if e.kind == "card"]
        # the look-ahead stops at a card: before it came up, the step's own part was done
        own = static_value(replay) if came_up else now
        points.append(_turning_point(index, turn, phase, entry, pending, label, new,
                                     before, own))
        if came_up:
            card = TurningPoint(index, replay.turn, replay.phase_label, "card",
                                "; ".join(e.text for e in came_up) + " came up",
                                came_up[-1].rule, (), own, now)
            cards.append((card, own))
    if cards:  # a card counts against the average card: some cost is expected of each
        usual = sum(card.delta for card, _ in cards) / len(cards)
        points += [TurningPoint(c.step, c.turn, c.phase, c.kind, c.text, c.rule, c.dice,
                                own + usual, c.after) for c, own in cards]
    points.sort(key=lambda p: (-round(abs(p.delta), 6), p.step, p.kind))
    return Review(_balanced(points, top), start, now, steps, replay.is_over)


def _balanced(points: Sequence[TurningPoint], top: int) -> list[TurningPoint]:
    """The ``top`` biggest turning points, luck and decisions both given room.

    Luck (rolls, cards) and choices each take at most :data:`ONE_SIDE` of the places while the
    other side has turning points left, so a review shows the dice and the decisions; the
    result stays sorted by size. Changes under 0.05 points are no turning points.
    """
    moving = [p for p in points if abs(p.delta) >= 0.05]
    most = max(1, round(top * ONE_SIDE))
    kept: list[TurningPoint] = []
    count = {True: 0, False: 0}
    for point in moving:
        luck = point.kind != "choice"
        if count[luck] < most:
            kept.append(point)
            count[luck] += 1
        if len(kept) == top:
            break
    if len(kept) < top:  # one side had too few: fill up with the biggest left
        kept += [p for p in moving if p not in kept][: top - len(kept)]
    kept.sort(key=lambda p: (-round(abs(p.delta), 6), p.step, p.kind))
    return kept


def _turning_point(index: int, turn: int, phase: str, entry: dict[str, Any],
                   pending: dict[str, Any], label: str, new: Sequence[LogEntry],
                   before: float, after: float) -> TurningPoint:
    """One roll or choice of the replay as a turning point (what happened, as the log says)."""
    if entry["kind"] == "choose":
        kind, dice, rule = "choice", (), str(pending.get("rule", ""))
        text = f"you chose {label}"
    else:
        kind = "roll"
        roll = next((e for e in new if e.kind == "roll"), None)
        dice = tuple(entry["value"])
        rule = roll.rule if roll is not None else str(pending.get("rule", ""))
        text = roll.text if roll is not None else str(pending.get("label", "a roll"))
    others = [e.text for e in new if e.kind in NOTABLE_KINDS]
    if others:
        text += "; " + "; ".join(others)
    return TurningPoint(index, turn, phase, kind, text, rule, dice, before, after)


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
    scored = _PLAYER.score(game)
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
    """Why a place is not a choice now, with its rule; or which options use it if it is one.

    ``text`` is a region id or a name (:func:`resolve_place`); one that names nothing gives a
    sentence listing what is accepted. The game is never changed.
    """
    try:
        region = resolve_place(game, text)
    except UnknownPlaceError as exc:
        return f"I don't know that place: {exc}"
    name = place_name(region, game.components)
    name = name[:1].upper() + name[1:]
    refusal = game.why_not(region)
    if refusal is None:
        labels = [o.label for o in game.legal_actions() if region in o.targets]
        return f"{name} is a choice now: {'; '.join(labels)}."
    return f"{refusal.text}: {refusal.rule}"


# --- the widget ------------------------------------------------------------------------------

__all__ = [
    "Review",
    "TurningPoint",
    "UnknownPlaceError",
    "explain",
    "resolve_place",
    "review",
    "static_value",
    "value",
    "why_not",
]
