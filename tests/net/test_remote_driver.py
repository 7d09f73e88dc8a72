"""A table hosted in this process (`HostedTable`, its server on a background thread) and remote
seats played through `RemoteDriver`, the driver a table scene calls, over real sockets on
127.0.0.1: a whole game to its end, the host's refusal reason, a drop shown as away and taken back
with the token, and a host that quits telling its remote players."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.engine import copy_json
from pie_table.core.registry import get_game
from pie_table.core.session import Session, bot_seed
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.net.client import bot_decider
from pie_table.net.host import hosted_session
from pie_table.net.hosting import HostedTable
from pie_table.net.link_source import join_seat
from pie_table.net.over_network import local_hash
from pie_table.net.remote_driver import RemoteDriver
from tests.net.netplay import four_bots, replayed


def _bot(game: str, setup: Any, seat: int) -> Any:
    info = get_game(game)
    assert info.bot_factory is not None
    return info.bot_factory("normal", seat, bot_seed(setup.seed, seat))


def _decider(game: str, setup: Any, driver: RemoteDriver, bot: Any = None) -> Callable[..., Any]:
    """The game's normal bot (or `bot`) playing `driver`'s seat, told what that seat was told."""
    bot = _bot(game, setup, driver.seat) if bot is None else bot
    return bot_decider(bot, driver.history(driver.seat))


def _step(driver: RemoteDriver, decide: Callable[..., Any]) -> bool:
    """One frame of a remote table: take in what came, answer when asked; True if it acted."""
    driver.update(0.01)
    legal = driver.legal(driver.seat)
    if not legal or driver.is_over():
        return False
    applied = driver.submit(driver.seat, decide(dict(driver.view(driver.seat)), list(legal)))
    assert applied.ok, applied.reason
    return True


def _until(done: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.005)


def test_a_remote_seat_plays_a_whole_pie_rats_game_through_its_driver() -> None:
    game = "pie-rats"
    setup = four_bots(game)
    hosted = HostedTable(setup, {1})
    heard: list[Any] = []
    try:
        driver = join_seat(hosted.address, "1", code=hosted.code, seat=1, name="Ann")
        driver.listen(1, lambda _entry, events: heard.extend(events))
        assert hosted.joined() == {1: ("Ann", True)}
        # An action the game refuses comes back with the host's reason and changes nothing.
        _until(lambda: bool(driver.legal(1)))
        refused = driver.submit(1, {"type": "no-such-move"})
        assert not refused.ok and refused.reason
        decide = _decider(game, setup, driver)
        end = time.monotonic() + 60
        while not driver.is_over():
            assert time.monotonic() < end
            if not _step(driver, decide):
                time.sleep(0.002)
        driver.update(0.0)
        _until(hosted.host.finished.is_set)
        views, events = replayed(setup, hosted.host, 1)
        assert copy_json(heard) == events
        assert copy_json(dict(driver.view(1))) == views[-1]
        assert driver.view(0) == {}  # another seat's view never reaches this machine
        assert hosted.host.session.hash() == local_hash(setup, get_game(game))
        driver.close()
    finally:
        hosted.quit()


def test_a_dropped_seat_is_away_and_its_token_takes_it_back() -> None:
    game = "cheflebrity"
    setup = four_bots(game)
    hosted = HostedTable(setup, {1, 2})
    try:
        first = join_seat(hosted.address, "1", code=hosted.code, seat=1, name="Ann")
        other = join_seat(hosted.address, "1", code=hosted.code, seat=2, name="Bea")
        bot1 = _bot(game, setup, 1)
        decide1, decide2 = _decider(game, setup, first, bot1), _decider(game, setup, other)
        moves = 0
        end = time.monotonic() + 30
        while moves < 3:
            assert time.monotonic() < end
            moves += _step(first, decide1)
            _step(other, decide2)
        token = first.source.token
        first.close()
        _until(lambda: 1 in other.away)
        assert hosted.joined()[1] == ("Ann", False)
        again = join_seat(hosted.address, "1", token=token)
        assert again.seat == 1
        decide1 = _decider(game, setup, again, bot1)  # the same bot goes on, told what `again` was
        _until(lambda: 1 not in other.away)
        end = time.monotonic() + 60
        while not (again.is_over() and other.is_over()):
            assert time.monotonic() < end
            if not (_step(again, decide1) | _step(other, decide2)):
                time.sleep(0.002)
        views, _events = replayed(setup, hosted.host, 1)
        assert copy_json(dict(again.view(1))) == views[-1]
        assert hosted.host.session.hash() == local_hash(setup, get_game(game))
        again.close()
        other.close()
    finally:
        hosted.quit()


def test_a_host_that_quits_tells_its_remote_players() -> None:
    setup = four_bots("pie-rats")
    hosted = HostedTable(setup, {1})
    driver = join_seat(hosted.address, "1", code=hosted.code, seat=1, name="Ann")
    assert not driver.source.host_quit
    hosted.quit()
    _until(lambda: driver.source.host_quit)
    assert driver.lost == "host quit"
    driver.close()


def test_a_window_hosting_on_its_own_driver_plays_a_remote_seat_to_the_end() -> None:
    """The host's table runs on a real TableDriver (bots paced by its `update`, the clock closing
    windows); the remote seat is a person to it, neither a bot nor a human at the host's screen."""
    game = "pie-rats"
    setup = GameSetup(game, parse_seats("bot:normal,human:mouse,bot:normal,bot:normal"), seed=7)
    session = hosted_session(Session(setup, get_game(game)), {1})
    assert session.humans == [] and 1 not in session.bots and not session.gate.shared
    driver = TableDriver(session, pace=None)
    hosted = HostedTable(setup, {1}, driver=driver)
    try:
        # Two machines in one test: the remote player on its own thread (its `submit` waits for the
        # host), the host's table on this one, taking in the network between its frames.
        def remote_player() -> tuple[RemoteDriver, int]:
            remote = join_seat(hosted.address, "1", code=hosted.code, seat=1, name="Ann")
            decide = _decider(game, setup, remote)
            acted = 0
            while not remote.is_over():
                if not _step(remote, decide):
                    time.sleep(0.002)
            return remote, acted

        end = time.monotonic() + 90
        with ThreadPoolExecutor(1) as pool:
            playing = pool.submit(remote_player)
            last = time.monotonic()
            while not playing.done():
                now = time.monotonic()
                assert now < end
                hosted.pump()
                driver.update(now - last)  # the host's clock is real time: it decides countdowns
                last = now
                time.sleep(0.001)
            remote, _acted = playing.result()
        assert driver.is_over() and hosted.joined() == {1: ("Ann", True)}
        assert sum(entry.seat == 1 for entry in session.log) > 10
        views, _events = replayed(setup, hosted.host, 1)
        assert copy_json(dict(remote.view(1))) == views[-1]
        remote.close()
    finally:
        hosted.quit()


def test_a_move_sent_as_the_connection_drops_is_refused_with_why_and_the_seat_may_move_again() -> None:
    """The socket goes as the table sends a move (a server killed that moment): the table hears a
    refusal that says so, never an exception on its thread, and moves again once asked again."""
    from websockets.exceptions import ConnectionClosed

    from pie_table.net import protocol as p

    game = "pie-rats"
    setup = four_bots(game)
    hosted = HostedTable(setup, {1})
    driver = join_seat(hosted.address, "1", code=hosted.code, seat=1, name="Ann")
    try:
        decide = _decider(game, setup, driver)
        _until(lambda: (driver.update(0.01), bool(driver.legal(1)))[1], 30)
        link_call = driver.source.link.call

        def dropped(coro: Any, timeout: float = 0) -> Any:
            coro.close()
            raise ConnectionClosed(None, None)
        driver.source.link.call = dropped  # type: ignore[method-assign]
        move = decide(dict(driver.view(1)), list(driver.legal(1)))
        refused = driver.submit(1, move)
        assert not refused.ok and refused.message == p.MOVE_NOT_SENT
        driver.source.link.call = link_call  # type: ignore[method-assign]
        assert driver.submit(1, move).ok
    finally:
        driver.close()
        hosted.quit()
