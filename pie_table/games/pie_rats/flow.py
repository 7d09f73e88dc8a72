"""How a Pie Rats round runs: the phases, the turns within them, and the reaction windows.

Every phase from 2 to 6 is walked by every Captain from the Lead Player clockwise, each asked for
a turn even with nothing to play, so that how long a turn takes tells nobody what is in a hand.
Reaction windows (Charisma Theft after phase 2, a Mirror against a Charm, an ambush on a loot) ask
every other seat, sealed, with pass always legal; the held move resolves when the window closes.
"""

from __future__ import annotations

from typing import Any

from pie_table.core.decisions import Decision
from pie_table.core.engine import Action, Event, IllegalAction
from pie_table.core.messages import Msg
from pie_table.games.pie_rats import moves
from pie_table.games.pie_rats.deck import BEAN, CARDS, KEYS, KIDNAP, PIES, SPINACH
from pie_table.games.pie_rats.reckon import out_of_reach, owes_no_loot_penalty, strongest_possible_crew
from pie_table.games.pie_rats.state import (
    HAND_SIZE,
    PieRatsState,
    captain_name,
    card_name,
    say,
)

TURN, THEFT_WINDOW, MIRROR_WINDOW, AMBUSH_WINDOW, REFILL = "turn", "theft", "mirror", "ambush", "refill"
PHASE_NAMES = {1: "Reveal", 2: "Charisma", 3: "Crew", 4: "Declare", 5: "Lure", 6: "Loot"}
# Messages made once: events repeat them hundreds of times a game, and a message is never changed.
_PHASE_MSGS = {p: Msg("Phase {phase}: {name}", phase=p, name=Msg(name)) for p, name in PHASE_NAMES.items()}
_ANSWERED = Msg("Your answer is in.")


# -- opening decisions -----------------------------------------------------------------------------------


def open_turn(state: PieRatsState) -> None:
    state.stack.push_turn(TURN, state.turn_seat(), {"public": {"phase": state.phase}})


def open_window(state: PieRatsState, kind: str, seats: list[int], held: dict[str, Any] | None = None) -> None:
    order = [s for s in state.order() if s in seats]
    public = {"held": held} if held is not None else {}
    deadline = float(state.options["reaction_seconds"])
    state.stack.push_window(kind, seats, order, deadline, {"held": held, "public": public})


def others(state: PieRatsState, seat: int) -> list[int]:
    return [s for s in range(state.seats) if s != seat]


def start_round(state: PieRatsState, events: list[Event]) -> None:
    state.round += 1
    state.phase = 1
    for flags in (state.declared, state.acted, state.looted, state.frozen, state.tried):
        flags[:] = [False] * state.seats
    for crew in state.crews:
        for rat in crew:
            rat.protected = rat.lured = False
    say(
        events,
        "round",
        Msg("Round {round}: {captain} leads.", round=state.round, captain=captain_name(state, state.lead)),
        round=state.round,
        lead=state.lead,
    )
    if state.pie_deck:
        pie = state.pie_deck.pop()
        state.sill.append(pie)
        say(
            events,
            "reveal",
            Msg(
                "A pie cools on the window sill: {pie} (weight {weight}, {points} points).",
                pie=Msg(PIES[pie].name),
                weight=PIES[pie].weight,
                points=PIES[pie].points,
            ),
            pie=pie,
        )
    start_phase(state, 2, events)


def start_phase(state: PieRatsState, phase: int, events: list[Event]) -> None:
    state.phase = phase
    state.turn_index = 0
    if phase == 5:
        # Anyone who did not protect may lure (the rulebook's phase 5): a Captain who ended its
        # phase-4 turn with Done declared nothing but protected nothing either.
        state.declared[:] = [d or not a for d, a in zip(state.declared, state.acted, strict=True)]
        state.acted[:] = [False] * state.seats  # `acted` now means "has made its lure"
    events.append({"type": "phase", "text": _PHASE_MSGS[phase], "phase": phase})  # `say`, written out
    open_turn(state)


