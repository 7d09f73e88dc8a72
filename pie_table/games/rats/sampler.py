"""The other rats' supplies, nests and items as one world of a search has them: played along the public
log with every secret choice drawn as a model of that rat (a normal bot) would make it. Pure Python.

What was said aloud pins much down (the Host's count and every count that out-did it, a RATS, a
sword's hand-over or refusal, every supply spent); what it leaves open is which die each rat
scavenged, where its gains and nests went, which kind of item its flowers made. Drawing those as
the normal bot would (the searcher's model of the table, as in its playouts), from the sheet drawn
so far, gives piles shaped like a rat's that plays, where a coin toss per die would spread them
over supplies nobody gathers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from pie_table.core.history import Event
from pie_table.games.rats.state import BAUBLES, CRUMBS, FLOWERS, RAGS, STRAW, SUPPLIES

Question = dict[str, Any]


class Model(Protocol):
    """A sampler's model of one rat: a bot whose only randomness is `draws` numbers drawn from
    `rng` (`random()` each), `ties` of which settled a choice between moves it scored alike."""

    level: str
    rng: random.Random
    draws: int
    ties: int

    def act(self, view: Any, legal: Sequence[Question]) -> Question:
        """The model's pick among `legal`."""


# What `Sampler.read` made of a log's first events before any model's draw settled a choice: the
# same for every seed of the models, so every world of a search (and the searches after it, whose
# log begins the same) takes it up instead of reading those events again. Keyed by what a reading
# depends on besides the log; each entry keeps the log it read. Bounded: past `_KEPT` it starts afresh.
_KEPT = 64
_PREFIXES: dict[tuple[Any, ...], _Prefix] = {}


class _Prefix:
    """A reading of `said` (the log's first events): the sampler's figures after it and how many
    numbers each model had drawn; `whole` when it stopped only for want of events (no draw
    settled anything), so a longer log may go on from it."""

    __slots__ = ("said", "figures", "draws", "whole")

    def __init__(self, said: list[Event], figures: tuple[Any, ...], draws: list[int], whole: bool) -> None:
        self.said, self.figures, self.draws, self.whole = said, figures, draws, whole


