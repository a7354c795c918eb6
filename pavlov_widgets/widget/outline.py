"""The board as text: an outline of everything the canvas shows, for a learner who cannot see it.

The canvas is a picture; a screen reader finds nothing in it. The ``outline`` trait is the same
board written as sentences, section by section, in the order the printed board reads (1.2 The
Board): the turn and the score; Pavlov's House room by room, with who stands in each combat
position, their state and their weapons; the Defense tracks and Suppression boxes; the tracks of
9 January Square and the Wehrmacht counters on them; the Volga side's locations; the Reserves,
the stock and the Supplies; the cards; the last roll with its faces. It answers "who is on
red 2, what is the red Defense, what is on track 4" in words.

It is built from the **same redacted view** the canvas is drawn from (the ``view``, ``plan``
and ``last_roll`` traits of :mod:`pavlov_widgets.widget.view`, which went through the one
redaction gate for the board's viewer), never from the game: a role view or the hot seat's
cover (7.3, 7.4) cannot learn through the text what the canvas hides. The printed components
give only names and printed values, which every side may see.

Every line is a whole sentence (its words written in one piece, so it can be translated) and
names the place it is about (``place``, an id of :mod:`pavlov_widgets.engine.places`, or "")
so the board's JavaScript can mark a line whose place is a choice now (Enter chooses it),
answer "why not?" for one that is not, and ring the place on the canvas. Shape::

    [{"key": "house", "title": "Pavlov's House, room by room",
      "lines": [{"place": "square:R2", "text": "Position R2 (red 2): Pavlov.",
                 "items": [{"place": "counter:pavlov",
                            "text": "Pavlov: exhausted; Attack 2, Suppress 1, ..."}]}]},
     {"key": "square", "title": "9 January Square: the tracks",
      "lines": [{"key": "track-4", "place": "",
                 "text": "Track 4 (red): Machine Gunners on circle 2.", "items": [...]}]}]

``items`` (the counters and weapons in a room or in Reserves, the busy circles and Sapper
locations of a track, the halves of a card, the German player's cards) is left out when empty.
A line's key is unique in the whole outline, so the browser keeps the line (and the focus on
it) while the game moves on; it is sent only where it is not the place's id (most lines are
the only one about their place), which keeps every update under its size budget.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pavlov_widgets.engine.components import COLOURS, SPECIALS
from pavlov_widgets.engine.places import (
    DICE,
    HEADER,
    OUTCOME,
    RESERVES_BOX,
    STAGING_BOX,
    SUPPLIES_BOX,
    WEHRMACHT_SLOT,
    Box,
    Card,
    CardHalf,
    Counter,
    Defense,
    Location,
    Place,
    Square,
    StockCounter,
    StockWeapon,
    SuppressionBox,
    TacticsCard,
    TrackCircle,
    Weapon,
    loc_key,
    place_name,
    suppress_key,
    token_place,
)
from pavlov_widgets.engine.text import all_of, plural, sentence

if TYPE_CHECKING:
    from pavlov_widgets.engine.components import Components

Line = dict[str, Any]
Section = dict[str, Any]

STORM_BOX = Box("storm")
SUPPORT_SPACE = Box("operational-support")


def _line(key: str, place: Place | None, text: str, items: Sequence[Line] = ()) -> Line:
    """One line: the place it is about ("" for none), its sentence and its items.

    Its key goes with it only where it is not the place's id (most lines are the only one
    about their place).
    """
    out: Line = {"place": place.id if place is not None else "", "text": sentence(text)}
    if key != out["place"]:
        out["key"] = key
    if items:
        out["items"] = list(items)
    return out


def _on(place: Place, text: str, items: Sequence[Line] = ()) -> Line:
    """A line about one place, keyed by the place itself."""
    return _line(place.id, place, text, items)


def _tokens(comps: Components, counts: Mapping[str, int]) -> str:
    """Token counts in words: ``10 Suppression tokens and 2 Food tokens`` ("" for none)."""
    return all_of([plural(n, f"{comps.tokens[k].name if k in comps.tokens else k} token")
                   for k, n in counts.items() if n])


_NAMES: dict[str, dict[Place, str]] = {}
"""The places' names by the components' fingerprint: a name never changes, and the outline,
written after every change, names some ninety places."""


class _Writer:
    """Writes the outline's sentences from one redacted view (see the module docstring)."""

    def __init__(self, comps: Components, plan: Mapping[str, Any], view: Mapping[str, Any]):
        self.comps, self.plan, self.v = comps, plan, view
        self.names = _NAMES.setdefault(comps.fingerprint, {})

    def name(self, place: Place) -> str:
        """A place as a person names it (:func:`~pavlov_widgets.engine.places.place_name`)."""
        got = self.names.get(place)
        if got is None:
            got = self.names[place] = place_name(place, self.comps)
        return got

    # --- the turn --------------------------------------------------------------------------

    def game(self) -> list[Line]:
        """The header (turn, phase, score) and, once it is over, the result (6.0, 7.0)."""
        v = self.v
        sc = v["score"]
        support = f", {sc['support']} from Operational Support" if sc.get("support") else ""
        lines = [
            _line("turn", HEADER, f"{v['turnLine']}, {v['phaseLabel']}"),
            _line("score", HEADER,
                  f"Score {sc['total']}: {sc['raids']} from raids, "
                  f"{plural(sc['defenders'], 'defender')} in the house, "
                  f"{plural(sc['attackers'], 'attacker')} next to it{support} (6.0)"),
        ]
        o = v.get("outcome")
        if o:
            lines.append(_on(OUTCOME, f"Game over: {o['level']}, score {o['score']} on turn "
                                      f"{o['turn']}: {o['how_text']}"))
        return lines

    # --- the house -------------------------------------------------------------------------

    def counter(self, cid: str) -> Line:
        """A Soviet counter: its state (4.0) and printed values."""
        spec, state = self.comps.soviet_counters[cid], self.v["soviet"][cid]
        words = ["exhausted" if state["exhausted"] else "ready"]
        if state["disrupted"]:
            words.append("disrupted")
        if state["marker"] == "action":
            words.append("with an Action token")
        elif state["marker"] == "command":
            words.append("with a Command token")
        if cid in self.v["moved"]:
            words.append("moved this phase")
        specials = [SPECIALS.get(letter, letter) for letter in spec.specials]
        extra = f", {all_of(specials)}" if specials else ""
        place = Counter(cid)
        return _on(place, f"{self.name(place)}: {all_of(words)}; Attack {spec.attack}, "
                          f"Suppress {spec.suppress}{extra}")

    def weapon(self, wid: str) -> Line:
        """A weapon counter: its crew (4.0 weapon actions) and printed values."""
        spec, crew = self.comps.weapons[wid], self.v["weapons"][wid]["crew"]
        place = Weapon(wid)
        crewed = (f"crewed by {all_of([self.name(Counter(c)) for c in crew])}" if crew
                  else f"not crewed (it needs two {spec.special} counters with it)")
        return _on(place, f"{self.name(place)}, a weapon: {crewed}; Attack {spec.attack}, "
                          f"Suppress {spec.suppress}")

    def _at(self, where: str) -> tuple[list[str], list[str]]:
        """The counters and weapons whose place is ``where`` (a square's id, ``reserves``)."""
        soviet = [cid for cid, c in self.v["soviet"].items() if c["where"] == where]
        weapons = [wid for wid, w in self.v["weapons"].items() if w["where"] == where]
        return soviet, weapons

    def house(self) -> list[Line]:
        """Every combat position with its numbers, who stands there and the weapons (1.2)."""
        lines = []
        for sq in self.comps.board.squares:
            place = Square(sq.id)
            numbers = all_of([f"{colour} {sq.numbers[colour]}" for colour in sq.colours])
            radio = ", the radio position" if sq.radio else ""
            soviet, weapons = self._at(sq.id)
            names = [self.name(Counter(c)) for c in soviet] + [self.name(Weapon(w))
                                                                for w in weapons]
            who = all_of(names) if names else "empty"
            items = [self.counter(c) for c in soviet] + [self.weapon(w) for w in weapons]
            lines.append(_on(place, f"{self.name(place)} ({numbers}{radio}): {who}", items))
        return lines

    def defense(self) -> list[Line]:
        """The Defense tracks (1.2, 3.0 Attack Building) and the Suppression boxes (4.0)."""
        lines = []
        for colour in COLOURS:
            n = self.v["defense"][colour]
            lines.append(_on(Defense(colour), f"The {colour} Defense is {n}"))
        for colour in COLOURS:
            box = SuppressionBox(colour)
            n = self.v["tokens"].get(suppress_key(colour), {}).get("suppression", 0)
            lines.append(_on(box, f"{self.name(box)} holds {plural(n, 'Suppression token')}"))
        return lines

    # --- 9 January Square ------------------------------------------------------------------

    def tracks(self) -> list[Line]:
        """Each track with the Wehrmacht counters on it, circle 1 first (1.2, 3.0)."""
        lines = []
        wtypes = self.comps.wehrmacht_types
        for spec, circles in zip(self.comps.board.tracks, self.v["tracks"], strict=True):
            items, on = [], []
            for k, counter in enumerate(circles, start=1):
                place = TrackCircle(spec.number, k)
                sapper = self.v["tokens"].get(token_place(place) or "", {}).get("sapper", 0)
                spot = k in spec.sapper_circles
                note = ("; a Sapper location with a Sapper token waiting" if sapper
                        else "; a Sapper location" if spot else "")
                if not (counter or spot):
                    continue  # an empty circle: the track's line says so
                if counter:
                    t = wtypes[counter["type"]]
                    values = (f"Suppress {t.suppress}" if t.kind == "infantry"
                              else f"Attack {t.attack}")
                    on.append(f"{t.name} on circle {k}")
                    text = (f"{self.name(place)}: {t.name}, {values}, Defense "
                            f"{counter['defense']}{note}")
                else:
                    text = f"{self.name(place)}: empty{note}"
                items.append(_on(place, text))
            what = all_of(on) if on else "no Wehrmacht counter"
            lines.append(_line(f"track-{spec.number}", None,
                               f"Track {spec.number} ({spec.colour}): {what}", items))
        return lines

    # --- the Volga side --------------------------------------------------------------------

    def volga(self) -> list[Line]:
        """The Volga locations (2.0), the Staging Area and Operational Support (7.1)."""
        lines = []
        tokens = self.v["tokens"]
        for n, unit in sorted(self.comps.board.location_names.items()):
            place = Location(n)
            here = dict(tokens.get(loc_key(n), {}))
            state = ["disrupted"] if here.pop("disrupted", 0) else []
            held = _tokens(self.comps, here)
            state += [held] if held else []
            text = (f"{self.name(place)}, {unit}: {all_of(state)}" if state
                    else f"{self.name(place)}, {unit}")
            lines.append(_on(place, text))
        staged = _tokens(self.comps, tokens.get("staging", {}))
        lines.append(_on(STAGING_BOX, f"{self.name(STAGING_BOX)} holds {staged or 'nothing'}"))
        os = self.v["os"]
        if os["active"]:
            card = os["card"]
            text = (f"{self.name(SUPPORT_SPACE)}: {card['name']}, {card['vp']} VP, on "
                    f"{all_of([self.name(Location(n)) for n in card['locs']])}" if card
                    else f"{self.name(SUPPORT_SPACE)} is empty")
            lines.append(_on(SUPPORT_SPACE, f"{text}; {plural(len(os['won']), 'card')} won"))
        return lines

    # --- Reserves, stock, supplies ---------------------------------------------------------

    def reserves(self) -> list[Line]:
        """The Reserves box (4.0 Move), the raid, the casualties, the stock, the Supplies."""
        v = self.v
        soviet, weapons = self._at("reserves")
        names = [self.name(Counter(c)) for c in soviet] + [self.name(Weapon(w)) for w in weapons]
        items = [self.counter(c) for c in soviet] + [self.weapon(w) for w in weapons]
        lines = [_on(RESERVES_BOX, f"{self.name(RESERVES_BOX)} holds "
                                   f"{all_of(names) if names else 'nobody'}", items)]
        raid, _ = self._at("raid")
        if raid:
            lines.append(_line("raid", STORM_BOX, "On a Storm Group raid: "
                               f"{all_of([self.name(Counter(c)) for c in raid])}"))
        supplies = _tokens(self.comps, v["tokens"].get("supplies", {}))
        lines.append(_on(SUPPLIES_BOX, f"{self.name(SUPPLIES_BOX)} holds "
                                       f"{supplies or 'nothing'}"))
        # one sentence, not a line each: the stock's places are choices only when buying,
        # and then the board lists every choice (the JavaScript adds the ones not here)
        stock = [f"{self.name(StockCounter(c))} ({self.comps.soviet_counters[c].cost})"
                 for c in v["stock"]]
        stock += [f"{self.name(StockWeapon(w))} ({self.comps.weapons[w].cost})"
                  for w in v["stockWeapons"]]
        lines.append(_line("stock", None, f"In the stock, with their costs: {all_of(stock)}"
                           if stock else "The stock is empty"))
        lost = [self.name(Counter(c)) for c in v["casualties"]]
        lost += [self.name(Weapon(w)) for w in v["weaponsLost"]]
        lines.append(_line("casualties", None,
                           f"Casualties: {all_of(lost)}" if lost else "No casualties yet"))
        spare = _tokens(self.comps, v["stockTokens"])
        lines.append(_line("stock-tokens", None, f"Tokens in the stock: {spare or 'none'}"))
        return lines

    # --- the cards -------------------------------------------------------------------------

    def hand(self) -> list[Line]:
        """The Soviet hand (2.0): each card and the actions of its halves; hidden backs."""
        lines = []
        units = {u["id"]: u for u in self.plan["units"]}
        for k, held in enumerate(self.v["hand"], start=1):
            card = held["card"]
            used = " (used)" if held["used"] else ""
            halves = self.plan["sovietCards"].get(card, [])
            if not halves:
                lines.append(_on(Card(card), f"Soviet card {k}{used}: Fog of War, no action "
                                             "(2.2)"))
                continue
            items = [_on(CardHalf(card, u), f"Card {k}, {units[u]['name']}: "
                                            f"{all_of(units[u]['actions']) or 'no action'}")
                     for u in halves]
            shorts = all_of([units[u]["short"] for u in halves])
            lines.append(_on(Card(card), f"Soviet card {k}{used}: {shorts}", items))
        if self.v["handHidden"]:
            lines.append(_line("hand-hidden", Box("soviet-hand"),
                               f"{plural(self.v['handHidden'], 'Soviet card')} face down, "
                               "hidden from the German player (7.4)"))
        return lines

    def cards(self) -> list[Line]:
        """The card in play (3.0), the Storm Group box, the German cards (7.4), Tactics (7.2)."""
        v = self.v
        lines = self.hand()
        card = v["wcard"]
        if card:
            lines.append(_on(Card(card["id"]), f"The card in play: {card['name']} "
                                               f"({card['kindLabel']}): "
                                               f"{'; '.join(card['lines'])}"))
        else:
            lines.append(_on(WEHRMACHT_SLOT, "No Wehrmacht card in play; "
                                             f"{plural(v['decks']['wehrmacht'], 'card')} in the "
                                             "Wehrmacht deck"))
        if v["wplayed"]:
            lines.append(_line("played", None, "Played this turn: "
                               f"{all_of([c['name'] for c in v['wplayed']])}"))
        storm = v["storm"]
        won = f"; raids won: {all_of(v['stormWon'])}" if v["stormWon"] else ""
        lines.append(_on(STORM_BOX, (f"{self.name(STORM_BOX)}: {storm['name']}, {storm['colour']}"
                                     f", Defense {storm['defense']}, {storm['vp']} VP"
                                     if storm else f"{self.name(STORM_BOX)} is empty") + won))
        lines += self.german()
        for t in v["tactics"]["cards"]:
            place = TacticsCard(t["id"])
            lines.append(_on(place, f"{self.name(place)} is in play: {'; '.join(t['lines'])}"))
        d = v["decks"]
        lines.append(_line("decks", HEADER,
                           f"Soviet deck {d['soviet']}, discards {d['discard']}, Fog of War "
                           f"cards in the stock {d['fog']}, Wehrmacht counters in the stock "
                           f"{v['wstock']}"))
        return lines

    def german(self) -> list[Line]:
        """The German player's piles (7.4): named for the German side, counted otherwise."""
        g = self.v.get("german")
        if not g:
            return []
        lines = []
        piles = (("hand", "german-hand", "handCount"), ("orders", "orders", "ordersCount"),
                 ("tactics", "german-tactics", "tacticsCount"))
        for field, box, count in piles:
            place = Box(box)
            named = [c["name"] for c in g[field]]
            what = all_of(named) if named else plural(g[count], "card") + (
                " face down" if g[count] else "")
            items = [_on(Card(c["id"]), f"{c['name']}: {'; '.join(c.get('brief') or c['lines'])}")
                     for c in g[field]]
            lines.append(_on(place, f"{self.name(place)}: {what}", items))
        chosen = Box("tactics-chosen")
        if g["chosen"]:
            lines.append(_on(chosen, f"{self.name(chosen)}: {g['chosen']['name']}"))
        elif g["chosenCount"]:
            lines.append(_on(chosen, f"{self.name(chosen)}: placed face down"))
        return lines


