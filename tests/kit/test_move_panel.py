"""The move list: a label too long for its button is written out in full under the list when it
has the focus, and the list keeps its room for that as the focus moves."""

from __future__ import annotations

import pygame

from pie_table.kit.move_panel import MovePanel, MoveWords

LONG = "Take Prize-winning Blueberry Filling from the Leftovers to finish the pie"


def _panel(labels: list[str]) -> MovePanel:
    words = MoveWords(
        label=lambda view, action: action["text"],
        prompt=lambda view, seat: "Your move",
        detail=lambda view, action: "",
        touches=lambda action, kind, value: False,
        cards_of=lambda action: set(),
        pies_of=lambda action: set(),
    )
    legal = [{"type": "move", "text": text} for text in labels]
    return MovePanel(0, legal, {}, lambda action: True, words=words)


def _ink_rows(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Rows of pixels in `rect` holding dark ink (text)."""
    rows = 0
    for y in range(rect.top, rect.bottom):
        if any(sum(surface.get_at((x, y))[:3]) < 200 for x in range(rect.left, rect.right, 2)):
            rows += 1
    return rows


def test_only_labels_too_long_for_the_button_count_as_cut() -> None:
    from pie_table.kit.fonts import font

    panel = _panel(["Draw a card", LONG])
    assert panel._cut_labels(15, 280, font(14, "bold"), 292) == {1}
    assert panel._cut_labels(15, 2000, font(14, "bold"), 2012) == set()


def test_the_focused_cut_label_is_written_out_under_the_list() -> None:
    pygame.init()
    rect = pygame.Rect(0, 0, 320, 400)
    bottom = pygame.Rect(8, 330, 300, 60)  # where the detail lines go
    panel = _panel(["Draw a card", LONG])
    shown = {}
    for focus in (0, 1):
        surface = pygame.Surface(rect.size)
        surface.fill((250, 240, 220))
        panel.focus = focus
        panel.draw(surface, rect, 1.0, None, None, painted=True)
        shown[focus] = _ink_rows(surface, bottom)
        buttons = [r for r, _i in panel.buttons]
    assert shown[0] == 0 and shown[1] > 10  # nothing for a short label; the long one in full
    assert len(buttons) == 2
