"""The Rumble Pie table driven by real posted pygame events: mouse drag-and-drop and two keyboards."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.games.rumble_pie.ui.geometry import PILE_SHOWN
from pie_table.kit.app import App
from pie_table.scenes.base import open_table

FRAME = 1 / 60


def make_table(seats: str, size: tuple[int, int] = (1280, 720)) -> tuple[App, RumbleTableScene]:
    """A headless app with the table on top, already in the play phase (countdown run through)."""
    app = App(size=size, headless=True)
    scene = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(seats), seed=11))
    app.scenes.push(scene)
    scene.skip_to(at=3.5)
    assert scene.sim.phase == "play"
    pygame.event.clear()
    return app, scene


def take(scene: RumbleTableScene, seat: int, kind: str) -> int:
    """Pull a card of `kind` out of `seat`'s deck (setting up a table by hand)."""
    state = scene.sim.state
    card = next(c for c in state.players[seat].deck if state.cards[c].kind == kind)
    state.players[seat].deck.remove(card)
    return card


def put_column(scene: RumbleTableScene, seat: int, col: int, kinds: list[str]) -> list[int]:
    """Give `seat`'s column `col` these cards (last = bottom, playable)."""
    cards = [take(scene, seat, k) for k in kinds]
    scene.sim.state.players[seat].columns[col] = list(cards)
    return cards


def start_pile(scene: RumbleTableScene, board: int, face: str, owner: int, kinds: list[str]) -> None:
    """Lay a pile on `board`'s `face` from `owner`'s cards."""
    scene.sim.state.boards[board][face].cards = [take(scene, owner, k) for k in kinds]


def settle(scene: RumbleTableScene) -> None:
    """Sprites to the hand-made table (what skip_to does after a fast-forward). The table was laid
    by hand, so the rules are told (`changed_by_hand`): no view of the table before is kept."""
    scene.sim.session.rules.changed_by_hand(scene.sim.state)
    scene.sim.invalidate()
    scene.skip_to()
    scene._refresh_all()


def post_key(app: App, scancode: int, key: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, scancode=scancode, mod=0, unicode=""))


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(FRAME)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at `start`, move in two steps, release at `end`, one frame each, then one more tick."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (mid, end):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app, 2)


# --- mouse ----------------------------------------------------------------------------------------


@pytest.fixture
def mouse_table() -> tuple[App, RumbleTableScene]:
    app, scene = make_table("human:mouse,human:keys2")
    put_column(scene, 0, 0, ["two", "shorty"])
    settle(scene)
    return app, scene


def test_drag_onto_legal_pile_plays_the_card(mouse_table):
    app, scene = mouse_table
    chef = scene.sim.state.players[0].columns[0][-1]
    start = scene.geom.column_card_rect(0, 0, 1).center
    end = scene.geom.face_rect(1, "shorty").center
    drag(app, start, end)
    state = scene.sim.state
    assert state.boards[1]["shorty"].cards == [chef]
    assert chef not in state.players[0].columns[0]


def test_drop_on_illegal_pile_leaves_card_in_column(mouse_table):
    app, scene = mouse_table
    chef = scene.sim.state.players[0].columns[0][-1]
    start = scene.geom.column_card_rect(0, 0, 1).center
    drag(app, start, scene.geom.face_rect(0, "shorty").center)  # a chef never starts a pile on its own board
    state = scene.sim.state
    assert state.players[0].columns[0][-1] == chef
    assert state.boards[0]["shorty"].cards == []
    assert 0 in scene.feedback.notices  # the reason is shown next to the player


def test_drop_on_empty_felt_springs_back_without_an_action(mouse_table):
    app, scene = mouse_table
    chef = scene.sim.state.players[0].columns[0][-1]
    start = scene.geom.column_card_rect(0, 0, 1).center
    drag(app, start, scene.geom.area("banner").center)
    assert scene.sim.state.players[0].columns[0][-1] == chef
    assert scene.cards.sprites[chef].target_pos == tuple(map(float, scene.cards.rest[chef].rect.topleft))


def test_drag_middle_card_moves_bottom_two(mouse_table):
    app, scene = mouse_table
    before = list(scene.sim.state.players[0].columns[0])
    start = scene.geom.column_card_rect(0, 0, 0).move(0, 4).midtop  # the visible strip of the middle card
    drag(app, start, scene.geom.column_card_rect(0, 2, 0).center)
    cols = scene.sim.state.players[0].columns
    assert cols[0] == [] and cols[2] == before


def test_click_deck_draws_and_drag_deck_draws_to_column(mouse_table):
    app, scene = mouse_table
    deck = scene.geom.deck_rect(0).center
    drag(app, deck, deck)
    assert scene.sim.state.players[0].hand is not None
    held = scene.sim.state.players[0].hand
    drag(app, scene.geom.hand_rect(0).center, scene.geom.column_card_rect(0, 1, 0).center)
    assert scene.sim.state.players[0].columns[1] == [held]
    drag(app, deck, scene.geom.column_card_rect(0, 2, 0).center)
    assert len(scene.sim.state.players[0].columns[2]) == 1


