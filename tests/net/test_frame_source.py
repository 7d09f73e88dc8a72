"""A real-time seat's presses and frames (`net.frame_source.Presses`), as its link's thread puts
them and its table takes them: a press is pending from the moment it is made until the table takes
the frame that answers it, applied or refused with the host's reason and the table's own tag; the
frames come each once, in the order they came, the first after a seat was taken back marked
fresh; what was sent before a drop is never answered."""

from __future__ import annotations

import threading
import time

from pie_table.core.messages import Msg
from pie_table.net.frame_source import Frame, Presses, refusals

DRAW = {"type": "draw", "seat": 0}
PLAY = {"type": "play", "seat": 0, "source": 0, "board": 9, "face": "x"}


def _update(tick: int, **parts: object) -> dict[str, object]:
    return {"type": "update", "tick": tick, **parts}


def test_a_press_is_pending_until_the_table_takes_the_frame_that_applied_it() -> None:
    presses = Presses()
    pressed = presses.press(DRAW, ("keys1", None))
    assert presses.pending() == [pressed] and pressed.seq is None  # shown before it is even sent
    presses.numbered(pressed, 4)
    assert presses.pending() == [pressed] and pressed.seq == 4
    presses.came(_update(10, acks=[4], events=[{"type": "drawn", "seat": 0}]), False)
    assert presses.pending() == [pressed]  # the frame came, but the table has not shown it yet
    (frame,) = presses.frames()
    assert frame == Frame(10, [{"type": "drawn", "seat": 0}], [pressed], [], False)
    assert frame.applied[0].tag == ("keys1", None) and presses.pending() == []


def test_a_refused_press_comes_back_with_the_hosts_reason_and_the_tables_tag() -> None:
    presses = Presses()
    pressed = presses.press(PLAY, ("mouse", 7))
    presses.numbered(pressed, 1)
    said = {"seq": 1, "action": PLAY, "msg": "No board {board}", "params": {"board": 9}}
    presses.came(_update(3, refused=[said]), False)
    (frame,) = presses.frames()
    (refused,) = frame.refused
    assert refused.action == PLAY and refused.tag == ("mouse", 7)
    assert refused.reason == Msg("No board {board}", board=9) and frame.applied == []
    assert presses.pending() == []


def test_a_refusal_of_no_press_of_this_table_has_no_tag() -> None:
    said = [{"seq": 9, "action": PLAY, "msg": "Too late", "params": {}}]
    assert refusals(said) == refusals(said, {}) and refusals(said)[0].tag is None
    assert str(refusals(said)[0].reason) == "Too late"


def test_frames_are_taken_each_once_in_the_order_they_came_the_first_after_a_rejoin_fresh() -> None:
    presses = Presses()
    presses.came(_update(1, view={"tick": 1}), True)  # the seat taken: the whole view
    presses.came(_update(2), False)
    assert [(f.tick, f.fresh) for f in presses.frames()] == [(1, True), (2, False)]
    assert presses.frames() == []
    presses.came(_update(3), False)
    presses.came(_update(7, events=[{"type": "said"}]), True)  # taken back: what was missed
    presses.came(_update(8), False)
    assert [(f.tick, f.fresh) for f in presses.frames()] == [(3, False), (7, True), (8, False)]


def test_an_answer_is_read_in_the_frame_that_gives_it_not_a_later_one() -> None:
    presses = Presses()
    first, second = presses.press(DRAW, "a"), presses.press(PLAY, "b")
    presses.numbered(first, 1)
    presses.numbered(second, 2)
    presses.came(_update(5, acks=[2]), False)
    presses.came(_update(6, acks=[1, 2]), False)  # 2 again: answered already, not applied twice
    applied = [[p.tag for p in frame.applied] for frame in presses.frames()]
    assert applied == [["b"], ["a"]]


def test_a_press_that_could_not_be_sent_is_no_longer_pending() -> None:
    presses = Presses()
    lost = presses.press(DRAW, "lost")
    presses.press(DRAW, "kept")
    presses.numbered(lost, None)  # the link was down as it went
    assert [p.tag for p in presses.pending()] == ["kept"]


def test_a_drop_forgets_what_was_sent_but_not_what_is_still_being_sent() -> None:
    presses = Presses()
    sent = presses.press(DRAW, "sent")
    presses.press(PLAY, "sending")
    presses.numbered(sent, 1)
    assert [p.tag for p in presses.pending()] == ["sent", "sending"]  # numbered first
    presses.dropped()
    assert [p.tag for p in presses.pending()] == ["sending"]
    presses.came(_update(4, acks=[1]), True)  # the host's answer to 1 on the next link: not ours now
    assert presses.frames()[0].applied == []


def test_presses_and_frames_from_two_threads_are_each_kept_once() -> None:
    presses = Presses()
    made = [presses.press(DRAW, n) for n in range(300)]

    def link() -> None:  # the link's thread numbers each press and acks it in a frame of its own
        for seq, pressed in enumerate(made, 1):
            presses.numbered(pressed, seq)
            presses.came(_update(seq, acks=[seq]), False)
    thread = threading.Thread(target=link)
    thread.start()
    taken: list[Frame] = []
    deadline = time.monotonic() + 10
    while (thread.is_alive() or len(taken) < len(made)) and time.monotonic() < deadline:
        taken.extend(presses.frames())
    thread.join()
    assert [f.tick for f in taken] == list(range(1, 301))
    assert [p.tag for f in taken for p in f.applied] == list(range(300)) and presses.pending() == []