def end_turn(state: PieRatsState, events: list[Event]) -> None:
    """The turn on top of the stack is over: the next Captain, or the phase's end."""
    state.stack.pop()
    state.turn_index += 1
    if state.turn_index < state.seats:
        open_turn(state)
        return
    end_phase(state, events)


def end_phase(state: PieRatsState, events: list[Event]) -> None:
    if state.phase == 2 and any(state.charisma):
        open_window(state, THEFT_WINDOW, list(range(state.seats)))
        return
    if state.phase == 5:
        for crew in state.crews:
            for rat in crew:
                rat.lured = False
    if state.phase < 6:
        start_phase(state, state.phase + 1, events)
        return
    state.stack.push(REFILL, list(range(state.seats)), sealed=True)
    say(
        events,
        "refill",
        Msg(
            "Round {round} is over: discard what you like, then draw to {n}.", round=state.round, n=HAND_SIZE
        ),
    )


# -- applying ---------------------------------------------------------------------------------------------


def apply(state: PieRatsState, seat: int | None, action: Action, events: list[Event]) -> None:
    """Check and apply one action for `seat` (None: the table's timeout). Raises before any change."""
    if state.over:
        raise IllegalAction(Msg("The game is over"))
    top = state.stack.top()
    if top is None:
        raise IllegalAction(Msg("Nothing is waiting for a decision"))
    kind = action.get("type")
    if kind == "timeout":
        if seat is not None:
            raise IllegalAction(Msg("Only the table may take that action"))
        if top.deadline is None:
            raise IllegalAction(Msg("This decision has no time limit"))
        top.run_out()
        close_window(state, top, events)
        return
    if not isinstance(seat, int) or not top.asks(seat):
        raise IllegalAction(Msg("It is not your turn to act"))
    if top.kind == TURN:
        turn_move(state, seat, action, events)
    elif top.kind == REFILL:
        refill(state, top, seat, action, events)
    else:
        window_answer(state, top, seat, action, events)


def turn_move(state: PieRatsState, seat: int, action: Action, events: list[Event]) -> None:
    kind, phase = action.get("type"), state.phase
    if kind == "done":
        if phase == 6 and _owes_penalty(state, seat):
            moves.do_no_loot(state, seat, events)
        end_turn(state, events)
        return
    allowed = _TURN_MOVES.get(phase, ())
    if kind not in allowed:
        raise IllegalAction(_wrong_phase(kind, phase))
    if kind == "table":
        moves.do_table(state, seat, moves.check_table(state, seat, action), events)
    elif kind == "theft":
        moves.do_theft(state, seat, moves.check_theft(state, seat, action), events)
    elif kind == "crew":
        moves.do_crew(state, seat, moves.check_crew(state, seat, action), events)
    elif kind in ("protect", "declare"):
        if state.acted[seat]:
            raise IllegalAction(Msg("Protect one crew member or declare a lure: not both"))
        if kind == "protect":
            moves.do_protect(state, seat, moves.check_protect(state, seat, action), events)
        else:
            moves.do_declare(state, seat, events)
        end_turn(state, events)
    elif kind == "lure":
        lure = moves.check_lure(state, seat, action)
        if moves.has_charm(lure):
            moves.announce_lure(state, lure, events)
            open_window(state, MIRROR_WINDOW, others(state, seat), lure)
        else:
            moves.do_lure(state, lure, events)
            end_turn(state, events)  # a lure is the last thing a Captain does in phase 5
    elif kind == "spinach":
        moves.do_spinach(state, seat, moves.check_spinach(state, seat, action), events)
    elif kind == "kidnap":
        moves.do_kidnap(state, seat, moves.check_mean(state, seat, action, KIDNAP), events)
    elif kind == "bean":
        moves.do_bean(state, seat, moves.check_mean(state, seat, action, BEAN), events)
    elif kind == "call_loot":
        moves.check_call(state, seat)
        moves.do_call(state, seat, events)
    elif kind == "loot":
        loot = moves.check_loot(state, seat, action)
        if _ambush_open(state, seat):
            say(
                events,
                "loot_try",
                Msg(
                    "{captain} reaches for {pie} (strength {total} for weight {weight}).",
                    captain=captain_name(state, seat),
                    pie=Msg(PIES[loot["pie"]].name),
                    total=loot["total"],
                    weight=loot["weight"],
                ),
                seat=seat,
                pie=loot["pie"],
                crew=list(loot["crew"]),
            )
            state.tried[seat] = True
            open_window(state, AMBUSH_WINDOW, others(state, seat), loot)
        else:
            _finish_loot(state, loot, events)


