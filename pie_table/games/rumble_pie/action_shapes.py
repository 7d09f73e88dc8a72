"""The shape of every Rumble Pie seat action, checked by the session before the engine sees it
(`pie_table.core.shapes`). The engine still checks what the rules allow."""

from pie_table.core.shapes import Either, Record, Seat, Whole, Word
from pie_table.games.rumble_pie.cards import FACES
from pie_table.games.rumble_pie.state import BASE_COLUMNS

_COLUMN = Whole(0, BASE_COLUMNS)  # three columns, and a fourth once the table has frozen

ACTION_SHAPES = {
    "draw": Record(optional={"column": _COLUMN}),
    "place": Record({"column": _COLUMN}),
    "move": Record({"from": _COLUMN, "to": _COLUMN}, {"count": Whole(1, 2)}),
    "play": Record({"source": Either(Word(("hand",)), _COLUMN), "board": Seat(), "face": Word(FACES)}),
    "out": Record(),
}
