"""The coach's end-of-game review: your choices apart from the dice (6.0 Ending the Game).

The game is replayed from its start on a copy, and every step is weighed with the coach's
expected score (:func:`~pavlov_widgets.tutor.coach.value.value`):

* a **choice** against the best alternative: each legal option of the decision is played on
  a copy and valued, so the chosen option's worth stands beside the best other option's worth
  (+: the choice beat every alternative; −: what it cost against the best one). These are the
  coach's estimates, not playouts: no game is played to its end for them.
* a **roll** against its average: the expected score before the dice (their exact
  expectation) and after them.
* a **Wehrmacht card** against the average of the cards that could have come up (the unseen
  cards of its numbered deck, each tried in its place). A Resupply card is no luck: Setup 2
  puts one on top of the "2", "3" and "4" decks, so when it comes is known, and what it costs
  (3.0 Special Cards: Resupply) was decided by the choices that left too little Food.

The Storm Group raids (3.0 Special Cards: Storm Group) are listed whole, and the review ends
with what to do differently, each point naming the notebook section that teaches it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from pavlov_widgets.engine import Game, Option
from pavlov_widgets.engine.log import LogEntry
from pavlov_widgets.engine.state import GameState
from pavlov_widgets.tutor.lab.compare import compare

from .value import LOOKAHEAD, QUIET_DECISIONS, hungry, reveals_card, static_value, value

RAID_OPS = frozenset({"raid_pick"})
"""The decisions of a Storm Group raid (3.0 Special Cards: Storm Group; 6.0 Milk House)."""

RAID_RULE = "3.0 Special Cards: Storm Group"
"""The rule a raid's dice cite."""

SOURCE = "the coach's expected score (no playouts: 0 games)"
"""Where a choice's worth and its best alternative's come from, said with every review."""


@dataclass(frozen=True)
class Lesson:
    """What to do differently, and the notebook section that teaches it.

    Attributes:
        key: a short name ("food", "raid" …).
        notebook: the notebook's number ("08").
        heading: the section's heading as the notebook writes it (without its ``#``).
        advice: a whole sentence saying what to do next time.
    """

    key: str
    notebook: str
    heading: str
    advice: str

    @property
    def title(self) -> str:
        """The heading as a reader sees it (bold marks left out)."""
        return self.heading.replace("**", "")

    @property
    def where(self) -> str:
        """The section, as a sentence names it: notebook number and heading."""
        return f"notebook {self.notebook}, “{self.title}”"

    @property
    def anchor(self) -> str:
        """The heading's anchor as JupyterLab and Voila make it (spaces become hyphens)."""
        return self.title.replace(" ", "-")


