"""The messages host and client exchange: versioned JSON objects, each checked field by field.

Every message is one JSON object with a `type`. The host trusts nothing a client sends: a message
is refused (with one reason, a message id the client translates) when it is not JSON, too big, of
an unknown type, or any field is missing, extra or of the wrong kind. Refusals change nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pie_table import __version__ as CLIENT_VERSION  # noqa: N812 (the package's own version)
from pie_table.core.engine import JSON_SCALARS
from pie_table.core.messages import Msg, revive
from pie_table.net.repeats import Expander

# Bumped whenever a message changes shape; host and client must agree exactly.
# 2: create names no seed; list pages; recode; created carries the owner key. 3: views travel as
# nested patches, engine messages in their short form, a grid of moves as its axes, events once.
# 4: one message family for every table: `action` in (a real-time key too), `update` out; `watch`.
# 5: each part of an update sent once per connection, then as its number (`net.repeats`).
PROTOCOL_VERSION = 5
# A client's message is small (an action, a join): anything bigger is refused unread.
MAX_CLIENT_BYTES = 16 * 1024
# What a client accepts from the host (a whole view); the transport closes on anything bigger.
MAX_HOST_BYTES = 4 * 1024 * 1024
# The reason a host that quits closes each connection with (a headless client says so in its line).
HOST_QUIT_CLOSE = "the host quit"
# A server stopping to be started again closes each connection with the websocket code for it
# (1012, service restart) and this reason: its clients reconnect and take their seats back.
RESTART_CODE = 1012
RESTART_CLOSE = "the server is restarting"
# Why a server holds its turn-based tables' news (`paused`): its store cannot be written now, so a
# move is not acknowledged until it is kept.
SAVING = "saving"



def N_(text: str) -> str:  # noqa: N802 (the name Babel's extraction looks for)
    """Marks a message id for the catalogues (tools/catalogs.py) without translating it here."""
    return text


# Refusal reasons (message ids: English source text the client renders through gettext).
NOT_JSON = N_("The message is not JSON")
TOO_BIG = N_("The message is too big ({size} bytes, at most {limit})")
NOT_OBJECT = N_("The message is not a JSON object")
UNKNOWN_TYPE = N_("Unknown message type {kind}")
MISSING_FIELD = N_("The field {field} is missing")
EXTRA_FIELD = N_("The field {field} is not expected")
BAD_FIELD = N_("The field {field} has the wrong kind of value")
VERSION_MISMATCH = N_("This table speaks protocol {host} (pie_table {host_app}) and you speak {client} (pie_table {client_app}): both need the same version")  # noqa: E501
GAME_VERSION_MISMATCH = N_("This table plays {game} rules version {host} and you have version {client}: both need the same version")  # noqa: E501
HELLO_FIRST = N_("Say hello first")
NO_SUCH_TABLE = N_("There is no table {table}")
WRONG_CODE = N_("That join code is wrong")
NO_SUCH_SEAT = N_("There is no seat {seat} at this table")
SEAT_TAKEN = N_("Seat {seat} is taken")
SEAT_NOT_REMOTE = N_("Seat {seat} is not open to remote players")
BAD_TOKEN = N_("That token does not hold a seat here")
NOT_YOUR_SEAT = N_("That token holds another seat")
OLD_SEQUENCE = N_("Action {seq} is old (the last one was {last})")
NOT_ASKED = N_("The table is not waiting for your seat")
TOO_FAST = N_("Too many messages: slow down")
REFUSED_ACTION = "{reason}"  # the game's own refusal, translated as a parameter
BAD_SETUP = N_("That table cannot be made: {reason}")
HOST_FULL = N_("This host holds as many tables as it can")
DROPPED = N_("Too many refused messages: you were dropped")
TOO_MANY_TRIES = N_("Too many wrong join codes: wait {seconds} s")
TOO_MANY_CONNECTIONS = N_("Too many connections from your address")
TOO_MANY_OPEN = N_("You already have {n} open tables at this host")
HELLO_LATE = N_("No hello within {seconds} s: you were dropped")
NOT_READING = N_("You did not read what the host sent: you were dropped")
NOT_OWNER = N_("Only the table's host can change its join code")
TABLE_CLOSED = N_("The table {table} has closed")
STALE_MOVE = N_("That move was for an earlier moment of the game: choose again")
NOT_WATCHABLE = N_("Table {table} cannot be watched")
TOO_MANY_WATCHERS = N_("Table {table} has as many watchers as it takes")
TABLE_OVER = N_("The game at table {table} is over")
CANNOT_SAVE = N_("The server cannot save right now: try again in a moment")
# Said by a joined window itself, not the host: its connection dropped as the move was sent.
MOVE_NOT_SENT = N_("The connection dropped before your move reached the host: choose again once it is back")

# Field checks: each takes the value and says whether it is acceptable.
Check = Callable[[Any], bool]


def _int(low: int, high: int) -> Check:
    return lambda v: type(v) is int and low <= v <= high


def _text(longest: int) -> Check:
    return lambda v: type(v) is str and len(v) <= longest


def _json_dict(v: Any) -> bool:
    return type(v) is dict and all(type(k) is str for k in v)


def _games(v: Any) -> bool:
    return _json_dict(v) and len(v) <= 32 and all(_int(0, 10**6)(n) for n in v.values())


def _seat_list(v: Any) -> bool:
    return type(v) is list and 1 <= len(v) <= 8 and all(_text(32)(s) for s in v)


_SEQ = _int(0, 2**53)
_TOKEN = _text(64)
# Each client message: its required fields and optional ones, with their checks.
CLIENT_MESSAGES: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "hello": ({"protocol": _int(0, 10**6), "client": _text(32)}, {"games": _games}),
    "list": ({}, {"page": _int(0, 10**6)}),
    # No seed: the host alone deals (a client that chose the seed would know every hand).
    "create": ({"game": _text(32), "seats": _seat_list}, {"options": _json_dict}),
    "join": ({"table": _text(16), "code": _text(16), "seat": _int(0, 64), "name": _text(40)}, {}),
    "rejoin": ({"table": _text(16), "token": _TOKEN, "seen": _int(0, 2**53)}, {}),
    # Watch a table: no seat, no code (the public table only, as far behind as its host chose).
    "watch": ({"table": _text(16)}, {}),
    # A seat's move. Turn-based: `ask`, which ask of its seat it answers (the number its moves came
    # with). Real time: a key action stamped with the `tick` it saw (lockstep: no action, nothing).
    "action": ({"token": _TOKEN, "seq": _SEQ}, {"action": _json_dict, "ask": _SEQ, "tick": _int(0, 2**53)}),
    # `ms`: the client's last measured round trip, shown at the host beside its player's name.
    "ping": ({"n": _SEQ}, {"ms": _int(0, 600_000)}),
    "bye": ({}, {}),
    # The table's host (the key `created` gave it) asks for a new join code.
    "recode": ({"table": _text(16), "owner": _TOKEN}, {}),
}


class Refusal(Exception):
    """A message refused: `message` is the reason as a `Msg` (id and parameters)."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.message = Msg(msgid, **params)
        super().__init__(str(self.message))


