import pytest

from pie_table.core.setup import GameSetup, SeatSpec, SetupError, parse_seat, parse_seats


def test_parse_seat_kinds():
    assert parse_seat("bot:hard") == SeatSpec("bot", level="hard")
    assert parse_seat("human:keys2") == SeatSpec("human", control="keys2")
    assert parse_seat("bot:hard").is_bot and not parse_seat("human:mouse").is_bot


@pytest.mark.parametrize("bad", ["bot:genius", "human:toaster", "alien:1", ""])
def test_parse_seat_refuses_bad_specs(bad):
    with pytest.raises(SetupError):
        parse_seats(bad)


def test_setup_json_round_trip():
    setup = GameSetup("rumble-pie", parse_seats("human:keys1,bot:easy"), {"target": 10}, [0, 1], seed=9)
    again = GameSetup.from_json(setup.to_json())
    assert again == setup
    assert again.to_json()["seats"] == ["human:keys1", "bot:easy"]
