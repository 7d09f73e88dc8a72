"""The RATS table driven by real pygame events: hand-offs, dice rolls, secret choices, a whole game."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rats.state import SUPPLIES
from pie_table.games.rats.ui.labels import PUBLIC_KINDS
from pie_table.games.rats.ui.table_scene import RatsTableScene
from pie_table.kit.app import App
from pie_table.kit.handoff import HandoffScene
from pie_table.scenes.base import open_table
from pie_table.scenes.results import ResultsScene
from tests.hinted import await_hint, blind_to_hidden, experts_move

DT = 0.05


def make_table(seats: str, seed: int = 3, **options: Any) -> tuple[App, RatsTableScene]:
    app = App(size=(1280, 720), headless=True)
    scene = open_table(RatsTableScene, app, GameSetup("rats", parse_seats(seats), dict(options), seed=seed))
    app.scenes.push(scene)
    return app, scene


def click(app: App, pos: tuple[int, int]) -> None:
    app.step(DT, [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ])


def press(app: App, key: int = pygame.K_SPACE) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=" ", scancode=0)])


def run_until(app: App, scene: RatsTableScene, done: Any, frames: int = 600) -> None:
    for _ in range(frames):
        if done():
            return
        app.step(DT, [])
    raise AssertionError("the table never reached the expected moment")


def confirm_handoff(app: App) -> None:
    handoff = app.scenes.current
    assert isinstance(handoff, HandoffScene)
    for _ in range(10):
        app.step(DT, [])  # let it arm
    press(app, pygame.K_RETURN)
    assert app.scenes.current is not handoff


def panel_button(scene: RatsTableScene, label: str) -> Any:
    assert scene.panel is not None
    return next(b for b in scene.panel.buttons if getattr(b, "text", "") == label)


def test_two_humans_see_only_their_own_sheet_after_confirming() -> None:
    # Rat 1 hosts; Rats 2 and 3 are humans who both pick a starting supply in secret.
    app, scene = make_table("bot:easy,human:hotseat,human:hotseat")
    drawn: list[tuple[int | None, int | None]] = []  # (seat drawn, seat last confirmed)
    confirmed: list[int | None] = [None]
    original_draw, original_confirm = scene.draw, scene.gate.confirm

    def draw(surface: pygame.Surface) -> None:
        original_draw(surface)
        drawn.append((scene.shown_seat, confirmed[-1]))

    def confirm(seat: int) -> None:
        confirmed.append(seat)
        original_confirm(seat)

    scene.draw, scene.gate.confirm = draw, confirm  # type: ignore[method-assign]
    run_until(app, scene, lambda: isinstance(app.scenes.current, HandoffScene))
    assert scene.shown_seat is None  # only public things were drawn before the device was passed
    first = scene.handoff_for
    confirm_handoff(app)
    app.step(DT, [])
    assert scene.shown_seat == first
    click(app, scene.panel.buttons[0].rect.center)
    run_until(app, scene, lambda: isinstance(app.scenes.current, HandoffScene))
    assert scene.handoff_for != first and scene.gate.viewer is None
    confirm_handoff(app)
    app.step(DT, [])
    assert scene.shown_seat == scene.panel.seat != first
    assert all(shown is None or shown == last for shown, last in drawn)
    assert any(shown is not None for shown, _ in drawn)


def test_single_human_is_never_asked_to_pass_the_device() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:normal", first_host=1)
    for _ in range(300):
        if scene.panel is not None:
            click(app, scene.panel.buttons[0].rect.center)
        app.step(DT, [])
        assert not isinstance(app.scenes.current, HandoffScene)
        assert scene.shown_seat == 0
    assert scene.state.turn >= 1


def test_roll_button_sends_the_roll_and_dice_land_on_the_engine_values() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy")
    run_until(app, scene, lambda: scene.panel is not None and scene.panel.kind == "roll")
    before = scene.state.actions
    click(app, panel_button(scene, "Roll the dice").rect.center)
    assert scene.state.actions == before + 1
    rolled = [e for e in scene.history().said if e["type"] == "dice"][-1]["dice"]
    assert scene.tray.busy
    run_until(app, scene, lambda: not scene.tray.busy, frames=200)
    assert [die.value for die in scene.tray.dice] == rolled == scene.state.dice


def test_dragging_and_releasing_a_die_throws_it() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy")
    run_until(app, scene, lambda: scene.panel is not None and scene.panel.kind == "roll")
    before = scene.state.actions
    x, y = scene.tray.dice[0].rect.center
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)])
    moves = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 25 * k, y - 6 * k), rel=(25, -6),
                                buttons=(1, 0, 0)) for k in range(1, 5)]
    app.step(DT, moves)
    assert scene.state.actions == before  # holding a die decides nothing yet
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 100, y - 24), button=1)])
    assert scene.state.actions == before + 1 and scene.tray.throws == 1
    run_until(app, scene, lambda: not scene.tray.busy, frames=200)
    assert [die.value for die in scene.tray.dice] == scene.state.dice


def test_space_rolls_too() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy")
    run_until(app, scene, lambda: scene.panel is not None and scene.panel.kind == "roll")
    before = scene.state.actions
    press(app, pygame.K_SPACE)
    assert scene.state.actions == before + 1


def test_clicking_a_secret_choice_applies_exactly_that_action() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy", first_host=1)
    run_until(app, scene, lambda: scene.panel is not None and scene.panel.kind == "gain")
    rags = SUPPLIES.index("rags")
    before = scene.state.sheets[0].supplies[rags]
    click(app, panel_button(scene, "+2 rags").rect.center)
    assert scene.state.sheets[0].supplies[rags] == before + 2


def test_refused_action_changes_nothing_and_says_why() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy", first_host=1)
    run_until(app, scene, lambda: scene.panel is not None)
    before = scene.rules.to_json(scene.state)
    assert not scene.submit({"type": "nest", "seat": 0, "supply": "rags"}, 0)
    assert scene.rules.to_json(scene.state) == before and scene.message


def _click_first_choice(app: App, scene: RatsTableScene) -> None:
    panel = scene.panel
    if panel is None:
        return
    button = panel.request.ask if panel.request is not None else panel.buttons[0]
    click(app, button.rect.center)


def test_one_human_game_by_clicks_reaches_ceremony_and_results() -> None:
    app, scene = make_table("human:hotseat,bot:hard,bot:normal", seed=11, vocations=True)
    saw_ceremony = False
    for _ in range(6000):
        if isinstance(app.scenes.current, ResultsScene):
            break
        saw_ceremony = saw_ceremony or scene.ceremony is not None
        _click_first_choice(app, scene)
        app.step(0.1, [])
    assert saw_ceremony and scene.rules.is_over(scene.state)
    assert isinstance(app.scenes.current, ResultsScene)
    assert scene.ceremony is not None and scene.ceremony.shown == len(scene.state.goals) == 5


def test_skip_to_turn_snaps_everything() -> None:
    app, scene = make_table("bot:hard,bot:easy,bot:normal")
    scene.skip_to(turn=3)
    assert scene.state.turn == 3 and not scene.tray.busy
    app.step(0.0, [])
    assert scene.shown_seat == 0


def test_skip_past_the_end_shows_the_whole_ceremony() -> None:
    app, scene = make_table("bot:hard,bot:easy,bot:normal,bot:random")
    scene.skip_to(turn=99)
    assert scene.rules.is_over(scene.state)
    assert scene.ceremony is not None and scene.ceremony.ready and not scene.ceremony.flipping


@pytest.mark.parametrize("size", [(800, 450), (1280, 720), (1920, 1080)])
def test_layout_regions_fit_the_window_and_do_not_overlap(size: tuple[int, int]) -> None:
    app, scene = make_table("bot:easy,bot:easy,bot:easy,bot:easy,bot:easy,bot:easy")
    scene.on_resize(size)
    lay = scene.layout
    window = pygame.Rect((0, 0), size)
    regions = [lay.goals, lay.log, lay.tray, lay.panel, lay.sheet, *lay.cards]
    assert all(window.contains(r) for r in regions)
    for i, a in enumerate(regions):
        for b in regions[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_escape_pauses_the_table() -> None:
    from pie_table.scenes.pause import PauseScene

    app, scene = make_table("human:hotseat,bot:easy,bot:easy")
    app.step(DT, [])
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.current, PauseScene)
    before = scene.state.actions
    for _ in range(40):
        app.step(DT, [])
    assert scene.state.actions == before  # bots wait while the game is paused


def test_private_gains_float_only_for_the_rat_at_the_screen() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy")
    note = {"type": "scavenge", "text": "You scavenge 3 straw.", "supply": 2, "amount": 3}
    scene.play_events([dict(note, to=1)])  # a bot's secret gain
    assert not scene.effects.busy
    scene.play_events([dict(note, to=0)])
    assert scene.effects.busy


def test_two_human_hot_seat_game_runs_to_results_without_showing_a_sheet_to_the_wrong_rat() -> None:
    app, scene = make_table("human:hotseat,bot:hard,human:hotseat", seed=7, vocations=True)
    handoffs = 0
    for _ in range(4000):
        top = app.scenes.current
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, HandoffScene):
            handoffs += 1
            confirm_handoff(app)
            continue
        if scene.panel is not None:
            if scene.panel.kind not in PUBLIC_KINDS:
                assert scene.display_seat == scene.panel.seat
            _click_first_choice(app, scene)
        app.step(0.1, [])
    assert isinstance(app.scenes.current, ResultsScene)
    assert handoffs >= 2 * 5 * 3  # at least both humans' three secret scavenges in each of five turns


def test_skip_to_game_seconds_plays_humans_too() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy")
    scene.skip_to(at=20.0)
    assert scene.state.turn >= 1 and scene.state.actions > 5
    assert not scene.tray.busy and scene.panel is None


def test_space_mashed_through_the_ceremony_never_skips_past_the_results() -> None:
    app, scene = make_table("human:hotseat,bot:hard,bot:normal", seed=11)
    scene.skip_to(turn=99)
    assert scene.rules.is_over(scene.state)
    results = None
    for _ in range(400):  # the player keeps pressing Space from the last decision onwards
        press(app, pygame.K_SPACE)
        if isinstance(app.scenes.current, ResultsScene):
            results = app.scenes.current
    assert results is not None and app.scenes.current is results
    assert app.scenes.stack[-2] is scene  # the finished table is still beneath: no new game began
    assert results.menu.focused is None and not results.again_button.enabled
    for _ in range(int(2.5 / DT) + 1):  # once the keys have been quiet for a moment...
        app.step(DT, [])
    assert results.menu.focused is results.again_button  # ...Enter would play again


def test_the_sheet_on_screen_follows_the_supplies_after_a_move() -> None:
    """The sheet's kept image is painted again once the supplies change (here by hand, which the
    rules are told of, as a move would move the state's version on)."""
    app, scene = make_table("human:hotseat,bot:easy", seed=4)
    app.step(DT, [])
    before = scene.painter._panels.get("sheet")
    scene.driver.session.state.sheets[0].supplies[4] += 5
    scene.driver.session.rules.changed_by_hand(scene.driver.session.state)
    scene.changes += 1  # as a move would
    app.step(DT, [])
    app.step(DT, [])  # the sheet may be left for the frame after the move
    after = scene.painter._panels.get("sheet")
    assert before is not None and after is not None and after[1] is not before[1]


