"""Which of a Pie Rats Captain's moves its expert searches: none of its own turns in phases 2 and
3 (the guide tables what it holds), and never a protection where it may declare; everything
else as the engine lists it. Found over whole games: the search's own estimate favoured holding
cards back and protecting, which whole games of the hard bot show to lose."""

from __future__ import annotations

from collections import Counter

from pie_table.games.pie_rats import bots
from pie_table.games.pie_rats.expert import PLAN
from pie_table.games.pie_rats.rules import RULES


def _positions(seats: int, seed: int):
    """Every decision with a choice of a normal bots' game, as (phase, asking, legal, searched)."""
    state = RULES.new_state(seats, seed)
    players = [bots.make_bot("normal", seat, seed + seat) for seat in range(seats)]
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        view = RULES.bot_view(state, seat)
        if len(legal) > 1:
            guide = PLAN.guide(seat, seed)
            yield view["phase"], view["asking"], legal, PLAN.moves(view, legal, guide)
        action = players[seat].decide_from_view(view) or players[seat].act(view, legal)
        RULES.apply(state, {**action, "seat": seat})


def test_the_expert_leaves_its_own_phase_2_and_3_turns_and_protection_to_its_guide() -> None:
    seen: Counter[str] = Counter()
    for seats, seed in ((2, 3), (4, 11)):
        for phase, asking, legal, searched in _positions(seats, seed):
            kinds = {action["type"] for action in legal}
            if asking == "turn" and phase in (2, 3):
                assert list(searched) == []
                seen["own turn, phase 2-3"] += 1
            elif phase == 4 and "declare" in kinds:
                assert [a for a in legal if a["type"] != "protect"] == list(searched)
                seen["declare or protect"] += "protect" in kinds  # the positions this rule is about
            else:
                assert list(searched) == list(legal)
                seen["other " + (asking or "turn")] += 1
    # The games reach each kind of decision (so the test cannot pass on an empty game).
    assert seen["own turn, phase 2-3"] > 10 and seen["declare or protect"] > 5
    assert sum(n for kind, n in seen.items() if kind.startswith("other")) > 10
