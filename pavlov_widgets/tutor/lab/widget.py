"""The what-if lab as one widget: the board, the odds that follow it, a comparison and a hint.

:class:`Lab` puts the lab's answers beside the board they are about (issue 13):

* **the odds** follow the game (:meth:`Game.on_change <pavlov_widgets.engine.Game.on_change>`):
  while a Wehrmacht card resolves (or a Storm Group raid is under way) the chart shows what
  the *whole card* does, exactly (:func:`~pavlov_widgets.tutor.lab.card_odds.card_odds`: the
  chance of each thing it may do, 3.0); at any other roll, the next roll's odds
  (:func:`~pavlov_widgets.tutor.lab.model.odds`, 3.0 dice); where both apply a toggle chooses;
* **"Compare the choices"** plays every option of the pending decision to the end many
  times on the same dice (:func:`~pavlov_widgets.tutor.lab.compare.compare`), live, with a
  progress bar and Stop (:class:`~pavlov_widgets.tutor.lab.charts.ComparisonChart`); how many
  games and on how many processes are set beside the button, and the time it should take is
  said under it (:meth:`Lab.expected`). In the browser's Python (JupyterLite, issue 22) the
  games default to fewer (:data:`BROWSER_GAMES`) and run on one core, which that sentence says;
* **"Hint"** names the best option in one sentence
  (:func:`~pavlov_widgets.tutor.lab.compare.hint`) and rings it on the board
  (:meth:`Board.mark <pavlov_widgets.widget.Board.mark>`);
* **"Edit position" / "Play from here"** switch the board to its position editor and back,
  where the board has one (``Board.edit``); :meth:`Lab.load` opens any
  :class:`~pavlov_widgets.engine.positions.Position` (or its JSON) from code.

Everything the buttons show is also a Python call returning the result object:
:meth:`Lab.odds`, :meth:`Lab.card_odds`, :meth:`Lab.compare`, :meth:`Lab.hint`.

Layout: the board on the left, the lab's column beside it; where the lab is too narrow for
both, the column goes under the board (see :data:`STYLE`).

Example:
    >>> from pavlov_widgets.tutor.content import get_scenario
    >>> lab = Lab(get_scenario("ju87").build())
    >>> lab
    <Lab: turn 3, Wehrmacht Card Phase: 4 Ju 87s (Defense 4): choose Anti-aircraft tokens to fire>
    >>> lab.showing
    'card'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from pavlov_widgets.engine import Game, PavlovError, Position
from pavlov_widgets.engine.text import plural
from pavlov_widgets.sim.policies import Policy
from pavlov_widgets.tutor.access import Access
from pavlov_widgets.tutor.display import with_text
from pavlov_widgets.tutor.lab.card_odds import CardOdds, CardOddsError
from pavlov_widgets.tutor.lab.card_odds import card_odds as count_card
from pavlov_widgets.tutor.lab.charts import ChartError, ComparisonChart, OddsChart
from pavlov_widgets.tutor.lab.compare import (
    BROWSER_SLOWER,
    HINT_BUDGET_S,
    ONE_CORE,
    ComparisonResult,
    Hint,
    Plan,
    expected_seconds,
    in_browser,
    one_core_reason,
    where_hinted,
)
from pavlov_widgets.tutor.lab.compare import compare as compare_options
from pavlov_widgets.tutor.lab.compare import hint as find_hint
from pavlov_widgets.tutor.lab.model import LabError, Odds
from pavlov_widgets.tutor.lab.model import odds as roll_odds
from pavlov_widgets.widget import Board, BoardError, EditSession, PlaySession

LOOK_AHEAD: tuple[tuple[str, int], ...] = (
    ("whole games", 0),
    ("4 turns ahead (quick)", 4),
)
"""How far the comparisons play (:func:`pavlov_widgets.tutor.lab.compare.compare`'s horizon):
whole games by default (0 here, as a dropdown shows no value for None); four turns ahead,
scored as the game then stands (6.0), answers a thousand games of each option in seconds and
ranked the options as whole games did on the benchmark's positions (benchmarks/README.md)."""

__all__ = ["BROWSER_GAMES", "CHART_WIDTH", "DEFAULT_GAMES", "Lab", "LabError", "card_rows",
           "default_games"]

DEFAULT_GAMES = 200
"""Games per option the Compare button plays by default (on two cores, a few seconds)."""

BROWSER_GAMES = 40
"""The same in the browser's Python: one core, about 1.7 times slower (issue 22), so that a
first press answers in seconds too; the box beside the button asks for more."""

LONG_RUN_S = 10.0
"""Outside the browser the expected time is said from this many seconds on (in the browser,
always: the learner there may not know that it runs on one core)."""


def default_games() -> int:
    """Games per option by default here: :data:`BROWSER_GAMES` in the browser, else 200."""
    return BROWSER_GAMES if in_browser() else DEFAULT_GAMES


def hint_budget() -> float:
    """Seconds the hint plays for here (the usual budget, longer in the browser's Python).

    On one slower core (issue 22) :data:`~pavlov_widgets.tutor.lab.compare.BROWSER_SLOWER`
    times the usual, so that the hint rests on about as many games as elsewhere.
    """
    return HINT_BUDGET_S * (BROWSER_SLOWER if in_browser() else 1.0)


def duration(seconds: float) -> str:
    """About how long, in words: ``"40 seconds"``, ``"3 minutes"`` (at least 1 second)."""
    if seconds < 90:
        return plural(max(1, round(seconds)), "second")
    return plural(round(seconds / 60), "minute")

CHART_WIDTH = 340
"""CSS width of the lab's charts: the column beside the board at 1366 px (it shrinks)."""

BOARD_MIN = 360
"""The narrowest box the board gets beside the lab's column (its narrow arrangement)."""

TOP_ROWS = 6
"""The most bars of a card's chart (the rest are in :meth:`Lab.card_odds`'s text)."""

EXACT_DENOMINATOR = 10_000
"""Probabilities with a larger denominator are charted in percent only (a Ju 87 raid's
exact fractions run to eleven digits: true, but unreadable)."""

VIEWS = (("Whole card", "card"), ("Next roll", "roll"))
"""The two odds the chart can show, when both apply: (label, key)."""

STYLE = f"""<style>
.pavlov-lab {{ display: flex; flex-flow: row wrap; align-items: flex-start;
  gap: 8px 16px; width: 100%; container-type: inline-size; }}
.pavlov-lab .pl-board {{ display: block; flex: 1 1 {BOARD_MIN}px; min-width: 0;
  max-height: calc(100vh - 150px); overflow-x: hidden; overflow-y: auto; }}
.pavlov-lab .pl-board > * {{ width: 100%; }}
.pavlov-lab .pl-board .pavlov-board {{ margin-left: auto; }}
.pavlov-lab .pl-side {{ flex: 0 1 {CHART_WIDTH}px; min-width: 280px;
  max-width: {CHART_WIDTH + 40}px; font-size: 14px; line-height: 1.4; }}
.pavlov-lab .pl-side .widget-html-content {{ line-height: 1.4; }}
.pavlov-lab .pl-side p {{ margin: 0 0 6px; }}
.pavlov-lab .pl-row {{ flex-flow: row wrap; align-items: center; gap: 4px; }}
.pavlov-lab .pl-row .widget-button {{ width: auto; padding: 0 10px; }}
.pavlov-lab .pl-hint {{ border-left: 4px solid #2f6fd6; padding-left: 8px; }}
.pavlov-lab .pl-caption {{ color: #57606a; font-size: 12px; }}
.pavlov-lab .pl-error {{ color: #b42318; }}
.pavlov-lab canvas.pavlov-chart {{ max-width: 100%; }}
@container (width < {BOARD_MIN + 16 + CHART_WIDTH}px) {{
  .pavlov-lab .pl-side {{ flex-grow: 1; max-width: none; }}
  .pavlov-lab .pl-board {{ max-height: none; overflow: visible; }}
  .pavlov-lab .pl-board .pavlov-board {{ margin-left: 0; }}
}}
</style>"""
"""The lab's layout (scoped to its own class): the column beside the board where the lab is
wide enough for both (the board's box at least BOARD_MIN px and the column CHART_WIDTH px),
under it otherwise; the board in a box as high as the screen. What decides is the lab's own
width (a container query), not the window's: in JupyterLab with the file browser open the
notebook is some 400 px narrower than the window, and the column wrapped under a board
pushed right. The board fits its drawing to the screen's height, so it may be narrower than
its box: beside the column it stands against it; stacked, at the lab's left edge."""


def _readable(p: Fraction) -> Fraction | float:
    """A probability as a chart writes it: exact when the fraction is short, else a float."""
    return p if p.denominator <= EXACT_DENOMINATOR else float(p)


def card_rows(card: CardOdds, top: int = TOP_ROWS) -> tuple[list[tuple[str, Fraction | float]],
                                                            list[str]]:
    """The bars that answer a card's question best, and the things it does for certain.

    A raid (3.0 Special Cards: Storm Group): the chance it succeeds, then the chance of each
    number of raiders lost. Any other card: the chance of each single thing it may do
    (:attr:`CardOdds.facts`), the likeliest first; things it does for certain (the tokens
    the policy fires) are listed apart, not drawn as full bars. A card that changes nothing
    at all shows its whole outcomes.
    """
    if card.raid is not None:
        raid = card.raid
        rows: list[tuple[str, Fraction | float]] = [("the raid succeeds", _readable(raid.success))]
        rows += [(f"{n} raider{'' if n == 1 else 's'} lost", _readable(p))
                 for n, p in raid.losses.items() if p > 0]
        return rows[:top], []
    certain = [text for text, p in card.facts if p == 1]
    rows = [(text, _readable(p)) for text, p in card.facts if 0 < p < 1][:top]
    if not rows:
        rows = [(text, _readable(p)) for text, p in card.outcomes[:top]]
    return rows, certain


def _percent(p: Fraction) -> str:
    x = float(p) * 100
    if 0 < x < 0.1:
        return "<0.1%"
    if 99.9 < x < 100:
        return ">99.9%"
    return f"{x:.1f}%".replace(".0%", "%")


def _game_of(source: Game | Position | str | None, seed: int) -> Game:
    """The game a lab opens: a game as it is, a position (or its JSON) ready to roll."""
    if source is None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise LabError(f"Lab(seed=...): the seed must be a whole number, not {seed!r}")
        return Game.new(seed=seed, auto_roll=False)
    if isinstance(source, Game):
        return source
    if isinstance(source, Position):
        # dice wait for the Roll button: the odds are read before the dice fall
        return source.game(auto_roll=False)
    if isinstance(source, str):
        if not source.lstrip().startswith("{"):
            raise LabError(
                f"Lab(): a text must be a position's JSON (from Position.to_json()), not "
                f"{source[:40]!r}; for a rulebook example pass "
                "get_scenario(name).build()")
        return Position.from_json(source).game(auto_roll=False)
    raise LabError(
        "Lab(): open a Game, a Position, a position's JSON text or nothing (a new game), "
        f"not {type(source).__name__} {source!r:.60}")


ACCESS: dict[str, Any] = {
    "live": {".pl-hint": ("status", "Hint"), ".pl-error": ("alert", "Lab message")},
}
"""What :class:`~pavlov_widgets.tutor.access.Access` says of the lab: a hint and a refused
request announced (issue 19); which odds the toggle shows is pressed."""


class Lab(widgets.Box):  # type: ignore[misc]
    """The what-if lab: the board, the odds that follow it, a comparison and a hint (3.0, 6.0).

    Args:
        game_or_position: a :class:`~pavlov_widgets.engine.Game` (shared, not copied), a
            :class:`~pavlov_widgets.engine.positions.Position` or its JSON text (a
            game that waits for the Roll button, so its odds show first), or None: a new
            game dealt from ``seed``.
        seed: the seed of that new game.

    Attributes:
        board: the board (:class:`pavlov_widgets.widget.Board`).
        chart: the odds chart shown (:class:`~pavlov_widgets.tutor.lab.charts.OddsChart`), or
            None when nothing is pending that has odds.
        comparison: the last comparison chart
            (:class:`~pavlov_widgets.tutor.lab.charts.ComparisonChart`), or None.
        last_hint: the last :class:`~pavlov_widgets.tutor.lab.compare.Hint`, or None.
        showing: what the odds chart shows: ``"card"``, ``"roll"`` or ``""``.
        title, view_toggle, odds_box, caption, compare_button, games_box, jobs_box,
        hint_button, hint_box, compare_box, edit_button, play_button, message: the parts.

    Raises:
        LabError: something that is not a game, a position, its JSON or None; a seed that is
            not a whole number.
        PositionError: JSON that is not a playable position (the message names what).
    """

    def __init__(self, game_or_position: Game | Position | str | None = None, seed: int = 1,
                 **kwargs: Any) -> None:
        """Open the game (or position) on a board and build the lab's column beside it."""
        game = _game_of(game_or_position, seed)
        self.chart: OddsChart | None = None
        self.comparison: ComparisonChart | None = None
        self.last_hint: Hint | None = None
        self.showing = ""
        self._card: CardOdds | None = None
        self._card_problem = ""
        self._card_rev = -1
        self._roll: Odds | None = None
        self._asked: tuple[int, int, tuple[str | Plan, ...]] | None = None
        self._syncing = False
        self._stop_game: Callable[[], None] = lambda: None
        self._hint_settings: dict[str, Any] = {"budget_s": hint_budget(), "jobs": 2}
        # the board's own Hint button asks the lab; the board fits the panels of its focus
        self.board = Board(game, hint=self._provide_hint)
        self.board.fit_focus = True
        self.title = widgets.HTML()
        self.view_toggle = widgets.ToggleButtons(options=VIEWS, value="card",
                                                 style={"button_width": "auto"})
        self.odds_box = widgets.VBox()
        self.caption = widgets.HTML()
        self.caption.add_class("pl-caption")
        self.compare_button = widgets.Button(
            description="Compare the choices", icon="balance-scale", button_style="primary",
            tooltip="Play each option of this decision to the end many times, on the same dice")
        self.games_box = widgets.BoundedIntText(value=default_games(), min=1, max=100_000,
                                                step=10 if in_browser() else 100,
                                                description="games",
                                                layout=widgets.Layout(width="118px"),
                                                style={"description_width": "initial"})
        cores = [1] if in_browser() else [1, 2]  # the browser's Python has one core
        self.jobs_box = widgets.Dropdown(options=cores, value=cores[-1], description="cores",
                                         layout=widgets.Layout(width="96px"),
                                         style={"description_width": "initial"})
        self.ahead_box = widgets.Dropdown(
            options=list(LOOK_AHEAD), value=0, description="play",
            layout=widgets.Layout(width="200px"), style={"description_width": "initial"},
            tooltip="Whole games, or four turns ahead scored as the game then stands (quick)")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          tooltip="Which option is best, in one sentence "
                                          "(about two seconds)")
        self.hint_box = widgets.HTML()
        self.compare_box = widgets.VBox()
        self.edit_button = widgets.Button(description="Edit position", icon="pencil")
        self.play_button = widgets.Button(description="Play from here", icon="play")
        self.message = widgets.HTML()
        self.message.add_class("pl-error")
        self.edit_button.tooltip = "Set up any position on the board"
        self.play_button.tooltip = "Play on from the edited position"
        # one Hint in view: the board's own button, and its bar says the hint
        self.hint_button.layout.display = "none"
        self.hint_box.layout.display = "none"
        self.compare_row = widgets.HBox([self.compare_button, self.games_box, self.jobs_box,
                                         self.ahead_box],
                                        layout=widgets.Layout(flex_flow="row wrap"))
        self.compare_row.add_class("pl-row")
        self.estimate = widgets.HTML()
        self.estimate.add_class("pl-caption")
        self.estimate.add_class("pl-estimate")
        self.hint_row = widgets.HBox([self.hint_button, self.edit_button, self.play_button])
        self.hint_row.add_class("pl-row")
        self.access = Access(".pavlov-lab", **ACCESS)
        self.side = widgets.VBox([
            widgets.HTML(STYLE), self.access, self.title, self.view_toggle, self.odds_box,
            self.caption, self.hint_box, self.compare_row, self.estimate, self.message,
            self.compare_box,
            self.hint_row,
        ])
        self.side.add_class("pl-side")
        self.hint_box.add_class("pl-hint")
        self.board_box = widgets.Box([self.board])
        self.board_box.add_class("pl-board")
        super().__init__(children=[self.board_box, self.side], **kwargs)
        self.add_class("pavlov-lab")
        self.view_toggle.observe(self._view_picked, names="value")
        for box in (self.games_box, self.jobs_box, self.ahead_box):
            box.observe(lambda _c: self._say_expected(), names="value")
        self.compare_button.on_click(lambda _b: self._safely(self.run_comparison))
        self.hint_button.on_click(lambda _b: self._safely(self.hint))
        self.edit_button.on_click(lambda _b: self._safely(self.edit))
        self.play_button.on_click(lambda _b: self._safely(self.play_from_here))
        self.board.observe(lambda _c: self._follow_board(), names="game_serial")
        self._follow_board()

    # --- the game --------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game on the board (the lab follows the board when it is given another)."""
        return self.board.game

    def load(self, source: Game | Position | str) -> Game:
        """Open another game, a :class:`Position` or a position's JSON on the board.

        Raises:
            LabError: not a game, a position or JSON; PositionError: JSON that is not a
                playable position. The board keeps its game.
        """
        if source is None:
            raise LabError("Lab.load(): give a Game, a Position or a position's JSON text")
        self.board.game = _game_of(source, 0)
        return self.board.game

    def position(self) -> Position:
        """The position on the board as a :class:`Position` (``.to_json()`` to keep it).

        Raises:
            PositionError: the game is inside a rule, where a position cannot resume (the
                message says where it can).
        """
        return Position.from_game(self.game)

    def _follow_board(self) -> None:
        """Listen to the board's (new) game and show its odds."""
        self._stop_game()
        self._stop_game = self.game.on_change(lambda _g: self._sync())
        self._sync()

    # --- the answers, from Python ----------------------------------------------------------

    def odds(self) -> Odds:
        """The exact odds of the pending roll (:func:`pavlov_widgets.tutor.lab.model.odds`, 3.0).

        Raises:
            NotAChanceStepError: a decision is pending, not a roll.
        """
        return roll_odds(self.game)

    def card_odds(self, policy: str | Policy = "heuristic") -> CardOdds:
        """What the card (or raid) being resolved does, exactly (3.0; see :func:`card_odds`).

        Raises:
            CardOddsError: no card is resolving and no raid is under way (the message says
                what the game waits for).
        """
        if policy == "heuristic" and self._card is not None and self._card_rev == self.game.rev:
            return self._card
        return count_card(self.game, policy=policy)

    def compare(self, options: Sequence[str | Plan] | None = None, *, games: int = 200,
                seed: int = 0, jobs: int = 2, policy: str | Policy = "fast",
                horizon: int | None = None, show: bool = True) -> ComparisonResult:
        """Play each option (or :class:`Plan`) of the pending decision ``games`` times (6.0).

        Waits for the result and shows it under the buttons (``show``). For a live chart
        with Stop, press "Compare the choices" (or call :meth:`run_comparison`).

        Raises:
            CompareError: no decision is pending, an unknown option, an illegal plan step, or
                bad counts; nothing changes.
        """
        result = compare_options(self.game, options, games=games, seed=seed, jobs=jobs,
                                 policy=policy, horizon=horizon)
        if options is not None:  # the button asks the same question again at this moment
            self._asked = (id(self.game), self.game.rev, tuple(options))
        if show:
            self._show_comparison(ComparisonChart(result, width=CHART_WIDTH))
        return result

    def run_comparison(self, options: Sequence[str | Plan] | None = None, *,
                       games: int | None = None, seed: int = 0, jobs: int | None = None,
                       policy: str | Policy = "fast",
                       horizon: int | str | None = "box",
                       when_shown: bool = False) -> ComparisonChart:
        """Start a live comparison of the pending decision (what the button does).

        ``games``, ``jobs`` and ``horizon`` (None: whole games; a number of turns: played that
        far ahead and scored as they stand) default to the boxes beside the button.
        ``options`` default to the plans last given to :meth:`compare` at this very moment of
        the game, else every option of the decision. With ``when_shown`` the games start once
        the lab is on a page (a notebook's cells then do not hold a Voila page back). Returns
        the chart; ``chart.wait()`` gives the result.

        Raises:
            LabError: no decision is pending; ChartError: bad counts (nothing starts).
        """
        game = self.game
        pending = game.state.pending
        if game.is_over or pending is None or pending["kind"] != "decision":
            what = "the game is over" if game.is_over else (
                "a roll is pending: roll it on the board first")
            raise LabError(f"there is no decision to compare: {what}")
        if options is None and self._asked is not None and self._asked[:2] == (id(game),
                                                                                 game.rev):
            options = self._asked[2]
        chart = ComparisonChart(width=CHART_WIDTH)
        self._show_comparison(chart)
        chart.run(game.copy(), options,
                  games=self.games_box.value if games is None else games, seed=seed,
                  jobs=self.jobs_box.value if jobs is None else jobs, policy=policy,
                  horizon=(self.ahead_box.value or None) if horizon == "box" else horizon,
                  when_shown=when_shown)
        return chart

    def expected(self, games: int | None = None, jobs: int | None = None) -> str:
        """How long the Compare button's games should take here, in one sentence ("" if none).

        ``games`` and ``jobs`` default to the boxes beside the button; the options are the
        plans last compared at this moment, else every option of the decision (an estimate:
        :func:`~pavlov_widgets.tutor.lab.compare.expected_seconds`). In the browser's Python it
        is always said, with why it takes that long (one core); elsewhere from
        :data:`LONG_RUN_S` seconds on, and where processes failed to start, that too.
        """
        game = self.game
        if game.is_over or (game.state.pending or {}).get("kind") != "decision":
            return ""
        games = self.games_box.value if games is None else games
        jobs = self.jobs_box.value if jobs is None else jobs
        asked = self._asked
        options = (len(asked[2]) if asked is not None and asked[:2] == (id(game), game.rev)
                   else len(game.legal_actions()))
        seconds = expected_seconds(options, games, jobs, self.ahead_box.value or None)
        about = duration(seconds)
        if in_browser():
            return f"About {about} here: this browser's Python runs on one core."
        if jobs > 1 and one_core_reason() == ONE_CORE["failed"]:
            return (f"About {about} here: other processes could not be started, so the games "
                    "run on one core.")
        if seconds < LONG_RUN_S:
            return ""
        if jobs == 1:
            return f"About {about} on one core."
        return f"About {about} on {jobs} cores."

    def _say_expected(self) -> None:
        said = "" if self.compare_button.disabled else self.expected()
        self.estimate.value = f"<p>{html.escape(said)}</p>" if said else ""

    def hint(self, *, budget_s: float | None = None, jobs: int = 2) -> Hint:
        """The best option of the pending decision in one sentence; ring it on the board.

        ``budget_s`` defaults to :func:`hint_budget` (longer in the browser's Python). See
        :func:`pavlov_widgets.tutor.lab.compare.hint` (win rate and score against the
        runner-up, with the confidence). The sentence shows beside the board (and in the
        board's bar, where the board has a Hint button of its own).

        Raises:
            LabError: no decision is pending (or the board is editing); nothing changes.
        """
        game = self.game
        pending = game.state.pending
        if isinstance(self.board.session, EditSession):
            raise LabError("the board is editing a position: press Play from here first")
        if game.is_over or pending is None or pending["kind"] != "decision":
            what = "the game is over" if game.is_over else (
                "a roll is pending: roll it on the board first")
            raise LabError(f"there is no decision to hint at: {what}")
        self._hint_settings = {"budget_s": hint_budget() if budget_s is None else budget_s,
                               "jobs": jobs}
        session = self.board.session
        if not isinstance(session, PlaySession):
            raise LabError("the board asks a question now: answer it first")
        found: Hint = session.hint()  # the board rings the option and says it in its bar
        return found

    def _provide_hint(self, game: Game) -> Hint:
        """Work the hint out (the board's Hint button calls this too) and say it here."""
        self.hint_box.value = "<p><i>Playing the options out…</i></p>"
        try:
            found = find_hint(game, **self._hint_settings)
        except PavlovError:
            self.hint_box.value = ""
            raise
        self.last_hint = found
        where = where_hinted(game, found)
        self.hint_box.value = (f"<p><b>Hint:</b> {html.escape(found.sentence)} "
                               f"<i>{html.escape(where)}</i></p>")
        return found

    # --- the editor --------------------------------------------------------------------------

    def edit(self) -> None:
        """Switch the board to its position editor (``Board.edit``).

        Raises:
            LabError: this board has no editor (write a :class:`Position`, then :meth:`load`).
        """
        self.board.edit()

    def play_from_here(self) -> None:
        """Turn the edited position into a game and play on (``Board.play_from_here``).

        Raises:
            LabError: the board is not editing; PositionError: the position cannot be
                played (the board shows why; nothing set is lost).
        """
        session = self.board.session
        if not isinstance(session, EditSession):
            raise LabError("the board is not editing a position: press Edit position first")
        session.play_from_here()
        self._follow_board()

    # --- showing -----------------------------------------------------------------------------

    def _safely(self, action: Callable[[], object]) -> None:
        """Run a button's request; a refusal is said under the buttons and changes nothing."""
        self.message.value = ""
        try:
            action()
        except (PavlovError, ChartError, BoardError, ValueError) as exc:
            self.message.value = f"<p>{html.escape(str(exc))}</p>"

    def _show_comparison(self, chart: ComparisonChart) -> None:
        if self.comparison is not None:
            self.comparison.close()
        self.comparison = chart
        self.compare_box.children = (chart,)

    def _view_picked(self, _change: dict[str, Any]) -> None:
        if not self._syncing:
            self._draw_odds()

    def _sync(self) -> None:
        """The game moved on: work out its odds again and show them."""
        game = self.game
        self.hint_box.value = ""
        self.title.value = f"<p><b>What-if lab</b> · {html.escape(self._status())}</p>"
        self._card, self._roll, self._card_problem = None, None, ""
        self._card_rev = game.rev
        if not game.is_over:
            try:
                self._card = count_card(game)
            except CardOddsError:
                pass  # no card resolving: the next roll's odds, if any
            except PavlovError as exc:  # a card the count cannot follow: say so
                self._card_problem = str(exc)
            if game.chance() is not None:
                self._roll = roll_odds(game)
        both = self._card is not None and self._roll is not None
        self._syncing = True
        try:
            self.view_toggle.layout.display = "" if both else "none"
            if not both:
                self.view_toggle.value = "card" if self._card is not None else "roll"
        finally:
            self._syncing = False
        editing = isinstance(self.board.session, EditSession)
        self.edit_button.disabled = editing
        self.play_button.disabled = not editing
        decision = (not editing and not game.is_over
                    and (game.state.pending or {}).get("kind") == "decision")
        self.compare_button.disabled = not decision
        self.hint_button.disabled = not decision
        if editing:  # the odds belong to a game: they come back with Play from here
            self._card = self._roll = None
        why = "" if decision else " (a decision must be pending: roll the dice first)"
        self.compare_button.tooltip = ("Play each option of this decision to the end many "
                                       "times, on the same dice" + why)
        self._say_expected()
        self._draw_odds()

    def _draw_odds(self) -> None:
        """Draw the chart of what is pending: the whole card, or the next roll."""
        card, roll = self._card, self._roll
        if card is not None and (roll is None or self.view_toggle.value == "card"):
            rows, certain = card_rows(card)
            chart = OddsChart(rows, question=f"What will this {card.name} do?",
                              width=CHART_WIDTH)
            self.showing = "card"
            self.caption.value = self._card_caption(card, certain)
        elif roll is not None:
            chart = OddsChart(roll, width=CHART_WIDTH)
            self.showing = "roll"
            self.caption.value = (
                "<p>The next roll only, exact. Roll it with the board's Roll button.</p>")
        else:
            if self.chart is not None:
                self.chart.close()
            self.chart, self.showing = None, ""
            self.odds_box.children = ()
            self.caption.value = self._no_odds()
            return
        if self.chart is not None:
            self.chart.close()
        self.chart = chart
        self.odds_box.children = (chart,)

    def _card_caption(self, card: CardOdds, certain: list[str]) -> str:
        parts = [f"Exact over every roll ({html.escape(card.rule)}); several things may "
                 "happen together."]
        if card.raid is not None:
            parts.append(f"Raiders lost on average: <b>{float(card.raid.expected_losses):.2f}"
                         "</b>.")
        if certain:
            parts.append("For certain: " + "; ".join(html.escape(t) for t in certain) + ".")
        if card.loss:
            parts.append(f"The game is lost at once: <b>{_percent(card.loss)}</b>.")
        policy = card.policy.split(" (", 1)[0]
        parts.append(f"Decisions inside the card: the {html.escape(policy)} player's; take "
                     "one on the board and the odds follow.")
        return "<p>" + " ".join(parts) + "</p>"

    def _no_odds(self) -> str:
        game = self.game
        if isinstance(self.board.session, EditSession):
            return ("<p>Editing a position: use the tools in the board's bar, then press "
                    "<b>Play from here</b>; the odds follow the game it starts.</p>")
        if game.is_over:
            return "<p>The game is over.</p>"
        if self._card_problem:
            return f"<p>The card's odds cannot be counted here: {html.escape(self._card_problem)}"
        return ("<p>No dice are waiting: this is a decision. Compare the choices, or ask for a "
                "hint; the odds show when dice or a Wehrmacht card come up (3.0).</p>")

    def _status(self) -> str:
        game = self.game
        if game.is_over:
            o = game.outcome or {}
            return f"game over on turn {game.turn}: {o.get('level')}, score {o.get('score')}"
        p = game.state.pending or {}
        what = str(p.get("prompt") or p.get("label") or "")
        return f"turn {game.turn}, {game.phase_label}: {what}"

    # --- the widget's life -----------------------------------------------------------------

    def close(self) -> None:
        """Stop following the game, stop a running comparison and close the widget."""
        stop = getattr(self, "_stop_game", None)  # None: refused before it was built
        if stop is not None:
            stop()
        for part in (getattr(self, "comparison", None), getattr(self, "chart", None),
                     getattr(self, "board", None)):
            if part is not None:
                part.close()
        super().close()

    def __repr__(self) -> str:
        """Stable text: ``<Lab: turn 3, Wehrmacht Card Phase: 4 Ju 87s ...>``."""
        return f"<Lab: {self._status()}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live lab, with its stable text and a static picture for pages without widgets."""
        odds_html = self.chart._repr_html_() if self.chart is not None else ""
        return with_text(super()._repr_mimebundle_(**kwargs), repr(self),
                         f"<div>{self.title.value}</div>{self.board.static_html()}"
                         f"{odds_html}{self.caption.value}")
