"""The Soviet Counter Phase (4.0): move three counters, then act with three.

Moves (4.0 Move): a counter goes from Reserves or its position to another combat position;
one counter per position unless two counters of the same weapon designation share it with
their weapon; a counter moving onto an occupied position displaces the occupant (which moves
for free to an empty position or Reserves). No counter may move onto a position held by an
Exhausted or Disrupted counter, to displace it or to join it (see ``docs/rules-notes.md``).
A counter may carry a weapon of its designation; a weapon left alone goes to Reserves.

Actions (one per counter, marked with an Action token): Attack, Suppress, Command, Request
Reinforcements, Forward Observer, the two-counter weapon actions (Anti-tank, Machine Gun,
Mortar, with the Inspire bonus) and Recover. All but Recover exhaust the counter. A Suppress
(a counter's, the Machine Gun's or the Mortar's) places *up to* its value in Suppression
tokens: the player picks how many (at least one), then, on a two-coloured position, how to
split them between the colours.
Command Team (all Command counters on combat positions at the start) gives four of each.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from ..actions import (
    ACTIONS_DONE,
    BACK,
    DISRUPTED,
    DONE,
    EXHAUSTED,
    LEAVE,
    MOVES_DONE,
    ONE,
    Option,
)
from ..i18n import N_, _, language, ngettext
from ..machine import Engine, decision, fixed_option, source_words, step
from ..places import (
    RESERVES_BOX,
    Counter,
    Location,
    Square,
    SuppressionBox,
    TrackCircle,
    Weapon,
    counter_place,
    loc_key,
    suppress_key,
)
from ..sections import colour_name
from .reinforcements import can_afford, start_purchase

MOVE_RULE = "4.0 Move"
ARTILLERY_UNIT = "32nd-guards-artillery"
RESERVES = "reserves"
"""The Reserves box, as a counter's place (4.0 Move)."""
_NOT_IN_PLAY = frozenset({"stock", "removed", "raid"})  # counters that can take no action

TEAM_SPECIALS: dict[str, str] = {"at": "A", "mg-attack": "G", "mg-suppress": "G", "mortar": "M"}
"""The weapon actions of two counters (the ``kind`` of a ``team`` option) and the weapon
designation each needs (4.0 Soviet Counters and Weapon Counters)."""

_TEAM_RULES = {"A": "4.0 Anti-tank", "G": "4.0 Machine Gun", "M": "4.0 Mortar"}


def place_target(where: str) -> str:
    """The board region of a counter's place: ``"square:G4R1"``, ``"box:reserves"``.

    Places that are not drawn as a region (the stock, out of the game) give ``""``.
    """
    place = counter_place(where)
    return "" if place is None else place.id


def _regions(*targets: str) -> tuple[str, ...]:
    """The non-empty board regions, in order (for a log entry's ``targets``)."""
    return tuple(t for t in targets if t)


@step("counter_phase")
def counter_phase(e: Engine, f: dict[str, Any]) -> None:
    """Start the phase; Command Team gives four moves and four actions (4.0)."""
    s = e.s
    s.phase = "counter_moves"
    commanders = [cid for cid, spec in e.c.soviet_counters.items() if "C" in spec.specials]
    team = bool(commanders) and all(e.is_square(s.soviet[c].where) for c in commanders)
    n = 4 if team else 3
    s.moves_left = s.actions_left = n
    s.moved = []
    if team:
        e.log(_("Command Team: four moves and four actions this phase"), "4.0 Command Team",
              targets=tuple(Counter(c).id for c in commanders))
    e.push_seq(
        [{"op": "move_loop"}, {"op": "counter_actions_start"}, {"op": "counter_phase_end"}]
    )


# --- moves ----------------------------------------------------------------------------------


def _special(e: Engine, cid: str) -> str | None:
    return e.c.soviet_counters[cid].weapon_special


def _matching_weapons(e: Engine, where: str, special: str | None) -> list[str]:
    if special is None:
        return []
    return [w for w in e.weapons_at(where) if e.c.weapons[w].special == special]


def destinations(
    e: Engine, cid: str, occupancy: dict[str, list[str]] | None = None
) -> dict[str, tuple[str, str]]:
    """Legal destination squares of a move: square id → (kind, other counter).

    ``kind`` is ``empty``, ``join`` (share with a same-designation counter and its weapon)
    or ``displace`` (the occupant moves out for free). A position held by an Exhausted or
    Disrupted counter is no destination at all (4.0 Move). ``occupancy`` is
    :meth:`Engine.occupancy` when the caller already has it (it must be current).
    """
    occ = e.occupancy() if occupancy is None else occupancy
    origin = e.s.soviet[cid].where
    special = _special(e, cid)
    out: dict[str, tuple[str, str]] = {}
    for sq_id in e.square_ids:
        if sq_id == origin:
            continue
        here = occ.get(sq_id)
        if not here:  # the usual case, decided without a call
            out[sq_id] = _EMPTY
            continue
        kind = _arrival(e, origin, special, sq_id, here)
        if kind is not None:
            out[sq_id] = kind
    return out


def joins(
    e: Engine, cid: str, occupancy: dict[str, list[str]] | None = None
) -> list[tuple[str, str]]:
    """The ``join`` destinations of :func:`destinations`, in the same order: (square, partner).

    Only a position holding one counter of the mover's designation can be joined (4.0
    Move), so only those are looked at: the heuristic player asks this of every weapon
    crew at every move decision, where the whole :func:`destinations` costs a pass over
    every position.
    """
    special = _special(e, cid)
    if special is None:
        return []
    occ = e.occupancy() if occupancy is None else occupancy
    origin = e.s.soviet[cid].where
    counters = e.c.soviet_counters
    out: list[tuple[str, str]] = []
    for sq_id in e.square_ids:
        here = occ.get(sq_id)
        if (here is None or len(here) != 1 or sq_id == origin
                or counters[here[0]].weapon_special != special):
            continue
        kind = _arrival(e, origin, special, sq_id, here)
        if kind is not None and kind[0] == "join":
            out.append((sq_id, kind[1]))
    return out


