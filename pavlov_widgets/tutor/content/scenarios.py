"""The rulebook's gameplay examples as named scenarios: a position, scripted dice, the moves.

Each of the 19 examples in the rulebook (2nd printing) is registered here with its section,
a summary in our own words, the position it starts from, the dice it rolls and the moves the
player makes in it, a check that the engine reaches exactly the outcome the rulebook states,
and a narration of every step (a choice made or a roll rolled: :class:`Step`), written in
our own words with its rule section. A few *variations* follow their example (their
``variation_of`` names it): the same card in a position that shows an edge of the rule the
example only mentions, such as a bomb on location 3 when it is already Disrupted (3.0 Bomb
Stalingrad). The tutor's walkthroughs
(:mod:`pavlov_widgets.tutor.walkthrough.model`) show that narration step by step, and the tests
play the examples, so the tutor cannot drift from the engine.

Example:
    >>> from pavlov_widgets.tutor.content import get_scenario
    >>> sniper = get_scenario("sniper")
    >>> game = sniper.play()
    >>> sniper.verify(game)
    []
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pavlov_widgets.engine import Game, Position, RuleSettings, UnknownScenarioError
from pavlov_widgets.engine.places import parse_place


@dataclass(frozen=True)
class Step:
    """The narration of one step of an example: a choice made or a roll rolled.

    Attributes:
        text: what happens at this step and why it happens, in our own words.
        rule: the rulebook section the step illustrates ("3.0 Attack Defender").
        focus: the board regions the step is about, in the vocabulary of
            :attr:`pavlov_widgets.engine.Option.targets` ("square:R2", "defense:red",
            "track:4:1", "box:suppress:red"); the walkthrough marks them.
        why: for a choice, why the example makes it and what a different choice would
            change (the walkthrough says it when the learner chooses otherwise); "" for a
            roll.
    """

    text: str
    rule: str
    focus: tuple[str, ...] = ()
    why: str = ""


def _step(text: str, rule: str, *focus: str, why: str = "") -> Step:
    """A :class:`Step` (the focus regions as arguments keep the tables below short).

    Each focus region is read by the place codec (:func:`~pavlov_widgets.engine.places.
    parse_place`), so a misspelt one fails when the scenarios are registered.
    """
    return Step(text, rule, tuple(parse_place(region).id for region in focus), why)


@dataclass(frozen=True)
class Scenario:
    """One rulebook example.

    Attributes:
        name: the registry key, e.g. ``"ju87"``.
        title: a short title.
        section: the rulebook section it illustrates.
        summary: what happens, in our words.
        position: builds the starting position (with its scripted dice).
        moves: the player's choices in the example, in order (option ids).
        expect: checks a played-out game; returns the differences from the rulebook's outcome.
        outcome: the outcome the rulebook states, in our words.
        steps: the narration, one :class:`Step` for every step of the example in the order
            they happen (its choices, which are ``moves``, and its rolls).
        variation_of: for a variation of a rulebook example (same card, a position of our
            own that shows an edge of the rule), the name of that example; "" for the
            rulebook's examples themselves.
    """

    name: str
    title: str
    section: str
    summary: str
    position: Callable[[], Position]
    moves: tuple[str, ...]
    expect: Callable[[Game], list[str]]
    outcome: str
    steps: tuple[Step, ...] = ()
    variation_of: str = ""

    def build(self, auto_roll: bool = False) -> Game:
        """The game at the start of the example (dice scripted; by default you roll them)."""
        return self.position().game(auto_roll=auto_roll)

    def play(self) -> Game:
        """The example played out: its moves applied, its dice rolled."""
        game = self.build(auto_roll=True)
        for move in self.moves:
            game.apply(move)
        return game

    def verify(self, game: Game) -> list[str]:
        """The differences between ``game`` and the rulebook's outcome ([] when it matches)."""
        return self.expect(game)


SCENARIOS: dict[str, Scenario] = {}
"""Every registered scenario by name, in rulebook order."""


def register(scenario: Scenario) -> Scenario:
    """Add a scenario to the registry."""
    SCENARIOS[scenario.name] = scenario
    return scenario


def get_scenario(name: str) -> Scenario:
    """The scenario of this name.

    Raises:
        UnknownScenarioError: no such scenario (the message lists the known names).
    """
    try:
        return SCENARIOS[name]
    except KeyError:
        raise UnknownScenarioError(
            f"unknown scenario {name!r}; known: {', '.join(SCENARIOS)}"
        ) from None


def scenario_names() -> list[str]:
    """The names of all scenarios, in rulebook order (each variation after its example)."""
    return list(SCENARIOS)


