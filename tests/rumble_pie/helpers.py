"""Scenario helpers: build exact Rumble Pie tables from card kinds."""

from __future__ import annotations

from typing import Any

from pie_table.games.rumble_pie.rules import RULES, RumbleState
from pie_table.games.rumble_pie.state import COUNTDOWN_TICKS


def playing(seats: int = 2, seed: int = 7, **options: Any) -> RumbleState:
    """A new game already past the countdown."""
    state = RULES.new_state(seats, seed, options or None)
    RULES.apply(state, {"type": "start"})
    for _ in range(COUNTDOWN_TICKS):
        RULES.apply(state, {"type": "tick"})
    assert state.phase == "play"
    return state


def arrange(state: RumbleState, columns: dict[int, list[list[str]]] | None = None,
            hands: dict[int, str] | None = None, piles: dict[tuple[int, str], list[str]] | None = None,
            decks: dict[int, list[str]] | None = None) -> RumbleState:
    """Lay out columns, held cards and piles by kind; other cards go to their owner's deck.

    A seat given an explicit deck (kinds, last = top) has its leftover cards moved to the discard
    pile, which keeps every card accounted for.
    """
    pools: dict[int, list[int]] = {s: [] for s in range(state.seats)}
    for card_id, card in enumerate(state.cards):
        pools[card.owner].append(card_id)

    def take(kind: str, owner: int) -> int:
        order = [owner] + [s for s in range(state.seats) if s != owner]
        for seat in order:
            for card_id in pools[seat]:
                if state.cards[card_id].kind == kind:
                    pools[seat].remove(card_id)
                    return card_id
        raise AssertionError(f"no {kind} card left")

    for player in state.players:
        player.columns = [[] for _ in range(state.columns_allowed)]
        player.hand = None
    for seat, cols in (columns or {}).items():
        for c, kinds in enumerate(cols):
            state.players[seat].columns[c] = [take(k, seat) for k in kinds]
    for seat, kind in (hands or {}).items():
        state.players[seat].hand = take(kind, seat)
    for (board, face), kinds in (piles or {}).items():
        opponent = next(s for s in range(state.seats) if state.teams[s] != state.teams[board])
        state.boards[board][face].cards = [take(k, opponent) for k in kinds]
    state.discard = []
    for seat in range(state.seats):
        if decks is not None and seat in decks:
            state.players[seat].deck = [take(k, seat) for k in decks[seat]]
            state.discard.extend(pools[seat])
        else:
            state.players[seat].deck = list(pools[seat])
    return state


def play(seat: int, source: int | str, board: int, face: str) -> dict[str, Any]:
    """A play action."""
    return {"type": "play", "seat": seat, "source": source, "board": board, "face": face}


def kinds(state: RumbleState, ids: list[int]) -> list[str]:
    """Card kinds of a list of ids."""
    return [state.cards[i].kind for i in ids]


def pile_kinds(state: RumbleState, board: int, face: str) -> list[str]:
    """Kinds on a pile, bottom first."""
    return kinds(state, state.boards[board][face].cards)
