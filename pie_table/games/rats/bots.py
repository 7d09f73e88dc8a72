"""RATS bots. They see only `RULES.view(state, seat)` and the legal actions, never other sheets.

Hard and normal value a supply by the chance of out-doing the Host with it times what the
resulting action is worth (a dish or decoration priced goal by goal from a fixed table).
Hard also reads the public log: it estimates the Host's piles to judge that chance, sizes sword
requests to what the target must hold, and re-scores the goals on its best guess of every
sheet when it picks a goal or decides between a dish and a decoration.
Easy plays plausible moves with little thought; random picks any legal action.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from pie_table.core.engine import TurnBot
from pie_table.core.move_grid import MoveGrid
from pie_table.games.rats.actions import MAX_REQUEST
from pie_table.games.rats.infer import NO_TRACKER, LogReading
from pie_table.games.rats.sampler import Sampler
from pie_table.games.rats.scoring import awards_of, goal_awards, sheet_metrics
from pie_table.games.rats.state import (
    BAUBLES,
    CRUMBS,
    FLOWERS,
    GOAL_NAMES,
    RAGS,
    SCAVENGE_ROLLS,
    STRAW,
    SUPPLIES,
    TURNS,
    Sheet,
)

Action = dict[str, Any]
LEVELS = ("easy", "normal", "hard", "random")
# Chance that 2d6 shows each banquet goal number.
_ROLL_ODDS = {n: (6 - abs(n - 7)) / 36 for n in range(2, 13)}
# Expected gain of one supply from one scavenge roll still to come (all six supplies alike).
_PER_ROLL = 0.6
# Width of hard's chance-of-out-doing curve, in supplies (normal: 1.2).
_HARD_SPREAD = 2.0
# Hard's weight on scavenge rolls still to come (x normal's) and on the Host winning ties.
_HARD_ROLLS = 3.0
_HARD_EDGE = 1.5
# With three rats or more, hard plays a steadier game (tuned on 3,000 three-rat games against two
# normals, seeds 1000-3999, 43.4% -> 52.5%; checked on 3,000 fresh ones, seeds 20000-22999,
# 44.4% -> 50.6%): it never counts on a Host (or, as Host, a rival) holding fewer than
# `_CROWD_FLOOR` of a supply at the comparison, so it piles up a few supplies rather than
# spreading; it reads its chances on a flatter curve; it prices the hat (flowers that out-do the
# Host) at `_CROWD_HAT` instead of 0.4; and it weighs dishes and decorations a little lower against
# nests, baubles and swords. One-on-one (the two-rat variant) these lost games, so it keeps the
# settings above there. A flatter curve still (3.5, not 3.0) and items weighed lower (0.7, not
# 0.8) were retuned on 2,000 games, seeds 1000-2999 (52.5% -> 54.1%), and checked on 3,000
# fresh ones, seeds 20000-22999 (50.5% -> 52.0%): the doubt in its guesses of the Host's piles
# is wider than the first tuning allowed for.
_CROWD_FLOOR = 5.0
_CROWD_SPREAD = 3.5
_CROWD_HAT = 2.0
_CROWD_ITEM = 0.7
# With three rats or more, hard judges its scavenges and gains against piles drawn along the public
# log (`sampler.Sampler`: every rat's secret choices drawn as a normal bot would make them, a
# count cut back to every answer heard), the mean of `_PILE_DRAWS` draws, in place of the log
# reading's even spread of every die, counting on no fewer than `_PILE_FLOOR` of a supply. Tuned
# on 1,500 three-rat games against two normals, seeds 30000-31499: 51.3% -> 56.1% (floor 5: 54.5%,
# 1.5: 56.2%; one draw: 54.9%, four: 54.4% at floor 5). With the nests and items drawn too (as a
# normal bot makes them): 56.4% there, 56.1% on 1,500 fresh games (seeds 40000-41499), and 51.7%
# of 300 games from seed 3 (the arena's usual run).
_PILE_DRAWS = 2
_PILE_FLOOR = 3.0
_PILE_KINDS = frozenset({"scavenge", "gain"})
_SUPPLY_INDEX = {name: i for i, name in enumerate(SUPPLIES)}
# Decisions that normal and easy make without reading the log.
_TRACKER_FREE = frozenset({"scavenge", "gain", "nest", "make"})


def goal_weights(goals: list[int], turn: int) -> dict[int, float]:
    """How much each goal is likely to count: 1 if circled, else its chance of being circled."""
    open_goals = [g for g in GOAL_NAMES if g not in goals]
    remaining = TURNS - len(goals)
    total = sum(_ROLL_ODDS[g] for g in open_goals) or 1.0
    weights = {g: 1.0 for g in goals}
    for g in open_goals:
        weights[g] = min(1.0, remaining * _ROLL_ODDS[g] / total)
    return weights


def _weight_table(weights: dict[int, float]) -> list[float]:
    """Goal weights as a list indexed by goal number (0 for goals not worth considering)."""
    table = [0.0] * 13
    for goal, weight in weights.items():
        table[goal] = weight
    return table


def _static_item_gain(w: list[float], items: set[int] | frozenset[int], dish: bool, value: int) -> float:
    """Normal's rough worth of one more item, goal by goal, without looking at other rats."""
    # Greedy/Refined/Generous for a dish, Grandiose/Dapper/Swanky for a decoration.
    biggest, total, count = (w[4], w[5], w[6]) if dish else (w[10], w[9], w[8])
    # Rounded so that a dish and a decoration worth the same tie exactly (and the tie is random).
    return round(-0.8 * w[2]
            + w[3] * (0.8 if value in items else 0.1)
            + w[11] * (0.8 if (value - 1 in items or value + 1 in items) else 0.1)
            + (0.9 * w[12] if value <= 3 else 0.0)
            + biggest * min(1.0, value / 8)
            + total * value / 10
            + count * 0.8, 9)