LESSONS: dict[str, Lesson] = {lesson.key: lesson for lesson in (
    Lesson("food", "14", "Defenders are points, but every five eat",
           "Buy defenders only as fast as Food can feed them: at every Resupply card each five "
           "counters in the house need one Food in the Supply box, and the others starve."),
    Lesson("volga", "04", "Across the Volga: Load and Deliver (2.0)",
           "Keep Food and the other tokens moving across the Volga (Resupply, Load, Deliver) "
           "so they are in the house before they are needed."),
    Lesson("reinforce", "10", "Reinforcements by radio (**4.0 Request Reinforcements**)",
           "Spend reinforcement points on the counters and weapons the house needs most, "
           "and only when the points are not better used elsewhere."),
    Lesson("cards", "04", "The eight units (2.0)",
           "Pick each card action for what the house needs this turn; an action left unused "
           "is lost at the end of the phase."),
    Lesson("raid", "14", "When a raid is worth its losses",
           "Raid when the Victory Points are worth the raiders you expect to lose, not only "
           "when the raid is likely to succeed."),
    Lesson("fire", "09", "Attack (4.0 Attack)",
           "Fire where the dice have the best odds against the German counter that "
           "threatens the house most."),
    Lesson("suppress", "09", "Suppress (4.0 Suppress)",
           "Put Suppression tokens where the next German counters will enter."),
    Lesson("move", "14", "Watch every colour",
           "Move defenders so that every colour of track is seen and no position is crowded "
           "under the next bombardment."),
    Lesson("recover", "09", "Recover (4.0 Recover)",
           "Recover Disrupted and Exhausted defenders before they are needed, starting with "
           "the ones that see the fullest tracks."),
    Lesson("budget", "09", "The budget (4.0 Soviet Counter Phase)",
           "Use all three moves and all three actions of the Soviet Counter Phase when they "
           "help: the ones you leave are lost."),
    Lesson("command", "10", "Command (**4.0 Command**)",
           "Use a commander's Command to bring several defenders back at once."),
    Lesson("weapons", "10", "Weapon teams (**4.0 Soviet Counters and Weapon Counters**)",
           "Crew the weapons and carry them where they can fire."),
    Lesson("observer", "14", "Artillery tokens",
           "Spot for the artillery where it will hit the most German counters."),
    Lesson("aa", "14", "Anti-aircraft tokens",
           "Fire the Anti-aircraft tokens when a Ju 87 threatens what matters most."),
    Lesson("spend", "07", "How many tokens to spend?",
           "Spend Suppression tokens against a German counter where stopping it is worth "
           "the tokens."),
    Lesson("sapper", "14", "Sappers and Buttress",
           "Lay Sapper tokens on the circles the German counters reach first."),
    Lesson("first_aid", "11", "First Aid (**5.0 First Aid**)",
           "Spend First Aid on the casualties that cost the most, and keep one for the "
           "next."),
    Lesson("play", "13", "Playing the game",
           "Before each choice, ask the coach to explain the options and compare them."),
)}
"""Every lesson the review may give, keyed by name; a test checks each section exists. The
strategy points at notebook 14, How to win, where it is shown with the engine's numbers;
the rest at the section that teaches the rule."""

_VERB_LESSON: dict[str, str] = {
    "buy": "reinforce", "radio": "reinforce", "take": "volga", "load": "volga",
    "raider": "raid", "launch": "raid", "decline": "raid",
    "attack": "fire", "target": "fire", "one": "fire",
    "suppress": "suppress", "place": "suppress", "split": "suppress",
    "move": "move", "to": "move", "back": "move", "moves-done": "budget",
    "carry": "weapons", "leave": "weapons", "team": "weapons",
    "recover": "recover", "disrupted": "recover", "exhausted": "recover",
    "actions-done": "budget", "command": "command", "cmd": "command",
    "observe": "observer", "spot": "sapper", "aa": "aa", "fire": "aa", "spend": "spend",
    "starve": "food", "first-aid": "first_aid", "accept": "first_aid", "hit": "first_aid",
    "end-phase": "cards", "loc": "cards", "defense": "cards",
}
"""The lesson of an option, by its verb (card actions go by their action, below)."""

_CARD_LESSON: dict[str, str] = {
    "reinforce": "reinforce", "resupply": "volga", "load": "volga", "deliver": "volga",
    "storm": "raid", "buttress": "sapper", "sapper": "sapper",
}
"""The lesson of a Soviet card action, by the action (2.0); any other: "cards"."""

_BUYING = frozenset({"reinforce"})
"""Lessons of choices that bring counters into the house: with Food short they are "food"."""


def lesson_of(option: Option) -> Lesson:
    """The lesson an option's decision belongs to (by its verb, a card action by its action)."""
    if option.verb == "card":
        return LESSONS[_CARD_LESSON.get(str(option.args.get("action", "")), "cards")]
    return LESSONS[_VERB_LESSON.get(option.verb, "play")]


