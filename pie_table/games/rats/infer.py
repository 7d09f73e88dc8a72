"""What a rat can work out about the others from what was said aloud (the public log only)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.games.rats.state import BAUBLES, CRUMBS, FLOWERS, RAGS, STRAW, Sheet

# Unknown gains (secret picks) are spread evenly over the six supplies in the estimate.
_SPREAD = 1 / 6


class Tracker:
    """Lower bounds and estimates of every rat's supplies, plus the items they must have made."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.seen = 0
        self.lower = [[0] * 6 for _ in range(seats)]
        self.guess = [[0.0] * 6 for _ in range(seats)]
        self.dishes: list[list[int]] = [[] for _ in range(seats)]
        self.decorations: list[list[int]] = [[] for _ in range(seats)]
        self.either: list[list[int]] = [[] for _ in range(seats)]
        self.nests = [0] * seats
        self.vocations: list[str | None] = [None] * seats
        self.host = 0
        self.host_count = 0
        self.last_request: dict[str, Any] = {}

    def update(self, view: Mapping[str, Any], log: Sequence[dict[str, Any]]) -> None:
        """Read the entries of the public log (what was said aloud) not seen yet."""
        if len(log) < self.seen:  # a new game with the same bot: start again
            self.__init__(self.seats)  # type: ignore[misc]
        self.host = view["host"]
        handlers = _HANDLERS
        for event in log[self.seen:]:
            handler = handlers.get(event["type"])
            if handler is not None:
                handler(self, event)
        self.seen = len(log)

    def _add_unknown(self, seat: int, amount: float) -> None:
        for supply in range(6):
            self.guess[seat][supply] += amount * _SPREAD

    def _set(self, seat: int, supply: int, count: int) -> None:
        self.lower[seat][supply] = count
        self.guess[seat][supply] = float(count)

    def _on_vocation(self, e: dict[str, Any]) -> None:
        self.vocations[e["seat"]] = e["vocation"]
        if e["vocation"] == "count":
            self.dishes[e["seat"]].append(1)
            self.decorations[e["seat"]].append(2)

    def _on_welcome(self, e: dict[str, Any]) -> None:
        self.host = e["host"]
        for seat in range(self.seats):
            if seat != self.host:
                self._add_unknown(seat, 2.0)
        if "banker" in self.vocations:
            self._add_unknown(self.vocations.index("banker"), 3.0)

    def _on_privilege(self, e: dict[str, Any]) -> None:
        for supply in range(6):
            self.lower[e["seat"]][supply] += 1
            self.guess[e["seat"]][supply] += 1

    def _on_new_host(self, e: dict[str, Any]) -> None:
        self.host = e["seat"]
        if "banker" in self.vocations:
            self._add_unknown(self.vocations.index("banker"), 3.0)

    def _on_dice(self, e: dict[str, Any]) -> None:
        if e["purpose"] != "scavenge":
            return
        a, b = e["dice"]
        for seat in range(self.seats):
            if a == b:
                self._add_unknown(seat, float(a))
            else:
                self.guess[seat][a - 1] += b / 2
                self.guess[seat][b - 1] += a / 2

    def _on_host_has(self, e: dict[str, Any]) -> None:
        self.host_count = e["count"]
        self._set(e["seat"], e["supply"], e["count"])

    def _on_afraid(self, e: dict[str, Any]) -> None:
        self._set(e["seat"], e["supply"], e["count"])

    def _on_rats(self, e: dict[str, Any]) -> None:
        seat, supply = e["seat"], e["supply"]
        self.lower[seat][supply] = min(self.lower[seat][supply], self.host_count)
        self.guess[seat][supply] = min(self.guess[seat][supply], float(self.host_count))
        if self.vocations[seat] == "pauper" and self.guess[seat][supply] < self.host_count:
            self._add_unknown(seat, 1.0)

    def _on_action(self, e: dict[str, Any]) -> None:
        seat, supply, count = e["seat"], e["supply"], e["count"]
        self._set(seat, supply, 0)
        pickpocket = self.vocations[seat] == "pickpocket"
        if supply == CRUMBS and not pickpocket:
            self.dishes[seat].append(count)
        elif supply == RAGS and not pickpocket:
            self.decorations[seat].append(count)
        elif supply in (CRUMBS, RAGS, FLOWERS):
            self.either[seat].append(count)
        elif supply == STRAW:
            self.nests[seat] = min(6, self.nests[seat] + 1)
        elif supply == BAUBLES:
            self._add_unknown(seat, 5.0)

    def _on_handover(self, e: dict[str, Any]) -> None:
        giver, taker, supply, amount = e["seat"], e["to_seat"], e["supply"], e["amount"]
        self.lower[giver][supply] = max(0, self.lower[giver][supply] - amount)
        self.guess[giver][supply] = max(0.0, self.guess[giver][supply] - amount)
        self.lower[taker][supply] += amount
        self.guess[taker][supply] += amount

    def _on_request(self, e: dict[str, Any]) -> None:
        self.last_request = e

    def _on_refused(self, e: dict[str, Any]) -> None:
        # "RATS" to a request for n means the target holds fewer than n.
        amount = self.last_request["amount"]
        if isinstance(amount, int):
            seat, supply = e["seat"], e["supply"]
            self.guess[seat][supply] = min(self.guess[seat][supply], amount - 1.0)

    def sheet_of(self, seat: int) -> Sheet:
        """A best guess at another rat's sheet (items of unknown kind go where it has fewer)."""
        dishes, decorations = list(self.dishes[seat]), list(self.decorations[seat])
        for value in self.either[seat]:
            (dishes if len(dishes) <= len(decorations) else decorations).append(value)
        nests = [i < self.nests[seat] for i in range(6)]
        return Sheet([0] * 6, nests, dishes, decorations)


# A tracker of no rats, the placeholder of every reading (and bot) not yet asked: never caught up,
# since a reading swaps it for one of its table's rats first (and a search makes bots by the thousand).
NO_TRACKER = Tracker(0)


class LogReading:
    """A reading of one table's public log: a bot's own, or shared by the table's bots (what the
    log tells is the same for every rat)."""

    def __init__(self) -> None:
        self.tracker = NO_TRACKER

    def tracker_for(self, view: Mapping[str, Any], log: Sequence[dict[str, Any]]) -> Tracker:
        """The tracker, caught up with `log`, what was said aloud at the table `view` shows (a new
        one for another number of rats)."""
        if self.tracker.seats != view["seats"]:
            self.tracker = Tracker(view["seats"])
        self.tracker.update(view, log)
        return self.tracker


# Event type -> handler, looked up once instead of by name for every log entry.
_HANDLERS = {name[len("_on_"):]: fn for name, fn in vars(Tracker).items() if name.startswith("_on_")}
