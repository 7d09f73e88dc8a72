"""What a RATS search reads: tables a rat may believe in, what a game is worth to each seat, and a
cheap estimate of a game not over. Pure Python.

A rat's view is the public table and its own sheet; the others' sheets are drawn along what was
said aloud (`sampler.Sampler`: counts announced, supplies spent, sword hand-overs, the items and
nests those actions made, every secret choice drawn as a normal bot would make it). The open pick
is asked again as the stage asked it: each rat's questions follow from the stage and the public
log, except the few that depend on a sheet (the Pauper's gain or tie), which follow from the
sheet drawn.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pie_table.core.decisions import Decision
from pie_table.core.history import Event, SeatHistory
from pie_table.core.search import estimate, returns_from
from pie_table.games.rats.bots import goal_weights, normal_models
from pie_table.games.rats.sampler import Sampler
from pie_table.games.rats.scoring import awards_of, sheet_metrics
from pie_table.games.rats.state import (
    BAUBLES,
    CRUMBS,
    FLOWERS,
    PICK,
    RAGS,
    STRAW,
    RatsState,
    Sheet,
)

Question = dict[str, Any]
# Awards a rat's lead needs to be worth about e (2.7) times the next one's chance of winning.
_SPREAD = 1.5
# Awards a supply carried into the next turn is worth (it may yet out-do a Host).
_CARRY = 0.04
# Stages in which the flowers spent this turn are still bids for the hat.
_BIDDING = frozenset({"outdo", "outdo_next", "swords", "turn_end", "host_change"})


def determinize(view: Mapping[str, Any], history: SeatHistory, rng: random.Random) -> RatsState:
    """The table of `view` (a `bot_view`) with the other rats' sheets sampled from what was said
    aloud and the open pick asked afresh of every rat whose answer the seat cannot see."""
    seats = view["seats"]
    said = history.said
    world = RatsState(seats=seats, seed=0, options=dict(view["options"]),
                      rng=random.Random(rng.getrandbits(64)))
    for name in ("stage", "turn", "host", "winner", "coin"):
        setattr(world, name, view[name])
    for name in ("goals", "vocations", "order_rolls", "dice", "sword_queue", "taken", "candidates",
                 "goal_awards", "awards"):
        setattr(world, name, _copy(view[name]))
    world.scavenge_index, world.supply_index = view["scavenge_index"], view["supply_index"]
    world.pick_order = next((list(e["order"]) for e in said if e["type"] == "pick_order"), [])
    pending = _pending(view, said)
    world.sheets = _sheets(view, said, pending, rng)
    if world.stage in _BIDDING:
        world.flower_bids = [[e["seat"], e["count"]] for e in _this_turn(said)
                             if e["type"] == "action" and e["supply"] == FLOWERS and e["seat"] != world.host]
    _ask(world, view, said, pending)
    return world


def _copy(value: Any) -> Any:
    return [_copy(v) for v in value] if isinstance(value, list) else value


def _this_turn(said: Sequence[Event]) -> Sequence[Event]:
    """What was said since the current turn began (everything, before the first)."""
    for index in range(len(said) - 1, -1, -1):
        if said[index]["type"] == "turn":
            return said[index:]
    return said


def _this_comparison(said: Sequence[Event]) -> tuple[int, Sequence[Event]]:
    """The Host's count announced last and what was said since."""
    for index in range(len(said) - 1, -1, -1):
        if said[index]["type"] == "host_has":
            return said[index]["count"], said[index:]
    return 0, ()