@dataclass(frozen=True)
class TurningPoint:
    """One choice, roll or card of the game, weighed against its par (6.0 Ending the Game).

    Attributes:
        step: its index in the game's history (``game.history``).
        turn: the turn it was made in.
        phase: the phase as a person says it.
        kind: ``"choice"`` (a decision), ``"roll"`` (dice) or ``"card"`` (a Wehrmacht card
            came up, 3.0).
        text: what happened: the option's label, the roll as the log says it, the card.
        rule: the rule section the roll or decision belongs to.
        dice: the dice as they fell (empty for a choice or a card).
        before: the par: for a choice, the best alternative's worth; for a roll, the
            expected score before the dice; for a card, the average of the cards that could
            have come up.
        after: for a choice, the chosen option's worth; otherwise the expected score after.
        best: for a choice, the best alternative's label.
        chosen_id, best_id: for a choice, the option ids of the choice and of the best
            alternative.
        games: 0 where ``before`` and ``after`` are the coach's expected score; else the
            playouts each option was played to the end (the choice's mean score against the
            best alternative's, on the same dice; :func:`review`'s ``playouts``).
        lesson: for a choice, what it teaches (:data:`LESSONS`).
        raid: whether it belongs to a Storm Group raid: the card action that starts it, the
            choice of raiders, its dice.
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
    best: str = ""
    chosen_id: str = ""
    best_id: str = ""
    games: int = 0
    lesson: Lesson | None = None
    raid: bool = False

    @property
    def delta(self) -> float:
        """How far it moved the score: after − before (+ good for the defenders).

        For a choice, what it gained (+) or cost (−) against the best alternative; for a roll
        or a card, its luck.
        """
        return self.after - self.before

    @property
    def luck(self) -> bool:
        """Whether it is luck (a roll or a card) rather than a choice."""
        return self.kind != "choice"

    def sentence(self) -> str:
        """What it was worth, in a whole sentence."""
        if self.kind == "choice":
            if self.games:
                return (f"You chose {self.text}: {self.games} playouts of it scored "
                        f"{self.after:+.1f} on average; the best alternative, {self.best}, "
                        f"scored {self.before:+.1f} on the same dice ({self.rule}).")
            if self.delta < 0:
                return (f"You chose {self.text}, worth {self.after:+.1f}; the best alternative, "
                        f"{self.best}, was worth {self.before:+.1f} ({self.rule}).")
            return (f"You chose {self.text}, worth {self.after:+.1f}; the best alternative, "
                    f"{self.best}, was worth {self.before:+.1f}, so the choice was the best "
                    f"({self.rule}).")
        dice = f" (dice {' '.join(map(str, self.dice))})" if self.dice else ""
        if self.kind == "card":
            return (f"{self.text}: the expected score went to {self.after:+.1f}, against "
                    f"{self.before:+.1f} for the average card that could have come ({self.rule}).")
        return (f"{self.text}{dice}: the expected score went from {self.before:+.1f} to "
                f"{self.after:+.1f} ({self.rule}).")

    def __str__(self) -> str:
        return f"Turn {self.turn}, {self.phase}: {self.sentence()} {self.delta:+.1f}"


class Review(list[TurningPoint]):
    """The turning points of a game: its ``top`` biggest, choices and luck both given room.

    A list of :class:`TurningPoint`, the biggest first, with a text form and an HTML form for
    notebooks (the choices and the luck side by side).

    Attributes:
        start: the expected score at the start (:func:`value`).
        now: the expected score at the end of the review (the final score once it is over).
        steps: how many rolls and choices were reviewed.
        over: whether the game is over.
        choices_cost: the sum of every choice's shortfall (an upper bound: a chance missed on
            one turn may be taken on the next, so the shortfalls overlap).
        luck_total: the points all rolls and cards together moved the expected score.
        raids: every turning point of the Storm Group raids (their choices and dice).
        lessons: what to do differently, the costliest first, each with its costliest
            choice's shortfall (costs do not add up: a chance missed may come again).
        short: how many choices fell :data:`SHORT` points or more below the best alternative.
        source: where the worth of the choices comes from (:data:`SOURCE`).
    """

    def __init__(self, points: Sequence[TurningPoint], start: float, now: float, steps: int,
                 over: bool, *, choices_cost: float = 0.0, luck_total: float = 0.0,
                 raids: Sequence[TurningPoint] = (),
                 lessons: Sequence[tuple[Lesson, float]] = (), short: int = 0) -> None:
        super().__init__(points)
        self.start, self.now, self.steps, self.over = start, now, steps, over
        self.choices_cost, self.luck_total = choices_cost, luck_total
        self.raids = list(raids)
        self.lessons = list(lessons)
        self.short = short
        self.source = SOURCE

    @property
    def choices(self) -> list[TurningPoint]:
        """The turning points that are choices."""
        return [p for p in self if not p.luck]

    @property
    def dice(self) -> list[TurningPoint]:
        """The turning points that are luck: rolls and cards."""
        return [p for p in self if p.luck]

    def headline(self) -> str:
        """One sentence: how the expected score went, and how much was choices and luck."""
        where = "the final score" if self.over else "the expected score now"
        return (f"Over {self.steps} rolls and choices the expected score went from "
                f"{self.start:+.1f} at the start to {where}, {self.now:+.1f}; "
                f"{self.short} of your choices fell short of the best alternative by 0.5 "
                f"points or more, and the dice and cards moved it {self.luck_total:+.1f}.")

    def advice(self) -> list[str]:
        """What to do differently next time, each a whole sentence naming its section."""
        if not self.lessons:
            return ["Your choices were as good as the coach's best alternatives; read "
                    "“How the tutor works” in notebook 01 to try harder positions."]
        return [f"{lesson.advice} The costliest such choice was {cost:.1f} points short of "
                f"its best alternative; see {lesson.where}." for lesson, cost in self.lessons]

    def __str__(self) -> str:
        lines = [self.headline(),
                 f"Your choices, each against the best alternative (by {self.source}):"]
        lines += [f"{i}. {p}" for i, p in enumerate(self.choices, 1)] or ["(none)"]
        lines.append("The dice and the cards, each against its average:")
        lines += [f"{i}. {p}" for i, p in enumerate(self.dice, 1)] or ["(none)"]
        if self.raids:
            lines.append("The raids:")
            lines += [f"- {p}" for p in self.raids]
        lines.append("Next time:")
        lines += [f"- {a}" for a in self.advice()]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return review_html(self)


def _item_html(point: TurningPoint) -> str:
    colour = "#2a7a2a" if point.delta >= 0 else "#a33"
    return (f"<li><small>Turn {point.turn}, {html.escape(point.phase)}</small><br>"
            f"{html.escape(point.sentence())} "
            f"<b style='color:{colour};white-space:nowrap'>{point.delta:+.1f}</b></li>")


def review_html(review: Review) -> str:
    """A review as HTML: the choices and the luck in two columns, the raids, the lessons.

    The columns stand one under the other on a narrow screen; each lesson links to its
    notebook section.
    """
    def column(title: str, points: Sequence[TurningPoint]) -> str:
        items = "".join(_item_html(p) for p in points) or "<li>None.</li>"
        return (f"<div style='flex:1 1 300px;min-width:0'><b>{html.escape(title)}</b>"
                f"<ol style='padding-left:1.4em;margin:4px 0'>{items}</ol></div>")

    cols = (column(f"Your choices (against the best alternative, by {review.source})",
                   review.choices)
            + column("The dice and the cards (against their average)", review.dice))
    raids = ""
    if review.raids:
        rows = "".join(_item_html(p) for p in review.raids)
        raids = f"<p><b>The raids</b></p><ul style='padding-left:1.4em'>{rows}</ul>"
    advice = "".join(
        f"<li>{html.escape(lesson.advice)} The costliest such choice was {cost:.1f} points "
        f"short of its best alternative; see <a href='{lesson_href(lesson)}'>"
        f"{html.escape(lesson.where)}</a>.</li>"
        for lesson, cost in review.lessons
    ) or "".join(f"<li>{html.escape(a)}</li>" for a in review.advice())
    return ("<div class='pavlov-review' style='max-width:100%;overflow-wrap:anywhere;"
            "line-height:1.45'>"
            f"<p><b>Review.</b> {html.escape(review.headline())}</p>"
            f"<div style='display:flex;flex-wrap:wrap;gap:12px'>{cols}</div>{raids}"
            f"<p><b>Next time</b></p><ul style='padding-left:1.4em'>{advice}</ul></div>")


NOTEBOOK_FILES: dict[str, str] = {
    "04": "04_soviet_cards.ipynb", "06": "06_artillery_and_ju87.ipynb",
    "07": "07_wehrmacht_counters.ipynb", "08": "08_resupply_storm_groups.ipynb",
    "09": "09_soviet_counters.ipynb", "10": "10_command_and_weapons.ipynb",
    "11": "11_first_aid_and_scoring.ipynb", "13": "13_coach.ipynb",
    "14": "14_how_to_win.ipynb",
}
"""The notebook file of each number a lesson names (the links sit beside them)."""


def lesson_href(lesson: Lesson) -> str:
    """The link to a lesson's section, relative to the notebooks folder."""
    return f"{NOTEBOOK_FILES[lesson.notebook]}#{html.escape(lesson.anchor, quote=True)}"


