"""The one message a host sends a remote seat as its game goes on, `update`, whatever the clock:
its view (whole on a new connection, else as a patch of the last one it was sent), each event
it has not had yet once (`seen`: the cursor it hands back when it takes its seat back), and what
its clock adds — a turn-based seat's moves when an ask begins, a real-time seat's tick and what
became of its inputs."""

from __future__ import annotations

import logging
from typing import Any

from pie_table.net.host_parts import Holder
from pie_table.net.patch import patch

LOG = logging.getLogger("pie_table.net")


def update_message(holder: Holder, view: dict[str, Any]) -> dict[str, Any]:
    """The view and events part of `holder`'s next update (`view`: the seat's view as JSON)."""
    message: dict[str, Any] = {"type": "update"}
    history = holder.history
    if history.count > holder.sent:
        message["events"], message["seen"] = history.events[holder.sent:], history.count
    if holder.shown is None:
        message["view"] = view
    elif changed := patch(holder.shown, view):
        message["patch"] = changed
    return message


def send_update(holder: Holder, view: dict[str, Any], message: dict[str, Any]) -> None:
    """Send `holder` its update, noting the view and events it has now been sent."""
    assert holder.link is not None
    holder.shown = view
    holder.sent = holder.history.count
    holder.link.send(message)
