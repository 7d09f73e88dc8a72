"""Pie Rats on one shared screen: a claimed reaction that runs out of time is said out loud, and the
keys meant for it land on no other move (issue 21 items 2 and 3)."""

from __future__ import annotations

import pygame

from pie_table.games.pie_rats import flow
from pie_table.kit.handoff import HandoffScene
from tests.pie_rats.helpers import cards_of, crew_with
from tests.pie_rats.test_table_scene import DT, make_table, press, run_until


def _theft_window_for_two_humans():
    """Phase 2 ends with charisma on the table: the Charisma Theft window opens; seat 1 (a human,
    the lead of the round) holds a Charisma Theft and a crew member."""
    app, scene = make_table("human,human,bot:normal", reaction_seconds=6)
    state = scene.state
    theft, charm, rat = cards_of("charisma_theft")[0], cards_of("charm")[0], crew_with(1)
    for pile in (state.draw, *state.hands):
        for card in (theft, charm, rat):
            if card in pile:
                pile.remove(card)
    state.hands[1] = [theft, rat]
    state.charisma[2] = [charm]
    state.stack.items.clear()
    state.phase, state.lead, state.turn_index = 2, 1, 0
    flow.open_window(state, flow.THEFT_WINDOW, [0, 1, 2])
    scene.driver.rules.changed_by_hand(scene.state)
    return app, scene


def test_a_claimed_theft_that_runs_out_says_so_and_the_next_enter_adds_no_crew():
    app, scene = _theft_window_for_two_humans()
    run_until(app, lambda: scene.driver.remaining() is not None and scene.driver.remaining() < 1.5)
    press(app, pygame.K_2)  # claimed late
    assert scene.claimed == 1 and isinstance(app.scenes.current, HandoffScene)
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene.panel is not None and scene.panel.seat == 1)
    assert scene.driver.remaining() > 5.5  # the claimer got the whole countdown, not what was left
    run_until(app, lambda: any(e.action == {"type": "timeout"} for e in scene.driver.session.log), frames=200)
    logged = len(scene.driver.session.log)
    press(app, pygame.K_RETURN)  # meant for the theft, a moment too late
    for _ in range(30):
        app.step(DT, [])
        if isinstance(app.scenes.current, HandoffScene):
            break
    assert [e.action["type"] for e in scene.driver.session.log[logged:]] == []  # no crew member added
    assert scene.state.hands[1] == [cards_of("charisma_theft")[0], crew_with(1)]
    assert scene.message == "Time ran out: no Charisma Theft"
    # The next move needs the screen handed over again: the hand was folded away, and the hand-off
    # says what happened and does not give way to the claimer's late Enter.
    handoff = app.scenes.current
    assert isinstance(handoff, HandoffScene) and scene.display_seat is None
    assert handoff.news == "Time ran out: no Charisma Theft"
    for _ in range(10):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    assert app.scenes.current is handoff and scene.display_seat is None


def test_a_late_react_key_while_a_hand_off_shows_leaves_the_next_hand_hidden():
    app, scene = _theft_window_for_two_humans()
    run_until(app, lambda: sorted(scene.reaction.asked()) == [0, 1])
    press(app, pygame.K_1)  # seat 0 claims
    handoff = app.scenes.current
    assert isinstance(handoff, HandoffScene)
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_2)  # seat 1's React!, too late
    assert app.scenes.current is handoff and scene.display_seat is None
    assert "hand" not in scene.view()