ONE_SIDE = 0.6
"""The largest share of a review's turning points that luck (rolls and cards) or choices
may take while the other side has some (3 of 5)."""

SHORT = 0.5
"""A choice this many points or more below its best alternative is counted as short of it."""

TOP_LESSONS = 3
"""How many lessons the review gives at most."""


def review(game: Game, top: int = 5, lookahead: int = LOOKAHEAD, *,
           playouts: int = 0) -> Review:
    """The review of ``game`` so far: its ``top`` turning points, raids and lessons.

    Exactly ``top`` turning points when the game has that many choices (of two or more
    options), rolls and cards; the biggest first, choices and luck each given room
    (:data:`ONE_SIDE`). The game itself is not changed; the same game gives the same review.

    ``playouts``: each choice shown is also played to the end that many times, the chosen
    option and the best alternative on the same dice (the lab's comparison, the "fast"
    player), and shows those mean scores instead of the coach's estimate. The playouts see
    the Wehrmacht deck as it really lay: hindsight the player did not have.
    """
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise ValueError(
            f"top must be a whole number of turning points (1 or more), not {top!r}")
    if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 0:
        raise ValueError(f"playouts must be a whole number of games (0 or more), not "
                         f"{playouts!r}")
    saved = game.to_dict()
    replay = _from_start(game, saved)
    start = now = value(replay, lookahead)
    points: list[TurningPoint] = []
    # (index into points, the Food shortfall before it, whether the decision was quiet)
    hunger: list[tuple[int, int, bool]] = []
    steps = 0
    for index, entry in enumerate(saved["history"]):
        if entry["kind"] == "seed":  # a switch of dice, not a move of the game
            replay.use_seeded_dice(entry["value"])
            now = value(replay, lookahead)
            continue
        steps += 1
        pending = replay.state.pending or {}
        turn, phase = replay.turn, replay.phase_label
        before = now
        if entry["kind"] == "choose":
            point = _choice(replay, entry["value"], pending, index, lookahead)
            if point is not None:
                hunger.append((len(points), hungry(replay),
                               pending.get("op") in QUIET_DECISIONS))
                points.append(point)
        pre = replay.fork(auto_roll=False)
        seen = len(replay.engine.log_entries)
        _step(replay, entry)
        now = value(replay, lookahead)
        new = replay.engine.log_entries[seen:]
        came_up = [e for e in new if e.kind == "card"]
        if entry["kind"] != "choose":
            own = static_value(replay) if came_up else now
            points.append(_roll(index, turn, phase, entry, pending, new, before, own))
        if came_up:
            average = _average_card(pre, entry, lookahead)
            points.append(TurningPoint(
                index, replay.turn, replay.phase_label, "card",
                "; ".join(e.text for e in came_up) + " came up", came_up[0].rule, (),
                now if average is None else average, now))
    _blame_hunger(points, hunger, replay)
    done = _finish(points, top, start, now, steps, replay.is_over)
    if playouts:
        _play_out(done, game, saved, playouts)
    return done


