"""Seat decisions: which actions each pending decision allows, and what choosing one does.

Every decision kind has an `_options_*` (the legal action dicts) and an `_apply_*` (the direct
effect). Sword requests have too many amounts to list cheaply for validation, so they are
checked by `_request_ok` instead of by membership.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pie_table.core.engine import IllegalAction
from pie_table.core.messages import Msg
from pie_table.core.move_grid import MoveGrid
from pie_table.games.rats import speech
from pie_table.games.rats.flow import circle_goal, make_item
from pie_table.games.rats.state import (
    GOAL_NAMES,
    SUPPLIES,
    SWORDS,
    VOCATIONS,
    RatsState,
    questions,
    rat,
    say,
    supply_amount,
    supply_word,
    tell,
)

Action = dict[str, Any]
Events = list[dict[str, Any]]
Item = dict[str, Any]
# The largest amount a request may name. The rulebook sets no cap; this bound only keeps the list
# of legal requests finite, and no rat comes near it in five turns (bot games peak near 35 of one
# supply, a Carpenter at about 54 rags in a turn). See docs/rulings/rats.md.
MAX_REQUEST = 999
_AMOUNTS = range(1, MAX_REQUEST + 1)


def _act(kind: str, seat: int, **data: Any) -> Action:
    return {"type": kind, "seat": seat, **data}


def _options_roll(state: RatsState, seat: int, item: Item) -> list[Action]:
    return [_act("roll", seat)]


def _options_flip(state: RatsState, seat: int, item: Item) -> list[Action]:
    return [_act("flip", seat)]


def _options_vocation(state: RatsState, seat: int, item: Item) -> list[Action]:
    return [_act("vocation", seat, vocation=v) for v in VOCATIONS if v not in state.vocations]


def _options_gain(state: RatsState, seat: int, item: Item) -> list[Action]:
    other_than = item.get("other_than")
    return [_act("gain", seat, supply=name) for i, name in enumerate(SUPPLIES) if i != other_than]


def _options_pauper_tie(state: RatsState, seat: int, item: Item) -> list[Action]:
    return [_act("pauper_tie", seat)]


def _apply_pauper_tie(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    tell(events, seat, "pauper_tie", "You tied with the Host: no Pauper's gain this time.")


def _options_goal(state: RatsState, seat: int, item: Item) -> list[Action]:
    return [_act("goal", seat, goal=g) for g in GOAL_NAMES if g not in state.goals]


def _options_scavenge(state: RatsState, seat: int, item: Item) -> list[Action]:
    a, b = state.dice
    # Written out: every rat chooses three times a turn.
    if a == b:
        return [{"type": "scavenge", "seat": seat, "supply": name, "count": a} for name in SUPPLIES]
    return [{"type": "scavenge", "seat": seat, "supply": SUPPLIES[a - 1], "count": b},
            {"type": "scavenge", "seat": seat, "supply": SUPPLIES[b - 1], "count": a}]


def _options_nest(state: RatsState, seat: int, item: Item) -> list[Action]:
    nests = state.sheets[seat].nests
    return [_act("nest", seat, supply=name) for i, name in enumerate(SUPPLIES) if not nests[i]]


def _options_make(state: RatsState, seat: int, item: Item) -> list[Action]:
    return [_act("make", seat, item=kind) for kind in ("dish", "decoration")]


def _options_rat(kind: str) -> Callable[[RatsState, int, Item], list[Action]]:
    def options(state: RatsState, seat: int, item: Item) -> list[Action]:
        return [_act(kind, seat, rat=r) for r in state.candidates]

    return options


def just_taken(state: RatsState, target: int, supply: int) -> bool:
    """True if someone took `supply` from rat `target` with a sword this turn: nobody may ask that
    rat for it again this turn (the same supply from another rat is fine)."""
    return [target, supply] in state.taken


def _request_axes(state: RatsState, seat: int) -> tuple[list[tuple[int, str]], Sequence[Any]]:
    """The (target, supply name) pairs a sword request may name, and the amounts, in listing order."""
    amounts: Sequence[Any] = _AMOUNTS
    if state.has(seat, "ruffian"):
        amounts = [*amounts, "all"]
    pairs = [(target, SUPPLIES[supply]) for target in range(state.seats) if target != seat
             for supply in range(1, 6) if not just_taken(state, target, supply)]
    return pairs, amounts


def _options_request(state: RatsState, seat: int, item: Item) -> Sequence[Action]:
    # Thousands of amounts: listed lazily, in the same order a full list would have.
    return RequestOptions(state, seat)


class RequestOptions(MoveGrid):
    """The sword-request options of `legal_actions`: every (rat, supply) pair a request may name,
    times every amount, each dict built only when read (thousands of dicts per decision would cost
    more than the rest of a turn, and bots and the form only look at a few of them)."""

    def __init__(self, state: RatsState, seat: int) -> None:
        self.seat = seat
        self.pairs, self.amounts = _request_axes(state, seat)
        super().__init__({"type": "request", "seat": seat},
                         [[{"target": target, "supply": supply} for target, supply in self.pairs],
                          [{"amount": amount} for amount in self.amounts]])


def _options_verdict(state: RatsState, seat: int, item: Item) -> list[Action]:
    return [_act("verdict", seat, result=face) for face in ("heads", "tails")]


def _apply_roll(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    dice = [state.rng.randint(1, 6), state.rng.randint(1, 6)]
    purpose = item["purpose"]
    if purpose == "order":
        state.order_rolls[seat].append(sum(dice))
        text = Msg("{rat} rolls {a} and {b} for the vocation order.", rat=rat(seat), a=dice[0], b=dice[1])
    else:
        state.dice = dice
        text = _roll_text(purpose, dice)
    say(events, "dice", text, seat=seat, dice=dice, purpose=purpose)


def _roll_text(purpose: str, dice: list[int]) -> Msg:
    a, b = dice
    if purpose == "goal":
        return Msg("The Host rolls {a} and {b}: banquet goal {goal}.", a=a, b=b, goal=a + b)
    if a == b:
        return Msg("The Host rolls doubles! {n} of any one supply.", n=a)
    return Msg("The Host rolls {a} and {b}: {first} or {second}.", a=a, b=b,
               first=supply_amount(b, a - 1), second=supply_amount(a, b - 1))


def _apply_vocation(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    state.vocations[seat] = action["vocation"]
    say(events, "vocation", speech.becomes(seat, action["vocation"]), seat=seat, vocation=action["vocation"])


def _apply_gain(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    supply = SUPPLIES.index(action["supply"])
    state.sheets[seat].supplies[supply] += item["amount"]
    after = questions(state, seat)
    if after and after[0]["kind"] == "gain" and after[0].get("differ"):
        after[0]["other_than"] = supply  # the second half of "2 of any two supplies"
    tell(events, seat, "gain", Msg("You gain {amount} ({why}).", amount=supply_amount(item["amount"], supply),
                                   why=Msg(item["reason"])),
         supply=supply, amount=item["amount"], reason=item["reason"])


def _apply_goal(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    circle_goal(state, action["goal"], events)


def _apply_scavenge(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    supply = SUPPLIES.index(action["supply"])
    a, b = state.dice
    # As `_options_scavenge` lists them: the supply on die a comes in b, any other (die b) in a.
    count = b if supply == a - 1 else a
    sheet = state.sheets[seat]
    factor = (3 if state.has(seat, "carpenter") else 2) if sheet.nests[supply] else 1
    gained = count * factor
    sheet.supplies[supply] += gained
    tell(events, seat, "scavenge", Msg("You scavenge {amount}.", amount=supply_amount(gained, supply)),
         supply=supply, amount=gained, factor=factor)


def _apply_nest(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    supply = SUPPLIES.index(action["supply"])
    state.sheets[seat].nests[supply] = True
    text = Msg("You build a nest by your {supply}.", supply=supply_word(supply))
    tell(events, seat, "nest", text, supply=supply)


def _apply_make(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    make_item(state, seat, action["item"], item["values"][action["item"]], events)


def _apply_sword_order(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    state.sword_current = action["rat"]
    state.candidates = []
    text = Msg("The Host lets {rat} ask first.", rat=rat(action["rat"]))
    say(events, "sword_order", text, seat=action["rat"])


def _apply_request(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    target, amount = action["target"], action["amount"]
    supply = SUPPLIES.index(action["supply"])
    have = state.sheets[target].supplies[supply]
    say(events, "request", speech.request(seat, target, amount, supply),
        seat=seat, target=target, supply=supply, amount=amount)
    # Either answer shows what the asked rat holds: a barrier undo never crosses (no probing).
    given = have if amount == "all" else (amount if have >= amount else 0)
    if given:
        state.sheets[target].supplies[supply] -= given
        state.sheets[seat].supplies[supply] += given
        state.taken.append([target, supply])
        say(events, "handover", speech.handover(target, given, supply),
            seat=target, to_seat=seat, supply=supply, amount=given, barrier=True)
    else:
        say(events, "refused", Msg("{rat}: RATS!", rat=rat(target)), seat=target, to_seat=seat, supply=supply,
            barrier=True)
    state.sword_queue = [entry for entry in state.sword_queue if entry[0] != seat]
    state.sword_current = -1


def _apply_new_host(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    state.candidates = [action["rat"]]
    text = Msg("The Host hands the hat to {rat}.", rat=rat(action["rat"]))
    say(events, "host_choice", text, seat=action["rat"])


def _apply_winner(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    state.winner = action["rat"]
    say(events, "tie_break", Msg("The final Host breaks the tie in favour of {rat}.", rat=rat(action["rat"])),
        seat=action["rat"])


def _apply_flipper(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    state.flipper = action["rat"]
    text = Msg("The Host asks {rat} to flip the coin.", rat=rat(action["rat"]))
    say(events, "flipper", text, seat=action["rat"])


def _apply_flip(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    state.coin = "heads" if state.rng.random() < 0.5 else "tails"
    say(events, "coin", Msg("{rat} flips the coin: {face}!", rat=rat(seat), face=Msg(state.coin)), seat=seat,
        coin=state.coin)


def _apply_verdict(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    if action["result"] != state.coin:
        state.coin = action["result"]
        say(events, "overrule", Msg("The Queen overrules the coin: it is {face}.", face=Msg(state.coin)),
            seat=seat, coin=state.coin)


_OptionsFn = Callable[[RatsState, int, Item], Sequence[Action]]
_ApplyFn = Callable[[RatsState, int, Item, Action, Events], None]
_KINDS: dict[str, tuple[_OptionsFn, _ApplyFn]] = {
    "roll": (_options_roll, _apply_roll),
    "flip": (_options_flip, _apply_flip),
    "vocation": (_options_vocation, _apply_vocation),
    "gain": (_options_gain, _apply_gain),
    "pauper_tie": (_options_pauper_tie, _apply_pauper_tie),
    "goal": (_options_goal, _apply_goal),
    "scavenge": (_options_scavenge, _apply_scavenge),
    "nest": (_options_nest, _apply_nest),
    "make": (_options_make, _apply_make),
    "sword_order": (_options_rat("sword_order"), _apply_sword_order),
    "request": (_options_request, _apply_request),
    "new_host": (_options_rat("new_host"), _apply_new_host),
    "winner": (_options_rat("winner"), _apply_winner),
    "flipper": (_options_rat("flipper"), _apply_flipper),
    "verdict": (_options_verdict, _apply_verdict),
}
# Keys a caller may leave out of an action: they only describe the choice.
_OPTIONAL = frozenset({"count"})
_MISSING = object()


def options_for(state: RatsState, seat: int) -> Sequence[Action]:
    """Legal actions for `seat`'s current question (empty when it has none)."""
    asked = questions(state, seat)
    if not asked:
        return []
    item = asked[0]
    return _KINDS[item["kind"]][0](state, seat, item)


