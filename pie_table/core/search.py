"""Search from one seat's view: determinized Monte Carlo over the moves it may make. Pure Python.

A searching bot cannot see the hidden cards, so it samples worlds it may believe in
(`GameRules.determinize`), plays each of its candidate moves out in the same worlds with the game's
own heuristic bots for every seat (each seat playing for itself: `GameRules.returns`), cuts long
playouts short with the game's cheap evaluation, and keeps the move that did best on average
(perfect-information Monte Carlo; Long et al. 2010, Cowling, Powley & Whitehouse 2012). Every
candidate meets the same worlds and the same playout seeds, so the comparison between them is not
drowned by the luck of the deal. Its budget is counted in playouts, never in seconds: a seeded
game replays to the same moves on any machine.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pie_table.core.engine import Action, GameRules, IllegalAction, TurnBot
from pie_table.core.history import SeatHistory

_TIMEOUT: Action = {"type": "timeout"}
_YIELD_EVERY = 0.002  # seconds of search between moments the drawing thread may take its turn
# A game's choice of the moves worth searching: (view, legal moves, the guide's bot) -> moves.
Moves = Callable[[Mapping[str, Any], Sequence[Action], TurnBot], Sequence[Action]]


class SearchPlan(Protocol):
    """What a game hands the searcher besides its rules: the bots that play the playouts out, and
    an estimate of each seat's return where a playout is cut short."""

    def guide(self, seat: int, seed: int) -> TurnBot:
        """The heuristic bot whose choice for `seat` is searched first (and kept unless beaten)."""

    def playout_bot(self, seat: int, seed: int, searching: bool) -> TurnBot:
        """The heuristic bot that plays `seat` in a playout (`searching`: the seat whose move is
        searched)."""

    def evaluate(self, state: Any) -> list[float]:
        """Each seat's expected `returns` of an unfinished game, on the same scale."""

    def moves(self, view: Mapping[str, Any], legal: Sequence[Action], guide: TurnBot) -> Sequence[Action]:
        """The moves among `legal` worth searching (fewer than two: the guide's choice stands);
        `guide`, the guide's bot that has heard the seat's history, may name them where `legal`
        is too long to sample from at random."""

    def settled(self, start: Any) -> Callable[[Any], bool]:
        """Where playouts from the world `start` stop to be evaluated: the same point of the game
        (the next round, a turn of every seat) whichever move began them, so that no move looks
        better only for bringing the table sooner to where points are counted."""

    def playouts(self, view: Mapping[str, Any], budget: Budget) -> int:
        """The playouts the decision at `view` gets (the budget's, or as many as cost about the
        same where the game's playouts run shorter or longer there): a count, never a time."""


class HeuristicPlan:
    """A `SearchPlan` made of a game's parts: its bot factory (level, seat, seed) -> bot, the
    levels that guide the search and play the playouts (`searcher`: the searching seat's in a
    playout, by default the guide's), its estimate and its stopping point, which moves are worth
    searching (`moves`; by default every legal one) and how many playouts a decision gets
    (`playouts`, from the view and the budget's count; by default the budget's)."""

    def __init__(self, bots: Callable[[str, int, int], TurnBot], evaluate: Callable[[Any], list[float]],
                 settled: Callable[[Any], Callable[[Any], bool]], guide: str = "hard", policy: str = "hard",
                 moves: Moves | None = None,
                 searcher: str | None = None, playouts: Callable[[Mapping[str, Any], int], int] | None = None
                 ) -> None:
        self._bots, self._evaluate, self._settled = bots, evaluate, settled
        self.guide_level, self.policy_level = guide, policy
        self.searcher_level = guide if searcher is None else searcher
        self._moves, self._playouts = moves, playouts

    def guide(self, seat: int, seed: int) -> TurnBot:
        """The guide level's bot for `seat`."""
        return self._bots(self.guide_level, seat, seed)

    def playout_bot(self, seat: int, seed: int, searching: bool) -> TurnBot:
        """The searcher's level plays the searching seat, the policy's level every other seat (the
        searcher's model of the table)."""
        return self._bots(self.searcher_level if searching else self.policy_level, seat, seed)

    def evaluate(self, state: Any) -> list[float]:
        """The game's estimate of each seat's returns."""
        return self._evaluate(state)

    def settled(self, start: Any) -> Callable[[Any], bool]:
        """The game's stopping point for playouts from `start`."""
        return self._settled(start)

    def moves(self, view: Mapping[str, Any], legal: Sequence[Action], guide: TurnBot) -> Sequence[Action]:
        """The game's moves worth searching, or all of `legal`."""
        return legal if self._moves is None else self._moves(view, legal, guide)

    def playouts(self, view: Mapping[str, Any], budget: Budget) -> int:
        """The game's playouts for this decision, or the budget's."""
        return budget.playouts if self._playouts is None else self._playouts(view, budget.playouts)