def _from_start(game: Game, saved: dict[str, Any]) -> Game:
    """A copy of ``game`` at its start (``saved`` is its ``to_dict``), dice given by hand."""
    return Game(GameState.from_dict(saved["initial"]), game.components, game.settings,
                auto_roll=False)


def _play_out(done: Review, game: Game, saved: dict[str, Any], games: int) -> None:
    """Replace the shown choices' worth by playouts (see :func:`review`), in place."""
    wanted = {p.step: i for i, p in enumerate(done) if not p.luck and p.best_id}
    if not wanted:
        return
    replay = _from_start(game, saved)
    for index, entry in enumerate(saved["history"]):
        if index in wanted:
            point = done[wanted[index]]
            result = compare(replay, [point.chosen_id, point.best_id], games=games, jobs=1,
                             policy="fast")
            done[wanted[index]] = replace(
                point, after=result.row(point.chosen_id).mean_score,
                before=result.row(point.best_id).mean_score, games=games)
            if index == max(wanted):
                break
        if entry["kind"] == "seed":
            replay.use_seeded_dice(entry["value"])
        else:
            _step(replay, entry)
    done.source = (f"playouts, {games} games each to the end with the deck as it lay "
                   "(the lessons: the coach's expected score)")


def _step(game: Game, entry: dict[str, Any]) -> None:
    """Play one history entry on ``game`` (a choice, or the dice as they fell)."""
    if entry["kind"] == "choose":
        game.apply(entry["value"])
    elif entry.get("forced"):
        game.force(entry["value"])
    else:
        game.roll()


