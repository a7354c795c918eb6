"""What one step of a walkthrough did: a choice or a roll, with the roll's exact odds in words.

The walkthrough (:mod:`pavlov_widgets.tutor.walkthrough.model`) is built on these pieces:

- :func:`odds_summary` — exact odds in plain words ("1 time in 3 (33%)", with
  :func:`~pavlov_widgets.engine.text.times_in`),
  computed from the engine's chance step (:meth:`Game.chance
  <pavlov_widgets.engine.Game.chance>`) before the dice fall, never written by hand.
- :func:`play_roll`, :func:`play_choice` — make one step on a game and say what it did
  (:class:`Played`: the option, or the dice with their odds and what they did, and the board
  regions it is about), from the engine's structured facts (the chance step, the option, the
  log entries' fields).
- :func:`roll_outcome` — what a roll did on the board, in the engine's own whole sentences
  (its log entries under the roll's rule), or the question or roll it leads to: a roll played
  with fresh dice is narrated to its outcome, not only to its result (issue 21).
- :func:`rulebook_line` — a registered example played once, step by step.
- :func:`region_name` — a board region as a person names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pavlov_widgets.engine import Chance, Decision, Game, LogEntry, Option, PavlovError
from pavlov_widgets.engine.dice import reading
from pavlov_widgets.engine.places import place_name
from pavlov_widgets.engine.positions import RESTING_DECISIONS
from pavlov_widgets.engine.text import either, percent, sentence, times_in
from pavlov_widgets.tutor.content.scenarios import Scenario


class WalkthroughError(PavlovError, ValueError):
    """A request the walkthrough cannot carry out now; the walkthrough is unchanged."""


# --- odds in plain words -------------------------------------------------------------------


def result_words(test_type: str, result: str) -> str:
    """A roll's result as the odds sentence names it ("a hit", "exactly 2 hits", "red 2")."""
    if test_type == "any":
        return {"hit": "a hit", "miss": "a miss"}.get(result, result)
    if test_type in ("count", "survive"):
        return f"exactly {result}"
    if test_type == "total":
        return f"a total of {result}"
    return result


def result_said(test_type: str, result: str) -> str:
    """A roll's result after "so" in a narration: "so a hit", "so 2 hits", "so green".

    Only a roll with a goal reads "hit"/"miss" bare; the others name their result already.
    """
    return result_words(test_type, result) if test_type == "any" else result


def odds_summary(chance: Chance) -> str:
    """The odds of a pending roll, before it falls: every result, or the likeliest ones.

    ``"green 1 time in 3 (33%), red 1 time in 3 (33%), purple 1 time in 3 (33%)"``.
    """
    kind = str(chance.test.get("type", ""))
    rows = [(r, p) for r, p in chance.outcomes if p > 0]
    if len(rows) > 6:  # a total of several dice: name the likeliest
        best = max(p for _, p in rows)
        likeliest = [r for r, p in rows if p == best]
        each = " each" if len(likeliest) > 1 else ""
        return (f"{len(rows)} possible results; the likeliest, {either(likeliest)}, "
                f"{times_in(best)}{each}")
    groups: dict[Fraction, list[str]] = {}
    for result, p in rows:
        groups.setdefault(p, []).append(result_words(kind, result))
    return "; ".join(f"{either(names)}: {times_in(p)}{' each' if len(names) > 1 else ''}"
                     for p, names in groups.items())


def region_name(game: Game, region: str) -> str:
    """A board region as a person names it ("the Sniper card", "the red Suppression box").

    Regions are those of :attr:`pavlov_widgets.engine.Option.targets`, named by the engine's
    :func:`~pavlov_widgets.engine.places.place_name` for the game's components.
    """
    return place_name(region, game.components)


# --- what one step did -----------------------------------------------------------------------