def _listed(action: Action, options: Sequence[Action]) -> bool:
    """True if `action` is one of `options`. An exact copy (what bots and the UI send) is found by
    plain dict equality; anything else is compared key by key, types first (True == 1 in Python,
    but a bool is never a valid seat or amount)."""
    if action in options and bool not in map(type, action.values()):
        return True
    return any(_matches(action, option) for option in options)


def _matches(action: Action, option: Action) -> bool:
    # A plain loop: this runs for every listed option of every checked action. Types are
    # compared first: True == 1 in Python, but a bool is never a valid seat or amount.
    for key, value in option.items():
        given = action.get(key, _MISSING)
        if given is _MISSING:
            if key in _OPTIONAL:
                continue
            return False
        if type(given) is not type(value) or given != value:
            return False
    return True


def _plainly_listed(state: RatsState, seat: int, kind: str, action: Action) -> bool:
    """True if `action` is exactly one of the listed rolls or scavenge picks (what bots and the
    table send), found without building the list: these are two thirds of a game's answers. False
    says only "not found this way": `check` then compares it with the list itself."""
    if kind == "roll":
        return len(action) == 2
    if kind != "scavenge" or len(action) != 4:
        return False
    name, count = action.get("supply"), action.get("count")
    if type(count) is not int or name not in SUPPLIES:
        return False
    a, b = state.dice
    supply = SUPPLIES.index(name)
    # As `_options_scavenge` lists them: doubles any supply; else die a's supply in b, die b's in a.
    return count == a if a == b else (supply == a - 1 and count == b) or (supply == b - 1 and count == a)


