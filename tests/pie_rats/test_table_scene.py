"""The Pie Rats table driven by real pygame events: drags, keys, hand-offs, reaction windows, a whole game."""

from __future__ import annotations

from typing import Any

import pygame

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.pie_rats import flow
from pie_table.games.pie_rats.ui.table_scene import PieRatsTableScene
from pie_table.kit.app import App
from pie_table.kit.handoff import HandoffScene
from pie_table.scenes.base import open_table
from pie_table.scenes.results import ResultsScene
from pie_table.scenes.turn_table.hinting import HINT_POLL
from tests.hinted import (
    CHECKED_AGAINST_THE_EXPERT,
    await_hint,
    blind_to_hidden,
    experts_move,
    frames_resting,
    given_hints,
    held_hints,
    same_move,
)
from tests.pie_rats.helpers import cards_of, crew_with
from tests.sparse_frames import SparseFrames

DT = 0.05


def make_table(seats: str, seed: int = 3, **options: Any) -> tuple[App, PieRatsTableScene]:
    app = App(size=(1280, 720), headless=True)
    scene = open_table(PieRatsTableScene, app,
        GameSetup("pie-rats", parse_seats(seats), dict(options), seed=seed))
    scene.autosave.enabled = False
    app.scenes.push(scene)
    return app, scene


def run_until(app: App, done: Any, frames: int = 2000) -> None:
    for _ in range(frames):
        if done():
            return
        app.step(DT, [])
    raise AssertionError("the table never reached the expected moment")


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.step(
        DT,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ],
    )


def press(app: App, key: int) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def zone(scene: PieRatsTableScene, kind: str, value: int) -> pygame.Rect:
    return next(z.rect for z in scene.zones if z.kind == kind and z.value == value)


def set_turn(scene: PieRatsTableScene, phase: int, seat: int, hand: list[int]) -> None:
    """Put the human's own turn of `phase` on the table with exactly `hand`."""
    state = scene.state
    for card in hand:
        for other in state.hands:
            if card in other:
                other.remove(card)
        if card in state.draw:
            state.draw.remove(card)
    state.draw.extend(state.hands[seat])
    state.hands[seat] = list(hand)
    state.stack.items.clear()
    state.phase, state.lead, state.turn_index = phase, seat, 0
    flow.open_turn(state)
    scene.driver.rules.changed_by_hand(scene.state)
    scene.panel = None


def test_a_charisma_card_dragged_onto_ones_captain_is_tabled():
    app, scene = make_table("human,bot:normal,bot:normal")
    cutlass = cards_of("cutlass")[0]
    set_turn(scene, 2, 0, [cutlass, crew_with(0)])
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    drag(app, zone(scene, "hand", cutlass).center, scene.layout.seats[0].center)
    assert scene.state.charisma[0] == [cutlass]
    assert cutlass not in scene.state.hands[0]


def test_a_drop_that_makes_no_move_springs_back_with_a_reason():
    app, scene = make_table("human,bot:normal,bot:normal")
    rat = crew_with(0)
    set_turn(scene, 3, 0, [rat])
    scene.state.crews[1] = []
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    before = scene.rules.to_json(scene.state)
    drag(app, zone(scene, "hand", rat).center, scene.layout.sill.center)
    assert scene.rules.to_json(scene.state) == before
    assert scene.message == "That card does not go there"


def test_the_move_list_plays_by_keyboard_alone():
    app, scene = make_table("human,bot:normal,bot:normal")
    rat, other = crew_with(0), crew_with(1)
    set_turn(scene, 3, 0, [rat, other])
    run_until(app, lambda: scene.panel is not None)
    assert [a["type"] for a, _t in scene.panel.items] == ["crew", "crew", "done"]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert [r.card for r in scene.state.crews[0]] == [other]


