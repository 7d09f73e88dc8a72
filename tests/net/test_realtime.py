"""Rumble Pie over the network: the host's fixed-step driver is the game, remote seats send inputs
stamped with their sequence number and the tick they saw, and get frames (nested deltas, their own
events, what became of their inputs). A lockstep game of bots at the clients is the local game;
every byte a client gets holds no RNG state and no deck order; bad inputs change nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.history import events_for
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec, parse_seat, parse_seats
from pie_table.net import protocol as p
from pie_table.net.client import RemoteSeat
from pie_table.net.host import TableHost, headless_host
from pie_table.net.over_network import play_networked, report
from pie_table.net.patch import apply_patch, patch
from pie_table.net.server import Lobby, bound_port, start
from tests.net.netplay import four_bots, heard_until, read_stream, served, settle

GAME = "rumble-pie"
_ALLOWED = {"names", "paused", "welcome", "joined", "update", "over", "away", "back", "error", "pong"}
_FRAME_KEYS = {"type", "tick", "view", "patch", "events", "seen", "acks", "refused", "decide"}


def _short_game(seed: int = 7) -> GameSetup:
    """Four normal bots playing to 6 points: a whole game in a few seconds."""
    return GameSetup(GAME, parse_seats(",".join(["bot:normal"] * 4)), {"target": 6}, seed=seed)


def _views(frames: list[str]) -> list[dict[str, Any]]:
    views: list[dict[str, Any]] = []
    for message in read_stream(frames):
        if message["type"] == "update" and "view" in message:
            views.append(message["view"])
        elif message["type"] == "update" and "patch" in message:
            views.append(apply_patch(views[-1], message["patch"]))
    return views


def _secrets(setup: GameSetup) -> list[str]:
    """The RNG's internal words and each seat's undealt deck order, as they would appear in JSON."""
    info = get_game(GAME)
    session = Session(setup, info)
    words = [str(w) for w in info.rules.rng(session.state).getstate()[1][:40] if w > 10**8]
    decks = [json.dumps(player.deck[-6:], separators=(",", ":")) for player in session.state.players]
    return words + decks


def test_a_lockstep_game_of_bots_at_the_clients_is_the_local_game() -> None:
    setup = _short_game()
    info = get_game(GAME)
    played = asyncio.run(play_networked(setup, info, capture=True))
    result = report(played, info, setup)
    assert result["same_as_local"] is True
    assert result["actions"] > 50 and result["net"]["clients"] == 3
    host_log = played.host.session.log
    assert any(entry.seat in (1, 2, 3) for entry in host_log)  # the clients' bots did play
    secrets = _secrets(setup)
    for client in played.clients:
        frames = client.capture or []
        assert {json.loads(f)["type"] for f in frames} <= _ALLOWED
        for frame, message in zip(frames, read_stream(frames), strict=True):
            assert not any(secret in frame for secret in secrets)
            read = json.dumps(message, separators=(",", ":"))
            assert not any(secret in read for secret in secrets)
            if message["type"] == "update":
                assert set(message) <= _FRAME_KEYS
        # The patches rebuild the host's view exactly; the events are the seat's own, in order.
        final = copy_json(played.host.session.view(client.seat))
        assert _views(frames)[-1] == final == client.view
        messages = read_stream(frames)
        sent = [e for m in messages if m["type"] == "update" for e in m.get("events", [])]
        assert sent == copy_json(played.host.histories[client.seat].events)
        assert sent == events_for(sent, client.seat)


def test_a_patch_rebuilds_nested_changes_and_sends_only_them() -> None:
    old = {"boards": [{"a": {"ids": [1, 2], "top": "x"}, "b": {"ids": [], "top": None}}], "tick": 4,
           "history": [1], "gone": 1}
    new = {"boards": [{"a": {"ids": [1, 2, 3], "top": "y"}, "b": {"ids": [], "top": None}}], "tick": 5,
           "history": [1, 2]}
    delta = patch(old, new)
    assert apply_patch(old, delta) == new
    assert delta == {"s": {"tick": 5}, "g": {"history": [2]}, "d": ["gone"],
                     "p": {"boards": {"p": {"0": {"p": {"a": {"s": {"top": "y"}, "g": {"ids": [3]}}}}}}}}


def _live_table(remote: set[int]) -> Any:
    """A served live Rumble table: `remote` seats open, bots at the host in the others."""
    seats = [SeatSpec("human", control="mouse") if s in remote else parse_seat("bot:normal")
             for s in range(4)]
    return served(GameSetup(GAME, seats, {"target": 6}, seed=5), remote)


async def _seat(url: str, host: TableHost, seat: int) -> RemoteSeat:
    client = RemoteSeat(url)
    await client.open()
    await client.join(host.id, host.code, seat, f"Player {seat}")
    await client.expect("update")
    return client


def test_a_live_input_is_applied_in_the_tick_the_host_reads_it_and_acknowledged() -> None:
    async def scenario() -> None:
        async with _live_table({0, 3}) as (host, url):
            client = await _seat(url, host, 0)
            await client.press({"type": "start"})
            await heard_until(client, lambda: client.view.get("phase") == "play")
            legal = get_game(GAME).rules.legal_actions(host.session.state, 0)
            draw = next(a for a in legal if a["type"] in ("draw", "place"))
            seq = await client.press(draw)
            await heard_until(client, lambda: seq not in client.in_flight)
            assert any(e.seat == 0 and e.action == draw for e in host.session.log)
            assert client.input_ms and client.input_ms[-1] < 1000
            await client.ping()
            await heard_until(client, lambda: client.delay_ms is not None)
            # A play the engine refuses comes back as the engine's own refusal, shown as at the couch.
            bad = {"type": "play", "seat": 0, "source": 0, "board": 9, "face": "x"}
            seq = await client.press(bad)
            await heard_until(client, lambda: any(r["seq"] == seq for r in client.refused))
            refusal = next(r for r in client.refused if r["seq"] == seq)
            assert refusal["action"] == bad and refusal["msg"]
            await client.close()
    asyncio.run(scenario())


def test_inputs_for_another_seat_old_or_for_the_tables_clock_are_refused_and_change_nothing(
        caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with _live_table({0, 3}) as (host, url):
            client = await _seat(url, host, 0)
            cases = [({"type": "draw", "seat": 3}, 5, p.NOT_YOUR_SEAT),
                     ({"type": "tick"}, 7, p.NOT_ASKED),
                     ({"type": "draw", "seat": 0}, 6, p.OLD_SEQUENCE)]
            await client.send({"type": "action", "token": client.token, "seq": 6, "tick": 0})  # seq 6 used
            for action, seq, reason in cases:
                await client.send({"type": "action", "token": client.token, "seq": seq, "tick": 0,
                                   "action": action})
                message = await client.expect_any()
                while message["type"] != "error":
                    message = await client.expect_any()
                assert message["msg"] == reason
            await client.send({"type": "action", "token": "x" * 32, "seq": 9, "tick": 0})
            assert (await client.expect_any())["msg"] == p.BAD_TOKEN
            await settle()
            # The clock ticks on; no seat's action and no start reached the table.
            assert all(e.seat is None and e.action == {"type": "tick"} for e in host.session.log)
            assert not host.driver.dynamics.pending
            await client.close()
    with caplog.at_level("INFO", logger="pie_table.net"):
        asyncio.run(scenario())
    # Another seat's key, the table's own clock and a forged token are strikes; an old sequence
    # number is lag, as at a turn-based table: refused, never a strike.
    strikes = [r for r in caplog.records if "refused from" in r.getMessage() and r.levelname == "WARNING"]
    assert len(strikes) == 3
    assert any("is old" in r.getMessage() and r.levelname == "INFO" for r in caplog.records)


def test_a_move_with_no_action_at_a_turn_based_table_is_refused_and_the_old_input_is_unknown() -> None:
    async def scenario() -> None:
        lobby = Lobby()
        server = await start(lobby, "127.0.0.1", 0)
        try:
            host = lobby.add(headless_host(four_bots("pie-rats"), {1}, table_id="1"))
            client = RemoteSeat(f"ws://127.0.0.1:{bound_port(server)}")
            await client.open()
            await client.join(host.id, host.code, 1, "P")
            for message, reason in (({"type": "action", "token": client.token, "seq": 1, "tick": 0},
                                     p.MISSING_FIELD),
                                    ({"type": "input", "token": client.token, "seq": 2, "tick": 0},
                                     p.UNKNOWN_TYPE)):
                await client.send(message)
                answer = await client.expect_any()
                while answer["type"] != "error":
                    answer = await client.expect_any()
                assert answer["msg"] == reason
            assert not host.session.log or all(e.seat != 1 for e in host.session.log)
            await client.close()
        finally:
            server.close()
            await server.wait_closed()
    asyncio.run(scenario())


def test_the_remote_table_shows_a_key_press_at_once_then_the_hosts_answer_with_its_origin() -> None:
    import threading
    import time

    from pie_table.games.rumble_pie.table.remote_sim import RemoteTableSim
    from pie_table.net.link_source import join_seat

    ready: dict[str, Any] = {}
    stop = threading.Event()

    def serve() -> None:
        async def run() -> None:
            async with _live_table({0}) as (host, url):
                ready.update(host=host, url=url)
                while not stop.is_set():
                    await asyncio.sleep(0.02)
        asyncio.run(run())
    server = threading.Thread(target=serve, daemon=True)
    server.start()
    while "url" not in ready:
        time.sleep(0.01)
    host = ready["host"]
    sim = RemoteTableSim(join_seat(ready["url"], host.id, code=host.code, seat=0, name="Remote",
                                   realtime=True))

    def until(done: Any) -> list[Any]:
        results: list[Any] = []
        deadline = time.monotonic() + 30  # returns as soon as done: the bound is for a loaded machine
        while not done(results) and time.monotonic() < deadline:
            results.extend(sim.advance(1 / 60))
            time.sleep(1 / 60)
        return results

    try:
        sim.start("keys")
        until(lambda _r: sim.phase == "play")
        draw = next(a for a in get_game(GAME).rules.legal_actions(host.session.state, 0)
                    if a["type"] in ("draw", "place"))
        sim.push(draw, ("keys1", None))
        assert (0, draw, ("keys1", None)) in sim.queue  # pending on screen before the host answers
        results = until(lambda r: any(a == (draw, ("keys1", None)) for x in r for a in x.applied))
        assert any((draw, ("keys1", None)) in r.applied for r in results) and not sim.queue
        bad = {"type": "play", "seat": 0, "source": 0, "board": 9, "face": "x"}
        sim.push(bad, ("mouse", 7))
        results = until(lambda r: any(x.refusals for x in r))
        refusal = next(f for r in results for f in r.refusals)
        assert refusal.action == bad and refusal.origin == ("mouse", 7) and str(refusal.reason)
        until(lambda _r: sim.delay_ms is not None)
        assert sim.delay_ms is not None and sim.table().phase == "play"
    finally:
        sim.close()
        stop.set()
        server.join(5)
