"""Hidden information: what one side may see of a game, for views and one-sided saves (7.4).

In the competitive variant the German player holds cards the Soviet side must not see (the
hand of Wehrmacht cards, the order pile, the hand of Tactics cards and the Tactics card placed
face down), and the Soviet hand is not shown to the German player before its cards are
played. Some things no player sees in any game: the order of the decks, the cards removed
unseen at setup (Resupply 2, Tactics 7.2/7.4), the seed and the generators' states (they
would tell every card and die to come).

:func:`redacted` gives a :class:`SideView` of a game for one side (or role): the state as
plain data with the hidden piles emptied and only their sizes kept (``hidden``), the log
entries that side may read, and the pending decision's options only when that side may take
it. ``Observer(game).visible_to(side)`` is the same view.

A **one-sided save** (``game.to_dict(for_side="soviet")``) is such a view as JSON. It is for
looking, not for playing on: it has neither the history nor the seed (either would give the
hidden cards away), so :meth:`~pavlov_widgets.engine.Game.from_dict` refuses it with a message
saying so, and :func:`load_view` opens it as a :class:`SideView`. To continue a game, keep the
full save (``game.to_dict()``) where only the host can read it.

    >>> from pavlov_widgets.engine import Game, RuleSettings
    >>> game = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
    >>> view = redacted(game, "soviet")
    >>> view.state["german_hand"], view.hidden["german_hand"], view.options
    ([], 4, ())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import roles as roles_mod
from .actions import Option
from .errors import ActionIdError, RoleError, SaveFormatError
from .i18n import _, using
from .log import LogEntry

if TYPE_CHECKING:
    from .game import Game

VIEW_FORMAT = "pavlov-widgets-view"
"""The ``format`` of a one-sided save (:func:`view_save`)."""
VIEW_VERSION = 1

SECRET_FROM_ALL: tuple[str, ...] = (
    "wehrmacht_deck", "soviet_deck", "tactics_deck", "tactics_removed", "resupply_removed",
    "os_deck",
)
"""Piles no player sees the cards of (Setup 2, 5; 7.1, 7.2, 7.4): only their sizes are shown."""

SECRET_NUMBERS: tuple[str, ...] = ("seed", "dice_rng", "card_rng")
"""The seed and the generators' states: they would tell every shuffle and die to come."""

SECRET_FROM: dict[str, tuple[str, ...]] = {
    "soviet": ("german_hand", "orders", "german_tactics", "tactics_chosen"),
    "german": ("hand",),
}
"""What each side may not see of the other's cards (7.4): the German cards from the Soviet
side; the Soviet hand (its cards not yet played) from the German side."""


def _side(who: str) -> str:
    """The side of a side or role name, refusing anything else.

    Raises:
        RoleError: ``who`` is neither a side nor a role (both are listed).
    """
    if not isinstance(who, str) or who not in roles_mod.ROLES:  # the sides are roles too
        raise RoleError(f"unknown role {who!r}: give a side ({', '.join(roles_mod.SIDES)}) "
                        f"or a role ({', '.join(roles_mod.ROLES)})")
    return roles_mod.side_of(who)


@dataclass(frozen=True)
class SideView:
    """What one side (or role) of a game may see at one moment (see the module docstring).

    Attributes:
        side: "soviet" or "german".
        role: the role the view was made for (equal to ``side`` when made for a side).
        turn: the turn of the moment.
        phase: the phase of the moment.
        state: the game state as plain data (:meth:`.GameState.to_dict`), hidden piles
            emptied, the seed and generators removed.
        hidden: the sizes of the piles emptied, e.g. ``{"german_hand": 4, ...}``.
        log: the log entries this side may read, as plain data.
        prompt: the pending decision's question, or "" when none (shown to both sides).
        rule: the pending decision's rule section, or "" when none (both in the game's
            language, as :attr:`.Game.pending` gives them).
        roles: the roles that may take the pending decision.
        options: its options, only when this view's role may take it (else empty).
    """

    side: str
    role: str
    turn: int
    phase: str
    state: dict[str, Any]
    hidden: dict[str, int]
    log: tuple[dict[str, Any], ...]
    prompt: str = ""
    rule: str = ""
    roles: tuple[str, ...] = ()
    options: tuple[Option, ...] = field(default=())

    @property
    def my_turn(self) -> bool:
        """Whether this view's role may take the pending decision."""
        return bool(self.options)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON data: a one-sided save (format :data:`VIEW_FORMAT`)."""
        return {
            "format": VIEW_FORMAT,
            "version": VIEW_VERSION,
            "side": self.side,
            "role": self.role,
            "turn": self.turn,
            "phase": self.phase,
            "state": self.state,
            "hidden": dict(self.hidden),
            "log": list(self.log),
            "prompt": self.prompt,
            "rule": self.rule,
            "roles": list(self.roles),
            "options": [o.to_dict() for o in self.options],
        }


def redact_state(state: Mapping[str, Any], side: str) -> tuple[dict[str, Any], dict[str, int]]:
    """A state's plain data as ``side`` may see it, and the sizes of the piles hidden."""
    side = _side(side)
    out = dict(state)
    hidden: dict[str, int] = {}
    for key in (*SECRET_FROM_ALL, *SECRET_FROM[side]):
        if key not in out:
            continue
        value = out[key]
        if isinstance(value, list):
            if key == "hand":  # the cards already played stay in view (2.2)
                played = [c for c in value if c in out.get("hand_used", ())]
                hidden[key] = len(value) - len(played)
                out[key] = played
            else:
                hidden[key] = len(value)
                out[key] = []
        else:
            hidden[key] = 1 if value else 0
            out[key] = ""
    for key in SECRET_NUMBERS:
        out.pop(key, None)
    out.pop("script", None)  # a walkthrough's dice to come
    return out, hidden


