"""Text that must stay whole: buttons, the interface size, and what the tables write (issue 21 item 22)."""

from __future__ import annotations

import pygame
import pytest

from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.kit.widgets import Button

SIZES = [(1280, 720), (900, 560)]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    yield tmp_path
    set_language("en")


class _Saved:
    path = "nowhere.json"


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("percent", [100, 150])
def test_every_title_button_holds_its_words_when_continue_shows(home, monkeypatch, lang, size, percent):
    from pie_table.scenes import title

    monkeypatch.setattr(title, "continue_and_damaged", lambda: (_Saved(), 0))
    monkeypatch.setattr(title, "describe", lambda saved: "Pie Rats · 3 players · round 4 · today")
    set_language(lang)
    app = App(size=size, headless=True)
    app.set_ui_scale(percent)
    scene = title.TitleScene(app)
    app.scenes.push(scene)
    app.step(0.0, [])
    buttons = [b for b in scene.menu.items if isinstance(b, Button)]
    assert scene.continue_button in buttons
    for button in buttons:
        image = button.label_image()
        assert image.get_height() <= button.rect.h - 4, (button.text, image.get_size(), button.rect)
        assert image.get_width() <= button.rect.w - 16, button.text
    bottoms = sorted((b.rect for b in buttons), key=lambda rect: rect.top)
    assert all(a.bottom <= b.top for a, b in zip(bottoms, bottoms[1:], strict=False))
    # The stack stays on the screen, under the tagline and over the keys' line (Quit was drawn half
    # under that line at 1280x720, and off the window at 150%).
    assert scene.tagline.rect.bottom <= bottoms[0].top
    assert bottoms[-1].bottom <= scene.hint.rect.top, (bottoms[-1], scene.hint.rect)


class _Recording:
    """A font that keeps every line it renders, to read back what a panel wrote."""

    def __init__(self, real, seen):
        self.real, self.seen = real, seen

    def render(self, text, *args):
        self.seen.append((text.replace("\u00a0", " "), self.real.get_height()))
        return self.real.render(text, *args)

    def __getattr__(self, name):
        return getattr(self.real, name)


_LURE = {"type": "lure", "seat": 0}
_SUM = "Carisma 3 + 1 + 1 + 2 = 7 contra lealtad (3 +1 + 1) + (3 -1 + 1) = 8"
_PROMPT = ("Robo de carisma: cualquiera puede robar una carta de carisma de la mesa, o pasar y dejarla "
           "donde está")


def _panel_writing(monkeypatch, label: str, width: int = 236, scale: float = 0.703) -> list[tuple[str, int]]:
    """What a move panel as wide as at 900x560 writes (each line and its font's height)."""
    from pie_table.kit import move_panel

    seen: list[tuple[str, int]] = []
    real_font = move_panel.font
    monkeypatch.setattr(move_panel, "font", lambda size, face="sans": _Recording(real_font(size, face), seen))
    for name in ("fit_text", "fit_label"):  # the buttons' lines
        fitted = getattr(move_panel, name)

        def writing(text, size, max_w, color, face="sans", _fitted=fitted):  # type: ignore[no-untyped-def]
            image = _fitted(text, size, max_w, color, face)
            seen.append((text.replace("\u00a0", " "), real_font(size, face).get_height()))
            return image

        monkeypatch.setattr(move_panel, name, writing)
    words = move_panel.MoveWords(
        label=lambda view, action: label if action["type"] == "lure" else "Terminar",
        prompt=lambda view, seat: _PROMPT,
        detail=lambda view, action: _SUM if action["type"] == "lure" else "",
        touches=lambda action, kind, value: False,
        cards_of=lambda action: set(),
        pies_of=lambda action: set(),
    )
    panel = move_panel.MovePanel(0, [_LURE, {"type": "done", "seat": 0}], {}, lambda a: True, words=words)
    panel.draw(pygame.Surface((900, 560)), pygame.Rect(660, 50, width, 320), scale, None, None)
    return seen


def test_the_move_panel_writes_a_focused_sum_whole_under_a_long_label(monkeypatch):
    label = "Atraer a Molly Merengue y a Gertie la Glotona (Loro, Loro, Encanto)"
    written = " ".join(text for text, _height in _panel_writing(monkeypatch, label))
    assert _SUM in written
    assert label in written


