"""The one state checker: every way a state can break the rules of the game or its components.

:func:`problems` lists them, each as ``"<field>: <what is wrong> (<rule>)"``, for instance
``"soviet.pavlov.where: unknown place 'G9R9' (1.2 The Game Board)"``. It reads a bare
:class:`~pavlov_widgets.engine.state.GameState`, so a position being edited can be checked
before it becomes a game. Three callers build on it:

* :func:`check_state` — save loading: a hand-edited save fails with
  :class:`~pavlov_widgets.engine.errors.SaveFormatError` naming its first bad field;
* :func:`check_invariants` — after every step of the simulator and of the tests: the state's
  problems plus what only a running game can tell (it waits for a decision with at least one
  option, or for dice), as an :class:`InvariantError`;
* the position builder, which refuses a position whose problems are not empty.

What a state must satisfy:

* the Soviet counters (Setup 6), weapon counters (Setup 7) and Wehrmacht counters (Setup 8)
  are those of the components, each in one place the board has (1.2); a counter is on a Storm
  Group raid only while the raid is resolved (3.0 Storm Group); a counter out of play carries
  no token and is not Exhausted; Action and Command tokens sit on counters only during the
  Soviet Counter Phase's actions (4.0);
* one Soviet counter per combat position, except two of one weapon designation with a weapon
  of it (a weapon team), or a mover and the counter it displaces until that one moves
  (4.0 Move); no weapon alone on a position, nor without a crew of its designation (4.0 Soviet
  Counters and Weapon Counters);
* one Wehrmacht counter per circle, none on the board twice (3.0 Advance Wehrmacht
  Counters); each Defense value within its track (3.0 Attack Building);
* every token type in play as many times as the game has it (Setup 9), counting the
  Disrupted, Action and Command tokens on counters; tokens only where the rules put them: on a
  Volga location only the tokens its unit places there (the board's ``tokens`` field, 2.0) and
  Disrupted tokens, one of each, and one token besides a Disrupted one; Suppression tokens in
  the Suppression boxes, one Sapper token per Sapper location, supply tokens in Staging;
* every Wehrmacht, Resupply and Soviet card (and the variants' Tactics and Operational Support
  cards) in exactly one pile (Setup 2-5, 7.1, 7.2);
* the rule cursor names registered steps and decisions, and a chance step a valid dice test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from . import dice as dice_mod
from .components import COLOURS, SUPPLY_TOKENS, Components
from .errors import SaveFormatError
from .machine import DECISIONS, STEPS
from .places import loc_key, sapper_key, suppress_key
from .settings import RuleSettings
from .state import MARKERS, PHASES, GameState
from .text import all_of, plural

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "InvariantError",
    "Problem",
    "check_invariants",
    "check_state",
    "check_variant_cards",
    "problem_list",
    "problems",
    "token_places",
]


class InvariantError(AssertionError):
    """A game whose state breaks a rule of the game; the message says which and where."""


# --- what the components allow, worked out once per set of components ---------------------

COUNTER_PLACES: frozenset[str] = frozenset({"stock", "reserves", "removed"})
"""Places of a Soviet or weapon counter off the combat positions (Setup 6-7, 4.0)."""
FIXED_TOKEN_PLACES: tuple[str, ...] = ("stock", "removed", "supplies", "staging")
"""Token places every state lists, even empty (Setup 9, 1.2)."""
RAID_STEPS: frozenset[str] = frozenset({"raid_result", "raid_fates", "raid_casualty_roll",
                                        "casualty"})
"""Rule steps that resolve a Storm Group raid (3.0 Storm Group), its raiders off the board."""
_OUT_OF_PLAY = frozenset({"stock", "removed"})
_COLOURS = frozenset(COLOURS)
_MARKER_NAMES = {"action": "Action", "command": "Command"}
_CURSOR = "1.1 Game Overview"  # the turn's phases, one step, decision or roll at a time
_COUNTS = (("turn", "1.1 Game Overview"), ("cards_in_phase", "3.0 Wehrmacht Card Phase"),
           ("actions_left", "4.0 Soviet Counter Phase"), ("moves_left", "4.0 Move"))


@dataclass(frozen=True, slots=True)
class _TokenPlace:
    """What one token place may hold: the kinds (None: any), at most one of each or not."""

    kinds: frozenset[str] | None
    single: bool
    text: str
    rule: str


@dataclass(frozen=True, slots=True)
class _Tables:
    """The components' facts the checker reads at every step, looked up once."""

    squares: frozenset[str]
    labels: dict[str, str]
    names: dict[str, str]
    soviet: frozenset[str]
    crew: dict[str, str | None]
    weapons: frozenset[str]
    weapon_special: dict[str, str]
    wehrmacht: frozenset[str]
    circles: tuple[int, ...]
    token_places: dict[str, _TokenPlace]
    token_names: dict[str, str]
    totals: dict[str, int]
    wehrmacht_cards: frozenset[str]
    known_wehrmacht_cards: frozenset[str]
    soviet_cards: frozenset[str]
    tactics: frozenset[str]
    competitive_cards: frozenset[str]
    support: frozenset[str]
    defense: tuple[int, int]