# The most positions one table's bots keep worths for (`TableWorths`): past it they start afresh.
_MEMOS_KEPT = 8192


class TableWorths:
    """The goal weights and item worths the RATS bots of one table work out, kept by the data they
    are pure functions of (circled goals, items held, a few figures), so a bot in a position seen
    before at the table reads them instead of working them out again. One table's bots share one
    (`seat_bots`; a bot made alone has its own); it holds nothing of any game's state, is bounded
    (`_MEMOS_KEPT` positions) and goes with the table's bots."""

    __slots__ = ("kept",)

    def __init__(self) -> None:
        self.kept: dict[tuple[Any, ...], Any] = {}

    def weights_for(self, goals: tuple[int, ...]) -> tuple[dict[int, float], list[float]]:
        """The goal weights worth considering once `goals` are circled, as a dict and as a table
        (read only): worked out once for those goals."""
        key = ("weights", goals)
        found: tuple[dict[int, float], list[float]] | None = self.kept.get(key)
        if found is None:
            weights = {g: w for g, w in goal_weights(list(goals), len(goals)).items() if w >= 0.05}
            found = self._keep(key, (weights, _weight_table(weights)))
        return found

    def worths(self, key: tuple[Any, ...]) -> dict[Any, float]:
        """The worths kept for the position `key` (a fresh dict the first time it is seen), filled
        by the bots that reach it."""
        memo: dict[Any, float] | None = self.kept.get(key)
        if memo is None:
            memo = self._keep(key, {})
        return memo

    def _keep(self, key: tuple[Any, ...], value: Any) -> Any:
        kept = self.kept
        if len(kept) >= _MEMOS_KEPT:
            kept.clear()
        kept[key] = value
        return value


# Stages in which the comparisons still to come start after the current supply.
_COMPARING = frozenset({"outdo", "swords", "outdo_next"})
_COMPARED = frozenset({"turn_end", "host_change"})


