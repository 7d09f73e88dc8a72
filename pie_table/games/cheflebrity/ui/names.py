"""Cheflebrity words in the player's language: card names from the deck file (which carries
English and Spanish), part and kind names and claims through gettext."""

from __future__ import annotations

from typing import Any

from pie_table.games.cheflebrity import claims as C
from pie_table.games.cheflebrity.deck import BOTTOM, CARDS, EXTRAS, FILLING, PART_NAMES, TOP
from pie_table.games.cheflebrity.pies import KIND_NAMES
from pie_table.kit.i18n import N_, _, current_language, tr


def card_label(card: int) -> str:
    names = CARDS[card].names
    return names.get(current_language(), names["en"])


def part_label(part: str) -> str:
    return _(PART_NAMES[part]) if part in PART_NAMES else tr(C.describe({"kind": part}))


# One word per part, for places too narrow for the full name (a pie's edge-on strip).
_SHORT_PARTS = {BOTTOM: N_("Bottom"), FILLING: N_("Filling"), TOP: N_("Top"), EXTRAS: N_("Extras")}


def short_part_label(part: str) -> str:
    """A part in one word ("Bottom" for a Bottom Crust); the full label when it has no short one."""
    return _(_SHORT_PARTS[part]) if part in _SHORT_PARTS else part_label(part)


def kind_label(kind: str) -> str:
    return _(KIND_NAMES[kind])


def claim_label(claim: list[dict[str, Any]] | None) -> str:
    """A claim as words ("Cherry Filling 20, Top Crust")."""
    return ", ".join(tr(C.describe(d)) for d in claim or [])


def chef_label(seat: int, player: str = "") -> str:
    """A seat by its player's name when it has one, else "Chef N"."""
    return player or _("Chef {n}").format(n=seat + 1)
