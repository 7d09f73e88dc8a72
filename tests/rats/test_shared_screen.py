"""RATS on one shared screen: a hand-off opens only on its own confirm (issue 21 item 2)."""

from __future__ import annotations

import pygame

from pie_table.kit.handoff import HandoffScene
from tests.rats.test_ui_table import DT, make_table, press, run_until


def test_stray_keys_and_clicks_leave_the_rats_hand_off_shut_and_the_sheet_hidden():
    app, scene = make_table("human,human,bot:normal")
    run_until(app, scene, lambda: isinstance(app.scenes.current, HandoffScene))
    handoff = app.scenes.current
    for _ in range(12):
        app.step(DT, [])
    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_a, pygame.K_TAB):
        press(app, key)
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
    assert app.scenes.current is handoff and "sheet" not in scene.view()
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=handoff.button.center, button=1)])
    assert app.scenes.current is not handoff and "sheet" in scene.view()