class Stale(Refusal):
    """A refusal an honest client earns by lag or a quick double press (a move sent before it heard
    the answer to its last one): it changes nothing, like any refusal, but is never a strike."""


def check_message(data: Any) -> dict[str, Any]:
    """The message if every field is right, else a Refusal naming the first thing wrong."""
    if type(data) is not dict:
        raise Refusal(NOT_OBJECT)
    kind = data.get("type")
    if type(kind) is not str or kind not in CLIENT_MESSAGES:
        raise Refusal(UNKNOWN_TYPE, kind=str(kind)[:32])
    required, optional = CLIENT_MESSAGES[kind]
    for name, check in required.items():
        if name not in data:
            raise Refusal(MISSING_FIELD, field=name)
        if not check(data[name]):
            raise Refusal(BAD_FIELD, field=name)
    for name, value in data.items():
        if name == "type" or name in required:
            continue
        if name not in optional:
            raise Refusal(EXTRA_FIELD, field=name[:32])
        if not optional[name](value):
            raise Refusal(BAD_FIELD, field=name)
    return data


def decode_client(raw: str | bytes) -> dict[str, Any]:
    """A client's message from the wire, checked (Refusal when it may not be read)."""
    size = len(raw)
    if size > MAX_CLIENT_BYTES:
        raise Refusal(TOO_BIG, size=size, limit=MAX_CLIENT_BYTES)
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refusal(NOT_JSON) from None
    return check_message(data)


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text; an engine message (`Msg`, or its JSON form in a view) goes
    in its short wire form, {"$m": id, "$p": params} with "$p" left out when there are none: an
    event names a card or a seat in nearly every line, and the long form was a third of them."""
    return json.dumps(_wire(message), separators=(",", ":"))


def wire_form(message: dict[str, Any]) -> dict[str, Any]:
    """`message` as the plain JSON data `encode` writes (a copy: a connection may write it later,
    on another thread, with its `repeats.Shortener`)."""
    wired: dict[str, Any] = _wire(message)
    return wired


def _wire(value: Any) -> Any:
    """Plain JSON data with every message in its short wire form."""
    if isinstance(value, Msg):
        value = value.json()
    if isinstance(value, dict):
        if len(value) == 2 and "msg" in value and "params" in value:
            short: dict[str, Any] = {"$m": value["msg"]}
            if value["params"]:
                short["$p"] = {k: _wire(v) for k, v in value["params"].items()}
            return short
        return {k: v if type(v) in JSON_SCALARS else _wire(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [v if type(v) in JSON_SCALARS else _wire(v) for v in value]
    return value


_SHORT_KEYS = frozenset(("$m", "$p"))


def decode_host(raw: str | bytes, expander: Expander | None = None) -> dict[str, Any]:
    """A host's message as the client reads it: the parts its connection sent before put back
    (`expander`, the connection's own; None for a message read alone, which holds no numbers), and
    engine messages revived as `Msg`."""
    data = json.loads(raw)
    if type(data) is not dict or type(data.get("type")) is not str:
        raise ValueError("the host sent something that is not a message")
    return revive_tree(data if expander is None else expander.expand(data))


def revive_tree(value: Any) -> Any:
    """`messages.revive` through dicts too (a view holds messages at any depth), in their wire
    form (`encode`) or their long one (a seat replay's)."""
    if isinstance(value, dict):
        if "$m" in value and value.keys() <= _SHORT_KEYS and isinstance(value["$m"], str) \
                and isinstance(value.get("$p", {}), dict):
            return Msg(value["$m"], **{k: revive_tree(v) for k, v in value.get("$p", {}).items()})
        if "msg" in value and "params" in value and len(value) == 2:
            return revive(value)
        return {k: v if type(v) in JSON_SCALARS else revive_tree(v) for k, v in value.items()}
    if isinstance(value, list):  # scalars kept as they are without a call each (most of a view)
        return [v if type(v) in JSON_SCALARS else revive_tree(v) for v in value]
    return value


def error(refusal: Refusal, **extra: Any) -> dict[str, Any]:
    """The message telling a client why something it sent was refused."""
    return {"type": "error", "msg": refusal.message.msgid, "params": refusal.message.params, **extra}


def hello(games: dict[str, int]) -> dict[str, Any]:
    """A client's first message: its protocol and app versions and each game's rules version."""
    return {"type": "hello", "protocol": PROTOCOL_VERSION, "client": CLIENT_VERSION, "games": games}


def check_hello(message: dict[str, Any]) -> None:
    """Refusal (one clear line) when the client's protocol differs from ours."""
    if message["protocol"] != PROTOCOL_VERSION:
        raise Refusal(VERSION_MISMATCH, host=PROTOCOL_VERSION, host_app=CLIENT_VERSION,
                      client=message["protocol"], client_app=message["client"])
