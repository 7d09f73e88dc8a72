"""One name per seat: the player's name, the game's title beside it, the game's word for the rest."""

from pie_table.core.messages import Msg, seat_msg
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit import i18n
from pie_table.kit.seat_names import SeatNames


def test_named_seats_show_the_players_name_and_others_the_games_word():
    setup = GameSetup("rats", parse_seats("human:hotseat,bot:easy,human:hotseat"), names=["Alice", "", ""])
    names = SeatNames.of_setup(setup, lambda seat: f"Rat {seat + 1}")
    assert [names(seat) for seat in range(3)] == ["Alice", "Rat 2", "Rat 3"]
    assert names.tr(Msg("{rat}: RATS!", rat=seat_msg("Rat {n}", 0, n=1))) == "Alice: RATS!"
    assert names.event_text({"text": Msg("{rat} rolls", rat=seat_msg("Rat {n}", 1, n=2))}) == "Rat 2 rolls"


def test_a_title_stands_beside_the_name_or_alone():
    names = SeatNames(["Alice", ""], title=lambda seat: ["Captain Red Hook", "Captain Petronella"][seat])
    assert names(0) == "Alice (Captain Red Hook)" and names(1) == "Captain Petronella"


def test_the_unnamed_word_follows_the_language():
    names = SeatNames([])
    try:
        i18n.set_language("es")
        assert names(1) == "Asiento 2"
    finally:
        i18n.set_language("en")
    assert names(1) == "Seat 2"
