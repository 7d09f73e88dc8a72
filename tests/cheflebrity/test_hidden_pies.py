"""A working line too full to show every pie counts the rest in "+n"; pointing at the count shows
those pies, drawn as on the felt and each named with its cards (nothing is only counted)."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.cheflebrity.ui.names import card_label
from pie_table.games.cheflebrity.ui.table_scene import CheflebrityTableScene
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.scenes.base import open_table
from tests.cheflebrity.helpers import find
from tests.kit.text_probe import probe_screen, recording


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_pointing_at_a_working_lines_count_shows_the_pies_it_stands_for(
        size: tuple[int, int], language: str, monkeypatch) -> None:
    set_language(language)
    try:
        app = App(size=size, headless=True)
        scene = open_table(CheflebrityTableScene, app, GameSetup("cheflebrity", parse_seats(
            "human,bot:normal,bot:normal,bot:normal,bot:normal"), {}, seed=3))
        scene.autosave.enabled = False
        app.scenes.push(scene)
        state = scene.state
        bottoms = [find("bottom", skip=i) for i in range(7)]
        for pile in (state.deck, state.leftovers, *state.hands):
            pile[:] = [c for c in pile if c not in bottoms]
        state.working[1] = []
        for card in bottoms:
            state.working[1].append({"id": state.next_pie, "cards": [[card, "bottom", 0]]})
            state.next_pie += 1
        scene.driver.rules.changed_by_hand(state)
        scene.draw(app.screen)
        (count,) = [z for z in scene.zones if z.kind == "more_pies" and z.value == 1]
        shown = {z.value for z in scene.zones if z.kind == "pie" and z.owner == 1}
        hidden = [pie for pie in state.working[1] if pie["id"] not in shown]
        assert hidden  # the line is too full: some pies are only counted
        app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=count.rect.center, rel=(0, 0),
                                          buttons=(0, 0, 0))])
        with recording(monkeypatch) as drawn:
            scene.draw(probe_screen(size))
        said = " ".join(d.text for d in drawn if d.text)
        for pie in hidden:
            assert card_label(pie["cards"][0][0]) in said
    finally:
        set_language("en")