def test_a_lone_human_on_keys_can_use_the_mouse_too():
    app, scene = make_table("human:keys1,bot:easy")
    deck = scene.geom.deck_rect(0).center
    drag(app, deck, deck)
    assert scene.sim.state.players[0].hand is not None


def test_with_two_humans_on_keys_a_click_says_who_the_mouse_is_for():
    from pie_table.games.rumble_pie.ui.table_scene import MOUSE_HINT

    app, scene = make_table("human:keys1,human:keys2,bot:easy,bot:easy")
    deck = scene.geom.deck_rect(0).center
    drag(app, deck, deck)
    assert scene.sim.state.players[0].hand is None
    assert scene.feedback.flash is not None and scene.feedback.flash[0] == MOUSE_HINT


# --- two keyboards --------------------------------------------------------------------------------


def test_both_keyboards_act_in_the_same_tick():
    app, scene = make_table("human:keys1,human:keys2")
    tick = scene.sim.state.tick
    post_key(app, pygame.KSCAN_S)  # keys1: draw
    post_key(app, pygame.KSCAN_DOWN)  # keys2: draw
    step(app)
    state = scene.sim.state
    assert state.tick == tick + 1
    assert state.players[0].hand is not None and state.players[1].hand is not None


def _race_table() -> tuple[App, RumbleTableScene, int, int]:
    """Seat 0 and seat 1 each hold a One; the only pile is a Shorty chef on seat 1's board."""
    app, scene = make_table("human:keys1,human:keys2")
    (one_a,) = put_column(scene, 0, 0, ["one"])
    (one_b,) = put_column(scene, 1, 0, ["one"])
    start_pile(scene, 1, "shorty", 0, ["shorty"])
    settle(scene)
    return app, scene, one_a, one_b


@pytest.mark.parametrize("first", ["keys1", "keys2"])
def test_two_plays_on_one_pile_first_read_wins(first):
    app, scene, one_a, one_b = _race_table()
    keys = {"keys1": pygame.KSCAN_Z, "keys2": pygame.KSCAN_J}
    order = [first, "keys2" if first == "keys1" else "keys1"]
    for device in order:  # first press: select column 1, cursor on the best target
        post_key(app, keys[device])
    step(app)
    assert scene.cursors["keys1"].target == (1, "shorty") and scene.cursors["keys2"].target == (1, "shorty")
    for device in order:  # second press of the same column: play, both in one frame
        post_key(app, keys[device])
    step(app)
    state = scene.sim.state
    winner, loser = (one_a, one_b) if first == "keys1" else (one_b, one_a)
    loser_seat = 1 if first == "keys1" else 0
    assert state.boards[1]["shorty"].cards[-1] == winner
    assert state.players[loser_seat].columns[0] == [loser]
    assert loser_seat in scene.feedback.notices


def test_play_key_after_cycling_targets_uses_the_cursor():
    app, scene = make_table("human:keys1,bot:easy")
    (four,) = put_column(scene, 0, 0, ["four"])
    start_pile(scene, 1, "sylvie", 0, ["sylvie", "one", "two", "three"])
    start_pile(scene, 0, "pierre", 1, ["pierre", "one", "two", "three"])
    settle(scene)
    scene.sim.bots.clear()  # a quiet opponent: only our keys move cards
    post_key(app, pygame.KSCAN_Z)
    step(app)
    assert scene.cursors["keys1"].target == (1, "sylvie")  # offense first
    post_key(app, pygame.KSCAN_D)  # next target
    post_key(app, pygame.KSCAN_W)  # play
    step(app)
    assert scene.sim.state.boards[0]["pierre"].cards[-1] == four


def test_kapow_by_keys_bursts_then_the_pile_slides_to_the_scorers():
    app, scene = make_table("human:keys1,human:keys2")
    (kapow,) = put_column(scene, 0, 0, ["kapow"])
    start_pile(scene, 1, "shorty", 0, ["shorty", "one", "two", "three", "four"])
    settle(scene)
    pile = list(scene.sim.state.boards[1]["shorty"].cards) + [kapow]
    post_key(app, pygame.KSCAN_Z)
    step(app)
    post_key(app, pygame.KSCAN_Z)
    step(app)
    assert scene.sim.state.round_kapows[0] == 1
    assert scene.effects.busy  # the burst and the shake are running
    for _ in range(120):
        step(app)
        if scene.cards.leaving:
            break
    assert scene.sim.state.boards[1]["shorty"].cards == []
    leaving = {s.card_id: s for s in scene.cards.leaving}
    assert set(leaving) == set(pile[-PILE_SHOWN:])  # the cards that were visible on the pile
    label = scene.geom.zone(0, "label")  # the scoring team's side of the table
    assert all(abs(s.target_pos[1] + s.rect.h / 2 - label.centery) < 2 for s in leaving.values())


def test_mouse_player_calls_out_by_clicking_the_empty_deck(mouse_table):
    app, scene = mouse_table
    state = scene.sim.state
    state.players[0].deck.clear()
    settle(scene)
    deck = scene.geom.deck_rect(0).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=deck, button=1))
    step(app)
    assert state.phase in ("round_over", "game_over") and state.out_by == 0
