"""The automatic parts of a RATS game: each stage runs once no decision is on the stack.

A stage either asks seats (one pick on the stack, `pend`) and names the stage that follows the
answers, or moves straight on.
Actions only record a seat's choice and its direct effect; everything else happens here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pie_table.core.messages import Msg
from pie_table.games.rats import speech
from pie_table.games.rats.scoring import goal_awards
from pie_table.games.rats.state import (
    CRUMBS,
    FLOWERS,
    GOAL_NAMES,
    RAGS,
    SCAVENGE_ROLLS,
    STRAW,
    SWORDS,
    TURNS,
    RatsState,
    pend,
    rat,
    say,
    supply_amount,
    supply_word,
    tell,
)

Events = list[dict[str, Any]]


def advance(state: RatsState, events: Events) -> None:
    """Run stages until some seat has to decide or the game is over."""
    stack = state.stack
    while state.stage != "over" and not stack.items:
        _STAGES[state.stage](state, events)


def _start(state: RatsState, events: Events) -> None:
    if state.options["vocations"]:
        for seat in range(state.seats):
            pend(state, seat, "roll", purpose="order")
        state.stage = "order_rolled"
    else:
        state.host = state.options["first_host"]
        state.stage = "setup"


def _order_rolled(state: RatsState, events: Events) -> None:
    keys = [tuple(rolls) for rolls in state.order_rolls]
    tied = [seat for seat, key in enumerate(keys) if keys.count(key) > 1]
    if tied:
        say(events, "reroll", Msg("A tie! {rats} roll again.", rats=[rat(s) for s in tied]), seats=tied)
        for seat in tied:
            pend(state, seat, "roll", purpose="order")
        return
    state.pick_order = sorted(range(state.seats), key=lambda s: keys[s], reverse=True)
    say(events, "pick_order", Msg("Vocations are chosen in this order: {rats}",
                                  rats=[rat(s) for s in state.pick_order]), order=list(state.pick_order))
    state.stage = "vocation_pick"


def _vocation_pick(state: RatsState, events: Events) -> None:
    chosen = sum(v is not None for v in state.vocations)
    if chosen < state.seats:
        pend(state, state.pick_order[chosen], "vocation")
        return
    state.host = state.pick_order[-1]
    state.stage = "setup"


def _setup(state: RatsState, events: Events) -> None:
    say(events, "welcome", Msg("{rat} is the Host and welcomes everyone aboard {ship}!", rat=rat(state.host),
                               ship=state.options["ship_name"]), host=state.host)
    _privilege(state, events)
    count = state.vocation_seat("count")
    if count >= 0:
        state.sheets[count].dishes.append(1)
        state.sheets[count].decorations.append(2)
        tell(events, count, "count", "As the Count you begin with a dish of 1 and a decoration of 2.")
    for seat in range(state.seats):
        if seat != state.host:
            pend(state, seat, "gain", amount=2, reason="setup")
            if state.options["two_player_variant"]:
                # With the setup pick this makes "2 straw and 2 rags": a second, different supply.
                pend(state, seat, "gain", amount=2, reason="two_player", differ=True)
    _banker(state)
    state.stage = "turn_start"


def _privilege(state: RatsState, events: Events) -> None:
    for supply in range(6):
        state.sheets[state.host].supplies[supply] += 1
    say(events, "privilege", Msg("{rat} takes the Host's Privilege: 1 of each supply.", rat=rat(state.host)),
        seat=state.host)


def _banker(state: RatsState) -> None:
    banker = state.vocation_seat("banker")
    if banker >= 0:
        pend(state, banker, "gain", amount=3, reason="banker")


def _turn_start(state: RatsState, events: Events) -> None:
    if state.turn == TURNS:
        state.stage = "ceremony"
        return
    state.turn += 1
    say(events, "turn", Msg("Turn {turn} of {turns} begins.", turn=state.turn, turns=TURNS), turn=state.turn)
    if state.has(state.host, "queen"):
        pend(state, state.host, "goal", reason="queen")
        state.stage = "goal_set"
    else:
        pend(state, state.host, "roll", purpose="goal")
        state.stage = "goal_rolled"


def _goal_rolled(state: RatsState, events: Events) -> None:
    rolled = sum(state.dice)
    if rolled in state.goals:
        say(events, "goal_taken", Msg("Goal {goal} is already circled: the Host picks another.", goal=rolled),
            goal=rolled)
        pend(state, state.host, "goal", reason="circled")
    else:
        circle_goal(state, rolled, events)
    state.stage = "goal_set"


def circle_goal(state: RatsState, goal: int, events: Events) -> None:
    """Everyone circles `goal`."""
    state.goals.append(goal)
    say(events, "goal", Msg("Everyone circles goal {goal}: {name}.", goal=goal, name=Msg(GOAL_NAMES[goal])),
        goal=goal)


def _goal_set(state: RatsState, events: Events) -> None:
    state.scavenge_index = 0
    state.stage = "scavenge"


def _scavenge(state: RatsState, events: Events) -> None:
    if state.scavenge_index == SCAVENGE_ROLLS:
        state.supply_index = SWORDS
        state.flower_bids = []
        state.stage = "outdo"
        return
    pend(state, state.host, "roll", purpose="scavenge")
    state.stage = "scavenge_rolled"


def _scavenge_rolled(state: RatsState, events: Events) -> None:
    for seat in range(state.seats):
        pend(state, seat, "scavenge")
    state.stage = "scavenged"


def _scavenged(state: RatsState, events: Events) -> None:
    state.scavenge_index += 1
    state.stage = "scavenge"


def _outdo(state: RatsState, events: Events) -> None:
    if state.supply_index > FLOWERS:
        state.stage = "turn_end"
        return
    supply = state.supply_index
    actors = compare_with_host(state, supply, events)
    if actors:
        _take_actions(state, supply, actors, events)
    state.stage = "swords" if supply == SWORDS and actors else "outdo_next"


def compare_with_host(state: RatsState, supply: int, events: Events) -> list[int]:
    """Announce one supply round of out-do-the-Host and return who must take the action."""
    counts = [sheet.supplies[supply] for sheet in state.sheets]
    host_count = counts[state.host]
    # Every answer here tells the table something about a secret sheet: a barrier undo never crosses
    # (else undoing the choice that led here would let a player probe the others' supplies).
    say(events, "host_has", Msg("Your Host has {amount}.", amount=supply_amount(host_count, supply)),
        seat=state.host, supply=supply, count=host_count, barrier=True)
    beaters = []
    for seat in range(state.seats):
        if seat == state.host:
            continue
        if counts[seat] > host_count:
            beaters.append(seat)
            say(events, "afraid", speech.afraid(seat, counts[seat], supply),
                seat=seat, supply=supply, count=counts[seat], barrier=True)
        else:
            say(events, "rats", Msg("{rat}: RATS!", rat=rat(seat)), seat=seat, supply=supply, barrier=True)
            if state.has(seat, "pauper"):
                # Asked in both cases: a decision only when fewer would tell everyone watching
                # whether the Pauper tied with the Host, and vocation use is secret.
                if counts[seat] < host_count:
                    pend(state, seat, "gain", amount=1, reason="pauper")
                else:
                    pend(state, seat, "pauper_tie")
    if beaters:
        return beaters
    if host_count > 0:
        return [state.host]  # the Host wins ties and takes the action when it has the most
    text = Msg("Nobody has any {supply}: nobody takes the action.", supply=supply_word(supply))
    say(events, "nobody", text, supply=supply, barrier=True)
    return []


def _take_actions(state: RatsState, supply: int, actors: list[int], events: Events) -> None:
    """Spend the supply of every actor and queue (or make) what the action gives them."""
    for seat in actors:
        sheet = state.sheets[seat]
        spent = sheet.supplies[supply]
        sheet.supplies[supply] = 0
        text = Msg("{rat} spends {amount}.", rat=rat(seat), amount=supply_amount(spent, supply))
        say(events, "action", text, seat=seat, supply=supply, count=spent)
        if supply == SWORDS:
            state.sword_queue.append([seat, spent])
        elif supply == STRAW:
            if all(sheet.nests):
                tell(events, seat, "no_nest", "Every supply has a nest already: the straw is wasted.")
            else:
                pend(state, seat, "nest")
        elif supply == FLOWERS:
            pend(state, seat, "make", values={"dish": spent, "decoration": spent})
            if seat != state.host:
                state.flower_bids.append([seat, spent])
        elif supply in (CRUMBS, RAGS):
            _cook_or_sew(state, seat, supply, spent, events)
        else:
            pend(state, seat, "gain", amount=5, reason="baubles")
    if supply == SWORDS:
        state.taken = []
        state.sword_current = -1


def _cook_or_sew(state: RatsState, seat: int, supply: int, spent: int, events: Events) -> None:
    natural = "dish" if supply == CRUMBS else "decoration"
    if state.has(seat, "pickpocket"):
        # The Pickpocket may make the other kind of item, worth 2 more.
        other = "decoration" if natural == "dish" else "dish"
        pend(state, seat, "make", values={natural: spent, other: spent + 2})
        return
    make_item(state, seat, natural, spent, events)


def make_item(state: RatsState, seat: int, item: str, value: int, events: Events) -> None:
    """Draw a dish or decoration of `value` on the seat's sheet."""
    sheet = state.sheets[seat]
    (sheet.dishes if item == "dish" else sheet.decorations).append(value)
    text = Msg("You make a dish of {value}.", value=value) if item == "dish" else Msg(
        "You make a decoration of {value}.", value=value)
    tell(events, seat, "item", text, item=item, value=value)