def test_h_hints_the_experts_choice_from_the_rats_own_view():

    app, scene = make_table("human:mouse,bot:normal,bot:hard", seed=5)
    for _ in range(3000):
        if scene.panel is not None and len(scene.panel.legal) > 1:
            break
        if scene.panel is not None:
            scene.submit(scene.panel.legal[0], scene.panel.seat)  # rolls and other single choices: take them
        app.step(DT, [])
    assert scene.panel is not None and len(scene.panel.legal) > 1
    panel = scene.panel
    wanted = blind_to_hidden(scene, panel.seat)  # the hint reads only the rat's view
    press(app, pygame.K_h)
    await_hint(app, scene)
    assert scene.hint_text and scene.hints_used == {panel.seat: 1}
    assert scene.hint_line().startswith("Expert's hint: ")
    focused = [legal for button, legal in zip(panel.buttons, panel.legal, strict=False)
               if panel.menu.focused is button]
    assert focused == [wanted]


def test_h_then_enter_asks_for_exactly_the_hinted_sword_request():
    """H fills in the request form; Enter must then ask what the hint says (it used to turn the
    form's first row to the next rat, so the request went to someone else)."""
    for seed in range(2, 40):
        app, scene = make_table("human:mouse,bot:normal,bot:normal", seed=seed)
        for _ in range(4000):
            panel = scene.panel
            if panel is not None and panel.request is not None:
                break
            if panel is not None:
                scene.submit(panel.legal[0], panel.seat)  # rolls, scavenges and the like: the first choice
            app.step(DT, [])
            if scene.rules.is_over(scene.state):
                break
        panel = scene.panel
        if panel is None or panel.request is None:
            continue  # this game never gave the human a cocktail sword
        wanted = experts_move(scene.driver, panel.seat)
        press(app, pygame.K_h)
        await_hint(app, scene)
        before = len(scene.driver.session.log)
        press(app, pygame.K_RETURN)
        asked = [e.action for e in scene.driver.session.log[before:] if e.seat == panel.seat]
        assert asked and {k: asked[0][k] for k in ("target", "supply", "amount")} == {
            k: wanted[k] for k in ("target", "supply", "amount")}
        return
    pytest.fail("no seed gave the human a sword request")