class _Context:
    """One decision's picture of the table, from the bot's own view."""

    # Built for every decision a bot makes: slots make it cheap to fill.
    __slots__ = ("bot", "view", "me", "supplies", "nests", "items", "_sheet", "host", "weights", "w",
                 "vocation", "turn", "carry_rate", "extra", "host_edge", "next_supply", "others",
                 "base", "standing", "hard", "spread", "fixed_rival", "item_cache", "floor", "hat",
                 "item_scale", "uses", "metrics")

    def __init__(self, bot: RatsBot, view: dict[str, Any]) -> None:
        # Built for every decision: each figure is read or worked out once, into a local first.
        self.bot = bot
        self.view = view
        me = self.me = view["seat"]
        mine = view["sheet"]
        self.supplies: list[int] = mine["supplies"]
        self.nests: list[bool] = mine["nests"]
        self._sheet: Sheet | None = None
        host = self.host = view["host"]
        self.weights = bot.weights(view["goals"])
        self.w = bot.weight_list
        vocation = self.vocation = view["vocations"][me]
        turn = self.turn = view["turn"]
        self.carry_rate = 0.12 if turn < TURNS else 0.0
        stage = view["stage"]
        rolls_left = SCAVENGE_ROLLS - view["scavenge_index"] if stage.startswith("scaven") else 0
        hard = self.hard = bot.hard
        # Hard reckons more boldly with the rolls still to come and with the Host's edge on ties.
        # Three-rat games against two normals (a fair share is 33%): tuned on 1,500 games, seeds
        # 20000-60000 (46.7% instead of 40.5%); checked on 1,500 fresh ones, seeds 70000-110000
        # (42.9% instead of 41.3%): a small gain, not the lead a hard bot should have.
        extra = self.extra = _PER_ROLL * rolls_left * (_HARD_ROLLS if hard else 1.0)
        edge = _HARD_EDGE if hard else 0.5
        self.host_edge = edge if me == host else -edge
        # First supply still to be compared this turn (6: none).
        self.next_supply = view["supply_index"] + 1 if stage in _COMPARING else 6 if stage in _COMPARED else 0
        self.others: list[Sheet] = []
        self.metrics: list[list[int]] = []
        self.base: float | None = None
        self.standing: dict[tuple[str, int], float] = {}
        if hard and view["seats"] > 2:
            # Hard with three rats or more: see `_CROWD_FLOOR`. The hat is worth more when
            # flowers out-do the Host (as Host: keeping it), an item less.
            self.spread, self.floor = _CROWD_SPREAD, _CROWD_FLOOR
            hat, scale = (_CROWD_HAT if me != host else 0.4), _CROWD_ITEM
        else:
            # How sure the bot is of out-doing a rival by a given margin. Hard's rival counts are
            # guesses from the log, and a flatter curve won clearly more games against normal
            # (41% vs 35% of 900 three-rat games, seeds 0-899; fair share 33%).
            self.spread, self.floor = (_HARD_SPREAD if hard else 1.2), 0.0
            hat, scale = 0.4, 1.0
        self.hat, self.item_scale = hat, scale
        # An item's rough worth, and an action's worth from it, depend only on the goal weights,
        # my items and the few figures above: kept from one decision to the next (and shared with
        # rats in the same position) until one of them changes.
        self.items, self.item_cache, self.uses = bot.item_memo(
            mine["dishes"], mine["decorations"], (vocation, scale, hat))
        self.fixed_rival = None if hard else 3.0 + extra

    @property
    def sheet(self) -> Sheet:
        """My own sheet as a Sheet (built only when a decision needs it)."""
        if self._sheet is None:
            self._sheet = Sheet.from_json(self.view["sheet"])
        return self._sheet

    def guess_sheets(self) -> list[Sheet]:
        """Best guesses of every sheet (mine exact), built once per decision."""
        if not self.others:
            tracker = self.bot.tracker
            self.others = [tracker.sheet_of(s) if s != self.me else self.sheet
                           for s in range(self.view["seats"])]
        return self.others

    def _score(self, mine: Sheet) -> float:
        """My weighted award lead over the average rival's, with `mine` as my sheet."""
        me = self.me
        metrics = self.metrics
        if not metrics:  # the guessed sheets' metrics, worked out once per decision
            metrics = self.metrics = [sheet_metrics(sheet) for sheet in self.others]
        metrics = list(metrics)
        metrics[me] = sheet_metrics(mine)
        score = 0.0
        for goal, weight in self.weights.items():
            awards = awards_of(goal, [m[goal] for m in metrics])
            rest = (sum(awards) - awards[me]) / (len(awards) - 1)
            score += weight * (awards[me] - rest)
        return score

    def item_gain(self, kind: str, value: int) -> float:
        """Rough worth of adding a dish or decoration of `value` to my sheet (goal table)."""
        return _static_item_gain(self.w, self.items, kind == "dish", value)

    def standing_gain(self, kind: str, value: int) -> float:
        """Change in my weighted award lead when the goals are re-scored on the guessed sheets."""
        key = (kind, value)
        gain = self.standing.get(key)
        if gain is None:
            if self.base is None:
                self.guess_sheets()
                self.base = self._score(self.sheet)
            mine = Sheet.from_json(self.view["sheet"])
            (mine.dishes if kind == "dish" else mine.decorations).append(value)
            gain = self.standing[key] = self._score(mine) - self.base
        return gain

    def _item(self, dish: bool, value: int) -> float:
        """`_static_item_gain` for this decision, each (kind, value) worked out once."""
        key = (dish, value)
        gain = self.item_cache.get(key)
        if gain is None:
            gain = self.item_cache[key] = _static_item_gain(self.w, self.items, dish, value)
        return gain

    def use_value(self, supply: int, count: int) -> float:
        """Worth of taking `supply`'s action with `count` of it."""
        if supply == STRAW:
            return self.nest_value()
        if supply != CRUMBS and supply != RAGS and supply != FLOWERS:
            return 1.4 if supply == BAUBLES else 1.0
        key = supply * 4096 + count
        value = self.uses.get(key)
        if value is None:
            value = self.uses[key] = self._item_use(supply, count)
        return value

    def _item_use(self, supply: int, count: int) -> float:
        """`use_value` of crumbs, rags and flowers (an item)."""
        if supply == CRUMBS or supply == RAGS:
            dish = supply == CRUMBS
            alt = self._item(not dish, count + 2) if self.vocation == "pickpocket" else -9.0
            return self.item_scale * max(self._item(dish, count), alt)
        return self.item_scale * max(self._item(True, count), self._item(False, count)) + self.hat

    def nest_value(self) -> float:
        if all(self.nests):
            return 0.0
        return 0.35 * (TURNS - self.turn) + 0.8 * self.w[7]

    def rival(self, supply: int) -> float:
        """Expected count to beat at this turn's comparison for `supply`."""
        if self.bot.level != "hard":
            return 3.0 + self.extra
        piles = self.bot.piles
        guess = self.bot.tracker.guess if piles is None else piles
        if self.me == self.host:
            count = max(guess[s][supply] for s in range(self.view["seats"]) if s != self.me)
        else:
            count = guess[self.host][supply]
        return max(count, self.floor if piles is None else _PILE_FLOOR) + self.extra

    def upcoming(self, supply: int) -> bool:
        """True if `supply` is still to be compared this turn."""
        return supply >= self.next_supply

    def holding(self, supply: int, count: int) -> float:
        """Worth of holding `count` of `supply` going into the comparisons (each decision asks
        for a few of these at most; a sword request keeps its own in `gains`)."""
        if count <= 0:
            return 0.0
        carry = self.carry_rate * count
        if supply < self.next_supply:
            return carry
        # Normal's rival is the same for every supply: worked out once per decision.
        rival = self.fixed_rival if self.fixed_rival is not None else self.rival(supply)
        chance = 1.0 / (1.0 + math.exp(-(count - rival + self.host_edge) / self.spread))
        return chance * self.use_value(supply, count) + (1 - chance) * carry

    def gain_value(self, supply: int, amount: int) -> float:
        """Worth of gaining `amount` of `supply` now."""
        have = self.supplies[supply]
        return self.holding(supply, have + amount) - self.holding(supply, have)


