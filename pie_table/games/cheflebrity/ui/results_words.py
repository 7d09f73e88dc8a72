"""The words of Cheflebrity's results: the winner, every chef's total, and each bonus with who took
it, with what and for how many points."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.games.cheflebrity.scoring import BONUS_NAMES
from pie_table.games.cheflebrity.ui.names import chef_label
from pie_table.kit.i18n import _, ngettext


def bonus_line(bonus: dict[str, Any], name: Any, quality_rule: str = "count") -> str:
    """One bonus on the scoring sheet: who took it, with what (in words: "2 pies", "1 card of
    25"), and for how many points."""
    title = _(BONUS_NAMES[bonus["id"]])
    if not bonus["seats"]:
        return _("{bonus}: nobody").format(bonus=title)
    measure = bonus_measure(bonus["id"], bonus["values"][bonus["seats"][0]], quality_rule)
    who = ", ".join(name(s) for s in bonus["seats"])
    if bonus["points"] == 0:
        return _("{bonus}: {who} tie with {measure} each: no points").format(
            bonus=title, who=who, measure=measure)
    return _("{bonus}: {who} ({measure}) +{points}").format(
        bonus=title, who=who, measure=measure, points=bonus["points"]
    )


def bonus_measure(bonus_id: str, n: int, quality_rule: str = "count") -> str:
    """What a bonus counted, in words: "2 pies", "3 flavours", "1 card of 25", "quality 65"."""
    if bonus_id in ("highest", "worst") and quality_rule == "total":
        return _("quality {n}").format(n=n)
    words = {
        "most_pies": ("{n} pie", "{n} pies"),
        "most_tarts": ("{n} tart", "{n} tarts"),
        "pie_variety": ("{n} flavour", "{n} flavours"),
        "tart_variety": ("{n} flavour", "{n} flavours"),
        "consistent": ("{n} of a kind", "{n} of a kind"),
        "fanciest": ("{n} extra", "{n} extras"),
        "highest": ("{n} card of 25", "{n} cards of 25"),
        "worst": ("{n} card of 5", "{n} cards of 5"),
        "sabotage": ("{n} played", "{n} played"),
        "saved": ("{n} played", "{n} played"),
    }.get(bonus_id)
    if words is None:
        return str(n)
    return ngettext(*words, n).format(n=n)


def results_text(view: Mapping[str, Any], names: list[str]) -> tuple[str, list[str]]:
    """The results screen: the winner, every chef's total with its quality points and bonuses, then
    every bonus with who took it."""
    result = view.get("result") or {}
    winners = view["winners"]

    def name(seat: int) -> str:
        return chef_label(seat, names[seat] if seat < len(names) else "")

    if len(winners) == 1:
        title = _("{chef} wins!").format(chef=name(winners[0]))
    else:
        title = _("A shared win: {chefs}").format(chefs=", ".join(name(s) for s in winners))
    totals = result.get("totals", [0] * view["seats"])
    order = sorted(range(view["seats"]), key=lambda s: -totals[s])
    lines = [
        _("{chef}: {total} points ({q} quality + {b} bonuses)").format(
            chef=name(s), total=totals[s], q=result["quality"][s], b=result["bonus_points"][s]
        )
        for s in order
    ]
    rule = result.get("quality_rule", "count")
    lines += [bonus_line(b, name, rule) for b in result.get("bonuses", []) if b["seats"]]
    return title, lines
