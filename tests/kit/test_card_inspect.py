"""A card under the pointer, or picked with Tab, is shown large with its name and text."""

from __future__ import annotations

import importlib

import pygame
import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser

_GAMES = [
    ("pie-rats", "human,bot:normal,bot:hard", 4, "pie_table.games.pie_rats.ui.table_look",
     "pie_table.games.pie_rats.ui.names"),
    ("cheflebrity", "human,bot:normal,bot:hard", 20, "pie_table.games.cheflebrity.ui.table_look",
     "pie_table.games.cheflebrity.ui.names"),
]


def _table(game: str, seats: str, turn: int | None, size: tuple[int, int] = (1280, 720), percent: int = 100):
    """`game`'s table at `size` and `percent`%, played on to `turn` (None: its start)."""
    args = build_parser().parse_args(["screenshot", game, "--seats", seats, "--out", "x"])
    info, setup = build_setup(args)
    app, scene = make_table(info, setup, size, percent)
    scene.skip_to(at=None, turn=turn)
    app.step(0.0)
    return app, scene


def _shown(monkeypatch, module: str) -> list[tuple[str, str, pygame.Rect]]:
    look = importlib.import_module(module)
    shown: list[tuple[str, str, pygame.Rect]] = []
    original = look.draw_inspect

    def recording(surface, face, title, text, near, scale, *clear_of):
        shown.append((title, text, original(surface, face, title, text, near, scale, *clear_of)))
        return shown[-1][2]

    monkeypatch.setattr(look, "draw_inspect", recording)
    return shown


@pytest.mark.parametrize(("game", "seats", "turn", "module", "names"), _GAMES)
def test_hovering_a_hand_card_shows_it_large_with_its_name(monkeypatch, game, seats, turn, module, names):
    shown = _shown(monkeypatch, module)
    app, scene = _table(game, seats, turn)
    assert shown == []  # nothing under the pointer yet
    zone = next(z for z in scene.zones if z.kind == "hand")
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=zone.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.0, [move])
    label = importlib.import_module(names).card_label(zone.value)
    assert shown and shown[-1][0] == label and shown[-1][1]
    panel = shown[-1][2]
    assert panel.h > 1.5 * zone.rect.h and not panel.colliderect(zone.rect)  # larger, beside the card
    assert app.screen.get_rect().contains(panel)


@pytest.mark.parametrize(("game", "seats", "turn", "module", "names"), _GAMES)
def test_a_card_picked_with_tab_is_inspected_too(monkeypatch, game, seats, turn, module, names):
    shown = _shown(monkeypatch, module)
    app, scene = _table(game, seats, turn)
    if scene.panel is None or not any(z.kind == "hand" for z in scene.zones):
        pytest.skip("not this seat's turn at this moment")
    app.step(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=43)])
    picked = scene.panel.picked
    if not picked:
        pytest.skip("no usable card to pick")
    app.step(0.0)
    assert shown and shown[-1][0] == importlib.import_module(names).card_label(picked[1])


def test_rumble_pie_shows_the_card_on_top_under_the_pointer(monkeypatch):
    from pie_table.games.rumble_pie.ui import inspect_card

    shown: list[str] = []
    original = inspect_card.draw_inspect
    monkeypatch.setattr(inspect_card, "draw_inspect",
                        lambda surface, face, title, text, near, scale: shown.append(title)
                        or original(surface, face, title, text, near, scale))
    args = build_parser().parse_args(
        ["screenshot", "rumble-pie", "--seats", "human:keys1,bot:normal", "--seed", "3", "--out", "x"])
    info, setup = build_setup(args)
    app, scene = make_table(info, setup, (1280, 720))
    scene.skip_to(at=30.0, turn=None)
    app.step(0.0)
    sprite = next(s for s in scene.cards.sprites.values() if s.face_up)
    move = pygame.event.Event(pygame.MOUSEMOTION, pos=sprite.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.0, [move])
    top = scene.cards.face_up_at(sprite.rect.center)
    assert top is not None and shown and shown[-1] == inspect_card.card_words(top.kind)[0]