def _swords(state: RatsState, events: Events) -> None:
    if not state.sword_queue:
        state.stage = "outdo_next"
        return
    if state.sword_current < 0:
        most = max(count for _, count in state.sword_queue)
        tied = [seat for seat, count in state.sword_queue if count == most]
        if len(tied) > 1:
            state.candidates = tied
            pend(state, state.host, "sword_order")
            return
        state.sword_current = tied[0]
    pend(state, state.sword_current, "request")


def _outdo_next(state: RatsState, events: Events) -> None:
    state.supply_index += 1
    state.stage = "outdo"


def _turn_end(state: RatsState, events: Events) -> None:
    state.stage = "host_change"
    if not state.flower_bids:
        return
    most = max(count for _, count in state.flower_bids)
    tied = [seat for seat, count in state.flower_bids if count == most]
    if len(tied) > 1:
        state.candidates = tied
        pend(state, state.host, "new_host")
        return
    state.candidates = tied


def _host_change(state: RatsState, events: Events) -> None:
    """Hand over the hat (candidates[0] is the new Host, if any) and pay the end-of-turn gains."""
    last = state.turn == TURNS
    changed = bool(state.flower_bids) and state.candidates[0] != state.host
    if changed:
        state.host = state.candidates[0]
        say(events, "new_host", Msg("{rat} has the most flowers and becomes the Host!", rat=rat(state.host)),
            seat=state.host)
    state.flower_bids = []
    state.candidates = []
    state.stage = "turn_start"
    two_player = state.options["two_player_variant"]
    if changed or (two_player and state.options["two_player_privilege_each_turn"] and not last):
        _privilege(state, events)
    if last:
        return  # supplies gained after the final turn can score nothing, so nobody is asked
    if changed:
        _banker(state)
    if two_player:
        other = 1 - state.host
        for pick in range(state.options["two_player_bonus_picks"]):
            # "2 of any two supplies": the second pick must differ from the first.
            pend(state, other, "gain", amount=2, reason="two_player", differ=pick > 0)


