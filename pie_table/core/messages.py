"""Messages from the engines: an id (the English source text, as gettext uses it) plus parameters.

Engines never hand the UI a finished sentence it cannot translate. A `Msg` is a `str` holding
the English text, so logs, tests and the CLI read it as they always did, but it also keeps its
message id and parameters; the UI renders it again through gettext in the player's language
(`pie_table.kit.i18n.tr`). Parameter values may themselves be messages (a card's or supply's
name), lists of messages (joined with commas), or plurals (`plural(n, one, other)`).

Stored events carry the same as plain JSON (`"msg"` and `"params"`) so a saved or replayed
game is translated too. Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _same(text: str) -> str:
    return text


def _english_plural(one: str, other: str, n: int) -> str:
    return one if n == 1 else other


def plural(n: int, one: str, other: str) -> dict[str, Any]:
    """A count with its singular and plural message ids, e.g. plural(3, "{n} rag", "{n} rags")."""
    return {"n": n, "one": one, "other": other}


class Msg(str):
    """English text that remembers its message id and parameters."""

    msgid: str
    params: dict[str, Any]

    def __new__(cls, msgid: str, **params: Any) -> Msg:
        obj = super().__new__(cls, render(msgid, params))
        obj.msgid = msgid
        obj.params = params
        return obj

    def to_json(self) -> dict[str, Any]:
        """{"msg": id, "params": {...}} with nested messages as JSON too."""
        return {"msg": self.msgid, "params": {k: _param_json(v) for k, v in self.params.items()}}


def _param_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [_param_json(v) for v in value]
    return value


def as_json(message: str) -> dict[str, Any]:
    """Any engine text as {"msg", "params"}: a plain str is its own message id."""
    return message.to_json() if isinstance(message, Msg) else {"msg": str(message), "params": {}}


def render(msgid: str, params: dict[str, Any] | None = None, gettext: Gettext = _same,
           ngettext: Ngettext = _english_plural) -> str:
    """The message in the language of `gettext` / `ngettext` (English by default)."""
    values = {key: _render_value(value, gettext, ngettext) for key, value in (params or {}).items()}
    text = gettext(msgid)
    try:
        return text.format(**values) if values else text
    except (KeyError, IndexError, ValueError):
        return msgid.format(**values)  # a broken translation never hides the message


def _render_value(value: Any, gettext: Gettext, ngettext: Ngettext) -> Any:
    if isinstance(value, Msg):
        return render(value.msgid, value.params, gettext, ngettext)
    if isinstance(value, dict) and "one" in value and "n" in value:
        return ngettext(value["one"], value["other"], value["n"]).format(n=value["n"])
    if isinstance(value, dict) and "msg" in value:
        return render(value["msg"], value.get("params", {}), gettext, ngettext)
    if isinstance(value, list | tuple):
        return ", ".join(str(_render_value(v, gettext, ngettext)) for v in value)
    return value


def translate(message: Any, gettext: Gettext = _same, ngettext: Ngettext = _english_plural) -> str:
    """Render a `Msg`, a stored {"msg", "params"} dict, or a plain message id."""
    if isinstance(message, Msg):
        return render(message.msgid, message.params, gettext, ngettext)
    if isinstance(message, dict) and "msg" in message:
        return render(message["msg"], message.get("params", {}), gettext, ngettext)
    return gettext(str(message))
