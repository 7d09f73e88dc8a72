"""The Rumble table at a remote player's window: `TableSim`'s face, drawn from what the host sends.

The host's `RealtimeDriver` is the game (pie_table/net/realtime_host.py). Here a `RealtimeSeat`
runs on its own asyncio loop in a thread; the table's frame loop pushes key actions (sent at once,
stamped with a sequence number and the tick last seen) and `advance` folds in the frames that came
meanwhile, as `TickResult`s in the shape the table scene already reads: the seat's events, its
inputs applied (with the origin the scene tagged them with) and refused (the host's reason, shown
as a refusal at the couch is). Until the host answers, a pushed action stays in `queue`, so the
table can show the key press at once as pending. `delay_ms` is the last ping's round trip.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

from pie_table.core.messages import revive
from pie_table.games.rumble_pie.ui.sim import Refusal, TickResult
from pie_table.games.rumble_pie.ui.table_state import TableState
from pie_table.net.realtime_client import RealtimeSeat

_PING_S = 1.0


class RemoteTableSim:
    """A remote seat's table: what the host sends, in the interface the table scene drives."""

    watch = False
    has_humans = True
    session = None  # the game lives at the host: no save, no statistics here

    def __init__(self, url: str, table: str, code: str, seat: int, name: str = "") -> None:
        self.client = RealtimeSeat(url)
        self.seat = seat
        self.accumulator = 0.0
        self._frames: queue.Queue[dict[str, Any]] = queue.Queue()
        self._origins: dict[int, tuple[dict[str, Any], Any]] = {}
        self._sent: list[tuple[dict[str, Any], Any]] = []  # pushed, not yet numbered by the loop
        self._table: tuple[int, TableState] | None = None
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self.error: str | None = None
        self._thread = threading.Thread(target=self._run, args=(table, code, name), daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self.error is not None:
            raise ConnectionError(self.error)

    # -- the network thread ----------------------------------------------------------------------------

    def _run(self, table: str, code: str, name: str) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._play(table, code, name))

    async def _play(self, table: str, code: str, name: str) -> None:
        client = self.client
        try:
            await client.open()
            await client.join(table, code, self.seat, name)
            await client.expect("frame")
        except Exception as exc:  # noqa: BLE001 - any failure to connect is one line for the player
            self.error = str(exc) or type(exc).__name__
            self._ready.set()
            return
        self._ready.set()
        pinger = asyncio.create_task(self._ping())
        try:
            while not client.over:
                message = await client.receive()
                if message["type"] == "frame":
                    self._frames.put(message)
        except Exception:  # noqa: BLE001 - a lost connection ends the loop; the table shows it
            self.error = "lost"
        finally:
            pinger.cancel()

    async def _ping(self) -> None:
        while True:
            await self.client.ping()
            await asyncio.sleep(_PING_S)

    async def _send(self, action: dict[str, Any], origin: Any) -> None:
        seq = await self.client.input(action)
        self._origins[seq] = (action, origin)

    # -- what the table scene reads ---------------------------------------------------------------------

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view as last received."""
        return self.client.view

    def table(self) -> TableState:
        """The public table from the last frame."""
        tick = int(self.view.get("tick", 0))
        if self._table is None or self._table[0] != tick:
            self._table = (tick, TableState(self.view))
        return self._table[1]

    def invalidate(self) -> None:
        """Read the table afresh next time."""
        self._table = None

    @property
    def phase(self) -> str:
        """The host's phase."""
        return str(self.view.get("phase", "ready"))

    @property
    def queue(self) -> list[tuple[int | None, dict[str, Any], Any]]:
        """This seat's key actions the host has not answered yet (drawn as pending)."""
        waiting = [(self.seat, a, o) for a, o in self._origins.values()]
        return waiting + [(self.seat, a, o) for a, o in self._sent]

    @property
    def game_ticks(self) -> int:
        """The host's clock as last seen."""
        return int(self.view.get("tick", 0))

    @property
    def delay_ms(self) -> float | None:
        """Round trip to the host, in milliseconds (shown on the table)."""
        return self.client.delay_ms

    def push(self, action: dict[str, Any], origin: Any = None) -> None:
        """Send a key action now; it is pending until the host's frame answers it."""
        pushed = (action, origin)
        self._sent.append(pushed)

        def send() -> None:
            self._sent.remove(pushed)
            self._loop.create_task(self._send(action, origin))
        self._loop.call_soon_threadsafe(send)

    def start(self, origin: Any = None) -> None:
        """Ask the host to start the next round."""
        self.push({"type": "start"}, origin)

    def advance(self, _dt: float) -> list[TickResult]:
        """The frames that came since the last call, as the table's tick results."""
        results: list[TickResult] = []
        while True:
            try:
                frame = self._frames.get_nowait()
            except queue.Empty:
                return results
            results.append(self._result(frame))

    def _result(self, frame: dict[str, Any]) -> TickResult:
        applied = [self._origins.pop(seq) for seq in frame.get("acks", ()) if seq in self._origins]
        refusals = []
        for refused in frame.get("refused", ()):
            _action, origin = self._origins.pop(refused["seq"], (refused["action"], None))
            reason = revive({"msg": refused["msg"], "params": refused["params"]})
            refusals.append(Refusal(refused["action"], reason, origin))
        return TickResult(frame["tick"], list(frame.get("events", ())), refusals, applied)

    def view_for(self, _seat: int) -> dict[str, Any]:
        """The only view this window has: its own seat's."""
        return self.view

    def close(self) -> None:
        """Leave the table."""
        if self._loop.is_running():
            asyncio.run_coroutine_threadsafe(self.client.close(), self._loop)
        self._thread.join(2)