@dataclass(frozen=True)
class Budget:
    """How much thinking one decision gets: `playouts` in all (shared among the candidates), each
    at most `horizon` actions long before the evaluation ends it, among at most `candidates` moves;
    a move overrules the heuristic's only when it did better by `confidence` standard errors."""

    playouts: int = 48
    horizon: int = 80
    candidates: int = 6
    confidence: float = 2.0


@dataclass
class Thought:
    """What one search found: the move chosen, the playouts it took, each candidate's mean."""

    action: Action
    playouts: int = 0
    means: list[tuple[Action, float]] = field(default_factory=list)


def search(rules: GameRules, plan: SearchPlan, view: Mapping[str, Any], history: SeatHistory,
           legal: Sequence[Action], prior: Action, rng: random.Random, budget: Budget) -> Thought:
    """The move among `legal` that did best for the view's seat over sampled worlds. `prior` (the
    heuristic bot's own choice) is always a candidate and keeps its place when nothing beats it."""
    seat = view["seat"]
    candidates = _candidates(legal, prior, rng, budget.candidates)
    if len(candidates) == 1:
        return Thought(candidates[0])
    worlds = max(2, plan.playouts(view, budget) // len(candidates))
    values = [[0.0] * worlds for _ in candidates]
    yielded = time.perf_counter()
    for world_index in range(worlds):
        world = rules.determinize(view, history, rng)
        seed, stop = rng.getrandbits(32), plan.settled(world)
        for index, action in enumerate(candidates):
            # A search in a worker thread (`core.pondering`) let the drawing thread back in after
            # its frame's sleep only every few hundred ms (Python's switch did not hand the
            # interpreter over): a moment's sleep every few ms does, at once. Not before every
            # playout: a sleep costs about 50 us of wall time (the kernel's timer slack), 5 ms of
            # a 100-playout decision. Which playouts it falls before changes no move.
            if time.perf_counter() - yielded >= _YIELD_EVERY:
                time.sleep(0)
                yielded = time.perf_counter()
            state = rules.clone(world)
            try:
                rules.apply(state, {**action, "seat": seat})
            except IllegalAction:  # a move the world refuses is the worst there (it is legal at the table)
                values[index][world_index] = -1.0
                continue
            values[index][world_index] = playout(rules, plan, state, seed, budget.horizon, stop, seat)[seat]
    means = [sum(v) / worlds for v in values]
    best = max(range(len(candidates)), key=lambda i: (_lead(values[i], values[0], budget.confidence), i == 0))
    return Thought(candidates[best], worlds * len(candidates), list(zip(candidates, means, strict=True)))


def _lead(values: Sequence[float], prior: Sequence[float], confidence: float) -> float:
    """How far a candidate beat the prior in the same worlds, counted only when it did so by more
    than `confidence` standard errors (so the noise of a few playouts does not overrule the
    heuristic's judgement); the prior's own lead is 0."""
    diffs = [a - b for a, b in zip(values, prior, strict=True)]
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1) / len(diffs))
    return mean if mean > confidence * spread and mean > 0 else 0.0


@dataclass(frozen=True)
class Thinking:
    """One searched decision: how long it took, on the clock and in this thread's CPU time (for
    the figures only: the budget is counted in playouts), and how many playouts it ran."""

    ms: float
    cpu_ms: float
    playouts: int