_TABLES: dict[str, _Tables] = {}


def _tables(c: Components) -> _Tables:
    """The checker's tables for these components (by fingerprint: same files, same facts)."""
    got = _TABLES.get(c.fingerprint)
    if got is None:
        got = _TABLES[c.fingerprint] = _build_tables(c)
    return got


def token_places(components: Components) -> dict[str, frozenset[str] | None]:
    """Every place tokens can lie, in board order, with the kinds of token the rules put there.

    ``None`` is any kind (the stock, removed from play). A Volga location holds the tokens its
    unit places there and a Disrupted token (2.0), a Suppression box Suppression tokens (4.0
    Suppress), a Sapper location its Sapper token (2.0 Field Defenses), Staging the supply
    tokens (2.0 62nd Army Command Post), Supplies what was delivered (2.0 Volga Military
    Flotilla); the checker refuses any other (Setup 9).
    """
    return {place: rules.kinds for place, rules in _tables(components).token_places.items()}


def _token_list(kinds: frozenset[str], names: dict[str, str]) -> str:
    """The token types' names in the components' order, Disrupted (allowed anywhere) last."""
    order = list(names)
    ordered = [names[k] for k in sorted(kinds, key=lambda k: (k == "disrupted", order.index(k)))]
    return all_of(ordered)


def _build_tables(c: Components) -> _Tables:
    board = c.board
    names = {kind: spec.name for kind, spec in c.tokens.items()}
    any_kind = _TokenPlace(None, False, "", "Setup 9")
    in_supplies = {kind for kind, spec in c.tokens.items() if spec.in_supplies}
    # delivered Ammunition turns into Suppression at once; the other supply tokens stay
    supplies = frozenset({"suppression", *SUPPLY_TOKENS, *in_supplies} - {"ammunition"})
    places: dict[str, _TokenPlace] = {
        "stock": any_kind,
        "removed": any_kind,
        "supplies": _TokenPlace(supplies, False, "in the Supplies box",
                                "2.0 Volga Military Flotilla: Deliver Supplies"),
        "staging": _TokenPlace(frozenset(SUPPLY_TOKENS), False, "in the Staging Area",
                               "2.0 62nd Army Command Post"),
    }
    for colour in COLOURS:
        places[suppress_key(colour)] = _TokenPlace(
            frozenset({"suppression"}), False, f"in the {colour} Suppression box", "4.0 Suppress")
    for track in board.tracks:
        for circle in track.sapper_circles:
            places[sapper_key(track.number, circle)] = _TokenPlace(
                frozenset({"sapper"}), True, f"on the Sapper location of track {track.number}",
                "2.0 8th Guards Sapper Battalion: Field Defenses")
    homes = board.token_homes()
    for n, name in board.location_names.items():
        kinds = frozenset({"disrupted", *(k for k, locs in homes.items() if n in locs)})
        units = [u.name for u in board.units if n in u.locations and u.tokens]
        rule = f"2.0 {units[0]}" if units else "2.0 Soviet Card Phase"
        places[loc_key(n)] = _TokenPlace(kinds, True, f"on location {n} ({name})", rule)
    return _Tables(
        squares=frozenset(sq.id for sq in board.squares),
        labels={sq.id: sq.label for sq in board.squares},
        names=c.counter_names,
        soviet=frozenset(c.soviet_counters),
        crew={cid: spec.weapon_special for cid, spec in c.soviet_counters.items()},
        weapons=frozenset(c.weapons),
        weapon_special={wid: spec.special for wid, spec in c.weapons.items()},
        wehrmacht=frozenset(c.wehrmacht_counter_ids()),
        circles=tuple(t.circles for t in board.tracks),
        token_places=places,
        token_names=names,
        totals={kind: spec.total for kind, spec in c.tokens.items()},
        wehrmacht_cards=frozenset(
            [k for k, card in c.wehrmacht_cards.items() if not card.competitive]
            + list(c.resupply_cards)),
        known_wehrmacht_cards=frozenset([*c.wehrmacht_cards, *c.resupply_cards]),
        soviet_cards=frozenset(c.soviet_cards),
        tactics=frozenset(c.tactics),
        competitive_cards=frozenset(k for k, card in c.wehrmacht_cards.items()
                                    if card.competitive),
        support=frozenset(c.operational_support),
        defense=(board.defense_min, board.defense_max),
    )