@pytest.mark.parametrize(("seats", "size"), [
    ("bot:normal,bot:normal,bot:normal,bot:normal", (1920, 1080)),
    ("human:mouse,bot:normal,bot:easy", (1280, 720)),
])
def test_the_layer_painted_part_by_part_matches_one_painted_whole(seats: str, size: tuple[int, int]) -> None:
    """After each move only the parts that changed are painted again (the sheet perhaps a frame
    later); the table must then look exactly as if everything had been painted afresh (no hat
    left behind, no stale card, plaque, sheet or log)."""
    from pie_table.games.rats.ui.table_paint import TablePainter

    app = App(size=size, headless=True)
    scene = open_table(RatsTableScene, app, GameSetup("rats", parse_seats(seats), {}, seed=11))
    app.scenes.push(scene)
    painter = scene.painter
    compared = 0
    last = None
    for _ in range(900):
        if scene.panel is not None and scene.panel.legal:
            scene.submit(scene.panel.legal[-1], scene.panel.seat)
        app.step(DT, [])
        if painter._base_key == last or painter._base is None or painter._later is not None:
            continue  # nothing new, or a part is left for the next frame
        last = painter._base_key
        whole = TablePainter()
        scene.painter = whole
        scene.draw(pygame.Surface(size))
        scene.painter = painter
        assert whole._base is not None
        assert pygame.image.tobytes(painter._base, "RGB") == pygame.image.tobytes(whole._base, "RGB"), (
            f"frame after move {scene.state.actions} differs")
        compared += 1
    assert compared > 40


