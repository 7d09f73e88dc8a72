"""The shared view reuses the table's parts between ticks in which nothing moved: it must always
equal a view built afresh, and a hand-laid table (the tutorial's) must show at once."""

from pie_table.core.driver import RealtimeDriver
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.view import public_view


def _session(seats: str, seed: int) -> Session:
    return Session(GameSetup("rumble-pie", parse_seats(seats), {}, None, seed=seed))


def test_the_cached_view_equals_a_fresh_one_on_every_tick_of_a_bot_game():
    session = _session("bot:easy,bot:normal,bot:hard,bot:normal", 3)
    reused = ticks = 0
    previous = None
    driver = RealtimeDriver(session)
    while not session.is_over() and ticks < 6000:
        start = session.rules.waiting_action(session.state)
        if start is not None:
            session.submit(None, start)
            continue
        driver.step()
        ticks += 1
        view = session.view(1)
        assert view == {**public_view(session.state), "seat": 1}, ticks
        reused += previous is not None and view["players"] is previous["players"]
        previous = view
    assert ticks > 1000 and reused > ticks // 4  # the point of the cache: most ticks move nothing


def test_a_table_changed_by_hand_shows_after_forget_views():
    session = _session("bot:normal,bot:normal", 5)
    session.submit(None, {"type": "start"})
    before = session.view(0)
    player = session.state.players[0]
    player.columns[0].append(player.deck.pop())
    session.forget_views()
    after = session.view(0)
    assert after["players"][0]["column_ids"][0] != before["players"][0]["column_ids"][0]
    assert after == {**public_view(session.state), "seat": 0}
