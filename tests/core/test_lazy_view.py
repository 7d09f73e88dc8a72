"""A bot's lazily built view holds exactly what the seat's view holds, at every step of real games."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

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


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_the_bot_view_equals_the_view_for_every_seat_at_every_step(game: str) -> None:
    rules = get_game(game).rules
    if getattr(rules, "bot_view", None) is None:
        pytest.skip(f"{game} hands bots its plain view")
    for seed in range(3):
        session = Session(GameSetup(game, parse_seats(",".join(["bot:normal"] * 4)), seed=seed))
        steps = 0
        while not session.is_over() and steps < 2000:
            for seat in [None, *range(4)]:
                assert dict(rules.bot_view(session.state, seat)) == rules.view(session.state, seat)
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok
            steps += 1
        assert session.is_over()
