"""Playing a game on the board: one person, a role view (7.3, 7.4), or the hot seat (7.4).

:class:`PlaySession` plays a game: a click on an option takes it (as the session's role), the
Roll button rolls, Undo and Redo take back and make again (so do ← and → in presenter mode:
a played game's moments are its choices and rolls), and the Hint button asks the hint
provider (the tutor's, given as ``hint=``). It draws the game as its role sees it: the other
side's hidden cards are backs with their counts, the log leaves out the other side's entries,
and a decision of another role shows as "Waiting for …" with nothing glowing.

:class:`HotSeatSession` is one board for two players at one screen: it shows the side whose
decision it is, and when that side changes it puts up a cover ("Pass to the German player —
click when ready"), drawn from what both sides may see; a click on it shows the next side.

In a game with a German player, a role view (and the hot seat) has no Undo: a choice taken back
could be made again knowing what the other side did since (7.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pavlov_widgets.engine import Decision, Game, Option
from pavlov_widgets.engine import roles as roles_mod
from pavlov_widgets.engine.errors import (
    DiceScriptExhaustedError,
    IllegalActionError,
    NotAChanceStepError,
    NothingToUndoError,
    PlaceError,
    WrongRoleError,
)
from pavlov_widgets.engine.places import parse_place
from pavlov_widgets.engine.text import sentence

from .. import view as views
from ..protocol import (
    AutoRoll,
    BoardError,
    Choose,
    Hint,
    Intent,
    Page,
    Redo,
    Refusal,
    Reveal,
    Step,
    Undo,
    short,
)
from .base import Frame, Session

if TYPE_CHECKING:
    from ..board import Board

HintProvider = Callable[[Game], Any]
"""A function of the game at a decision returning a hint with ``option_id`` and ``sentence``
(the tutor's ``pavlov_widgets.tutor.lab.compare.hint``)."""


class PlaySession(Session):
    """Play ``game`` on the board, as ``role`` sees it (None: everything, one person).

    Args:
        game: the game (shared, not copied: every change to it shows on the board).
        role: a role or side of the game (7.3, 7.4), or None.
        hint: the hint provider (a Hint button on the board), or None.

    Raises:
        BoardError: ``role`` is not a role of the game, or ``hint`` cannot be called.
    """

    def __init__(self, game: Game, *, role: str | None = None,
                 hint: HintProvider | None = None) -> None:
        super().__init__()
        check_game(game)
        if role is not None:
            check_role(game, role)
        if hint is not None and not callable(hint):
            raise BoardError(f"hint: a function of the game returning a Hint (or None), not "
                               f"{short(hint)}; nothing was made.")
        self._game = game
        self._role = role
        self.hint_provider = hint
        """What answers the Hint button (None: no button)."""
        self._hint: dict[str, Any] = {}
        self._quiet = False
        self._stop: Callable[[], None] = lambda: None
        # the choices the rules made unasked since the board last drew (see ``notice``)
        self._log_mark, self._notice_rev, self._notice = len(game.log), game.rev, ""

    # --- what is shown -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game played (shared: a change made to it from code shows on the board)."""
        return self._game

    @property
    def role(self) -> str | None:
        """Whose view is drawn and whose choices are made: a role or side, or None."""
        return self._role

    def viewer(self) -> str | None:
        """Whose view the board draws (the hot seat's cover draws :data:`view.NOBODY`)."""
        return self._role

    def acting_role(self) -> str | None:
        """The role a choice made on this board is made as (None speaks for every role)."""
        who = self.role
        game = self._game
        if who is None or who in game.roles:
            return who
        # a side: the role of that side that owns the decision (7.4 with three players)
        mine = [r for r in game.roles if roles_mod.side_of(r) == who]
        owners = [r for r in game.roles_to_decide() if r in mine]
        return (owners or mine or [who])[0]

    def undo_refusal(self) -> str:
        """Why Undo is off on this board ("" when it is on; 7.4)."""
        if self.viewer() is None or "german" not in self._game.roles:
            return ""
        return ("Undo is off in a role view of a game against the German player (7.4 "
                "Competitive): a choice taken back could be made again knowing what the "
                "other side did since. Nothing was done.")

    def frame(self) -> Frame:
        """The game as this session's viewer sees it, its choice and the options' places."""
        game, who = self._game, self.viewer()
        if self._hint and (self._hint.get("rev") != game.rev):
            self._hint = {}  # a hint answers the position it was asked at
        choice = views.choice_view(game, who)
        notice = self.notice()
        if notice:
            choice = {**choice, "notice": notice}
        focus = tuple(dict.fromkeys(t for o in choice["options"] for t in o["targets"]))
        marks = tuple({"region": r, "style": "focus"} for r in self._hint.get("marks", ()))
        hinting: dict[str, Any] = {}
        if self.hint_provider is not None:
            hinting = {"on": True, **{k: v for k, v in self._hint.items() if k != "marks"}}
        patch = {"canUndo": False, "canRedo": False} if self.undo_refusal() else {}
        return Frame(game=game, viewer=who, choice=choice, rev=game.rev, focus=focus,
                     marks=marks, seat=self._seat(), hinting=hinting, view_patch=patch)

    def notice(self) -> str:
        """The choices the rules made for the player since the board last drew, or "".

        A choice with one possible answer is not asked (a Ready with one free location, 2.0;
        a Suppress with one token in Supplies, 4.0 Suppress); the log says so in an ``auto``
        entry, and the bar shows those sentences by the prompt until the game moves on:
        "Only location 13 could take the Anti-aircraft token, so it went there (2.0 267th
        Separate Anti-aircraft Battalion)."
        """
        game = self._game
        if game.rev != self._notice_rev:
            entries = game.log
            new = entries[min(self._log_mark, len(entries)):]
            self._notice = " ".join(sentence(f"{e.text} ({e.rule})") for e in new
                                    if e.kind == "auto" and views.seen_by(e, self.viewer()))
            self._log_mark, self._notice_rev = len(entries), game.rev
        return self._notice

    def _seat(self) -> dict[str, Any]:
        """The ``seat`` trait: whose view is drawn ({} for everything)."""
        if not self._role:
            return {}
        return {"role": self._role, "side": roles_mod.side_of(self._role),
                "name": seat_name(self._game, self._role), "hot": False}

    # --- what intents mean -----------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        """Choose, roll, undo, redo, auto-roll or hint; refused with the engine's reason.

        Presenter mode's ← and → (:class:`Page`) are Undo and Redo: one moment of the game
        back, and made again.
        """
        game = self._game
        if isinstance(intent, Page):
            intent = Undo(intent.stamp) if intent.by < 0 else Redo(intent.stamp)
        if isinstance(intent, AutoRoll):
            self.set_auto_roll(intent.value)
            return
        if isinstance(intent, Hint):
            self.hint()
            return
        if isinstance(intent, Reveal):
            raise Refusal("not-here", "reveal(): this board is not a hot seat (see "
                                      "Board.hot_seat); nothing was done.")
        if isinstance(intent, (Undo, Redo)) and self.undo_refusal():
            raise Refusal("undo-off", self.undo_refusal())
        try:
            if isinstance(intent, Choose):
                game.apply(intent.option, role=self.acting_role())
            elif isinstance(intent, Step):
                game.step()
            elif isinstance(intent, Undo):
                game.undo()
            elif isinstance(intent, Redo):
                game.redo()
            else:
                super().handle(intent)
        except NothingToUndoError as exc:
            raise Refusal("nothing-to-undo", f"{sentence(str(exc))} Nothing was done.") from exc
        except NotAChanceStepError as exc:
            raise Refusal("no-dice", f"No dice to roll: {exc}. Nothing was done.") from exc
        except WrongRoleError as exc:
            raise Refusal("wrong-role", f"{sentence(str(exc))} Nothing was done.") from exc
        except DiceScriptExhaustedError as exc:
            raise Refusal("dice-script", f"{sentence(str(exc))} Nothing was done.") from exc
        except IllegalActionError as exc:
            raise Refusal("illegal", f"{sentence(str(exc))} Nothing was done.") from exc

    def apply(self, option: str | Option) -> None:
        """Take one legal option of the pending decision, as this session's role.

        Raises:
            IllegalActionError: not a legal option now; the game is unchanged.
            WrongRoleError: the decision belongs to another role (7.3, 7.4).
        """
        self._game.apply(option, role=self.acting_role())

    def set_auto_roll(self, value: bool) -> None:
        """Roll dice as they come up (True), or wait for the Roll button (False).

        Turned on at a chance step it rolls now, as the game would have, and the board
        draws once at the end (a dice script that has run dry leaves it to the Roll button).
        """
        game = self._game
        game.auto_roll = bool(value)
        self._quiet = True
        try:
            while game.auto_roll and game.chance() is not None:
                try:
                    game.roll()
                except DiceScriptExhaustedError:
                    break
        finally:
            self._quiet = False
        self.changed()

    def hint(self) -> Any:
        """Ask the hint provider which option is best; ring it and say it in the bar.

        Returns:
            The provider's Hint (``option_id``, ``label``, ``sentence``, ...).

        Raises:
            Refusal: ``no-hint``: no provider, not this view's decision, or no decision now.
        """
        provider, game = self.hint_provider, self._game
        if provider is None:
            raise Refusal("no-hint", "PlaySession.hint(): this board has no hint provider "
                                     "(Board(hint=...)); nothing was done.")
        if not views.may_decide(game, self.viewer()):
            raise Refusal("no-hint", "PlaySession.hint(): the decision is not this view's to take "
                                     "(7.3, 7.4); nothing was done.")
        if not isinstance(game.pending, Decision):
            raise Refusal("no-hint", "PlaySession.hint(): there is no decision to hint at now (the "
                                     "game waits for dice, or is over); nothing was done.")
        serial = self.board.game_serial if self.board is not None else 0
        self._hint = {"thinking": True, "rev": game.rev, "game": serial}
        self.changed()
        try:
            answer = provider(game)
        except Exception:
            self._hint = {}
            self.changed()
            raise
        # a hint too close to call points at both of its options (Hint.option_ids)
        pointed = tuple(getattr(answer, "option_ids", (answer.option_id,)))
        marks = tuple(t for o in game.legal_actions() if o.id in pointed for t in o.targets)
        self._hint = {"text": str(answer.sentence), "rev": game.rev, "game": serial,
                      "option": answer.option_id, "marks": marks}
        self.changed()
        return answer

    def why_not(self, place: str) -> tuple[str, str]:
        """Why ``place`` is not a choice: this view's reason first, then the engine's."""
        reason = self._role_refusal(place)
        return reason if reason[0] else super().why_not(place)

    def _role_refusal(self, place: str) -> tuple[str, str]:
        """A decision of another role, or a card this view may not see (it is not named)."""
        who, game = self.viewer(), self._game
        if who is None:
            return "", ""
        pending = game.pending
        if isinstance(pending, Decision) and not views.may_decide(game, who):
            return (f"this decision belongs to {roles_mod.names(game.roles_to_decide())}, not "
                    f"to {seat_name(game, who)}", roles_mod.rule_of(game.settings, pending.op))
        if hidden_card(game, who, place):
            return "that card is hidden from your side", roles_mod.COMPETITIVE_RULE
        return "", ""

    # --- the game it plays ----------------------------------------------------------------

    def replace_game(self, game: Game) -> None:
        """Play another game from now on (``board.game = ...``).

        Raises:
            TypeError: not a Game.
            BoardError: this session's role is not a role of the new game.
        """
        check_game(game)
        if self._role is not None:
            check_role(game, self._role)
        listening = self.board is not None
        self._stop()
        self._game, self._hint = game, {}
        self._log_mark, self._notice_rev, self._notice = len(game.log), game.rev, ""
        if listening:
            self._listen()

    def attach(self, board: Board) -> None:
        """Follow the game: every change to it shows on the board."""
        super().attach(board)
        self._listen()

    def detach(self) -> None:
        """Stop following the game."""
        self._stop()
        self._stop = lambda: None
        super().detach()

    def _listen(self) -> None:
        self._stop = self._game.on_change(lambda _g: None if self._quiet else self.changed())


class HotSeatSession(PlaySession):
    """One board for the players of a game taking turns at one screen (7.4).

    It shows the view of the side whose decision it is (``game.side_to_decide()``). When that
    side changes, a cover hides the whole board, drawn from what both sides may see; a
    :class:`~pavlov_widgets.widget.protocol.Reveal` (a click on it, or :meth:`reveal`) shows the
    next side's view. A game with one side only has nothing to hide: the board never covers.
    """

    def __init__(self, game: Game, *, hint: HintProvider | None = None) -> None:
        super().__init__(game, hint=hint)
        self._shown = ""
        self._cover_to = ""
        self._start()

    def _start(self) -> None:
        """A hot seat opens covered, for the side to decide first (nothing to hide solo)."""
        game = self._game
        side = game.side_to_decide() or "soviet"
        if two_sides(game) and not game.is_over:
            self._shown, self._cover_to = "", side  # nobody has the screen yet
        else:
            self._shown, self._cover_to = side, ""

    @property
    def role(self) -> str | None:
        """The side on screen (None before the first reveal)."""
        return self._shown or None

    @property
    def covered(self) -> bool:
        """Whether the cover is up (the screen is to be passed on)."""
        return bool(self._cover_to)

    def viewer(self) -> str | None:
        """The side on screen, or :data:`view.NOBODY` under the cover."""
        return views.NOBODY if self._cover_to else self._shown

    def reveal(self) -> None:
        """Take the cover off: the side it named sees its view.

        Raises:
            Refusal: ``not-here``: no cover is up.
        """
        if not self._cover_to:
            raise Refusal("not-here", "HotSeatSession.reveal(): the board is not covered; "
                                      "nothing was done.")
        self._shown, self._cover_to = self._cover_to, ""
        self.changed()

    def frame(self) -> Frame:
        """The side on screen's view, or the cover with no options."""
        self._follow_turn()
        frame = super().frame()
        name = seat_name(self._game, self._shown) if self._shown else ""
        frame.seat = {"role": self._shown, "side": roles_mod.side_of(self._shown)
                      if self._shown else "", "name": name, "hot": True}
        if self._cover_to:
            cover = self._cover()
            frame.cover = cover
            frame.focus, frame.marks = (), ()
            frame.choice = {"kind": "cover", "op": "", "prompt": cover["text"],
                            "rule": cover["rule"], "options": [], "dice": 0, "odds": []}
        return frame

    def handle(self, intent: Intent) -> None:
        """A click on the cover reveals; under the cover nothing else is taken."""
        if isinstance(intent, Reveal):
            self.reveal()
            return
        if self._cover_to and not isinstance(intent, AutoRoll):
            raise Refusal("covered", f"The board is covered for {self._cover()['name']}: "
                                     "click the cover when ready; nothing was done.")
        super().handle(intent)

    def apply(self, option: str | Option) -> None:
        """Take an option as the side on screen.

        Raises:
            Refusal: ``covered``: the cover is up (reveal first).
        """
        if self._cover_to:
            raise Refusal("covered", f"Board.apply(): the hot seat is covered for "
                                     f"{self._cover()['name']}; reveal it first (a click on "
                                     "the cover). Nothing was done.")
        super().apply(option)

    def why_not(self, place: str) -> tuple[str, str]:
        """Under the cover nothing is a choice."""
        if self._cover_to:
            cover = self._cover()
            return (f"the board is covered for {cover['name']}: click the cover when ready",
                    cover["rule"])
        return super().why_not(place)

    def replace_game(self, game: Game) -> None:
        """Another game: the hot seat starts again, covered."""
        super().replace_game(game)
        self._start()

    def _follow_turn(self) -> None:
        """Cover the board when the side to decide is not the side on screen."""
        game = self._game
        if game.is_over or not two_sides(game):
            self._cover_to = ""
            return
        side = game.side_to_decide()
        if side is None:  # a roll: the side on screen watches it
            return
        # back to the side on screen (the other side's turn was taken from code): no cover
        self._cover_to = "" if side == self._shown else side

    def _cover(self) -> dict[str, Any]:
        """The ``cover`` trait."""
        name = seat_name(self._game, self._cover_to)
        rule = (roles_mod.COMPETITIVE_RULE if "german" in self._game.roles
                else roles_mod.COOPERATIVE_RULE)
        return {"to": self._cover_to, "name": name,
                "text": f"Pass to {name} — click when ready", "rule": rule}


def check_game(game: object) -> None:
    """Refuse anything but an engine Game.

    Raises:
        TypeError: naming what was given.
    """
    if not isinstance(game, Game):
        raise TypeError(f"a board plays a pavlov_widgets Game, not {type(game).__name__}")


def check_role(game: Game, role: object) -> None:
    """Refuse a role the game does not have (a side some role of it plays is fine).

    Raises:
        BoardError: naming the game's roles (7.3, 7.4).
    """
    ok = isinstance(role, str) and (role in game.roles or (
        role in roles_mod.SIDES and any(roles_mod.side_of(r) == role for r in game.roles)))
    if not ok:
        raise BoardError(
            f"Board: {short(role)} is not a role of this game; its roles are "
            f"{', '.join(repr(r) for r in game.roles)} (7.3, 7.4), or None for a board "
            "showing everything. Nothing was changed.")


def hidden_card(game: Game, who: str, place: str) -> bool:
    """Whether ``place`` is a card (or a card's half) that ``who`` may not see (7.4).

    Its name must not be given away, not even in a reason why it is not a choice.
    """
    try:
        parsed = parse_place(place)
    except PlaceError:
        return False
    if parsed.kind not in ("card", "card-half"):
        return False
    card = parsed.fields[0]
    state = game.state
    secret = {*state.hand, *state.german_hand, *state.orders, *state.german_tactics,
              state.tactics_chosen} - {""}
    shown, _hidden = views.visible_state(game, who)
    visible = {*shown.get("hand", []), *shown.get("german_hand", []),
               *shown.get("orders", []), *shown.get("german_tactics", []),
               shown.get("tactics_chosen", "")}
    return card in secret and card not in visible


def two_sides(game: Game) -> bool:
    """Whether the game has a German player: the sides hide cards from each other (7.4)."""
    return "german" in game.roles


def seat_name(game: Game, who: str) -> str:
    """A person's name for a role or side: "the German player", "the Soviet players"."""
    if who == "soviet" and "soviet" not in game.roles:
        return "the Soviet players"  # the side of two roles (7.4 with three players)
    return roles_mod.ROLE_NAMES[who]


__all__ = ["HintProvider", "HotSeatSession", "PlaySession", "check_role",
           "seat_name"]