def destination(e: Engine, cid: str, target: str) -> tuple[str, str]:
    """How a counter would arrive on one legal destination (see :func:`destinations`)."""
    origin = e.s.soviet[cid].where
    kind = _arrival(e, origin, _special(e, cid), target, e.counters_at(target))
    assert kind is not None and target != origin, "checked legal by the decision"
    return kind


def _enterable(e: Engine, here: list[str]) -> bool:
    """Whether a held position may be moved onto, to join or displace its counter (4.0 Move).

    Only a position held by one counter, and that one neither Exhausted nor Disrupted: never
    onto an Exhausted or Disrupted counter, neither to displace it nor to join it with a
    weapon (the ban names the position, not the displacement).
    """
    if len(here) > 1:
        return False
    oc = e.s.soviet[here[0]]
    return not (oc.exhausted or oc.disrupted)


def _arrival(
    e: Engine, origin: str, special: str | None, sq_id: str, here: list[str] | None
) -> tuple[str, str] | None:
    """(kind, other counter) of a move from ``origin`` onto ``sq_id``; None if not allowed."""
    if not here:
        return _EMPTY
    if not _enterable(e, here):
        return None
    other = here[0]
    if (
        special is not None
        and _special(e, other) == special
        and (_matching_weapons(e, sq_id, special) or _matching_weapons(e, origin, special))
    ):
        return ("join", other)
    return ("displace", other)


_EMPTY = ("empty", "")


def movable(e: Engine) -> list[str]:
    """Counters that may still move this phase (in component order)."""
    occ = e.occupancy()
    # An empty square is a destination for every counter (its own square is not empty).
    # When every combat position is held, a counter has a destination (to join or displace,
    # whichever it would be) where a position other than its own may be entered.
    any_empty = any(sq_id not in occ for sq_id in e.square_ids)
    enterable = [] if any_empty else [
        sq_id for sq_id in e.square_ids if _enterable(e, occ[sq_id])]
    moved = e.s.moved
    return [
        cid
        for cid, c in e.s.soviet.items()
        if c.where not in _NOT_IN_PLAY
        and cid not in moved
        and (any_empty or any(sq_id != c.where for sq_id in enterable))
    ]


@step("move_loop")
def move_loop(e: Engine, f: dict[str, Any]) -> None:
    """Offer another move while moves remain."""
    if e.s.moves_left <= 0:
        return
    options = _move_pick_options(e, {})
    if len(options) > 1:  # more than "Done moving"
        n = e.s.moves_left
        prompt = ngettext("Move a Soviet counter ({count} move left)",
                          "Move a Soviet counter ({count} moves left)", n)
        e.ask("move_pick", prompt.format(count=n), MOVE_RULE)
        e.offer(options)


# The options below are memoised with the language they are in (``lang``, language() when
# they are asked for): a label is the same words only in the same language.


@cache
def _move_option(cid: str, name: str, lang: str) -> Option:
    return Option("move", _("Move {name}").format(name=name), (Counter(cid).id,), counter=cid)


def _move_pick_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    lang = language()
    opts = [_move_option(cid, e.name(cid), lang) for cid in movable(e)]
    opts.append(fixed_option(MOVES_DONE, N_("Done moving")))
    return opts


@decision("move_pick", _move_pick_options)
def move_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Pick the counter to move, or end the moves."""
    if picked.verb == MOVES_DONE:
        e.log(_("Moves done"), MOVE_RULE)
        return
    cid = picked.str_arg("counter")
    e.ask("move_to", _("Move {name} to which position?").format(name=e.name(cid)), MOVE_RULE,
          counter=cid)


@cache
def _to_option(sq_id: str, label: str, kind: str, other: str, lang: str) -> Option:
    """A move's destination (memoised: ``other`` is the occupant's name, if any)."""
    if kind == "join":
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        label = _("{position}, joining {name}").format(position=label, name=other)
    elif kind == "displace":
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        label = _("{position}, displacing {name}").format(position=label, name=other)
    return Option("to", label, (Square(sq_id).id,), place=sq_id)


def _move_to_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    labels = e.square_label
    lang = language()
    opts = [
        _to_option(sq_id, labels(sq_id), kind, e.name(other) if other else "", lang)
        for sq_id, (kind, other) in destinations(e, p["counter"]).items()
    ]
    opts.append(fixed_option(BACK, N_("Choose another counter")))
    return opts


@decision("move_to", _move_to_options)
def move_to(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Choose the destination; then whether to carry a weapon; then where the displaced go."""
    cid = p["counter"]
    if picked.verb == BACK:
        e.push("move_loop")
        return
    target = picked.str_arg("place")
    kind, _other = destination(e, cid, target)
    origin = e.s.soviet[cid].where
    special = _special(e, cid)
    carry = _matching_weapons(e, origin, special)
    must_carry = kind == "join" and not _matching_weapons(e, target, special)
    if carry:
        e.ask(
            "carry_weapon",
            _("Does {name} take a weapon along?").format(name=e.name(cid)),
            "4.0 Soviet Counters and Weapon Counters",
            counter=cid,
            target=target,
            must=must_carry,
        )
        return
    _perform_move(e, cid, target, "")


@cache
def _carry_option(wid: str, name: str, lang: str) -> Option:
    # TRANSLATORS: {weapon} is a weapon's name, such as "Maxim M1910 machine gun"
    return Option("carry", _("Take the {weapon}").format(weapon=name), (Weapon(wid).id,),
                  weapon=wid)


