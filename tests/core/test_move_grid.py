"""A grid of moves lists every combination of its axes in order, and travels as its axes."""

from __future__ import annotations

import itertools
import json

import pytest

from pie_table.core.move_grid import MoveGrid, moves_from_json, moves_to_json
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import questions
from tests.rats.rats_helpers import table


def test_a_grid_lists_every_combination_last_axis_fastest() -> None:
    grid = MoveGrid({"type": "ask", "seat": 1}, [[{"who": 0}, {"who": 2}], [{"n": 1}, {"n": 2}, {"n": 3}]])
    full = [{"type": "ask", "seat": 1, "who": w, "n": n} for w, n in itertools.product((0, 2), (1, 2, 3))]
    assert len(grid) == 6 and list(grid) == full
    assert [grid[i] for i in (0, 4, -1)] == [full[0], full[4], full[-1]] and grid[1:5:2] == full[1:5:2]
    with pytest.raises(IndexError):
        grid[6]
    assert list(MoveGrid({"type": "none"}, [[{"a": 1}], []])) == []


def test_a_grid_travels_as_its_axes_and_comes_back_the_same_moves() -> None:
    state = table([[4, 0, 0, 0, 0, 0], [1, 2, 3, 0, 0, 0], [0, 0, 0, 0, 0, 0]], host=1)
    assert questions(state, 0)[0]["kind"] == "request"
    legal = RULES.legal_actions(state, 0)
    sent = json.dumps(moves_to_json(legal))
    back = moves_from_json(json.loads(sent))
    assert len(legal) > 1000 and list(back) == list(legal)
    assert len(sent) < 2000 < len(json.dumps(list(legal)))  # the axes, not the thousands of moves
    assert moves_from_json(json.loads(json.dumps(moves_to_json([{"type": "roll"}])))) == [{"type": "roll"}]


@pytest.mark.parametrize("bad", [None, 3, {"grid": []}, {"grid": {"base": {}, "axes": [[1]]}}, {"list": []}])
def test_moves_that_are_not_a_list_or_a_grid_are_refused(bad) -> None:
    with pytest.raises(ValueError):
        moves_from_json(bad)


def test_the_request_form_reads_a_grid_from_the_wire_as_it_reads_the_rules_own() -> None:
    """A remote seat's form is built from the grid the host sent: the same rats, supplies and
    amounts as the form the host's own table builds from the rules' moves."""
    from pie_table.games.rats.ui.request_form import RequestForm

    state = table([[4, 0, 0, 0, 0, 0], [1, 2, 3, 0, 0, 0], [0, 0, 0, 0, 0, 0]], host=1)
    legal = RULES.legal_actions(state, 0)
    sent = moves_from_json(json.loads(json.dumps(moves_to_json(legal))))
    here, there = RequestForm(0, legal, lambda _a: None), RequestForm(0, sent, lambda _a: None)
    assert here.pairs == there.pairs and here.amount.values == there.amount.values
    assert len(there.amount.values) == 999 and here.current() == there.current()
