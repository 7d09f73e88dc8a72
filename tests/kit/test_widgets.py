"""Widgets and the Menu focus group on plain surfaces."""

import pygame

from pie_table.kit.menu import Menu
from pie_table.kit.rows import Cycler, TextInput, Toggle
from pie_table.kit.text import ui_scale, wrap_text
from pie_table.kit.widgets import Button, Label

pygame.init()


def down_up(menu, pos):
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    return menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def stack(*widgets):
    for i, w in enumerate(widgets):
        w.place(pygame.Rect(10, 10 + i * 60, 300, 50), 1.0)
    return widgets


def test_focus_skips_disabled_and_labels_and_wraps():
    hits = []
    a = Button("A", lambda: hits.append("a"))
    b = Button("B", lambda: hits.append("b"), enabled=False)
    c = Button("C", lambda: hits.append("c"))
    menu = Menu(stack(a, Label("x"), b, c))
    assert menu.focused is a
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN), "down")
    assert menu.focused is c
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN), "down")
    assert menu.focused is a
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN), "accept")
    assert hits == ["a"]


def test_click_needs_press_and_release_on_same_widget():
    hits = []
    a, b = stack(Button("A", lambda: hits.append("a")), Button("B", lambda: hits.append("b")))
    menu = Menu([a, b])
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a.rect.center, button=1))
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
    assert hits == []
    assert down_up(menu, b.rect.center)
    assert hits == ["b"]


def test_a_resting_pointer_does_not_take_the_keyboard_focus_but_a_moving_one_does():
    hits = []
    a, b = stack(Button("A", lambda: hits.append("a")), Button("B", lambda: hits.append("b")))
    menu = Menu([a, b])

    def motion(pos):
        menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    motion(b.rect.center)  # the window opened under a pointer lying on B
    motion(b.rect.center)
    assert menu.focused is a and not b.hover
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN), "accept")
    assert hits == ["a"]  # Enter does what the first button says
    motion((b.rect.centerx + 5, b.rect.centery))  # now the mouse moves
    assert menu.focused is b and b.hover


def test_disabled_button_ignores_click():
    hits = []
    (a,) = stack(Button("A", lambda: hits.append("a"), enabled=lambda: False))
    assert not down_up(Menu([a]), a.rect.center)
    assert hits == []


def test_cycler_halves_and_refusals():
    changes = []
    cyc = Cycler("Pick", ["a", "b", "c"], 0, changes.append, accept=lambda v: v != "b")
    menu = Menu(stack(cyc))
    down_up(menu, (cyc.rect.right - 5, cyc.rect.centery))
    assert cyc.value == "c"  # "b" was refused and skipped
    down_up(menu, (cyc.control_rect().x + 5, cyc.rect.centery))
    assert cyc.value == "a" and changes == ["c", "a"]


def test_toggle_and_left_right():
    seen = []
    tog = Toggle("Fast", False, seen.append)
    menu = Menu(stack(tog))
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT), "right")
    assert tog.value is True and seen == [True]


def test_text_input_takes_typing_but_not_navigation():
    field = TextInput("Name", "pi", max_len=4)
    other = Button("Go", lambda: None)
    menu = Menu(stack(field, other))
    menu.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="eee"))
    assert field.text == "piee"
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert field.text == "pie"
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0), "down")
    assert menu.focused is other


def test_escape_calls_back():
    backs = []
    menu = Menu(stack(Button("A", lambda: None)), on_back=lambda: backs.append(1))
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE), "back")
    assert backs == [1]


def _image(widget):
    surf = pygame.Surface((400, 100))
    surf.fill((0, 0, 0))
    widget.draw(surf)
    return pygame.image.tobytes(surf, "RGB")


def test_widgets_draw_what_they_show_and_their_focus():
    """Each widget's picture changes with the text or value it shows, and with its focus."""
    pairs = [
        (Button("Play", lambda: None), lambda w: setattr(w, "text", "Quit")),
        (Cycler("C", [1, 2]), lambda w: w.nudge(1)),
        (Toggle("T"), lambda w: w.activate()),
        (TextInput("N", "x"), lambda w: setattr(w, "text", "pie")),
    ]
    for widget, change in pairs:
        widget.place(pygame.Rect(10, 10, 300, 50), 1.0)
        before = _image(widget)
        change(widget)
        assert _image(widget) != before, type(widget).__name__
        shown = _image(widget)
        widget.focused = True
        assert _image(widget) != shown, type(widget).__name__


def test_scale_and_wrap():
    assert ui_scale((1280, 720)) == 1.0
    assert ui_scale((2560, 1440)) == 2.0
    assert ui_scale((100, 100)) == 0.5
    fnt = pygame.font.Font(None, 20)
    lines = wrap_text("one two three four five six seven", fnt, 60)
    assert len(lines) > 1 and all(fnt.size(line)[0] <= 60 or " " not in line for line in lines)


def _key(menu, key, action=None):
    event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    return menu.handle_event(event, action)


def test_left_and_right_move_the_focus_among_buttons_side_by_side():
    hits = []
    one, two, three = (Button(n, lambda n=n: hits.append(n)) for n in ("1 flower", "6 swords", "3 dishes"))
    below = Button("below", lambda: None)
    for i, button in enumerate((one, two, three)):
        button.place(pygame.Rect(10 + i * 160, 10, 150, 40), 1.0)
    below.place(pygame.Rect(10, 60, 150, 40), 1.0)
    menu = Menu([one, two, three, below])
    assert _key(menu, pygame.K_RIGHT, "right") and menu.focused is two
    _key(menu, pygame.K_RETURN, "accept")
    assert hits == ["6 swords"]
    assert _key(menu, pygame.K_RIGHT, "right") and menu.focused is three
    assert not _key(menu, pygame.K_RIGHT, "right") and menu.focused is three  # nothing further right
    assert _key(menu, pygame.K_LEFT, "left") and menu.focused is two
    menu.set_focus(below)
    assert not _key(menu, pygame.K_RIGHT, "right") and menu.focused is below  # alone on its row
    cycler = Cycler("Bots", ["easy", "hard"], 0, lambda _v: None)
    cycler.place(pygame.Rect(10, 110, 300, 40), 1.0)
    rows = Menu([cycler, Button("beside", lambda: None)])
    rows.items[1].place(pygame.Rect(320, 110, 100, 40), 1.0)
    assert _key(rows, pygame.K_RIGHT, "right") and rows.focused is cycler and cycler.index == 1  # a value row


def test_home_and_end_focus_the_first_and_last_button():
    a, b, c = Button("A", lambda: None), Button("B", lambda: None), Button("C", lambda: None, enabled=False)
    menu = Menu(stack(a, b, c, Label("x")))
    assert _key(menu, pygame.K_END) and menu.focused is b  # the last one that takes the focus
    assert _key(menu, pygame.K_HOME) and menu.focused is a
