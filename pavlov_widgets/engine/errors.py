"""The engine's errors: each names what is wrong, and none leaves a game half-changed.

Every error is a :class:`PavlovError`; the ones caused by bad input are also
:class:`ValueError` so that callers can catch them the ordinary way.
"""

from __future__ import annotations


class PavlovError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(PavlovError, ValueError):
    """An action that is not one of the pending decision's legal options.

    The message names the action, why it is refused, the legal options, the pending decision
    and the rule. The game is left exactly as it was.

    Attributes:
        action: the action as it was given.
        prompt: the pending decision's question (or the roll's label).
        rule: the rulebook section behind the refusal ("4.0 Recover").
        reason: why, in whole sentences with the rule, then what may be done instead
            ("Chekhov is Exhausted: a counter on its Exhausted side may only Recover (4.0
            Recover). What Chekhov may do now: Chekhov: Recover."; see
            :func:`pavlov_widgets.engine.explain.why_refused`).
        legal: the ids of the legal options now (empty at a roll or when the game is over).
    """

    def __init__(self, action: object, prompt: str, rule: str, reason: str,
                 legal: tuple[str, ...] = ()) -> None:
        self.action = action
        self.prompt = prompt
        self.rule = rule
        self.reason = reason
        self.legal = legal
        listed = f" (legal: {', '.join(legal)})" if legal else ""
        super().__init__(f"illegal action {action!r}: {reason}{listed} (pending: {prompt!r}; "
                         f"rule {rule})")


class WrongRoleError(IllegalActionError):
    """A choice made by a role that does not own the pending decision (7.3, 7.4).

    Attributes:
        role: the role that tried to choose.
        owners: the roles that may take the decision (empty when ``role`` is not a role of
            the game at all).
    """

    def __init__(self, action: object, prompt: str, rule: str, reason: str, role: str,
                 owners: tuple[str, ...]) -> None:
        super().__init__(action, prompt, rule, reason)
        self.role = role
        self.owners = owners


class NotAChanceStepError(PavlovError, ValueError):
    """A roll was requested while the game waits for a decision (or is over)."""


class BadDiceError(PavlovError, ValueError):
    """Forced dice of the wrong count or outside 1–6."""


class DiceScriptExhaustedError(PavlovError, RuntimeError):
    """A scripted game needed another die but its script had none left."""


class SaveFormatError(PavlovError, ValueError):
    """A saved game that is corrupt, hand-edited or of an unknown format; names the field."""


class ComponentError(PavlovError, ValueError):
    """A component file with a missing or invalid field; names the file, record and field."""


class UnknownScenarioError(PavlovError, KeyError):
    """A scenario name that is not in the registry; lists the known names."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown scenario"


class NothingToUndoError(PavlovError, ValueError):
    """Undo at the start of a game, or redo with nothing undone."""


class ActionIdError(PavlovError, ValueError):
    """An option id or verb that the action codec cannot read or write (see ``actions``)."""


class PlaceError(PavlovError, ValueError):
    """A board place that the place codec cannot read or write (see ``places``).

    The message names the text (or the fields), what is wrong with it and the forms allowed.
    """


class PositionError(PavlovError, ValueError):
    """A position that cannot happen in a game; the message says what is wrong and where.

    Raised by ``Position.game()`` before any game is made, so nothing set so far is lost.
    """


class SettingsError(PavlovError, ValueError):
    """A rule setting with an unknown name or a value of the wrong type (``RuleSettings``)."""


class RoleError(PavlovError, ValueError):
    """A side or role name that is none of the game's (7.3, 7.4; see ``roles``).

    Raised where a side is asked for by name, e.g. ``game.to_dict(for_side="x")`` or
    ``redacted(game, "x")``; the message lists the sides and roles allowed.
    """