_TAB = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=43)


def _tab_middle(card: pygame.Rect) -> tuple[int, int]:
    """A point inside the tab kit.marks.draw_picked puts above a picked card's ring, `card`."""
    arm = max(9, min(card.w, card.h) // 6)
    return card.centerx, card.top - 2 - arm * 2 // 3


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("pointed", [False, True])
def test_a_picked_pie_rats_card_keeps_its_tab_in_sight_while_inspected(monkeypatch, size, percent, pointed):
    """The card picked with Tab (then pointed at, or not) is shown large: the inspect panel is
    placed clear of the tab that tells the picked card apart (it covered all but its tip)."""
    from pie_table.kit import palette as pal
    from pie_table.kit.text import set_interface_size

    shown = _shown(monkeypatch, "pie_table.games.pie_rats.ui.table_look")
    try:
        app, scene = _table("pie-rats", "human,bot:normal,bot:hard", 4, size, percent)
        app.step(0.0, [_TAB])
        app.step(0.0)
        picked = scene.panel.picked
        assert picked and picked[0] == "hand"
        zone = next(z for z in scene.zones if z.kind == "hand" and z.value == picked[1])
        if pointed:
            app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=zone.rect.center, rel=(0, 0),
                                              buttons=(0, 0, 0))])
        app.step(0.0)
        assert shown and not shown[-1][2].colliderect(zone.rect)
        tab = _tab_middle(zone.rect.inflate(6, 6))  # the hand's ring, just outside the card
        assert tuple(app.screen.get_at(tab))[:3] == pal.HIGHLIGHT, (tab, shown[-1][2])
    finally:
        set_interface_size(100)


def _to_a_card_turn(app, scene, times: int) -> None:  # type: ignore[no-untyped-def]
    """Play on, every other decision autoplayed, until the screen's seat has been asked `times`
    times for a move that plays a card (its hand then has cards Tab picks)."""
    for _ in range(600):
        actors = scene.driver.to_act()
        if not actors:
            scene.driver.update(0.05)
            app.step(0.05)
            continue
        if actors[0] == 0 and scene.panel is not None and any(
                action.get("card") is not None for action, _t in scene.panel.items):
            times -= 1
            if times <= 0:
                return
        scene.submit(scene.driver.autoplay_action(actors[0]), actors[0])
        app.step(0.0)
    raise AssertionError("the screen's seat was never asked for a card")


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("pointed", ["none", "picked", "other"])
def test_a_picked_cheflebrity_card_keeps_its_tab_in_sight_while_inspected(monkeypatch, size, percent,
                                                                           pointed):
    """Cheflebrity's picked hand card (Tab) stays told apart while a card is shown large: the
    panel, above the picked card or above another hand card pointed at, leaves its tab uncovered."""
    from pie_table.kit import palette as pal
    from pie_table.kit.text import set_interface_size

    shown = _shown(monkeypatch, "pie_table.games.cheflebrity.ui.table_look")
    try:
        app, scene = _table("cheflebrity", "human,bot:normal,bot:hard", None, size, percent)
        _to_a_card_turn(app, scene, 4)
        for _ in range(30):
            app.step(0.1)  # the cards drawn this turn have landed in the hand
        app.step(0.0, [_TAB])
        app.step(0.0)
        picked = scene.panel.picked
        assert picked and picked[0] == "hand"
        hand = [z for z in scene.zones if z.kind == "hand"]
        zone = next(z for z in hand if z.value == picked[1])
        if pointed != "none":
            target = zone if pointed == "picked" else next(z for z in hand if z.value != picked[1])
            at = (target.rect.right - 4, target.rect.centery)  # its own strip where the hand overlaps
            app.step(0.0, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
        app.step(0.0)
        assert shown and not shown[-1][2].colliderect(zone.rect)
        tab = _tab_middle(zone.rect)  # the hand draws its ring on the card's own edge
        assert tuple(app.screen.get_at(tab))[:3] == pal.HIGHLIGHT, (tab, shown[-1][2])
    finally:
        set_interface_size(100)
