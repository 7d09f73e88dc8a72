"""A reaction window on a shared screen: a countdown for the table, claimed by any human asked."""

import pygame

from pie_table.core.pacing import Pace, Pacer
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.reaction import ReactionWindow
from tests.core.toy_game import BLOCK, INFO


def _table(seats="human:mouse,human:mouse,human:mouse,bot:normal"):
    session = Session(GameSetup("toy", parse_seats(seats), {"reaction_seconds": 6}, None, 8), INFO)
    pacer = Pacer(session, Pace(reaction=(1.0, 1.0)), seed=1)
    claims: list[int] = []
    window = ReactionWindow(session, pacer, session.humans, claims.append, lambda s: f"Seat {s + 1}")
    card = next(c for c in session.state.hands[0] if c != BLOCK)
    assert session.submit(0, {"type": "play", "card": card}).ok
    return session, pacer, window, claims


def _key(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_every_human_asked_may_claim_whatever_their_hand():
    session, _pacer, window, claims = _table()
    session.state.hands[1] = ["1", "2", "3"]  # nothing that could answer...
    assert window.asked() == [1, 2]  # ...and asked all the same, so the prompt tells nothing
    assert window.handle_event(_key(pygame.K_3)) and claims == [2]
    assert not window.claim(1)  # one claimer at a time: only they get the screen
    assert not window.handle_event(_key(pygame.K_1))  # the player who played is not asked


def test_an_unclaimed_window_closes_as_a_pass_for_every_human_at_the_deadline():
    session, pacer, window, claims = _table()
    top = session.state.stack.top()
    pacer.update(2.0)  # the bot answers after its delay (sealed: nobody can tell what)
    assert window.asked() == [1, 2] and claims == []
    pacer.update(4.5)
    assert session.log[-1].action == {"type": "timeout"} and session.state.stack.top() is not top
    # That window is over (a Block may have opened a new one, for the player alone).
    assert window.decision() is None or window.decision().id != top.id


def test_the_countdown_and_buttons_are_drawn_and_clickable():
    pygame.display.init()
    session, pacer, window, claims = _table()
    surface = pygame.Surface((800, 200))
    window.draw(surface, surface.get_rect())
    assert [seat for _rect, seat in window.buttons] == [1, 2]
    rect = window.buttons[0][0]
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert claims == [1]
