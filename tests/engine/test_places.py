"""Places (engine/places.py): one codec for every place of the board, with a stated contract.

Named after the contract's clauses: every place the board can draw reads and writes back the
same text; a text that is no place is refused with a PlaceError naming it, what is wrong and
the forms allowed; any text at all either round-trips or is refused (Hypothesis); places are
typed, frozen and interned; people read their names; board places and the state's token
places map both ways; and no module outside the codec writes a place with an f-string.
"""

from __future__ import annotations

import copy
import json
import os
import pickle
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pavlov_widgets.engine import Game, PavlovError, RuleSettings, default_components
from pavlov_widgets.engine.places import (
    DICE,
    FIXED_PLACES,
    HEADER,
    NAME_PATTERN,
    OUTCOME,
    PLACE_CLASSES,
    PLACE_KINDS,
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
    PlaceError,
    Square,
    StockCounter,
    StockWeapon,
    SuppressionBox,
    TacticsCard,
    TrackCircle,
    Weapon,
    board_place,
    counter_place,
    grammar,
    known,
    loc_key,
    parse_place,
    place_name,
    sapper_key,
    suppress_key,
    token_place,
)
from pavlov_widgets.engine.settings import VARIANTS
from pavlov_widgets.widget.view import region_ids

COMPONENTS = default_components()

# Hypothesis keeps its caches out of the work tree (no .hypothesis folder next to the code)
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY",
                      str(Path(tempfile.gettempdir()) / "pavlov-hypothesis"))

# --- every place of the game round-trips --------------------------------------------------


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_region_the_board_draws_reads_and_writes_back_the_same_text(variant: str) -> None:
    game = Game.new(seed=1, settings=RuleSettings.for_variant(variant))
    for text in region_ids(game):
        place = parse_place(text)
        assert place.id == str(place) == text
        assert parse_place(place.id) is place  # interned: read once, the same object after
        assert type(place)(*place.fields) is place
        assert known(place, game.components), text


def test_every_target_of_every_option_and_log_entry_of_whole_games_is_a_known_place() -> None:
    for seed, variant in ((1, "base"), (2, "competitive"), (3, "operational-support+elite")):
        game = Game.new(seed=seed, settings=RuleSettings.for_variant(variant))
        rng = random.Random(seed)
        while not game.is_over:
            options = game.legal_actions()
            for option in options:
                for text in option.targets:
                    assert known(parse_place(text), game.components), (option.id, text)
            game.apply(rng.choice(options))
        for entry in game.log:
            for text in entry.targets:
                assert parse_place(text).id == text, entry


def test_one_text_form_for_each_kind() -> None:
    assert Counter("pavlov").id == "counter:pavlov"
    assert Weapon("ptrd-1").id == "weapon:ptrd-1"
    assert StockCounter("svirin").id == "stock-soviet:svirin"
    assert StockWeapon("m1937").id == "stock-weapon:m1937"
    assert Square("P4R6").id == "square:P4R6"
    assert TrackCircle(3, 2).id == "track:3:2"
    assert Location(8).id == "loc:8"
    assert Defense("red").id == "defense:red"
    assert Box("reserves").id == "box:reserves"
    assert SuppressionBox("green").id == "box:suppress:green"
    assert Card("d1-sniper-1").id == "card:d1-sniper-1"
    assert CardHalf("soviet-03", "62nd-army-cp").id == "card:soviet-03:62nd-army-cp"
    assert TacticsCard("t1-recon-1").id == "tactics:t1-recon-1"
    assert [p.id for p in FIXED_PLACES] == ["header", "dice", "outcome", "card:wehrmacht"]
    assert (HEADER, DICE, OUTCOME, WEHRMACHT_SLOT) == FIXED_PLACES
    boxes = tuple(map(Box, ("reserves", "supplies", "staging")))
    assert boxes == (RESERVES_BOX, SUPPLIES_BOX, STAGING_BOX)


def test_the_longer_words_win_so_no_field_may_spell_them() -> None:
    assert parse_place("card:wehrmacht") is WEHRMACHT_SLOT
    assert parse_place("box:suppress:red") == SuppressionBox("red")
    assert parse_place("card:wehrmacht:x") == CardHalf("wehrmacht", "x")  # three parts: a half
    with pytest.raises(PlaceError, match=r"Card\('wehrmacht'\) is not a place: its text "
                                         r"'card:wehrmacht' is a wehrmacht-slot place"):
        Card("wehrmacht")


# --- what a place is -----------------------------------------------------------------------


