"""Each part of a seat's updates sent once per connection: a part sent before goes again as its
number, `{"$r": n}`, in plain JSON text.

A game's updates repeat themselves: the same event text naming the same chef, the same move
offered ask after ask, the same small patch after each turn. Both ends of a connection number,
in the same order, every part of an update (a dict, a list or a scalar whose JSON is at least
`MIN_CHARS` long) the first time it goes by: the host then sends a part it has numbered as that
number, and the client puts it back before anything else reads the message. So the message a
client reads, and a seat replay keeps, is the one the host meant, while the text on the wire
is some two thirds of it (measured on 4-seat games), before any compression of the socket.

Numbering: an update's values are walked depth first, each dict's in its order; a part that is
not a number is numbered after its own parts (a numbered part is not walked: its parts were
numbered when it was). The table stops growing at `MAX_PARTS` parts or `MAX_TABLE_CHARS`
characters, on both ends at once. Only a turn-based table's `update` messages take part: other
messages may be sent out of turn (a lobby page shared by every lister, a notice past a held
write), and a real-time table's (those with a `tick`) are many small patches of positions that
seldom repeat, where numbering cost the host more time (some 40% on a lockstep Rumble Pie game)
than it saved text (3%).
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii
from typing import Any

from pie_table.core.engine import JSON_SCALARS

MIN_CHARS = 16  # shorter parts cost about what their number does
MAX_PART_CHARS = 4096  # a whole view, sent once per connection, is not kept
MAX_PARTS = 16_384
MAX_TABLE_CHARS = 1_000_000  # per connection, at each end
# What one update may grow to once its numbers are put back (what a client reads whole at most).
MAX_EXPANDED_CHARS = 4 * 1024 * 1024
_REF = "$r"


class _Table:
    """The parts numbered so far on one connection, in order (the same at both ends)."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}
        self.parts: list[str] = []
        self.chars = 0

    def note(self, text: str) -> None:
        """Number `text` if it is worth a number, not numbered yet, and the table has room."""
        if MIN_CHARS <= len(text) <= MAX_PART_CHARS and text not in self.numbers \
                and len(self.parts) < MAX_PARTS and self.chars + len(text) <= MAX_TABLE_CHARS:
            self.numbers[text] = len(self.parts)
            self.parts.append(text)
            self.chars += len(text)


def numbered(message: dict[str, Any]) -> bool:
    """Whether the parts of `message` are numbered (the same answer at both ends)."""
    return message.get("type") == "update" and "tick" not in message


def _scalar(value: Any) -> str:
    """`json.dumps(value)` for a scalar, without its call's overhead for the common kinds (an
    update holds hundreds of thousands of them over a game)."""
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(value)
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    return json.dumps(value)


def _key(key: Any) -> str:
    """A dict key as JSON writes it (a number's key becomes its text)."""
    return encode_basestring_ascii(key) if isinstance(key, str) else json.dumps(json.dumps(key))


class Shortener:
    """The host's end: updates as text with every part sent before as its number."""

    def __init__(self) -> None:
        self._table = _Table()

    def text(self, message: dict[str, Any]) -> str:
        """`message` (plain JSON data: dicts, lists, scalars) as compact JSON text, shortened if it
        is an update."""
        if not numbered(message):
            return json.dumps(message, separators=(",", ":"))
        whole: dict[int, str] = {}
        for value in message.values():
            _whole(value, whole)
        return "{" + ",".join(f"{_key(k)}:{self._short(v, whole)}" for k, v in message.items()) + "}"

    def _short(self, value: Any, whole: dict[int, str]) -> str:
        text = _scalar(value) if type(value) in JSON_SCALARS else whole.get(id(value)) or _scalar(value)
        number = self._table.numbers.get(text)
        if number is not None:
            return f'{{"{_REF}":{number}}}'
        if isinstance(value, dict):
            if value.keys() == {_REF}:
                raise ValueError("a part of an update reads as a number sent before")
            short = "{" + ",".join(f"{_key(k)}:{self._short(v, whole)}" for k, v in value.items()) + "}"
        elif isinstance(value, list | tuple):
            short = "[" + ",".join(self._short(v, whole) for v in value) + "]"
        else:
            short = text
        self._table.note(text)
        return short


def _whole(value: Any, whole: dict[int, str]) -> str:
    """The compact JSON text of `value`, each dict's and list's kept in `whole` by its id."""
    if isinstance(value, dict):
        text = "{" + ",".join(f"{_key(k)}:{_whole(v, whole)}" for k, v in value.items()) + "}"
    elif isinstance(value, list | tuple):
        text = "[" + ",".join(_whole(v, whole) for v in value) + "]"
    else:
        return _scalar(value)
    whole[id(value)] = text
    return text


class Expander:
    """The client's end: the numbers in each update put back as the parts they stand for."""

    def __init__(self) -> None:
        self._table = _Table()
        self._chars = 0  # of the update being put back

    def expand(self, message: dict[str, Any]) -> dict[str, Any]:
        """`message` as the host meant it (ValueError for a number never sent, or an update that
        would grow past `MAX_EXPANDED_CHARS`)."""
        if not numbered(message):
            return message
        self._chars = 0
        return {key: self._expand(value)[0] for key, value in message.items()}

    def _expand(self, value: Any) -> tuple[Any, str]:
        if isinstance(value, dict) and value.keys() == {_REF}:
            number = value[_REF]
            if type(number) is not int or not 0 <= number < len(self._table.parts):
                raise ValueError("the host sent a number it never gave a part")
            text = self._table.parts[number]
            self._grow(len(text))
            return json.loads(text), text
        if isinstance(value, dict):
            pairs = [(key, self._expand(item)) for key, item in value.items()]
            out: Any = {key: item for key, (item, _) in pairs}
            text = "{" + ",".join(f"{_key(key)}:{inner}" for key, (_, inner) in pairs) + "}"
        elif isinstance(value, list):
            items = [self._expand(item) for item in value]
            out = [item for item, _ in items]
            text = "[" + ",".join(inner for _, inner in items) + "]"
        else:
            out, text = value, _scalar(value)
            self._grow(len(text))
        self._table.note(text)
        return out, text

    def _grow(self, chars: int) -> None:
        self._chars += chars
        if self._chars > MAX_EXPANDED_CHARS:
            raise ValueError("the host's update grows too big")