def test_a_refused_lure_says_why_and_changes_nothing():
    app, scene = make_table("human,bot:normal,bot:normal")
    set_turn(scene, 5, 0, [])
    scene.state.declared[0] = True
    loyal = crew_with(1)
    scene.state.crews[1] = []
    from pie_table.games.pie_rats.state import Rat

    scene.state.crews[1].append(Rat(loyal))
    if loyal in scene.state.draw:
        scene.state.draw.remove(loyal)
    for hand in scene.state.hands:
        if loyal in hand:
            hand.remove(loyal)
    scene.driver.rules.changed_by_hand(scene.state)
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    drag(app, zone(scene, "crew", loyal).center, scene.layout.seats[0].center)
    assert scene.message == "That lure needs 5 charisma; you have 3"
    assert [r.card for r in scene.state.crews[1]] == [loyal]


def test_two_humans_hand_off_and_the_hand_stays_hidden_until_confirmed():
    app, scene = make_table("human,human,bot:normal")
    run_until(app, lambda: isinstance(app.scenes.current, HandoffScene))
    assert scene.display_seat is None  # nobody's hand shows behind the hand-off
    handoff = app.scenes.current
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    assert app.scenes.current is not handoff
    assert scene.display_seat in (0, 1)


def test_a_reaction_window_on_a_shared_screen_is_claimed_by_a_seat_key():
    app, scene = make_table("human,human,bot:normal", reaction_seconds=6)
    charm, mid = cards_of("charm")[0], crew_with(0)
    state = scene.state
    from pie_table.games.pie_rats.state import Rat

    for pile in (state.draw, *state.hands):
        if charm in pile:
            pile.remove(charm)
        if mid in pile:
            pile.remove(mid)
    state.charisma[2] = [charm]
    state.crews[0] = [Rat(mid)]
    state.declared[2] = True
    state.stack.items.clear()
    state.phase, state.lead, state.turn_index = 5, 2, 0
    flow.open_turn(state)
    scene.driver.rules.changed_by_hand(scene.state)
    # The bot at seat 2 lures with the Charm; both humans are offered the Mirror window.
    run_until(app, lambda: scene.top() is not None and scene.top()["kind"] == "mirror")
    assert sorted(scene.reaction.asked()) == [0, 1]
    press(app, pygame.K_2)
    assert scene.claimed == 1 and isinstance(app.scenes.current, HandoffScene)
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene.panel is not None)
    assert scene.panel.seat == 1 and scene.panel.items[-1][0]["type"] == "pass"
    # Seat 1 passes; the countdown then runs out for seat 0, which passes too.
    scene.panel.submit(scene.panel.items[-1][0])
    run_until(app, lambda: scene.top() is None or scene.top()["kind"] != "mirror", frames=400)
    assert mid in [r.card for r in state.crews[2]]
    assert any(e.action.get("type") == "timeout" for e in scene.driver.session.log)


def test_a_whole_game_against_bots_ends_in_a_ceremony_that_mashing_cannot_skip():
    app, scene = make_table("human,bot:normal,bot:hard,bot:easy", seed=9)
    frames = SparseFrames(app, scene)
    for _ in range(60000):
        if scene.rules.is_over(scene.state):
            break
        if scene.panel is not None and app.scenes.current is scene:
            items = scene.panel.items
            scene.panel.submit(items[0][0] if scene.state.actions % 2 else items[-1][0])
        frames.step(DT)
    assert scene.rules.is_over(scene.state)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_RETURN)
    assert app.scenes.current is scene  # the ceremony stays up through key mashing
    run_until(app, lambda: scene.end_timer >= 1.3)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.current, ResultsScene)