# --- the checker ---------------------------------------------------------------------------


class Problem(NamedTuple):
    """One way a state breaks the rules: the field at fault, what is wrong, and the rule.

    ``str(problem)`` is the line :func:`problems` lists, ``"<field>: <text> (<rule>)"``;
    :meth:`sentence` says it to a person, without the field.

    Attributes:
        field: the state field at fault, as a path (``"weapons.m1937"``).
        text: what is wrong, in words.
        rule: the rulebook section broken ("" when none applies).
        subject: the counter the problem is about, as a person names it (``"Chekhov"``),
            where ``text`` does not name it; "" otherwise.
        plain: the whole problem in a person's words, where ``text`` speaks of the state's
            fields (``"resuming at counter_moves"``); "" when ``text`` says it well.
    """

    field: str
    text: str
    rule: str = ""
    subject: str = ""
    plain: str = ""

    def __str__(self) -> str:
        return f"{self.field}: {self.text} ({self.rule})" if self.rule else (
            f"{self.field}: {self.text}")

    def sentence(self) -> str:
        """The problem as a sentence for a learner: its subject, what is wrong, the rule."""
        text = self.plain or (f"{self.subject}: {self.text}" if self.subject else self.text)
        text = text[:1].upper() + text[1:]
        if self.rule and not self.plain:
            text = f"{text} ({self.rule})"
        return text if text.endswith((".", "!", "?")) else f"{text}."


class _Report:
    """Collects the problems found, in reading order."""

    __slots__ = ("found",)

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, field: str, text: str, rule: str = "", subject: str = "") -> None:
        self.found.append(Problem(field, text, rule, subject))


def problems(
    state: GameState, components: Components, settings: RuleSettings | None = None
) -> list[str]:
    """Every way ``state`` breaks the rules or the components, as lines ([] if none).

    Each line names the field and the rule, e.g. ``"weapons.m1937: the M1937 is alone on
    position G2; a weapon left alone goes to Reserves (4.0 Soviet Counters and Weapon
    Counters)"``: the :class:`Problem` objects of :func:`problem_list`, as text.
    """
    return [str(p) for p in problem_list(state, components, settings)]


