"""What the table would score if every dessert that could be served were served now: the hard
bot's yardstick for a move (one move ahead, from public information and its own hand only).
Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity.scoring import Row, seat_row, totals_of

Pie = dict[str, Any]


def projected_lines(view: Mapping[str, Any]) -> list[list[Pie]]:
    """Every seat's served desserts plus its servable working ones."""
    return [projected_line(view, seat) for seat in range(view["seats"])]


def projected_line(view: Mapping[str, Any], seat: int, working: list[Pie] | None = None) -> list[Pie]:
    """`seat`'s served desserts plus its servable working ones (`working`: in place of its own)."""
    line = view["working"][seat] if working is None else working
    return list(view["served"][seat]) + [p for p in line if P.servable(p)]


def rows(view: Mapping[str, Any]) -> list[Row]:
    """Every seat's scoring `Row` of the projection, as the table stands."""
    rule = view["options"].get("quality_rule", "count")
    return [seat_row(projected_line(view, s), view["kept"][s], rule) for s in range(view["seats"])]


def margin(
    view: Mapping[str, Any], me: int, working: Mapping[int, list[Pie]] | None = None,
    base: list[Row] | None = None,
) -> float:
    """My projected total minus the best rival's (`working` replaces some lines; `base`: the
    `rows` of `view`, where the caller has them already)."""
    projected = list(rows(view) if base is None else base)
    rule = view["options"].get("quality_rule", "count")
    for seat, line in (working or {}).items():
        projected[seat] = seat_row(projected_line(view, seat, line), view["kept"][seat], rule)
    totals = totals_of(projected)
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