def test_a_public_roll_on_a_shared_screen_needs_no_hand_off_and_shows_no_sheet() -> None:
    """The shared table hands the screen off only for secret questions (`private_turn`): the Host's
    roll opens at once for everyone to watch, with every sheet folded away."""
    app, scene = make_table("human:hotseat,human:hotseat,bot:easy", first_host=0)
    for _ in range(600):
        if isinstance(app.scenes.current, HandoffScene):
            confirm_handoff(app)  # the guests' secret starting picks
            continue
        if scene.panel is not None and scene.panel.kind == "roll":
            break
        if scene.panel is not None:
            click(app, scene.panel.buttons[0].rect.center)
        app.step(DT, [])
    assert scene.panel is not None and scene.panel.kind == "roll"
    assert not isinstance(app.scenes.current, HandoffScene)
    assert scene.gate.viewer is None and scene.display_seat is None
    app.step(DT, [])
    assert scene.shown_seat is None  # the roll is drawn from the public view only


def test_a_sealed_pick_asks_the_person_once_the_bots_have_answered() -> None:
    """`bots_first`: while bots still answer the same pick the person's panel stays closed, so it is
    never rebuilt under their hand (a half-filled request form would reset)."""
    app, scene = make_table("human:mouse,bot:easy,bot:easy")
    shared_moments = 0
    for _ in range(600):
        actors = scene.to_act()
        if 0 in actors and any(seat not in scene.humans for seat in actors):
            shared_moments += 1
            assert scene.panel is None
        elif scene.panel is not None:
            scene.submit(scene.panel.legal[0], scene.panel.seat)
        app.step(DT, [])
    assert shared_moments > 0


def test_the_bots_wait_a_readable_moment_after_a_persons_own_choice() -> None:
    app, scene = make_table("human:hotseat,bot:easy,bot:easy", seed=5)
    for _turn in range(40):  # the person chooses until the bots are the next to move
        run_until(app, scene, lambda: 0 in scene.to_act() and scene.panel is not None)
        moves = scene.moves
        assert scene.submit(scene.legal(0)[0], 0)
        app.step(0.0, [])
        if scene.to_act() and 0 not in scene.to_act():
            break
    else:
        raise AssertionError("the bots never moved right after the person")
    for _ in range(int(1.4 / DT)):
        app.step(DT, [])
    assert scene.moves == moves + 1  # only the person's move yet: the bots wait
    run_until(app, scene, lambda: scene.moves > moves + 1, frames=int(1.0 / DT))
    assert scene.last_mover != 0


def test_after_a_persons_roll_the_bots_answering_the_same_pick_do_not_keep_them_waiting() -> None:
    """The Host rolls a scavenge; every rat then picks in secret, bots first. Their picks show
    nothing, so the person's choice comes up at once, not after the readable beat."""
    app, scene = make_table("human:hotseat,bot:easy,bot:easy", seed=5)
    for _turn in range(40):
        run_until(app, scene, lambda: 0 in scene.to_act() and scene.panel is not None)
        rolled = scene.legal(0)[0]["type"] == "roll" and len(scene.to_act()) == 1
        assert scene.submit(scene.legal(0)[0], 0)
        app.step(0.0, [])
        if rolled and 0 in scene.to_act() and len(scene.to_act()) > 1:
            break
    else:
        raise AssertionError("no roll of the person's was followed by a pick of every rat")
    run_until(app, scene, lambda: not scene.tray.busy)
    waited = 0
    while scene.panel is None:
        app.step(DT, [])
        waited += 1
        assert waited * DT < 1.0, "the person waited on the bots' secret picks"
    assert scene.panel.seat == 0