_ITEMS = ("spinach", "kidnap", "bean")
# Items have no phase of their own (docs/rulings/pie-rats.md): a Captain plays them on any of its turns.
_TURN_MOVES: dict[int, tuple[str, ...]] = {
    2: ("table", "theft", *_ITEMS),
    3: ("crew", *_ITEMS),
    4: ("protect", "declare", *_ITEMS),
    5: ("lure", *_ITEMS),
    6: ("call_loot", "loot", *_ITEMS),
}


def _wrong_phase(kind: Any, phase: int) -> Msg:
    if kind == "table":
        return Msg("Charisma cards are tabled in phase 2 only")
    if kind == "crew":
        return Msg("Crew members join in phase 3 only")
    if kind in ("protect", "declare"):
        return Msg("Protecting and declaring happen in phase 4")
    if kind == "lure":
        return Msg("Lures happen in phase 5")
    if kind == "theft":
        return Msg("Charisma Theft is played in phase 2")
    if kind in ("loot", "call_loot"):
        return Msg("Pies are looted in phase 6")
    return Msg("That is not a move now")


def _owes_penalty(state: PieRatsState, seat: int) -> bool:
    """Ending phase 6 without a pie it could not carry costs the strongest crew member: under the
    standard reading only a Captain who called "I'm looting a pie!"; with the option
    `no_loot_penalty: always`, every Captain (`reckon.owes_no_loot_penalty`)."""
    called, looted = state.frozen[seat], state.looted[seat]
    reading = state.options["no_loot_penalty"]
    return owes_no_loot_penalty(reading, called, looted, state.sill, state.strength(seat))


def _ambush_open(state: PieRatsState, seat: int) -> bool:
    """Does this loot give the others a last chance (rule c always; rule a when not called)?"""
    rule = state.options["phase6"]
    return state.seats > 1 and (rule == "c" or (rule == "a" and not state.frozen[seat]))


def _finish_loot(state: PieRatsState, loot: dict[str, Any], events: list[Event]) -> None:
    """The pie is carried off; the looter's turn ends with it (items come before a loot)."""
    moves.do_loot(state, loot, events)
    if not state.pie_deck and not state.sill:
        finish(state, events)
    elif not end_if_out_of_reach(state, events):
        end_turn(state, events)


def window_answer(state: PieRatsState, top: Decision, seat: int, action: Action, events: list[Event]) -> None:
    kind = action.get("type")
    if kind != "pass":
        if top.kind == THEFT_WINDOW and kind == "theft":
            moves.check_theft(state, seat, action)
        elif top.kind == MIRROR_WINDOW and kind == "mirror":
            moves.check_mirror(state, seat, action)
        elif top.kind == AMBUSH_WINDOW and kind in ("kidnap", "bean"):
            held = top.data["held"]
            moves.check_mean(
                state, seat, action, KIDNAP if kind == "kidnap" else BEAN, only_owner=held["seat"]
            )
        else:
            raise IllegalAction(Msg("Play the card this window is for, or pass"))
    top.record(seat, action)
    _tell_answered(events, seat)
    if top.is_complete():
        close_window(state, top, events)