class Sampler:
    """The other rats' supplies and nests drawn along the public log (`read`), each count cut back
    to what a later answer showed (a count announced, a RATS, a hand-over, a refusal)."""

    def __init__(self, view: Mapping[str, Any], rng: random.Random, models: Sequence[Model]) -> None:
        seats = view["seats"]
        self.me, self.rng, self.vocations = view["seat"], rng, view["vocations"]
        self.options = view["options"]
        self.host, self.turn, self.rolls, self.host_count = 0, 0, 0, 0
        self.goals: list[int] = []
        self.supplies = [[0] * 6 for _ in range(seats)]
        self.nests = [[False] * 6 for _ in range(seats)]
        self.dishes: list[list[int]] = [[] for _ in range(seats)]
        self.decorations: list[list[int]] = [[] for _ in range(seats)]
        # Per rat, its secret gains in order (reason, supply, amount), so the open pick's can be undone.
        self.gains: list[list[tuple[str, int, int]]] = [[] for _ in range(seats)]
        self.request_made: Event = {}
        # Each rat's model (a normal bot in its seat): its scavenges and gains are drawn as it picks them.
        self.models = models

    def read(self, said: Sequence[Event]) -> None:
        """Play the sheets along what was said aloud: from where a reading of the same first events
        stopped (`_Prefix`), if there is one, else from the start."""
        key = (self.me, len(self.supplies), tuple(self.vocations), tuple(sorted(self.options.items())),
               tuple(m.level for m in self.models))
        found = _PREFIXES.get(key)
        start = 0
        if found is not None and len(found.said) <= len(said) and said[:len(found.said)] == found.said:
            self._take_up(found)
            start = len(found.said)
            if not found.whole:  # a draw settled the next event: read on, remembering nothing more
                self._read(said, start)
                return
        models = self.models
        figures, draws = self._figures(), [m.draws for m in models]
        ties = sum(m.ties for m in models)
        for index in range(start, len(said)):
            handler = _SAMPLED.get(said[index]["type"])
            if handler is None:
                continue
            handler(self, said[index])
            if sum(m.ties for m in models) > ties:  # settled by a draw: remember what came before it
                self._keep(key, list(said[:index]), figures, draws, False)
                self._read(said, index + 1)
                return
            figures, draws = self._figures(), [m.draws for m in models]
        self._keep(key, list(said), figures, draws, True)

    def _read(self, said: Sequence[Event], start: int) -> None:
        for index in range(start, len(said)):
            handler = _SAMPLED.get(said[index]["type"])
            if handler is not None:
                handler(self, said[index])

    def _figures(self) -> tuple[Any, ...]:
        """Everything a reading has changed, copied."""
        return (self.host, self.turn, self.rolls, self.host_count, list(self.goals),
                [list(s) for s in self.supplies], [list(n) for n in self.nests],
                [list(d) for d in self.dishes], [list(d) for d in self.decorations],
                [list(g) for g in self.gains], self.request_made)

    def _take_up(self, found: _Prefix) -> None:
        """Stand where `found` stopped: its figures copied, each model's generator moved on by the
        numbers it had drawn (`random()` takes 64 bits of the stream: the same as
        `getrandbits(64 * n)` for n of them)."""
        (self.host, self.turn, self.rolls, self.host_count, goals, supplies, nests, dishes, decorations,
         gains, self.request_made) = found.figures
        self.goals = list(goals)
        self.supplies, self.nests = [list(s) for s in supplies], [list(n) for n in nests]
        self.dishes, self.decorations = [list(d) for d in dishes], [list(d) for d in decorations]
        self.gains = [list(g) for g in gains]
        for model, drawn in zip(self.models, found.draws, strict=True):
            model.rng.getrandbits(64 * drawn)
            model.draws = drawn

    @staticmethod
    def _keep(key: tuple[Any, ...], said: list[Event], figures: tuple[Any, ...], draws: list[int],
              whole: bool) -> None:
        if len(_PREFIXES) >= _KEPT:
            _PREFIXES.clear()
        _PREFIXES[key] = _Prefix(said, figures, draws, whole)

    def _others(self) -> list[int]:
        return [s for s in range(len(self.supplies)) if s != self.me]

    def _choose(self, seat: int, stage: str, legal: list[Question], question: Question | None = None
                ) -> Question:
        """What the model of `seat` picks among `legal`, from the sheet drawn so far."""
        view = {"seat": seat, "seats": len(self.supplies), "host": self.host, "goals": self.goals,
                "vocations": self.vocations, "turn": self.turn, "stage": stage, "scavenge_index": self.rolls,
                "supply_index": 0, "question": question,
                "sheet": {"supplies": self.supplies[seat], "nests": self.nests[seat],
                          "dishes": self.dishes[seat], "decorations": self.decorations[seat]}}
        return self.models[seat].act(view, legal)

    def gain(self, seat: int, reason: str, amount: int, other_than: int = -1) -> None:
        """A secret gain of `amount` of the supply the model picks."""
        legal = [{"type": "gain", "seat": seat, "supply": name} for k, name in enumerate(SUPPLIES)
                 if k != other_than]
        question = {"kind": "gain", "amount": amount, "reason": reason}
        supply = SUPPLIES.index(self._choose(seat, "gain", legal, question)["supply"])
        self.supplies[seat][supply] += amount
        self.gains[seat].append((reason, supply, amount))

    def welcome(self, e: Event) -> None:
        self.host = e["host"]
        for s in self._others():
            if s != self.host:
                self.gain(s, "setup", 2)
                if self.options["two_player_variant"]:
                    self.gain(s, "two_player", 2, other_than=self.gains[s][-1][1])
        if "count" in self.vocations:
            count = self.vocations.index("count")
            self.dishes[count].append(1)
            self.decorations[count].append(2)
        self._banker()

    def _banker(self) -> None:
        if "banker" in self.vocations and self.vocations.index("banker") != self.me:
            self.gain(self.vocations.index("banker"), "banker", 3)

    def turn_begins(self, e: Event) -> None:
        self.turn, self.rolls = e["turn"], 0
        if self.options["two_player_variant"] and self.turn > 1:
            other = 1 - self.host
            if other != self.me:
                for pick in range(self.options["two_player_bonus_picks"]):
                    self.gain(other, "two_player", 2, other_than=self.gains[other][-1][1] if pick else -1)

    def goal(self, e: Event) -> None:
        self.goals = [*self.goals, e["goal"]]

    def privilege(self, e: Event) -> None:
        if e["seat"] != self.me:
            self.supplies[e["seat"]] = [n + 1 for n in self.supplies[e["seat"]]]

    def new_host(self, e: Event) -> None:
        self.host = e["seat"]
        self._banker()

    def dice(self, e: Event) -> None:
        if e["purpose"] != "scavenge":
            return
        a, b = e["dice"]
        for s in self._others():
            legal = ([{"type": "scavenge", "seat": s, "supply": name, "count": a} for name in SUPPLIES]
                     if a == b else [{"type": "scavenge", "seat": s, "supply": SUPPLIES[a - 1], "count": b},
                                     {"type": "scavenge", "seat": s, "supply": SUPPLIES[b - 1], "count": a}])
            picked = self._choose(s, "scavenged", legal)
            supply = SUPPLIES.index(picked["supply"])
            factor = (3 if self.vocations[s] == "carpenter" else 2) if self.nests[s][supply] else 1
            self.supplies[s][supply] += picked["count"] * factor
            self.gains[s].append(("scavenge", supply, picked["count"] * factor))
        self.rolls += 1

    def host_has(self, e: Event) -> None:
        self.host_count = e["count"]
        self._set(e["seat"], e["supply"], e["count"])

    def afraid(self, e: Event) -> None:
        self._set(e["seat"], e["supply"], e["count"])

    def _set(self, seat: int, supply: int, count: int) -> None:
        if seat != self.me:
            self.supplies[seat][supply] = count

    def rats(self, e: Event) -> None:
        seat, supply = e["seat"], e["supply"]
        if seat == self.me:
            return
        held = self.supplies[seat]
        held[supply] = min(held[supply], self.host_count)
        if self.vocations[seat] == "pauper" and held[supply] < self.host_count:
            self.gain(seat, "pauper", 1)

    def action(self, e: Event) -> None:
        seat, supply, count = e["seat"], e["supply"], e["count"]
        if seat == self.me:
            return
        self._set(seat, supply, 0)
        if supply == BAUBLES:
            self.gain(seat, "baubles", 5)
        elif supply == STRAW and not all(self.nests[seat]):
            legal = [{"type": "nest", "seat": seat, "supply": name} for k, name in enumerate(SUPPLIES)
                     if not self.nests[seat][k]]
            k = SUPPLIES.index(self._choose(seat, "nest", legal)["supply"])
            self.nests[seat][k] = True
            self.gains[seat].append(("nest", k, 0))
        elif supply in (CRUMBS, RAGS, FLOWERS):
            self._make(seat, supply, count)

    def _make(self, seat: int, supply: int, count: int) -> None:
        """The item an action makes: its own kind, or the one the model picks (flowers, and a
        Pickpocket's crumbs or rags, worth 2 more as the other kind)."""
        natural = "dish" if supply == CRUMBS else "decoration"
        if supply == FLOWERS:
            values = {"dish": count, "decoration": count}
        elif self.vocations[seat] == "pickpocket":
            values = {natural: count, "decoration" if supply == CRUMBS else "dish": count + 2}
        else:
            values = {natural: count}
        kind = natural
        if len(values) > 1:
            legal = [{"type": "make", "seat": seat, "item": item} for item in ("dish", "decoration")]
            kind = self._choose(seat, "make", legal, {"kind": "make", "values": values})["item"]
        (self.dishes if kind == "dish" else self.decorations)[seat].append(values[kind])
        self.gains[seat].append(("make", int(kind == "decoration"), values[kind]))

    def request(self, e: Event) -> None:
        self.request_made = e

    def handover(self, e: Event) -> None:
        giver, taker, supply, amount = e["seat"], e["to_seat"], e["supply"], e["amount"]
        if giver != self.me:
            held = self.supplies[giver]
            held[supply] = max(held[supply], amount) - amount
        if taker != self.me:
            self.supplies[taker][supply] += amount

    def refused(self, e: Event) -> None:
        seat, supply = e["seat"], e["supply"]
        amount = self.request_made.get("amount")
        if seat != self.me:
            held = self.supplies[seat]
            held[supply] = min(held[supply], amount - 1 if isinstance(amount, int) else 0)

    def unask(self, pending: Mapping[int, Sequence[Question]]) -> None:
        """Take back what the open pick's unanswered questions would give: the latest gain of each
        reason (or nest, or scavenge) a rat is asked again."""
        for s, asked in pending.items():
            if s == self.me:
                continue
            for question in asked:
                reason = {"scavenge": "scavenge", "nest": "nest", "gain": question.get("reason"),
                          "pauper": "pauper", "make": "make"}.get(question["kind"])
                if reason == "two_player" and self.turn > 0:
                    continue  # a turn's bonus is drawn as the next turn begins: not drawn yet
                made = self.gains[s]
                index = next((i for i in range(len(made) - 1, -1, -1) if made[i][0] == reason), None)
                if index is None:
                    continue
                _, supply, amount = made.pop(index)
                if reason == "nest":
                    self.nests[s][supply] = False
                elif reason == "make":
                    (self.decorations if supply else self.dishes)[s].pop()
                else:
                    self.supplies[s][supply] = max(0, self.supplies[s][supply] - amount)


# Public event type -> what the sampler does with it.
_SAMPLED: dict[str, Callable[[Sampler, Event], None]] = {
    "welcome": Sampler.welcome, "turn": Sampler.turn_begins, "goal": Sampler.goal,
    "privilege": Sampler.privilege, "new_host": Sampler.new_host, "dice": Sampler.dice,
    "host_has": Sampler.host_has, "afraid": Sampler.afraid, "rats": Sampler.rats, "action": Sampler.action,
    "request": Sampler.request, "handover": Sampler.handover, "refused": Sampler.refused,
}