def roll_lines(roll: Mapping[str, Any]) -> list[Line]:
    """The last roll: what for, every face, the result (the dice tray)."""
    if not roll:
        return [_on(DICE, "No dice rolled yet")]
    faces = all_of([str(d) for d in roll["dice"]])
    if roll.get("result"):
        return [_on(DICE, f"Rolled {faces} for {roll['label']}; result: {roll['result']} "
                          f"({roll['rule']})")]
    return [_on(DICE, f"Rolled {faces} for {roll['label']} ({roll['rule']})")]


def outline(comps: Components, plan: Mapping[str, Any], view: Mapping[str, Any],
            roll: Mapping[str, Any]) -> list[Section]:
    """The board as text, built from the redacted ``view`` (see the module docstring).

    ``comps`` and ``plan`` give names and printed values only (every side may see them);
    ``view`` and ``roll`` are the ``view`` and ``last_roll`` traits as the viewer sees them.
    """
    w = _Writer(comps, plan, view)
    return [
        {"key": "game", "title": "The turn", "lines": w.game()},
        {"key": "house", "title": "Pavlov's House, room by room", "lines": w.house()},
        {"key": "defense", "title": "Defense and Suppression", "lines": w.defense()},
        {"key": "square", "title": "9 January Square: the tracks", "lines": w.tracks()},
        {"key": "volga", "title": "The Volga side", "lines": w.volga()},
        {"key": "reserves", "title": "Reserves, stock and supplies", "lines": w.reserves()},
        {"key": "cards", "title": "The cards", "lines": w.cards()},
        {"key": "dice", "title": "The last roll", "lines": roll_lines(roll)},
    ]


__all__ = ["outline", "roll_lines"]
