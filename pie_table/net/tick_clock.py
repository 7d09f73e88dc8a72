"""A real-time table's clock (Rumble Pie): the host's driver runs a fixed step (`FixedStep`).

Remote seats send `action` messages — a key action stamped with the client's sequence number and
the tick it saw — and each is queued for the next tick, in the order it was read, exactly as a key
read at the couch is queued. After every tick (or window frame) that changed what a seat may see,
that seat is sent an `update`: its view as a patch, its own events, and what became of its inputs
(applied: `acks`; refused, with the reason: `refused`, as a local refusal is shown).

Three ways the ticks run:
- live (`serve`): 60 ticks a second on the host's own clock, whatever the clients do;
- lockstep (`simulate --over-network`): before each tick of play every remote seat is asked
  (`decide`) and the tick runs once all have answered (an action or nothing), so a seeded game of
  bots at the clients is move for move the game played in one process;
- a window's (`window_host`): the table scene ticks the driver; updates go after each frame.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from pie_table.core.driver import TableDriver
from pie_table.core.dynamics import TickStep
from pie_table.core.fixed_step import FixedStep
from pie_table.core.messages import Msg
from pie_table.net import protocol as p
from pie_table.net.host_parts import Holder, Seats
from pie_table.net.patch import ViewJson
from pie_table.net.protocol import Refusal
from pie_table.net.updates import send_update, update_message

TICK_HZ = 60


@dataclass
class _Outcome:
    """What became of one seat's inputs since its last update."""

    acks: list[int] = field(default_factory=list)
    refused: list[dict[str, Any]] = field(default_factory=list)


class _AnswerBot:
    """A lockstep remote seat as the driver's loop sees it: a bot whose move for this tick is the
    one its client sent; a refusal is passed back to the client (its bot looks again)."""

    def __init__(self, clock: TickClock, seat: int) -> None:
        self.clock = clock
        self.seat = seat
        self.answer: tuple[int, dict[str, Any]] | None = None  # (seq, action)

    def act(self, _view: Any, _tick: int) -> dict[str, Any] | None:
        if self.answer is None:
            return None
        seq, action = self.answer
        self.answer = None
        self.clock.outcome(self.seat).acks.append(seq)  # a refusal below takes it back
        return action

    def refused(self, action: dict[str, Any], reason: str) -> None:
        outcome = self.clock.outcome(self.seat)
        seq = outcome.acks.pop() if outcome.acks else -1
        outcome.refused.append(_refusal(seq, action, reason))


