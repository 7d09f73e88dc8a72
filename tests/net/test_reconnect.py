"""A seat whose connection drops is away; the same token takes it back with its view and every
event it missed, and the game ends as the same seed does locally."""

from __future__ import annotations

import asyncio

from pie_table.core.engine import copy_json
from pie_table.core.registry import get_game
from pie_table.core.session import bot_seed
from pie_table.net.client import RemoteSeat, bot_decider, play
from pie_table.net.over_network import local_hash
from tests.net.netplay import four_bots, replayed, seated, served

GAME = "cheflebrity"


def test_reconnect_with_the_same_token_gets_the_seat_and_what_it_missed() -> None:
    setup = four_bots(GAME)
    info = get_game(GAME)
    assert info.bot_factory is not None
    bot = info.bot_factory("normal", 1, bot_seed(setup.seed, 1))

    async def run() -> None:
        async with served(setup, {1, 2}) as (host, url):
            first = await seated(url, host, 1)
            decide = bot_decider(bot, first.history)
            watcher = await seated(url, host, 2)
            watcher_bot = info.bot_factory("normal", 2, bot_seed(setup.seed, 2))
            watcher_decide = bot_decider(watcher_bot, watcher.history)
            # Seat 2 plays throughout; seat 1 plays a few moves, then its connection drops.
            watching = asyncio.create_task(play(watcher, watcher_decide))
            moves = 0
            while moves < 5:
                if first.legal is not None:
                    await first.act(decide(first.view, first.legal))
                    moves += 1
                await first.receive()
            await first.close()
            for _ in range(100):
                await asyncio.sleep(0.01)
                if host.holders[1].link is None and 1 in watcher.others_away:
                    break
            assert host.holders[1].link is None and 1 in watcher.others_away
            seen = len(first.events)
            # The same token takes the seat back and is sent every event after those it saw.
            again = RemoteSeat(url)
            again.events = list(first.events)
            again.view = dict(first.view)
            await again.open()
            joined = await again.rejoin(host.id, first.token)
            assert joined["seat"] == 1 and joined["token"] == first.token
            await play(again, bot_decider(bot, again.history))
            await asyncio.wait_for(watching, 30)
            assert 1 not in watcher.others_away
            assert len(again.events) > seen
            views, events = replayed(setup, host, 1)
            assert copy_json(again.events) == events
            assert copy_json(again.view) == views[-1]
            assert host.session.hash() == local_hash(setup, info)
    asyncio.run(asyncio.wait_for(run(), 60))


def test_a_seat_handed_to_a_bot_at_a_headless_host_is_taken_back_by_its_token() -> None:
    """`serve`'s tables too: the bot the host handed an away seat to gives it back to its player."""
    setup = four_bots(GAME)
    info = get_game(GAME)
    assert info.bot_factory is not None
    bot = info.bot_factory("normal", 1, bot_seed(setup.seed, 1))

    async def run() -> None:
        async with served(setup, {1}) as (host, url):
            first = await seated(url, host, 1)
            await first.close()
            for _ in range(100):
                await asyncio.sleep(0.01)
                if host.holders[1].link is None:
                    break
            host.hand_to_bot(1)
            assert 1 in host.session.bots and 1 not in host.remote
            again = RemoteSeat(url)
            await again.open()
            joined = await again.rejoin(host.id, first.token)
            assert joined["seat"] == 1
            assert 1 not in host.session.bots and 1 in host.remote  # the player's again, not the bot's
            await play(again, bot_decider(bot, again.history))
            assert host.session.is_over()
    asyncio.run(asyncio.wait_for(run(), 60))