@dataclass(frozen=True)
class RollFacts:
    """A roll as it fell, with the exact odds of its result (computed before the roll).

    Attributes:
        label: what the roll was for ("Sniper: colour roll").
        rule: the rule section the engine rolled it under.
        dice: the dice as they fell.
        result: the result as the roll's test reads it ("red", "hit", "2 hits", "14").
        test_type: how the dice are read (``pick``, ``any``, ``count``, ``sum``, ``total``,
            ``survive``; see :func:`pavlov_widgets.engine.dice.distribution`).
        probability: the exact probability of ``result`` before the dice fell.
        outcomes: every result with its exact probability.
        marks: which dice succeeded, for the tests read die by die.
        success: whether the roll reached its goal (None for a roll that names something).
        outcome: what the roll did, as whole sentences (see :func:`roll_outcome`).
    """

    label: str
    rule: str
    dice: tuple[int, ...]
    result: str
    test_type: str
    probability: Fraction
    outcomes: tuple[tuple[str, Fraction], ...]
    marks: tuple[bool, ...] = ()
    success: bool | None = None
    outcome: tuple[str, ...] = ()

    @property
    def odds_text(self) -> str:
        """The odds of the result in plain words: ``chance of red: 1 time in 3 (33%)``."""
        words = result_words(self.test_type, self.result)
        return f"chance of {words}: {times_in(self.probability)}"

    def __str__(self) -> str:
        dice = ", ".join(map(str, self.dice))
        return f"{self.label}: rolled {dice} → {self.result}; {self.odds_text}"


@dataclass(frozen=True)
class Played:
    """One step as the engine played it: a choice made or a roll rolled.

    Attributes:
        kind: ``"choice"`` or ``"roll"``.
        prompt: the decision's question, or what the roll was for.
        rule: the rule section the engine asked it under.
        option: the option taken (a choice), else None.
        roll: the roll's dice and odds (a roll), else None.
        regions: the board regions the engine names for it (the option's targets and the
            places its log entries are about).
        op: the decision's kind (``Decision.op``; "" for a roll).
        by_rulebook: the rulebook's own choice or dice (False for a learner's choice and for
            fresh dice).
    """

    kind: str
    prompt: str
    rule: str
    option: Option | None = None
    roll: RollFacts | None = None
    regions: tuple[str, ...] = ()
    op: str = ""
    by_rulebook: bool = True

    @property
    def value(self) -> str | tuple[int, ...]:
        """The option id of a choice, the dice of a roll."""
        if self.option is not None:
            return self.option.id
        return self.roll.dice if self.roll is not None else ()

    def __str__(self) -> str:
        if self.roll is not None:
            return str(self.roll)
        label = self.option.label if self.option is not None else ""
        return f"{self.prompt}: {label}"


def _new_regions(entries: Sequence[LogEntry], first: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The regions of an option and of the log entries a step made, each once, in order."""
    seen = dict.fromkeys(first)
    for entry in entries:
        seen.update(dict.fromkeys(entry.targets))
    return tuple(seen)


OUTCOME_KINDS = ("event", "casualty")
"""Log entries that say what a roll did when they come under the roll's own rule (a Sniper's
"no Soviet counter on green positions", a casualty); a phase's housekeeping and the next card
or turn come under other rules and are not the roll's outcome."""

GAME_ENDS = ("loss", "end")
"""Log entries that end the game: always part of the outcome of the roll that caused them."""


def roll_outcome(game: Game, entries: Sequence[LogEntry], chance: Chance,
                 phase: str) -> tuple[str, ...]:
    """What a roll did, in whole sentences: the engine's own, then what it leads to.

    ``game`` stands just after the roll, ``entries`` are the log entries the roll made (its own
    "roll" entry among them), ``chance`` is the chance step it resolved and ``phase`` the phase it
    was rolled in. The outcome is:

    - every entry under the roll's rule (:data:`OUTCOME_KINDS`) and every entry ending the
      game (:data:`GAME_ENDS`), as the engine wrote it (an entry only one side may read, 7.4,
      is left out);
    - then, while the game is still in the same phase and not resting between rules
      (:data:`~pavlov_widgets.engine.positions.RESTING_DECISIONS`), the choice the result waits
      for (First Aid, 5.0; who on a shared position is hit, 4.0; spending Suppression tokens,
      3.0): that choice decides what the roll does;
    - or, when the roll logged nothing, the roll it calls for (a colour roll leads to a
      position roll, 3.0);
    - else that the result changes nothing more (never an empty narration).
    """
    said = [sentence(e.text) for e in entries if not e.seen_by and (
        e.kind in GAME_ENDS or (e.kind in OUTCOME_KINDS and e.rule == chance.rule))]
    if not game.is_over and game.phase == phase:
        pending = game.pending
        if isinstance(pending, Decision) and pending.op not in RESTING_DECISIONS:
            said.append(sentence(f"A choice decides what it does: {pending.prompt}"))
        elif isinstance(pending, Chance) and not said:
            said.append(sentence(f"Another roll follows: {pending.label}"))
    return tuple(said) or ("That result changes nothing more on the board.",)