class TickClock:
    """The clock of a real-time hosted table."""

    def __init__(self, host: Seats, *, lockstep: bool = False) -> None:
        self.host = host
        self.driver: TableDriver[FixedStep] = host.driver  # a real-time table's: a fixed step
        self.fixed = self.driver.dynamics
        self.lockstep = lockstep
        self.ticks = 0
        self.updates_sent = 0
        self._outcomes: dict[int, _Outcome] = {}
        self._parts: dict[str, tuple[Any, Any]] = {}
        self._answers: dict[int, asyncio.Future[None]] = {}
        self._json = ViewJson()
        if lockstep:
            for seat in host.remote:
                host.session.bots[seat] = _AnswerBot(self, seat)
        self.fixed.listen_steps(self._took)  # acks and refusals of remote inputs, tick by tick

    def outcome(self, seat: int) -> _Outcome:
        """The inputs of `seat` decided since its last update."""
        return self._outcomes.setdefault(seat, _Outcome())

    # -- a seat's input --------------------------------------------------------------------------------

    def take(self, holder: Holder, message: dict[str, Any]) -> None:
        """A remote seat's key action (or, in lockstep, its answer for the tick asked): queued for
        the next tick, never applied here; Refusal if it is not asked for."""
        if self.lockstep:
            self._answer(holder, message)
        elif "action" in message:
            self._queue(holder, message["seq"], message["action"])
        holder.last_seq = message["seq"]

    def _answer(self, holder: Holder, message: dict[str, Any]) -> None:
        asked = self._answers.get(holder.seat)
        if asked is None or asked.done() or message.get("tick") != self.driver.rules.tick(self.driver.state):
            raise Refusal(p.NOT_ASKED)
        action = message.get("action")
        if action is not None:
            bot = self.host.session.bots[holder.seat]
            assert isinstance(bot, _AnswerBot)
            bot.answer = (message["seq"], {**action, "seat": holder.seat})
        asked.set_result(None)

    def _queue(self, holder: Holder, seq: int, action: dict[str, Any]) -> None:
        kind = action.get("type")
        if kind in self.driver.rules.system_actions:
            if kind != "start":
                raise Refusal(p.NOT_ASKED)
            before = len(self.fixed.pending)
            self.fixed.start(("remote", holder.seat, seq))  # the table's own, once
            if len(self.fixed.pending) == before:
                # Asked for already (or nothing to start): answered now, or it would wait forever.
                self.outcome(holder.seat).acks.append(seq)
            return
        self.fixed.queue(holder.seat, {**action, "seat": holder.seat}, ("remote", holder.seat, seq))

    def nudge(self) -> None:
        """Nothing to wake: the ticks run on."""

    def released(self, seat: int) -> None:
        asked = self._answers.pop(seat, None)
        if asked is not None and not asked.done():
            asked.set_result(None)

    # -- the loop --------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Tick until the game is over (live: on the host's clock; lockstep: as answers come)."""
        if self.lockstep:
            await self._run_lockstep()
        else:
            await self._run_live()

    async def _run_live(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        driver, fixed = self.driver, self.fixed
        while not driver.is_over():
            await asyncio.sleep(max(0.0, fixed.tick_s - fixed.accumulator - (loop.time() - last)))
            now = loop.time()
            fixed.advance(now - last)
            last = now
            self.after_frame()

    async def _run_lockstep(self) -> None:
        """`FixedStep.play_out` with the remote seats asked before each tick of play."""
        driver, fixed = self.driver, self.fixed
        while not driver.is_over():
            opener = fixed.waiting()
            if opener is not None:
                driver.submit(None, opener)
                continue
            if driver.to_act():
                await self._ask_all()
            fixed.step()

    async def _ask_all(self) -> None:
        loop = asyncio.get_running_loop()
        bots = self.host.session.bots
        seats = [s for s in self.host.remote if isinstance(bots.get(s), _AnswerBot)]
        self._answers = {seat: loop.create_future() for seat in seats}
        for seat in seats:
            holder = self.host.holders.get(seat)
            if holder is not None:
                self._update(holder, decide=True)
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

    def send(self, holder: Holder) -> None:
        """A seat (re)joined: its whole view (updates go only when something changed for a seat, so
        this one is sent whatever it holds), asked to decide if the lockstep waits for it."""
        asked = self._answers.get(holder.seat)
        self._update(holder, decide=asked is not None and not asked.done(), force=True)

    def after_frame(self) -> None:
        for holder in self.host.holders.values():
            self._update(holder)

    def finish(self) -> None:
        for holder in self.host.holders.values():
            self._update(holder, force=True)

    def _update(self, holder: Holder, *, decide: bool = False, force: bool = False) -> None:
        """Send `holder` what changed since its last update, if anything did (or it must decide)."""
        if holder.link is None:
            return
        view = self._view_json(holder.seat)
        message = update_message(holder, view)
        message["tick"] = view.get("tick", 0)
        outcome = self._outcomes.pop(holder.seat, None)
        if outcome is not None and outcome.acks:
            message["acks"] = outcome.acks
        if outcome is not None and outcome.refused:
            message["refused"] = outcome.refused
        if decide:
            message["decide"] = True
        if len(message) == 2 and not force:
            return  # nothing new for this seat
        self.updates_sent += 1
        send_update(holder, view, message)

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


def _refusal(seq: int, action: dict[str, Any], message: Any) -> dict[str, Any]:
    """A refused input as its seat is told: which one, the action, and why (a message id and its
    parameters, shown as a refusal at the couch is)."""
    if isinstance(message, Msg):
        return {"seq": seq, "action": action, **message.to_json()}
    return {"seq": seq, "action": action, "msg": str(message), "params": {}}