class SearchingBot(TurnBot):
    """A bot that searches every decision with a choice (`search`), the plan's heuristic guide
    giving the move searched first and kept when nothing beats it. Each decision is worked out
    from the position alone (its randomness seeded by the bot's seed and how much its seat has
    been told), so it is the same whenever and wherever it is asked, in a worker or at once. It
    keeps what each search took (`thoughts`) for `arena` and `bench`."""

    ponders = True

    def __init__(self, rules: GameRules, plan: SearchPlan, seed: int, budget: Budget) -> None:
        self.rules, self.plan, self.seed, self.budget = rules, plan, seed, budget
        self.thoughts: list[Thinking] = []

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """The move that did best in the worlds searched from `view`."""
        rng = random.Random(f"{self.seed}/{self.history.count}/{len(legal)}")
        guide = self.plan.guide(view["seat"], rng.getrandbits(32))
        guide.hear(self.history)
        prior = guide.decide_from_view(view) or guide.act(view, legal)
        legal = self.plan.moves(view, legal, guide)
        if len(legal) < 2:
            return prior
        start, cpu = time.perf_counter(), time.thread_time()
        thought = search(self.rules, self.plan, view, self.history, legal, prior, rng, self.budget)
        self.thoughts.append(Thinking((time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000,
                                      thought.playouts))
        return thought.action


def with_expert(rules: GameRules, plan: SearchPlan, budget: Budget,
                make_bot: Callable[[str, int, int], Any]) -> Callable[[str, int, int], Any]:
    """A game's bot factory (level, seat, seed) -> bot with the `expert` level added: a
    `SearchingBot` with this plan and budget; every other level is the game's own."""

    def make(level: str, seat: int, seed: int) -> Any:
        return SearchingBot(rules, plan, seed, budget) if level == "expert" else make_bot(level, seat, seed)

    return make


def _candidates(legal: Sequence[Action], prior: Action, rng: random.Random, most: int) -> list[Action]:
    """The prior first, then the other moves (a sample of them when there are more than `most`)."""
    others = [a for a in legal if not _same(a, prior)]
    if len(others) >= most:
        others = rng.sample(others, most - 1)
    return [prior, *others]


def _same(action: Action, other: Action) -> bool:
    """The same move, whether or not either names its seat."""
    return {k: v for k, v in action.items() if k != "seat"} == {k: v for k, v in other.items() if k != "seat"}


def playout(rules: GameRules, plan: SearchPlan, state: Any, seed: int, horizon: int,
            stop: Callable[[Any], bool], searching: int) -> list[float]:
    """Play `state` on with the plan's bots for every seat (changing it; `searching` names the
    searcher's) until `stop` says it is settled, at most `horizon` actions: each seat's returns if
    the game ended, else the plan's estimate. A reaction window every bot lets pass closes with the
    table's timeout, as it does at a table of bots."""
    bots: dict[int, TurnBot] = {}
    heard: dict[int, SeatHistory] = {}
    is_over = rules.is_over
    for _ in range(horizon):
        if is_over(state):
            return rules.returns(state)
        if stop(state) or not _step(rules, plan, state, bots, heard, seed, searching):
            break
    return rules.returns(state) if is_over(state) else plan.evaluate(state)


def _step(rules: GameRules, plan: SearchPlan, state: Any, bots: dict[int, TurnBot],
          heard: dict[int, SeatHistory], seed: int, searching: int) -> bool:
    """One move of a playout (the passes of a window before it, or the window's close); False when
    nobody is asked, or a bot's move is refused (the world is then evaluated as it stands)."""
    apply, to_act = rules.apply, rules.to_act
    waiting = to_act(state)
    if not waiting:
        return False
    try:
        passes: list[tuple[int, Action]] = []
        for seat in waiting:
            action = _decide(rules, plan, state, seat, bots, heard, seed + seat, seat == searching)
            if len(waiting) > 1 and action.get("type") == "pass":
                passes.append((seat, action))
                continue
            for passed in passes:
                _file(heard, apply(state, {**passed[1], "seat": passed[0]}))
            _file(heard, apply(state, {**action, "seat": seat}))
            passes = []
            break
        if passes:
            top = rules.current_decision(state)
            if top is not None and top.deadline is not None:
                _file(heard, apply(state, dict(_TIMEOUT)))
            else:
                for seat, action in passes:
                    _file(heard, apply(state, {**action, "seat": seat}))
    except IllegalAction:
        return False
    return True


def _decide(rules: GameRules, plan: SearchPlan, state: Any, seat: int, bots: dict[int, TurnBot],
            heard: dict[int, SeatHistory], seed: int, searching: bool) -> Action:
    """What the playout bot of `seat` does now (`Session.decide`, on a bare state)."""
    forced = rules.forced_action(state, seat)
    if forced is not None:
        return forced
    bot = bots.get(seat)
    if bot is None:
        bot = bots[seat] = plan.playout_bot(seat, seed, searching)
        heard[seat] = SeatHistory(seat)  # a playout's bots know what was told in it only
        bot.hear(heard[seat])
    view = rules.bot_view(state, seat)
    action = bot.decide_from_view(view)
    if action is not None:
        return action
    legal = rules.legal_actions(state, seat)
    return legal[0] if len(legal) == 1 else bot.act(view, legal)


def _file(heard: dict[int, SeatHistory], events: list[Any]) -> None:
    for history in heard.values():
        history.add(events)


def returns_from(winners: Iterable[int], scores: Sequence[float]) -> list[float]:
    """A finished game's worth to each seat: 1 for a win (shared in a tie), plus a tenth of its
    score against the best score, so that among lost games a closer one is still worth more."""
    won = list(winners)
    top = max((abs(s) for s in scores), default=0) or 1
    return [(1 / len(won) if seat in won else 0.0) + 0.1 * scores[seat] / top for seat in range(len(scores))]


def estimate(scores: Sequence[float], spread: float) -> list[float]:
    """Each seat's expected `returns_from` of a game standing at `scores` and not over: its chance
    of winning taken as a softmax of the scores (`spread`: how many points one more is worth)."""
    top = max(scores, default=0)
    weights = [math.exp((s - top) / spread) for s in scores]
    total = sum(weights)
    best = max((abs(s) for s in scores), default=0) or 1
    return [w / total + 0.1 * s / best for w, s in zip(weights, scores, strict=True)]


def deal_unseen(unseen: Iterable[int], sizes: Sequence[int], rng: random.Random,
                pinned: Mapping[int, int] | None = None) -> list[list[int]]:
    """The cards a seat has not seen dealt into places of `sizes` (hands, a pile) at random; a
    `pinned` card (card -> place) goes where the seat knows it went while that place has room. The
    cards are sorted first, so the deal depends on which cards are unseen, never on where they lie."""
    pool = sorted(unseen)
    places: list[list[int]] = [[] for _ in sizes]
    for card, where in (pinned or {}).items():
        if card in pool and len(places[where]) < sizes[where]:
            pool.remove(card)
            places[where].append(card)
    rng.shuffle(pool)
    for place, size in zip(places, sizes, strict=True):
        need = size - len(place)
        place.extend(pool[:need])
        del pool[:need]
    for place in places:
        rng.shuffle(place)
    return places


def thinking_figures(rows: Sequence[Sequence[float]]) -> dict[str, float]:
    """What searched decisions took, from rows of [ms, cpu ms, playouts] (`Thinking`): the median
    and 99th percentile on the clock and in CPU time, and the playouts per decision."""
    if not rows:
        return {"decisions": 0}
    figures: dict[str, float] = {"decisions": len(rows)}
    for index, name in ((0, "ms"), (1, "cpu_ms")):
        times = sorted(row[index] for row in rows)
        figures[f"{name}_p50"] = round(times[len(times) // 2], 1)
        figures[f"{name}_p99"] = round(times[min(len(times) - 1, int(len(times) * 0.99))], 1)
    figures["playouts_per_decision"] = round(sum(row[2] for row in rows) / len(rows), 1)
    return figures


def thinking_rows(bots: Mapping[int, Any]) -> dict[str, list[list[float]]]:
    """Each searching bot's decisions as rows of [ms, cpu ms, playouts], by seat (as a string, the
    key a JSON report keeps)."""
    return {str(seat): [[t.ms, t.cpu_ms, t.playouts] for t in bot.thoughts]
            for seat, bot in bots.items() if isinstance(bot, SearchingBot)}