def _request_ok(state: RatsState, seat: int, action: Action) -> str | Msg:
    target, supply, amount = action.get("target"), action.get("supply"), action.get("amount")
    if type(target) is not int or not 0 <= target < state.seats or target == seat:
        return "ask another rat at the table"
    if supply not in SUPPLIES or SUPPLIES.index(supply) == SWORDS:
        return "you may request baubles, straw, crumbs, rags or flowers, never cocktail swords"
    if just_taken(state, target, SUPPLIES.index(supply)):
        return Msg("{supply} were already taken from {rat} this turn: ask another rat for them",
                   supply=supply_word(SUPPLIES.index(supply)), rat=rat(target))
    if amount == "all" and isinstance(amount, str):
        return "" if state.has(seat, "ruffian") else "only the Ruffian may request all of a supply"
    if type(amount) is not int or not 1 <= amount <= MAX_REQUEST:
        return Msg("request a whole number from 1 to {most}", most=MAX_REQUEST)
    return ""


def _repeats_pick(item: Item, action: Action) -> bool:
    """True if the second pick of "2 of any two supplies" names the first pick's supply again."""
    other = item.get("other_than")
    return other is not None and action.get("supply") == SUPPLIES[other]


def check(state: RatsState, action: Any) -> tuple[int, dict[str, Any]]:
    """Raise IllegalAction unless `action` is legal now; return its seat and decision."""
    if not isinstance(action, dict):
        raise IllegalAction("an action must be a dict")
    seat = action.get("seat")
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise IllegalAction("unknown seat")
    if state.stage == "over":
        raise IllegalAction("the game is over")
    asked = questions(state, seat)
    if not asked:
        raise IllegalAction("that rat has nothing to decide now")
    item = asked[0]
    if action.get("type") != item["kind"]:
        raise IllegalAction(Msg("that rat must decide {kind!r} now", kind=item["kind"]))
    if item["kind"] == "request":
        reason = _request_ok(state, seat, action)
        if reason:
            raise IllegalAction(reason)
    elif item["kind"] == "gain" and _repeats_pick(item, action):
        raise IllegalAction(Msg("the bonus is 2 of two different supplies: pick one other than {supply}",
                                supply=supply_word(item["other_than"])))
    elif not _plainly_listed(state, seat, item["kind"], action) and not _listed(
            action, _KINDS[item["kind"]][0](state, seat, item)):
        raise IllegalAction(Msg("not a legal {kind} choice", kind=item["kind"]))
    return seat, item


def perform(state: RatsState, seat: int, item: Item, action: Action, events: Events) -> None:
    """Take the seat's question off its list and apply the (already checked) choice. Its last
    answer is its answer to the pick; the pick leaves the stack once every seat has answered."""
    pick = state.stack.items[-1]
    asked = pick.data["asks"][seat]
    asked.pop(0)
    _KINDS[item["kind"]][1](state, seat, item, action, events)
    if not asked:
        # Its answer to the pick (`check` made sure the pick asks it): written straight in, as
        # `Decision.record` would after checking again, since this runs for every answer.
        answers = pick.answers
        answers[seat] = action
        if len(answers) == len(pick.seats):
            state.stack.pop()