def test_a_game_quit_midway_continues_from_its_save_and_replays_seat_by_seat(tmp_path, monkeypatch):
    import random

    from pie_table.core.resume import load_session
    from pie_table.core.saves import read_save, write_save
    from pie_table.core.session import Session
    from pie_table.scenes.replay import ReplayScene

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    app, scene = make_table("human,bot:normal,bot:hard", seed=12)
    scene.autosave.enabled = True
    frames = SparseFrames(app, scene)
    for _ in range(3000):
        if scene.state.round >= 3:
            break
        if scene.panel is not None:
            scene.panel.submit(scene.panel.items[0][0])
        frames.step(DT)
    scene.exit()  # leaving the table saves the game as it stands
    saved = load_session(read_save(scene.autosave.path))
    assert saved.hash() == scene.driver.session.hash() and saved.state.round >= 3
    # Continued: the game plays on to its end from the save.
    while not saved.is_over():
        for seat in saved.to_act():
            saved.submit(seat, saved.bot_action(seat) if seat in saved.bots else saved.legal(seat)[-1])
    path = write_save(tmp_path / "done.json", saved)
    replay = ReplayScene(app, read_save(path))
    app.scenes.push(replay)
    replay.jump(0.5)
    for viewer in (None, 0, 1):
        replay.set_viewer(viewer)
        app.step(DT, [])
        table = replay.table
        shown = table.view()
        assert shown == table.rules.view(table.state, viewer)
        assert ("hand" in shown) == (viewer is not None)
        other = table.rules.shuffle_hidden(table.state, viewer, random.Random(5))
        assert table.rules.view(other, viewer) == shown
    assert isinstance(saved, Session)


def _crew_turn(seed: int = 5) -> tuple[App, PieRatsTableScene]:
    """Seat 0's phase-3 turn with a rat to add to its crew, its choices on screen."""
    app, scene = make_table("human,bot:normal,bot:hard", seed=seed)
    set_turn(scene, 3, 0, [crew_with(0, 3), crew_with(-1, 1)])
    run_until(app, lambda: scene.panel is not None)
    return app, scene


def test_h_gives_the_experts_hint_from_the_seats_own_view_and_focuses_that_move():
    app, scene = _crew_turn()
    wanted = blind_to_hidden(scene, 0)  # the hint reads only the seat's view
    press(app, pygame.K_h)
    await_hint(app, scene)
    assert scene.hint_text.startswith("Add ") and scene.hints_used == {0: 1}
    assert scene.hint_line().startswith("Expert's hint: Add ")
    assert scene.panel.focused() == wanted and wanted["type"] == "crew"


def test_the_table_keeps_drawing_and_says_the_expert_thinks_until_its_hint_is_ready():
    import threading

    app, scene = _crew_turn()
    release = threading.Event()
    scene.hint = held_hints(scene, release)
    try:
        press(app, pygame.K_h)
        frames = app.frames
        for _ in range(30):
            app.step(DT, [])
        assert app.frames == frames + 30 and scene.hint.waiting and scene.hints_used == {}
        assert scene.hint_line() == "The expert is thinking about your move…"
        assert scene.next_frame() == HINT_POLL  # the window does not go to sleep meanwhile
    finally:
        release.set()
    await_hint(app, scene)
    assert scene.panel.focused() == experts_move(scene.driver, 0) and scene.hints_used == {0: 1}
    assert scene.hint_line().startswith("Expert's hint: ")


def test_a_hint_asked_before_the_choices_were_put_away_is_never_shown():
    import threading

    app, scene = _crew_turn()
    release = threading.Event()
    scene.hint = held_hints(scene, release)
    try:
        press(app, pygame.K_h)
        scene.clear_panels()  # as a move or an undo would
    finally:
        release.set()
    frames_resting(app, lambda: scene.panel is not None and not scene.hint.hints.thinking(0), DT, 2000,
                   "the table never reached the expected moment")
    app.step(DT, [])
    assert scene.hint_text == "" and scene.hints_used == {} and not scene.hint.waiting