def _worth(game: Game, option: str, lookahead: int) -> float:
    """An option's worth: the expected score once it is taken, on a copy of ``game``.

    Valued where a card comes up if it brings one (what the card does is the card's luck).
    """
    branch = game.fork(auto_roll=False)
    seen = len(branch.engine.log_entries)
    branch.apply(option)
    if reveals_card(branch, seen):
        return static_value(branch)
    return value(branch, lookahead)


def _choice(game: Game, chosen: str, pending: dict[str, Any], index: int,
            lookahead: int) -> TurningPoint | None:
    """The choice ``chosen`` against the best alternative; None where there was no other."""
    options = game.legal_actions()
    if len(options) < 2:
        return None
    worth = {o.id: _worth(game, o.id, lookahead) for o in options}
    by_id = {o.id: o for o in options}
    mine = by_id.get(chosen)
    if mine is None:
        return None
    others = [o for o in options if o.id != chosen]
    best = max(others, key=lambda o: (worth[o.id], -options.index(o)))
    lesson = lesson_of(mine)
    if worth[best.id] > worth[chosen] and best.verb == "card" and lesson.key not in _BUYING:
        better = lesson_of(best)
        if better.key in ("raid", "volga"):
            lesson = better
    return TurningPoint(index, game.turn, game.phase_label, "choice", mine.label,
                        str(pending.get("rule", "")), (), worth[best.id], worth[chosen],
                        best=best.label, chosen_id=chosen, best_id=best.id, lesson=lesson,
                        raid=pending.get("op") in RAID_OPS or lesson_of(mine).key == "raid")


def _roll(index: int, turn: int, phase: str, entry: dict[str, Any], pending: dict[str, Any],
          new: Sequence[LogEntry], before: float, after: float) -> TurningPoint:
    """One roll of the replay, as the log says it, against the expectation before it."""
    roll = next((e for e in new if e.kind == "roll"), None)
    rule = roll.rule if roll is not None else str(pending.get("rule", ""))
    text = roll.text if roll is not None else str(pending.get("label", "a roll"))
    others = [e.text for e in new if e.kind in ("casualty", "loss")]
    if others:
        text += "; " + "; ".join(others)
    return TurningPoint(index, turn, phase, "roll", text, rule, tuple(entry["value"]),
                        before, after, raid=rule == RAID_RULE)


def _average_card(pre: Game, entry: dict[str, Any], lookahead: int) -> float | None:
    """The expected score after this step had any of the cards that could come up come.

    Each candidate is put on top of the deck of a copy of ``pre`` and the step played again
    with the same choice or dice. The candidates: the unseen cards of the numbered deck on
    top (up to the next Resupply card); a Resupply card on top is certain (Setup 2), only the
    Storm Group on its back could have been another of the Resupply cards set aside. None
    where the next card is not the deck's top (the German player's orders, 7.4).
    """
    state = pre.state
    if state.orders or not state.wehrmacht_deck:
        return None
    resupply = pre.components.resupply_cards
    deck = state.wehrmacht_deck
    top = deck[0]
    if top in resupply:
        candidates = [("deck", 0)] + [("aside", i) for i in range(len(state.resupply_removed))]
    else:
        end = next((i for i, card in enumerate(deck) if card in resupply), len(deck))
        candidates = [("deck", i) for i in range(end)]
    # the same dice as they fell, forced: the copy's own dice would differ
    again = {**entry, "forced": True} if entry["kind"] != "choose" else entry
    total = 0.0
    for where, i in candidates:
        branch = pre.fork(auto_roll=False)
        b = branch.state
        if where == "deck":
            b.wehrmacht_deck[0], b.wehrmacht_deck[i] = b.wehrmacht_deck[i], b.wehrmacht_deck[0]
        else:
            b.wehrmacht_deck[0], b.resupply_removed[i] = b.resupply_removed[i], b.wehrmacht_deck[0]
        _step(branch, again)
        total += value(branch, lookahead)
    return total / len(candidates)