def close_window(state: PieRatsState, top: Decision, events: list[Event]) -> None:
    """A complete window (or refill) resolves: the winning claim, or the held move."""
    if top.kind == REFILL:
        _close_refill(state, top, events)
        return
    state.stack.pop()
    won = top.winner()
    if top.kind == THEFT_WINDOW:
        if won is None:
            start_phase(state, 3, events)
            return
        seat, action = won
        moves.do_theft(state, seat, moves.check_theft(state, seat, action), events)
        if any(state.charisma):
            open_window(state, THEFT_WINDOW, list(range(state.seats)))
        else:
            start_phase(state, 3, events)
    elif top.kind == MIRROR_WINDOW:
        held = _held_move(top)
        if won is None:
            moves.do_lure(state, held, events)
            end_turn(state, events)
        else:
            seat, action = won
            moves.do_mirror(state, seat, moves.check_mirror(state, seat, action), held, events)
            end_turn(state, events)
    elif top.kind == AMBUSH_WINDOW:
        held = _held_move(top)
        if won is None:
            _finish_loot(state, held, events)
            return
        seat, action = won
        kind = KIDNAP if action["type"] == "kidnap" else BEAN
        found = moves.check_mean(state, seat, action, kind, only_owner=held["seat"])
        (moves.do_kidnap if kind == KIDNAP else moves.do_bean)(state, seat, found, events)
        if moves.loot_still_holds(state, held):
            open_window(state, AMBUSH_WINDOW, others(state, held["seat"]), held)
        else:
            say(
                events,
                "loot_fails",
                Msg(
                    "{captain} no longer has the strength for {pie}.",
                    captain=captain_name(state, held["seat"]),
                    pie=Msg(PIES[held["pie"]].name),
                ),
                seat=held["seat"],
                pie=held["pie"],
            )


def _held_move(top: Decision) -> dict[str, Any]:
    """The lure or loot a mirror or ambush window holds back until it closes (open_window keeps it)."""
    held = top.data.get("held")
    assert held is not None, f"a {top.kind} window without its held move"
    return held


def refill(state: PieRatsState, top: Decision, seat: int, action: Action, events: list[Event]) -> None:
    if action.get("type") != "refill":
        raise IllegalAction(Msg("Choose the cards to discard (or none), then draw"))
    cards = moves.int_list(action, "cards")
    for card in cards:
        if card not in state.hands[seat]:
            raise IllegalAction(Msg("That card is not in your hand"))
    top.record(seat, {"type": "refill", "cards": cards})
    _tell_answered(events, seat)
    if top.is_complete():
        close_window(state, top, events)


def _tell_answered(events: list[Event], seat: int) -> None:
    """`tell(events, seat, "answered", ...)`, written out: every answer in a window is told."""
    events.append({"type": "answered", "text": _ANSWERED, "to": seat, "audience": [seat]})


def _close_refill(state: PieRatsState, top: Decision, events: list[Event]) -> None:
    state.stack.pop()
    for seat in state.order():
        cards = top.answers[seat].get("cards", [])
        for card in cards:
            state.hands[seat].remove(card)
            state.discard.append(card)
        if cards:
            say(
                events,
                "discard",
                Msg(
                    "{captain} discards {cards}.",
                    captain=captain_name(state, seat),
                    cards=[card_name(c) for c in cards],
                ),
                seat=seat,
                cards=list(cards),
            )
    for seat in state.order():
        draw_to_hand(state, seat, events)
    state.lead = (state.lead + 1) % state.seats
    start_round(state, events)


