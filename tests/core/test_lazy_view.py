"""A bot's lazily built view holds exactly what the seat's view holds, at every step of real games."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pie_table.core.engine import GameRules
from pie_table.core.lazy_view import LazyView, ViewFields
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats


def test_fields_are_worked_out_once_on_first_read_and_the_mapping_behaves_like_a_dict() -> None:
    built: list[str] = []

    def field(name: str, value: int):  # noqa: ANN202 - a tiny field
        def work_out(view: LazyView) -> int:
            built.append(name)
            return value + view.state["base"] + (view.seat or 0)
        return work_out

    fields = {"a": field("a", 1), "b": field("b", 2), "c": field("c", 3)}
    view = LazyView(fields, {"base": 10}, 100)
    assert "b" in view and "z" not in view and built == []  # asking what is there works out nothing
    assert view["b"] == 112 and view["b"] == 112 and built == ["b"]
    assert view.get("z", 9) == 9 and len(view) == 3 and list(view) == ["a", "b", "c"]
    assert view.whole() == {"a": 111, "b": 112, "c": 113} and view == {"a": 111, "b": 112, "c": 113}
    assert built == ["b", "a", "c"]
    with pytest.raises(KeyError):
        view["z"]


def test_a_seat_view_adds_its_own_fields_between_the_public_ones_and_the_rest() -> None:
    one = lambda v: 1  # noqa: E731
    fields = ViewFields({"a": one, "b": one}, {"hand": one}, {"z": one})
    state = SimpleNamespace(seats=2)
    assert list(fields.view(state, 1)) == ["a", "b", "hand", "z"] and fields.view(state, 1).seat == 1
    for other in (None, 2, -1):  # a seat the table does not have sees what a spectator sees
        assert list(fields.view(state, other)) == ["a", "b", "z"] and fields.view(state, other).seat is None


@pytest.mark.parametrize(
    ("game", "seats", "options"),
    [
        ("pie-rats", "bot:normal," * 4, {}),
        ("pie-rats", "bot:hard,bot:random,bot:easy,bot:hard", {"phase6": "c"}),
        ("pie-rats", "bot:random,bot:hard,bot:normal", {"phase6": "b"}),
        ("cheflebrity", "bot:normal," * 4, {}),
        ("cheflebrity", "bot:hard,bot:random,bot:easy,bot:hard", {}),
    ],
)
def test_the_bot_view_equals_the_view_for_every_seat_at_every_step(game: str, seats: str, options) -> None:
    """Bots' views keep parts between moves (Pie Rats' crews, Cheflebrity's pie lines) until
    the engine marks them changed: at every step of whole games they equal the fresh view."""
    rules = get_game(game).rules
    if type(rules).bot_view is GameRules.bot_view:
        pytest.skip(f"{game} hands bots its plain view")
    for seed in range(3):
        setup = GameSetup(game, parse_seats(seats.strip(",")), options, seed=seed)
        session = Session(setup)
        steps = 0
        while not session.is_over() and steps < 2000:
            for seat in [None, *range(len(setup.seats))]:
                assert dict(rules.bot_view(session.state, seat)) == rules.view(session.state, seat)
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok
            steps += 1
        assert session.is_over()


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_a_bot_view_is_worked_out_from_the_state_as_it_is_now(game: str) -> None:
    # A table laid out by hand (as tests do) says so (`changed_by_hand`), and the next bot view
    # shows it as the table's view does: nothing of either is kept from before.
    session = Session(GameSetup(game, parse_seats(",".join(["bot:normal"] * 4)), seed=4))
    rules, state = session.rules, session.state
    while not _has_a_crew_member_or_pie(game, state):
        seat = session.to_act()[0]
        assert session.submit(seat, session.bot_action(seat)).ok
        dict(rules.bot_view(state, seat))
    before = rules.view(state, 0)
    if game == "pie-rats":
        rat = next(rat for crew in state.crews for rat in crew)
        rat.protected = not rat.protected
    else:
        pie = next(pie for line in state.working for pie in line)
        pie["cards"].append([pie["cards"][-1][0], "extras", 0])
    rules.changed_by_hand(state)
    assert dict(rules.bot_view(state, 0)) == rules.view(state, 0) != before


def _has_a_crew_member_or_pie(game: str, state) -> bool:
    lines = state.crews if game == "pie-rats" else state.working
    return any(lines)