def problem_list(
    state: GameState, components: Components, settings: RuleSettings | None = None
) -> list[Problem]:
    """Every way ``state`` breaks the rules or the components, in reading order ([] if none).

    With ``settings``, the variant cards dealt must also match the variants
    they turn on (7.1, 7.2); without, each variant's cards must be all dealt or none.
    The state need not be a game yet: a pending decision is not required.
    """
    t = _tables(components)
    out = _Report()
    _check_counters(state, t, out)
    _check_tracks(state, t, out)
    _check_tokens(state, t, out)
    _check_cards(state, t, out, settings)
    _check_cursor(state, t, out)
    return out.found


def check_state(
    state: GameState, components: Components, where: str = "state",
    settings: RuleSettings | None = None,
) -> None:
    """Raise :class:`SaveFormatError` naming the first problem of ``state`` (see :func:`problems`).

    ``settings`` are the game's rule settings when known (a save's ``settings``): a competitive
    game's deck holds the Competitive Riflemen card (7.4 Setup).

    Save loading calls it on the saved start (``where="save.initial"``), so a corrupt or
    impossible position fails on load, by field, instead of deep in a later step.
    """
    found = problems(state, components, settings)
    if found:
        raise SaveFormatError(f"{where}.{found[0]}")


def check_variant_cards(
    state: GameState, components: Components, options: RuleSettings, where: str
) -> None:
    """Raise :class:`SaveFormatError` if the variant cards dealt disagree with the settings.

    With Operational Support (7.1) or a Tactics level (7.2) on, setup deals every card of
    that variant into its piles; with it off, none. A save whose settings were changed after
    the deal would otherwise load as a game that can never play the variant.
    """
    for field, on, cards, piles, _rule in _variants(state, _tables(components), options):
        dealt = [card for pile in piles.values() for card in pile]
        if sorted(dealt) != (sorted(cards) if on else []):
            state_word = "on" if on else "off"
            raise SaveFormatError(
                f"save.settings.{field}: the variant is {state_word} but {where} holds "
                f"{len(dealt)} of its {len(cards)} cards"
            )
    t = _tables(components)
    decks = (state.wehrmacht_deck, state.wehrmacht_done, state.german_hand, state.orders,
             [state.wehrmacht_current])
    dealt_competitive = any(card in t.competitive_cards for pile in decks for card in pile)
    if dealt_competitive != options.competitive:
        state_word = "on" if options.competitive else "off"
        raise SaveFormatError(
            f"save.settings.competitive: the variant is {state_word} but {where} "
            f"{'lacks' if options.competitive else 'holds'} the Competitive Riflemen card "
            "(7.4 Setup)"
        )


def check_invariants(game: Game, *, allow_idle: bool = False) -> None:
    """Check what must hold at every step of every game (see the module docstring).

    The state's :func:`problems` (with the game's rule settings), then the cursor as only a
    game can tell it: a game not over waits for a decision with at least one option, no two
    alike, or for dice (1.1).

    Args:
        game: the game to check.
        allow_idle: a game started from a hand-made position at one rule step (a scenario
            test) waits for nothing once its steps have run; in a full game that is a stall,
            so it is allowed only when this is True.

    Raises:
        InvariantError: the first problem, after the turn and phase.
    """
    s = game.state
    found = problems(s, game.components, game.settings)
    if not found:
        if game.is_over:
            return
        p = s.pending
        if p is None:
            if allow_idle:
                return
            found = ["pending: the game is not over but waits for no decision or roll "
                     f"({_CURSOR})"]
        elif p["kind"] == "decision":
            ids = game.legal_ids()
            if not ids:
                found = [f"pending.op: the decision {p['op']!r} has no legal option "
                         f"({_CURSOR})"]
            elif len(set(ids)) != len(ids):
                found = [f"pending.op: the decision {p['op']!r} offers an option twice: {ids} "
                         f"({_CURSOR})"]
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise InvariantError(f"turn {game.turn}, {game.phase}: {found[0]}{more}")


def _raid_under_way(s: GameState) -> bool:
    """Whether a Storm Group raid is being resolved (its raiders are off the board)."""
    p = s.pending
    if p is not None and (p.get("then") in RAID_STEPS or p.get("op") == "first_aid"):
        return True
    return any(f.get("op") in RAID_STEPS for f in s.stack)