class _Checks:
    """Collects the differences between a game and the expected outcome."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.problems: list[str] = []

    def equal(self, what: str, got: object, want: object) -> _Checks:
        if got != want:
            self.problems.append(f"{what}: got {got!r}, expected {want!r}")
        return self

    def where(self, cid: str, want: str) -> _Checks:
        return self.equal(f"{cid} is at", self.game.state.soviet[cid].where, want)

    def logged(self, text: str) -> _Checks:
        if not any(text in e.text for e in self.game.log):
            self.problems.append(f"the log never says {text!r}")
        return self

    def count(self, place: str, kind: str, want: int) -> _Checks:
        return self.equal(f"{kind} at {place}", self.game.engine.count(place, kind), want)

    def disrupted(self, cid: str, want: bool) -> _Checks:
        return self.equal(f"{cid} Disrupted", self.game.state.soviet[cid].disrupted, want)


# --- 2.0 Soviet Card Phase ---------------------------------------------------------------


def _hand_position() -> Position:
    p = Position().counter("pavlov", "G1")
    a = p.soviet_card("13th-guards-cp", "267th-aa")
    b = p.soviet_card("13th-guards-cp", "1083rd-aa")
    c = p.soviet_card("32nd-guards-artillery", "volga-flotilla")
    return p.hand(a, b, c, "fog-1").resume("soviet_cards")


def _hand_expect(game: Game) -> list[str]:
    ch = _Checks(game)
    for cid in ("masijashvili", "chait", "kiselev"):
        ch.where(cid, "reserves")
    ch.count("loc:10", "artillery", 1)
    ch.equal("Fog of War card discarded", "fog-1" in game.state.soviet_discard, True)
    ch.equal("hand after the phase", game.state.hand, [])
    ch.logged("All Soviet cards are discarded")
    return ch.problems


register(
    Scenario(
        name="soviet-card-hand",
        title="Drawing four cards, taking three actions",
        section="2.2 Take up to Three Actions",
        summary="A hand of four cards, one of them Fog of War. One action per card, at most "
        "three; the same unit may be used from two different cards.",
        position=_hand_position,
        moves=(
            "card:soviet-12:13th-guards-cp:reinforce",
            "buy:masijashvili",
            "buy:chait",
            "done",
            "card:soviet-13:13th-guards-cp:reinforce",
            "buy:kiselev",
            "done",
            "card:soviet-23:32nd-guards-artillery:ready",
            "loc:10",
        ),
        expect=_hand_expect,
        outcome="The 13th Guards CP is used from cards 1 and 2, the third action comes from "
        "card 3; the Fog of War card gives nothing; all four cards are discarded.",
        steps=(
            _step("Card 1 is used for its 13th Guards Command Post half: Send "
                  "Reinforcements, 6 points to spend on counters and weapons from the stock.",
                  "2.2 Take up to Three Actions", "card:soviet-12:13th-guards-cp",
                  why="Each card gives at most one action; the example opens with the 13th "
                  "Guards half of card 1 so that it can use the very same half of card 2 next."),
            _step("Masijashvili costs 1 point and arrives in the Reserves box.",
                  "2.0 13th Guards Rifle Division Command Post", "counter:masijashvili",
                  "box:reserves",
                  why="Any mix of counters and weapons up to 6 points may be bought; the example "
                  "buys two cheap counters to show points being spent."),
            _step("Chait, 1 more point, joins him in Reserves.",
                  "2.0 13th Guards Rifle Division Command Post", "counter:chait", "box:reserves",
                  why="Another 1-point counter; what the example is about is which cards give "
                  "the actions, not what is bought."),
            _step("Done buying: the 4 points left over are lost, they do not carry over.",
                  "2.0 13th Guards Rifle Division Command Post",
                  why="Stopping here ends this action; points not spent now are gone."),
            _step("Card 2 offers the same 13th Guards half again, and it may be used: one action "
                  "per card, but two cards may give the same kind of action.",
                  "2.2 Take up to Three Actions", "card:soviet-13:13th-guards-cp",
                  why="This is the point of the example: the same action twice, each time from a "
                  "different card."),
            _step("Kiselev arrives in Reserves for 1 point.",
                  "2.0 13th Guards Rifle Division Command Post", "counter:kiselev",
                  "box:reserves",
                  why="Any purchase would do; the example keeps it small."),
            _step("Done again, 5 points unspent.",
                  "2.0 13th Guards Rifle Division Command Post",
                  why="Ending the purchase here leaves the third action for card 3."),
            _step("The third and last action comes from card 3: its 32nd Guards Artillery half "
                  "readies an Artillery token. The Fog of War card has no action to give.",
                  "2.2 Take up to Three Actions", "card:soviet-23:32nd-guards-artillery",
                  why="Three actions is the limit of the phase, and the fourth card is Fog of "
                  "War, so card 3 is the last one that can be used."),
            _step("The Artillery token goes on location 10. All three actions are used, so the "
                  "phase ends and all four cards, Fog of War included, go to the discards.",
                  "2.3 Discard all Cards", "loc:10",
                  why="Either artillery location would do; the example picks 10."),
        ),
    )
)


# --- 3.0 Wehrmacht Card Phase -----------------------------------------------------------------


def _sniper_position() -> Position:
    return (
        Position()
        .counter("pavlov", "R2")
        .counter("glushenko", "R4")
        .defense("red", 5)
        .wehrmacht_cards("d1-sniper-1")
        .resume("wehrmacht", cards=1)
        .dice(3, 2, 5, 1, 2, 3)
    )


register(
    Scenario(
        name="sniper",
        title="The Sniper",
        section="3.0 Attack Defender",
        summary="The colour die (3) picks red, the position die (2) picks red 2 where Pavlov "
        "stands; four dice against red Defense 5.",
        position=_sniper_position,
        moves=(),
        expect=lambda g: _Checks(g)
        .where("pavlov", "removed")
        .where("glushenko", "R4")
        .logged("Sniper targets R2")
        .problems,
        outcome="A 5 is rolled, so Pavlov becomes a casualty (had red 2 been empty, "
        "Glushenko on the next higher red position would have been the target).",
        steps=(
            _step("The first die picks the colour on the Sniper card: a 3 is red, so the Sniper "
                  "aims at the red positions.",
                  "3.0 Attack Defender", "card:d1-sniper-1"),
            _step("The second die picks the red position: 2, and Pavlov stands on red 2, so he "
                  "is the target. Had red 2 been empty, the next higher occupied red position "
                  "(Glushenko on red 4) would have been the target.",
                  "3.0 Attack Defender", "square:R2", "counter:pavlov"),
            _step("Four dice against the red Defense of 5: one die at 5 or more is enough. The 5 "
                  "hits, and Pavlov is a casualty, out of the game.",
                  "3.0 Attack Defender", "defense:red", "square:R2"),
        ),
    )
)


def _mortar_position() -> Position:
    return (
        Position()
        .counter("pavlov", "P3", disrupted=True)
        .counter("glushenko", "P1")
        .defense("purple", 4)
        .wehrmacht_cards("d1-mortar-1")
        .resume("wehrmacht", cards=1)
        .dice(5, 4, 4, 1, 1, 2)
    )


register(
    Scenario(
        name="mortar",
        title="The Mortar",
        section="3.0 Suppress Defender",
        summary="Colour die 5: purple. Position die 4: purple 4 is empty and nothing higher is "
        "occupied, so the nearest lower position, Pavlov's purple 3, is the target.",
        position=_mortar_position,
        moves=(),
        expect=lambda g: _Checks(g)
        .where("pavlov", "removed")
        .where("glushenko", "P1")
        .equal("Glushenko disrupted", g.state.soviet["glushenko"].disrupted, False)
        .logged("purple 4 is empty")
        .problems,
        outcome="A 4 meets purple Defense 4: Pavlov, already Disrupted, becomes a casualty.",
        steps=(
            _step("The colour die shows 5: on the Mortar card that is purple.",
                  "3.0 Suppress Defender", "card:d1-mortar-1"),
            _step("The position die shows 4, but purple 4 is empty and no higher purple "
                  "position is occupied, so the search goes down: Pavlov on purple 3 is nearer "
                  "than Glushenko on purple 1, and becomes the target.",
                  "3.0 Suppress Defender", "square:P4R6", "square:P3", "counter:pavlov"),
            _step("Four dice against the purple Defense of 4, and the 4 hits. A hit puts a "
                  "Disrupted token on the target, but Pavlov already has one: a second makes "
                  "him a casualty.",
                  "3.0 Suppress Defender", "defense:purple", "square:P3"),
        ),
    )
)


def _mortar_disrupted_position() -> Position:
    return (
        Position()
        .counter("glushenko", "R3")
        .counter("pavlov", "R5")
        .defense("red", 5)
        .wehrmacht_cards("d1-mortar-1")
        .resume("wehrmacht", cards=1)
        .dice(3, 1, 2, 5, 1, 3)
    )


register(
    Scenario(
        name="mortar-disrupted",
        title="The Mortar: a first Disrupted token",
        section="3.0 Suppress Defender",
        summary="Colour die 3: red. Position die 1: red 1 is empty, so the search goes up and "
        "finds Glushenko on red 3 before Pavlov on red 5. Glushenko has no Disrupted token "
        "yet, so a hit Disrupts him and he stays in the house.",
        position=_mortar_disrupted_position,
        moves=(),
        expect=lambda g: _Checks(g)
        .where("glushenko", "R3")
        .disrupted("glushenko", True)
        .where("pavlov", "R5")
        .disrupted("pavlov", False)
        .logged("red 1 is empty")
        .problems,
        outcome="A 5 meets red Defense 5: Glushenko gets his first Disrupted token and stays; "
        "Pavlov, farther up the search, is untouched.",
        steps=(
            _step("The colour die shows 3: on the Mortar card that is red.",
                  "3.0 Suppress Defender", "card:d1-mortar-1"),
            _step("The position die shows 1, and red 1 (the square shared with green 4) is "
                  "empty. This time the search goes up first, as the rule says: red 2 is empty "
                  "too, red 3 holds Glushenko, so he is the target. Pavlov on red 5 is farther "
                  "up and is passed by.",
                  "3.0 Suppress Defender", "square:G4R1", "square:R3", "counter:glushenko"),
            _step("Four dice against the red Defense of 5, and the 5 hits. A Mortar does not "
                  "kill outright: Glushenko gets a Disrupted token and stays on red 3. While "
                  "Disrupted he can take no action except Recover, and a second token would make "
                  "him a casualty, as in the rulebook's Mortar example.",
                  "3.0 Suppress Defender", "defense:red", "square:R3", "counter:glushenko"),
        ),
        variation_of="mortar",
    )
)


def _artillery_position() -> Position:
    return (
        Position()
        .counter("glushenko", "R2")
        .counter("pavlov", "R3")
        .defense("red", 5)
        .wehrmacht_cards("d5-sfh18-1")
        .resume("wehrmacht", cards=1)
        .dice(3, 5, 2, 1, 1, 3)
    )


register(
    Scenario(
        name="artillery",
        title="15cm sFH 18 artillery",
        section="3.0 Attack Building",
        summary="Colour die 3: red. Five dice against red Defense 5.",
        position=_artillery_position,
        moves=(),
        expect=lambda g: _Checks(g)
        .equal("red Defense", g.state.defense["red"], 4)
        .equal("Pavlov disrupted", g.state.soviet["pavlov"].disrupted, False)
        .problems,
        outcome="A 5 is rolled: the red Defense falls to 4 (at 3, a hit would instead "
        "disrupt both counters on red).",
        steps=(
            _step("The colour die shows 3: on the 15cm sFH 18 card that is red, so the red part "
                  "of the house is shelled.",
                  "3.0 Attack Building", "card:d5-sfh18-1"),
            _step("Five dice, the card's value, against the red Defense of 5. The 5 hits, so the "
                  "red Defense drops by one, to 4. Had it already been down to 3, a hit would "
                  "instead have Disrupted both counters on red.",
                  "3.0 Attack Building", "defense:red"),
        ),
    )
)


def _ju87_position() -> Position:
    return (
        Position()
        .counter("pavlov", "G1")
        .tokens("aa", "loc:8")
        .tokens("aa", "loc:12")
        .tokens("aa", "loc:13")
        .tokens("wire", "loc:14")
        .disrupt_location(10)
        .wehrmacht_cards("d4-ju87-4-1")
        .resume("wehrmacht", cards=1)
        .dice(2, 3, 4, 4, 6, 5, 3, 4, 4, 2)
    )


register(
    Scenario(
        name="ju87",
        title="Junkers Ju 87 raid",
        section="3.0 Bomb Stalingrad",
        summary="Four Ju 87s. The player fires the Anti-aircraft tokens on 8 and 13 (four dice: "
        "2, 3, 4, 4); two planes are shot down. The others bomb 14 and 10.",
        position=_ju87_position,
        moves=("aa:8", "aa:13", "fire"),
        expect=lambda g: _Checks(g)
        .count("loc:8", "aa", 0)
        .count("loc:13", "aa", 0)
        .count("loc:12", "aa", 1)
        .count("loc:14", "wire", 0)
        .count("loc:14", "disrupted", 0)
        .count("loc:10", "disrupted", 1)
        .count("loc:11", "disrupted", 1)
        .logged("2 Ju 87s shot down")
        .problems,
        outcome="The bomb on 14 destroys the Wire token there; the bomb on 10 finds it already "
        "Disrupted and moves on to 11, which is Disrupted.",
        steps=(
            _step("Four Ju 87s are coming. The player picks the Anti-aircraft token on location 8 "
                  "to fire: each token fired gives two dice, then goes back to the stock.",
                  "3.0 Bomb Stalingrad", "loc:8", "card:d4-ju87-4-1",
                  why="Each token fired adds two dice against the planes, and every plane shot "
                  "down is one bomb less; the example fires two of its three tokens."),
            _step("The token on 13 is picked too: four dice in all. The token on 12 stays "
                  "ready for a later raid.",
                  "3.0 Bomb Stalingrad", "loc:13", "loc:12",
                  why="A second token doubles the dice; keeping the third saves it for the next "
                  "Ju 87 card."),
            _step("Fire: both tokens go back to the stock and four dice are rolled.",
                  "3.0 Bomb Stalingrad",
                  why="Holding fire keeps the tokens but lets all four planes bomb."),
            _step("Every die of 4 or more, the Ju 87's Defense, downs one plane. The two 4s "
                  "bring down two, so two Ju 87s are left to bomb.",
                  "3.0 Bomb Stalingrad", "card:d4-ju87-4-1"),
            _step("First bomb: three dice added up give the location, 14. A Wire "
                  "Communications token lies there, so the bomb destroys the token (back to the "
                  "stock) instead of Disrupting the location.",
                  "3.0 Bomb Stalingrad", "loc:14"),
            _step("Second bomb: 10. Location 10 is already Disrupted, so the bomb moves on to the "
                  "next location up, 11, which gets a Disrupted token.",
                  "3.0 Bomb Stalingrad", "loc:10", "loc:11"),
        ),
    )
)


def _ju87_disrupted_position() -> Position:
    return (
        Position()
        .counter("pavlov", "R2", disrupted=True)
        .counter("glushenko", "G1")
        .counter("chekhov", "reserves")
        .disrupt_location(3)
        .wehrmacht_cards("d1-ju87-2-1")
        .resume("wehrmacht", cards=1)
        .dice(1, 1, 1, 5, 5, 5)
    )


register(
    Scenario(
        name="ju87-disrupted",
        title="Ju 87 bombs: location 3 already Disrupted",
        section="3.0 Bomb Stalingrad",
        summary="Two Ju 87s and no Anti-aircraft token ready, so both bomb. The first rolls 3, "
        "and location 3 is already Disrupted: the bomb does not move on, it Disrupts every "
        "counter in a combat position. The second rolls 15 and Disrupts the Signal Battalion, "
        "which also brings a Fog of War card.",
        position=_ju87_disrupted_position,
        moves=(),
        expect=lambda g: _Checks(g)
        .where("pavlov", "removed")
        .where("glushenko", "G1")
        .disrupted("glushenko", True)
        .where("chekhov", "reserves")
        .disrupted("chekhov", False)
        .count("loc:3", "disrupted", 1)
        .count("loc:4", "disrupted", 0)
        .count("loc:15", "disrupted", 1)
        .equal("Fog of War cards in the Soviet discards", len(g.state.soviet_discard), 1)
        .logged("every counter in a combat position")
        .problems,
        outcome="Pavlov, already Disrupted, is a casualty; Glushenko is Disrupted; Chekhov in "
        "Reserves is not in a combat position and is spared. Location 15 is Disrupted and a "
        "Fog of War card joins the Soviet discards.",
        steps=(
            _step("Two Ju 87s come, and no Anti-aircraft token is ready, so nothing can be "
                  "fired: both planes bomb. The first bomb's three dice add up to 3, and "
                  "location 3, the 3rd Rifle Battalion, already has a Disrupted token. It is the "
                  "one location where a bomb does not move on to the next number: instead, "
                  "every Soviet counter in a combat position of the house is Suppressed, as if "
                  "a Mortar had hit it. Glushenko gets a Disrupted token; Pavlov already has "
                  "one, so the second makes him a casualty. Chekhov in Reserves is not in a "
                  "combat position and is spared.",
                  "3.0 Bomb Stalingrad", "card:d1-ju87-2-1", "loc:3", "counter:pavlov",
                  "counter:glushenko", "box:reserves"),
            _step("The second bomb's dice add up to 15, the 139th Signal Battalion, which is "
                  "clear: it gets a Disrupted token. A Disrupted token placed on 14 to 17 also "
                  "puts a Fog of War card from the stock into the Soviet discards, so it will "
                  "be shuffled into a later hand.",
                  "3.0 Bomb Stalingrad", "loc:15"),
        ),
        variation_of="ju87",
    )
)


def _bomb_18_position() -> Position:
    return (
        Position()
        .counter("pavlov", "G1")
        .disrupt_location(17)
        .wehrmacht_cards("d1-ju87-2-1")
        .resume("wehrmacht", cards=1)
        .dice(6, 6, 6, 5, 6, 6)
    )


register(
    Scenario(
        name="bomb-18",
        title="Ju 87 bombs: 18, the 62nd Army Command Post",
        section="3.0 Bomb Stalingrad",
        summary="Two Ju 87s and no Anti-aircraft token ready. The first bomb rolls 18, the top "
        "location, the 62nd Army Command Post: it is Disrupted. The second rolls 17, already "
        "Disrupted, so it moves on to 18: a second Disrupted token there loses the game.",
        position=_bomb_18_position,
        moves=(),
        expect=lambda g: _Checks(g)
        .count("loc:18", "disrupted", 1)
        .count("loc:17", "disrupted", 1)
        .equal("the game is over", g.is_over, True)
        .equal("result", (g.outcome or {}).get("result"), "loss")
        .logged("the game is lost")
        .problems,
        outcome="The game is lost at once: the moving-on rule carried the second bomb from 17 "
        "onto the already Disrupted 62nd Army Command Post (18).",
        steps=(
            _step("Two Ju 87s come, and no Anti-aircraft token is ready: both bomb. The first "
                  "bomb's three dice are all 6s, 18, the highest total three dice can make (1 "
                  "chance in 216). Location 18 is the 62nd Army Command Post; it was clear, so "
                  "it gets a Disrupted token. While it is Disrupted, a 62nd Army CP card half "
                  "can only Recover it: no Resupply, no Storm Group raid (2.0).",
                  "3.0 Bomb Stalingrad", "card:d1-ju87-2-1", "loc:18"),
            _step("The second bomb's dice add up to 17, which is already Disrupted, so the bomb "
                  "moves on to the next number up: 18. There is no 19 to move on to, and a "
                  "second Disrupted token on the 62nd Army Command Post loses the game on the "
                  "spot, whatever the score (6.0 Ending the Game).",
                  "3.0 Bomb Stalingrad", "loc:17", "loc:18"),
        ),
        variation_of="ju87",
    )
)


def _place_position() -> Position:
    return (
        Position()
        .counter("pavlov", "R3")
        .wehrmacht(4, 1, "riflemen")
        .wehrmacht(4, 2, "scouts")
        .sapper(4, 3)
        .tokens("suppression", "suppress:red", 2)
        .wehrmacht_cards("d1-machine-gunners-1")
        .resume("wehrmacht", cards=1)
        .dice(4, 2, 1, 5, 2)
    )


register(
    Scenario(
        name="machine-gunners",
        title="Placing Machine Gunners",
        section="3.0 Place Wehrmacht Counter",
        summary="The placement die (4) sends the Machine Gunners to track 4. The player spends "
        "one red Suppression token and misses; the counter enters and pushes the Riflemen and "
        "the Scouts forward, the Scouts onto the Sapper token.",
        position=_place_position,
        moves=("spend:1",),
        expect=lambda g: _Checks(g)
        .equal("track 4", g.state.tracks[3], ["machine-gunners-1", "riflemen-1", "", "", ""])
        .count("sapper:4:3", "sapper", 0)
        .count("suppress:red", "suppression", 1)
        .logged("The Sappers stop Scouts")
        .problems,
        outcome="The Sapper roll shows a 5 (the Scouts' Defense): the Scouts leave the board.",
        steps=(
            _step("The placement die shows 4: the Machine Gunners are to enter track 4, a red "
                  "track.",
                  "3.0 Place Wehrmacht Counter", "track:4:1", "card:d1-machine-gunners-1"),
            _step("Before they enter, the player may spend Suppression tokens from the red box, "
                  "one die each. The player spends one of the two: one die, and a 4 or more "
                  "(their Defense) would send them back to the stock.",
                  "3.0 Place Wehrmacht Counter", "box:suppress:red",
                  why="Only tokens in the box of the track's colour can stop infantry before it "
                  "enters; more tokens mean more dice. The example risks one and keeps the other; "
                  "not spending lets the counter in for sure."),
            _step("A 2 misses; the token goes to the stock anyway. The Machine Gunners take the "
                  "first circle of track 4 and push the Riflemen and the Scouts one circle "
                  "forward, which puts the Scouts on the Sapper token.",
                  "3.0 Place Wehrmacht Counter", "track:4:1", "track:4:2", "track:4:3"),
            _step("The Sapper token is used up: three dice against the Scouts' Defense of 5. "
                  "The 5 is enough, and the Scouts go back to the stock.",
                  "3.0 Sapper Defenses", "track:4:3"),
        ),
    )
)


def _assault_position() -> Position:
    return (
        Position()
        .counter("glushenko", "G5")
        .defense("green", 5)
        .wehrmacht(1, 1, "machine-gunners")
        .wehrmacht(1, 2, "riflemen")
        .wehrmacht(1, 3, "panzer-ii")
        .wehrmacht(2, 1, "scouts")
        .wehrmacht(2, 2, "panzer-ii")
        .wehrmacht(2, 3, "stug-iiib")
        .wehrmacht_cards("d1-assault-1")
        .resume("wehrmacht", cards=1)
        .dice(3, 5, 1, 1, 1, 5, 1, 1, 1, 1)
    )


register(
    Scenario(
        name="assault",
        title="Assault",
        section="3.0 Assault",
        summary="Green infantry (Machine Gunners 2 + Riflemen 1 + Scouts 1) suppress with four "
        "dice; the position die (3) finds green 3 empty, so Glushenko on the next higher green "
        "position is the target. Then the green armour (Panzer II 1 + 1, StuG IIIb 3) attacks "
        "the building with five dice.",
        position=_assault_position,
        moves=(),
        expect=lambda g: _Checks(g)
        .equal("Glushenko disrupted", g.state.soviet["glushenko"].disrupted, True)
        .equal("green Defense", g.state.defense["green"], 4)
        .logged("green infantry suppress with 4 dice")
        .logged("green armour attacks the building with 5 dice")
        .problems,
        outcome="A 5 against green Defense 5: Glushenko is Disrupted; a 5 in the armour's five "
        "dice lowers the green Defense to 4.",
        steps=(
            _step("The Assault starts with the green tracks. Their infantry adds up its "
                  "Suppress values (Machine Gunners 2, Riflemen 1, Scouts 1): 4 dice. The "
                  "position die shows 3; green 3 is empty, so the next higher occupied green "
                  "position, Glushenko's green 5, is the target.",
                  "3.0 Assault", "square:G5", "counter:glushenko", "track:1:1", "track:1:2",
                  "track:2:1"),
            _step("Four dice against the green Defense of 5: the 5 hits, and Glushenko gets a "
                  "Disrupted token.",
                  "3.0 Assault", "counter:glushenko", "defense:green"),
            _step("Then the green armour attacks the building: the Panzer IIs (1 each) and the "
                  "StuG IIIb (3) give 5 dice against the green Defense of 5. The 5 hits and the "
                  "green Defense drops to 4. Red and purple tracks are empty, so the card is "
                  "done.",
                  "3.0 Assault", "defense:green", "track:1:3", "track:2:2", "track:2:3"),
        ),
    )
)


_HUNGRY = (
    "pavlov", "glushenko", "chernogolov", "alexandrov", "masijashvili", "chait", "kiselev",
    "svirin", "demchenko", "shkuratov", "ivashchenko", "stepanoshvili", "mosiyashvili",
    "yakymenko", "anikin", "gridin", "kalinin",
)


def _resupply_position() -> Position:
    p = Position()
    squares = [sq.id for sq in p.components.board.squares]
    for i, cid in enumerate(_HUNGRY):
        p.counter(cid, squares[i] if i < 10 else "reserves")
    return (
        p.set_tokens("food", "supplies", 3)
        .wehrmacht_cards("resupply-voentorg")
        .resume("wehrmacht", cards=1)
    )


register(
    Scenario(
        name="resupply",
        title="Resupply",
        section="3.0 Special Cards: Resupply",
        summary="Seventeen counters in the house and three Food tokens: the three tokens feed "
        "fifteen; the player picks the two who go hungry.",
        position=_resupply_position,
        moves=("starve:gridin", "starve:kalinin"),
        expect=lambda g: _Checks(g)
        .count("supplies", "food", 0)
        .where("gridin", "removed")
        .where("kalinin", "removed")
        .equal("counters in the house", len(g.engine.house_counters()), 15)
        .equal("Storm Group box", g.state.storm_box, "resupply-voentorg")
        .problems,
        outcome="All three Food tokens go to the stock and two counters are lost; the card "
        "turns to its Storm Group side (Voentorg).",
        steps=(
            _step("Seventeen counters need four Food tokens (one per five counters) but only "
                  "three are in Supplies: they feed fifteen, and the player must pick two "
                  "counters to lose. Gridin is the first.",
                  "3.0 Special Cards: Resupply", "box:supplies", "counter:gridin",
                  why="The player chooses who goes hungry, so keep the counters with special "
                  "marks (Command, Forward Observer, weapons); Gridin has none."),
            _step("Kalinin, another counter without special marks, is the second. The Resupply "
                  "card then turns over to its Storm Group side, Voentorg, which goes into the "
                  "Storm Group box.",
                  "3.0 Special Cards: Resupply", "counter:kalinin", "box:storm",
                  why="Again a plain counter: losing him costs the least."),
        ),
    )
)


def _storm_position() -> Position:
    p = Position()
    card = p.soviet_card("62nd-army-cp", "13th-guards-cp")
    for cid, where in (
        ("glushenko", "G1"), ("alexandrov", "R2"), ("masijashvili", "P1"), ("chait", "reserves"),
        ("pavlov", "G3"),
    ):
        p.counter(cid, where)
    return (
        p.storm_box("resupply-voentorg")
        .hand(card, "fog-1", "fog-2", "fog-3")
        .resume("soviet_cards")
        .dice(4, 3, 4, 2, 5, 2, 6, 3)
    )


register(
    Scenario(
        name="storm-group",
        title="Storm Group raid on the Voentorg",
        section="3.0 Special Cards: Storm Group",
        summary="The Voentorg card is in the Storm Group box and the green tracks are clear. The "
        "62nd Army CP starts a raid with four counters: four dice totalling 13 against Defense "
        "10. Then each raider rolls for its fate.",
        position=_storm_position,
        moves=(
            "card:soviet-01:62nd-army-cp:storm",
            "raider:glushenko",
            "raider:alexandrov",
            "raider:masijashvili",
            "raider:chait",
            "launch",
        ),
        expect=lambda g: _Checks(g)
        .equal("raids won", g.state.storm_won, ["resupply-voentorg"])
        .where("glushenko", "reserves")
        .where("alexandrov", "removed")
        .where("masijashvili", "reserves")
        .where("chait", "removed")
        .equal("raid VP", g.score().raids, 6)
        .problems,
        outcome="13 ≥ 10: the raid succeeds and the card is kept for its VP. Raiders rolling "
        "1-4 are lost, 5-6 return to Reserves.",
        steps=(
            _step("The 62nd Army Command Post half of card 1 starts a Storm Group raid on the "
                  "Voentorg card waiting in the Storm Group box. It is allowed because no German "
                  "counter stands on the green tracks, the card's colour.",
                  "3.0 Special Cards: Storm Group", "card:soviet-01:62nd-army-cp", "box:storm",
                  why="A raid is the only way to win a Storm Group card's Victory Points, and it "
                  "is possible only while the tracks of its colour are clear."),
            _step("Glushenko joins the raid. Raiders come from the house, Reserves included, "
                  "and must be neither Exhausted nor Disrupted.",
                  "3.0 Special Cards: Storm Group", "counter:glushenko",
                  why="Every raider adds one die to the total that must reach the card's "
                  "Defense of 10, but each also risks being lost afterwards."),
            _step("Alexandrov joins.",
                  "3.0 Special Cards: Storm Group", "counter:alexandrov",
                  why="A second die for the total, and a second counter at risk."),
            _step("Masijashvili joins.",
                  "3.0 Special Cards: Storm Group", "counter:masijashvili",
                  why="Three dice average only 10.5 against the Defense of 10; a fourth makes "
                  "success much likelier."),
            _step("Chait joins from the Reserves box. Pavlov stays in the house.",
                  "3.0 Special Cards: Storm Group", "counter:chait",
                  why="The fourth raider; Pavlov, who gives Command, is kept out of the risk."),
            _step("The raid starts with four counters: four dice.",
                  "3.0 Special Cards: Storm Group", "box:storm",
                  why="More raiders would mean more dice but more counters exposed; the "
                  "example settles on four."),
            _step("The four dice total 13, at least the Voentorg's Defense of 10: the raid "
                  "succeeds, and the card is set aside for its 6 Victory Points.",
                  "3.0 Special Cards: Storm Group", "box:storm"),
            _step("Now every raider rolls for his fate, one at a time: 1-4 is lost, 5-6 comes "
                  "back. Glushenko rolls 5 and returns to Reserves.",
                  "3.0 Special Cards: Storm Group", "counter:glushenko", "box:reserves"),
            _step("Alexandrov rolls 2: he is lost.",
                  "3.0 Special Cards: Storm Group", "counter:alexandrov"),
            _step("Masijashvili rolls 6 and returns to Reserves.",
                  "3.0 Special Cards: Storm Group", "counter:masijashvili", "box:reserves"),
            _step("Chait rolls 3: he is lost. Two raiders came back and the card's 6 VP are won.",
                  "3.0 Special Cards: Storm Group", "counter:chait"),
        ),
    )
)


# --- 4.0 Soviet Counter Phase -------------------------------------------------------------


def _move_position() -> Position:
    return (
        Position()
        .counter("glushenko", "G2")
        .counter("masijashvili", "G3")
        .counter("chait", "R2", disrupted=True)
        .counter("kiselev", "reserves")
        .resume("counter_moves")
    )


register(
    Scenario(
        name="move",
        title="Moving and displacing",
        section="4.0 Move",
        summary="Glushenko moves onto Masijashvili's position (he is neither Exhausted nor "
        "Disrupted), who moves for free to the position Glushenko left. Glushenko may not move "
        "onto Chait, who is Disrupted. Kiselev moves from Reserves to an empty position.",
        position=_move_position,
        moves=("move:glushenko", "to:G3", "to:G2", "move:kiselev", "to:P1"),
        expect=lambda g: _Checks(g)
        .where("glushenko", "G3")
        .where("masijashvili", "G2")
        .where("kiselev", "P1")
        .where("chait", "R2")
        .problems,
        outcome="Glushenko holds G3, Masijashvili G2 (a free move), Kiselev P1.",
        steps=(
            _step("Glushenko is the first counter to move. Moving does not tire a counter; "
                  "three counters may move in the phase.",
                  "4.0 Move", "counter:glushenko",
                  why="The example moves Glushenko to show a move onto an occupied position."),
            _step("Glushenko moves onto Masijashvili's position G3. That is allowed because "
                  "Masijashvili is neither Exhausted nor Disrupted; Chait's position R2 is "
                  "closed to him because Chait is Disrupted.",
                  "4.0 Move", "square:G3", "square:R2",
                  why="A move onto a fresh counter's position pushes that counter out; a "
                  "position held by an Exhausted or Disrupted counter cannot be entered."),
            _step("Masijashvili has to leave G3: he takes G2, the position Glushenko left. This "
                  "free move does not count as one of the three.",
                  "4.0 Move", "counter:masijashvili", "square:G2",
                  why="The pushed counter may go to any empty position or to Reserves; the "
                  "example simply swaps the two."),
            _step("Second move: Kiselev, waiting in the Reserves box.",
                  "4.0 Move", "counter:kiselev", "box:reserves",
                  why="A counter in Reserves may move onto a combat position like any other."),
            _step("Kiselev takes the empty purple 1 position. One move is left, unused.",
                  "4.0 Move", "square:P1",
                  why="Any empty position would do; the example picks P1."),
        ),
    )
)


def _attack_position() -> Position:
    return (
        Position()
        .counter("chekhov", "G1")
        .wehrmacht(1, 1, "riflemen")
        .resume("counter_actions")
        .dice(1, 2, 2, 4)
    )


register(
    Scenario(
        name="attack",
        title="Chekhov attacks",
        section="4.0 Attack",
        summary="Chekhov (Attack 4) on green sees the Riflemen on a green track and rolls four "
        "dice: 1, 2, 2, 4.",
        position=_attack_position,
        moves=("attack:chekhov", "target:riflemen-1"),
        expect=lambda g: _Checks(g)
        .equal("track 1", g.state.tracks[0][0], "")
        .equal("Chekhov exhausted", g.state.soviet["chekhov"].exhausted, True)
        .problems,
        outcome="The 4 equals the Riflemen's Defense: they return to the stock.",
        steps=(
            _step("Chekhov stands on a green position, so he sees the green tracks, where the "
                  "Riflemen are. He takes the Attack action.",
                  "4.0 Attack", "counter:chekhov", "track:1:1",
                  why="Attack rolls the counter's Attack value in dice at an infantry counter in "
                  "sight; it costs the counter its action and Exhausts it."),
            _step("The target is the Riflemen on track 1, Defense 4.",
                  "4.0 Attack", "track:1:1",
                  why="The Riflemen are the only German counter Chekhov can see."),
            _step("Chekhov rolls his 4 dice: 1, 2, 2 and 4. One die at the Riflemen's Defense "
                  "of 4 is enough, so they go back to the stock; Chekhov is Exhausted.",
                  "4.0 Attack", "track:1:1", "counter:chekhov"),
        ),
    )
)

register(
    Scenario(
        name="suppress",
        title="Glushenko suppresses",
        section="4.0 Suppress",
        summary="Glushenko (Suppress 1) on a green position moves one Suppression token from "
        "Supplies to the green Suppression box.",
        position=lambda: Position().counter("glushenko", "G1").resume("counter_actions"),
        moves=("suppress:glushenko",),
        expect=lambda g: _Checks(g)
        .count("suppress:green", "suppression", 1)
        .count("supplies", "suppression", 9)
        .problems,
        outcome="One token in the green Suppression box.",
        steps=(
            _step("Glushenko Suppresses. His Suppress value is 1, so one Suppression token moves "
                  "from Supplies to the Suppression box of his position's colour, green.",
                  "4.0 Suppress", "counter:glushenko", "box:supplies", "box:suppress:green",
                  why="Tokens in the green box can later be spent to stop German infantry as it "
                  "is placed on a green track."),
        ),
    )
)


def _command_position() -> Position:
    return (
        Position()
        .counter("pavlov", "G1")
        .counter("masijashvili", "G2", exhausted=True, disrupted=True)
        .counter("chait", "G3", exhausted=True)
        .counter("glushenko", "R2", exhausted=True)
        .resume("counter_actions")
    )


register(
    Scenario(
        name="command",
        title="Pavlov takes command",
        section="4.0 Command",
        summary="Pavlov's Command action gives three free Recovers: two on Masijashvili (the "
        "Disrupted token, then back from Exhausted) and one on Chait.",
        position=_command_position,
        moves=(
            "command:pavlov",
            "cmd:masijashvili:disrupted",
            "cmd:masijashvili:exhausted",
            "cmd:chait:exhausted",
        ),
        expect=lambda g: _Checks(g)
        .equal("Masijashvili", (g.state.soviet["masijashvili"].disrupted,
                                g.state.soviet["masijashvili"].exhausted), (False, False))
        .equal("Masijashvili marker", g.state.soviet["masijashvili"].marker, "command")
        .equal("Chait marker", g.state.soviet["chait"].marker, "command")
        .equal("Glushenko still exhausted", g.state.soviet["glushenko"].exhausted, True)
        .equal("Pavlov exhausted", g.state.soviet["pavlov"].exhausted, True)
        .problems,
        outcome="Masijashvili and Chait recover and carry Command tokens: they cannot act "
        "this phase.",
        steps=(
            _step("Pavlov, who has the Command mark and stands on a combat position, takes the "
                  "Command action: three free Recovers to give to other counters. He is "
                  "Exhausted by it.",
                  "4.0 Command", "counter:pavlov",
                  why="Command turns one action into three Recovers, the cheapest way to bring "
                  "several tired or Disrupted counters back."),
            _step("First Recover: Masijashvili's Disrupted token comes off.",
                  "4.0 Command", "counter:masijashvili",
                  why="Masijashvili is both Disrupted and Exhausted; one Recover fixes only one "
                  "of the two."),
            _step("Second Recover, on the same counter: Masijashvili turns back from Exhausted. "
                  "He is ready again.",
                  "4.0 Command", "counter:masijashvili",
                  why="Two Recovers may go to the same counter; without the second, "
                  "Masijashvili would stay Exhausted."),
            _step("Third Recover: Chait turns back from Exhausted. Masijashvili and Chait now "
                  "carry Command tokens and may not act this phase; Glushenko stays Exhausted.",
                  "4.0 Command", "counter:chait",
                  why="Chait or Glushenko could take the last Recover; the example picks Chait."),
        ),
    )
)


def _observer_position() -> Position:
    return (
        Position(settings=RuleSettings(forward_observer_dice=2))
        .counter("potanski", "G1")
        .tokens("artillery", "loc:10")
        .wehrmacht(1, 1, "stug-iiib")
        .wehrmacht(1, 2, "machine-gunners")
        .resume("counter_actions")
        .dice(2, 4, 5, 6)
    )


register(
    Scenario(
        name="forward-observer",
        title="Potanski calls in the artillery",
        section="4.0 Forward Observer",
        summary="Potanski on green spends the Artillery token and attacks the StuG IIIb and the "
        "adjacent Machine Gunners on a green track. The example rolls two dice per target (the "
        "rule text says three; this scenario uses the option forward_observer_dice=2).",
        position=_observer_position,
        moves=("observe:potanski", "target:stug-iiib-1", "target:machine-gunners-1"),
        expect=lambda g: _Checks(g)
        .equal("track 1", g.state.tracks[0][:2], ["stug-iiib-1", ""])
        .count("loc:10", "artillery", 0)
        .problems,
        outcome="2 and 4 miss the StuG (Defense 5); 5 and 6 destroy the Machine Gunners.",
        steps=(
            _step("Potanski, with the Forward Observer mark, calls in the Artillery token "
                  "readied on location 10, which goes back to the stock.",
                  "4.0 Forward Observer", "counter:potanski", "loc:10",
                  why="The action needs a readied Artillery token and German counters the "
                  "observer can see; both are there."),
            _step("First target: the StuG IIIb on green track 1, in Potanski's sight.",
                  "4.0 Forward Observer", "track:1:1",
                  why="The observer fires at counters he sees, armour included."),
            _step("Second target: the Machine Gunners in the circle next to it.",
                  "4.0 Forward Observer", "track:1:2",
                  why="The second, adjacent target is a free extra attack; declining it wastes "
                  "half the token."),
            _step("Two dice against the StuG IIIb (this example rolls two per target; the rule "
                  "text says three): 2 and 4, both under its Defense of 5, so it stays.",
                  "4.0 Forward Observer", "track:1:1"),
            _step("Two dice against the Machine Gunners: 5 and 6, both at least their Defense "
                  "of 4. They go back to the stock.",
                  "4.0 Forward Observer", "track:1:2"),
        ),
    )
)


def _weapons_position() -> Position:
    return (
        Position()
        .counter("sobgayda", "reserves")
        .counter("murzaev", "reserves")
        .weapon("m1937", "reserves")
        .wehrmacht_cards("d1-sniper-1")
        .resume("counter_moves")
        .dice(1, 2, 6, 1, 1, 1)
    )


register(
    Scenario(
        name="weapons",
        title="Sharing a position with a weapon",
        section="4.0 Soviet Counters and Weapon Counters",
        summary="Sobgayda moves to a green position taking the M1937 gun (both Anti-tank); "
        "Murzaev (Anti-tank) joins him there. Next turn a Sniper hits that position.",
        position=_weapons_position,
        moves=(
            "move:sobgayda",
            "to:G2",
            "carry:m1937",
            "move:murzaev",
            "to:G2",
            "actions-done",
            "end-phase",
            "hit:murzaev",
        ),
        expect=lambda g: _Checks(g)
        .where("sobgayda", "G2")
        .where("murzaev", "removed")
        .equal("the gun", g.state.weapons["m1937"], "G2")
        .problems,
        outcome="Both share G2 with the gun; when the Sniper hits, the player chooses which of "
        "the two is the casualty.",
        steps=(
            _step("Sobgayda is picked to move from the Reserves box.",
                  "4.0 Move", "counter:sobgayda", "box:reserves",
                  why="The example sets up a position shared by two Anti-tank counters."),
            _step("He goes to green 2.",
                  "4.0 Move", "square:G2",
                  why="An empty green position, where the example's Sniper will aim later."),
            _step("He takes the M1937 gun along: he and the gun both carry the Anti-tank mark.",
                  "4.0 Soviet Counters and Weapon Counters", "weapon:m1937", "square:G2",
                  why="Only a weapon with the counter's own mark may come along, and without "
                  "the gun on G2 no second counter could join him there."),
            _step("Murzaev is picked to move next.",
                  "4.0 Move", "counter:murzaev",
                  why="The second Anti-tank counter."),
            _step("Murzaev joins Sobgayda on G2: two counters may share a position when both "
                  "carry the same weapon mark and that weapon is there.",
                  "4.0 Soviet Counters and Weapon Counters", "square:G2", "counter:murzaev",
                  why="Sharing is allowed only with the matching weapon present; two such "
                  "counters could later fire the gun together."),
            _step("No actions this time: the Soviet Counter Phase ends and a new turn begins.",
                  "4.0 Soviet Counter Phase",
                  why="The example skips ahead to the next Wehrmacht Card Phase."),
            _step("The next Soviet Card Phase is skipped too; the Wehrmacht Card Phase turns up "
                  "a Sniper.",
                  "2.2 Take up to Three Actions", "card:d1-sniper-1",
                  why="Again skipping ahead to the Sniper."),
            _step("The colour die shows 1: green.",
                  "3.0 Attack Defender", "card:d1-sniper-1"),
            _step("The position die shows 2: green 2, where Sobgayda and Murzaev stand together.",
                  "3.0 Attack Defender", "square:G2"),
            _step("Four dice against the green Defense of 6: the 6 hits the shared position.",
                  "3.0 Attack Defender", "defense:green", "square:G2"),
            _step("When an attack hits a shared position, only one of the two is hit, and the "
                  "player chooses which: Murzaev is the casualty, Sobgayda and the gun stay.",
                  "4.0 Soviet Counters and Weapon Counters", "counter:murzaev", "square:G2",
                  why="Keep the counter you need most: Sobgayda's Inspire mark makes the "
                  "position's Anti-tank attacks stronger."),
        ),
    )
)


def _first_aid_position() -> Position:
    return (
        Position()
        .counter("sobgayda", "G2", disrupted=True)
        .counter("murzaev", "G2", disrupted=True)
        .weapon("m1937", "G2")
        .tokens("first_aid", "supplies", 3)
        .wehrmacht_cards("d1-sniper-1", "d1-mortar-1")
        .resume("wehrmacht", cards=2)
        .dice(1, 2, 6, 1, 1, 1, 1, 2, 6, 1, 1, 1)
    )


register(
    Scenario(
        name="first-aid",
        title="First Aid",
        section="5.0 First Aid",
        summary="A Sniper hits Sobgayda: a First Aid token saves him. Then a Mortar hits the "
        "position he shares with Murzaev; both are already Disrupted, so a second token would "
        "kill both: two more First Aid tokens save them.",
        position=_first_aid_position,
        moves=("hit:sobgayda", "first-aid", "first-aid", "first-aid"),
        expect=lambda g: _Checks(g)
        .where("sobgayda", "G2")
        .where("murzaev", "G2")
        .count("supplies", "first_aid", 0)
        .problems,
        outcome="Three First Aid tokens spent; nobody is lost.",
        steps=(
            _step("A Sniper is turned up. The colour die shows 1: green.",
                  "3.0 Attack Defender", "card:d1-sniper-1"),
            _step("The position die shows 2: green 2, shared by Sobgayda and Murzaev, both "
                  "already Disrupted.",
                  "3.0 Attack Defender", "square:G2"),
            _step("Four dice against the green Defense of 6: the 6 hits.",
                  "3.0 Attack Defender", "defense:green", "square:G2"),
            _step("Only one counter of a shared position is hit, and the player picks "
                  "Sobgayda.",
                  "4.0 Soviet Counters and Weapon Counters", "counter:sobgayda",
                  why="Either could be named; the example names Sobgayda and then saves him."),
            _step("A First Aid token from Supplies goes to the stock and cancels the casualty: "
                  "Sobgayda stays in the house. It costs no action.",
                  "5.0 First Aid", "box:supplies", "counter:sobgayda",
                  why="First Aid is the only way to cancel a casualty; accepting it would lose "
                  "Sobgayda for good."),
            _step("A Mortar is turned up next. Its colour die shows 1: green.",
                  "3.0 Suppress Defender", "card:d1-mortar-1"),
            _step("The position die shows 2: the same shared position, green 2.",
                  "3.0 Suppress Defender", "square:G2"),
            _step("The 6 hits again. A Mortar hit Disrupts everyone on the position, and both "
                  "counters already have a Disrupted token: a second one would make each a "
                  "casualty.",
                  "3.0 Suppress Defender", "defense:green", "square:G2"),
            _step("A second First Aid token saves Sobgayda. It cancels the casualty and "
                  "nothing else: he stays on green 2 with his first Disrupted token.",
                  "5.0 First Aid", "box:supplies", "counter:sobgayda",
                  why="Without it, Sobgayda is lost to the second Disrupted token."),
            _step("A third First Aid token saves Murzaev, Disrupted too. Three tokens spent, "
                  "nobody lost, and the gun stays on green 2 with its crew.",
                  "5.0 First Aid", "box:supplies", "counter:murzaev",
                  why="Without it, Murzaev is lost; a token kept back could save someone later."),
        ),
    )
)


# --- 7.0 Variants ----------------------------------------------------------------------------


def _support_position() -> Position:
    p = Position(settings=RuleSettings(operational_support=True)).counter("pavlov", "G1")
    card = p.soviet_card("62nd-army-cp", "13th-guards-cp")
    return p.operational_support("mamayev-kurgan").hand(card).resume("soviet_cards")


register(
    Scenario(
        name="operational-support",
        title="Operational Support: Mamayev Kurgan",
        section="7.1 Operational Support Cards",
        summary="A 62nd Army CP action satisfies the Mamayev Kurgan card: one Ammunition, Food, "
        "First Aid and Sapper token leave the game from the stock, and the 62nd Army CP, 13th "
        "Guards CP, Signal and Flotilla locations are free of Disrupted tokens.",
        position=_support_position,
        moves=("card:soviet-01:62nd-army-cp:support",),
        expect=lambda g: _Checks(g)
        .equal("cards won", g.state.os_won, ["mamayev-kurgan"])
        .count("removed", "ammunition", 1)
        .count("removed", "food", 1)
        .count("removed", "first_aid", 1)
        .count("removed", "sapper", 1)
        .equal("support VP", g.score().support, 4)
        .equal("next card turned up", bool(g.state.os_current), True)
        .problems,
        outcome="The card is set aside for its 4 VP and the next card is turned up.",
        steps=(
            _step("The 62nd Army Command Post half of card 1 is spent on Operational Support. "
                  "The Mamayev Kurgan card asks for one Ammunition, Food, First Aid and Sapper "
                  "token, removed from the game out of the stock, and no Disrupted token on the "
                  "62nd Army CP, 13th Guards CP, Signal or Flotilla locations. Both hold, so the "
                  "card is set aside for its 4 VP and the next card is turned up.",
                  "7.1 Operational Support Cards", "card:soviet-01:62nd-army-cp",
                  "box:operational-support",
                  why="Operational Support trades tokens the house could have used for Victory "
                  "Points; the 62nd Army CP's other actions (Recover, Resupply, Storm Group) "
                  "would help the house instead."),
        ),
    )
)


def _tactics_position(level: str, cards: tuple[str, ...]) -> Position:
    return (
        Position(settings=RuleSettings(tactics=level), turn=1)
        .counter("pavlov", "reserves")
        .tactics_on_top(*cards)
        .wehrmacht_cards("d1-leig18-1", "d1-riflemen-1", "d1-riflemen-2")
        .resume("wehrmacht_start")
        .dice(1, 1, 1, 1, 1, 6, 6)
    )


def _tactics_expect(in_play: list[str], gone: str) -> Callable[[Game], list[str]]:
    def check(g: Game) -> list[str]:
        return (
            _Checks(g)
            .logged("7.5cm leIG 18: 4 dice")
            .equal("turn", g.turn, 2)
            .equal("in play", g.state.tactics_in_play, in_play)
            .equal(f"{gone} left play", gone in g.state.tactics_removed, True)
            .problems
        )

    return check


register(
    Scenario(
        name="tactics-veteran",
        title="Veteran: one Tactics card a turn",
        section="7.2.1 Veteran",
        summary="Turn 1 turns up Artillery Barrage: the 7.5cm leIG 18 rolls four dice instead "
        "of three. On turn 2 Air Superiority replaces it.",
        position=lambda: _tactics_position(
            "veteran", ("t1-artillery-barrage-1", "t1-air-superiority-1")
        ),
        moves=("moves-done", "end-phase"),
        expect=_tactics_expect(["t1-air-superiority-1"], "t1-artillery-barrage-1"),
        outcome="Artillery rolls one extra die on turn 1; Air Superiority is in play on turn 2.",
        steps=(
            _step("Turn 1: the Artillery Barrage Tactics card is in play (artillery rolls one "
                  "extra die). The first Wehrmacht card is the 7.5cm leIG 18; its colour die "
                  "shows 1: green.",
                  "3.0 Attack Building", "tactics:t1-artillery-barrage-1", "card:d1-leig18-1"),
            _step("The leIG 18 normally rolls three dice; Artillery Barrage adds one, so four "
                  "dice go against the green Defense of 6. All 1s: no damage.",
                  "7.2.1 Veteran", "tactics:t1-artillery-barrage-1", "defense:green"),
            _step("The turn goes on: a Riflemen card, and the placement die sends them to "
                  "track 6.",
                  "3.0 Place Wehrmacht Counter", "track:6:1"),
            _step("Another Riflemen card, track 6 again: the new counter pushes the first one a "
                  "circle forward.",
                  "3.0 Place Wehrmacht Counter", "track:6:1", "track:6:2"),
            _step("Nothing to do in the Soviet Counter Phase: moving is over, and turn 2 begins.",
                  "4.0 Move",
                  why="The example is about the Tactics cards, so it skips to turn 2."),
            _step("The Soviet Card Phase of turn 2 is skipped too. As the Wehrmacht Card Phase "
                  "begins, Artillery Barrage leaves play and the next Tactics card, Air "
                  "Superiority (Ju 87 Defense +1), takes its place for the turn.",
                  "7.2.1 Veteran", "tactics:t1-air-superiority-1",
                  why="Skipping ahead to the start of turn 2's Wehrmacht Card Phase, where the "
                  "Tactics card changes."),
        ),
    )
)

register(
    Scenario(
        name="tactics-elite",
        title="Elite: two Tactics cards a turn",
        section="7.2.2 Elite",
        summary="Turn 1 turns up Artillery Barrage and Air Superiority. On turn 2 Artillery "
        "Barrage leaves, Air Superiority slides over and Recon joins it.",
        position=lambda: _tactics_position(
            "elite", ("t1-artillery-barrage-1", "t1-air-superiority-1", "t1-recon-1")
        ),
        moves=("moves-done", "end-phase"),
        expect=_tactics_expect(["t1-air-superiority-1", "t1-recon-1"], "t1-artillery-barrage-1"),
        outcome="On turn 2 Air Superiority and Recon are in play.",
        steps=(
            _step("Turn 1: two Tactics cards are in play, Artillery Barrage (artillery rolls one "
                  "extra die) and Air Superiority (Ju 87 Defense +1). The first Wehrmacht card "
                  "is the 7.5cm leIG 18; its colour die shows 1: green.",
                  "3.0 Attack Building", "tactics:t1-artillery-barrage-1",
                  "tactics:t1-air-superiority-1", "card:d1-leig18-1"),
            _step("The leIG 18 normally rolls three dice; Artillery Barrage adds one, so four "
                  "dice go against the green Defense of 6. All 1s: no damage.",
                  "7.2.2 Elite", "tactics:t1-artillery-barrage-1", "defense:green"),
            _step("The turn goes on: a Riflemen card, and the placement die sends them to "
                  "track 6.",
                  "3.0 Place Wehrmacht Counter", "track:6:1"),
            _step("Another Riflemen card, track 6 again: the new counter pushes the first one a "
                  "circle forward.",
                  "3.0 Place Wehrmacht Counter", "track:6:1", "track:6:2"),
            _step("Nothing to do in the Soviet Counter Phase: moving is over, and turn 2 begins.",
                  "4.0 Move",
                  why="The example is about the Tactics cards, so it skips to turn 2."),
            _step("The Soviet Card Phase of turn 2 is skipped too. As the Wehrmacht Card Phase "
                  "begins, Artillery Barrage, the card farthest from the deck, leaves play; Air "
                  "Superiority slides over and Recon (Scouts Defense +1) joins it.",
                  "7.2.2 Elite", "tactics:t1-air-superiority-1", "tactics:t1-recon-1",
                  why="Skipping ahead to the start of turn 2's Wehrmacht Card Phase, where the "
                  "Tactics cards change."),
        ),
    )
)
