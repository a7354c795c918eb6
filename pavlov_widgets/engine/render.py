"""A plain-text picture of the whole board: the house, 9 January Square and the Volga side.

It reads the game through its :class:`~pavlov_widgets.engine.observe.Observer`, like every
other view, and is written in the game's language (each line one whole message).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import i18n
from .components import COLOURS
from .i18n import _, pgettext
from .observe import Observer
from .sections import colour_name, position_label

if TYPE_CHECKING:
    from .game import Game


def _counter(game: Game, see: Observer, cid: str) -> str:
    c = game.state.soviet[cid]
    # TRANSLATORS: the one-letter mark of an Exhausted counter in the text board (Naumov[x])
    exhausted = pgettext("mark of an Exhausted counter", "x")
    flags = ("*" if c.disrupted else "") + (exhausted if c.exhausted else "")
    flags += {"action": "!", "command": "^"}.get(c.marker, "")
    return see.name(cid) + (f"[{flags}]" if flags else "")


def render_text(game: Game) -> str:
    """Render the game as text: one section per board panel, then cards and the cursor.

    Marks after a counter's name: ``*`` Disrupted, ``x`` Exhausted, ``!`` Action token,
    ``^`` Command token.
    """
    with i18n.using(game.language):
        return "\n".join(_lines(game))


def _token(game: Game, kind: str) -> str:
    """A kind of token by its name in the language now ("Food"; Setup 9)."""
    spec = game.components.tokens.get(kind)
    return _(spec.name) if spec is not None else kind


def _tokens(game: Game, counts: dict[str, int]) -> str:
    """Token counts such as "Food 2, Ammunition 1" ("-" for none), by their names."""
    # TRANSLATORS: a kind of token and how many, in the text board ("Food 2")
    return ", ".join(_("{token} {count}").format(token=_token(game, k), count=n)
                     for k, n in counts.items() if n) or "-"


def _lines(game: Game) -> list[str]:
    see, s, c = Observer(game), game.state, game.components
    occupancy = see.occupancy()
    lines = [_("Turn {turn} - {phase}").format(turn=s.turn, phase=game.phase_label)]
    sc = see.score()
    lines.append(_("Score {total} (raids {raids}, defenders {defenders}, attackers "
                   "{attackers})").format(total=sc.total, raids=sc.raids,
                                          defenders=sc.defenders, attackers=sc.attackers))
    lines.append("")
    lines.append(_("PAVLOV'S HOUSE"))
    # TRANSLATORS: a colour and its value in the text board ("green 6": a Defense track, or
    # the Suppression tokens in a colour's box)
    by_colour = ", ".join(_("{colour} {value}").format(colour=colour_name(k), value=s.defense[k])
                          for k in COLOURS)
    lines.append("  " + _("Defense: {tracks}").format(tracks=by_colour))
    boxes = ", ".join(_("{colour} {value}").format(colour=colour_name(k),
                                                   value=see.suppression_tokens(k))
                      for k in COLOURS)
    lines.append("  " + _("Suppression boxes: {boxes}").format(boxes=boxes))
    for sq in c.board.squares:
        who = [_counter(game, see, cid) for cid in occupancy.get(sq.id, ())]
        who += [see.name(w) for w in see.weapons_at(sq.id)]
        label = f"{position_label(sq.label):<6}"
        held = ", ".join(who) if who else "-"
        if sq.radio:
            # TRANSLATORS: a line of the text board: a position's label, its radio, who is on it
            lines.append("  " + _("{position} (radio): {counters}").format(position=label,
                                                                          counters=held))
        else:
            lines.append("  " + _("{position}: {counters}").format(position=label, counters=held))
    reserves = [_counter(game, see, cid) for cid in occupancy.get("reserves", ())]
    reserves += [see.name(w) for w in see.weapons_at("reserves")]
    lines.append("  " + _("Reserves: {counters}").format(
        counters=", ".join(reserves) if reserves else "-"))
    supplies = _tokens(game, s.tokens.get("supplies", {}))
    lines.append("  " + _("Supplies: {tokens}").format(tokens=supplies))
    if s.storm_box:
        sg = c.storm_group_on(s.storm_box)
        lines.append("  " + _("Storm Group box: {card} ({colour}, Defense {defense}, {vp} "
                              "VP)").format(card=_(sg.name), colour=colour_name(sg.colour),
                                            defense=sg.defense, vp=sg.vp))
    lines.append("")
    lines.append(_("9 JANUARY SQUARE (circle 1 first)"))
    for t in c.board.tracks:
        cells = []
        for circle in see.circles(t.number):
            name = see.name(circle.counter) if circle.counter else "."
            # TRANSLATORS: a circle of a track holding a Sapper token, then what is on it
            cells.append(_("S:{counter}").format(counter=name)
                         if see.sapper_token(t.number, circle.circle) else name)
        lines.append("  " + _("Track {number} ({colour}): {circles}").format(
            number=t.number, colour=colour_name(t.colour), circles=" > ".join(cells)))
    lines.append("")
    lines.append(_("THE VOLGA"))
    staging = _tokens(game, s.tokens.get("staging", {}))
    lines.append("  " + _("Staging: {tokens}").format(tokens=staging))
    for loc in range(3, 19):
        marks = [_("DISRUPTED")] if see.location_disrupted(loc) else []
        marks += [_token(game, k) for k in see.location_tokens(loc)]
        lines.append(f"  {loc:>2} " + _("{location}: {tokens}").format(
            location=_(c.board.location_names[loc]), tokens=", ".join(marks) or "-"))
    lines.append("")
    lines.append(_("Wehrmacht deck: {wehrmacht} cards; Soviet deck {soviet}, discards "
                   "{discards}, Fog of War in stock {fog}").format(
        wehrmacht=len(s.wehrmacht_deck), soviet=len(s.soviet_deck),
        discards=len(s.soviet_discard), fog=len(s.fog_stock)))
    if s.hand:
        cards = []
        for h in s.hand:
            card = c.soviet_cards[h]
            name = (_("Fog of War") if card.fog else
                    " / ".join(_(c.board.unit(u).short) for u in card.units))
            cards.append(_("{card} (used)").format(card=name) if h in s.hand_used else name)
        lines.append(_("Hand: {cards}").format(cards="; ".join(cards)))
    if game.is_over:
        o = game.outcome or {}
        lines.append(_("GAME OVER: {level} - score {score} ({how})").format(
            level=_(str(o.get("level"))), score=o.get("score"), how=_(str(o.get("how_text")))))
    else:
        p = game.state.pending
        if p is not None:
            lines.append(_("Now: {question}").format(
                question=p["prompt"] if p["kind"] == "decision" else p["label"]))
    return lines