def _blame_hunger(points: list[TurningPoint], hunger: list[tuple[int, int, bool]],
                  replay: Game) -> None:
    """A choice that brought counters while Food was short teaches "food", not buying.

    The shortfall (:func:`~pavlov_widgets.tutor.coach.value.hungry`) before each choice is
    compared with the one at the next quiet decision (the counters bought are in by then):
    where it grew after a reinforcement, the choice's lesson is to feed the house first
    (3.0 Special Cards: Resupply).
    """
    for n, (at, short, _quiet) in enumerate(hunger):
        point = points[at]
        if point.lesson is None or point.lesson.key not in _BUYING:
            continue
        later = next((h for _, h, quiet in hunger[n + 1:] if quiet), hungry(replay))
        if later > short:
            points[at] = replace(point, lesson=LESSONS["food"])


def _finish(points: list[TurningPoint], top: int, start: float, now: float, steps: int,
            over: bool) -> Review:
    """The review: the ``top`` biggest, the totals, the raids and the costliest lessons."""
    choices = [p for p in points if not p.luck]
    cost = -sum(min(0.0, p.delta) for p in choices)
    luck = sum(p.delta for p in points if p.luck)
    # a lesson is ranked by the shortfalls of its choices together (how often and how much)
    # but said with its costliest one: shortfalls overlap (a raid not taken on one turn is
    # still there on the next), so no total is claimed
    total: dict[str, float] = {}
    worst: dict[str, float] = {}
    for p in choices:
        if p.delta < 0 and p.lesson is not None:
            key = p.lesson.key
            total[key] = total.get(key, 0.0) - p.delta
            worst[key] = max(worst.get(key, 0.0), -p.delta)
    ranked = sorted((k for k in total if worst[k] >= 0.05), key=lambda k: -total[k])
    lessons = [(LESSONS[k], worst[k]) for k in ranked[:TOP_LESSONS]]
    raids = [p for p in points if p.raid]
    short = sum(1 for p in choices if p.delta <= -SHORT)
    return Review(_balanced(points, top), start, now, steps, over, choices_cost=cost,
                  luck_total=luck, raids=raids, lessons=lessons, short=short)


def _size(point: TurningPoint) -> tuple[float, float, int, str]:
    """The sort key, biggest first: luck by how far it moved the score, a choice by its cost.

    A choice that beat its alternatives teaches less: it comes after the costly ones.
    """
    weight = abs(point.delta) if point.luck else max(0.0, -point.delta)
    return (-round(weight, 6), -round(abs(point.delta), 6), point.step, point.kind)


def _balanced(points: Sequence[TurningPoint], top: int) -> list[TurningPoint]:
    """The ``top`` biggest turning points, luck and decisions both given room.

    Luck (rolls, cards) and choices each take at most :data:`ONE_SIDE` of the places while the
    other side has turning points left; then the biggest left fill up to ``top`` (exactly
    ``top`` where there are that many). The result is sorted by size.
    """
    ranked = sorted(points, key=_size)
    most = max(1, round(top * ONE_SIDE))
    kept: list[TurningPoint] = []
    count = {True: 0, False: 0}
    for point in ranked:
        if len(kept) == top:
            break
        if count[point.luck] < most:
            kept.append(point)
            count[point.luck] += 1
    chosen = {id(p) for p in kept}
    kept += [p for p in ranked if id(p) not in chosen][: top - len(kept)]
    kept.sort(key=_size)
    return kept


__all__ = [
    "LESSONS",
    "Lesson",
    "Review",
    "TurningPoint",
    "lesson_of",
    "review",
    "review_html",
]
