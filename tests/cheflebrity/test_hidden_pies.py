"""A working line too full to show every pie counts the rest in "+n"; pointing at the count shows
those pies, drawn as on the felt and each named with its cards (nothing is only counted)."""

from __future__ import annotations

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.cheflebrity import flow
from pie_table.games.cheflebrity.ui.names import card_label
from pie_table.games.cheflebrity.ui.table_scene import CheflebrityTableScene
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.scenes.base import open_table
from tests.cheflebrity.helpers import find
from tests.kit.text_probe import probe_screen, recording


def _full_line_table(size: tuple[int, int], playing: int | None = None) -> tuple[App, CheflebrityTableScene]:
    """A table whose seat 1 has seven pies on its working line: too many to show them all;
    `playing`: whose turn it is, at the step where hand cards are played (the human's move list
    then open)."""
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
    if playing is not None:
        state.stack.items.clear()
        flow.start_turn(state, playing, [])
        state.step = flow.PLAY
    scene.driver.rules.changed_by_hand(state)
    if playing is not None:
        scene.panel, scene.panel_key = None, None
        for _frame in range(200 if playing == 0 else 0):
            if scene.panel is not None:
                break
            app.step(0.05, [])
    scene.draw(app.screen)
    return app, scene


def _hidden(scene: CheflebrityTableScene) -> list[dict]:
    shown = {z.value for z in scene.zones if z.kind == "pie" and z.owner == 1}
    hidden = [pie for pie in scene.state.working[1] if pie["id"] not in shown]
    assert hidden  # the line is too full: some pies are only counted
    return hidden


def _said(scene: CheflebrityTableScene, size: tuple[int, int], monkeypatch) -> str:
    with recording(monkeypatch) as drawn:
        scene.draw(probe_screen(size))
    return " ".join(d.text for d in drawn if d.text)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_pointing_at_a_working_lines_count_shows_the_pies_it_stands_for(
        size: tuple[int, int], language: str, monkeypatch) -> None:
    set_language(language)
    try:
        app, scene = _full_line_table(size)
        (count,) = [z for z in scene.zones if z.kind == "more_pies" and z.value == 1]
        hidden = _hidden(scene)
        app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=count.rect.center, rel=(0, 0),
                                          buttons=(0, 0, 0))])
        said = _said(scene, size, monkeypatch)
        for pie in hidden:
            assert card_label(pie["cards"][0][0]) in said
    finally:
        set_language("en")


def _tab(app: App) -> None:
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=43)])


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_tab_reaches_a_working_lines_count_after_the_hand_and_shows_its_pies(
        size: tuple[int, int], language: str, monkeypatch) -> None:
    """The keyboard inspects what the pointer does: Tab walks the usable hand cards, then rests on
    the "+n" (the list unnarrowed), then starts the hand again."""
    set_language(language)
    try:
        app, scene = _full_line_table(size, playing=0)
        hidden = _hidden(scene)
        assert scene.panel is not None and scene.panel.seat == 0  # the human's turn, a hand to walk
        said = _said(scene, size, monkeypatch)
        assert not any(card_label(pie["cards"][0][0]) in said for pie in hidden)  # nothing looked at yet
        usable = {a["card"] for a, _t in scene.panel.items if a.get("card") is not None}
        hand = [z.value for z in scene.zones if z.kind == "hand" and z.value in usable]
        for card in hand:
            _tab(app)
            assert scene.panel.picked == ("hand", card)
        _tab(app)
        assert scene.input.looking == ("more_pies", 1)
        assert scene.panel.picked is None
        said = _said(scene, size, monkeypatch)
        # Cheflebrity's pies are "tartas" everywhere else in Spanish ("pasteles" are Pie Rats').
        assert {"en": f"{len(hidden)} more pies", "es": f"{len(hidden)} tartas más"}[language] in said
        for pie in hidden:
            assert card_label(pie["cards"][0][0]) in said
        _tab(app)
        assert scene.input.looking is None
        assert scene.panel.picked == ("hand", hand[0])
    finally:
        set_language("en")


def test_tab_reaches_the_count_while_another_chef_plays() -> None:
    """No move list is open while a bot plays: Tab still rests on the count, to look at it."""
    app, scene = _full_line_table((1280, 720), playing=2)
    _tab(app)
    assert scene.panel is None and scene.to_act() == [2]
    assert scene.input.looking == ("more_pies", 1)
    (zone,) = [z for z in scene.zones if z.kind == "more_pies"]
    assert scene.inspected_zone(("hand", "more_pies"), scene.zones) == zone


@pytest.mark.parametrize(("size", "percent", "language"), [((1280, 720), 200, "es"), ((900, 560), 100, "en")])
def test_pointing_at_a_pie_on_a_working_line_names_each_of_its_cards(size, percent, language,
                                                                     monkeypatch) -> None:
    """A stack on the felt shows its cards' parts and qualities, overlapping where the line is short
    (a rival's at 200% covers all but the top of each number): pointing at it shows the pie whole,
    each card named."""
    from pie_table.cli.game_args import build_setup
    from pie_table.cli.headless_app import make_table
    from pie_table.cli.main import build_parser
    from pie_table.kit.text import set_interface_size

    set_language(language)
    try:
        seats = "human,bot:normal,bot:hard"
        words = ["screenshot", "cheflebrity", "--seats", seats, "--seed", "3", "--out", "x"]
        info, setup = build_setup(build_parser().parse_args(words))
        app, scene = make_table(info, setup, size, percent)
        scene.skip_to(at=None, turn=30)
        app.step(0.0)
        zones = [z for z in scene.zones if z.kind == "pie" and z.owner == 1]
        assert zones  # a rival with pies on its working line
        for zone in zones:
            (pie,) = [p for p in scene.view()["working"][1] if p["id"] == zone.value]
            app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=zone.rect.center, rel=(0, 0),
                                              buttons=(0, 0, 0))])
            said = _said(scene, size, monkeypatch)
            for card, _part in pie["cards"]:
                assert card_label(card) in said, (card_label(card), said)
    finally:
        set_language("en")
        set_interface_size(100)
