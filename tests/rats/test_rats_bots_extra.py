"""Speed paths for bots and the headless runner: same options, same games, only cheaper."""

from rats_helpers import table

from pie_table.games.rats.actions import RequestOptions, compact_options
from pie_table.games.rats.bots import make_bot
from pie_table.games.rats.headless import RandomLegalController, play
from pie_table.games.rats.rules import RULES


def _request_table(vocations=None):
    return table([[5, 2, 0, 3, 1, 0], [1, 0, 0, 0, 0, 0], [0] * 6], vocations=vocations)


def test_request_options_list_the_same_actions_in_the_same_order():
    for vocations in (None, ["ruffian", None, None]):
        state = _request_table(vocations)
        assert state.pending[0][0]["kind"] == "request"
        full = RULES.legal_actions(state, 0)
        lazy = compact_options(state, 0)
        assert isinstance(lazy, RequestOptions)
        assert len(lazy) == len(full) and list(lazy) == full
        assert [lazy[i] for i in (0, 7, -1)] == [full[0], full[7], full[-1]]
        assert lazy[3:40:5] == full[3:40:5]


def test_compact_options_are_the_plain_list_for_other_decisions():
    state = RULES.new_state(3, 5, {})
    seat = RULES.to_act(state)[0]
    assert compact_options(state, seat) == RULES.legal_actions(state, seat)
    assert compact_options(state, 9) == []


class _FullList:
    """Wraps a controller but hides its `lazy_requests`, so `play` hands it whole lists."""

    def __init__(self, inner):
        self.inner, self.seat = inner, inner.seat

    def act(self, view, legal):
        assert isinstance(legal, list)
        return self.inner.act(view, legal)


def _controller(kind: int, seat: int, seed: int):
    if kind == 0:
        return RandomLegalController(seat, seed + seat)
    return make_bot("hard" if kind == 1 else "normal", seat, seed + seat)


def test_lazy_requests_play_the_same_games_as_full_lists():
    for seed in range(6):
        seats = 3 + seed % 3
        options = {"vocations": seed % 2 == 0}
        records = []
        for wrap in (lambda c: c, _FullList):
            state = RULES.new_state(seats, seed, options)
            record = []
            play(state, [wrap(_controller(s % 3, s, seed)) for s in range(seats)], record)
            records.append(record)
        assert records[0] == records[1]
        assert any(a["type"] == "request" for a in records[0])
