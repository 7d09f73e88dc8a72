"""A hint for the rat at the screen: the hard bot's choice from that rat's own view (its sheet and
the public table, never another sheet), and why, in a line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.engine import TurnBot
from pie_table.core.history import SeatHistory
from pie_table.core.messages import SeatName
from pie_table.games.rats.bots import RatsBot
from pie_table.games.rats.state import SUPPLIES
from pie_table.games.rats.ui.labels import action_label, goal_hint, rat_name, supply_use, vocation_hint
from pie_table.kit.i18n import _

Action = dict[str, Any]


def hint(view: Mapping[str, Any], history: SeatHistory, item: dict[str, Any], legal: Any, seat: int,
         names: SeatName = rat_name) -> tuple[Action, str]:
    """The suggested action among `legal` and a one-line reason (translated), from the rat's view
    and what it has been told (`history`)."""
    # Asked as any turn bot is, with the view it may not change (RatsBot's own act says dict).
    bot: TurnBot = RatsBot("hard", seat, 0)
    bot.hear(history)
    action = bot.act(view, legal)
    move = action_label(action, item, view, names)
    return action, _("{move}: {why}").format(move=move, why=_reason(action, view))


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
    return _("the hard bot's choice from what you can see")