def _check_counters(s: GameState, t: _Tables, out: _Report) -> None:
    """Soviet and weapon counters: known, in known places, one a position (Setup 6-7, 4.0)."""
    if s.soviet.keys() != t.soviet:
        odd = ", ".join(sorted(s.soviet.keys() ^ t.soviet))
        out.add("soviet", f"must list the {len(t.soviet)} Soviet counters of the game "
                f"(missing or unknown: {odd})", "Setup 6")
    squares, names = t.squares, t.names
    occupants: dict[str, list[str]] = {}
    markers_ok = s.phase == "counter_actions"
    raid: bool | None = None
    for cid, counter in s.soviet.items():
        where = counter.where
        if where in squares:
            here = occupants.get(where)
            if here is None:
                occupants[where] = [cid]
            else:
                here.append(cid)
        elif where == "raid":
            if raid is None:
                raid = _raid_under_way(s)
            if not raid:
                out.add(f"soviet.{cid}.where", "on a Storm Group raid, but no raid is being "
                        "resolved", "3.0 Storm Group", names.get(cid, cid))
        elif where not in COUNTER_PLACES:
            out.add(f"soviet.{cid}.where", f"unknown place {where!r}", "1.2 The Game Board",
                    names.get(cid, cid))
        marker = counter.marker
        if where in _OUT_OF_PLAY and (counter.exhausted or counter.disrupted or marker):
            out.add(f"soviet.{cid}", f"{names.get(cid, cid)} is out of play ({where}) but "
                    "Exhausted, Disrupted or marked: those belong to counters in play",
                    "4.0 Soviet Counter Phase")
        if marker:
            if marker not in MARKERS:
                out.add(f"soviet.{cid}.marker", f"unknown marker {marker!r}",
                        "4.0 Soviet Counter Phase", names.get(cid, cid))
            elif not markers_ok:
                out.add(f"soviet.{cid}.marker", f"{names.get(cid, cid)} keeps an "
                        f"{_MARKER_NAMES[marker]} token outside the Soviet Counter Phase's "
                        "actions", "4.0 Soviet Counter Phase")
    if s.weapons.keys() != t.weapons:
        odd = ", ".join(sorted(s.weapons.keys() ^ t.weapons))
        out.add("weapons", f"must list the {len(t.weapons)} weapon counters of the game "
                f"(missing or unknown: {odd})", "Setup 7")
    armed: dict[str, list[str]] = {}
    for wid, where in s.weapons.items():
        if where in squares:
            armed.setdefault(where, []).append(wid)
        elif where not in COUNTER_PLACES:
            out.add(f"weapons.{wid}", f"unknown place {where!r}", "1.2 The Game Board",
                    names.get(wid, wid))
    for sq_id, here in occupants.items():
        if len(here) > 1:
            _check_shared(s, t, out, sq_id, here, armed.get(sq_id, []))
    for sq_id, weapons in armed.items():
        crews = {t.crew.get(cid) for cid in occupants.get(sq_id, ())}
        for wid in weapons:
            special = t.weapon_special.get(wid)
            if not crews:
                out.add(f"weapons.{wid}", f"the {names.get(wid, wid)} is alone on position "
                        f"{t.labels[sq_id]}; a weapon left alone goes to Reserves",
                        "4.0 Soviet Counters and Weapon Counters")
            elif special not in crews:
                out.add(f"weapons.{wid}", f"the {names.get(wid, wid)} [{special}] on position "
                        f"{t.labels[sq_id]} has no crew of its designation",
                        "4.0 Soviet Counters and Weapon Counters")


