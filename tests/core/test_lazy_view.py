"""A bot's lazily built view holds exactly what the seat's view holds, at every step of real games."""

from __future__ import annotations

import pytest

from pie_table.core.lazy_view import LazyView
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats


def test_parts_are_built_once_on_first_read_and_the_mapping_behaves_like_a_dict() -> None:
    built: list[str] = []

    def part(name: str, value: int):  # noqa: ANN202 - a tiny builder
        def build() -> int:
            built.append(name)
            return value
        return build

    view = LazyView({"a": 1}, {"b": part("b", 2), "c": part("c", 3)})
    assert "b" in view and "z" not in view and built == []  # asking what is there builds nothing
    assert view["b"] == 2 and view["b"] == 2 and built == ["b"]
    assert view.get("z", 9) == 9 and len(view) == 3 and sorted(view) == ["a", "b", "c"]
    assert dict(view) == {"a": 1, "b": 2, "c": 3} and view == {"a": 1, "b": 2, "c": 3}
    assert built == ["b", "c"]
    with pytest.raises(KeyError):
        view["z"]


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
