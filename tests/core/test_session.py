"""The session with a small game of hidden hands and reaction windows: who acts, seats, privacy, undo."""

from pie_table.core.decisions import PASS
from pie_table.core.driver import TableDriver
from pie_table.core.history import events_for, visible_to
from pie_table.core.session import Session, bot_seed
from pie_table.core.setup import GameSetup, parse_seats
from tests.core.toy_game import BLOCK, INFO


def _session(seats="human:mouse,bot:normal,bot:normal", seed=3, **options) -> Session:
    return Session(GameSetup("toy", parse_seats(seats), options, None, seed), INFO)


def _hand(session, seat, cards):
    """Give `seat` exactly `cards`, taken from the deck or, failing that, from another hand."""
    state = session.state
    state.deck += state.hands[seat]
    state.hands[seat] = []
    for card in cards:
        if card not in state.deck:
            other = next(h for h in state.hands if card in h)
            other.remove(card)
            other.append(next(c for c in state.deck if c not in cards))
            state.deck.remove(other[-1])
            state.deck.append(card)
        state.deck.remove(card)
        state.hands[seat].append(card)


def test_the_seat_comes_from_the_caller_not_the_action():
    session = _session()
    _hand(session, 0, ["5", "6", BLOCK])
    refused = session.submit(1, {"type": "pass"})
    assert not refused.ok and refused.reason == "It is not your turn to act"
    spoofed = session.submit(1, {"type": "pass", "seat": 0})
    assert not spoofed.ok and spoofed.reason == "Not your seat"
    played = session.submit(0, {"type": "play", "card": "6"})
    assert played.ok and played.entry.action == {"type": "play", "card": "6", "seat": 0}


def test_only_the_table_submits_timeouts_and_a_seat_cannot():
    session = _session()
    assert session.submit(0, {"type": "timeout"}).reason == "Only the table may take that action"
    assert session.submit(None, {"type": "play", "card": "5"}).reason == "Only the table may take that action"
    assert session.submit(0, "play").reason == "Malformed action"


def test_a_window_is_offered_to_every_other_seat_whatever_they_hold():
    session = _session("human:mouse,bot:normal,bot:normal,bot:normal")
    _hand(session, 0, ["4", "5", "6"])
    _hand(session, 1, ["1", "2", "3"])  # no Block: still asked, so the prompt says nothing of the hand
    _hand(session, 2, [BLOCK, "1", "2"])
    session.submit(0, {"type": "play", "card": "6"})
    assert session.to_act() == [1, 2, 3]
    assert session.legal(1) == [{"type": "pass", "seat": 1}]


def test_sealed_answers_do_not_show_before_everyone_answered():
    session = _session("human:mouse,bot:normal,human:mouse")
    _hand(session, 0, ["6", "1", "2"])
    _hand(session, 1, [BLOCK, "1", "2"])
    session.submit(0, {"type": "play", "card": "6"})
    session.submit(1, {"type": "block"})  # a bot answers first...
    seen_by_2 = session.view(2)["decisions"][-1]
    assert seen_by_2["answers"] == {} and seen_by_2["asked"]  # ...and the human cannot tell
    assert session.view(0)["decisions"][-1]["answers"] == {}


def test_a_block_can_be_answered_and_the_turn_resumes_below():
    session = _session()
    _hand(session, 0, ["6", BLOCK, "1"])
    _hand(session, 1, [BLOCK, "2", "3"])
    session.submit(0, {"type": "play", "card": "6"})
    session.submit(1, {"type": "block"})
    session.submit(2, {"type": "pass"})
    assert session.to_act() == [0] and session.state.stack.top().kind == "counter_window"
    session.submit(0, {"type": "block"})
    assert session.state.scores[0] == 6
    assert session.state.stack.top().kind == "turn" and session.to_act() == [1]


def test_time_runs_out_only_through_a_logged_timeout():
    session = _session()
    _hand(session, 0, ["6", "1", "2"])
    session.submit(0, {"type": "play", "card": "6"})
    session.submit(1, {"type": "pass"})
    assert session.to_act() == [2]
    applied = session.submit(None, {"type": "timeout"})
    assert applied.ok and session.log[-1].action == {"type": "timeout"}
    assert session.state.scores[0] == 6 and session.to_act() == [1]
    assert session.submit(None, {"type": "timeout"}).reason == "This decision has no time limit"


def test_draws_are_addressed_to_the_drawer_only():
    session = _session()
    _hand(session, 0, ["6", "1", "2"])
    session.submit(0, {"type": "play", "card": "6"})
    session.submit(1, {"type": "pass"})
    events = session.submit(2, {"type": "pass"}).events
    drew = next(e for e in events if e["type"] == "drew")
    assert visible_to(drew, 0) and not visible_to(drew, 1) and not visible_to(drew, None)
    assert all(e["type"] != "drew" for e in events_for(events, 1))


def test_undo_takes_back_own_moves_until_something_is_revealed_or_someone_acts():
    session = _session("human:mouse,bot:normal", seed=5)
    _hand(session, 0, ["6", "1", "2"])
    before = session.hash()
    session.submit(0, {"type": "play", "card": "6"})
    assert session.can_undo(0)
    assert session.undo(0) and session.hash() == before and session.log == []
    session.submit(0, {"type": "play", "card": "6"})
    session.submit(1, {"type": "pass"})  # another seat acted (and the draw revealed a card): no undo
    assert not session.can_undo(0) and not session.undo(0)


