"""Watching a table: a watcher sits in no seat, is sent the public table only (never a hand or a
sealed answer: every view it is sent is one a seat-less view of the game showed, every event one
the whole table heard), a while behind the game when its host says so, and is let go when the host
stops watching."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.net import protocol as p
from pie_table.net.client import RemoteSeat, bot_decider, play
from pie_table.net.host import headless_host
from pie_table.net.patch import apply_patch
from pie_table.net.repeats import Expander
from pie_table.net.spectators import MAX_WATCHERS
from tests.net.netplay import TURN_BASED, four_bots, replayed, seated, served


def _key(view: Any) -> str:
    return json.dumps(copy_json(view), sort_keys=True)


def _views_from(capture: list[str]) -> list[dict[str, Any]]:
    """Every view a watcher's raw stream holds, rebuilt from its updates as they came."""
    views, view, client = [], {}, Expander()
    for raw in capture:
        message = p.decode_host(raw, client)
        if message["type"] != "update":
            continue
        view = message["view"] if "view" in message else apply_patch(view, message["patch"])
        views.append(copy_json(view))
    return views


@pytest.mark.parametrize("game", TURN_BASED)
def test_a_watcher_is_sent_only_what_a_seatless_view_shows_and_the_tables_own_events(game: str) -> None:
    setup = four_bots(game, seed=11)
    info = get_game(game)
    assert info.bot_factory is not None

    async def run() -> None:
        async with served(setup, {1}) as (host, url):
            watcher = RemoteSeat(url, capture=True)
            await watcher.open()
            said = await watcher.watch(host.id)
            assert said["game"] == game and said["seats"] == 4 and watcher.seat == -1
            player = await seated(url, host, 1)
            bot = info.bot_factory("normal", 1, bot_seed(setup.seed, 1))
            await play(player, bot_decider(bot, player.history))
            while not watcher.over:
                await watcher.receive()
            await watcher.close()
            public_views, public_events = replayed(setup, host, None)
            seen = {_key(view) for view in public_views}
            captured = _views_from(watcher.capture or [])
            assert captured and all(_key(view) in seen for view in captured)
            assert _key(captured[-1]) == _key(public_views[-1])  # the end, with no delay
            assert copy_json(watcher.events) == public_events
            assert not any("to" in event for event in copy_json(watcher.events))
            # The watcher sat in no seat: the game is the one the same seed plays alone.
            assert all(entry.seat != -1 for entry in host.session.log)
    asyncio.run(run())


class _Link:
    peer = "test"
    strikes = 0
    delay_ms = None

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.dropped = ""

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def drop(self, reason: str) -> None:
        self.dropped = reason

    def hold(self, until: asyncio.Future[Any]) -> None:
        raise AssertionError("held: no table here is kept in a store")


def test_a_watcher_sees_the_table_as_it_was_the_hosts_delay_ago() -> None:
    host = headless_host(four_bots("pie-rats"), set(), watch_delay_s=10.0)
    spectators, driver = host.spectators, host.driver
    link = _Link()
    spectators.add(link, now=100.0)
    assert link.sent == []  # nothing is 10 s old yet
    first = _key(driver.view(None))
    spectators.beat(now=105.0)
    assert link.sent == []
    driver.play_out(limit=6)  # the game moves on at 105 s
    spectators.beat(now=105.0)
    spectators.beat(now=110.0)  # the table as it was at 100 s
    assert [_key(m["view"]) for m in link.sent] == [first]
    spectators.beat(now=115.0)  # ...and at 105 s: its moves, as a patch
    assert len(link.sent) == 2 and "patch" in link.sent[1]
    assert _key(apply_patch(link.sent[0]["view"], link.sent[1]["patch"])) == _key(driver.view(None))


def test_the_host_can_stop_watching_and_a_full_table_refuses_more_watchers() -> None:
    host = headless_host(four_bots("rats"), {1})
    links = [_Link() for _ in range(MAX_WATCHERS)]
    for link in links:
        host.watch(link)
    assert host.summary()["watchers"] == MAX_WATCHERS
    with pytest.raises(p.Refusal) as full:
        host.watch(_Link())
    assert full.value.message.msgid == p.TOO_MANY_WATCHERS
    host.left(links[0])
    assert host.summary()["watchers"] == MAX_WATCHERS - 1
    host.stop_watching()
    assert all(link.dropped and link.sent[-1]["msg"] == p.NOT_WATCHABLE for link in links[1:])
    assert "watchers" not in host.summary()
    with pytest.raises(p.Refusal) as closed:
        host.watch(_Link())
    assert closed.value.message.msgid == p.NOT_WATCHABLE


def test_a_watchers_action_holds_no_seat() -> None:
    async def run() -> None:
        async with served(four_bots("cheflebrity"), {1}) as (host, url):
            watcher = RemoteSeat(url)
            await watcher.open()
            await watcher.watch(host.id)
            await watcher.send({"type": "action", "token": "x" * 32, "seq": 1, "action": {"type": "pass"}})
            answer = await watcher.expect_any()
            while answer["type"] != "error":
                answer = await watcher.expect_any()
            assert answer["msg"] == p.BAD_TOKEN and all(e.seat != 1 for e in host.session.log)
            await watcher.close()
    asyncio.run(run())


def test_a_real_time_table_is_watched_live() -> None:
    setup = four_bots("rumble-pie", seed=3)

    async def run() -> None:
        host = headless_host(setup, set())
        from pie_table.net.server import Lobby, bound_port, start

        lobby = Lobby()
        server = await start(lobby, "127.0.0.1", 0)
        try:
            watcher = RemoteSeat(f"ws://127.0.0.1:{bound_port(server)}")
            await watcher.open()
            lobby.add(host)
            await watcher.watch(host.id)
            while watcher.updates < 20:
                await asyncio.wait_for(watcher.receive(), 5)
            assert watcher.view["tick"] > 0 and watcher.view["seat"] is None  # the seat-less view
            await watcher.close()
        finally:
            server.close()
            await server.wait_closed()
    asyncio.run(run())


def test_a_lobby_keeps_its_watching_policy_for_every_table_it_makes() -> None:
    async def run() -> None:
        from pie_table.net.limits import Limits
        from pie_table.net.server import Lobby

        seats = ["remote", "bot:normal", "bot:normal"]
        delayed = Lobby(Limits(watch_delay_s=30.0)).create("rats", seats, 1, {})
        closed = Lobby(Limits(watching=False)).create("rats", seats, 1, {})
        assert delayed.spectators.delay_s == 30.0 and delayed.summary()["watchers"] == 0
        assert not closed.spectators.open and "watchers" not in closed.summary()
        with pytest.raises(p.Refusal):
            closed.watch(_Link())
    asyncio.run(run())


def test_a_table_with_a_loop_of_its_own_beats_only_while_someone_watches() -> None:
    from pie_table.net.host_loops import OwnLoop

    class _Clock:
        async def run(self) -> None:
            await asyncio.sleep(0.4)

    class _Beats:
        def __init__(self, wanted: bool) -> None:
            self.wanted = asyncio.Event()
            if wanted:
                self.wanted.set()
            self.count = 0

        def beat(self) -> None:
            self.count += 1

    async def run(wanted: bool) -> int:
        beats = _Beats(wanted)
        await OwnLoop().run(_Clock(), asyncio.Event(), beats)  # type: ignore[arg-type]
        return beats.count

    assert asyncio.run(run(False)) == 0  # nobody watches: no wake-up at all
    assert asyncio.run(run(True)) >= 3
