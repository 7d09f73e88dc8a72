"""A turn-based table's clock: the game moves on when someone acts (a bot's beat, a person's move,
a countdown run out through the logged timeout), and every applied move is news to each remote
seat it concerns: its view as a patch, its new events, and, when an ask of it begins, its moves."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pie_table.core.engine import Event
from pie_table.core.move_grid import moves_to_json
from pie_table.core.session import Entry
from pie_table.net import protocol as p
from pie_table.net.host_parts import Holder, Seats
from pie_table.net.patch import ViewJson
from pie_table.net.protocol import Refusal
from pie_table.net.updates import LOG, send_update, update_message


class TurnClock:
    """The clock of a turn-based hosted table."""

    ticks = 0  # a turn-based game has no ticks of play

    def __init__(self, host: Seats) -> None:
        self.host = host
        self.driver = host.driver
        self.driver.listen(None, self._after)
        self._moved = asyncio.Event()  # something happened that the driver may act on
        self._json = ViewJson()

    # -- a seat's move ---------------------------------------------------------------------------------

    def take(self, holder: Holder, message: dict[str, Any]) -> None:
        """A remote seat's move: submitted to the driver if its seat is asked, at this moment."""
        if "action" not in message:
            raise Refusal(p.MISSING_FIELD, field="action")
        if holder.seat not in self.driver.to_act():
            raise p.Stale(p.NOT_ASKED)
        if message.get("ask", holder.asks) != holder.asks:  # chosen at an earlier moment
            raise p.Stale(p.STALE_MOVE)
        holder.last_seq = message["seq"]
        applied = self.driver.submit(holder.seat, message["action"])
        if not applied.ok:
            LOG.info("table %s: seat %d's action refused by the game: %s", self.host.id, holder.seat,
                     applied.reason)
            if holder.link is not None:
                holder.link.send(p.error(Refusal(p.REFUSED_ACTION, reason=applied.message)))
            self._update(holder)
        elif applied.entry is None:  # taken, to be played in its turn: its sender hears it came
            self._update(holder, ack=holder.last_seq)
        self._moved.set()

    def send(self, holder: Holder) -> None:
        self._update(holder)

    def nudge(self) -> None:
        self._moved.set()

    def released(self, seat: int) -> None:
        self._moved.set()

    def after_frame(self) -> None:
        """Nothing to do: every applied move was sent as it was applied."""

    def finish(self) -> None:
        """Nothing left: every applied move was sent as it was applied."""

    # -- the loop --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Drive the game to its end: the driver's `update` moves the bots and runs the clock out;
        between its moves this waits for what the remote seats send."""
        loop = asyncio.get_running_loop()
        last = loop.time()
        while True:
            now = loop.time()
            self.driver.update(now - last)
            last = now
            if self.driver.is_over():
                return
            wait = self.driver.next_move_in()
            if wait == 0:
                await asyncio.sleep(0)  # let the network in between moves
                continue
            self._moved.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._moved.wait(), wait)

    # -- sending ---------------------------------------------------------------------------------------

    def _after(self, entry: Entry, _events: list[Event]) -> None:
        """After any applied action (a bot's, a person's, the clock's): every connected remote seat
        gets its view, its new events and, when asked, its moves; a seat for which nothing changed
        gets nothing (an empty update after another seat's answer in a window would say it came)."""
        for holder in self.host.holders.values():
            mine = holder.seat == entry.seat
            self._update(holder, ack=holder.last_seq if mine else None, quiet=not mine)

    def _update(self, holder: Holder, *, ack: int | None = None, quiet: bool = False) -> None:
        """Send `holder` its view, the events it has not had yet and, when a new ask begins, its moves
        (`asked` while the same ask goes on: a seat answers each ask once). `quiet`: send nothing
        unless something of the seat's own changed (its view, events, moves, or being asked)."""
        if holder.link is None:
            return
        was_asked = holder.asked is not None
        view = self._json.convert(self.driver.view(holder.seat))
        message = update_message(holder, view)
        if holder.seat in self.driver.to_act():
            ask = self._ask(holder)
            if ask != holder.asked:
                message["legal"] = moves_to_json(self.driver.legal(holder.seat))
                holder.asked = ask
                if ask[0] != holder.ask_moment:
                    holder.asks, holder.ask_moment = holder.asks + 1, ask[0]
                message["ask"] = holder.asks
            else:
                message["asked"] = True
        else:
            holder.asked = None  # asked again later, it is sent its moves again
        if quiet and message.keys() <= {"type", "asked"} and ("asked" in message) == was_asked:
            return  # nothing of its own changed (the clock's `remaining` alone is no news)
        if ack is not None and ack >= 0:
            message["ack"] = ack
        left = self.driver.remaining()
        if left is not None:
            message["remaining"] = round(left, 2)  # a countdown shown in whole seconds
        send_update(holder, view, message)

    def _ask(self, holder: Holder) -> tuple[Any, int]:
        """What one ask of a seat is: the decision it answers and the last action it sent (a seat
        whose own move was played or refused is asked anew; another seat's move asks it nothing)."""
        top = self.driver.rules.current_decision(self.driver.state)
        moment = top.id if top is not None else self.driver.rules.version(self.driver.state)
        return moment, holder.last_seq
