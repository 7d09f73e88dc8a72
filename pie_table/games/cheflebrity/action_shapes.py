"""The shape of every Cheflebrity move, checked by the session before the engine sees it
(`pie_table.core.shapes`). The engine still checks what the rules allow: how many cards a trade
may hold, which qualities a card has, which pies are on the table."""

from pie_table.core.shapes import Either, ListOf, Nothing, Record, Seat, Whole, Word
from pie_table.games.cheflebrity.claims import CLAIM_KINDS
from pie_table.games.cheflebrity.deck import CARDS, FLAVOURS, PARTS, QUALITIES

_CARD = Whole(0, len(CARDS) - 1)
# Pies are numbered from 0 as they are started, one per pie card played at most.
_PIE = Whole(0, len(CARDS))
_HANDED = ListOf(_CARD, 1, len(CARDS))
# A card as a trader describes it: a kind, perhaps a quality, and a Filling's flavour.
_DESCRIPTION = Record({"kind": Word(CLAIM_KINDS)},
                      {"quality": Either(Whole(min(QUALITIES), max(QUALITIES)), Nothing()),
                       "flavour": Either(Word(FLAVOURS), Nothing())})
_CLAIM = ListOf(_DESCRIPTION, 1, len(CARDS))
_NOTHING = Record()

ACTION_SHAPES = {
    "pass": _NOTHING,
    "decline": _NOTHING,
    "end": _NOTHING,
    "draw": Record({"from": Word(("deck", "leftovers"))}, {"card": _CARD}),
    "discard": Record({"card": _CARD}),
    "play": Record({"card": _CARD, "pie": Either(_PIE, Nothing())}, {"as": Word(PARTS)}),
    "serve": Record({"pie": _PIE}),
    "oops": Record({"pie": _PIE}),
    "save": Record({"card": _CARD}),
    "sabotage": Record({"card": _CARD, "owner": Seat(), "pie": _PIE}),
    "offer": Record({"to": Seat(), "give": _HANDED, "claim": _CLAIM, "want": _CLAIM}),
    "reply": Record({"give": _HANDED, "claim": _CLAIM}),
    "counter": Record({"give": _HANDED, "claim": _CLAIM, "want": _CLAIM}),
    "accept": Record(optional={"give": _HANDED, "claim": _CLAIM}),
}