def test_h_then_enter_plays_exactly_the_hinted_move_at_every_decision_of_a_game():
    """A player who leans on the hint: at every decision of a whole game, H then Enter (once the
    expert is done) must make the move the hint named (not the first of the list when the hint is
    not found in it)."""
    app, scene = make_table("human,bot:normal,bot:normal", seed=4)
    checked, given = 0, given_hints(scene)
    for _ in range(60000):
        if scene.rules.is_over(scene.state):
            break
        if isinstance(app.scenes.current, HandoffScene):
            press(app, pygame.K_RETURN)
        elif scene.panel is not None and app.scenes.current is scene:
            seat = scene.panel.seat
            expert = experts_move(scene.driver, seat) if checked < CHECKED_AGAINST_THE_EXPERT else None
            before = len(scene.driver.session.log)
            app.step(0.0, [])  # the table as the player sees it, drawn
            press(app, pygame.K_h)
            await_hint(app, scene, draw=False)
            assert given[-1][0] == seat
            wanted = given[-1][1]
            assert expert is None or same_move(wanted, expert), (wanted, expert)
            press(app, pygame.K_RETURN)
            made = [e.action for e in scene.driver.session.log[before:] if e.seat == seat]
            assert made, f"Enter after H made no move ({wanted})"
            assert {k: v for k, v in made[0].items() if k != "seat"} == {
                k: v for k, v in wanted.items() if k != "seat"}, (made[0], wanted)
            checked += 1
        # Bots' turns and animations go by undrawn: nothing is read from them.
        app.step(DT, [], draw=False)
    assert scene.rules.is_over(scene.state) and checked > 30


def test_ending_the_loot_phase_with_no_crew_under_the_penalty_does_not_crash_the_table():
    """With `no_loot_penalty: always`, a Captain with no crew who ends phase 6 while pies wait
    loots nothing and loses nobody; the table used to look for the lost crew member's card."""
    app, scene = make_table("human,bot:normal", seed=3, no_loot_penalty="always")
    state = scene.state
    for rat in state.crews[0]:
        state.discard.append(rat.card)
    state.crews[0].clear()
    set_turn(scene, 6, 0, [])
    assert state.sill
    run_until(app, lambda: scene.panel is not None and scene.panel.seat == 0)
    done = next(a for a, _t in scene.panel.items if a["type"] == "done")
    scene.panel.submit(done)
    app.step(DT, [])
    assert any(e.get("type") == "no_loot" and "crew" not in e for e in scene.driver.history(None).said)


def test_ones_own_rat_dropped_on_a_pie_out_of_phase_says_why_it_cannot_loot():
    from pie_table.games.pie_rats.state import Rat

    app, scene = make_table("human,bot:normal,bot:normal")
    rat, other = crew_with(0), crew_with(1)
    set_turn(scene, 3, 0, [other])
    for pile in (scene.state.draw, *scene.state.hands):
        if rat in pile:
            pile.remove(rat)
    scene.state.crews[0] = [Rat(rat)]
    scene.driver.rules.changed_by_hand(scene.state)
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    pie = scene.state.sill[0]
    before = scene.rules.to_json(scene.state)
    drag(app, zone(scene, "crew", rat).center, zone(scene, "pie", pie).center)
    assert scene.rules.to_json(scene.state) == before
    assert scene.message == "Pies are looted in phase 6"


def test_a_rat_fed_spinach_shows_its_doubled_strength_on_its_card(monkeypatch):
    from pie_table.games.pie_rats.deck import CARDS
    from pie_table.games.pie_rats.state import Rat
    from pie_table.games.pie_rats.ui import card_art

    app, scene = make_table("human,bot:normal,bot:normal")
    rat, spinach = crew_with(0, strength=2), cards_of("spinach")[0]
    for pile in (scene.state.draw, *scene.state.hands):
        for card in (rat, spinach):
            if card in pile:
                pile.remove(card)
    scene.state.crews[1] = [Rat(rat, spinach=spinach)]
    scene.driver.rules.changed_by_hand(scene.state)
    drawn: list[tuple[int, int | None]] = []
    face = card_art.card_face

    def record(card, w, h, language="en", strength=None):
        drawn.append((card, strength))
        return face(card, w, h, language, strength)

    monkeypatch.setattr(card_art, "card_face", record)
    scene.draw(app.screen)
    assert (rat, 2 * CARDS[rat].strength) in drawn and (rat, None) not in drawn
    assert card_art.card_face is record
    plain, fed = face(rat, 90, 126), face(rat, 90, 126, "en", 4)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(fed, "RGB")