def test_a_place_is_typed_frozen_hashable_and_interned() -> None:
    place = TrackCircle(3, 2)
    assert place is TrackCircle(3, 2) and place == parse_place("track:3:2")
    assert (place.track, place.circle, place.fields, place.kind) == (3, 2, (3, 2), "track")
    assert repr(place) == "TrackCircle(3, 2)" and repr(HEADER) == "Header()"
    assert Counter("x") != Weapon("x") and Counter("x") != "counter:x"
    assert len({Counter("x"), Counter("x"), StockCounter("x")}) == 2
    with pytest.raises(AttributeError, match="immutable"):
        place.track = 4  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(place)) is place
    assert copy.copy(place) is place and copy.deepcopy(Counter("pavlov")) is Counter("pavlov")


def test_places_match_by_kind() -> None:
    match parse_place("card:soviet-03:139th-signal"):
        case CardHalf(card, unit):
            assert (card, unit) == ("soviet-03", "139th-signal")
        case _:
            pytest.fail("a card half")


def test_the_grammar_table_is_the_classes_and_travels_as_json() -> None:
    assert list(PLACE_CLASSES) == list(PLACE_KINDS)
    for kind, cls in PLACE_CLASSES.items():
        spec = PLACE_KINDS[kind]
        assert cls.kind == kind
        assert tuple(getattr(cls, "__match_args__", ())) == tuple(n for n, _ in spec.fields)
        sample = tuple(3 if typ is int else "x1" for _, typ in spec.fields)
        place = cls(*sample)
        assert parse_place(place.id) is place and place.fields == sample
    table = json.loads(json.dumps(grammar()))
    assert table["kinds"]["track"] == {"words": "track",
                                       "fields": [["track", "number"], ["circle", "number"]]}
    assert table["kinds"]["suppression-box"]["words"] == "box:suppress"
    assert table["name"] == NAME_PATTERN


# --- named errors ------------------------------------------------------------------------------

FORMS = re.escape("counter:<counter>, weapon:<weapon>")


@pytest.mark.parametrize(("text", "message"), [
    ("", rf"^'' is not a place: it is empty; the forms are {FORMS}"),
    ("fort:1", rf"^'fort:1' is not a place: unknown kind 'fort'; the forms are {FORMS}"),
    ("counter", r"^'counter' is not a place: wrong number of fields for 'counter'; the form is "
                r"counter:<counter>$"),
    ("track:3", r"^'track:3' is not a place: wrong number of fields for 'track'; the form is "
                r"track:<track>:<circle>$"),
    ("track:3:2:1", r"wrong number of fields for 'track'"),
    ("card:a:b:c", r"the form is card:<card> or card:<card>:<unit> or card:wehrmacht$"),
    ("header:x", r"wrong number of fields for 'header'; the form is header$"),
    ("track:x:2", r"^'track:x:2' is not a place: track must be a whole number from 1 \(no "
                  r"leading zero\), not 'x'; the form is track:<track>:<circle>$"),
    ("track:3:0", r"circle must be a whole number from 1"),
    ("loc:08", r"loc must be a whole number from 1 \(no leading zero\), not '08'"),
    ("loc:-3", r"not '-3'"),
    ("loc:²", r"not '²'"),
    ("counter:", r"^'counter:' is not a place: counter must be a name of letters, digits, '-' "
                 r"and '_', not ''; the form is counter:<counter>$"),
    ("counter:Pav lov", r"counter must be a name"),
    ("Counter:pavlov", r"unknown kind 'Counter'"),
])
def test_a_text_that_is_no_place_is_refused_with_a_named_error(text: str, message: str) -> None:
    with pytest.raises(PlaceError, match=message) as caught:
        parse_place(text)
    assert isinstance(caught.value, PavlovError) and isinstance(caught.value, ValueError)


def test_only_text_is_read_and_constructors_check_their_fields() -> None:
    with pytest.raises(PlaceError, match="a place is text such as 'counter:pavlov', not 7"):
        parse_place(7)  # type: ignore[arg-type]
    with pytest.raises(PlaceError, match=r"Location\(0\) is not a place: loc counts from 1"):
        Location(0)
    with pytest.raises(PlaceError, match="loc must be a whole number, not True"):
        Location(True)
    with pytest.raises(PlaceError, match=r"circle must be a whole number, not 2\.0"):
        TrackCircle(1, 2.0)  # type: ignore[arg-type]
    with pytest.raises(PlaceError, match=r"Counter\('a:b'\) is not a place: counter must be a "
                                         r"name .*; the form is counter:<counter>"):
        Counter("a:b")
    with pytest.raises(PlaceError, match="unit must be a name"):
        CardHalf("soviet-03", "")


