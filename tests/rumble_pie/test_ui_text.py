"""Text on the Rumble Pie table stays readable and apart: scores beside names, whole status messages."""

import pygame
import pytest

from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui import RumbleTableScene
from pie_table.games.rumble_pie.ui.table_view import fit_entries
from pie_table.kit.app import App
from pie_table.kit.fonts import fit, min_readable
from pie_table.scenes.base import open_table


@pytest.mark.parametrize("size", [(1280, 720), (960, 600), (1920, 1080)])
def test_a_three_digit_score_never_touches_the_team_name(size, monkeypatch):
    app = App(size=size, headless=True)
    scene = open_table(RumbleTableScene, app,
                       GameSetup("rumble-pie", parse_seats("bot:easy,bot:easy,bot:easy"), {}, [0, 1, 2], 1))
    app.scenes.push(scene)
    scene.sim.state.scores = [123, 88, 7]
    view = scene.view
    surf_texts: dict[int, str] = {}
    original_get, original_fit = view.text.get, view.text.fit

    def remember(make):
        def wrapped(text, *args, **kwargs):
            surf = make(text, *args, **kwargs)
            surf_texts[id(surf)] = text
            return surf
        return wrapped

    monkeypatch.setattr(view.text, "get", remember(original_get))
    monkeypatch.setattr(view.text, "fit", remember(original_fit))
    drawn: list[tuple[str, pygame.Rect]] = []

    class Spy(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            rect = super().blit(source, dest, *args, **kwargs)
            if id(source) in surf_texts:
                drawn.append((surf_texts[id(source)], rect))
            return rect

    view._paint_scores(Spy(view.geom.area("scores").size), scene.sim.state)
    from pie_table.kit import palette as pal

    teams = {name for team in range(3) for name in (pal.team_name(team), pal.short_team_name(team))}
    names = [r for text, r in drawn if text in teams]
    scores = [r for text, r in drawn if text in ("123", "88", "7")]
    assert len(names) == 3 and len(scores) == 3
    for name, score in zip(names, scores, strict=True):
        assert not name.colliderect(score), (name, score)


def test_status_entries_are_kept_or_dropped_whole():
    entries = [(["Frozen earlier:", "4 columns"], (1, 1, 1)), (["Round 1"], (2, 2, 2)),
               (["Not your card:", "the pile is", "cleared"], (3, 3, 3))]
    assert fit_entries(entries, 4) == [("Round 1", (2, 2, 2)), ("Not your card:", (3, 3, 3)),
                                       ("the pile is", (3, 3, 3)), ("cleared", (3, 3, 3))]
    # Never the tail of a message cut in two at the top of the box.
    assert fit_entries(entries, 5)[0] == ("Round 1", (2, 2, 2))
    assert fit_entries(entries, 2) == [("Not your card:", (3, 3, 3)), ("the pile is", (3, 3, 3))]


def test_fitting_never_goes_below_the_readable_floor_it_cuts_instead():
    pygame.font.init()
    text, size = fit("A very long ship name that will never fit in so little room", 22, 120)
    assert size >= min_readable() and text.endswith("…")
    from pie_table.kit.fonts import font

    assert font(size).size(text)[0] <= 120
    assert fit("Short", 22, 400) == ("Short", 22)


def test_go_and_out_are_in_the_players_language(monkeypatch):
    from pie_table.games.rumble_pie.ui.feedback import Feedback
    from pie_table.kit import i18n

    class Quiet:
        def play(self, name):
            pass

    app = App(size=(1280, 720), headless=True)
    setup = GameSetup("rumble-pie", parse_seats("bot:easy,bot:easy"), {}, None, 1)
    scene = open_table(RumbleTableScene, app, setup)
    asked: list[str] = []
    original = scene.view.text.get
    monkeypatch.setattr(scene.view.text, "get",
                        lambda text, *a, **k: asked.append(text) or original(text, *a, **k))
    i18n.set_language("es")
    try:
        feedback = Feedback(Quiet(), ["Ana", "Luis"], [0, 1])
        feedback.on_event({"type": "go"}, scene.geom, None)
        assert feedback.banner == ("¡Ya!", 0.9)
        feedback.on_event({"type": "out", "seat": 0}, scene.geom, None)
        assert feedback.banner == ("¡Fuera!", 1.4)
        scene.view._paint_deck(pygame.Surface(scene.geom.card_size), 0, 0)  # noqa: SLF001 - an empty deck
        assert "¡Fuera!" in asked and "Out!" not in asked
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_every_seat_label_says_whether_a_bot_or_a_person_plays_it(size, language, monkeypatch):
    from pie_table.kit.i18n import _, set_language
    from tests.kit.text_probe import probe_screen, recording

    set_language(language)
    try:
        with recording(monkeypatch) as drawn:
            app = App(size=size, headless=True)
            app.screen = probe_screen(size)
            setup = GameSetup("rumble-pie", parse_seats("human:keys1,human:keys2,bot:normal,bot:normal"),
                              {}, [0, 1, 0, 1], 1)
            app.scenes.push(open_table(RumbleTableScene, app, setup))
            app.step(0.0)
        texts = [d.text for d in drawn]
        for seat, word in enumerate([_("Human"), _("Human"), _("Bot"), _("Bot")]):
            name = _("Player {n}").format(n=seat + 1)
            labels = [text for text in texts if text.startswith(name)]
            assert any(text.startswith(f"{name} · {word}") for text in labels), (name, labels)
    finally:
        set_language("en")


def _first_frame(monkeypatch, size, percent, seats):  # type: ignore[no-untyped-def]
    """A table's first frame at `percent`: the scene, every text it drew and every cut."""
    from tests.kit.cut_log import logging_cuts
    from tests.kit.text_probe import probe_screen, recording

    with recording(monkeypatch) as drawn, logging_cuts(monkeypatch) as cuts:
        app = App(size=size, headless=True)
        app.set_ui_scale(percent)
        app.screen = probe_screen(size)
        scene = open_table(RumbleTableScene, app, GameSetup("rumble-pie", parse_seats(seats), {}, seed=3))
        app.scenes.push(scene)
        app.step(0.0)
    return scene, drawn, cuts


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_every_bots_label_says_its_level_in_either_row_at_either_interface_size(size, language, percent,
                                                                                monkeypatch):
    """Six seats: a top-row label (its band above the arsenal thinner than a bottom one's) and a
    label grown with the interface size say the bot's level as a bottom one says it at 100%, on
    two lines or beside the team's short name; none is cut, and a top seat's frame stays in the
    window and clear of its arsenal."""
    from pie_table.kit.i18n import _, set_language
    from pie_table.kit.text import set_interface_size

    set_language(language)
    try:
        seats = "human:keys1,bot:easy,bot:normal,bot:hard,bot:easy,bot:normal"
        scene, drawn, cuts = _first_frame(monkeypatch, size, percent, seats)
        texts = {d.text for d in drawn}
        for seat, spec in enumerate(seats.split(",")[1:], start=1):
            name = _("Player {n}").format(n=seat + 1)
            said = f"{name} · " + _("Bot · {level}").format(level=_(spec.split(":")[1]))
            assert said in texts, (seat, sorted(t for t in texts if t.startswith(name)))
        assert cuts == []
        for seat in range(6):
            frame = scene.view._frame(seat)  # noqa: SLF001 - where the label's band may reach
            assert frame.top >= 0 and frame.bottom <= size[1]
            assert frame.top < scene.geom.zone(seat, "arsenal").top
    finally:
        set_interface_size(100)
        set_language("en")


@pytest.mark.parametrize("percent", [100, 200])
@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_a_mouse_seats_lines_in_the_keys_grid_wrap_whole(size, language, percent, monkeypatch):
    """A mouse seat beside a keys seat: the grid's lines for the mouse wrap under themselves
    ("arrastrar: jugar o mover ca…" and "clic en el mazo: robar, ¡Fue…" were cut in Spanish at
    every size, "drag: play or move ca…" in English at 900x560), every word of them drawn."""
    from pie_table.kit.i18n import _, set_language
    from pie_table.kit.text import set_interface_size

    set_language(language)
    try:
        scene, drawn, cuts = _first_frame(monkeypatch, size, percent, "human:mouse,human:keys1")
        box = scene.geom.area("legend")
        words = " ".join(d.text for d in drawn if box.collidepoint(d.where[0], d.where[1])).split()
        for keys, use in (("drag", "play or move cards"), ("click deck", "draw, Out!")):
            said = f"{_(keys)}: {_(use)}".split()
            assert any(words[i:i + len(said)] == said for i in range(len(words))), (said, words)
        assert cuts == []
        assert min(d.size for d in drawn if box.collidepoint(d.where[0], d.where[1])) >= min_readable()
    finally:
        set_interface_size(100)
        set_language("en")


def _label_fullness(drawn, scene) -> list[int]:  # type: ignore[no-untyped-def]
    """Per seat, which of its label's forms (0: the fullest) the frame drew; the plainest if none."""
    texts = {d.text for d in drawn}
    forms = [scene.view._label_tries(info) for info in scene.view.seats]  # noqa: SLF001 - the forms a label picks from
    return [next((i for i, (words, _team) in enumerate(tries) if words in texts), len(tries) - 1)
            for tries in forms]


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (900, 560)])
def test_a_grown_seat_label_says_no_less_than_at_100_percent(size, language, monkeypatch):
    """Six seats, people with keys in both rows: at 200% a label grown onto two lines keeps every
    word it says at 100% (1920x1080 in Spanish dropped 'teclado izquierdo' from the bottom row's
    'Jugador 1 · Persona · teclado izquierdo' to write the rest larger), and cuts none."""
    from pie_table.kit.i18n import _, set_language
    from pie_table.kit.text import set_interface_size

    set_language(language)
    try:
        seats = "human:keys1,human:keys2,bot:normal,bot:easy,bot:hard,bot:normal"
        normal, drawn, _cuts = _first_frame(monkeypatch, size, 100, seats)
        grown, larger, cuts = _first_frame(monkeypatch, size, 200, seats)
        assert cuts == []
        before, after = _label_fullness(drawn, normal), _label_fullness(larger, grown)
        assert all(a <= b for a, b in zip(after, before, strict=True)), (before, after)
        if size == (1920, 1080):
            keys = _("Human · {control}").format(control=_("left keys"))
            assert f"{_('Player {n}').format(n=1)} · {keys}" in {d.text for d in larger}
    finally:
        set_interface_size(100)
        set_language("en")