def _pending(view: Mapping[str, Any], said: Sequence[Event]) -> dict[int, list[Question]]:
    """Each rat's questions in the open pick as the stage asked them (the seat's own as its view
    shows them), before any answer the seat cannot see; a Pauper's gain-or-tie is marked
    `pauper` (its sheet decides which)."""
    asked: list[int] = view["to_act"]
    stage, host, seats = view["stage"], view["host"], view["seats"]
    found: dict[int, list[Question]] = {s: [] for s in asked}
    if stage == "order_rolled":
        for s in asked:
            times = 1 + sum(s in e["seats"] for e in said if e["type"] == "reroll")
            if len(view["order_rolls"][s]) < times:
                found[s] = [{"kind": "roll", "purpose": "order"}]
    elif stage == "turn_start":
        _gains(view, said, found)
    elif stage in ("outdo_next", "swords"):
        _after_comparison(view, said, found)
    else:
        kind = _ONE_SEAT.get(stage)
        if kind is not None:
            for s in asked:
                found[s] = [dict(kind)]
        if stage == "goal_set":
            found[host] = [{"kind": "goal", "reason": "queen" if view["vocations"][host] == "queen"
                            else "circled"}]
        elif stage == "scavenged":
            found = {s: [{"kind": "scavenge"}] for s in range(seats)}
    seat = view["seat"]
    if seat in found:
        found[seat] = [dict(q) for q in view["questions"]]
    return found


# The question of a stage that asks one rat one thing (who it asks is on the table: `to_act`).
_ONE_SEAT: dict[str, Question] = {
    "vocation_pick": {"kind": "vocation"},
    "goal_rolled": {"kind": "roll", "purpose": "goal"},
    "scavenge_rolled": {"kind": "roll", "purpose": "scavenge"},
    "host_change": {"kind": "new_host"},
    "winner_known": {"kind": "winner"},
    "flip": {"kind": "flipper"},
    "flipped": {"kind": "flip"},
    "verdict": {"kind": "verdict"},
}


def _gains(view: Mapping[str, Any], said: Sequence[Event], found: dict[int, list[Question]]) -> None:
    """The gains asked as a game or a turn begins: the setup pick, the two-rat bonus, the Banker's."""
    host, two = view["host"], view["options"]["two_player_variant"]
    banker = view["vocations"].index("banker") if "banker" in view["vocations"] else -1
    if view["turn"] == 0:
        for s in found:
            if s != host:
                found[s] = [_gain(2, "setup")] + ([_gain(2, "two_player", differ=True)] if two else [])
        if banker in found:
            found[banker].append(_gain(3, "banker"))
        return
    if banker in found and any(e["type"] == "new_host" for e in _this_turn(said)):
        found[banker].append(_gain(3, "banker"))
    if two and 1 - host in found:
        picks = view["options"]["two_player_bonus_picks"]
        found[1 - host] += [_gain(2, "two_player", differ=pick > 0) for pick in range(picks)]


def _gain(amount: int, reason: str, **more: Any) -> Question:
    return {"amount": amount, "reason": reason, **more, "kind": "gain"}


def _after_comparison(view: Mapping[str, Any], said: Sequence[Event], found: dict[int, list[Question]]
                      ) -> None:
    """The questions a supply's comparison asked (the Pauper's, the actions'), or the sword
    round's (the Host's order among tied swords, a sword's request)."""
    host = view["host"]
    if view["stage"] == "swords":
        queued = [entry[0] for entry in view["sword_queue"]]
        for s in found:
            if s in queued:
                found[s] = [{"kind": "request"}]
            elif s == host and view["candidates"]:
                found[s] = [{"kind": "sword_order"}]
    host_count, compared = _this_comparison(said)
    for e in compared:
        s = e.get("seat", -1)
        if s not in found or found[s]:
            continue
        if e["type"] == "rats" and view["vocations"][s] == "pauper":
            found[s] = [{"kind": "pauper", "count": host_count}]
        elif e["type"] == "action":
            found[s] = _action_question(view["vocations"][s], e["supply"], e["count"])


def _action_question(vocation: str | None, supply: int, spent: int) -> list[Question]:
    """What taking a supply's action asks (crumbs and rags ask only a Pickpocket)."""
    if supply == STRAW:
        return [{"kind": "nest"}]
    if supply == FLOWERS:
        return [{"values": {"dish": spent, "decoration": spent}, "kind": "make"}]
    if supply in (CRUMBS, RAGS) and vocation == "pickpocket":
        natural, other = ("dish", "decoration") if supply == CRUMBS else ("decoration", "dish")
        return [{"values": {natural: spent, other: spent + 2}, "kind": "make"}]
    return [_gain(5, "baubles")] if supply == BAUBLES else []


