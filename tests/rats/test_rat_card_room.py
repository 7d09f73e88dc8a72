"""A rat card's who-line and the dice tray's caption keep their size and their words at every
interface size: at 900x560 and 150% in Spanish "el Anfitrión, Carpintero" was cut to "Carpint…"
beside the portrait of a 110 px card, and a tray squeezed to one line drew its caption ("3 espadas
de cóctel o 1 paja.") at 13 px, 15 px at 100%."""

from __future__ import annotations

import pygame
import pytest

from pie_table.games.rats.state import VOCATIONS
from pie_table.games.rats.ui.sheet_view import RatCard, draw_rat_card
from pie_table.games.rats.ui.table_draw import compute_layout
from pie_table.kit.app import App
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from tests.kit.cut_log import logging_cuts
from tests.kit.table_texts import sized_home  # noqa: F401 - a fixture
from tests.kit.text_probe import probe_screen

pytestmark = pytest.mark.usefixtures("sized_home")
_SIZES = [(1280, 720), (1920, 1080), (900, 560)]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", _SIZES)
@pytest.mark.parametrize("percent", [100, 150, 200])
def test_a_host_with_any_vocation_keeps_every_word_of_its_card(monkeypatch, percent, size, lang):
    set_language(lang)
    App(size=size, headless=True)
    set_interface_size(percent)
    lay = compute_layout(size, 6)
    rect = pygame.Rect(lay.cards[0])
    said = "Rat 3 is afraid!"
    with logging_cuts(monkeypatch) as cuts:
        for viewer in (False, True):
            for vocation in VOCATIONS:
                card = RatCard(seat=3, vocation=vocation, is_host=True, is_viewer=viewer, said=said)
                draw_rat_card(probe_screen((rect.right + 10, rect.bottom + 10)), rect, card, lay.scale)
    assert cuts == [], cuts


def _strip_caption_size(size: tuple[int, int], percent: int) -> int:
    """The size the dice tray of a six-rat table writes a long caption at, as a strip."""
    from pie_table.games.rats.ui.dice_tray import DiceTray
    from tests.kit.text_probe import recording

    App(size=size, headless=True)
    set_interface_size(percent)
    lay = compute_layout(size, 6)
    tray = DiceTray()
    tray.layout(lay.tray)
    caption = "3 espadas de cóctel o 1 paja."
    tray.show([3, 5], caption)
    with pytest.MonkeyPatch.context() as patch, recording(patch) as drawn:
        tray.draw(probe_screen(size), lay.scale)
    return min(d.size for d in drawn if d.text and d.text in caption)


@pytest.mark.parametrize("size", _SIZES)
def test_the_dice_caption_is_never_smaller_grown(size):
    set_language("es")
    normal = _strip_caption_size(size, 100)
    assert [p for p in (125, 150, 200) if _strip_caption_size(size, p) < normal] == []