def play_roll(game: Game, by_rulebook: bool = True) -> Played:
    """Roll the pending chance step of ``game`` and say what fell, with its exact odds.

    Raises:
        NotAChanceStepError: no roll is pending.
        DiceScriptExhaustedError: the dice are scripted and the script has run dry.
    """
    chance = game.chance()
    before = len(game.engine.log_entries)
    phase = game.phase
    dice = game.roll()
    if chance is None:  # game.roll() has already refused; this keeps the types honest
        raise WalkthroughError("no roll was pending")
    entries = game.log[before:]
    entry = next((e for e in entries if e.kind == "roll"), None)
    read = reading(dice, chance.test)
    result = entry.result if entry is not None and entry.result else read.result
    facts = RollFacts(
        label=chance.label,
        rule=chance.rule,
        dice=tuple(dice),
        result=result,
        test_type=str(chance.test.get("type", "")),
        probability=chance.probability(result),
        outcomes=tuple(chance.outcomes),
        marks=entry.marks if entry is not None else read.marks,
        success=entry.success if entry is not None else read.success,
        outcome=roll_outcome(game, entries, chance, phase),
    )
    return Played("roll", chance.label, chance.rule, roll=facts,
                  regions=_new_regions(entries), by_rulebook=by_rulebook)


def play_choice(game: Game, option_id: str, by_rulebook: bool = True) -> Played:
    """Take the option ``option_id`` of the pending decision of ``game`` and say what it was.

    Raises:
        WalkthroughError: no decision is pending, or the option is not one of its options
            (the message lists them); the game is unchanged.
    """
    decision = game.pending
    options = game.legal_actions()
    if decision is None or isinstance(decision, Chance) or not options:
        raise WalkthroughError(f"no choice is pending here, so {option_id!r} cannot be taken")
    option = next((o for o in options if o.id == option_id), None)
    if option is None:
        legal = ", ".join(o.id for o in options)
        raise WalkthroughError(
            f"{option_id!r} is not an option of '{decision.prompt}' ({decision.rule}); "
            f"the options are: {legal}"
        )
    before = len(game.engine.log_entries)
    game.apply(option)
    entries = game.log[before:]
    return Played("choice", decision.prompt, decision.rule, option=option,
                  regions=_new_regions(entries, option.targets), op=decision.op,
                  by_rulebook=by_rulebook)


def rulebook_line(scenario: Scenario) -> tuple[list[Game], list[Played]]:
    """The example played once, step by step: the game at every step and what each step did.

    The line starts at the scenario's position (dice scripted, rolled one at a time). It makes
    the example's moves in order, rolling the dice the rules ask for on the way, and after the
    last move it rolls only what the example's dice script still covers: a roll the script
    does not hold belongs to the rest of the game, not to the example.

    Raises:
        WalkthroughError: the example's moves do not fit its position (a registry bug).
    """
    game = scenario.build(auto_roll=False)
    games = [game.copy()]
    played: list[Played] = []
    moves = list(scenario.moves)
    while not game.is_over:
        chance = game.chance()
        if chance is not None:
            script = game.state.script
            if not moves and (script is None or len(script) < chance.dice):
                break
            played.append(play_roll(game))
        elif moves:
            played.append(play_choice(game, moves.pop(0)))
        else:
            break
        games.append(game.copy())
    if moves:
        raise WalkthroughError(
            f"scenario {scenario.name!r}: the game ended before its moves {moves}"
        )
    return games, played


__all__ = [
    "Played",
    "RollFacts",
    "WalkthroughError",
    "odds_summary",
    "percent",
    "play_choice",
    "play_roll",
    "region_name",
    "result_said",
    "result_words",
    "roll_outcome",
    "rulebook_line",
    "times_in",
]