def _sheets(view: Mapping[str, Any], said: Sequence[Event], pending: dict[int, list[Question]],
            rng: random.Random) -> list[Sheet]:
    """Every sheet: the seat's own as it is, the others' sampled from the public log."""
    seat, seats = view["seat"], view["seats"]
    sampled = Sampler(view, rng, normal_models(seats, rng))
    sampled.read(said)
    sampled.unask(pending)
    revealed = view.get("revealed")
    sheets = []
    for s in range(seats):
        if s == seat:
            mine = view["sheet"]
            sheets.append(Sheet(list(mine["supplies"]), list(mine["nests"]), list(mine["dishes"]),
                                list(mine["decorations"])))
        elif revealed is not None:
            shown = revealed[s]
            sheets.append(Sheet(sampled.supplies[s], list(shown["nests"]), list(shown["dishes"]),
                                list(shown["decorations"])))
        else:
            sheets.append(Sheet(sampled.supplies[s], sampled.nests[s], sampled.dishes[s],
                                sampled.decorations[s]))
    _settle_pauper(view, sheets, pending)
    return sheets


def _settle_pauper(view: Mapping[str, Any], sheets: list[Sheet], pending: dict[int, list[Question]]) -> None:
    """A Pauper who said RATS holds no more than the Host: fewer asks for a gain, as many a tie."""
    supply = view["supply_index"]
    for s, asked in pending.items():
        for index, question in enumerate(asked):
            if question["kind"] != "pauper":
                continue
            supplies = sheets[s].supplies
            supplies[supply] = min(supplies[supply], question["count"])
            asked[index] = (_gain(1, "pauper") if supplies[supply] < question["count"]
                            else {"kind": "pauper_tie"})


def _ask(world: RatsState, view: Mapping[str, Any], said: Sequence[Event],
         pending: dict[int, list[Question]]) -> None:
    """Open the pick the table shows, with the seat's own answer (if it gave one) kept."""
    asked = view["to_act"]
    if not asked:
        return
    seats = world.seats
    decision = Decision(1, PICK, list(asked), sealed=len(asked) > 1,
                        data={"asks": [pending.get(s, []) for s in range(seats)]})
    for s in asked:
        if not pending.get(s):
            decision.answers[s] = {"type": "answered", "seat": s}  # an answer the world need not know
    world.stack.items.append(decision)
    world.stack.next_id = 2
    if view["stage"] == "swords":
        requests = [s for s in asked if pending.get(s) and pending[s][0]["kind"] == "request"]
        world.sword_current = requests[0] if requests else -1
    if view["stage"] == "flipped":
        world.flipper = asked[0]


def returns(state: RatsState) -> list[float]:
    """A win and a tenth for the awards, against the best."""
    return returns_from([state.winner], state.awards)


def evaluate(state: RatsState) -> list[float]:
    """Each rat's chance from the awards its sheet would take now: the circled goals in full, the
    goals still to be rolled by their chance of being circled, a little for supplies carried on,
    and the Host's tie-break. Once the ceremony has named the winner, the game's own returns: the
    coin still to flip changes nothing of them."""
    if state.winner >= 0:
        return returns(state)
    sheets = state.sheets
    worth = [0.0] * state.seats
    metrics = [sheet_metrics(sheet) for sheet in sheets]
    for goal, weight in _weights(tuple(state.goals)):
        for s, award in enumerate(awards_of(goal, [m[goal] for m in metrics])):
            worth[s] += weight * award
    for s, sheet in enumerate(sheets):
        worth[s] += _CARRY * sum(sheet.supplies)
    worth[state.host] += 0.5
    return estimate(worth, _SPREAD)


@functools.lru_cache(maxsize=64)
def _weights(goals: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The goal weights `evaluate` counts once `goals` are circled (a pure function of them, asked
    for at the end of every playout)."""
    return tuple((goal, weight) for goal, weight in goal_weights(list(goals), len(goals)).items()
                 if weight >= 0.05)


def settled(start: RatsState) -> Callable[[RatsState], bool]:
    """Playouts stop once the turn after `start`'s has begun (its goal is rolled): this turn's
    supplies have been compared whichever move began them; or once the ceremony has named the
    winner (what is left, the coin, is worth nothing to anyone: `evaluate` reads the returns)."""
    turn = start.turn
    return lambda state: state.turn > turn or state.winner >= 0