def test_undo_stops_at_a_revealing_action_of_ones_own():
    session = _session("human:mouse,bot:normal", seed=5)
    _hand(session, 0, ["6", "1", "2"])
    session.submit(0, {"type": "pass"})  # the turn ends with a draw: a barrier
    assert session.log[-1].barrier and not session.can_undo(0)


def test_no_undo_with_two_humans():
    session = _session("human:mouse,human:mouse")
    session.submit(0, {"type": "play", "card": session.legal(0)[0]["card"]}) if session.legal(0)[0][
        "type"] == "play" else session.submit(0, {"type": "pass"})
    assert not session.undo_allowed and not session.can_undo(0)


def test_bots_are_seeded_the_same_way_everywhere():
    session = _session("bot:normal,bot:normal", seed=9)
    assert session.bots[1].rng.random() == __import__("random").Random(bot_seed(9, 1)).random()


def test_a_whole_bot_game_replays_exactly_and_a_bad_log_is_refused():
    session = _session("bot:normal,bot:normal,bot:normal", seed=11)
    played = _play_with_timeouts(session)
    assert session.is_over() and played > 10
    again = _session("bot:normal,bot:normal,bot:normal", seed=11)
    TableDriver(again).replay(session.log)
    assert again.hash() == session.hash()
    broken = [e.to_json() for e in session.log]
    broken.insert(3, [2, {"type": "block"}])
    fresh = _session("bot:normal,bot:normal,bot:normal", seed=11)
    try:
        TableDriver(fresh).replay(broken)
    except Exception as exc:  # noqa: BLE001 - the message is what we check
        assert "action 4 of the log cannot be applied" in str(exc)
    else:
        raise AssertionError("a log with an impossible action replayed")


def _play_with_timeouts(session) -> int:
    """Bots play; every third reaction window times out instead of being answered in full."""
    count = 0
    while not session.is_over():
        top = session.state.stack.top()
        if top.kind != "turn" and top.id % 3 == 0:
            assert session.submit(None, {"type": "timeout"}).ok
        else:
            seat = session.to_act()[0]
            assert session.submit(seat, session.bot_action(seat)).ok
        count += 1
    return count


def test_pass_is_always_legal_in_a_window():
    session = _session("bot:normal,bot:normal,bot:normal", seed=2)
    while not session.is_over():
        top = session.state.stack.top()
        for seat in session.to_act():
            if top.kind != "turn":
                assert {**PASS, "seat": seat} in session.legal(seat)
        seat = session.to_act()[0]
        session.submit(seat, session.bot_action(seat))


def _answer_every_seat(session) -> None:
    """Bots play, each seat of a window answering in turn (as a table with people would ask them)."""
    while not session.is_over():
        for seat in session.to_act():
            assert session.submit(seat, session.bot_action(seat)).ok


def test_an_all_bot_game_closes_a_window_nobody_answers_by_a_logged_timeout_and_plays_the_same():
    for seed in range(8):
        played = _session("bot:normal,bot:normal,bot:normal", seed=seed)
        TableDriver(played).play_out()
        asked = _session("bot:normal,bot:normal,bot:normal", seed=seed)
        _answer_every_seat(asked)
        state, same = played.state, asked.state
        assert (state.scores, state.discard, state.hands) == (same.scores, same.discard, same.hands)
        moves = [(e.seat, e.action) for e in played.log if e.seat is not None and e.action["type"] != "pass"]
        assert moves == [(e.seat, e.action) for e in asked.log if e.action["type"] != "pass"]
        timeouts = [e for e in played.log if e.seat is None]
        assert timeouts and all(e.action == {"type": "timeout"} for e in timeouts)
        # Every window some bot answered still shows each answer, passes included, in seat order.
        answers = [e for e in played.log if e.seat is not None and e.action["type"] in ("pass", "block")]
        assert any(e.action["type"] == "block" for e in answers)
        again = _session("bot:normal,bot:normal,bot:normal", seed=seed)
        TableDriver(again).replay(played.log)
        assert again.hash() == played.hash()


def test_an_all_bot_play_out_never_hands_a_bot_a_stale_shared_view():
    """A game whose views share one part (`shared_view`) gets it rebuilt after every action of an
    all-bot play-out, so no bot decides from the table as it stood moves ago."""
    import dataclasses

    from tests.core.toy_game import ToyBot, ToyRules

    class SharedToy(ToyRules):
        def shared_view(self, state):
            return {key: value for key, value in self.view(state, None).items() if key != "seat"}

    checked = []

    class CheckingBot(ToyBot):
        def act(self, view, legal):
            state = session.state
            assert (view["deck_count"], view["scores"]) == (len(state.deck), state.scores)
            checked.append(view["turn"])
            return super().act(view, legal)

    info = dataclasses.replace(
        INFO, rules=SharedToy(), bot_factory=lambda level, seat, seed: CheckingBot(seat, seed)
    )
    session = Session(GameSetup("toy", parse_seats("bot:normal,bot:normal,bot:normal"), {}, None, 3), info)
    TableDriver(session).play_out()
    assert session.is_over() and len(set(checked)) > 5
