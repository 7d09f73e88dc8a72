"""Hints and the pondering they share with bots: a job answers at its own position only; a game
without an expert hints with its hard bot, and the expert hints alike whatever is hidden."""

from __future__ import annotations

import random
import threading

from pie_table.core.hints import Hints, expert_hint, hard_hint
from pie_table.core.pondering import Pondering, SeatCopy
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.pie_rats.expert import make_bot
from pie_table.games.pie_rats.rules import RULES


def test_a_job_answers_at_the_position_it_was_asked_at_and_a_later_position_asks_afresh() -> None:
    pondering, gate, works = Pondering(), threading.Event(), []

    def begin(answer: str):
        works.append(answer)
        return lambda: (gate.wait(), {"type": answer})[1]

    assert pondering.consult(0, "a", lambda: begin("a")) is None
    assert pondering.thinking(0) and pondering.consult(0, "b", lambda: begin("b")) is None
    assert works == ["a"]  # a seat is never worked out twice at once
    gate.set()
    assert pondering.wait(0)
    assert pondering.consult(0, "b", lambda: begin("b")) is None  # "a" is done but stale: asked afresh
    assert pondering.wait(0) and pondering.consult(0, "b", lambda: begin("b")) == {"type": "b"}
    assert works == ["a", "b"]


def test_a_game_without_an_expert_hints_with_its_hard_bot_at_once() -> None:
    from pie_table.core.session import Session

    session = Session(GameSetup("pie-rats", parse_seats("human,bot:normal,bot:normal"), {}, None, 3))
    seat = next(s for s in range(3) if session.legal(s))
    view, told, legal = session.view(seat), session.history(seat), session.legal(seat)
    hints = Hints(make_bot, ("easy", "normal", "hard"))
    assert not hints.has_expert and Hints(make_bot, ("hard", "expert")).has_expert
    assert hints.hard(view, told, legal, seat) == hard_hint(make_bot, view, told, legal, seat)
    # The expert's hint is the same from the same copy, and from one dealt differently out of sight.
    copy = SeatCopy.of(session, seat)
    other = SeatCopy(RULES, RULES.shuffle_hidden(session.state, seat, random.Random(1)), seat, copy.history)
    assert expert_hint(make_bot, copy) == expert_hint(make_bot, copy) == expert_hint(make_bot, other)
