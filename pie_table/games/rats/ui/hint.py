"""A hint's words for the rat at the screen: the move the hint bot chose from that rat's own view
(its sheet and the public table, never another sheet: `core.hints`), and why, in a line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.messages import SeatName
from pie_table.games.rats.state import SUPPLIES
from pie_table.games.rats.ui.labels import action_label, goal_hint, rat_name, supply_use, vocation_hint
from pie_table.kit.i18n import _

Action = dict[str, Any]


def words(action: Action, item: dict[str, Any], view: Mapping[str, Any], names: SeatName = rat_name) -> str:
    """The hinted `action` and why, in a line (translated), from the rat's view: what `item` (the
    question the rat answers) makes of it."""
    move = action_label(action, item, view, names)
    return _("{move}: {why}").format(move=move, why=_reason(action, view))


def _reason(action: Action, view: Mapping[str, Any]) -> str:
    kind = action.get("type")
    if kind == "vocation":
        return vocation_hint(action["vocation"])
    if kind == "goal":
        return _("the goal your sheet already leads on ({hint})").format(hint=goal_hint(action["goal"]))
    if kind == "gain":
        return _("what you can use next ({use})").format(use=supply_use(SUPPLIES.index(action["supply"])))
    if kind == "scavenge":
        return _("the best fit for the goals circled so far")
    if kind == "nest":
        return _("scavenging that supply doubles from now on")
    if kind == "make":
        return _("it counts most towards the goals circled")
    if kind == "request":
        return _("that rat is likely to have it, and you need it")
    return _("the strongest bot's choice from what you can see")
