"""Messages from the engines: an id (the English source text, as gettext uses it) plus parameters.

Engines never hand the UI a finished sentence it cannot translate. A `Msg` is a `str` holding
the English text, so logs, tests and the CLI read it as they always did, but it also keeps its
message id and parameters; the UI renders it again through gettext in the player's language
(`pie_table.kit.i18n.tr`). Parameter values may themselves be messages (a card's or supply's
name), lists of messages (joined with commas), or plurals (`plural(n, one, other)`).

Stored events carry the same as plain JSON (`"msg"` and `"params"`) so a saved or replayed
game is translated too. Pure Python.

A message that names a seat ("Chef 2", "Rat 1", a Captain) is made with `seat_msg`, which marks
the seat it stands for: the engine's text stays as it was, and a table that knows its players'
names renders that seat by its name instead (`translate(..., seat_name=...)`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]
SeatName = Callable[[int], str]

# The parameter that marks a message as a seat's name; its value is the seat (from 0).
SEAT_PARAM = "named_seat"


def _same(text: str) -> str:
    return text


def _english_plural(one: str, other: str, n: int) -> str:
    return one if n == 1 else other


def plural(n: int, one: str, other: str) -> dict[str, Any]:
    """A count with its singular and plural message ids, e.g. plural(3, "{n} rag", "{n} rags")."""
    return {"n": n, "one": one, "other": other}


class Msg:
    """An engine's message: its id and parameters, read as English text wherever a string is.

    The English is worked out only when somebody reads it (most events are never read in a
    headless game), then kept. A `Msg` compares equal to its English text, formats and hashes
    like it, and lends it every other `str` method.
    """

    __slots__ = ("msgid", "params", "_text", "_json")

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params
        self._text: str | None = None
        self._json: dict[str, Any] | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = _english(self.msgid, self.params)
        return self._text

    def __repr__(self) -> str:
        return repr(str(self))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its id and parameters: the English and JSON it worked out are caches, and a
        # pickle (the views' proofs, `GameRules.check_views`) must not change once they are read.
        return (_message, (self.msgid, self.params))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg | str):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def __bool__(self) -> bool:
        return bool(self.msgid)

    def __len__(self) -> int:
        return len(str(self))

    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(str(self), name)  # startswith, split, ... as on the English text

    def to_json(self) -> dict[str, Any]:
        """{"msg": id, "params": {...}} with nested messages as JSON too."""
        return {"msg": self.msgid, "params": {k: _param_json(v) for k, v in self.params.items()}}

    def json(self) -> dict[str, Any]:
        """`to_json()` worked out once, like the English text (a message is never changed): read
        it, never change it. A host sends the same messages in every view, action after action."""
        if self._json is None:
            self._json = self.to_json()
        return self._json

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Msg:
        """Inverse of `to_json`."""
        return cls(data["msg"], **{k: revive(v) for k, v in data.get("params", {}).items()})


def _message(msgid: str, params: dict[str, Any]) -> Msg:
    """A pickled `Msg` back (`Msg.__reduce__`)."""
    return Msg(msgid, **params)


def seat_msg(msgid: str, seat: int, **params: Any) -> Msg:
    """A seat's name as the engine says it ("Rat {n}" with n=2), marked as standing for `seat`."""
    return Msg(msgid, **params, **{SEAT_PARAM: seat})


def named_seat(message: Any) -> int | None:
    """The seat a message stands for, when it is a seat's name (a `Msg` or its stored JSON)."""
    params = message.params if isinstance(message, Msg) else (
        message.get("params") if isinstance(message, dict) and "msg" in message else None)
    seat = params.get(SEAT_PARAM) if isinstance(params, dict) else None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def revive(value: Any) -> Any:
    """JSON data back to what the engine stored: {"msg", "params"} dicts become `Msg` again."""
    if isinstance(value, dict) and "msg" in value and "params" in value:
        return Msg.from_json(value)
    if isinstance(value, list):
        return [revive(v) for v in value]
    return value


def _param_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_param_json(v) for v in value]
    return value


def _english(msgid: str, params: dict[str, Any]) -> str:
    """The English text, quickly: engines build a message for every event, and a nested `Msg`
    already is its English text, so only plurals and lists need any work."""
    if not params:
        return msgid
    if not any(type(value) in _COMPOUND for value in params.values()):
        return msgid.format_map(params)
    values = {key: _render_value(value, _same, _english_plural) if type(value) in _COMPOUND else value
              for key, value in params.items()}
    return msgid.format_map(values)


_COMPOUND = frozenset({dict, list, tuple})  # plurals, stored messages, lists of names


def render(msgid: str, params: dict[str, Any] | None = None, gettext: Gettext = _same,
           ngettext: Ngettext = _english_plural, seat_name: SeatName | None = None) -> str:
    """The message in the language of `gettext` / `ngettext` (English by default); with
    `seat_name`, every seat it names is rendered by that function instead."""
    values = {key: _render_value(value, gettext, ngettext, seat_name)
              for key, value in (params or {}).items()}
    text = gettext(msgid)
    try:
        return text.format(**values) if values else text
    except (KeyError, IndexError, ValueError):
        return msgid.format(**values)  # a broken translation never hides the message


def _render_value(value: Any, gettext: Gettext, ngettext: Ngettext, seat_name: SeatName | None = None) -> Any:
    seat = named_seat(value) if isinstance(value, Msg | dict) and seat_name is not None else None
    if seat_name is not None and seat is not None:
        return seat_name(seat)
    if isinstance(value, Msg):
        return render(value.msgid, value.params, gettext, ngettext, seat_name)
    if isinstance(value, dict) and "one" in value and "n" in value:
        return ngettext(value["one"], value["other"], value["n"]).format(n=value["n"])
    if isinstance(value, dict) and "msg" in value:
        return render(value["msg"], value.get("params", {}), gettext, ngettext, seat_name)
    if isinstance(value, list | tuple):
        return ", ".join(str(_render_value(v, gettext, ngettext, seat_name)) for v in value)
    return value


def translate(message: Any, gettext: Gettext = _same, ngettext: Ngettext = _english_plural,
              seat_name: SeatName | None = None) -> str:
    """Render a `Msg`, a stored {"msg", "params"} dict, or a plain message id; `seat_name` (the
    table's names for its seats) replaces every seat name the message holds."""
    seat = named_seat(message) if isinstance(message, Msg | dict) and seat_name is not None else None
    if seat_name is not None and seat is not None:
        return seat_name(seat)
    if isinstance(message, Msg):
        return render(message.msgid, message.params, gettext, ngettext, seat_name)
    if isinstance(message, dict) and "msg" in message:
        return render(message["msg"], message.get("params", {}), gettext, ngettext, seat_name)
    return gettext(str(message))