def _check_shared(
    s: GameState, t: _Tables, out: _Report, sq_id: str, here: list[str], weapons: list[str]
) -> None:
    """Two or more counters on one position: a weapon team, or a displacement under way."""
    p = s.pending
    if p is not None and p.get("op") == "displace_to" and p.get("square") == sq_id:
        # the displaced counter waits on the position until its free move is chosen
        displaced = p.get("counter")
        if len(here) == 2 and displaced in here:
            return
    specials = {t.crew.get(x) for x in here}
    special = next(iter(specials))
    if (
        len(here) == 2
        and len(specials) == 1
        and special is not None
        and any(t.weapon_special.get(w) == special for w in weapons)
    ):
        return  # a weapon team
    first = t.names.get(here[0], here[0])
    for cid in here[1:]:
        out.add(f"soviet.{cid}.where", f"position {t.labels[sq_id]} is already held by "
                f"{first}; two counters share a position only if both have the same weapon "
                "designation and a weapon of it is there", "4.0 Move", t.names.get(cid, cid))


def _check_tracks(s: GameState, t: _Tables, out: _Report) -> None:
    """Wehrmacht counters: known, one per circle, none twice; Defense on its track (3.0)."""
    if len(s.tracks) != len(t.circles):
        out.add("tracks", f"must hold {len(t.circles)} tracks, not {len(s.tracks)}",
                "3.0 Place Wehrmacht Counter")
    seen: dict[str, int] = {}
    for i, (circles, size) in enumerate(zip(s.tracks, t.circles, strict=False)):
        if len(circles) != size:
            out.add(f"tracks[{i}]", f"must have {size} circles, not {len(circles)}",
                    "3.0 Advance Wehrmacht Counters")
        for wid in circles:
            if not wid:
                continue
            if wid not in t.wehrmacht:
                out.add(f"tracks[{i}]", f"unknown or repeated Wehrmacht counter {wid!r}: the "
                        "game has no counter of this id", "Setup 8")
            elif wid in seen:
                out.add(f"tracks[{i}]", f"unknown or repeated Wehrmacht counter {wid!r}: it is "
                        f"also on track {seen[wid] + 1}, and a counter is on one circle at a "
                        "time", "3.0 Advance Wehrmacht Counters")
            else:
                seen[wid] = i
    if s.defense.keys() != _COLOURS:
        out.add("defense", f"must give the Defense of {', '.join(COLOURS)}",
                "Setup 11")
    low, high = t.defense
    for colour, value in s.defense.items():
        if not low <= value <= high:
            out.add(f"defense.{colour}", f"must be {low}-{high}, not {value}",
                    "3.0 Attack Building")


def _check_tokens(s: GameState, t: _Tables, out: _Report) -> None:
    """Tokens: known types in known places, as the rules place them, totals kept (Setup 9)."""
    tokens = s.tokens
    for place in FIXED_TOKEN_PLACES:
        if place not in tokens:
            out.add(f"tokens.{place}", "missing", "Setup 9")
    totals: Counter[str] = Counter()
    names = t.token_names
    for place, kinds in tokens.items():
        rules = t.token_places.get(place)
        if rules is None:
            out.add(f"tokens.{place}", "no such place for tokens", "1.2 The Game Board")
            continue
        allowed = rules.kinds
        held: list[str] = []
        for kind, n in kinds.items():
            if kind not in names:
                out.add(f"tokens.{place}.{kind}", "unknown token type", "Setup 9")
                continue
            if type(n) is not int or n < 0:
                out.add(f"tokens.{place}.{kind}", f"must be a count of 0 or more, not {n!r}",
                        "Setup 9")
                continue
            totals[kind] += n
            if not n or allowed is None:
                continue
            if kind not in allowed:
                out.add(f"tokens.{place}.{kind}", f"{names[kind]} tokens cannot lie "
                        f"{rules.text}, which holds only {_token_list(allowed, names)} tokens",
                        rules.rule)
            elif rules.single and n > 1:
                out.add(f"tokens.{place}.{kind}", f"{n} {names[kind]} tokens {rules.text}, "
                        "which holds one at most", rules.rule)
            if kind != "disrupted":
                held.append(kind)
        if rules.single and len(held) > 1:
            out.add(f"tokens.{place}", f"{_token_list(frozenset(held), names)} tokens "
                    f"{rules.text}, which holds one token besides a Disrupted one", rules.rule)
    for counter in s.soviet.values():
        if counter.disrupted:
            totals["disrupted"] += 1
        if counter.marker:
            totals[counter.marker] += 1
    for kind, total in t.totals.items():
        if totals[kind] != total:
            out.add("tokens", f"{totals[kind]} {names[kind]} tokens in play, the game has "
                    f"{total}", "Setup 9")