# --- any text: round trip or PlaceError, never anything else ------------------------------

_words = st.sampled_from(sorted({w for spec in PLACE_KINDS.values()
                                 for w in spec.words.split(":")} | {"suppress", "wehrmacht"}))
_part = st.one_of(_words, st.from_regex(r"[A-Za-z0-9_-]{1,8}", fullmatch=True),
                  st.integers(0, 30).map(str), st.text(max_size=4))
_grammar_like = st.lists(_part, min_size=1, max_size=4).map(":".join)

_name = st.from_regex(NAME_PATTERN, fullmatch=True)
_number = st.integers(min_value=1, max_value=10**6)


@st.composite
def _places(draw: st.DrawFn) -> Place:
    kind = draw(st.sampled_from(list(PLACE_KINDS)))
    fields = [draw(_number if typ is int else _name) for _, typ in PLACE_KINDS[kind].fields]
    try:
        return PLACE_CLASSES[kind](*fields)
    except PlaceError:  # a name that spells longer words ("card:wehrmacht"): another place
        return parse_place(":".join([PLACE_KINDS[kind].words, *map(str, fields)]))


@settings(database=None)  # nothing saved between runs: the examples are cheap
@given(_places())
def test_every_place_writes_a_text_that_reads_back_as_itself(place: Place) -> None:
    assert parse_place(place.id) == place
    assert parse_place(str(place)).id == place.id


@settings(database=None, max_examples=300)
@given(st.one_of(st.text(), _grammar_like))
def test_any_text_round_trips_or_is_refused_with_a_place_error(text: str) -> None:
    try:
        place = parse_place(text)
    except PlaceError as error:
        assert repr(text) in str(error)  # the message names the text
        return
    assert place.id == text
    assert parse_place(place.id) is place


# --- names for people ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "name"), [
    ("counter:naumov", "Naumov"),
    ("stock-soviet:naumov", "Naumov"),
    ("weapon:ptrd-1", "PTRD-41 anti-tank rifle"),
    ("square:R2", "position R2"),
    ("square:G4R1", "position G4/R1"),
    ("loc:12", "location 12"),
    ("track:3:2", "track 3, circle 2"),
    ("defense:red", "the red Defense track"),
    ("box:suppress:red", "the red Suppression box"),
    ("box:reserves", "the Reserves box"),
    ("box:supplies", "the Supplies box"),
    ("box:storm", "the Storm Group box"),
    ("box:staging", "the Staging Area box"),
    ("box:operational-support", "the Operational Support space"),
    ("box:orders", "the German player's orders"),
    ("box:somewhere-else", "the somewhere else box"),
    ("card:soviet-03", "this card"),
    ("card:soviet-03:139th-signal", "the Signals half of this card"),
    ("card:soviet-03:volga-flotilla", "this card"),  # not a unit of that card
    ("card:d1-sniper-1", "the Sniper card"),
    ("card:resupply-voentorg", "the Resupply card"),
    ("tactics:t1-recon-1", "the Recon Tactics card"),
    ("card:t1-recon-1", "the Recon Tactics card"),  # in the German player's hand (7.4)
    ("card:wehrmacht", "the Wehrmacht card"),
    ("dice", "the dice tray"),
    ("counter:nobody", "counter:nobody"),  # not of these components: its text
    ("square:Z9", "square:Z9"),
    ("no place at all", "no place at all"),
])
def test_a_person_reads_a_place_by_its_name(text: str, name: str) -> None:
    assert place_name(text, COMPONENTS) == name
    try:
        assert place_name(parse_place(text), COMPONENTS) == name
    except PlaceError:
        assert text == "no place at all"


def test_the_tutor_and_the_refusals_name_places_the_same_way() -> None:
    from pavlov_widgets.tutor.walkthrough.steps import region_name

    game = Game.new(seed=1)
    for text in region_ids(game):
        assert region_name(game, text) == place_name(text, game.components)