class RatsBot(TurnBot):
    """A bot for one seat at one level."""

    # Sword requests are built from the rules, not picked from the list: the headless runner
    # may hand over `RequestOptions` (built on demand) instead of hundreds of dicts.

    def __init__(self, level: str, seat: int, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown RATS bot level {level!r}")
        self.level = level
        self.hard = level == "hard"
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)
        # How many choices its random draw has settled (a tie for the best score): a bot that never
        # met one chose as a bot of any other seed would have (`worlds` reuses what such bots drew).
        self.ties = 0
        self.draws = 0  # numbers drawn from `rng` by `_best` (a sampler's models draw nowhere else)
        # Hard's drawn piles of every rat for the decision at hand (`_draw_piles`), else None;
        # a search's playouts turn the drawing off (their log begins mid-game: nothing to draw along).
        self.piles: list[list[float]] | None = None
        self.draws_piles = True
        # Its reading of the public log: its own, or the one its table's bots share (`seat_bots`).
        self.reading = LogReading()
        # What the reading has worked out, caught up before each decision that reads it.
        self.tracker = NO_TRACKER
        # The worths its table's bots have worked out: its own, or its table's (`seat_bots`).
        self.worths = TableWorths()
        self._weights: tuple[list[int] | None, dict[int, float]] = (None, {})
        self.weight_list = [0.0] * 13
        self._items: tuple[Any, frozenset[int], dict[tuple[bool, int], float], dict[int, float]] = (
            None, frozenset(), {}, {})
        self._goals: tuple[int, ...] = ()

    def item_memo(self, dishes: list[int], decorations: list[int], figures: tuple[Any, ...]) -> tuple[
            frozenset[int], dict[tuple[bool, int], float], dict[int, float]]:
        """My items as a set; the item worths worked out for them under the current goals (filled
        by `_Context._item`); and the worths of crumbs, rags and flowers actions under `figures`
        (vocation, item scale, hat; filled by `_Context.use_value`). Both are shared with every
        bot of the table in the same position (`TableWorths`): they are pure functions of it."""
        key = (self._goals, tuple(dishes), tuple(decorations), figures)
        if self._items[0] != key:
            items = frozenset(dishes) | frozenset(decorations)
            memo = self.worths.worths
            uses = memo(("uses", self._goals, items, figures))
            self._items = (key, items, memo(("items", self._goals, items)), uses)
        return self._items[1], self._items[2], self._items[3]

    def weights(self, goals: list[int]) -> dict[int, float]:
        """Goal weights worth considering (cached: they change once a turn); also sets `weight_list`."""
        if self._weights[0] != goals:
            self._goals = tuple(goals)
            kept, self.weight_list = self.worths.weights_for(self._goals)
            self._weights = (list(goals), kept)
        return self._weights[1]

    def decide_from_view(self, view: Any) -> Action | None:
        """A sword request of normal or hard, built from the view without its thousands of listed
        moves (the same request `act` makes); anything else is chosen from the list."""
        question = view["question"] if "question" in view else None
        if question is None or question["kind"] != "request" or self.level not in ("normal", "hard"):
            return None
        self.tracker = self.reading.tracker_for(view, self.history.said)
        return self._choose_request(_Context(self, view), ())

    def act(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Choose one of the legal actions."""
        if len(legal) == 1 or self.level == "random":
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        kind = legal[0]["type"]
        # The tracker catches up on the whole log whenever it is read, so normal reads it lazily.
        if self.level == "hard" or kind not in _TRACKER_FREE:
            self.tracker = self.reading.tracker_for(view, self.history.said)
        if self.level == "easy":
            return self._easy(view, legal, kind)
        drawn = self.hard and self.draws_piles and kind in _PILE_KINDS and view["seats"] > 2
        self.piles = self._draw_piles(view) if drawn else None
        chooser = _CHOOSERS.get(kind)
        return chooser(self, _Context(self, view), legal) if chooser else self.rng.choice(legal)

    def _draw_piles(self, view: dict[str, Any]) -> list[list[float]]:
        """Every other rat's supplies as the mean of a few draws along the public log (its own are
        not drawn, and read from its sheet):
        drawn from this bot's seed and how much was said, so the same position draws the same."""
        rng = random.Random(f"{self.seed}/{len(self.history.said)}")
        seats = view["seats"]
        piles = [[0.0] * 6 for _ in range(seats)]
        for _ in range(_PILE_DRAWS):
            drawn = Sampler(view, rng, normal_models(seats, rng))
            drawn.read(self.history.said)
            for seat, supplies in enumerate(drawn.supplies):
                for supply, count in enumerate(supplies):
                    piles[seat][supply] += count / _PILE_DRAWS
        return piles

    def _easy(self, view: dict[str, Any], legal: Sequence[Action], kind: str) -> Action:
        if kind == "scavenge":
            return max(legal, key=lambda a: (a["count"], self.rng.random()))
        if kind == "gain":
            return self.rng.choice([a for a in legal if a["supply"] in ("crumbs", "rags", "flowers")])
        if kind == "request":
            # A small request of a random rat and supply, picked without walking every amount. Read
            # from the grid's own axes, which the moves sent over the wire have too (a remote bot
            # must draw from its RNG exactly as the host's would).
            if isinstance(legal, MoveGrid) and len(legal.axes) == 2 and legal.axes[0]:
                pair = self.rng.choice(legal.axes[0])
                return {"type": "request", "seat": self.seat, "target": pair["target"],
                        "supply": pair["supply"], "amount": self.rng.choice((1, 2))}
            small = [a for a in legal if a["amount"] in (1, 2)]
            return self.rng.choice(small or legal)
        return self.rng.choice(legal)

    def _best(self, legal: Sequence[Action], score: Any) -> Action:
        """The best-scoring action, ties broken at random (one draw per action, in order)."""
        draw = self.rng.random
        self.draws += len(legal)
        best, top = legal[0], (score(legal[0]), draw())
        tied = None  # the best score met twice so far: the draws chose between them
        for action in legal[1:]:
            key = (score(action), draw())
            if key[0] == top[0]:
                tied = top[0]
            if key > top:
                best, top = action, key
        if tied == top[0]:
            self.ties += 1
        return best

    def _choose_scavenge(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        def score(a: Action) -> float:
            supply = _SUPPLY_INDEX[a["supply"]]
            factor = (3 if ctx.vocation == "carpenter" else 2) if ctx.nests[supply] else 1
            return ctx.gain_value(supply, a["count"] * factor)

        return self._best(legal, score)

    def _choose_gain(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        amount = ctx.view["question"]["amount"]
        return self._best(legal, lambda a: ctx.gain_value(_SUPPLY_INDEX[a["supply"]], amount))

    def _choose_nest(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        def score(a: Action) -> float:
            supply = SUPPLIES.index(a["supply"])
            if supply in (CRUMBS, RAGS, FLOWERS):
                return ctx.use_value(supply, 6) + 0.05 * ctx.supplies[supply]
            return 0.3 if supply == BAUBLES else 0.1

        return self._best(legal, score)

    def _choose_make(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        values = ctx.view["question"]["values"]

        def score(a: Action) -> float:
            gain = ctx.item_gain(a["item"], values[a["item"]])
            if self.level == "hard":  # also weigh where the item leaves me against the others
                gain += ctx.standing_gain(a["item"], values[a["item"]])
            return gain

        return self._best(legal, score)

    def _choose_goal(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        def score(a: Action) -> float:
            awards = goal_awards(a["goal"], ctx.guess_sheets())
            return awards[ctx.me] - max(awards[s] for s in range(len(awards)) if s != ctx.me)

        return self._best(legal, score)

    def request_options(self, view: Any, most: int) -> list[Action]:
        """The `most` sword requests this bot rates best at `view`, best first (the first is the
        one it makes): where a search weighs its judgement against the worlds it draws."""
        self.tracker = self.reading.tracker_for(view, self.history.said)
        return self._requests(_Context(self, view), most)

    def _choose_request(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        return self._requests(ctx, 1)[0]

    def _requests(self, ctx: _Context, most: int) -> list[Action]:
        """The `most` requests worth most, best first (an earlier one first among equals)."""
        lower, guess = self.tracker.lower, self.tracker.guess
        view = ctx.view
        # The best so far as (value, target, supply, amount), best first; `best_value` is the
        # worth a request must beat to be kept (the last kept's, once `most` are kept).
        top: list[tuple[float, int, int, int | str]] = []
        best_value = -1e9
        targets = [t for t in range(view["seats"]) if t != self.seat]
        taken = {(t, s) for t, s in view["taken"]}
        ruffian = ctx.vocation == "ruffian"
        holding, exp = ctx.holding, math.exp
        for supply in range(1, 6):
            have = ctx.supplies[supply]
            base = holding(supply, have)
            # Worth of gaining each amount of this supply: the targets' guesses often coincide.
            gains: dict[int, float] = {}
            for target in targets:
                if (target, supply) in taken:
                    continue
                low, est = lower[target][supply], guess[target][supply]
                # Only a sure amount and the amounts around the guess are worth weighing.
                for amount in {max(1, low), max(1, int(est)), int(est) + 1}:
                    amount = min(amount, MAX_REQUEST)
                    gain = gains.get(amount)
                    if gain is None:
                        gain = gains[amount] = holding(supply, have + amount) - base
                    # The chance is at most 1, so a request can be worth no more than max(gain, 0):
                    # when that cannot beat the best so far, its chance need not be worked out.
                    if best_value >= gain and best_value >= 0.0:
                        continue
                    # How likely the target holds that many: a logistic curve around the guess.
                    chance = 1.0 if amount <= low else 0.9 * (
                        1.0 / (1.0 + exp(-((est - amount + 0.5) / 1.0))))
                    value = chance * gain
                    if value > best_value:
                        best_value = _keep(top, (value, target, supply, amount), most)
                if ruffian and est >= 1:
                    value = ctx.gain_value(supply, min(MAX_REQUEST, int(est)))
                    if value > best_value:
                        best_value = _keep(top, (value, target, supply, "all"), most)
        if not top:  # nothing worth asking: the first request listed (from the view, the same)
            target, supply = next((t, s) for t in targets for s in range(1, 6) if (t, s) not in taken)
            return [self._request(target, supply, 1)]
        return [self._request(target, supply, amount) for _value, target, supply, amount in top]

    def _request(self, target: int, supply: int, amount: int | str) -> Action:
        return {"type": "request", "seat": self.seat, "target": target, "supply": SUPPLIES[supply],
                "amount": amount}

    def _threat(self, ctx: _Context, seat: int) -> float:
        sheet = ctx.guess_sheets()[seat]
        return len(sheet.dishes) + len(sheet.decorations) + sum(sheet.dishes + sheet.decorations) / 10

    def _choose_new_host(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        return min(legal, key=lambda a: self._threat(ctx, a["rat"]))

    def _choose_sword_order(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        return min(legal, key=lambda a: self._threat(ctx, a["rat"]))

    def _choose_winner(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        mine = [a for a in legal if a["rat"] == self.seat]
        return mine[0] if mine else legal[0]

    def _choose_vocation(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        order = ("carpenter", "count", "queen", "pickpocket", "banker", "pauper", "ruffian")
        return min(legal, key=lambda a: order.index(a["vocation"]))

    def _choose_verdict(self, ctx: _Context, legal: Sequence[Action]) -> Action:
        return next(a for a in legal if a["result"] == "heads")


# Each decision kind's chooser, looked up once rather than by name for every decision.
_CHOOSERS: dict[str, Any] = {
    name.removeprefix("_choose_"): method
    for name, method in vars(RatsBot).items() if name.startswith("_choose_")
}


def _keep(top: list[tuple[float, int, int, int | str]], request: tuple[float, int, int, int | str],
          most: int) -> float:
    """Keep `request` among the `most` best in `top` (a request already kept is kept once; after
    those it ties with, so an earlier one stays first); the worth the next must now beat."""
    if any(kept[1:] == request[1:] for kept in top):
        return top[-1][0] if len(top) == most else -1e9
    at = next((i for i, kept in enumerate(top) if request[0] > kept[0]), len(top))
    top.insert(at, request)
    del top[most:]
    return top[-1][0] if len(top) == most else -1e9


def normal_models(seats: int, rng: random.Random) -> list[RatsBot]:
    """A normal bot in every seat, sharing one store of worths: a table's model of its rats."""
    worths = TableWorths()
    models = [RatsBot("normal", seat, rng.getrandbits(32)) for seat in range(seats)]
    for model in models:
        model.worths = worths
    return models


def make_bot(level: str, seat: int, seed: int) -> RatsBot:
    """A RATS bot: level is easy, normal, hard or random."""
    return RatsBot(level, seat, seed)


def seat_bots(bots: dict[int, Any]) -> None:
    """Let a new table's RATS bots share one reading of its public log (what it tells is the same
    for every rat, so it is read once per table rather than once per bot) and one store of worths
    (`TableWorths`), the table's own: no other table reads or fills it."""
    reading, worths = LogReading(), TableWorths()
    for bot in bots.values():
        if isinstance(bot, RatsBot):
            bot.reading, bot.worths = reading, worths
