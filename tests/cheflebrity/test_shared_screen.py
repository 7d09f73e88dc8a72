"""Cheflebrity on one shared screen: no stray key opens a hand-off, and a claimed Sabotage! that runs
out of time is said out loud (issue 21 items 2 and 3)."""

from __future__ import annotations

import pygame

from pie_table.kit.handoff import HandoffScene
from tests.cheflebrity.test_table_scene import B5, B20, DT, E10, SAB, make_table, press, run_until, set_turn


def test_another_seats_react_key_leaves_the_hand_off_shown_and_the_hand_hidden():
    app, scene = make_table("human,human,human", seed=8, reaction_seconds=4)
    run_until(app, lambda: isinstance(app.scenes.current, HandoffScene))
    handoff = app.scenes.current
    for _ in range(12):
        app.step(DT, [])
    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_t, pygame.K_h):
        press(app, key)
        assert app.scenes.current is handoff and scene.display_seat is None
        assert "hand" not in scene.view()
    press(app, pygame.K_SPACE)
    assert app.scenes.current is scene and scene.display_seat == handoff_seat(scene)


def handoff_seat(scene) -> int:
    return scene.rules.to_act(scene.state)[0]


def _deal(state, card: int, to: int) -> None:
    """Move `card` from wherever it lies (deck or a hand) into seat `to`'s hand."""
    holder = next(pile for pile in (state.deck, *state.hands) if card in pile)
    holder.remove(card)
    state.hands[to].append(card)


def test_a_claimed_sabotage_that_runs_out_says_so_and_folds_the_hand_away():
    app, scene = make_table("bot:normal,human,human", reaction_seconds=6)
    state = scene.state
    set_turn(scene, 0, [B20])
    _deal(state, SAB, to=1)
    scene.driver.rules.changed_by_hand(scene.state)
    run_until(app, lambda: scene.top() is not None and scene.top()["kind"] == "sabotage")
    assert scene.banner(scene.view()).startswith("A card went on")  # what may be answered
    press(app, pygame.K_2)
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene.panel is not None and scene.panel.seat == 1)
    run_until(app, lambda: scene.top() is None or scene.top()["kind"] != "sabotage", frames=400)
    assert scene.message == "Time ran out: no Sabotage!"
    assert scene.display_seat is None and SAB in state.hands[1]


def test_an_incoming_trade_offer_stays_behind_its_hand_off_whatever_key_is_pressed():
    app, scene = make_table("human,human,bot:normal", seed=6)
    run_until(app, lambda: isinstance(app.scenes.current, HandoffScene))
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    set_turn(scene, 0, [E10, B5], step="main")
    scene.gate.confirm(0)
    run_until(app, lambda: scene.panel is not None)
    offer = {"type": "offer", "to": 1, "give": [E10], "claim": [{"kind": "top", "quality": 25}],
             "want": [{"kind": "card"}]}
    scene.submit(offer, 0)
    run_until(app, lambda: isinstance(app.scenes.current, HandoffScene))
    handoff = app.scenes.current
    for _ in range(12):
        app.step(DT, [])
    for key in (pygame.K_1, pygame.K_2, pygame.K_a, pygame.K_t):
        press(app, key)
        assert app.scenes.current is handoff and scene.display_seat is None and scene.trade is None
        assert "mine" not in scene.view()["trade"]
