"""A plain-text picture of the whole board: the house, 9 January Square and the Volga side.

It reads the game through its :class:`~pavlov_widgets.engine.observe.Observer`, like every
other view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import COLOURS
from .observe import Observer

if TYPE_CHECKING:
    from .game import Game


def _counter(game: Game, see: Observer, cid: str) -> str:
    c = game.state.soviet[cid]
    flags = ("*" if c.disrupted else "") + ("x" if c.exhausted else "")
    flags += {"action": "!", "command": "^"}.get(c.marker, "")
    return see.name(cid) + (f"[{flags}]" if flags else "")


def render_text(game: Game) -> str:
    """Render the game as text: one section per board panel, then cards and the cursor.

    Marks after a counter's name: ``*`` Disrupted, ``x`` Exhausted, ``!`` Action token,
    ``^`` Command token.
    """
    see, s, c = Observer(game), game.state, game.components
    occupancy = see.occupancy()
    lines = [f"Turn {s.turn} - {game.phase_label}"]
    sc = see.score()
    lines.append(f"Score {sc.total} (raids {sc.raids}, defenders {sc.defenders}, "
                 f"attackers {sc.attackers})")
    lines.append("")
    lines.append("PAVLOV'S HOUSE")
    lines.append("  Defense: " + ", ".join(f"{k} {s.defense[k]}" for k in COLOURS))
    lines.append("  Suppression boxes: " + ", ".join(
        f"{k} {see.suppression_tokens(k)}" for k in COLOURS))
    for sq in c.board.squares:
        who = [_counter(game, see, cid) for cid in occupancy.get(sq.id, ())]
        who += [see.name(w) for w in see.weapons_at(sq.id)]
        radio = " (radio)" if sq.radio else ""
        lines.append(f"  {sq.label:<6}{radio}: {', '.join(who) if who else '-'}")
    reserves = [_counter(game, see, cid) for cid in occupancy.get("reserves", ())]
    reserves += [see.name(w) for w in see.weapons_at("reserves")]
    lines.append(f"  Reserves: {', '.join(reserves) if reserves else '-'}")
    supplies = s.tokens.get("supplies", {})
    lines.append("  Supplies: " + (", ".join(f"{k} {n}" for k, n in supplies.items() if n) or "-"))
    if s.storm_box:
        sg = c.storm_group_on(s.storm_box)
        lines.append(
            f"  Storm Group box: {sg.name} ({sg.colour}, Defense {sg.defense}, {sg.vp} VP)"
        )
    lines.append("")
    lines.append("9 JANUARY SQUARE (circle 1 first)")
    for t in c.board.tracks:
        cells = []
        for circle in see.circles(t.number):
            mark = "S:" if see.sapper_token(t.number, circle.circle) else ""
            cells.append(mark + (see.name(circle.counter) if circle.counter else "."))
        lines.append(f"  Track {t.number} ({t.colour}): " + " > ".join(cells))
    lines.append("")
    lines.append("THE VOLGA")
    staging = s.tokens.get("staging", {})
    lines.append("  Staging: " + (", ".join(f"{k} {n}" for k, n in staging.items() if n) or "-"))
    for loc in range(3, 19):
        marks = []
        if see.location_disrupted(loc):
            marks.append("DISRUPTED")
        marks += see.location_tokens(loc)
        lines.append(f"  {loc:>2} {c.board.location_names[loc]}: {', '.join(marks) or '-'}")
    lines.append("")
    lines.append(
        f"Wehrmacht deck: {len(s.wehrmacht_deck)} cards; Soviet deck {len(s.soviet_deck)}, "
        f"discards {len(s.soviet_discard)}, Fog of War in stock {len(s.fog_stock)}"
    )
    if s.hand:
        lines.append("Hand: " + "; ".join(
            ("Fog of War" if c.soviet_cards[h].fog else
             " / ".join(c.board.unit(u).short for u in c.soviet_cards[h].units))
            + (" (used)" if h in s.hand_used else "") for h in s.hand))
    if game.is_over:
        o = game.outcome or {}
        lines.append(f"GAME OVER: {o.get('level')} - score {o.get('score')} ({o.get('how_text')})")
    else:
        p = game.state.pending
        if p is not None:
            lines.append("Now: " + (p["prompt"] if p["kind"] == "decision" else p["label"]))
    return "\n".join(lines)
