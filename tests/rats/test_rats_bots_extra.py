"""Sword requests are listed lazily: the same actions, in order, as the full product would list."""

from rats_helpers import table

from pie_table.games.rats.actions import MAX_REQUEST, RequestOptions
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import SUPPLIES, questions


def _request_table(vocations=None):
    return table([[5, 2, 0, 3, 1, 0], [1, 0, 0, 0, 0, 0], [0] * 6], vocations=vocations)


def _full(state, seat, amounts):
    return [{"type": "request", "seat": seat, "target": t, "supply": SUPPLIES[s], "amount": a}
            for t in range(state.seats) if t != seat for s in range(1, 6)
            if [t, s] not in state.taken for a in amounts]


def test_request_options_list_every_pair_and_amount_in_order():
    for vocations, extra in ((None, []), (["ruffian", None, None], ["all"])):
        state = _request_table(vocations)
        assert questions(state, 0)[0]["kind"] == "request"
        lazy = RULES.legal_actions(state, 0)
        full = _full(state, 0, [*range(1, MAX_REQUEST + 1), *extra])
        assert isinstance(lazy, RequestOptions)
        assert len(lazy) == len(full) and list(lazy) == full
        assert [lazy[i] for i in (0, 7, -1)] == [full[0], full[7], full[-1]]
        assert lazy[3:4000:57] == full[3:4000:57]


def test_a_pair_just_taken_is_left_out_and_the_rest_stays():
    state = _request_table()
    state.taken = [[1, 2]]  # straw was taken from Rat 2 this turn
    lazy = RULES.legal_actions(state, 0)
    assert not any(a["target"] == 1 and a["supply"] == "straw" for a in lazy[::MAX_REQUEST])
    assert any(a["target"] == 2 and a["supply"] == "straw" for a in lazy[::MAX_REQUEST])
    assert list(lazy) == _full(state, 0, range(1, MAX_REQUEST + 1))
