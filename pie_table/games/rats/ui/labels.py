"""Readable words for RATS decisions: the prompt over a choice panel and the label on each button."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.messages import SeatName
from pie_table.games.rats.state import GOAL_NAMES, SUPPLIES, SUPPLY_NAMES, supply_amount
from pie_table.kit.i18n import N_, _, ngettext, tr

Action = dict[str, Any]

# Decisions a rat takes in the open: no secret sheet is needed to make them, so no hand-off either.
PUBLIC_KINDS = frozenset({"roll", "flip", "vocation", "goal", "sword_order", "new_host", "winner", "flipper"})

SUPPLY_TITLES = ("Cocktail swords", "Baubles", "Straw", "Crumbs", "Rags", "Flowers")
# What spending each supply does, in our own short words (shown on the sheet beside each row).
SUPPLY_USES = (
    "ask a rat for supplies",
    "gain 5 of one supply",
    "build a nest",
    "cook a dish",
    "sew a decoration",
    "dish or decoration, new Host",
)
GOAL_HINTS = {
    2: "fewest items",
    3: "most shared values",
    4: "biggest dish",
    5: "top dish total",
    6: "most dishes",
    7: "most nests",
    8: "most decorations",
    9: "top decoration total",
    10: "biggest decoration",
    11: "longest run of values",
    12: "most items ≤ 3",
}
VOCATION_HINTS = {
    "pauper": "Saying RATS with fewer than the Host gains you 1 of any supply.",
    "ruffian": "Your sword requests may demand ALL of a supply.",
    "carpenter": "Your nests triple what you scavenge.",
    "pickpocket": "Crumbs or rags make either item; the swapped kind is worth 2 more.",
    "banker": "Gain 3 of any supply each time a new Host takes the hat.",
    "count": "Start with a dish of 1 and a decoration of 2.",
    "queen": "As Host you choose the goal, and you may overrule the coin.",
}
_GAIN_REASONS = {
    "setup": "to start the game",
    "two_player": "the two-rat bonus",
    "baubles": "from your baubles",
    "pauper": "the Pauper's consolation",
    "banker": "the Banker's cut",
}


def supply_title(supply: int) -> str:
    """'Cocktail swords', in the player's language."""
    return _(SUPPLY_TITLES[supply])


def supply_use(supply: int) -> str:
    return _(SUPPLY_USES[supply])


def supply_name(supply: int) -> str:
    """'cocktail swords' (in running text), in the player's language."""
    return _(SUPPLY_NAMES[supply])


def goal_name(goal: int) -> str:
    return _(GOAL_NAMES[goal])


def goal_hint(goal: int) -> str:
    return _(GOAL_HINTS[goal])


def vocation_title(vocation: str) -> str:
    """'Pickpocket', in the player's language."""
    return _(vocation.title())


def vocation_hint(vocation: str) -> str:
    hint = VOCATION_HINTS.get(vocation, "")
    return _(hint) if hint else ""


def rat_name(seat: int) -> str:
    """'Rat 3' for seat 2: the name of a seat nobody named (the table's `SeatNames` has the rest)."""
    return _("Rat {n}").format(n=seat + 1)


def goal_title(goal: int) -> str:
    """'7 Plush'."""
    return f"{goal} {goal_name(goal)}"


def supply_index(name: str) -> int:
    """Index of a supply key such as 'rags'."""
    return SUPPLIES.index(name)


def prompt(item: dict[str, Any], view: Mapping[str, Any]) -> str:
    """The question a pending decision asks, addressed to the deciding rat."""
    kind = item.get("kind", "")
    if kind == "roll":
        return _roll_prompt(item.get("purpose", ""))
    if kind == "gain":
        reason = _GAIN_REASONS.get(item.get("reason", ""), "")
        return _("Gain {n} of which supply? ({why})").format(n=item.get("amount", 0), why=_(reason))
    if kind == "scavenge":
        dice = view.get("dice") or [0, 0]
        if len(dice) == 2 and dice[0] == dice[1]:
            return _("Doubles! Take {n} of any one supply.").format(n=dice[0])
        return _("Scavenge: which die is the supply, which the amount?")
    if kind == "make":
        return _("Your flowers (or pickings) make a dish or a decoration?")
    fixed = {
        "flip": _("Flip the coin for the fate of the ship."),
        "vocation": _("Choose your vocation."),
        "goal": _("Choose a banquet goal to circle."),
        "nest": _("Build your nest beside which supply?"),
        "sword_order": _("Tied on swords: who asks first?"),
        "request": _("Cocktail swords! Ask a rat for a supply."),
        "new_host": _("Tied on flowers: who becomes the Host?"),
        "winner": _("Tied for most awards: who takes the life raft?"),
        "flipper": _("Tied for fewest awards: who flips the coin?"),
        "verdict": _("Queen, let the coin stand or overrule it?"),
        "pauper_tie": _("You tied with the Host, so the Pauper gains nothing this time."),
    }
    return fixed.get(kind, kind)


def _roll_prompt(purpose: str) -> str:
    if purpose == "goal":
        return _("Roll for this turn's banquet goal.")
    if purpose == "order":
        return _("Roll to see who picks a vocation first.")
    return _("Roll for scavenging.")


