"""Cards in flight keep a size the table has already painted: a flight never paints a card face
or back of its own mid-game (each new size cost a frame up to 10 ms at 1920x1080)."""

import pygame

from pie_table.games.cheflebrity.ui.flights import Flights


def test_flights_fly_at_card_sizes_the_table_draws():
    flights = Flights()
    flights.sizes = {(99, 139), (50, 70)}
    flights.standard = (50, 70)
    flights.launch(7, pygame.Rect(10, 10, 99, 139), pygame.Rect(400, 10, 300, 200))  # from a hand
    flights.launch(None, pygame.Rect(0, 0, 50, 70), pygame.Rect(300, 300, 700, 240))  # a face-down draw
    flights.launch(3, pygame.Rect(0, 0, 96, 160), pygame.Rect(500, 0, 50, 70))  # off a whole pie
    sizes = [tuple(int(v) for v in f.tween.value[2:]) for f in flights.items]
    assert sizes == [(99, 139), (50, 70), (50, 70)]