def _check_cards(
    s: GameState, t: _Tables, out: _Report, settings: RuleSettings | None
) -> None:
    """Every card in exactly one pile (Setup 2-5); the variants' cards (7.1, 7.2, 7.4)."""
    wehrmacht = t.wehrmacht_cards
    german = {"german_hand": s.german_hand, "orders": s.orders}
    if settings is None:  # no settings: competitive once a German player holds cards (7.4)
        competitive = bool(s.german_hand or s.orders or s.german_tactics or s.tactics_chosen)
    else:
        competitive = settings.competitive
    if competitive:
        wehrmacht = wehrmacht | t.competitive_cards
    elif s.german_hand or s.orders or s.german_tactics or s.tactics_chosen:
        out.add("german_hand", "only the competitive variant has a German player holding "
                "cards", "7.4 Competitive")
    _check_piles(out, {
        "wehrmacht_deck": s.wehrmacht_deck,
        "wehrmacht_current": [s.wehrmacht_current] if s.wehrmacht_current else [],
        "wehrmacht_done": s.wehrmacht_done,
        "resupply_removed": s.resupply_removed,
        "storm_box": [s.storm_box] if s.storm_box else [],
        "storm_won": s.storm_won,
        "storm_lost": s.storm_lost,
        **german,
    }, wehrmacht, t.known_wehrmacht_cards, "Wehrmacht or Resupply card", "Setup 2")
    _check_piles(out, {
        "soviet_deck": s.soviet_deck,
        "hand": s.hand,
        "soviet_discard": s.soviet_discard,
        "fog_stock": s.fog_stock,
    }, t.soviet_cards, t.soviet_cards, "Soviet card", "Setup 5")
    if not set(s.hand_used) <= set(s.hand):
        out.add("hand_used", "names a card that is not in the hand", "2.0 Soviet Card Phase")
    for _option, on, cards, piles, rule in _variants(s, t, settings):
        dealt = [card for pile in piles.values() for card in pile]
        if on is None:
            on = bool(dealt)  # no settings: the variant is on if any of its cards is dealt
        if on:
            _check_piles(out, piles, cards, cards, "card of the variant", rule)
        elif dealt:
            out.add(next(iter(piles)), f"the variant is off but its piles hold {len(dealt)} "
                    f"of its {len(cards)} cards", rule)


def _check_piles(
    out: _Report,
    piles: dict[str, list[str]],
    expected: frozenset[str],
    known: frozenset[str],
    what: str,
    rule: str,
) -> None:
    """Each card of ``expected`` in exactly one of ``piles``, and no other card."""
    count = sum(len(p) for p in piles.values())
    if count == len(expected) and {c for p in piles.values() for c in p} == expected:
        return  # the usual case: all there, each once
    seen: set[str] = set()
    for name, cards in piles.items():
        for card in cards:
            if card not in known:
                out.add(name, f"unknown {what} {card!r}", rule)
            elif card not in expected:
                out.add(name, f"the {what} {card!r} is not used in this game", rule)
            elif card in seen:
                out.add(name, f"the {what} {card!r} is in two places", rule)
            seen.add(card)
    missing = sorted(expected - seen)
    if missing:
        first = next(iter(piles))
        out.add(first, f"{plural(len(missing), what)} in no pile: {', '.join(missing)}", rule)


