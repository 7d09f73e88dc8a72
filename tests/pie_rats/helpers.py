"""Building Pie Rats positions by hand for rule tests."""

from __future__ import annotations

from pie_table.core.engine import IllegalAction
from pie_table.games.pie_rats import flow
from pie_table.games.pie_rats.deck import CARDS, PIES
from pie_table.games.pie_rats.rules import RULES
from pie_table.games.pie_rats.state import PieRatsState, Rat
from tests import told


def cards_of(key: str) -> list[int]:
    return [i for i, c in enumerate(CARDS) if c.key == key]


def crew_with(loyalty: int, strength: int | None = None, skip: tuple[int, ...] = ()) -> int:
    for i, c in enumerate(CARDS):
        if (
            c.kind == "crew"
            and c.loyalty == loyalty
            and (strength is None or c.strength == strength)
            and i not in skip
        ):
            return i
    raise LookupError((loyalty, strength))


def pie_with(weight: int) -> int:
    return next(i for i, p in enumerate(PIES) if p.weight == weight)


def position(
    seats: int = 3,
    phase: int = 5,
    turn: int = 0,
    options: dict | None = None,
    *,
    hands: dict[int, list[int]] | None = None,
    charisma: dict[int, list[int]] | None = None,
    crews: dict[int, list[int]] | None = None,
    sill: list[int] | None = None,
) -> PieRatsState:
    """A game put in `phase` with `turn` seats of that phase done; every named card is taken out of
    wherever it was (draw, hands) so no card is in two places."""
    state = RULES.new_state(seats, 7, options)
    named = [c for group in (hands, charisma, crews) for cards in (group or {}).values() for c in cards]
    for card in named:
        for hand in state.hands:
            if card in hand:
                hand.remove(card)
        if card in state.draw:
            state.draw.remove(card)
    for seat in range(seats):
        # Hands not named are emptied into the draw pile, so tests see exactly what they set.
        if hands is None or seat not in hands:
            state.draw.extend(state.hands[seat])
            state.hands[seat] = []
    for seat, cards in (hands or {}).items():
        state.hands[seat] = list(cards)
    for seat, cards in (charisma or {}).items():
        state.charisma[seat] = list(cards)
    for seat, cards in (crews or {}).items():
        state.crews[seat] = [Rat(c) for c in cards]
    if sill is not None:
        for pie in sill:
            for pile in (state.pie_deck, state.sill, state.unused_pies):
                if pie in pile:
                    pile.remove(pie)
        state.unused_pies.extend(state.sill)
        state.sill = list(sill)
    state.stack.items.clear()
    state.phase = phase
    state.turn_index = turn
    flow.open_turn(state)
    return state


def act(state: PieRatsState, seat: int, **action):
    """Apply one action for `seat`, filing its events (`tests.told`)."""
    action["seat"] = seat
    return told.file(state, RULES.apply(state, action))


def refused(state: PieRatsState, seat: int, **action) -> str:
    before = RULES.to_json(state)
    action["seat"] = seat
    try:
        RULES.apply(state, action)
    except IllegalAction as exc:
        assert RULES.to_json(state) == before
        return exc.reason
    raise AssertionError(f"{action} was not refused")


def crew_cards(state: PieRatsState, seat: int) -> list[int]:
    return [r.card for r in state.crews[seat]]


def all_cards(state: PieRatsState) -> list[int]:
    """Every main-deck card wherever it is (for conservation checks)."""
    found = list(state.draw) + list(state.discard)
    for seat in range(state.seats):
        found += state.hands[seat] + state.charisma[seat]
        for rat in state.crews[seat]:
            found.append(rat.card)
            if rat.spinach is not None:
                found.append(rat.spinach)
    return found
