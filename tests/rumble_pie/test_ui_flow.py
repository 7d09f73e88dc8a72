"""The Rumble Pie table's flow: pausing, focus loss, the fixed timestep, skip_to, rounds, drawing."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.rules import TICK_HZ
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.games.rumble_pie.ui.geometry import seat_slots
from pie_table.kit.app import App
from pie_table.scenes.base import open_table


def make_table(seats: str, size: tuple[int, int] = (1280, 720), seed: int = 5,
               ) -> tuple[App, RumbleTableScene]:
    app = App(size=size, headless=True)
    scene = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(seats), seed=seed))
    app.scenes.push(scene)
    pygame.event.clear()
    return app, scene


def post_key(key: int, scancode: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, scancode=scancode, mod=0))


def bots(n: int) -> str:
    return ",".join(["bot:normal"] * n)


def test_escape_pauses_and_the_tick_stops():
    app, scene = make_table("human:keys1," + bots(3))
    scene.skip_to(at=5)
    for _ in range(3):
        app.step(1 / 60)
    tick = scene.sim.state.tick
    post_key(pygame.K_ESCAPE, pygame.KSCAN_ESCAPE)
    app.step(1 / 60)
    assert app.scenes.current is not scene
    paused_at = scene.sim.state.tick
    assert paused_at <= tick + 1
    for _ in range(60):
        app.step(1 / 60)
    assert scene.sim.state.tick == paused_at
    app.scenes.pop()  # Resume
    for _ in range(10):
        app.step(1 / 60)
    assert scene.sim.state.tick == paused_at + 10


def test_focus_loss_pauses():
    app, scene = make_table(bots(4))
    scene.skip_to(at=4)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step(1 / 60)
    tick = scene.sim.state.tick
    for _ in range(30):
        app.step(1 / 60)
    assert app.scenes.current is not scene and scene.sim.state.tick == tick


@pytest.mark.parametrize("fps", [30, 144])
def test_fixed_timestep_ticks_do_not_depend_on_frame_rate(fps):
    app, scene = make_table(bots(2))
    for _ in range(3 * fps):
        app.step(1 / fps)
    assert scene.sim.state.tick == 3 * TICK_HZ


def test_a_hitch_does_not_fast_forward_the_game():
    app, scene = make_table(bots(2))
    tick = scene.sim.state.tick
    scene.update(5.0)  # a five-second stall, e.g. the window being dragged
    assert scene.sim.state.tick - tick <= 0.25 * TICK_HZ + 1


def test_skip_to_reaches_the_asked_game_time():
    app, scene = make_table(bots(6))
    scene.skip_to(at=20)
    assert scene.sim.game_ticks == 20 * TICK_HZ
    assert abs(scene.game_seconds - 20) < 1 / TICK_HZ
    assert not scene.cards.busy()  # every card snapped to rest for a clean frame


def test_bots_start_rounds_by_themselves_but_humans_press_go():
    app, bots_only = make_table(bots(2))
    for _ in range(2 * 60):
        app.step(1 / 60)
    assert bots_only.sim.phase == "countdown"
    app2, humans = make_table("human:keys1,human:keys2")
    for _ in range(2 * 60):
        app2.step(1 / 60)
    assert humans.sim.phase == "ready"
    post_key(pygame.K_RETURN, pygame.KSCAN_RETURN)
    app2.step(1 / 60)
    assert humans.sim.phase == "countdown"


def test_go_button_click_starts_the_round():
    app, scene = make_table("human:mouse,bot:easy")
    app.step(1 / 60)
    button = scene.view.go_button
    assert button is not None
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    app.step(1 / 60)
    assert scene.sim.phase == "countdown"


def test_seating_puts_opposing_teams_face_to_face():
    assert seat_slots([0, 1, 0, 1]) == [0, 2, 1, 3]
    assert seat_slots([0, 1, 2, 0, 1, 2]) == [0, 3, 2, 1, 4, 5]
    assert seat_slots([0, 0, 0, 1, 1]) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("n", [2, 4, 6])
def test_frames_draw_every_seat_inside_the_window(n):
    app, scene = make_table(bots(n))
    scene.skip_to(at=15)
    app.step(1 / 60)
    area = scene.geom.scaled.area
    for place in scene.cards.rest.values():
        assert area.contains(place.rect)
    assert app.screen.get_at(area.center)[:3] != (0, 0, 0)


def test_resize_letterboxes_and_relays_out():
    app, scene = make_table(bots(4))
    scene.skip_to(at=10)
    scene.on_resize((1000, 1000))
    app.screen = pygame.display.set_mode((1000, 1000))
    app.step(1 / 60)
    area = scene.geom.scaled.area
    assert area.width == 1000 and area.top > 100  # wider than tall: felt bands above and below
    assert app.screen.get_at((500, 5))[:3] != (0, 0, 0)
    for place in scene.cards.rest.values():
        assert area.contains(place.rect)


def _play_until(scene: RumbleTableScene, phases: tuple[str, ...], limit: int = 60 * 60 * 10) -> None:
    """Run the simulation headless (rounds auto-started) until one of `phases`."""
    scene.sim.fast_forward(until_tick=1)
    for _ in range(limit):
        if scene.sim.phase in phases:
            break
        scene.sim.step()
    scene.skip_to()
    assert scene.sim.phase in phases


def test_round_summary_offers_go_for_the_next_round():
    app, scene = make_table("human:keys1," + bots(3), seed=3)
    _play_until(scene, ("round_over", "game_over"))
    assert scene.sim.phase == "round_over"
    app.step(1 / 60)
    button = scene.summary.go_button
    assert button is not None
    for _ in range(120):  # with a human at the table nothing starts by itself
        app.step(1 / 60)
    assert scene.sim.phase == "round_over"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    app.step(1 / 60)
    assert scene.sim.phase == "countdown" and scene.sim.state.round == 2


def test_game_over_leads_to_the_results_screen():
    from pie_table.scenes.results import ResultsScene

    app = App(size=(1280, 720), headless=True)
    setup = GameSetup("rumble-pie", parse_seats(bots(2)), options={"target": 1}, seed=2)
    scene = open_table(RumbleTableScene, app, setup)
    app.scenes.push(scene)
    _play_until(scene, ("game_over",))
    app.step(1 / 60)
    assert app.scenes.current is scene  # a short beat on the table first
    for _ in range(3 * 60):
        app.step(1 / 60)
    assert isinstance(app.scenes.current, ResultsScene)
    assert "wins!" in app.scenes.current.title


def test_mashing_play_keys_at_a_rounds_end_never_skips_the_summary():
    from pie_table.games.rumble_pie.ui.table_scene import START_LOCKOUT_S

    app, scene = make_table("human:keys1,human:keys2," + bots(2), seed=3)
    _play_until(scene, ("round_over", "game_over"))
    assert scene.sim.phase == "round_over"
    # Both players keep hammering their play keys (W, Up) and Enter right after the round ends.
    for _ in range(int(START_LOCKOUT_S * 60) - 6):
        post_key(pygame.K_w, pygame.KSCAN_W)
        post_key(pygame.K_UP, pygame.KSCAN_UP)
        post_key(pygame.K_RETURN, pygame.KSCAN_RETURN)
        app.step(1 / 60)
    assert scene.sim.phase == "round_over" and scene.sim.state.round == 1
    for _ in range(120):  # the play keys alone never start the next round
        post_key(pygame.K_w, pygame.KSCAN_W)
        app.step(1 / 60)
    assert scene.sim.phase == "round_over"
    post_key(pygame.K_RETURN, pygame.KSCAN_RETURN)  # a deliberate Enter once the summary has been seen
    app.step(1 / 60)
    assert scene.sim.phase == "countdown" and scene.sim.state.round == 2


def test_a_continued_game_opens_paused_with_every_card_already_in_its_place() -> None:
    from pie_table.scenes.pause import PauseScene

    app = App(size=(1280, 720), headless=True)
    setup = GameSetup("rumble-pie", parse_seats("human:keys1,bot:easy"), {"target": 3}, seed=4)
    played = open_table(RumbleTableScene, app, setup)
    played.sim.fast_forward(until_tick=600)
    resumed = open_table(RumbleTableScene, app, setup, session=played.sim.session)
    app.scenes.push(resumed)
    app.step(1 / 60, [])
    assert isinstance(app.scenes.current, PauseScene)  # the table under the panel no longer moves
    cards = resumed.cards
    arsenal = [card for card, place in cards.rest.items() if place.where == "col"]
    assert arsenal and not cards.busy()
    for card in arsenal:  # not still on the deck, face down, waiting for a deal that never comes
        sprite = cards.sprites[card]
        assert sprite.rect.topleft == cards.rest[card].rect.topleft and sprite.face_up
