"""The move list: a label too long for its button's line wraps onto more lines of a taller
button; one too long even for those is written out in full under the list when it has the focus,
and the list keeps its room for that as the focus moves."""

from __future__ import annotations

import pygame

from pie_table.kit.move_panel import MovePanel, MoveWords

LONG = "Take Prize-winning Blueberry Filling from the Leftovers to finish the pie"
LONGEST = " and then ".join([LONG] * 3)  # more than three lines of a 280 px button


def _words() -> MoveWords:
    """A move says its own "text"."""
    return MoveWords(
        label=lambda view, action: action["text"],
        prompt=lambda view, seat: "Your move",
        detail=lambda view, action: "",
        touches=lambda action, kind, value: False,
        cards_of=lambda action: set(),
        pies_of=lambda action: set(),
    )


def _panel(labels: list[str]) -> MovePanel:
    legal = [{"type": "move", "text": text} for text in labels]
    return MovePanel(0, legal, {}, lambda action: True, words=_words())


def _ink_rows(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Rows of pixels in `rect` holding dark ink (text)."""
    rows = 0
    for y in range(rect.top, rect.bottom):
        if any(sum(surface.get_at((x, y))[:3]) < 200 for x in range(rect.left, rect.right, 2)):
            rows += 1
    return rows


def test_only_labels_too_long_for_three_lines_of_the_button_count_as_cut() -> None:
    from pie_table.kit.fonts import font

    panel = _panel(["Draw a card", LONG, LONGEST])
    assert panel._cut_labels(15, 280, font(14, "bold"), 292) == {2}
    assert panel._lines[0] == ["Draw a card"]
    assert len(panel._lines[1]) == 3 and " ".join(panel._lines[1]) == LONG  # wrapped, whole
    assert panel._cut_labels(15, 2000, font(14, "bold"), 2012) == set()


def test_a_label_too_long_for_one_line_is_written_whole_on_a_taller_button() -> None:
    from pie_table.kit import move_panel

    pygame.init()
    panel = _panel(["Draw a card", LONG])
    written: list[str] = []
    original = move_panel.fit_text

    def recording(text, *args):  # type: ignore[no-untyped-def]
        written.append(text)
        return original(text, *args)

    move_panel.fit_text = recording  # type: ignore[assignment]
    try:
        panel.draw(pygame.Surface((320, 400)), pygame.Rect(0, 0, 320, 400), 1.0, None, None, painted=True)
    finally:
        move_panel.fit_text = original  # type: ignore[assignment]
    (short, _i), (tall, _j) = panel.buttons
    assert tall.h > short.h and tall.top >= short.bottom
    assert " ".join(panel._lines[1]) == LONG and panel._lines[1][0] in written


def test_the_focused_cut_label_is_written_out_under_the_list() -> None:
    pygame.init()
    rect = pygame.Rect(0, 0, 320, 400)
    bottom = pygame.Rect(8, 330, 300, 60)  # where the detail lines go
    panel = _panel(["Draw a card", LONGEST])
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


def test_two_moves_that_read_the_same_are_listed_once_and_a_hint_for_either_focuses_it() -> None:
    """Two copies of a card in the hand: "Start a new pie with Graham Cracker Crust" had been
    listed twice (and so "Discard Lattice Top, then draw again"), pushing other moves out of view."""
    submitted: list[dict] = []
    legal = [{"type": "play", "card": 3, "text": "Start a pie"},
             {"type": "play", "card": 9, "text": "Start a pie"},
             {"type": "discard", "card": 4, "text": "Discard"},
             {"type": "pass", "text": "Pass"}]
    panel = MovePanel(0, legal, {}, lambda action: submitted.append(action) or True, words=_words())
    assert [panel.items[i][1] for i in panel.shown()] == ["Start a pie", "Discard", "Pass"]
    panel.handle_key(pygame.K_RETURN)
    assert submitted == [legal[0]]
    assert panel.focus_on(legal[2]) and panel.focus == 1
    assert panel.focus_on(legal[1]) and panel.focus == 0  # a hint for the copy lists it in the move's place
    assert [panel.items[i][1] for i in panel.shown()] == ["Start a pie", "Discard", "Pass"]
    panel.handle_key(pygame.K_RETURN)
    assert submitted == [legal[0], legal[1]]  # Enter plays exactly the hinted copy
    assert len(panel.items) == 4  # every legal action is still there for a drag of either copy
