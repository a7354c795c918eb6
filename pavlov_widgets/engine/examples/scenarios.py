"""The rulebook's gameplay examples as named scenarios: a position, scripted dice, the moves.

Each of the 19 examples in the rulebook (2nd printing) is registered here with its section,
a summary in our own words, the position it starts from, the dice it rolls and the moves the
player makes in it, and a check that the engine reaches exactly the outcome the rulebook
states. The notebooks walk through them (the learner makes the moves) and the tests play
them, so the tutor cannot drift from the engine.

Example:
    >>> from pavlov_widgets.engine.examples.scenarios import get_scenario
    >>> sniper = get_scenario("sniper")
    >>> game = sniper.play()
    >>> sniper.verify(game)
    []
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import UnknownScenarioError
from ..game import Game
from ..settings import RuleSettings
from .positions import Position


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
    """

    name: str
    title: str
    section: str
    summary: str
    position: Callable[[], Position]
    moves: tuple[str, ...]
    expect: Callable[[Game], list[str]]
    outcome: str

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
    """The names of all scenarios, in rulebook order."""
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
    )
)