def visible_log(entries: list[LogEntry], side: str) -> list[LogEntry]:
    """The log entries ``side`` may read (entries marked for the other side left out)."""
    side = _side(side)
    return [e for e in entries if not e.seen_by or e.seen_by == side]


def redacted(game: Game, who: str) -> SideView:
    """What ``who`` (a side, "soviet" or "german", or a role of :mod:`.roles`) may see now.

    Raises:
        RoleError: ``who`` is neither a side nor a role.
    """
    side = _side(who)
    state, hidden = redact_state(game.state.to_dict(), side)
    p = game.state.pending
    prompt = rule = ""
    owners: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    if p is not None and not game.is_over:
        owners = game.roles_to_decide()
        citation: str = p["rule"]  # kept in English, shown in the game's language
        with using(game.language):
            rule = _(citation)
        if p["kind"] == "decision":
            prompt = p["prompt"]
            mine = who in owners or (who == side and any(
                roles_mod.side_of(r) == side for r in owners))
            if mine:
                options = tuple(game.legal_actions())
        else:
            prompt = p["label"]
    if p is not None and p.get("kind") == "decision" and not options:
        # another side's options may name its hidden cards: none of them in this view
        state["pending"] = {k: v for k, v in p.items() if k in ("kind", "op", "prompt", "rule")}
    log = tuple(e.to_dict() for e in visible_log(game.log, side))
    return SideView(side, who, game.turn, game.phase, state, hidden, log, prompt, rule,
                    owners, options)


def view_save(game: Game, who: str) -> dict[str, Any]:
    """A one-sided save of ``game`` for ``who`` (no seed, no history).

    :func:`redacted` as JSON data, with the components' fingerprint and the rule settings.
    """
    data = redacted(game, who).to_dict()
    data["components"] = game.components.fingerprint
    data["settings"] = game.settings.to_dict()  # "options" are the decision's here
    return data


def load_view(data: Any) -> SideView:
    """Open a one-sided save (:func:`view_save`) to look at; it cannot be played on.

    Raises:
        SaveFormatError: not a one-sided save, or a field missing or of the wrong type.
    """
    if not isinstance(data, dict) or data.get("format") != VIEW_FORMAT:
        raise SaveFormatError(f"view.format: expected {VIEW_FORMAT!r} (a save made with "
                              "to_dict(for_side=...)); a full save opens with Game.from_dict")
    if data.get("version") != VIEW_VERSION:
        raise SaveFormatError(f"view.version: unsupported version {data.get('version')!r}")
    want: dict[str, type] = {"side": str, "role": str, "turn": int, "phase": str,
                             "state": dict, "hidden": dict, "log": list, "prompt": str,
                             "rule": str, "roles": list, "options": list}
    for key, kind in want.items():
        value = data.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveFormatError(f"view.{key}: must be {kind.__name__}, not {value!r}")
    if data["side"] not in roles_mod.SIDES:
        raise SaveFormatError(f"view.side: must be one of {', '.join(roles_mod.SIDES)}, "
                              f"not {data['side']!r}")
    if data["role"] not in roles_mod.ROLES:
        raise SaveFormatError(f"view.role: must be one of the roles "
                              f"{', '.join(roles_mod.ROLES)}, not {data['role']!r}")
    for key in ("roles", "log"):
        kind = str if key == "roles" else dict
        bad = [x for x in data[key] if not isinstance(x, kind)]
        if bad:
            raise SaveFormatError(f"view.{key}: each must be {kind.__name__}, not {bad[0]!r}")
    bad_sizes = [k for k, n in data["hidden"].items()
                 if not isinstance(n, int) or isinstance(n, bool) or n < 0]
    if bad_sizes:
        raise SaveFormatError(f"view.hidden.{bad_sizes[0]}: must be a count of cards, not "
                              f"{data['hidden'][bad_sizes[0]]!r}")
    options = tuple(_view_option(i, o) for i, o in enumerate(data["options"]))
    return SideView(data["side"], data["role"], data["turn"], data["phase"], data["state"],
                    dict(data["hidden"]), tuple(data["log"]), data["prompt"], data["rule"],
                    tuple(data["roles"]), options)


def _view_option(i: int, raw: Any) -> Option:
    """One option of a one-sided save (:meth:`.Option.to_dict` data), checked field by field."""
    where = f"view.options[{i}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise SaveFormatError(f"{where}: must be an option ({{'id': ..., 'label': ...}}), "
                              f"not {raw!r}")
    label, targets = raw.get("label", ""), raw.get("targets", [])
    if not isinstance(label, str):
        raise SaveFormatError(f"{where}.label: must be str, not {label!r}")
    if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
        raise SaveFormatError(f"{where}.targets: must be a list of places, not {targets!r}")
    try:
        return Option.from_id(raw["id"], label, tuple(targets))
    except ActionIdError as exc:
        raise SaveFormatError(f"{where}.id: {exc}") from exc
