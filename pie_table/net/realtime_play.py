"""A real-time seat played by a bot through the host (`RemoteSeat.press`): in lockstep, answering
each tick the host asks about, or live on the host's clock."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from pie_table.net.client import RemoteSeat

_PHASES_WAITING = ("ready", "round_over")


async def play_lockstep(seat: RemoteSeat, bot: Any) -> None:
    """Answer every tick the host asks about with the bot's move (or nothing), until the end."""
    while not seat.over:
        if seat.decide:
            _tell_refusals(seat, bot)
            await seat.press(bot.act(seat.view, seat.view["tick"]))
            continue
        await seat.receive()
    _tell_refusals(seat, bot)


async def play_live(seat: RemoteSeat, bot: Any, start_after: float = 1.5,
                    seconds: float | None = None) -> None:
    """Play on the host's clock: the bot looks at every frame, and asks for each round's start
    after `start_after` seconds of waiting (as the couch table starts rounds by itself). Stops at
    the game's end, or after `seconds`."""
    waited_since: float | None = None
    end = None if seconds is None else time.perf_counter() + seconds
    while not seat.over and (end is None or time.perf_counter() < end):
        try:
            await asyncio.wait_for(seat.receive(), 0.1)
        except TimeoutError:
            pass
        _tell_refusals(seat, bot)
        phase = seat.view.get("phase")
        if phase == "play":
            waited_since = None
            action = bot.act(seat.view, seat.tick)
            if action is not None:
                await seat.press(action)
        elif phase in _PHASES_WAITING:
            now = time.perf_counter()
            waited_since = waited_since or now
            if now - waited_since >= start_after:
                await seat.press({"type": "start"})
                waited_since = None


def _tell_refusals(seat: RemoteSeat, bot: Any) -> None:
    for refusal in seat.refused:
        bot.refused(refusal["action"], refusal["msg"])
    seat.refused.clear()


def hosted_game(url: str, table: str, timeout: float = 5.0) -> dict[str, Any] | None:
    """The lobby's line for `table` at `url` (its game, whether it plays in real time), asked on a
    connection of its own before a seat is taken; None if the host has no such table. Blocking:
    call it off the window's thread."""
    from pie_table.net.lobby_list import lobby_tables

    return next((t for t in lobby_tables(url, timeout) if t.get("table") == table), None)