def test_the_move_panel_writes_its_whole_prompt_no_smaller_than_the_readable_floor(monkeypatch):
    from pie_table.kit.fonts import font, min_readable

    written = _panel_writing(monkeypatch, "Atraer a Lou")
    assert _PROMPT in " ".join(text for text, _height in written)
    assert min(height for _text, height in written) >= font(min_readable()).get_height()


def test_a_cut_label_keeps_its_numbers_and_cuts_the_words_before_them():
    from pie_table.kit.fonts import font, min_readable
    from pie_table.kit.text import fit_keeping_end

    text = "Reclutar: Sir Scruffy Barba Roja (lealtad +1, fuerza 4)"
    shown, size = fit_keeping_end(text, 12, 230)
    assert shown.endswith("… (lealtad +1, fuerza 4)") and font(size).size(shown)[0] <= 230
    # A label that fits is kept whole, at its size or the window's floor (whichever window an
    # earlier test in this process left the floor at).
    assert fit_keeping_end("Done", 12, 230) == ("Done", max(12, min_readable()))


def test_sums_stay_whole_when_a_detail_wraps():
    from pie_table.kit.fonts import font
    from pie_table.kit.text import keep_sums_whole, wrap_text

    lines = wrap_text(keep_sums_whole("Strength 2 + 2 + 3 = 7 against weight 9"), font(12, "bold"), 170)
    assert [line.replace("\u00a0", " ") for line in lines] == ["Strength 2 + 2 + 3 = 7", "against weight 9"]


def test_a_word_wider_than_a_line_breaks_between_its_letters_and_loses_none():
    # An address typed with keys mashed into it ran past both sides of the join screen's panel.
    from pie_table.kit.fonts import font
    from pie_table.kit.text import wrap_text

    address = "ws://127.0.0.1:40781vcwdxdawvqzdewqwezrcdqwcqswsswvwwwwdxwrsrssrcedwexaqvvdvwrw"
    fnt = font(18)
    lines = wrap_text(f"No table answers at {address}.", fnt, 300, break_words=True)
    assert len(lines) >= 3 and all(fnt.size(line)[0] <= 300 for line in lines)
    assert lines[0] == "No table answers at" and "".join(lines[1:]) == f"{address}."


@pytest.mark.parametrize("game", ["pie-rats", "cheflebrity"])
def test_every_variant_on_the_seat_screen_shows_its_values_whole_at_900x560(home, game):
    from pie_table.core.registry import load_games
    from pie_table.kit.fonts import fit, min_readable
    from pie_table.kit.rows import Cycler
    from pie_table.scenes.seats import SeatsScene

    set_language("es")
    app = App(size=(900, 560), headless=True)
    scene = SeatsScene(app, load_games()[game])
    app.scenes.push(scene)
    app.step(0.0, [])
    rows = [row for row in scene.option_rows if isinstance(row, Cycler)]
    assert rows
    for row in rows:
        room = row.control_rect().w - 2 * int(28 * row.scale) - 12  # what Cycler.draw gives the value
        for value in row.values:
            assert fit(row.fmt(value), min_readable(), room, "bold")[0] == row.fmt(value)


def test_the_count_of_moves_below_the_list_is_never_cut(monkeypatch):
    from pie_table.kit import fonts, move_panel

    cut: list[str] = []
    original = move_panel.fit_text

    def recording(text, size, max_w, color, face="sans"):
        if fonts.fit(text, int(size), int(max_w), face)[0] != text:
            cut.append(text)
        return original(text, size, max_w, color, face)

    monkeypatch.setattr(move_panel, "fit_text", recording)
    words = move_panel.MoveWords(
        label=lambda view, action: f"Move {action['n']}", prompt=lambda view, seat: "Pick one",
        detail=lambda view, action: "", touches=lambda action, kind, value: False,
        cards_of=lambda action: set(), pies_of=lambda action: set(),
    )
    legal = [{"type": "move", "n": n} for n in range(30)]
    panel = move_panel.MovePanel(0, legal, {}, lambda a: True, words=words)
    panel.draw(pygame.Surface((900, 560)), pygame.Rect(675, 50, 200, 320), 0.703, None, None)
    assert cut == []
