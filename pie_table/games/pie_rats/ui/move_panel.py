"""Pie Rats' words for the shared move list (kit.move_panel): labels, the prompt, a lure's and a
loot's arithmetic, and the warnings before a move that can only cost something now."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pie_table.games.pie_rats.ui.move_labels import arithmetic, label, prompt
from pie_table.kit import move_panel
from pie_table.kit.i18n import _


def touches(action: dict[str, Any], kind: str, value: int) -> bool:
    """True if `action` uses the picked card, crew member or pie."""
    if kind == "hand":
        return action.get("card") == value or value in action.get("cards", [])
    if kind == "crew":
        crew = action.get("crew")
        return (
            crew == value or value in action.get("targets", []) or (isinstance(crew, list) and value in crew)
        )
    if kind == "charisma":
        return action.get("target") == value or value in action.get("cards", [])
    if kind == "pie":
        return action.get("pie") == value
    return False


def cards_of(action: dict[str, Any]) -> set[int]:
    """Every card a move names (lit on the table while it is focused); pies are apart (`pie_of`)."""
    found: set[int] = set()
    for key in ("card", "target"):
        value = action.get(key)
        if isinstance(value, int):
            found.add(value)
    crew = action.get("crew")
    if isinstance(crew, int):
        found.add(crew)
    elif isinstance(crew, list):
        found.update(crew)
    found.update(action.get("targets", []))
    found.update(action.get("cards", []))
    return found


def view_has_target(view: dict[str, Any], seat: int) -> bool:
    """True if some rival crew member could be lured with the charisma already on the table."""
    from pie_table.games.pie_rats.deck import CAPTAIN_CHARISMA, CARDS

    have = CAPTAIN_CHARISMA + sum(CARDS[c].charisma for c in view["charisma"][seat])
    return any(
        have >= CAPTAIN_CHARISMA + rat["loyalty"] + 1 and not rat["protected"]
        for owner, crew in enumerate(view["crews"])
        if owner != seat
        for rat in crew
    )


WORDS = move_panel.MoveWords(
    label=label,
    prompt=prompt,
    detail=arithmetic,
    touches=touches,
    cards_of=cards_of,
    pies_of=lambda action: {action["pie"]} if "pie" in action else set(),
)


class MovePanel(move_panel.MovePanel):
    """The shared move list with Pie Rats' words and warnings."""

    def __init__(
        self,
        seat: int,
        legal: Sequence[dict[str, Any]],
        view: dict[str, Any],
        submit: Callable[[dict[str, Any]], bool],
        on_hint: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(seat, legal, view, submit, on_hint, WORDS)
        kinds = {action["type"] for action in legal}
        for i, (action, text) in enumerate(self.items):
            # Warn before a move that can only cost something now.
            if (
                action["type"] == "call_loot"
                and "loot" not in kinds
                and "spinach" not in kinds
                and "kidnap" not in kinds
            ):
                self.items[i] = (
                    action,
                    _("{move} (no pie within reach: it would cost your strongest rat)").format(move=text),
                )
            elif action["type"] == "declare" and not view_has_target(view, seat):
                self.items[i] = (
                    action,
                    _("{move} (no rat within reach of your charisma yet)").format(move=text),
                )
