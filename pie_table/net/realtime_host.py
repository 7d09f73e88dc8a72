"""One hosted real-time table (Rumble Pie): the host's `RealtimeDriver` is the game.

Remote seats send `input` messages — a key action stamped with the client's sequence number and
the tick it saw — and the host queues each for the next tick it runs, in the order it reads them,
exactly as a key read at the couch is queued. After every tick that changed what a seat may see,
that seat is sent a `frame`: the view as a delta, its own events, and what became of its inputs
(applied: `acks`; refused, with the reason: `refused`, as a local refusal is shown).

Two clocks:
- live (people): the host runs 60 ticks a second on its own clock, whatever the clients do;
- lockstep (`simulate --over-network`): before each tick of play every remote seat is asked and
  the tick runs once all have answered (an action or nothing), so a seeded game of bots at the
  clients is move for move the game played in one process.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.driver import RealtimeDriver, TickStep
from pie_table.core.messages import Msg
from pie_table.core.setup import GameSetup
from pie_table.net import protocol as p
from pie_table.net.host import Holder, Link, TableHost
from pie_table.net.patch import patch
from pie_table.net.protocol import Refusal

TICK_HZ = 60


@dataclass
class _Outcome:
    """What became of one seat's inputs since its last frame."""

    acks: list[int] = field(default_factory=list)
    refused: list[dict[str, Any]] = field(default_factory=list)


class _AnswerBot:
    """A lockstep remote seat as the driver's loop sees it: a bot whose move for this tick is the
    one its client sent; a refusal is passed back to the client (its bot looks again)."""

    def __init__(self, host: RealtimeHost, seat: int) -> None:
        self.host = host
        self.seat = seat
        self.answer: tuple[int, dict[str, Any]] | None = None  # (seq, action)

    def act(self, _view: Any, _tick: int) -> dict[str, Any] | None:
        if self.answer is None:
            return None
        seq, action = self.answer
        self.answer = None
        self.host.outcome(self.seat).acks.append(seq)  # a refusal below takes it back
        return action

    def refused(self, action: dict[str, Any], reason: str) -> None:
        outcome = self.host.outcome(self.seat)
        seq = outcome.acks.pop() if outcome.acks else -1
        outcome.refused.append(_refusal(seq, action, reason))