def test_known_tells_the_places_of_these_components() -> None:
    assert known(Counter("pavlov"), COMPONENTS) and not known(Counter("nobody"), COMPONENTS)
    assert known(TrackCircle(6, 5), COMPONENTS) and not known(TrackCircle(6, 6), COMPONENTS)
    assert not known(TrackCircle(7, 1), COMPONENTS)
    assert known(Location(3), COMPONENTS) and not known(Location(2), COMPONENTS)
    assert known(Defense("purple"), COMPONENTS) and not known(Defense("blue"), COMPONENTS)
    assert known(Box("soviet-hand"), COMPONENTS) and not known(Box("suppress"), COMPONENTS)
    assert not known(CardHalf("soviet-03", "volga-flotilla"), COMPONENTS)
    assert known(WEHRMACHT_SLOT, COMPONENTS)


# --- board places and token places --------------------------------------------------------


def _token_places() -> list[str]:
    board = COMPONENTS.board
    return ["stock", "removed", "supplies", "staging",
            *(suppress_key(c) for c in ("green", "red", "purple")),
            *(sapper_key(t.number, c) for t in board.tracks for c in t.sapper_circles),
            *(loc_key(n) for n in board.location_names)]


def test_board_places_and_token_places_map_both_ways() -> None:
    assert board_place("loc:8") == Location(8) and token_place(Location(8)) == "loc:8"
    assert board_place("supplies") is SUPPLIES_BOX and token_place(SUPPLIES_BOX) == "supplies"
    assert board_place("staging") is STAGING_BOX and token_place(STAGING_BOX) == "staging"
    assert board_place("suppress:red") == SuppressionBox("red")
    assert token_place(SuppressionBox("red")) == "suppress:red"
    assert board_place("sapper:3:2") == TrackCircle(3, 2)
    assert token_place(TrackCircle(3, 2)) == "sapper:3:2"
    assert board_place("stock") is None and board_place("removed") is None
    assert token_place(Counter("pavlov")) is None and token_place(RESERVES_BOX) is None
    for key in _token_places():
        place = board_place(key)
        assert place is None or token_place(place) == key


def test_every_token_place_of_a_game_is_drawn_on_a_board_place() -> None:
    game = Game.new(seed=4)
    rng = random.Random(4)
    seen: set[str] = set()
    while not game.is_over:
        seen.update(game.state.tokens)
        game.apply(rng.choice(game.legal_actions()))
    assert {"supplies", "staging", "loc:12"} <= seen
    for key in seen:
        place = board_place(key)
        assert place is None or (known(place, game.components) and token_place(place) == key)


@pytest.mark.parametrize("bad", ["loc", "loc:x", "suppress:", "sapper:3", "sapper:a:b", "shelf"])
def test_a_text_that_is_no_token_place_is_refused(bad: str) -> None:
    with pytest.raises(PlaceError, match=f"{bad!r} is not a token place; the forms are stock"):
        board_place(bad)


def test_a_counters_place_in_the_state_maps_to_its_board_place() -> None:
    assert counter_place("G4R1") == Square("G4R1")
    assert counter_place("reserves") is RESERVES_BOX
    assert [counter_place(w) for w in ("stock", "removed", "raid")] == [None, None, None]


# --- nobody else writes a place ------------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "pavlov_widgets"
CODECS = {"places.py", "actions.py"}  # the two codecs: the only code that writes or reads ids
EVERY_MODULE = sorted(p for p in PACKAGE.rglob("*.py") if p.name not in CODECS)
WRITTEN = re.compile(r'f"(counter|track|loc|square|card|box|defense|weapon|stock-soviet|'
                     r'stock-weapon|tactics|suppress|sapper):')
TAKEN_APART = re.compile(r'\.(r?partition|r?split)\(\s*["\']:["\']')
JS_SOURCES = sorted(p for p in (PACKAGE / "widget" / "js" / "src").rglob("*.js")
                    if p.name != "places.js")
JS_WRITTEN = re.compile(r"`(counter|track|loc|square|card|box|defense|weapon|stock-soviet|"
                        r"stock-weapon|tactics|suppress|sapper):\$\{")
JS_TAKEN_APART = re.compile(r"""\.split\(\s*["']:["']""")


def _lines(paths: list[Path], pattern: re.Pattern[str]) -> list[str]:
    return [f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
            for path in paths
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]


def test_no_module_but_the_codec_writes_a_place_with_an_f_string() -> None:
    assert _lines(EVERY_MODULE, WRITTEN) == []
    assert _lines(JS_SOURCES, JS_WRITTEN) == []


def test_no_module_but_the_two_codecs_takes_an_id_or_a_place_apart() -> None:
    assert _lines(EVERY_MODULE, TAKEN_APART) == []
    assert _lines(JS_SOURCES, JS_TAKEN_APART) == []
