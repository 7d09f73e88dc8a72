"""The shape of every Pie Rats move, checked by the session before the engine sees it
(`pie_table.core.shapes`). The engine still checks what the rules allow."""

from pie_table.core.shapes import ListOf, Record, Whole
from pie_table.games.pie_rats.deck import CARDS, PIES

_CARD = Whole(0, len(CARDS) - 1)  # a card of the deck (crew members are named by their card)
_CARDS = ListOf(_CARD, 0, len(CARDS))
_NOTHING = Record()
_ITEM = Record({"card": _CARD, "crew": _CARD})

ACTION_SHAPES = {
    "pass": _NOTHING,
    "declare": _NOTHING,
    "call_loot": _NOTHING,
    "done": _NOTHING,
    "table": Record({"card": _CARD}),
    "crew": Record({"card": _CARD}),
    "mirror": Record({"card": _CARD}),
    "protect": Record({"crew": _CARD}),
    "theft": Record({"card": _CARD, "target": _CARD}),
    "spinach": _ITEM,
    "kidnap": _ITEM,
    "bean": _ITEM,
    "loot": Record({"pie": Whole(0, len(PIES) - 1), "crew": _CARDS}),
    "lure": Record({"targets": _CARDS, "cards": _CARDS}),
    "refill": Record({"cards": _CARDS}),
}
