"""Keyboard/pad cursor logic on hand-made tables: target order, one-or-two-press play, moves, pads."""

from __future__ import annotations

import pygame

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.games.rumble_pie.ui.controls import Cursor, ordered_targets
from pie_table.kit.app import App
from pie_table.scenes.base import open_table


def table(seats: int = 4):
    """A 4-seat game (teams 0,1,0,1) past the countdown with empty arsenals."""
    state = RULES.new_state(seats, 1, {"teams": [i % 2 for i in range(seats)]})
    RULES.apply(state, {"type": "start"})
    while state.phase != "play":
        RULES.apply(state, {"type": "tick"})
    return state


def take(state, seat: int, kind: str) -> int:
    card = next(c for c in state.players[seat].deck if state.cards[c].kind == kind)
    state.players[seat].deck.remove(card)
    return card


def pile(state, board: int, face: str, kinds: list[str], owner: int = 1) -> None:
    state.boards[board][face].cards = [take(state, owner, k) for k in kinds]


def test_kapow_on_an_opponent_comes_first():
    state = table()
    state.players[0].columns[0] = [take(state, 0, "kapow")]
    pile(state, 3, "pierre", ["pierre", "one", "two", "three", "four"], owner=0)
    pile(state, 1, "shorty", ["shorty", "one", "two", "three", "four"], owner=0)
    pile(state, 2, "sylvie", ["sylvie", "one", "two", "three", "four"], owner=1)  # own team: never a target
    assert ordered_targets(state, 0, 0) == [(1, "shorty"), (3, "pierre")]


def test_offense_nearest_kapow_first_then_defense_then_shedding():
    state = table()
    state.players[0].columns[0] = [take(state, 0, "three")]
    pile(state, 1, "shorty", ["shorty", "one", "two"], owner=0)  # up to 3 on an opponent: offense
    pile(state, 3, "sylvie", ["sylvie", "one", "two", "three", "four"], owner=0)  # down from 4: shed
    pile(state, 2, "pierre", ["pierre", "one", "two", "three", "four"], owner=1)  # down on own team: defense
    pile(state, 0, "shorty", ["shorty", "one", "two"], owner=1)  # up on own team: shed
    pile(state, 1, "sylvie", ["sylvie", "one", "two", "three", "four"], owner=0)
    order = ordered_targets(state, 0, 0)
    assert order[0] == (1, "shorty")
    assert order.index((2, "pierre")) < order.index((0, "shorty"))
    assert order.index((2, "pierre")) < order.index((3, "sylvie"))


def test_defense_saves_the_most_dangerous_pile_first():
    state = table()
    state.players[0].columns[0] = [take(state, 0, "block")]
    pile(state, 2, "shorty", ["shorty", "one", "two"], owner=1)
    pile(state, 0, "pierre", ["pierre", "one", "two", "three", "four"], owner=1)
    pile(state, 2, "sylvie", ["sylvie", "one", "two", "three"], owner=1)
    pile(state, 1, "sylvie", ["sylvie", "one", "two", "three", "four"], owner=0)  # an opponent's: shedding
    assert ordered_targets(state, 0, 0) == [(0, "pierre"), (2, "sylvie"), (2, "shorty"), (1, "sylvie")]


def test_column_key_twice_plays_and_first_press_only_aims():
    state = table()
    one = take(state, 0, "one")
    state.players[0].columns[1] = [one]
    pile(state, 1, "pierre", ["pierre"], owner=0)
    cursor = Cursor("keys1", 0)
    cursor.refresh(state)
    assert cursor.handle(state, "col2") == []
    assert cursor.column == 1 and cursor.target == (1, "pierre")
    assert cursor.handle(state, "col2") == [
        {"type": "play", "seat": 0, "source": 1, "board": 1, "face": "pierre"}]


def test_held_card_is_placed_by_a_column_key_and_played_by_play():
    state = table()
    cursor = Cursor("keys1", 0)
    RULES.apply(state, cursor.handle(state, "draw")[0])
    cursor.refresh(state)
    assert cursor.source(state) == "hand"
    assert cursor.handle(state, "col3") == [{"type": "place", "seat": 0, "column": 2}]
    # pressing draw again puts the held card down in the selected column
    assert cursor.handle(state, "draw") == [{"type": "place", "seat": 0, "column": 2}]


def test_move_keys_pick_the_next_column_with_room():
    state = table()
    state.players[0].columns = [[take(state, 0, "two"), take(state, 0, "three")],
                                [take(state, 0, "four"), take(state, 0, "four"), take(state, 0, "one")],
                                [take(state, 0, "block")]]
    cursor = Cursor("keys1", 0)
    cursor.refresh(state)
    assert cursor.handle(state, "move1") == [{"type": "move", "seat": 0, "from": 0, "to": 2, "count": 1}]
    assert cursor.handle(state, "move2") == [{"type": "move", "seat": 0, "from": 0, "to": 2, "count": 2}]
    RULES.apply(state, cursor.handle(state, "move2")[0])
    assert state.players[0].columns[0] == []


def test_gamepad_cycles_columns_and_plays_through_posted_events():
    app = App(size=(1280, 720), headless=True)
    scene = open_table(RumbleTableScene, app,
                       GameSetup("rumble-pie", parse_seats("human:pad1,human:keys1"), seed=4))
    app.scenes.push(scene)
    scene.skip_to(at=3.5)
    state = scene.sim.state
    chef = take(state, 0, "sylvie")
    state.players[0].columns[1] = [chef]
    scene.skip_to()
    scene._refresh_all()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=-1, instance_id=41))
    app.step(1 / 60)

    def press(button: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=41, button=button))
        app.step(1 / 60)

    press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # next column
    assert scene.cursors["pad1"].column == 1 and scene.cursors["pad1"].target == (1, "sylvie")
    press(pygame.CONTROLLER_BUTTON_A)  # play
    assert state.boards[1]["sylvie"].cards == [chef]