def _ceremony(state: RatsState, events: Events) -> None:
    # Every sheet is compared in the open from here: nothing before it can be taken back.
    say(events, "ceremony", Msg("{rat}, the final Host, leads the Awards Ceremony.", rat=rat(state.host)),
        barrier=True)
    state.awards = [0] * state.seats
    for goal in sorted(state.goals):
        awards = goal_awards(goal, state.sheets)
        state.goal_awards.append([goal, awards])
        for seat, award in enumerate(awards):
            state.awards[seat] += award
        shares = [Msg("{rat}: {n}", rat=rat(s), n=a) for s, a in enumerate(awards) if a]
        text = (Msg("Goal {goal} ({name}): {shares}.", goal=goal, name=Msg(GOAL_NAMES[goal]), shares=shares)
                if shares else Msg("Goal {goal} ({name}): no awards.", goal=goal, name=Msg(GOAL_NAMES[goal])))
        say(events, "goal_awards", text, goal=goal, awards=list(awards))
    winner = _one_or_host_picks(state, max(state.awards), "winner")
    if winner is not None:
        state.winner = winner
    state.stage = "winner_known"


def _one_or_host_picks(state: RatsState, total: int, kind: str) -> int | None:
    """The one rat with `total` awards, or None after asking the Host to pick among several."""
    state.candidates = [seat for seat, awards in enumerate(state.awards) if awards == total]
    if len(state.candidates) > 1:
        pend(state, state.host, kind)
        return None
    return state.candidates[0]


def _winner_known(state: RatsState, events: Events) -> None:
    say(events, "winner", Msg("{rat} is the most fabulous rat aboard and takes the life raft!",
                              rat=rat(state.winner)),
        seat=state.winner, awards=list(state.awards))
    flipper = _one_or_host_picks(state, min(state.awards), "flipper")
    if flipper is not None:
        state.flipper = flipper
    state.stage = "flip"


def _flip(state: RatsState, events: Events) -> None:
    state.candidates = []
    pend(state, state.flipper, "flip")
    state.stage = "flipped"


def _flipped(state: RatsState, events: Events) -> None:
    queen = state.vocation_seat("queen")
    if queen >= 0:
        pend(state, queen, "verdict")
        state.stage = "verdict"
        return
    _verdict(state, events)


def _verdict(state: RatsState, events: Events) -> None:
    if state.coin == "heads":
        text = "Heads! All the rats escape into the icy water as the ship goes down."
    else:
        text = "Tails! Do send our regards to the captain."
    say(events, "fate", text, coin=state.coin)
    state.stage = "over"


_STAGES: dict[str, Callable[[RatsState, Events], None]] = {
    "start": _start,
    "order_rolled": _order_rolled,
    "vocation_pick": _vocation_pick,
    "setup": _setup,
    "turn_start": _turn_start,
    "goal_rolled": _goal_rolled,
    "goal_set": _goal_set,
    "scavenge": _scavenge,
    "scavenge_rolled": _scavenge_rolled,
    "scavenged": _scavenged,
    "outdo": _outdo,
    "swords": _swords,
    "outdo_next": _outdo_next,
    "turn_end": _turn_end,
    "host_change": _host_change,
    "ceremony": _ceremony,
    "winner_known": _winner_known,
    "flip": _flip,
    "flipped": _flipped,
    "verdict": _verdict,
}