class RealtimeHost(TableHost):
    """The authority for one real-time table: its fixed-step driver, seats and frames."""

    driver: RealtimeDriver

    def __init__(self, setup: GameSetup, remote: set[int], *, lockstep: bool = False,
                 tick_hz: int = TICK_HZ, driver: RealtimeDriver | None = None, **kw: Any) -> None:
        """`driver`: a window's own, when the game runs on the host's table scene (else one here)."""
        super().__init__(setup, remote, driver=driver, **kw)
        self.lockstep = lockstep
        self.driver = driver if driver is not None else RealtimeDriver(self.session, tick_hz=tick_hz)
        self.ticks = 0
        self.frames_sent = 0
        self._outcomes: dict[int, _Outcome] = {}
        self._parts: dict[str, tuple[Any, Any]] = {}
        self._answers: dict[int, asyncio.Future[None]] = {}
        if lockstep:
            for seat in self.remote:
                self.session.bots[seat] = _AnswerBot(self, seat)

    def outcome(self, seat: int) -> _Outcome:
        """The inputs of `seat` decided since its last frame."""
        return self._outcomes.setdefault(seat, _Outcome())

    # -- a seat's input --------------------------------------------------------------------------------

    def on_input(self, link: Link, message: dict[str, Any]) -> None:
        """A remote seat's key action (or, in lockstep, its answer for the tick asked); Refusal if
        it is not for its own seat, old, or not asked for. Applied by the loop, never here."""
        holder = self._holder(message["token"])
        if holder.link is not link:
            raise Refusal(p.BAD_TOKEN)
        action = message.get("action")
        if action is not None and "seat" in action and action["seat"] != holder.seat:
            raise Refusal(p.NOT_YOUR_SEAT)
        if message["seq"] <= holder.last_seq:
            raise Refusal(p.OLD_SEQUENCE, seq=message["seq"], last=holder.last_seq)
        if self.lockstep:
            self._answer(holder, message)
        elif action is not None:
            self._queue(holder, message["seq"], action)
        holder.last_seq = message["seq"]

    def _answer(self, holder: Holder, message: dict[str, Any]) -> None:
        asked = self._answers.get(holder.seat)
        if asked is None or asked.done() or message["tick"] != self.driver.rules.tick(self.driver.state):
            raise Refusal(p.NOT_ASKED)
        action = message.get("action")
        if action is not None:
            bot = self.session.bots[holder.seat]
            bot.answer = (message["seq"], {**action, "seat": holder.seat})
        asked.set_result(None)

    def _queue(self, holder: Holder, seq: int, action: dict[str, Any]) -> None:
        kind = action.get("type")
        if kind in self.driver.rules.system_actions:
            if kind != "start":
                raise Refusal(p.NOT_ASKED)
            before = len(self.driver.pending)
            self.driver.start(("remote", holder.seat, seq))  # the table's own, once
            if len(self.driver.pending) == before:
                # Asked for already (or nothing to start): answered now, or it would wait forever.
                self.outcome(holder.seat).acks.append(seq)
            return
        self.driver.queue(holder.seat, {**action, "seat": holder.seat}, ("remote", holder.seat, seq))

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """The host gives a remote seat to a bot at the host from now on."""
        super().hand_to_bot(seat, level)
        asked = self._answers.pop(seat, None)
        if asked is not None and not asked.done():
            asked.set_result(None)

    # -- the loop --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Tick until the game is over (live: on the host's clock; lockstep: as answers come)."""
        try:
            if self.lockstep:
                await self._run_lockstep()
            else:
                await self._run_live()
        finally:
            self._frames(force=True)
            for holder in self.holders.values():
                self._send(holder, {"type": "over"})
            self.finished.set()

    async def _run_live(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while not self.driver.is_over():
            await asyncio.sleep(max(0.0, self.driver.tick_s - self.driver.accumulator - (loop.time() - last)))
            now = loop.time()
            for step in self.driver.advance(now - last):
                self._took(step)
            last = now
            self._frames()

    async def _run_lockstep(self) -> None:
        """`RealtimeDriver.play_out` with the remote seats asked before each tick of play."""
        driver = self.driver
        while not driver.is_over():
            opener = driver.waiting()
            if opener is not None:
                driver.submit(None, opener)
                continue
            if driver.to_act():
                await self._ask_all()
            self._took(driver.step())

    async def _ask_all(self) -> None:
        loop = asyncio.get_running_loop()
        seats = [s for s in self.remote if isinstance(self.session.bots.get(s), _AnswerBot)]
        self._answers = {seat: loop.create_future() for seat in seats}
        for seat in seats:
            holder = self.holders.get(seat)
            if holder is not None:
                self._frame(holder, decide=True)
        await asyncio.gather(*self._answers.values())
        self._answers = {}

    def _took(self, step: TickStep) -> None:
        """Note what a tick did with each remote seat's inputs."""
        self.ticks += 1
        for _action, origin in step.applied:
            if isinstance(origin, tuple) and origin[0] == "remote":
                self.outcome(origin[1]).acks.append(origin[2])
        for action, message, origin in step.refusals:
            if isinstance(origin, tuple) and origin[0] == "remote":
                self.outcome(origin[1]).refused.append(_refusal(origin[2], action, message))

    # -- sending ---------------------------------------------------------------------------------------

    def _update(self, holder: Holder, *, prompt: bool = False, ack: int | None = None,
                quiet: bool = False) -> None:
        """A seat (re)joined: its whole view as a frame (frames are sent only when something
        changed for the seat, so `quiet` is how they always are)."""
        asked = self._answers.get(holder.seat)
        self._frame(holder, decide=asked is not None and not asked.done(), force=True)

    def _frames(self, force: bool = False) -> None:
        for holder in self.holders.values():
            self._frame(holder, force=force)

    def _frame(self, holder: Holder, *, decide: bool = False, force: bool = False) -> None:
        """Send `holder` what changed since its last frame, if anything did (or it must decide)."""
        if holder.link is None:
            return
        view = self._view_json(holder.seat)
        message: dict[str, Any] = {"type": "frame", "tick": view.get("tick", 0)}
        if holder.shown is None:
            message["view"] = view
        else:
            delta = patch(holder.shown, view)
            if delta:
                message["patch"] = delta
        outcome = self._outcomes.pop(holder.seat, None)
        if outcome is not None and outcome.acks:
            message["acks"] = outcome.acks
        if outcome is not None and outcome.refused:
            message["refused"] = outcome.refused
        events = holder.history.events[holder.sent:]
        if events:
            message["events"] = events
            message["seen"] = holder.history.count
        if decide:
            message["decide"] = True
        if len(message) == 2 and not force:
            return  # nothing new for this seat
        holder.shown = view
        holder.sent = holder.history.count
        self.frames_sent += 1
        holder.link.send(message)

    def _view_json(self, seat: int) -> dict[str, Any]:
        """The seat's view as JSON data. The table's part of a Rumble view stays the same from one
        tick to the next until a card moves: each part is converted once while it stays. The rules
        build a new view each tick (new objects), so "the same" is equal, which the comparison,
        in C, finds some 30 times faster than converting the part again."""
        view: dict[str, Any] = {}
        for key, value in self.driver.view(seat).items():
            known = self._parts.get(key)
            if known is None or (known[0] is not value and known[0] != value):
                known = self._parts[key] = (value, self._json.convert(value))
            view[key] = known[1]
        return view

    def summary(self) -> dict[str, Any]:
        """The lobby's line for the table, with the ticks run."""
        return {**super().summary(), "realtime": True}


def _refusal(seq: int, action: dict[str, Any], message: Any) -> dict[str, Any]:
    """A refused input as its seat is told: which one, the action, and why (a message id and its
    parameters, shown as a refusal at the couch is)."""
    if isinstance(message, Msg):
        return {"seq": seq, "action": action, **message.to_json()}
    return {"seq": seq, "action": action, "msg": str(message), "params": {}}
