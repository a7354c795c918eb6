"""The board's JavaScript and Python agree on place ids and on the synced traits.

``engine/places.py`` owns the grammar of place ids and ``widget/js/src/places.js`` is its twin
in the browser; ``widget/board.py`` lists the traits it syncs (``SYNCED``) and
``widget/js/src/protocol.js`` the traits the board reads (``TRAITS``). Both sides are asked
directly: the JavaScript modules are imported by node as ES modules, never read with regular
expressions. Without node these tests skip on a developer's machine and fail on CI
(``CI=true``), where node is always installed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pavlov_widgets.engine import Game, RuleSettings
from pavlov_widgets.engine.errors import PlaceError
from pavlov_widgets.engine.places import PLACE_KINDS, grammar, parse_place
from pavlov_widgets.widget.board import SYNCED
from pavlov_widgets.widget.view import region_ids

JS_SRC = Path(__file__).resolve().parents[1] / "pavlov_widgets" / "widget" / "js" / "src"

NOT_READ_BY_THE_BROWSER = {"error_code"}
"""Synced traits the board's JavaScript does not read: the ``ack`` reply carries the refusal's
code and the board shows ``error``'s sentence (see protocol.js's docstring)."""


def run_node(script: str, given: Any = None) -> Any:
    """Run ``script`` (an ES module) with node, ``given`` as JSON on stdin; its JSON output.

    The script reads ``input`` (the parsed stdin) and prints one JSON value.
    """
    node = shutil.which("node")
    if node is None:
        message = "node is not installed: the JavaScript half of the parity cannot be checked"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{message} (node is part of every CI machine; install it)")
        pytest.skip(message)
    prelude = ("import { readFileSync } from 'node:fs';\n"
               "const input = JSON.parse(readFileSync(0, 'utf-8'));\n")
    done = subprocess.run([node, "--input-type=module", "-e", prelude + script],
                          input=json.dumps(given), capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def js_module(name: str) -> str:
    """The URL node imports the module ``js/src/<name>`` by."""
    return (JS_SRC / name).as_uri()


def test_the_javascript_place_kinds_are_pythons_grammar() -> None:
    kinds = run_node(f"import {{ PLACE_KINDS }} from {json.dumps(js_module('places.js'))};\n"
                     "console.log(JSON.stringify(PLACE_KINDS));")
    expected = grammar()["kinds"]
    assert list(kinds) == list(expected), "the kinds or their order differ"
    assert kinds == expected


def sample_places() -> list[str]:
    """Every place a solo game and a competitive game (7.4) draw."""
    solo = Game.new(seed=1)
    competitive = Game.new(seed=2, settings=RuleSettings.for_variant("competitive"))
    return sorted(region_ids(solo) | region_ids(competitive))


def python_reads(text: str) -> dict[str, Any] | None:
    """What Python reads ``text`` as: the kind and the fields by name, or None."""
    try:
        place = parse_place(text)
    except PlaceError:
        return None
    names = [name for name, _ in PLACE_KINDS[place.kind].fields]
    return {"kind": place.kind, **dict(zip(names, place.fields, strict=True))}


def test_every_place_of_a_game_reads_and_writes_the_same_on_both_sides() -> None:
    places = sample_places()
    kinds = {parse_place(p).kind for p in places}
    assert len(kinds) >= 12, kinds  # the sample covers most kinds
    script = (f"import {{ parsePlace, formatPlace }} from {json.dumps(js_module('places.js'))};\n"
              "const out = input.map((text) => {\n"
              "  const place = parsePlace(text);\n"
              "  return { place, text: place === null ? null : formatPlace(place) };\n"
              "});\n"
              "console.log(JSON.stringify(out));")
    read = run_node(script, places)
    for text, js in zip(places, read, strict=True):
        assert js["place"] == python_reads(text), text
        assert js["text"] == parse_place(text).id == text


# Texts at the edges of the grammar: both sides refuse the malformed ones and read the rest
# alike (whether a place is in a game is Python's question, not the syntax's).
EDGES = ["", "counter", "counter:", ":pavlov", "counter:pav lov", "counter:pavlov:2",
         "track:0:1", "track:03:1", "track:3", "track:3:2", "loc:x", "loc:12", "square:R 2",
         "kitchen:1", "box:suppress", "box:suppress:red", "box:suppress:red:1", "card:a:b:c",
         "card:wehrmacht", "card:wehrmacht:x", "card:a:b", "header", "header:1", "dice",
         "tactics:", "defense:red", "stock-soviet:pavlov", "stock-weapon:"]


def test_texts_at_the_edges_of_the_grammar_read_the_same_on_both_sides() -> None:
    script = (f"import {{ parsePlace }} from {json.dumps(js_module('places.js'))};\n"
              "console.log(JSON.stringify(input.map((t) => parsePlace(t))));")
    read = run_node(script, EDGES)
    assert dict(zip(EDGES, read, strict=True)) == {t: python_reads(t) for t in EDGES}
    assert None in read and any(read)  # some of each


def test_the_board_reads_every_synced_trait() -> None:
    traits = run_node(f"import {{ TRAITS }} from {json.dumps(js_module('protocol.js'))};\n"
                      "console.log(JSON.stringify(TRAITS));")
    read_by_the_browser = [t for t in SYNCED if t not in NOT_READ_BY_THE_BROWSER]
    assert traits == read_by_the_browser
    assert set(SYNCED) >= NOT_READ_BY_THE_BROWSER  # an exception that still is one
