"""The position editor behind the board's edit mode (issue 13): a palette of tools over a Position.

:class:`Editor` holds a :class:`~pavlov_widgets.engine.positions.Position` and turns
it into what the board already knows how to draw: a *choice* (a prompt and options, each with
an id, a label and the board regions it is drawn on; an option with no drawn region is a
button in the bar) and a *preview* game to draw the position from. The board sends the id
of the option clicked back to :meth:`Editor.choose`; the editor applies it with the
Position's own validating setters.

The palette (:data:`TOOLS`, then :data:`ACTIONS`) is always in the bar. A tool makes the
places it applies to glow; a place with several possibilities opens the board's menu (which
Wehrmacht counter to put on an empty circle, which Defense value). The tools cover what a
position holds: Soviet counters and weapons (from the stock tray, onto a position, the
Reserves box, back to the stock or out of the game), Wehrmacht counters on the tracks of 9
January Square (place, move, remove), Disrupted and Exhausted (1.2, 2.0), tokens on every
Volga location and box (+/-, only the kinds the rules put there, Setup 9), the three
Defense values (1.2), the cards (the hand, the top of the Soviet deck, the next Wehrmacht
card) and where in the turn play resumes (1.1 Sequence of Play).

How invalid positions are handled (one rule, stated once): every edit is made on a copy of
the position and replaces it only when the Position's setter accepts it; a refused edit (an
occupied circle, no token left in the stock, a Defense off its track) changes nothing and
its message is :attr:`Editor.error`. A position that every setter accepted may still be
impossible as a whole (two counters on one position, a weapon without its crew, a hand
at the wrong moment): such a position is kept, so that it can be fixed one field at a
time, :meth:`Editor.problems` lists why (the engine's words), and "Play from here" refuses
it with the engine's :class:`~pavlov_widgets.engine.errors.PositionError` until it is fixed.
Edits can be undone and redone (:meth:`Editor.undo`, :meth:`Editor.redo`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pavlov_widgets.engine import Game, Position, PositionError
from pavlov_widgets.engine.check import token_places

TOOLS: dict[str, str] = {
    "soviet": "Soviet counter",
    "weapon": "Weapon",
    "wehrmacht": "Wehrmacht counter",
    "token": "Token",
    "disrupted": "Disrupted",
    "exhausted": "Exhausted",
    "remove": "Remove",
    "defense": "Defense",
    "cards": "Cards",
    "resume": "Resume at",
}
"""The editing tools of the palette, by id (the option id is ``tool:<id>``)."""

ACTIONS: dict[str, str] = {
    "play": "Play from here",
    "json": "Copy JSON",
    "done": "Done",
}
"""What the palette does besides editing (``act:<id>``): the board carries these out."""

TOOL_HELP: dict[str, str] = {
    "": "Editing a position: choose a tool in the bar",
    "soviet": "Soviet counter: click a counter on the board, or one in the stock, to place or "
              "move it",
    "weapon": "Weapon: click a weapon on the board, or one in the stock, to place or move it",
    "wehrmacht": "Wehrmacht counter: click an empty circle of a track to place one, or a "
                 "counter to move or remove it",
    "token": "Token: click a Volga location or a box to set its tokens",
    "disrupted": "Disrupted: click a counter or a Volga location to put on or take off its "
                 "Disrupted token",
    "exhausted": "Exhausted: click a counter to turn it to its Exhausted side or back",
    "remove": "Remove: click a counter, a weapon or a Wehrmacht counter to put it back in the "
              "stock",
    "defense": "Defense: click a colour's Defense track to set its value",
    "cards": "Cards: click a card in the hand to take it out or mark it used, or choose what "
             "to set",
    "resume": "Resume at: where in the turn play goes on (1.1 Sequence of Play)",
}
"""The bar's prompt for each tool (before a place is picked)."""

TOOL_RULES: dict[str, str] = {
    "": "Setup",
    "soviet": "1.2 The Game Board",
    "weapon": "4.0 Weapons",
    "wehrmacht": "3.0 Place Wehrmacht Counter",
    "token": "Setup 9",
    "disrupted": "2.0 Disrupted",
    "exhausted": "4.0 Exhausted",
    "remove": "1.2 The Game Board",
    "defense": "1.2 The Game Board",
    "cards": "2.1 Draw Four Cards",
    "resume": "1.1 Sequence of Play",
}
"""The rule section the bar names under each tool's prompt."""

