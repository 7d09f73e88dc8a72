"""The games built on the decision stack share one rules base: what they each wrote lives there once."""

from __future__ import annotations

import pytest

from pie_table.core.registry import get_game
from pie_table.core.stack_rules import DecisionStackRules

_SHARED = ("to_act", "current_decision", "is_over", "forced_action", "apply", "idle_reason", "clone")


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_a_stack_game_leaves_the_shared_parts_to_the_base(game: str) -> None:
    rules = get_game(game).rules
    assert isinstance(rules, DecisionStackRules)
    written = [name for name in _SHARED if name in vars(type(rules))]
    assert written == [], f"{game} writes again what DecisionStackRules owns"
