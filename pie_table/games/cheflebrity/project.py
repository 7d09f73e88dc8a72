"""What the table would score if every dessert that could be served were served now: the hard
bot's yardstick for a move (one move ahead, from public information and its own hand only).
Pure Python."""

from __future__ import annotations

from typing import Any

from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity.scoring import score

Pie = dict[str, Any]


def projected_lines(view: dict[str, Any], working: dict[int, list[Pie]] | None = None) -> list[list[Pie]]:
    """Every seat's served desserts plus its servable working ones (`working` replaces some lines)."""
    lines = []
    for seat in range(view["seats"]):
        line = (working or {}).get(seat, view["working"][seat])
        lines.append(list(view["served"][seat]) + [p for p in line if P.servable(p)])
    return lines


def margin(
    view: dict[str, Any],
    me: int,
    working: dict[int, list[Pie]] | None = None,
    kept: list[list[list[Any]]] | None = None,
) -> float:
    """My projected total minus the best rival's."""
    result = score(
        projected_lines(view, working),
        kept if kept is not None else view["kept"],
        view["options"].get("quality_rule", "count"),
    )
    totals = result["totals"]
    best_rival = max((t for s, t in enumerate(totals) if s != me), default=0)
    return totals[me] - best_rival


def with_card(line: list[Pie], pie_id: Any, card: int, part: str) -> list[Pie]:
    """`line` with `card` added to pie `pie_id` (None: as a new pie)."""
    if pie_id is None:
        return [*line, {"id": -1, "cards": [[card, part]]}]
    return [{"id": p["id"], "cards": [*p["cards"], [card, part]]} if p["id"] == pie_id else p for p in line]


def without_top(line: list[Pie], pie_id: Any) -> list[Pie]:
    """`line` with the top card of pie `pie_id` thrown out (the pie gone if it was its only card)."""
    out = []
    for pie in line:
        if pie["id"] == pie_id:
            if len(pie["cards"]) > 1:
                out.append({"id": pie["id"], "cards": pie["cards"][:-1]})
        else:
            out.append(pie)
    return out
