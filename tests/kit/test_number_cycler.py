"""The amount picker is quick for large amounts: digits, page keys, shift+arrows, the wheel."""

import pygame

from pie_table.kit.menu import Menu
from pie_table.kit.rows import NumberCycler


def _key(key, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def _cycler():
    changes = []
    cycler = NumberCycler("How many", [*range(1, 1000), "all"], on_change=changes.append)
    return cycler, changes


def test_typed_digits_make_a_number_and_a_pause_starts_a_new_one():
    cycler, changes = _cycler()
    assert cycler.type_digit("5", 1000) and cycler.type_digit("4", 1300)
    assert cycler.value == 54 and changes[-1] == 54
    cycler.type_digit("7", 5000)  # long after: a new number
    assert cycler.value == 7
    for digit in "12345":
        cycler.type_digit(digit, 6000)
    assert cycler.value == 999  # the largest allowed, not a refusal


def test_page_keys_and_shift_arrows_step_by_ten_without_wrapping():
    cycler, _ = _cycler()
    menu = Menu([cycler])
    assert menu.handle_event(_key(pygame.K_PAGEUP)) and cycler.value == 11
    assert menu.handle_event(_key(pygame.K_RIGHT, pygame.KMOD_SHIFT)) and cycler.value == 21
    menu.handle_event(_key(pygame.K_PAGEDOWN))
    menu.handle_event(_key(pygame.K_PAGEDOWN))
    menu.handle_event(_key(pygame.K_PAGEDOWN))
    assert cycler.value == 1  # stops at the end
    menu.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_5, mod=0, unicode="5", scancode=0))
    assert cycler.value == 5


def test_the_mouse_wheel_steps_by_one_and_plain_arrows_still_reach_the_words():
    pygame.display.init()  # the wheel reads the Shift key's state
    cycler, _ = _cycler()
    cycler.hover = True
    menu = Menu([cycler])
    menu.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert cycler.value == 4
    cycler.set_value(999)
    assert cycler.nudge(1) and cycler.value == "all"
