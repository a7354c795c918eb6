"""The position editor behind the board's edit mode (issue 13): a palette of tools over a Position.

:class:`Editor` holds a :class:`~pavlov_widgets.engine.positions.Position` and turns
it into what the board already knows how to draw: a *choice* (a prompt and options, each with
an id, a label and the board regions it is drawn on; an option with no drawn region is a
button in the bar) and a *preview* game to draw the position from. The board sends the id
of the option clicked back to :meth:`Editor.choose`; the editor applies it with the
Position's own validating setters.

Every option is a verb of :data:`EDIT_VERBS` with typed arguments, and its id is written and
read by the engine's one option-id codec (:func:`~pavlov_widgets.engine.actions.encode`,
:func:`~pavlov_widgets.engine.actions.parse`): ``"put:R2"``, ``"wput:4:1:riflemen"``,
``"tokplace:box:suppress:red"``; the places an option glows on are typed places
(:mod:`pavlov_widgets.engine.places`). The palette's ids, ``tool:<tool>`` and
``act:<action>``, are what the board's JavaScript knows the palette by.

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
time, :meth:`Editor.problems` says why in plain sentences, and "Play from here" refuses
it with the engine's :class:`~pavlov_widgets.engine.errors.PositionError` until it is fixed.
Edits can be undone and redone (:meth:`Editor.undo`, :meth:`Editor.redo`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pavlov_widgets.engine import Game, Position, PositionError
from pavlov_widgets.engine.actions import Arg, Schema, encode, parse
from pavlov_widgets.engine.check import token_places
from pavlov_widgets.engine.places import (
    RESERVES_BOX,
    WEHRMACHT_SLOT,
    Card,
    Counter,
    Defense,
    Location,
    Place,
    Square,
    StockCounter,
    StockWeapon,
    TrackCircle,
    Weapon,
    board_place,
    loc_key,
    place_name,
    token_place,
)
from pavlov_widgets.engine.text import sentence

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

EDIT_VERBS: dict[str, Schema] = {
    # the palette, always offered (the board's JavaScript knows tool:* and act:* by their verb)
    "tool": (("tool", str),),  # choose a tool of TOOLS
    "act": (("action", str),),  # a palette action of ACTIONS, which the board carries out
    "cancel": (),  # let go of what the tool picked
    # Soviet counters and weapons (1.2, 4.0 Weapons)
    "pick": (("item", str),),  # a Soviet counter or weapon to place or move
    "put": (("where", str),),  # where it goes: a combat position, reserves, stock, removed
    # Wehrmacht counters on the tracks (3.0 Place Wehrmacht Counter)
    "wput": (("track", int), ("circle", int), ("kind", str)),  # a counter of a type, placed
    "wpick": (("track", int), ("circle", int)),  # the counter on a circle, to move
    "wmove": (("track", int), ("circle", int)),  # ... to this empty circle
    "wdel": (("track", int), ("circle", int)),  # the counter on a circle back to the stock
    # tokens (Setup 9)
    "tokplace": (("place", Place),),  # a place that holds tokens, drawn where it is
    "tok": (("sign", str), ("kind", str)),  # "+": one more from the stock; "-": one back
    # Disrupted (2.0) and Exhausted (4.0)
    "dis": (("counter", str),),  # a counter's Disrupted token on or off
    "disloc": (("loc", int),),  # a Volga location's Disrupted token on or off
    "exh": (("counter", str),),  # a counter to its Exhausted side or back
    # back to the stock (1.2)
    "rm": (("place", Place),),  # a Soviet counter, weapon or track circle
    # Defense tracks (1.2)
    "def": (("colour", str), ("value", int)),
    # cards (2.1, 3.0)
    "cards": (("pile", str),),  # what to set: "hand", "soviet", "wehrmacht"
    "hand-in": (("card", str),),  # a Soviet card into the hand
    "hand-out": (("card", str),),  # a card of the hand back on top of the Soviet deck
    "hand-used": (("card", str),),  # a card of the hand used this phase, or not
    "stop": (("card", str),),  # a Soviet card on top of the Soviet deck
    "wnext": (("card", str),),  # a Wehrmacht card on top of its deck
    # where play resumes (1.1 Sequence of Play)
    "resume": (("point", str),),  # a point of RESUME_POINTS but "wehrmacht"
    "resume-wehrmacht": (("cards", int),),  # the next Wehrmacht card, so many still to come
    "turn": (("step", str),),  # "+": one turn later; "-": one earlier
}
"""The editor's verbs and their arguments, for :func:`~pavlov_widgets.engine.actions.encode`
and :func:`~pavlov_widgets.engine.actions.parse` (the engine's one option-id codec): every id
the editor offers is written and read by it (``"put:R2"``, ``"wput:4:1:riflemen"``,
``"rm:track:5:2"``, ``"tokplace:box:suppress:red"``)."""

_PICKS = ("pick", "wpick", "tokplace", "cards")
"""The verbs that pick something for the tool's next click (nothing changes yet)."""
_DONE_WITH_PICK = ("put", "wmove", "stop", "wnext")
"""Edits after which the tool lets go of what it picked (hand-in and tokens go on adding)."""

Picked = str | Place
"""What a tool has picked: a Soviet counter's or weapon's id, a track circle, a place that
holds tokens, or a pile of cards ("hand", "soviet", "wehrmacht"); "" for nothing."""


class EditError(ValueError):
    """An option id the editor does not offer now (nothing was changed)."""


def copy_position(position: Position) -> Position:
    """An independent copy of ``position`` (see :meth:`Position.copy`).

    Raises:
        TypeError: ``position`` is not a Position (as :class:`Editor` says it).
    """
    if not isinstance(position, Position):
        raise TypeError(f"copy_position(): a Position is needed, not {type(position).__name__}")
    return position.copy()


class Editor:
    """Edits one :class:`Position` through the board's options (see the module docstring).

    Args:
        position: the position to edit; it is copied, so the caller's object is not changed.

    Example:
        >>> from pavlov_widgets.engine import Position
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
        self.picked: Picked = ""
        """What the tool has picked (see :data:`Picked`), or ""."""
        self.error = ""
        """Why the last edit was refused (the Position's message), or ""."""
        self.refused = False
        """Whether the last option chosen was an edit the Position refused (see :attr:`error`)."""
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
        return encode("tool", {"tool": self.tool}, EDIT_VERBS) if self.tool else ""

    def problems(self) -> list[str]:
        """Why the position cannot be played as it is ([] when it can), as plain sentences.

        Each says what is wrong and the rule, for a learner, without the state's field names
        (:meth:`~pavlov_widgets.engine.check.Problem.sentence`); ``position.problems()`` gives
        the same problems with their fields, for code.
        """
        if self._problems is None or self._problems[0] != self.rev:
            self._problems = (self.rev,
                              [p.sentence() for p in self.position.problem_list()])
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
        palette = [_opt("tool", label, tool=t) for t, label in TOOLS.items()]
        palette += [_opt("act", label, action=a) for a, label in ACTIONS.items()]
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
        if isinstance(p, Place):  # a circle of a track, a place that holds tokens
            return [p.id] if self.tool in ("wehrmacht", "token") else []
        state = self.position.state
        if self.tool == "soviet" and state.soviet[p].where not in _ON_BOARD_EXCEPT:
            return [Counter(p).id]
        if self.tool == "weapon" and state.weapons[p] not in _ON_BOARD_EXCEPT:
            return [Weapon(p).id]
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
        out = [_opt("put", f"Put {what} on {sq.label}", Square(sq.id), where=sq.id)
               for sq in board.squares]
        out.append(_opt("put", f"Put {what} in the Reserves", RESERVES_BOX, where="reserves"))
        out.append(_opt("put", f"{what}: back to the stock", where="stock"))
        out.append(_opt("put", f"{what}: a casualty (out of the game)", where="removed"))
        out.append(_opt("cancel", "Pick another"))
        return out

    def _soviet_options(self) -> tuple[str, list[dict[str, Any]]]:
        state = self.position.state
        if isinstance(self.picked, str) and self.picked:
            name = self._name(self.picked)
            return (f"Where does {name} go? Click a position or the Reserves box",
                    self._square_options(name))
        out = []
        for cid, c in state.soviet.items():
            name = self._name(cid)
            if c.where == "stock":
                out.append(_opt("pick", f"Place {name}", StockCounter(cid), item=cid))
            elif c.where == "removed":
                out.append(_opt("pick", f"{name} (casualty): bring back", item=cid))
            else:
                out.append(_opt("pick", f"Move {name}", Counter(cid), item=cid))
        return TOOL_HELP["soviet"], out

    def _weapon_options(self) -> tuple[str, list[dict[str, Any]]]:
        state = self.position.state
        if isinstance(self.picked, str) and self.picked:
            name = self._name(self.picked)
            return (f"Where does the {name} go? Click a position or the Reserves box",
                    self._square_options(name))
        out = []
        for wid, where in state.weapons.items():
            name = self._name(wid)
            if where == "stock":
                out.append(_opt("pick", f"Place the {name}", StockWeapon(wid), item=wid))
            elif where == "removed":
                out.append(_opt("pick", f"{name} (lost): bring back", item=wid))
            else:
                out.append(_opt("pick", f"Move the {name}", Weapon(wid), item=wid))
        return TOOL_HELP["weapon"], out

    def _circles(self) -> list[tuple[TrackCircle, str]]:
        """Every circle of the tracks, with the Wehrmacht counter on it or ""."""
        return [(TrackCircle(t, n), wid) for t, track in enumerate(self.position.state.tracks, 1)
                for n, wid in enumerate(track, 1)]

    def _wehrmacht_options(self) -> tuple[str, list[dict[str, Any]]]:
        comps = self.position.components
        if isinstance(self.picked, TrackCircle):
            here = self.picked
            kind = comps.wehrmacht_type_of(_on_circle(self.position, here)).name
            out = [_opt("wmove", f"Move the {kind} here", circle, track=circle.track,
                        circle=circle.circle)
                   for circle, there in self._circles() if not there]
            out.append(_opt("cancel", "Pick another"))
            return (f"Where does the {kind} on {place_name(here, comps)} go? Click an empty "
                    "circle", out)
        on_board = {w for _, w in self._circles() if w}
        free = [tid for tid, ids in comps.wehrmacht_counters_by_type.items()
                if any(w not in on_board for w in ids)]
        out = []
        for circle, wid in self._circles():
            at = {"track": circle.track, "circle": circle.circle}
            if wid:
                kind = comps.wehrmacht_type_of(wid).name
                out.append(_opt("wpick", f"Move this {kind}", circle, **at))
                out.append(_opt("wdel", f"Remove this {kind}", circle, **at))
            else:
                out += [_opt("wput", f"Place {comps.wehrmacht_types[tid].name}", circle,
                             kind=tid, **at)
                        for tid in free]
        return TOOL_HELP["wehrmacht"], out

    def _token_places(self) -> list[Place]:
        """The places tokens can be set on, in board order (not the stock or removed)."""
        out = []
        for key in token_places(self.position.components):
            place = board_place(key)
            if place is not None:
                out.append(place)
        return out

    def _token_options(self) -> tuple[str, list[dict[str, Any]]]:
        pos = self.position
        names = Position.names("token_places", pos.components)

        def called(place: Place) -> str:
            key = token_place(place) or ""
            return names.get(key, place_name(place, pos.components))

        places = [_opt("tokplace", f"Set the tokens on {called(p)}", p, place=p)
                  for p in self._token_places()]
        if not isinstance(self.picked, Place):
            return TOOL_HELP["token"], places
        place = self.picked
        key = token_place(place) or ""
        held = {k: n for k, n in pos.state.tokens.get(key, {}).items() if n}
        stock = pos.state.tokens["stock"]
        allowed = token_places(pos.components)[key]
        kinds = [k for k in pos.components.tokens
                 if (allowed is None or k in allowed or k in held) and k not in ("action",
                                                                                 "command")]
        tokens = pos.components.tokens
        out = []
        for kind in kinds:
            n = held.get(kind, 0)
            name = tokens[kind].name
            out.append(_opt("tok", f"+ {name} ({n} here, {stock.get(kind, 0)} in stock)",
                            sign="+", kind=kind))
            if n:
                out.append(_opt("tok", f"− {name}", sign="-", kind=kind))
        now = ", ".join(f"{tokens[k].name} {n}" for k, n in held.items()) or "no tokens"
        return (f"Tokens on {called(place)}: {now}. + takes one from the stock, "
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
            out.append(_opt("dis", label, Counter(cid), counter=cid))
        for n in self.position.components.board.location_names:
            on = state.tokens.get(loc_key(n), {}).get("disrupted", 0)
            label = (f"Take the Disrupted token off location {n}" if on
                     else f"Disrupt location {n}")
            out.append(_opt("disloc", label, Location(n), loc=n))
        return TOOL_HELP["disrupted"], out

    def _exhausted_options(self) -> tuple[str, list[dict[str, Any]]]:
        state = self.position.state
        out = [_opt("exh", (f"Turn {self._name(cid)} to its front"
                            if state.soviet[cid].exhausted
                            else f"Exhaust {self._name(cid)}"), Counter(cid), counter=cid)
               for cid in self._counters_on_board()]
        return TOOL_HELP["exhausted"], out

    def _remove_options(self) -> tuple[str, list[dict[str, Any]]]:
        state, comps = self.position.state, self.position.components
        out = []
        for cid in self._counters_on_board():
            out.append(_opt("rm", f"Remove {self._name(cid)} (back to the stock)",
                            Counter(cid), place=Counter(cid)))
        for wid, where in state.weapons.items():
            if where not in _ON_BOARD_EXCEPT:
                out.append(_opt("rm", f"Remove the {self._name(wid)} (back to the stock)",
                                Weapon(wid), place=Weapon(wid)))
        for circle, wid in self._circles():
            if wid:
                out.append(_opt("rm", f"Remove the {comps.wehrmacht_type_of(wid).name}",
                                circle, place=circle))
        return TOOL_HELP["remove"], out

    def _defense_options(self) -> tuple[str, list[dict[str, Any]]]:
        board = self.position.components.board
        defense = self.position.state.defense
        out = []
        for colour in defense:
            for n in range(board.defense_min, board.defense_max + 1):
                now = " (now)" if defense[colour] == n else ""
                out.append(_opt("def", f"{colour.capitalize()} Defense {n}{now}",
                                Defense(colour), colour=colour, value=n))
        return TOOL_HELP["defense"], out

    def _cards_options(self) -> tuple[str, list[dict[str, Any]]]:
        state, comps = self.position.state, self.position.components
        soviet_names = Position.names("soviet_cards", comps)
        wehrmacht_names = Position.names("wehrmacht_cards", comps)
        back = _opt("cancel", "Back")
        if self.picked == "hand":
            cards = [c for c in soviet_names if c not in state.hand]
            return ("Add a Soviet card to the hand (2.1: a hand holds up to four)",
                    [_opt("hand-in", soviet_names[c], card=c) for c in cards] + [back])
        if self.picked == "soviet":
            cards = [c for c in soviet_names if c not in state.hand]
            return ("Put a Soviet card on top of the Soviet deck: the next one drawn (2.1)",
                    [_opt("stop", soviet_names[c], card=c) for c in cards] + [back])
        if self.picked == "wehrmacht":
            seen: set[str] = set()
            out = []
            for c in [*state.wehrmacht_deck, *state.wehrmacht_done]:
                label = _COPY.sub(")", wehrmacht_names.get(c, c))
                if label not in seen:
                    seen.add(label)
                    out.append(_opt("wnext", label, card=c))
            return ("Put a Wehrmacht card on top of its deck: the next one revealed (3.0); "
                    "resume at 'Next Wehrmacht card' to resolve it first", [*out, back])
        out = []
        for c in state.hand:
            used = c in state.hand_used
            out.append(_opt("hand-out", "Take it out of the hand", Card(c), card=c))
            out.append(_opt("hand-used", "Mark it not used" if used
                            else "Mark it used this phase", Card(c), card=c))
        out.append(_opt("cards", "Add to the hand…", pile="hand"))
        out.append(_opt("cards", "Top of the Soviet deck…", pile="soviet"))
        out.append(_opt("cards", "Next Wehrmacht card…", WEHRMACHT_SLOT, pile="wehrmacht"))
        return TOOL_HELP["cards"], out

    def _resume_options(self) -> tuple[str, list[dict[str, Any]]]:
        out = []
        for point, label in RESUME_LABELS.items():
            if point == "wehrmacht":
                out += [_opt("resume-wehrmacht", f"{label} ({n} to come)", cards=n)
                        for n in (3, 2, 1)]
            else:
                out.append(_opt("resume", label, point=point))
        out.append(_opt("turn", "Turn −1", step="-"))
        out.append(_opt("turn", "Turn +1", step="+"))
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
        verb, args = parse(option_id, EDIT_VERBS)
        self.refused = False
        if verb == "act":
            return _str(args, "action")
        self.error = ""
        if verb == "tool":
            self.tool, self.picked = _str(args, "tool"), ""
        elif verb == "cancel":
            self.picked = ""
        elif verb in _PICKS:
            self.picked = _picked(verb, args)
        else:
            self._edit(verb, args)
            return ""
        self.rev += 1
        return ""

    def _edit(self, verb: str, args: dict[str, Arg]) -> None:
        """Apply one edit to a copy; keep it only if the Position accepts it."""
        work = copy_position(self.position)
        try:
            said = self._apply(work, verb, args)
        except PositionError as exc:
            self.error = f"Refused: {sentence(str(exc))} Nothing was changed."
            self.refused = True
            self.rev += 1
            return
        self._undo.append((self.position, list(self.log)))
        self._redo.clear()
        self.position = work
        self.log.append(said)
        if verb in _DONE_WITH_PICK:
            self.picked = ""
        self.rev += 1

    def _apply(self, pos: Position, verb: str, args: dict[str, Arg]) -> str:
        """Make one edit on ``pos``; what was done, in words."""
        state, comps = pos.state, pos.components
        if verb == "put":
            item, where = str(self.picked), _str(args, "where")
            if item in comps.soviet_counters:
                c = state.soviet[item]
                keep = where not in _ON_BOARD_EXCEPT
                pos.counter(item, where, exhausted=c.exhausted and keep,
                            disrupted=c.disrupted and keep, marker=c.marker if keep else "")
            else:
                pos.weapon(item, where)
            return f"{self._name(item)} → {where}"
        if verb in ("wput", "wmove", "wdel"):
            circle = TrackCircle(_int(args, "track"), _int(args, "circle"))
            where = place_name(circle, comps)
            if verb == "wput":
                kind = _str(args, "kind")
                pos.wehrmacht(circle.track, circle.circle, kind)
                return f"{comps.wehrmacht_types[kind].name} on {where}"
            if verb == "wmove":
                assert isinstance(self.picked, TrackCircle)  # wmove is offered once picked
                wid = _take_circle(pos, self.picked)
                pos.wehrmacht(circle.track, circle.circle, wid)
                return f"{comps.wehrmacht_type_of(wid).name} moved to {where}"
            wid = _take_circle(pos, circle)
            return f"{comps.wehrmacht_type_of(wid).name} taken off {where}"
        if verb == "tok":
            assert isinstance(self.picked, Place)  # tok is offered once a place is picked
            sign, kind = _str(args, "sign"), _str(args, "kind")
            key = token_place(self.picked) or ""
            have = state.tokens.get(key, {}).get(kind, 0)
            pos.set_tokens(kind, key, max(0, have + (1 if sign == "+" else -1)))
            return (f"{comps.tokens[kind].name} {'+' if sign == '+' else '−'}1 on "
                    f"{place_name(self.picked, comps)}")
        if verb in ("dis", "exh"):
            cid = _str(args, "counter")
            c = state.soviet[cid]
            exhausted, disrupted = c.exhausted, c.disrupted
            if verb == "dis":
                disrupted = not disrupted
            else:
                exhausted = not exhausted
            pos.counter(cid, c.where, exhausted=exhausted, disrupted=disrupted,
                        marker=c.marker)
            what, on = (("Disrupted", disrupted) if verb == "dis" else ("Exhausted", exhausted))
            return f"{self._name(cid)}: {what} {'on' if on else 'off'}"
        if verb == "disloc":
            loc = _int(args, "loc")
            had = state.tokens.get(loc_key(loc), {}).get("disrupted", 0)
            pos.set_tokens("disrupted", loc_key(loc), 0 if had else 1)
            return f"location {loc}: Disrupted {'off' if had else 'on'}"
        if verb == "rm":
            place = _place(args, "place")
            if isinstance(place, Counter):
                pos.counter(place.counter, "stock")
                return f"{self._name(place.counter)} → stock"
            if isinstance(place, Weapon):
                pos.weapon(place.weapon, "stock")
                return f"{self._name(place.weapon)} → stock"
            if isinstance(place, TrackCircle):
                wid = _take_circle(pos, place)
                return f"{comps.wehrmacht_type_of(wid).name} taken off {place_name(place, comps)}"
        if verb == "def":
            colour, value = _str(args, "colour"), _int(args, "value")
            pos.defense(colour, value)
            return f"{colour} Defense {value}"
        if verb in ("hand-in", "hand-out", "hand-used", "stop", "wnext"):
            return self._apply_card(pos, verb, _str(args, "card"))
        if verb == "resume":
            point = _str(args, "point")
            pos.resume(point)
            return f"resume at {point}"
        if verb == "resume-wehrmacht":
            cards = _int(args, "cards")
            pos.resume("wehrmacht", cards=cards)
            return f"resume at wehrmacht ({cards} to come)"
        if verb == "turn":
            turn = state.turn + (1 if _str(args, "step") == "+" else -1)
            if turn < 1:
                raise PositionError("turns count from 1")
            state.turn = turn
            return f"turn {turn}"
        raise EditError(f"unknown edit {verb!r}")  # pragma: no cover - ids come from choice()

    @staticmethod
    def _apply_card(pos: Position, verb: str, card: str) -> str:
        """Move one card (2.1, 3.0); what was done, in words."""
        if verb == "hand-in":
            pos.hand(card)
            return f"{card} into the hand"
        if verb == "hand-out":
            pos.soviet_on_top(card)
            return f"{card} back on top of the Soviet deck"
        if verb == "hand-used":
            if card in pos.state.hand_used:
                pos.state.hand_used.remove(card)
                return f"{card} not used"
            pos.hand(used=[card])
            return f"{card} used"
        if verb == "stop":
            pos.soviet_on_top(card)
            return f"{card} on top of the Soviet deck"
        pos.wehrmacht_cards(card)
        return f"{card} on top of the Wehrmacht deck"

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


def _opt(verb: str, label: str, *targets: Place, **args: Arg) -> dict[str, Any]:
    """One option as the board draws it: its id written by the codec, the places it glows on."""
    return {"id": encode(verb, args, EDIT_VERBS), "label": label,
            "targets": [t.id for t in targets]}


def _str(args: dict[str, Arg], name: str) -> str:
    value = args[name]
    assert isinstance(value, str), (name, value)  # the codec read it by EDIT_VERBS
    return value


def _int(args: dict[str, Arg], name: str) -> int:
    value = args[name]
    assert isinstance(value, int), (name, value)
    return value


def _place(args: dict[str, Arg], name: str) -> Place:
    value = args[name]
    assert isinstance(value, Place), (name, value)
    return value


def _picked(verb: str, args: dict[str, Arg]) -> Picked:
    """What a pick verb picks: an item, a circle, a place holding tokens, a pile of cards."""
    if verb == "wpick":
        return TrackCircle(_int(args, "track"), _int(args, "circle"))
    if verb == "tokplace":
        return _place(args, "place")
    return _str(args, "pile" if verb == "cards" else "item")


def _on_circle(pos: Position, circle: TrackCircle) -> str:
    """The Wehrmacht counter on a circle, or ""."""
    return pos.state.tracks[circle.track - 1][circle.circle - 1]


def _take_circle(pos: Position, circle: TrackCircle) -> str:
    """Take the Wehrmacht counter off a circle; its id."""
    wid = _on_circle(pos, circle)
    if not wid:
        raise PositionError(f"track {circle.track}, circle {circle.circle} is empty")
    pos.state.tracks[circle.track - 1][circle.circle - 1] = ""
    return wid


__all__ = ["ACTIONS", "EDIT_VERBS", "RESUME_LABELS", "TOOLS", "EditError", "Editor",
           "copy_position"]
