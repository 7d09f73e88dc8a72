"""A remote seat at a real-time table: key actions out (sequence number + the tick seen), frames in.

`RealtimeSeat` folds the host's frames into the seat's view, keeps the inputs still in flight (the
table shows them at once as pending while the host's answer travels) and times each one from the
key press to the frame that shows it applied or refused (`input_ms`), and the round trip of a
ping (`delay_ms`, shown on the table). `play_lockstep` and `play_live` play a seat with a bot.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from pie_table.net.client import RemoteSeat
from pie_table.net.patch import apply_patch

_PHASES_WAITING = ("ready", "round_over")


@dataclass
class InFlight:
    """An input sent and not yet answered: what, and when (perf_counter seconds)."""

    seq: int
    action: dict[str, Any]
    sent: float


class RealtimeSeat(RemoteSeat):
    """One real-time seat played through the host."""

    def __init__(self, url: str, **kw: Any) -> None:
        super().__init__(url, **kw)
        self.tick = 0
        self.decide = False  # lockstep: the host waits for this seat's answer for `tick`
        self.in_flight: dict[int, InFlight] = {}
        self.refused: list[dict[str, Any]] = []  # refusals not yet read by the table (or the bot)
        self.input_ms: list[float] = []  # key press -> the frame that answers it
        self.delay_ms: float | None = None  # the last ping's round trip
        self.frames = 0
        self._pings: dict[int, float] = {}

    def _fold(self, message: dict[str, Any]) -> None:
        if message["type"] == "frame":
            self._frame(message)
        elif message["type"] == "pong" and message["n"] in self._pings:
            self.delay_ms = (time.perf_counter() - self._pings.pop(message["n"])) * 1000
        else:
            super()._fold(message)

    def _frame(self, message: dict[str, Any]) -> None:
        self.frames += 1
        if "view" in message:
            self.view = message["view"]
        elif "patch" in message:
            self.view = apply_patch(self.view, message["patch"])
        self.tick = message["tick"]
        self.events.extend(message.get("events", ()))
        now = time.perf_counter()
        answered = [*message.get("acks", ()), *(r["seq"] for r in message.get("refused", ()))]
        for seq in answered:
            sent = self.in_flight.pop(seq, None)
            if sent is not None and sent.action:
                self.input_ms.append((now - sent.sent) * 1000)
        self.refused.extend(message.get("refused", ()))
        self.decide = bool(message.get("decide"))

    async def input(self, action: dict[str, Any] | None) -> int:
        """Send a key action (None: lockstep's "nothing this tick"); its sequence number."""
        self._seq += 1
        message: dict[str, Any] = {"type": "input", "token": self.token, "seq": self._seq, "tick": self.tick}
        if action is not None:
            message["action"] = action
        self.in_flight[self._seq] = InFlight(self._seq, action or {}, time.perf_counter())
        self.decide = False
        await self.send(message)
        return self._seq

    async def ping(self) -> None:
        """Ask for a pong; its round trip becomes `delay_ms`."""
        n = self._seq * 1000 + len(self._pings)
        self._pings[n] = time.perf_counter()
        message = {"type": "ping", "n": n}
        if self.delay_ms is not None:  # the host shows it beside this player's name
            message["ms"] = min(600_000, round(self.delay_ms))
        await self.send(message)


async def play_lockstep(seat: RealtimeSeat, bot: Any) -> None:
    """Answer every tick the host asks about with the bot's move (or nothing), until the end."""
    while not seat.over:
        if seat.decide:
            _tell_refusals(seat, bot)
            await seat.input(bot.act(seat.view, seat.view["tick"]))
            continue
        await seat.receive()
    _tell_refusals(seat, bot)


async def play_live(seat: RealtimeSeat, bot: Any, start_after: float = 1.5,
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
                await seat.input(action)
        elif phase in _PHASES_WAITING:
            now = time.perf_counter()
            waited_since = waited_since or now
            if now - waited_since >= start_after:
                await seat.input({"type": "start"})
                waited_since = None


def _tell_refusals(seat: RealtimeSeat, bot: Any) -> None:
    for refusal in seat.refused:
        bot.refused(refusal["action"], refusal["msg"])
    seat.refused.clear()


def hosted_game(url: str, table: str, timeout: float = 5.0) -> dict[str, Any] | None:
    """The lobby's line for `table` at `url` (its game, whether it plays in real time), asked on a
    connection of its own before a seat is taken; None if the host has no such table. Blocking:
    call it off the window's thread."""
    from pie_table.net.lobby_list import lobby_tables

    return next((t for t in lobby_tables(url, timeout) if t.get("table") == table), None)