def action_label(action: Action, item: dict[str, Any], view: Mapping[str, Any],
                 names: SeatName = rat_name) -> str:
    """The text on the button that takes `action`."""
    kind = action.get("type", "")
    if kind in ("roll", "flip"):
        return _("Roll the dice") if kind == "roll" else _("Flip the coin")
    if kind == "pauper_tie":
        return _("Carry on")
    if kind == "vocation":
        return str(action["vocation"]).title()
    if kind == "goal":
        return goal_title(action["goal"])
    if kind == "gain":
        return "+" + _amount(item.get("amount", 0), supply_index(action["supply"]))
    if kind == "scavenge":
        return _scavenge_label(action, view)
    if kind == "nest":
        return _("Nest by {supply}").format(supply=supply_name(supply_index(action["supply"])))
    if kind == "make":
        value = item.get("values", {}).get(action["item"], 0)
        text = _("Dish of {v}") if action["item"] == "dish" else _("Decoration of {v}")
        return text.format(v=value)
    if kind in ("sword_order", "new_host", "winner", "flipper"):
        return names(action["rat"])
    if kind == "verdict":
        return _("Heads") if action["result"] == "heads" else _("Tails")
    if kind == "request":
        return request_text(action, names)
    return kind


def _scavenge_label(action: Action, view: Mapping[str, Any]) -> str:
    supply = supply_index(action["supply"])
    count = action.get("count", 0)
    text = _amount(count, supply)
    nests = (view.get("sheet") or {}).get("nests") or []
    if supply < len(nests) and nests[supply]:
        factor = 3 if _vocation(view) == "carpenter" else 2
        text += _(" (nest: {n})").format(n=count * factor)
    return text


def _vocation(view: Mapping[str, Any]) -> str | None:
    seat = view.get("seat")
    vocations = view.get("vocations") or []
    return vocations[seat] if seat is not None and seat < len(vocations) else None


def request_text(action: Action, names: SeatName = rat_name) -> str:
    """'Ask Rat 2 for 3 rags' / 'Ask Rat 2 for all their rags'."""
    supply = supply_index(action["supply"])
    amount = action["amount"]
    if amount == "all":
        what = _("all their {supply}").format(supply=supply_name(supply))
    else:
        what = _amount(amount, supply)
    return _("Ask {rat} for {what}").format(rat=names(action["target"]), what=what)


def stage_text(view: dict[str, Any], names: SeatName = rat_name) -> str:
    """One line describing where the game is, for the top bar."""
    stage = view.get("stage", "")
    host = names(view.get("host", 0))
    if stage in ("order_rolled", "vocation_pick"):
        return _("Choosing vocations")
    if stage in ("goal_rolled", "goal_set", "turn_start", "setup"):
        return _("{host} is the Host").format(host=host)
    if stage in ("scavenge", "scavenge_rolled", "scavenged"):
        return _("Scavenge roll {n} of 3").format(n=min(3, view.get("scavenge_index", 0) + 1))
    if stage in ("outdo", "swords", "outdo_next"):
        index = min(5, view.get("supply_index", 0))
        return _("Out-do the Host: {supply}").format(supply=supply_name(index))
    if stage in ("turn_end", "host_change"):
        return _("The hat may change heads")
    return _("Awards ceremony")


def note_text(event: dict[str, Any]) -> str:
    """A few words for a private gain (floated over the sheet), or '' for notes not worth it."""
    kind = event.get("type")
    if kind in ("scavenge", "gain"):
        return "+" + _amount(event["amount"], event["supply"])
    if kind == "item":
        text = _("Dish of {v}!") if event["item"] == "dish" else _("Decoration of {v}!")
        return text.format(v=event["value"])
    return ""


def dice_caption(event: dict[str, Any], names: SeatName = rat_name) -> str:
    """Short text under the dice once they land."""
    a, b = event["dice"]
    purpose = event.get("purpose", "")
    if purpose == "goal":
        return _("{a} + {b} = goal {total}").format(a=a, b=b, total=a + b)
    if purpose == "order":
        return _("{rat} rolls {total}").format(rat=names(event.get("seat", 0)), total=a + b)
    if a == b:
        return _("Doubles! {n} of any one supply").format(n=a)
    params = getattr(event.get("text"), "params", {})
    if "first" in params and "second" in params:
        choice = {"first": params["first"], "second": params["second"]}
        return tr({"msg": N_("{first} or {second}."), "params": choice})
    return f"{a} & {b}"


def results_text(view: Mapping[str, Any], names: SeatName = rat_name) -> tuple[str, list[str]]:
    """Title and score lines for the results screen, from the public view."""
    winner = view.get("winner", -1)
    title = _("The ship sinks")
    if winner >= 0:
        title = _("{rat} takes the life raft!").format(rat=names(winner))
    awards = view.get("awards", [])
    order = sorted(range(len(awards)), key=lambda seat: -awards[seat])
    lines = [ngettext("{rat}: {n} award", "{rat}: {n} awards", awards[seat]).format(
        rat=names(seat), n=awards[seat]) for seat in order]
    if view.get("coin"):
        lines.append(_("Heads: every rat escapes!") if view["coin"] == "heads" else _("Tails: lost at sea."))
    return title, lines


def _amount(count: int, supply: int) -> str:
    """'5 rags', '1 cocktail sword' in the player's language (the engine's own words are English)."""
    said = supply_amount(count, supply)  # its ids are the engine's, in the catalogue already
    return ngettext(said["one"], said["other"], count).format(n=count)