def draw_to_hand(state: PieRatsState, seat: int, events: list[Event]) -> None:
    """Draw up to a full hand; the face-up discard is shuffled into a new draw pile when needed."""
    drawn: list[int] = []
    while len(state.hands[seat]) < HAND_SIZE:
        if not state.draw:
            if not state.discard:
                break
            state.draw = state.discard
            state.discard = []
            state.rng.shuffle(state.draw)
            say(
                events,
                "reshuffle",
                Msg("The discard pile is shuffled into a new draw pile."),
                size=len(state.draw),
            )
        card = state.draw.pop()
        state.hands[seat].append(card)
        drawn.append(card)
    if drawn:
        # `say` and `tell`, written out (every Captain draws every round).
        count = len(drawn)
        events.append({"type": "draw", "text": _draws_msg(state, seat, count), "seat": seat, "count": count})
        text = Msg("You draw {cards}.", cards=[card_name(c) for c in drawn])
        events.append(
            {"type": "drew", "text": text, "to": seat, "audience": [seat], "seat": seat, "cards": drawn,
             "barrier": True}
        )


_DRAWS_MSGS: dict[tuple[int, int, int], Msg] = {}


def _draws_msg(state: PieRatsState, seat: int, count: int) -> Msg:
    """"Captain Red Hook draws 2.", made once for each Captain and count (a message is read,
    never changed)."""
    key = (state.captains[seat], seat, count)
    found = _DRAWS_MSGS.get(key)
    if found is None:
        found = _DRAWS_MSGS[key] = Msg("{captain} draws {n}.", captain=captain_name(state, seat), n=count)
    return found


# -- the end ----------------------------------------------------------------------------------------


_POINTS = tuple(p.points for p in PIES)
_WEIGHTS = tuple(p.weight for p in PIES)


def standings(state: PieRatsState) -> list[list[int]]:
    """[points, total weight, pies] per seat: the rulebook's order of tie-breakers."""
    return [[sum(_POINTS[p] for p in won), sum(_WEIGHTS[p] for p in won), len(won)] for won in state.won]


# The most strength one Captain could ever gather with this deck (`reckon.strongest_possible_crew`).
_REACH = strongest_possible_crew([c.strength for c in CARDS if c.kind == "crew"], KEYS.count(SPINACH))


def end_if_out_of_reach(state: PieRatsState, events: list[Event]) -> bool:
    """A house rule (docs/rulings/pie-rats.md): when no Captain could ever carry any pie still to
    come or still cooling, the game could never end by the rulebook; it ends now, settled by the
    tie-breakers. True if it ended."""
    left = state.sill + state.pie_deck
    if not out_of_reach(left, _REACH):
        return False
    say(
        events,
        "out_of_reach",
        Msg(
            "No crew could ever carry a pie that is left (strength {reach} at most): the game ends here.",
            reach=_REACH,
        ),
        pies=list(left),
    )
    finish(state, events)
    return True


def _first_loot(state: PieRatsState, seat: int) -> int:
    """How many pies had been looted before this seat's first (tie-breaker f)."""
    return state.loot_order.index(seat) if seat in state.loot_order else len(state.loot_order)


def finish(state: PieRatsState, events: list[Event]) -> None:
    """The winners by the rulebook's tie-breakers: points, total weight, pies (a to c), then the
    Captain who looted the first pie (f; d and e ask who ate pie, which a table knows, not the game)."""
    state.over = True
    state.stack.items.clear()
    table = standings(state)
    best = max(table)
    tied = [s for s in range(state.seats) if table[s] == best]
    state.winners = [min(tied, key=lambda s: _first_loot(state, s))] if best[2] else tied
    if len(tied) == 1:
        say(
            events,
            "winner",
            Msg(
                "{captain} wins with {points} points!",
                captain=captain_name(state, state.winners[0]),
                points=best[0],
            ),
            winners=list(state.winners),
        )
    elif len(state.winners) == 1:
        say(
            events,
            "winner",
            Msg(
                "{captain} wins the tie on points, weight and pies: the first of them to loot a pie.",
                captain=captain_name(state, state.winners[0]),
            ),
            winners=list(state.winners),
            tie_break="first_pie",
        )
    else:
        say(
            events,
            "tie",
            Msg(
                "A tie on points, weight and pies: {captains} share the win!",
                captains=[captain_name(state, s) for s in state.winners],
            ),
            winners=list(state.winners),
        )
