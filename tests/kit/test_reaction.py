"""A reaction window on a shared screen: a countdown for the table, claimed by any human asked."""

import pygame

from pie_table.core.driver import TableDriver
from pie_table.core.pacing import Pace
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.reaction import ReactionWindow
from tests.core.toy_game import BLOCK, INFO


def _table(seats="human:mouse,human:mouse,human:mouse,bot:normal"):
    session = Session(GameSetup("toy", parse_seats(seats), {"reaction_seconds": 6}, None, 8), INFO)
    pacer = TableDriver(session, pace=Pace(reaction=(1.0, 1.0)), pace_seed=1)
    claims: list[int] = []
    window = ReactionWindow(pacer, session.humans, claims.append, lambda s: f"Seat {s + 1}")
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
    assert window.decision() is None or window.decision()["id"] != top.id


def test_the_countdown_and_buttons_are_drawn_and_clickable():
    pygame.display.init()
    session, pacer, window, claims = _table()
    surface = pygame.Surface((800, 200))
    window.draw(surface, surface.get_rect())
    assert [seat for _rect, seat in window.buttons] == [1, 2]
    rect = window.buttons[0][0]
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    assert claims == [1]


def _lost_table(seats="human:mouse,human:mouse,human:mouse,bot:normal"):
    session, pacer, window, claims = _table(seats)
    lost: list[tuple[int, str]] = []
    window.answer = lambda decision: "Block"
    window.on_lost = lambda seat, text: lost.append((seat, text))
    return session, pacer, window, claims, lost


def test_a_claim_gives_the_claimer_the_whole_countdown_again():
    _session, pacer, window, _claims = _table()
    pacer.update(5.0)
    assert pacer.remaining() == 1.0
    assert window.claim(2)
    assert pacer.remaining() == 6.0  # the clock restarts for the claimer; nobody else may claim
    assert not window.claim(1)


def test_a_claim_that_runs_out_of_time_says_what_was_lost_and_swallows_the_next_keys():
    session, pacer, window, _claims, lost = _lost_table()
    window.update(0.0)
    assert window.claim(2)
    pacer.update(2.0)  # the bot answers; the claimer is still choosing
    pacer.update(4.5)
    assert session.log[-1].action == {"type": "timeout"}
    window.update(0.0)
    assert lost == [(2, "Time ran out: no Block")]
    assert window.swallows(_key(pygame.K_RETURN))  # meant for the window: it goes nowhere
    assert window.swallows(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    window.update(0.5)
    assert window.swallows(_key(pygame.K_2))  # the claimer was choosing: a longer quiet than 0.5 s
    window.update(0.5)
    assert window.swallows(_key(pygame.K_RETURN))
    window.update(0.25)
    assert not window.swallows(_key(pygame.K_RETURN))


def test_an_unclaimed_window_closing_on_time_blames_nobody_but_still_swallows_late_keys():
    session, pacer, window, _claims, lost = _lost_table()
    window.update(0.0)
    pacer.update(2.0)
    pacer.update(4.5)
    assert session.log[-1].action == {"type": "timeout"}
    assert window.swallows(_key(pygame.K_2))  # a React! a moment too late claims nothing
    assert lost == [] and window.claimed is None
    window.update(0.55)
    assert not window.swallows(_key(pygame.K_2))  # half a second later keys work again


def test_a_claimer_who_answers_in_time_is_not_told_time_ran_out():
    session, pacer, window, _claims, lost = _lost_table()
    window.update(0.0)
    assert window.claim(1)
    assert session.submit(1, {"type": "pass"}).ok
    pacer.update(2.0)
    pacer.update(6.5)
    window.update(0.0)
    assert lost == []


def test_a_lone_human_asked_in_a_window_is_told_when_time_ran_out():
    _session, pacer, window, _claims, lost = _lost_table("bot:normal,human:mouse,bot:normal")
    window.update(0.0)
    assert window.asked() == [1]
    pacer.update(2.5)
    pacer.update(4.0)
    window.update(0.0)
    assert lost == [(1, "Time ran out: no Block")]


def test_the_countdown_says_what_may_be_answered_and_every_key_stays_visible():
    from pie_table.kit import fonts, reaction
    from pie_table.kit.i18n import set_language

    pygame.display.init()
    _session, _pacer, window, _claims, _lost = _lost_table()
    window.name = lambda seat: f"Capitana Barbanegra la Terrible del Mar {seat + 1}"
    shown: list[str] = []
    real = reaction.fit_text

    def spy(text, size, width, color, face="sans"):
        shown.append(fonts.fit(text, size, width, face)[0])
        return real(text, size, width, color, face)

    set_language("es")
    try:
        reaction.fit_text = spy
        window.draw(pygame.Surface((700, 200)), pygame.Rect(0, 0, 700, 200))
    finally:
        reaction.fit_text = real
        set_language("en")
    assert shown[0].startswith("6 s · cualquiera puede jugar")  # the seconds are never the part cut
    for seat in (1, 2):
        assert str(seat + 1) in shown, shown  # the key, never cut off with the name


def test_at_200_percent_a_long_answer_wraps_the_countdown_rather_than_shrink_or_cut_it(monkeypatch):
    """A Spanish card's name in a moves column 505 px wide at scale 2 (the 200% Cheflebrity table)."""
    from pie_table.kit.i18n import set_language
    from tests.kit.cut_log import logging_cuts
    from tests.kit.text_probe import probe_screen, recording

    pygame.display.init()
    _session, _pacer, window, _claims, _lost = _lost_table()
    window.answer = lambda decision: "Golpe de genialidad"
    set_language("es")
    try:
        with logging_cuts(monkeypatch) as cuts, recording(monkeypatch) as drawn:
            window.draw(probe_screen((540, 400)), pygame.Rect(0, 0, 537, 300), 2.0)
    finally:
        set_language("en")
    assert cuts == []
    from pie_table.kit import palette as pal

    title = [d for d in drawn if tuple(d.ink) == pal.CREAM]  # the countdown's ink; the buttons' is INK
    assert " ".join(d.text for d in title).endswith("Golpe de genialidad"), title
    assert min(d.size for d in title) >= 36, [(d.text, d.size) for d in title]