def _carry_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    cid = p["counter"]
    origin = e.s.soviet[cid].where
    lang = language()
    opts = [_carry_option(w, e.name(w), lang)
            for w in _matching_weapons(e, origin, _special(e, cid))]
    if not p["must"]:
        opts.append(fixed_option(LEAVE, N_("Move without a weapon")))
    return opts


@decision("carry_weapon", _carry_options)
def carry_weapon(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Carry the chosen weapon (or none) along with the move."""
    weapon = "" if picked.verb == LEAVE else picked.str_arg("weapon")
    _perform_move(e, p["counter"], p["target"], weapon)


def _perform_move(e: Engine, cid: str, target: str, weapon: str) -> None:
    s = e.s
    kind, other = destination(e, cid, target)
    origin = s.soviet[cid].where
    s.soviet[cid].where = target
    if weapon:
        s.weapons[weapon] = target
    s.moved.append(cid)
    s.moves_left -= 1
    if weapon:
        # TRANSLATORS: {origin} and {destination} are places such as "position G3/R2" or
        # "Reserves"; {weapon} is a weapon's name
        text = _("{name} moves from {origin} to {destination} with the {weapon}").format(
            name=e.name(cid), origin=e.where_label(origin), destination=e.where_label(target),
            weapon=e.name(weapon))
    else:
        # TRANSLATORS: {origin} and {destination} are places such as "position G3/R2" or
        # "Reserves"
        text = _("{name} moves from {origin} to {destination}").format(
            name=e.name(cid), origin=e.where_label(origin), destination=e.where_label(target))
    e.log(text, MOVE_RULE, targets=_regions(Counter(cid).id, Weapon(weapon).id if weapon else "",
                                 place_target(origin), place_target(target)))
    e.push("move_loop")
    e.settle_weapons(origin)
    if kind == "displace":
        e.ask(
            "displace_to",
            _("{name} is displaced: move it (free) to an empty position or Reserves").format(
                name=e.name(other)),
            MOVE_RULE,
            counter=other,
            square=target,
        )


@cache
def _square_option(sq_id: str, label: str) -> Option:
    return Option("to", label, (Square(sq_id).id,), place=sq_id)


def _displace_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    occ = e.occupancy()
    opts = [_square_option(sq_id, e.square_label(sq_id)) for sq_id in e.square_ids
            if sq_id not in occ]
    opts.append(fixed_option("to", N_("Reserves"), (RESERVES_BOX.id,), place=RESERVES))
    return opts


@decision("displace_to", _displace_options)
def displace_to(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The displaced counter's free move; it takes its own weapon along."""
    cid, square = p["counter"], p["square"]
    target = picked.str_arg("place")
    e.s.soviet[cid].where = target
    weapons = _matching_weapons(e, square, _special(e, cid))
    for w in weapons:
        e.s.weapons[w] = target
    # TRANSLATORS: {destination} is a place such as "position G3/R2" or "Reserves"
    e.log(_("{name} is displaced to {destination} (free move)").format(
        name=e.name(cid), destination=e.where_label(target)), MOVE_RULE,
          targets=(Counter(cid).id, *(Weapon(w).id for w in weapons), place_target(square),
                   place_target(target)))


# --- actions --------------------------------------------------------------------------------


@step("counter_actions_start")
def counter_actions_start(e: Engine, f: dict[str, Any]) -> None:
    """After the moves, the actions (4.0)."""
    e.s.phase = "counter_actions"
    e.push("action_loop")


@step("action_loop")
def action_loop(e: Engine, f: dict[str, Any]) -> None:
    """Offer another action while actions remain and any is possible."""
    if e.s.actions_left <= 0:
        return
    options = _act_options(e, {})
    if len(options) > 1:  # more than "End the Soviet Counter Phase"
        n = e.s.actions_left
        e.ask(
            "act_pick",
            ngettext("Choose a counter action ({count} left) or end the phase",
                     "Choose a counter action ({count} left) or end the phase", n).format(count=n),
            "4.0 Soviet Counter Phase",
        )
        e.offer(options)


@step("counter_phase_end")
def counter_phase_end(e: Engine, f: dict[str, Any]) -> None:
    """Remove every Action and Command token (4.0 Ending the Soviet Counter Phase)."""
    e.clear_markers()
    e.s.actions_left = e.s.moves_left = 0
    e.log(_("Action and Command tokens are removed"), "4.0 Ending the Soviet Counter Phase")


def _wehrmacht_in_sight(e: Engine, where: str, kind: str | None) -> list[tuple[int, int, str]]:
    """(track index, circle index, counter) of Wehrmacht counters a position can see."""
    colours = e.line_of_sight(where)
    out = []
    for t in e.c.board.tracks:
        if t.colour not in colours:
            continue
        for i, wid in enumerate(e.s.tracks[t.number - 1]):
            if wid and (kind is None or e.c.wehrmacht_type_of(wid).kind == kind):
                out.append((t.number - 1, i, wid))
    return out


def ready_to_act(e: Engine, cid: str) -> bool:
    """Whether a counter may still take an action this phase (4.0).

    Not Exhausted, not Disrupted, no Action or Command token yet, not away on a raid.
    """
    c = e.s.soviet[cid]
    return not c.exhausted and not c.disrupted and not c.marker and c.where != "raid"


def command_targets(e: Engine, commander: str) -> list[str]:
    """Counters a Command action may Recover (4.0 Command).

    Any other counter in the house, on a combat position or in Reserves, that is Exhausted or
    Disrupted, has no Action token and has not the Command designation itself.
    """
    return [
        cid
        for cid in e.house_counters()
        if cid != commander
        and "C" not in e.c.soviet_counters[cid].specials
        and e.s.soviet[cid].marker != "action"
        and e.s.soviet[cid].where != "raid"
        and (e.s.soviet[cid].exhausted or e.s.soviet[cid].disrupted)
    ]


def inspire_bonus(e: Engine, special: str) -> int:
    """+1 when a counter with Inspire and this designation is on a combat position (4.0)."""
    soviet = e.s.soviet
    for cid in e.c.inspirers.get(special, ()):
        if e.is_square(soviet[cid].where):
            return 1
    return 0


def _team_pairs(e: Engine) -> list[tuple[str, list[str], str]]:
    """(square, [two counters], weapon) for every crewed weapon that could act."""
    out = []
    occ = e.occupancy()
    for sq_id in e.square_ids:
        here = occ.get(sq_id)
        if here is None or len(here) != 2:
            continue
        if not (ready_to_act(e, here[0]) and ready_to_act(e, here[1])):
            continue
        special = _special(e, here[0])
        if special is None or _special(e, here[1]) != special:
            continue
        weapons = _matching_weapons(e, sq_id, special)
        if weapons:
            out.append((sq_id, here, weapons[0]))
    return out


_NOTHING_TO_DO: dict[tuple[bool, bool, bool], str] = {
    # (Attack, Suppress, Command): why a counter with these actions has none to take now
    # TRANSLATORS: {colours} are the colours of the tracks the counter sees ("green, red")
    (True, True, True): N_(
        "{name} has nothing to do: no German infantry on a track it sees ({colours}); "
        "no Suppression token in Supplies; no Exhausted or Disrupted counter to command"),
    # TRANSLATORS: {colours} are the colours of the tracks the counter sees ("green, red")
    (True, True, False): N_(
        "{name} has nothing to do: no German infantry on a track it sees ({colours}); "
        "no Suppression token in Supplies"),
    # TRANSLATORS: {colours} are the colours of the tracks the counter sees ("green, red")
    (True, False, True): N_(
        "{name} has nothing to do: no German infantry on a track it sees ({colours}); "
        "no Exhausted or Disrupted counter to command"),
    # TRANSLATORS: {colours} are the colours of the tracks the counter sees ("green, red")
    (True, False, False): N_(
        "{name} has nothing to do: no German infantry on a track it sees ({colours})"),
    (False, True, True): N_(
        "{name} has nothing to do: no Suppression token in Supplies; "
        "no Exhausted or Disrupted counter to command"),
    (False, True, False): N_("{name} has nothing to do: no Suppression token in Supplies"),
    (False, False, True): N_(
        "{name} has nothing to do: no Exhausted or Disrupted counter to command"),
}
"""Why a counter on a combat position has no action, by which of Attack, Suppress and
Command it has (4.0): each a whole sentence for the catalogs."""


def why_no_action(e: Engine, cid: str) -> str:
    """Why a counter is offered no action now, in a person's words (4.0, 1.3).

    Asked only of a counter with no legal action (the options above decide legality); the
    first reason that applies is given.
    """
    c, spec, name = e.s.soviet[cid], e.c.soviet_counters[cid], e.name(cid)
    if c.where in ("stock", "removed"):
        return _("{name} is not in the house").format(name=name)
    if c.where == "raid":
        return _("{name} is away on the raid").format(name=name)
    if c.marker == "action":
        return _("{name} has already taken an action this phase (one action per "
                 "counter)").format(name=name)
    if c.marker == "command":
        return _("{name} was recovered by Command this phase and may not act").format(name=name)
    if e.s.actions_left <= 0 or not e.count("stock", "action"):
        return _("no action is left this phase")
    if c.where == RESERVES:
        return _("{name} is in Reserves: counters act from a combat position").format(name=name)
    colours = ", ".join(colour_name(colour) for colour in e.line_of_sight(c.where))
    wants = (bool(spec.attack), bool(spec.suppress), "C" in spec.specials)
    if not any(wants):
        return _("{name} has no action it can take here").format(name=name)
    return _(_NOTHING_TO_DO[wants]).format(name=name, colours=colours)


def why_no_move(e: Engine, cid: str) -> str:
    """Why a counter is offered no move now (4.0 Move); asked only of one that cannot."""
    c, name = e.s.soviet[cid], e.name(cid)
    if c.where in _NOT_IN_PLAY:
        if c.where == "raid":
            return _("{name} is on the raid").format(name=name)
        return _("{name} is not in the house").format(name=name)
    if cid in e.s.moved:
        return _("{name} has already moved this phase (each counter moves once)").format(
            name=name)
    if e.s.moves_left <= 0:
        return _("no move is left this phase")
    return _("{name} has no position to go to: each is held by a counter it may not "
             "displace").format(name=name)


def why_not_there(e: Engine, cid: str, square: str) -> str:
    """Why a counter may not move onto ``square`` (4.0 Move).

    Asked only of a square it may not enter.
    """
    if e.s.soviet[cid].where == square:
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        return _("{name} is already on {position}").format(name=e.name(cid),
                                                          position=e.square_label(square))
    here = e.counters_at(square)
    if len(here) > 1:
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        return _("{position} holds a weapon team of two counters").format(
            position=e.square_label(square))
    if here:
        other = e.s.soviet[here[0]]
        if other.exhausted:
            # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
            return _("{name} on {position} is Exhausted: no counter may move onto its "
                     "position").format(name=e.name(here[0]), position=e.square_label(square))
        # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
        return _("{name} on {position} is Disrupted: no counter may move onto its "
                 "position").format(name=e.name(here[0]), position=e.square_label(square))
    # TRANSLATORS: {position} is a combat position's label such as "G3/R2"
    return _("{name} may not move onto {position}").format(name=e.name(cid),
                                                          position=e.square_label(square))


def _act_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    return [*_iter_act_options(e), fixed_option(ACTIONS_DONE, N_("End the Soviet Counter Phase"))]


@cache
def _act_option(verb: str, cid: str, name: str, lang: str, n: int = 0) -> Option:
    """One counter's action (pure, so memoised: the same ones are offered all game)."""
    if verb == "attack":
        label = ngettext("{name}: Attack ({count} die)", "{name}: Attack ({count} dice)",
                         n).format(name=name, count=n)
    elif verb == "suppress":
        # TRANSLATORS: {count} is the counter's Suppress value (Suppression tokens, up to)
        label = _("{name}: Suppress ({count})").format(name=name, count=n)
    elif verb == "command":
        label = _("{name}: Command (3 Recovers)").format(name=name)
    elif verb == "radio":
        label = _("{name}: Request Reinforcements").format(name=name)
    elif verb == "observe":
        label = _("{name}: Forward Observer").format(name=name)
    else:
        assert verb == "recover", verb
        label = _("{name}: Recover").format(name=name)
    return Option(verb, label, (Counter(cid).id,), counter=cid)


@cache
def _team_option(kind: str, sq_id: str, names: tuple[str, str], weapon: str,
                 pair: tuple[str, str], weapon_id: str, lang: str) -> Option:
    """A two-counter weapon action (memoised like :func:`_act_option`).

    ``names`` are the counters' names and ``weapon`` the weapon's, in the language ``lang``.
    """
    first, second = names
    if kind == "at":
        # TRANSLATORS: two Soviet counters and their weapon's name
        label = _("{first} & {second}: Anti-tank ({weapon})").format(
            first=first, second=second, weapon=weapon)
    elif kind == "mg-attack":
        label = _("{first} & {second}: Machine Gun attack").format(first=first, second=second)
    elif kind == "mg-suppress":
        label = _("{first} & {second}: Machine Gun suppress").format(first=first, second=second)
    else:
        assert kind == "mortar", kind
        # TRANSLATORS: two Soviet counters and their weapon's name
        label = _("{first} & {second}: Mortar ({weapon})").format(
            first=first, second=second, weapon=weapon)
    return Option(
        "team",
        label,
        (Counter(pair[0]).id, Counter(pair[1]).id, Weapon(weapon_id).id),
        kind=kind,
        square=sq_id,
    )


def _colours_in_sight_of(e: Engine) -> dict[str | None, set[str]]:
    """Track colours holding Wehrmacht counters: of any kind (key None), and by kind."""
    anything: set[str] = set()
    out: dict[str | None, set[str]] = {None: anything}
    type_of = e.c.wehrmacht_type_of
    tracks = e.s.tracks
    for track in e.c.board.tracks:
        colour = track.colour
        for wid in tracks[track.number - 1]:
            if wid:
                anything.add(colour)
                kind = type_of(wid).kind
                if kind in out:
                    out[kind].add(colour)
                else:
                    out[kind] = {colour}
    return out


def _iter_act_options(e: Engine) -> Iterator[Option]:
    """The counter actions possible now, in their fixed order."""
    s = e.s
    if s.tokens["stock"].get("action", 0) <= 0:
        return
    occupied = _colours_in_sight_of(e)
    no_colours: set[str] = set()

    def sees(where: str, kind: str | None) -> bool:
        colours = occupied.get(kind, no_colours)
        return any(colour in colours for colour in e.line_of_sight(where))

    supplies = e.count("supplies", "suppression")
    artillery = any(
        s.tokens.get(key, {}).get("artillery", 0) for _, key in e.unit_loc_keys(ARTILLERY_UNIT)
    )
    specs = e.c.soviet_counters
    lang = language()
    for cid, c in s.soviet.items():
        where = c.where
        if c.marker or where in _NOT_IN_PLAY:
            continue
        spec = specs[cid]
        name = e.name(cid)
        tired = c.exhausted or c.disrupted
        if not tired and e.is_square(where):
            if spec.attack and sees(where, "infantry"):
                yield _act_option("attack", cid, name, lang, spec.attack)
            if spec.suppress and supplies:
                yield _act_option("suppress", cid, name, lang, spec.suppress)
            if "C" in spec.specials and command_targets(e, cid):
                yield _act_option("command", cid, name, lang)
            if e.square(where).radio and not e.location_disrupted(4) and can_afford(e, 2):
                yield _act_option("radio", cid, name, lang)
            if "F" in spec.specials and artillery and sees(where, None):
                yield _act_option("observe", cid, name, lang)
        if tired:
            yield _act_option("recover", cid, name, lang)
    if s.actions_left >= 2 and s.tokens["stock"].get("action", 0) >= 2:
        for sq_id, pair, weapon in _team_pairs(e):
            w = e.c.weapons[weapon]
            names = (e.name(pair[0]), e.name(pair[1]))
            both = (pair[0], pair[1])
            wname = e.name(weapon)
            if w.special == "A" and w.attack and sees(sq_id, "armor"):
                yield _team_option("at", sq_id, names, wname, both, weapon, lang)
            if w.special == "G":
                if w.attack and sees(sq_id, "infantry"):
                    yield _team_option("mg-attack", sq_id, names, wname, both, weapon, lang)
                if w.suppress and supplies:
                    yield _team_option("mg-suppress", sq_id, names, wname, both, weapon, lang)
            if w.special == "M" and w.suppress and supplies:
                yield _team_option("mortar", sq_id, names, wname, both, weapon, lang)


def _act(e: Engine, cid: str, exhaust: bool) -> None:
    """Mark a counter as having acted: Action token, and the Exhausted side if it exhausts."""
    e.set_marker(cid, "action")
    if exhaust:
        e.s.soviet[cid].exhausted = True
    e.s.actions_left -= 1


@decision("act_pick", _act_options)
def act_pick(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Carry out the chosen counter action."""
    verb = picked.verb
    if verb == ACTIONS_DONE:
        e.log(_("The Soviet Counter Phase ends"), "4.0 Soviet Counter Phase")
        return
    e.push("action_loop")
    if verb == "team":
        _team_action(e, picked.str_arg("kind"), picked.str_arg("square"))
        return
    cid = picked.str_arg("counter")
    spec = e.c.soviet_counters[cid]
    where = e.s.soviet[cid].where
    me = Counter(cid).id
    if verb == "recover":
        _act(e, cid, exhaust=False)
        c = e.s.soviet[cid]
        if c.exhausted and c.disrupted:
            e.ask("recover_which", _("{name} recovers: which?").format(name=e.name(cid)),
                  "4.0 Recover", counter=cid, source="")
        else:
            recover(e, cid, DISRUPTED if c.disrupted else EXHAUSTED, "4.0 Recover")
        return
    _act(e, cid, exhaust=True)
    if verb == "attack":
        e.log(_("{name} attacks").format(name=e.name(cid)), "4.0 Attack", targets=(me,))
        _ask_fire_target(e, where, spec.attack, "infantry", spec.name, "4.0 Attack")
    elif verb == "suppress":
        _suppress(e, where, spec.suppress, spec.name, "4.0 Suppress", (me,))
    elif verb == "command":
        e.log(_("{name} takes Command").format(name=e.name(cid)), "4.0 Command", targets=(me,))
        e.push("command_loop", commander=cid, left=3)
    elif verb == "radio":
        e.log(_("{name} radios for reinforcements").format(name=e.name(cid)),
              "4.0 Request Reinforcements",
              targets=(me, place_target(where)))
        start_purchase(e, 2, "4.0 Request Reinforcements")
    elif verb == "observe":
        loc = next(n for n in e.unit_locations(ARTILLERY_UNIT) if e.count(loc_key(n), "artillery"))
        e.move_tokens("artillery", loc_key(loc), "stock")
        # TRANSLATORS: {location} is the number of a Volga location
        e.log(_("{name} calls in the artillery readied on {location}").format(
            name=e.name(cid), location=loc), "4.0 Forward Observer",
              targets=(me, Location(loc).id))
        e.ask("fo_target", _("{name}: choose the first target").format(name=e.name(cid)),
              "4.0 Forward Observer", observer=cid)


def recover(e: Engine, cid: str, what: str, rule: str) -> None:
    """Remove a Disrupted token or flip back from Exhausted (4.0 Recover).

    ``what`` is :data:`.DISRUPTED` or :data:`.EXHAUSTED` (the verbs of ``recover_which``
    and the ``fix`` of a Command Recover).
    """
    if what == DISRUPTED:
        e.set_disrupted(cid, False)
        e.log(_("{name} recovers: Disrupted token removed").format(name=e.name(cid)), rule,
              targets=(Counter(cid).id,))
    else:
        e.s.soviet[cid].exhausted = False
        e.log(_("{name} recovers: no longer Exhausted").format(name=e.name(cid)), rule,
              targets=(Counter(cid).id,))


@cache
def _recover_pair(cid: str, lang: str) -> tuple[Option, Option]:
    tgt = (Counter(cid).id,)
    return (Option(DISRUPTED, _("Remove the Disrupted token"), tgt),
            Option(EXHAUSTED, _("Flip back from Exhausted"), tgt))


def _recover_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    return list(_recover_pair(p["counter"], language()))


@decision("recover_which", _recover_options)
def recover_which(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """A counter both Disrupted and Exhausted recovers one of the two."""
    recover(e, p["counter"], picked.verb, "4.0 Recover")


# --- attacks and suppression ---------------------------------------------------------------


def _ask_fire_target(e: Engine, where: str, dice: int, kind: str, source: str, rule: str) -> None:
    # TRANSLATORS: {source} is what fires: a Soviet counter, or two with their weapon
    prompt = ngettext("{source}: choose a target ({count} die)",
                      "{source}: choose a target ({count} dice)", dice)
    e.ask("fire_target", prompt.format(source=source_words(source), count=dice), rule,
          where=where, dice=dice, target_kind=kind, source=source)


def _fire_target_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    return [
        Option(
            "target",
            _("{name} on track {track} (Defense {defense})").format(
                name=e.name(wid), track=t + 1, defense=e.wehrmacht_defense(wid)),
            (TrackCircle(t + 1, i + 1).id,),
            counter=wid,
        )
        for t, i, wid in _wehrmacht_in_sight(e, p["where"], p["target_kind"])
    ]


@decision("fire_target", _fire_target_options)
def fire_target(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Roll the attack against the chosen target."""
    fire(e, picked.str_arg("counter"), p["dice"], p["source"], p["rule"])


def fire(e: Engine, wid: str, dice: int, source: str, rule: str) -> None:
    """Roll ``dice`` dice at a Wehrmacht counter: any die ≥ its Defense removes it (4.0)."""
    defense = e.wehrmacht_defense(wid)
    # TRANSLATORS: {source} is what fires; {target} is a Wehrmacht counter's name
    label = ngettext("{source}: {count} die against {target} Defense {defense}",
                     "{source}: {count} dice against {target} Defense {defense}", dice)
    e.roll(
        dice,
        {"type": "any", "target": defense},
        label.format(source=source_words(source), count=dice, target=e.name(wid),
                     defense=defense),
        rule,
        "fire_result",
        target=wid,
        source=source,
        rule_name=rule,
    )


def _track_region(e: Engine, wid: str) -> str:
    """``"track:<track>:<circle>"`` (1-based) of a Wehrmacht counter on a track, else ``""``."""
    for t, track in enumerate(e.s.tracks):
        if wid in track:
            return TrackCircle(t + 1, track.index(wid) + 1).id
    return ""


@step("fire_result")
def fire_result(e: Engine, f: dict[str, Any]) -> None:
    """A hit returns the Wehrmacht counter to the stock; the others on its track stay put."""
    wid = f["target"]
    region = _regions(_track_region(e, wid))
    if not any(d >= e.wehrmacht_defense(wid) for d in f["dice"]):
        # TRANSLATORS: {source} is what fires; {target} is a Wehrmacht counter's name
        e.log(_("{source} misses the {target}").format(source=source_words(f["source"]),
                                                       target=e.name(wid)),
              f["rule_name"], targets=region)
        return
    for track in e.s.tracks:
        if wid in track:
            track[track.index(wid)] = ""
            # TRANSLATORS: {target} is a Wehrmacht counter's name
            e.log(_("The {target} is destroyed and returns to the stock").format(
                target=e.name(wid)), f["rule_name"],
                  targets=region, removed=(wid,))
            return


def _suppress(e: Engine, where: str, value: int, source: str, rule: str,
              actors: tuple[str, ...]) -> None:
    """Place up to ``value`` Suppression tokens from Supplies in the position's colour box(es).

    4.0 Suppress: the player chooses how many, from one up to the value (or what Supplies
    holds); when only one is possible there is nothing to ask. ``actors`` are the board
    regions of the counters (and weapon) that suppress, for the log.
    """
    most = min(value, e.count("supplies", "suppression"))
    assert most >= 1, "a Suppress is offered only with a value and tokens in Supplies"
    colours = list(e.line_of_sight(where))
    if most > 1:
        # TRANSLATORS: {source} is what suppresses: a Soviet counter, or two with their weapon
        prompt = ngettext("{source}: place how many Suppression tokens (up to {count})?",
                          "{source}: place how many Suppression tokens (up to {count})?", most)
        e.ask("suppress_count", prompt.format(source=source_words(source), count=most),
              rule, most=most, colours=colours, source=source, actors=list(actors))
        return
    if value > 1 and len(colours) == 1:  # a choice of how many, made unasked: the log says so
        e.move_tokens("suppression", "supplies", suppress_key(colours[0]))
        # TRANSLATORS: {source} is what suppresses: a Soviet counter, or two with their weapon
        e.log(_("Only 1 Suppression token was in Supplies, so {source} placed it in the "
                "{colour} Suppression box").format(source=source_words(source),
                                                   colour=colour_name(colours[0])),
              rule, kind="auto",
              targets=(*actors, SuppressionBox(colours[0]).id))
        return
    _place_suppression(e, most, colours, source, rule, actors)


@cache
def _count_option(k: int, colours: tuple[str, ...], lang: str) -> Option:
    """Placing ``k`` Suppression tokens (memoised: the same few are offered again and again)."""
    return Option("place", ngettext("Place {count} Suppression token",
                                    "Place {count} Suppression tokens", k).format(count=k),
                  tuple(SuppressionBox(c).id for c in colours), count=k)


def _count_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    colours = tuple(p["colours"])
    lang = language()
    return [_count_option(k, colours, lang) for k in range(p["most"], 0, -1)]


@decision("suppress_count", _count_options)
def suppress_count(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Place the chosen number of Suppression tokens (4.0 Suppress: up to the value)."""
    _place_suppression(e, picked.int_arg("count"), p["colours"], p["source"], p["rule"],
                       tuple(p["actors"]))


def _place_suppression(e: Engine, n: int, colours: list[str], source: str, rule: str,
                       actors: tuple[str, ...]) -> None:
    """Put ``n`` tokens in the one colour's box, or ask how to split them between two."""
    if len(colours) == 1:
        colour = colours[0]
        e.move_tokens("suppression", "supplies", suppress_key(colour), n)
        # TRANSLATORS: {source} is what suppresses: a Soviet counter, or two with their weapon
        text = ngettext("{source} suppresses: {count} token to the {colour} Suppression box",
                        "{source} suppresses: {count} tokens to the {colour} Suppression box", n)
        e.log(text.format(source=source_words(source), count=n, colour=colour_name(colour)),
              rule, targets=(*actors, SuppressionBox(colour).id))
        return
    # TRANSLATORS: {source} is what suppresses: a Soviet counter, or two with their weapon
    prompt = ngettext("{source}: split {count} Suppression token",
                      "{source}: split {count} Suppression tokens", n)
    e.ask("suppress_split", prompt.format(source=source_words(source), count=n), rule, n=n,
          colours=colours, source=source, actors=list(actors))


@cache
def _split_option(k: int, n: int, a: str, b: str, lang: str) -> Option:
    # TRANSLATORS: how many Suppression tokens go to each colour's box, such as "green 2 / red 1"
    label = _("{first_colour} {first_count} / {second_colour} {second_count}").format(
        first_colour=colour_name(a), first_count=k, second_colour=colour_name(b),
        second_count=n - k)
    return Option("split", label, (SuppressionBox(a).id, SuppressionBox(b).id), first=k)


def _split_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    n, (a, b) = p["n"], p["colours"]
    lang = language()
    return [_split_option(k, n, a, b, lang) for k in range(n, -1, -1)]


@decision("suppress_split", _split_options)
def suppress_split(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Split the tokens between the two colours of a two-coloured position (4.0 Suppress)."""
    k = picked.int_arg("first")
    a, b = p["colours"]
    e.move_tokens("suppression", "supplies", suppress_key(a), k)
    e.move_tokens("suppression", "supplies", suppress_key(b), p["n"] - k)
    # TRANSLATORS: {source} is what suppresses; then how many tokens go to each colour's box
    e.log(_("{source} suppresses: {first_count} to {first_colour}, {second_count} to "
            "{second_colour}").format(source=source_words(p["source"]), first_count=k,
                                      first_colour=colour_name(a), second_count=p["n"] - k,
                                      second_colour=colour_name(b)), p["rule"],
          targets=(*p.get("actors", ()), SuppressionBox(a).id, SuppressionBox(b).id))


# --- Command -------------------------------------------------------------------------------


@step("command_loop")
def command_loop(e: Engine, f: dict[str, Any]) -> None:
    """Offer the next of the three free Recovers (4.0 Command)."""
    if f["left"] > 0 and command_targets(e, f["commander"]):
        e.ask(
            "command_target",
            ngettext("{name} commands: {count} Recover left",
                     "{name} commands: {count} Recovers left", f["left"]).format(
                name=e.name(f["commander"]), count=f["left"]),
            "4.0 Command",
            commander=f["commander"],
            left=f["left"],
        )


@cache
def _cmd_option(cid: str, name: str, fix: str, lang: str) -> Option:
    if fix == DISRUPTED:
        label = _("{name}: remove Disrupted").format(name=name)
    else:
        label = _("{name}: flip from Exhausted").format(name=name)
    return Option("cmd", label, (Counter(cid).id,), counter=cid, fix=fix)


def _command_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    opts = []
    lang = language()
    for cid in command_targets(e, p["commander"]):
        c = e.s.soviet[cid]
        if c.disrupted:
            opts.append(_cmd_option(cid, e.name(cid), DISRUPTED, lang))
        if c.exhausted:
            opts.append(_cmd_option(cid, e.name(cid), EXHAUSTED, lang))
    opts.append(fixed_option(DONE, N_("No more Recovers")))
    return opts


@decision("command_target", _command_options)
def command_target(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """One free Recover; the counter gets a Command token and cannot act this phase."""
    if picked.verb == DONE:
        return
    cid = picked.str_arg("counter")
    if e.s.soviet[cid].marker != "command":
        e.set_marker(cid, "command")
    recover(e, cid, picked.str_arg("fix"), "4.0 Command")
    e.push("command_loop", commander=p["commander"], left=p["left"] - 1)


# --- Forward Observer ----------------------------------------------------------------------


def _fo_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    where = e.s.soviet[p["observer"]].where
    return [
        Option("target", _("{name} on track {track}").format(name=e.name(wid), track=t + 1),
               (TrackCircle(t + 1, i + 1).id,), counter=wid)
        for t, i, wid in _wehrmacht_in_sight(e, where, None)
    ]


@decision("fo_target", _fo_options)
def fo_target(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """The first target; then an optional adjacent second one (4.0 Forward Observer)."""
    e.ask("fo_second", _("Forward Observer: a second, adjacent target?"),
          "4.0 Forward Observer",
          observer=p["observer"], first=picked.str_arg("counter"))


def _adjacent(e: Engine, wid: str) -> list[tuple[int, int, str]]:
    for t, track in enumerate(e.s.tracks):
        if wid in track:
            i = track.index(wid)
            return [(t, j, track[j]) for j in (i - 1, i + 1) if 0 <= j < len(track) and track[j]]
    return []


def _fo_second_options(e: Engine, p: dict[str, Any]) -> list[Option]:
    opts = [
        Option("target", _("Also {name} (circle {circle})").format(name=e.name(wid), circle=i + 1),
               (TrackCircle(t + 1, i + 1).id,), counter=wid)
        for t, i, wid in _adjacent(e, p["first"])
    ]
    opts.append(fixed_option(ONE, N_("Only the first target")))
    return opts


@decision("fo_second", _fo_second_options)
def fo_second(e: Engine, p: dict[str, Any], picked: Option) -> None:
    """Roll against each target in turn."""
    targets = [p["first"]] + ([] if picked.verb == ONE else [picked.str_arg("counter")])
    dice = e.o.forward_observer_dice
    name = e.c.counter_names[p["observer"]]  # English in the frame: source_words() reads it
    frames = [
        {"op": "fo_fire", "target": w, "dice_count": dice, "source": f"{name} (artillery)"}
        for w in targets
    ]
    e.push_seq(frames)


@step("fo_fire")
def fo_fire(e: Engine, f: dict[str, Any]) -> None:
    """One Forward Observer attack roll."""
    fire(e, f["target"], f["dice_count"], f["source"], "4.0 Forward Observer")


# --- weapon teams --------------------------------------------------------------------------


def _team_action(e: Engine, kind: str, square: str) -> None:
    pair = e.counters_at(square)
    special = TEAM_SPECIALS[kind]
    weapon = _matching_weapons(e, square, special)[0]
    w = e.c.weapons[weapon]
    for cid in pair:
        _act(e, cid, exhaust=True)
    bonus = inspire_bonus(e, special) if special in ("A", "G") else 0
    names = " & ".join(e.c.counter_names[c] for c in pair)
    source = f"{names} ({w.name})"  # English in the frames: source_words() reads it
    rule = _TEAM_RULES[special]
    if bonus:
        e.log(_("Inspire: one extra die or token"), "4.0 Inspire")
    if kind == "at":
        _ask_fire_target(e, square, w.attack + bonus, "armor", source, rule)
    elif kind == "mg-attack":
        _ask_fire_target(e, square, w.attack + bonus, "infantry", source, rule)
    else:  # mg-suppress, mortar: a Suppress action with the weapon's value
        actors = (*(Counter(c).id for c in pair), Weapon(weapon).id)
        _suppress(e, square, w.suppress + bonus, source, rule, actors)