RESUME_LABELS: dict[str, str] = {
    "turn_start": "Start of the turn",
    "soviet_cards": "Soviet Card Phase",
    "wehrmacht_start": "Start of the Wehrmacht Card Phase",
    "wehrmacht": "Next Wehrmacht card",
    "counter_moves": "Soviet Counter Phase: moves",
    "counter_actions": "Soviet Counter Phase: actions",
}
"""Where play can resume (:data:`~pavlov_widgets.engine.positions.RESUME_POINTS`),
as the bar says it."""

_RESUME_PHASE: dict[str, str] = {
    "turn_start": "soviet_cards",
    "soviet_cards": "soviet_cards",
    "wehrmacht_start": "wehrmacht_cards",
    "wehrmacht": "wehrmacht_cards",
    "counter_moves": "counter_moves",
    "counter_actions": "counter_actions",
}
"""The phase the board's header names while a position resumes at each point."""

_ON_BOARD_EXCEPT = ("stock", "removed")
_COPY = re.compile(r",? copy \d+\)$")


class EditError(ValueError):
    """An option id the editor does not offer now (nothing was changed)."""


def copy_position(position: Position) -> Position:
    """An independent copy of ``position`` (see :meth:`Position.copy`)."""
    return position.copy()


class Editor:
    """Edits one :class:`Position` through the board's options (see the module docstring).

    Args:
        position: the position to edit; it is copied, so the caller's object is not changed.

    Example:
        >>> from pavlov_widgets.engine.positions import Position
        >>> ed = Editor(Position())
        >>> ed.choose("tool:defense")
        ''
        >>> ed.choose("def:red:5")
        ''
        >>> ed.position.state.defense["red"]
        5
    """

    def __init__(self, position: Position) -> None:
        """Start editing a copy of ``position`` with no tool chosen."""
        if not isinstance(position, Position):
            raise TypeError(f"Editor(): a Position is needed, not {type(position).__name__}")
        self.position = copy_position(position)
        """The position being edited (replaced, never half changed, by each edit)."""
        self.tool = ""
        """The tool chosen (a key of :data:`TOOLS`), or ""."""
        self.picked = ""
        """What the tool has picked (a counter, a place, a circle), or ""."""
        self.error = ""
        """Why the last edit was refused (the Position's message), or ""."""
        self.log: list[str] = []
        """Every edit made, oldest first, in words."""
        self.rev = 0
        """One more after every change (a click made before it is stale)."""
        self._undo: list[tuple[Position, list[str]]] = []
        self._redo: list[tuple[Position, list[str]]] = []
        self._preview: tuple[int, Game] | None = None
        self._problems: tuple[int, list[str]] | None = None

    # --- reading -----------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether an edit can be taken back."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """Whether an undone edit can be made again."""
        return bool(self._redo)

    def tool_option_id(self) -> str:
        """The id of the palette option of the tool chosen (``"tool:soviet"``), "" for none."""
        return f"tool:{self.tool}" if self.tool else ""

    def problems(self) -> list[str]:
        """Why the position cannot be played as it is ([] when it can), in the engine's words."""
        if self._problems is None or self._problems[0] != self.rev:
            self._problems = (self.rev, self.position.problems())
        return list(self._problems[1])

    def preview(self) -> Game:
        """A game that only draws the position: no rule runs, nothing waits to be decided.

        The header names the phase play resumes in; resuming at the next Wehrmacht card, that
        card is shown as the card being resolved.
        """
        if self._preview is not None and self._preview[0] == self.rev:
            return self._preview[1]
        pos = self.position
        s = pos.state.copy()
        s.stack, s.pending = [], None
        s.phase = _RESUME_PHASE.get(pos.point, s.phase)
        # the counts the header shows, where the position says them (else the rules decide)
        if pos.actions_left is not None:
            s.actions_left = pos.actions_left
        if pos.moves_left is not None:
            s.moves_left = pos.moves_left
        if pos.point == "wehrmacht" and s.wehrmacht_deck:
            s.wehrmacht_current = s.wehrmacht_deck.pop(0)
            s.cards_in_phase = 4 - pos.cards_to_come
        game = Game(s, pos.components, pos.settings, auto_roll=False)
        self._preview = (self.rev, game)
        return game

    def resume_text(self) -> str:
        """Where play resumes, in words."""
        pos = self.position
        label = RESUME_LABELS.get(pos.point, pos.point)
        if pos.point == "wehrmacht":
            label += f" ({pos.cards_to_come} to come)"
        return f"turn {pos.state.turn}, {label}"

    # --- the choice the board draws ---------------------------------------------------

    def choice(self) -> dict[str, Any]:
        """The edit choice in the shape of :func:`~pavlov_widgets.widget.view.choice_view`.

        ``op`` is ``"edit"``; the tool's own options come after the palette (``tool:*``,
        ``act:*``), which is always offered.
        """
        prompt, options = self._tool_options()
        palette = [_opt(f"tool:{t}", label) for t, label in TOOLS.items()]
        palette += [_opt(f"act:{a}", label) for a, label in ACTIONS.items()]
        return {
            "kind": "decision",
            "op": "edit",
            "prompt": prompt,
            "rule": TOOL_RULES.get(self.tool, "Setup"),
            "options": palette + options,
            "dice": 0,
            "odds": [],
        }

    def option_ids(self) -> list[str]:
        """The ids of every option offered now."""
        return [o["id"] for o in self.choice()["options"]]

    def focus(self) -> list[str]:
        """The regions of what the tool has picked (the board rings them)."""
        p = self.picked
        if not p:
            return []
        state = self.position.state
        if self.tool == "soviet" and state.soviet[p].where not in _ON_BOARD_EXCEPT:
            return [f"counter:{p}"]
        if self.tool == "weapon" and state.weapons[p] not in _ON_BOARD_EXCEPT:
            return [f"weapon:{p}"]
        if self.tool == "wehrmacht":
            return [f"track:{p}"]
        if self.tool == "token":
            return [_place_region(p)]
        return []

    def _tool_options(self) -> tuple[str, list[dict[str, Any]]]:
        """The prompt and the options of the tool chosen."""
        maker: Callable[[], tuple[str, list[dict[str, Any]]]] = {
            "": lambda: (TOOL_HELP[""], []),
            "soviet": self._soviet_options,
            "weapon": self._weapon_options,
            "wehrmacht": self._wehrmacht_options,
            "token": self._token_options,
            "disrupted": self._disrupted_options,
            "exhausted": self._exhausted_options,
            "remove": self._remove_options,
            "defense": self._defense_options,
            "cards": self._cards_options,
            "resume": self._resume_options,
        }[self.tool]
        return maker()

    def _name(self, cid: str) -> str:
        comps = self.position.components
        if cid in comps.soviet_counters:
            return comps.soviet_counters[cid].name
        if cid in comps.weapons:
            return comps.weapons[cid].name
        return cid

    def _square_options(self, what: str) -> list[dict[str, Any]]:
        """Where a counter or weapon can go: every position, the Reserves, stock, removed."""
        board = self.position.components.board
        out = [_opt(f"put:{sq.id}", f"Put {what} on {sq.label}", f"square:{sq.id}")
               for sq in board.squares]
        out.append(_opt("put:reserves", f"Put {what} in the Reserves", "box:reserves"))
        out.append(_opt("put:stock", f"{what}: back to the stock"))
        out.append(_opt("put:removed", f"{what}: a casualty (out of the game)"))
        out.append(_opt("cancel", "Pick another"))
        return out

    def _soviet_options(self) -> tuple[str, list[dict[str, Any]]]:
        state = self.position.state
        if self.picked:
            name = self._name(self.picked)
            return (f"Where does {name} go? Click a position or the Reserves box",
                    self._square_options(name))
        out = []
        for cid, c in state.soviet.items():
            name = self._name(cid)
            if c.where == "stock":
                out.append(_opt(f"pick:{cid}", f"Place {name}", f"stock-soviet:{cid}"))
            elif c.where == "removed":
                out.append(_opt(f"pick:{cid}", f"{name} (casualty): bring back"))
            else:
                out.append(_opt(f"pick:{cid}", f"Move {name}", f"counter:{cid}"))
        return TOOL_HELP["soviet"], out

    def _weapon_options(self) -> tuple[str, list[dict[str, Any]]]:
        state = self.position.state
        if self.picked:
            name = self._name(self.picked)
            return (f"Where does the {name} go? Click a position or the Reserves box",
                    self._square_options(name))
        out = []
        for wid, where in state.weapons.items():
            name = self._name(wid)
            if where == "stock":
                out.append(_opt(f"pick:{wid}", f"Place the {name}", f"stock-weapon:{wid}"))
            elif where == "removed":
                out.append(_opt(f"pick:{wid}", f"{name} (lost): bring back"))
            else:
                out.append(_opt(f"pick:{wid}", f"Move the {name}", f"weapon:{wid}"))
        return TOOL_HELP["weapon"], out

    def _circles(self) -> list[tuple[int, int, str]]:
        """Every circle of the tracks: (track, circle, the Wehrmacht counter on it or "")."""
        return [(t, n, wid) for t, track in enumerate(self.position.state.tracks, 1)
                for n, wid in enumerate(track, 1)]

    def _wehrmacht_options(self) -> tuple[str, list[dict[str, Any]]]:
        comps = self.position.components
        if self.picked:
            wid = self._on_circle(self.picked)
            kind = comps.wehrmacht_type_of(wid).name
            out = [_opt(f"wmove:{t}:{n}", f"Move the {kind} here", f"track:{t}:{n}")
                   for t, n, there in self._circles() if not there]
            out.append(_opt("cancel", "Pick another"))
            return (f"Where does the {kind} on track {self.picked.replace(':', ', circle ')} "
                    "go? Click an empty circle", out)
        on_board = {w for _, _, w in self._circles() if w}
        free = [tid for tid, ids in comps.wehrmacht_counters_by_type.items()
                if any(w not in on_board for w in ids)]
        out = []
        for t, n, wid in self._circles():
            region = f"track:{t}:{n}"
            if wid:
                kind = comps.wehrmacht_type_of(wid).name
                out.append(_opt(f"wpick:{t}:{n}", f"Move this {kind}", region))
                out.append(_opt(f"wdel:{t}:{n}", f"Remove this {kind}", region))
            else:
                out += [_opt(f"wput:{t}:{n}:{tid}",
                             f"Place {comps.wehrmacht_types[tid].name}", region)
                        for tid in free]
        return TOOL_HELP["wehrmacht"], out

    def _on_circle(self, spot: str) -> str:
        t, _, n = spot.partition(":")
        return self.position.state.tracks[int(t) - 1][int(n) - 1]

    def _token_places(self) -> list[str]:
        """The places tokens can be set on, in board order (not the stock or removed)."""
        return [p for p in token_places(self.position.components)
                if p not in ("stock", "removed")]

    def _token_options(self) -> tuple[str, list[dict[str, Any]]]:
        pos = self.position
        names = Position.names("token_places", pos.components)
        places = [_opt(f"tokplace:{p}", f"Set the tokens on {names.get(p, p)}",
                       _place_region(p)) for p in self._token_places()]
        if not self.picked:
            return TOOL_HELP["token"], places
        place = self.picked
        held = {k: n for k, n in pos.state.tokens.get(place, {}).items() if n}
        stock = pos.state.tokens["stock"]
        allowed = token_places(pos.components)[place]
        kinds = [k for k in pos.components.tokens
                 if (allowed is None or k in allowed or k in held) and k not in ("action",
                                                                                 "command")]
        tokens = pos.components.tokens
        out = []
        for kind in kinds:
            n = held.get(kind, 0)
            name = tokens[kind].name
            out.append(_opt(f"tok:+:{kind}", f"+ {name} ({n} here, {stock.get(kind, 0)} in "
                                             "stock)"))
            if n:
                out.append(_opt(f"tok:-:{kind}", f"− {name}"))
        now = ", ".join(f"{tokens[k].name} {n}" for k, n in held.items()) or "no tokens"
        return (f"Tokens on {names.get(place, place)}: {now}. + takes one from the stock, "
                "− puts one back", out + places)

    def _counters_on_board(self) -> list[str]:
        return [cid for cid, c in self.position.state.soviet.items()
                if c.where not in _ON_BOARD_EXCEPT]

    def _disrupted_options(self) -> tuple[str, list[dict[str, Any]]]:
        state = self.position.state
        out = []
        for cid in self._counters_on_board():
            name = self._name(cid)
            label = (f"Take the Disrupted token off {name}" if state.soviet[cid].disrupted
                     else f"Disrupt {name}")
            out.append(_opt(f"dis:{cid}", label, f"counter:{cid}"))
        for n in self.position.components.board.location_names:
            on = state.tokens.get(f"loc:{n}", {}).get("disrupted", 0)
            label = (f"Take the Disrupted token off location {n}" if on
                     else f"Disrupt location {n}")
            out.append(_opt(f"disloc:{n}", label, f"loc:{n}"))
        return TOOL_HELP["disrupted"], out

    def _exhausted_options(self) -> tuple[str, list[dict[str, Any]]]:
        state = self.position.state
        out = [_opt(f"exh:{cid}", (f"Turn {self._name(cid)} to its front"
                                   if state.soviet[cid].exhausted
                                   else f"Exhaust {self._name(cid)}"), f"counter:{cid}")
               for cid in self._counters_on_board()]
        return TOOL_HELP["exhausted"], out

    def _remove_options(self) -> tuple[str, list[dict[str, Any]]]:
        state, comps = self.position.state, self.position.components
        out = [_opt(f"rm:counter:{cid}", f"Remove {self._name(cid)} (back to the stock)",
                    f"counter:{cid}") for cid in self._counters_on_board()]
        out += [_opt(f"rm:weapon:{wid}", f"Remove the {self._name(wid)} (back to the stock)",
                     f"weapon:{wid}")
                for wid, where in state.weapons.items() if where not in _ON_BOARD_EXCEPT]
        out += [_opt(f"rm:track:{t}:{n}",
                     f"Remove the {comps.wehrmacht_type_of(wid).name}", f"track:{t}:{n}")
                for t, n, wid in self._circles() if wid]
        return TOOL_HELP["remove"], out

    def _defense_options(self) -> tuple[str, list[dict[str, Any]]]:
        board = self.position.components.board
        defense = self.position.state.defense
        out = []
        for colour in defense:
            for n in range(board.defense_min, board.defense_max + 1):
                now = " (now)" if defense[colour] == n else ""
                out.append(_opt(f"def:{colour}:{n}", f"{colour.capitalize()} Defense {n}{now}",
                                f"defense:{colour}"))
        return TOOL_HELP["defense"], out

    def _cards_options(self) -> tuple[str, list[dict[str, Any]]]:
        state, comps = self.position.state, self.position.components
        soviet_names = Position.names("soviet_cards", comps)
        wehrmacht_names = Position.names("wehrmacht_cards", comps)
        back = _opt("cancel", "Back")
        if self.picked == "hand":
            cards = [c for c in soviet_names if c not in state.hand]
            return ("Add a Soviet card to the hand (2.1: a hand holds up to four)",
                    [_opt(f"hand-in:{c}", soviet_names[c]) for c in cards] + [back])
        if self.picked == "soviet":
            cards = [c for c in soviet_names if c not in state.hand]
            return ("Put a Soviet card on top of the Soviet deck: the next one drawn (2.1)",
                    [_opt(f"stop:{c}", soviet_names[c]) for c in cards] + [back])
        if self.picked == "wehrmacht":
            seen: set[str] = set()
            out = []
            for c in [*state.wehrmacht_deck, *state.wehrmacht_done]:
                label = _COPY.sub(")", wehrmacht_names.get(c, c))
                if label not in seen:
                    seen.add(label)
                    out.append(_opt(f"wnext:{c}", label))
            return ("Put a Wehrmacht card on top of its deck: the next one revealed (3.0); "
                    "resume at 'Next Wehrmacht card' to resolve it first", [*out, back])
        out = []
        for c in state.hand:
            used = c in state.hand_used
            out.append(_opt(f"hand-out:{c}", "Take it out of the hand", f"card:{c}"))
            out.append(_opt(f"hand-used:{c}", "Mark it not used" if used
                            else "Mark it used this phase", f"card:{c}"))
        out.append(_opt("cards:hand", "Add to the hand…"))
        out.append(_opt("cards:soviet", "Top of the Soviet deck…"))
        out.append(_opt("cards:wehrmacht", "Next Wehrmacht card…", "card:wehrmacht"))
        return TOOL_HELP["cards"], out

    def _resume_options(self) -> tuple[str, list[dict[str, Any]]]:
        out = []
        for point, label in RESUME_LABELS.items():
            if point == "wehrmacht":
                out += [_opt(f"resume:wehrmacht:{n}", f"{label} ({n} to come)")
                        for n in (3, 2, 1)]
            else:
                out.append(_opt(f"resume:{point}", label))
        out.append(_opt("turn:-", "Turn −1"))
        out.append(_opt("turn:+", "Turn +1"))
        return f"Play resumes at {self.resume_text()}. Change it:", out

    # --- acting on a chosen option ----------------------------------------------------

    def choose(self, option_id: str) -> str:
        """Act on an option of :meth:`choice`.

        Returns:
            "" after an edit or a change of tool (refused edits too: see :attr:`error`), or
            the palette action the board must carry out: ``"play"``, ``"json"``, ``"done"``.

        Raises:
            EditError: ``option_id`` is not offered now; nothing changes.
        """
        if not isinstance(option_id, str) or option_id not in self.option_ids():
            raise EditError(
                f"{option_id!r} is not one of the editor's options now (tool: "
                f"{TOOLS.get(self.tool, 'none')}); nothing was changed."
            )
        verb, _, rest = option_id.partition(":")
        if verb == "act":
            return rest
        self.error = ""
        if verb == "tool":
            self._select(rest)
            return ""
        if verb == "cancel":
            self.picked = ""
            self.rev += 1
            return ""
        if verb in ("pick", "wpick", "tokplace", "cards"):
            self.picked = rest
            self.rev += 1
            return ""
        self._edit(verb, rest)
        return ""

    def _select(self, tool: str) -> None:
        self.tool, self.picked = tool, ""
        self.rev += 1

    def _edit(self, verb: str, rest: str) -> None:
        """Apply one edit to a copy; keep it only if the Position accepts it."""
        work = copy_position(self.position)
        try:
            said = self._apply(work, verb, rest)
        except PositionError as exc:
            self.error = f"Refused: {_sentence(str(exc))} Nothing was changed."
            self.rev += 1
            return
        self._undo.append((self.position, list(self.log)))
        self._redo.clear()
        self.position = work
        self.log.append(said)
        if verb in ("put", "wmove", "stop", "wnext"):
            self.picked = ""  # done with what was picked (hand-in and tokens go on adding)
        self.rev += 1

    def _apply(self, pos: Position, verb: str, rest: str) -> str:
        """Make one edit on ``pos``; what was done, in words."""
        state, comps = pos.state, pos.components
        if verb == "put":
            item = self.picked
            if item in comps.soviet_counters:
                c = state.soviet[item]
                keep = rest not in _ON_BOARD_EXCEPT
                pos.counter(item, rest, exhausted=c.exhausted and keep,
                            disrupted=c.disrupted and keep, marker=c.marker if keep else "")
            else:
                pos.weapon(item, rest)
            return f"{self._name(item)} → {rest}"
        if verb == "wput":
            t, n, kind = rest.split(":", 2)
            pos.wehrmacht(int(t), int(n), kind)
            return f"{comps.wehrmacht_types[kind].name} on track {t}, circle {n}"
        if verb == "wmove":
            t, _, n = rest.partition(":")
            wid = _take_circle(pos, self.picked)
            pos.wehrmacht(int(t), int(n), wid)
            return f"{comps.wehrmacht_type_of(wid).name} moved to track {t}, circle {n}"
        if verb == "wdel":
            wid = _take_circle(pos, rest)
            return f"{comps.wehrmacht_type_of(wid).name} taken off track {rest}"
        if verb == "tok":
            sign, _, kind = rest.partition(":")
            place = self.picked
            have = state.tokens.get(place, {}).get(kind, 0)
            pos.set_tokens(kind, place, max(0, have + (1 if sign == "+" else -1)))
            return f"{comps.tokens[kind].name} {'+' if sign == '+' else '−'}1 on {place}"
        if verb in ("dis", "exh"):
            c = state.soviet[rest]
            exhausted, disrupted = c.exhausted, c.disrupted
            if verb == "dis":
                disrupted = not disrupted
            else:
                exhausted = not exhausted
            pos.counter(rest, c.where, exhausted=exhausted, disrupted=disrupted,
                        marker=c.marker)
            what, on = (("Disrupted", disrupted) if verb == "dis" else ("Exhausted", exhausted))
            return f"{self._name(rest)}: {what} {'on' if on else 'off'}"
        if verb == "disloc":
            place = f"loc:{rest}"
            had = state.tokens.get(place, {}).get("disrupted", 0)
            pos.set_tokens("disrupted", place, 0 if had else 1)
            return f"location {rest}: Disrupted {'off' if had else 'on'}"
        if verb == "rm":
            what, _, which = rest.partition(":")
            if what == "counter":
                pos.counter(which, "stock")
                return f"{self._name(which)} → stock"
            if what == "weapon":
                pos.weapon(which, "stock")
                return f"{self._name(which)} → stock"
            wid = _take_circle(pos, which)
            return f"{comps.wehrmacht_type_of(wid).name} taken off track {which}"
        if verb == "def":
            colour, _, n = rest.partition(":")
            pos.defense(colour, int(n))
            return f"{colour} Defense {n}"
        if verb == "hand-in":
            pos.hand(rest)
            return f"{rest} into the hand"
        if verb == "hand-out":
            pos.soviet_on_top(rest)
            return f"{rest} back on top of the Soviet deck"
        if verb == "hand-used":
            if rest in state.hand_used:
                state.hand_used.remove(rest)
                return f"{rest} not used"
            pos.hand(used=[rest])
            return f"{rest} used"
        if verb == "stop":
            pos.soviet_on_top(rest)
            return f"{rest} on top of the Soviet deck"
        if verb == "wnext":
            pos.wehrmacht_cards(rest)
            return f"{rest} on top of the Wehrmacht deck"
        if verb == "resume":
            point, _, cards = rest.partition(":")
            pos.resume(point, cards=int(cards) if cards else 3)
            return f"resume at {point}{f' ({cards} to come)' if cards else ''}"
        if verb == "turn":
            turn = state.turn + (1 if rest == "+" else -1)
            if turn < 1:
                raise PositionError("turns count from 1")
            state.turn = turn
            return f"turn {turn}"
        raise EditError(f"unknown edit {verb!r}")  # pragma: no cover - ids come from choice()

    # --- undo --------------------------------------------------------------------------

    def undo(self) -> None:
        """Take back the last edit.

        Raises:
            EditError: no edit to take back.
        """
        if not self._undo:
            raise EditError("No edit to take back; nothing was changed.")
        self._redo.append((self.position, list(self.log)))
        self.position, self.log = self._undo.pop()
        self.error, self.picked = "", ""
        self.rev += 1

    def redo(self) -> None:
        """Make the last undone edit again.

        Raises:
            EditError: no edit was undone.
        """
        if not self._redo:
            raise EditError("No undone edit to make again; nothing was changed.")
        self._undo.append((self.position, list(self.log)))
        self.position, self.log = self._redo.pop()
        self.error, self.picked = "", ""
        self.rev += 1


def _opt(oid: str, label: str, *targets: str) -> dict[str, Any]:
    """One option as the board draws it."""
    return {"id": oid, "label": label, "targets": list(targets)}


def _place_region(place: str) -> str:
    """The board region a token place is drawn on."""
    if place.startswith("loc:"):
        return place
    if place.startswith("sapper:"):
        return "track:" + place.removeprefix("sapper:")
    return f"box:{place}"


def _take_circle(pos: Position, spot: str) -> str:
    """Take the Wehrmacht counter off a circle ``"track:circle"``; its id."""
    t, _, n = spot.partition(":")
    track = pos.state.tracks[int(t) - 1]
    wid = track[int(n) - 1]
    if not wid:
        raise PositionError(f"track {t}, circle {n} is empty")
    track[int(n) - 1] = ""
    return wid


def _sentence(text: str) -> str:
    """Capitalise and end with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


__all__ = ["ACTIONS", "RESUME_LABELS", "TOOLS", "EditError", "Editor", "copy_position"]
