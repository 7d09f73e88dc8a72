"""The shape of every RATS decision, checked by the session before the engine sees it
(`pie_table.core.shapes`). The engine still checks what the rules allow."""

from pie_table.core.shapes import Either, Record, Seat, Whole, Word
from pie_table.games.rats.actions import MAX_REQUEST
from pie_table.games.rats.state import GOAL_NAMES, SUPPLIES, VOCATIONS

_SUPPLY = Record({"supply": Word(SUPPLIES)})
_RAT = Record({"rat": Seat()})

ACTION_SHAPES = {
    "roll": Record(),
    "flip": Record(),
    "pauper_tie": Record(),
    "vocation": Record({"vocation": Word(VOCATIONS)}),
    "gain": _SUPPLY,
    "goal": Record({"goal": Whole(min(GOAL_NAMES), max(GOAL_NAMES))}),
    "scavenge": Record({"supply": Word(SUPPLIES)}, {"count": Whole(1, 6)}),  # one die
    "nest": _SUPPLY,
    "make": Record({"item": Word(("dish", "decoration"))}),
    "sword_order": _RAT,
    "new_host": _RAT,
    "winner": _RAT,
    "flipper": _RAT,
    "request": Record({"target": Seat(), "supply": Word(SUPPLIES),
                       "amount": Either(Whole(1, MAX_REQUEST), Word(("all",)))}),
    "verdict": Record({"result": Word(("heads", "tails"))}),
}