def _variants(
    s: GameState, t: _Tables, settings: RuleSettings | None
) -> Iterator[tuple[str, bool | None, frozenset[str], dict[str, list[str]], str]]:
    """Each variant: its option, whether it is on (None: no settings), cards, piles, rule."""
    yield ("operational_support", None if settings is None else settings.operational_support,
           t.support, {"os_deck": s.os_deck,
                       "os_current": [s.os_current] if s.os_current else [],
                       "os_won": s.os_won}, "7.1 Operational Support Cards")
    on = None if settings is None else (settings.tactics != "none" or settings.competitive)
    yield ("tactics", on,
           t.tactics, {"tactics_deck": s.tactics_deck,
                       "tactics_in_play": s.tactics_in_play,
                       "tactics_removed": s.tactics_removed,
                       "german_tactics": s.german_tactics,
                       "tactics_chosen": [s.tactics_chosen] if s.tactics_chosen else []},
           "7.2 Tactics Cards")


_DICE_TESTS: dict[tuple[int, str], str] = {}
"""Memo of :func:`_dice_test_problem` by (dice, the test's repr): '' when the test is valid."""


def _check_cursor(s: GameState, t: _Tables, out: _Report) -> None:
    """Numbers, the phase and the rule cursor: registered steps, a valid pending (1.1)."""
    if s.phase not in PHASES:
        out.add("phase", f"unknown phase {s.phase!r}", "1.1 Game Overview")
    for name, rule in _COUNTS:
        if getattr(s, name) < 0:
            out.add(name, "must not be negative", rule)
    for name in ("dice_rng", "card_rng"):
        if not 0 <= getattr(s, name) <= dice_mod.MASK64:
            out.add(name, "must be a 64-bit generator state", "Setup 10")
    if not set(s.moved) <= t.soviet:
        out.add("moved", "names an unknown Soviet counter", "4.0 Move")
    for i, frame in enumerate(s.stack):
        if frame.get("op") not in STEPS:
            out.add(f"stack[{i}].op", f"unknown rule step {frame.get('op')!r}", _CURSOR)
    p = s.pending
    if s.outcome is not None or s.phase == "over":
        if s.outcome is None:
            out.add("outcome", "the phase is 'over' but the game has no outcome",
                    "6.0 Ending the Game")
        elif s.phase != "over" or p is not None:
            out.add("outcome", "the game is over but its phase is not 'over' or a decision "
                    "or roll is pending", "6.0 Ending the Game")
    if p is not None:
        _check_pending(p, out)


def _check_pending(p: dict[str, Any], out: _Report) -> None:
    if p.get("kind") == "decision":
        if p.get("op") not in DECISIONS:
            out.add("pending.op", f"unknown decision {p.get('op')!r}", _CURSOR)
        if not isinstance(p.get("prompt"), str) or not isinstance(p.get("rule"), str):
            out.add("pending", "a decision needs a prompt and a rule", _CURSOR)
        return
    if p.get("kind") != "chance":
        out.add("pending.kind", f"must be 'decision' or 'chance', not {p.get('kind')!r}",
                _CURSOR)
        return
    n = p.get("n")
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 60:
        out.add("pending.n", f"must be a number of dice, not {n!r}", _CURSOR)
        return
    if p.get("then") not in STEPS:
        out.add("pending.then", f"unknown rule step {p.get('then')!r}", _CURSOR)
    for key in ("label", "rule"):
        if not isinstance(p.get(key), str):
            out.add(f"pending.{key}", "must be text", _CURSOR)
    if not isinstance(p.get("ctx"), dict):
        out.add("pending.ctx", "must be an object", _CURSOR)
    memo = (n, repr(p.get("test")))
    bad = _DICE_TESTS.get(memo)
    if bad is None:
        if len(_DICE_TESTS) > 4096:  # hand-made tests without end (fuzzing): start afresh
            _DICE_TESTS.clear()
        bad = _DICE_TESTS[memo] = _dice_test_problem(n, p.get("test"))
    if bad:
        out.add("pending.test", bad, _CURSOR)


def _dice_test_problem(n: int, test: Any) -> str:
    """'' if ``test`` is a dice test the engine can roll, else what is wrong with it."""
    try:
        dice_mod.distribution(n, test)
    except Exception as exc:  # any malformed test: name it
        return f"not a dice test ({exc!r})"
    return ""
