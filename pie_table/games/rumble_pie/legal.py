"""Legal seat actions, computed either from the full state or from a seat's public view.

Both paths feed the same `_seat_actions`, so bots that see only the view and the engine agree.
"""

from __future__ import annotations

from typing import Any

from pie_table.core.messages import Msg
from pie_table.games.rumble_pie.cards import FACES, play_reason
from pie_table.games.rumble_pie.state import COLUMN_DEPTH, RumbleState

Action = dict[str, Any]
# (board, face, top kind or None, clearing?) for every pile a card could land on
_Pile = tuple[int, str, "str | None", bool]


def legal_actions(state: RumbleState, seat: int) -> list[Action]:
    """Every seat action that `apply` would accept right now (empty outside play)."""
    if state.phase != "play" or not _valid_seat(seat, state.seats):
        return []
    player = state.players[seat]
    cards = state.cards
    bottoms = [cards[col[-1]].kind if col else None for col in player.columns]
    lengths = [len(col) for col in player.columns]
    hand = cards[player.hand].kind if player.hand is not None else None
    own = [t == state.teams[seat] for t in state.teams]
    return _seat_actions(seat, _state_piles(state), own, bottoms, lengths, hand, len(player.deck),
                         state.penalty)


def legal_actions_from_view(view: dict[str, Any], seat: int) -> list[Action]:
    """The same list as `legal_actions`, worked out from `view(state, seat)` alone."""
    if view["phase"] != "play" or not _valid_seat(seat, view["seats"]):
        return []
    me = view["players"][seat]
    played = {(b, f) for b, f in view["played_this_tick"]}
    piles = [(b, f, p["top"], p["clearing"] > 0) for b, board in enumerate(view["boards"])
             for f, p in board.items() if (b, f) not in played]
    bottoms = [col[-1] if col else None for col in me["columns"]]
    lengths = [len(col) for col in me["columns"]]
    own = [t == view["teams"][seat] for t in view["teams"]]
    return _seat_actions(seat, piles, own, bottoms, lengths, me["hand"], me["deck_count"],
                         bool(view["options"].get("kapow_penalty", False)))


def can_play(state: RumbleState, card_kind: str, board: int, face: str, seat: int) -> str | Msg | None:
    """Why a `card_kind` card from `seat` may not go on board/face now, or None if it may."""
    if not _valid_seat(board, state.seats) or face not in FACES:
        return "No such pile"
    if (board, face) in state.played_this_tick:
        return "Beaten to it: that pile was just played on"
    pile = state.boards[board][face]
    top = state.cards[pile.cards[-1]].kind if pile.cards else None
    own = state.teams[board] == state.teams[seat]
    return play_reason(card_kind, face, top, pile.clearing > 0, own, state.penalty)


def playable_targets(state: RumbleState, seat: int, source: int | str) -> list[tuple[int, str]]:
    """The (board, face) piles the seat's card at `source` (column or "hand") could go on now."""
    kind = source_kind(state, seat, source)
    if kind is None:
        return []
    return [(b, f) for b in range(state.seats) for f in FACES if can_play(state, kind, b, f, seat) is None]


def source_kind(state: RumbleState, seat: int, source: Any) -> str | None:
    """Kind of the playable card at a source (a column's bottom, or the held card), or None."""
    player = state.players[seat]
    if source == "hand":
        return state.cards[player.hand].kind if player.hand is not None else None
    if isinstance(source, int) and not isinstance(source, bool) and 0 <= source < len(player.columns):
        col = player.columns[source]
        return state.cards[col[-1]].kind if col else None
    return None


def is_frozen(state: RumbleState) -> bool:
    """Every player stuck: nothing held, full arsenal, cards left to draw and no bottom card plays."""
    if state.phase != "play" or any(p.clearing for b in state.boards for p in b.values()):
        return False
    for seat, player in enumerate(state.players):
        if player.hand is not None or not player.deck or player.arsenal_count() < state.capacity:
            return False
        if any(playable_targets(state, seat, c) for c in range(len(player.columns))):
            return False
    return True


def _state_piles(state: RumbleState) -> list[_Pile]:
    """Every pile not yet played on this tick, with its top kind and clearing flag."""
    cards = state.cards
    played = state.played_this_tick
    return [(b, f, cards[p.cards[-1]].kind if p.cards else None, p.clearing > 0)
            for b, board in enumerate(state.boards) for f, p in board.items() if (b, f) not in played]


def _seat_actions(seat: int, piles: list[_Pile], own: list[bool], bottoms: list[str | None],
                  lengths: list[int], hand: str | None, deck_count: int, penalty: bool) -> list[Action]:
    """The shared core: plays, draws, places, moves and Out! for one seat."""
    sources: list[tuple[int | str, str]] = [(c, k) for c, k in enumerate(bottoms) if k is not None]
    if hand is not None:
        sources.append(("hand", hand))
    acts: list[Action] = []
    for source, kind in sources:
        for board, face, top, clearing in piles:
            if play_reason(kind, face, top, clearing, own[board], penalty) is None:
                acts.append({"type": "play", "seat": seat, "source": source, "board": board, "face": face})
    room = [c for c, n in enumerate(lengths) if n < COLUMN_DEPTH]
    if hand is None and deck_count and sum(lengths) < COLUMN_DEPTH * len(lengths):
        acts.append({"type": "draw", "seat": seat})
        acts.extend({"type": "draw", "seat": seat, "column": c} for c in room)
    if hand is not None:
        acts.extend({"type": "place", "seat": seat, "column": c} for c in room)
    acts.extend(_moves(seat, lengths))
    if deck_count == 0 and hand is None:
        acts.append({"type": "out", "seat": seat})
    return acts


def _moves(seat: int, lengths: list[int]) -> list[Action]:
    """Moves of the bottom card or bottom two cards to another column with room."""
    acts = []
    for src, n in enumerate(lengths):
        for dst, m in enumerate(lengths):
            if src == dst:
                continue
            for count in (1, 2):
                if count <= n and m + count <= COLUMN_DEPTH:
                    acts.append({"type": "move", "seat": seat, "from": src, "to": dst, "count": count})
    return acts


def _valid_seat(seat: Any, seats: int) -> bool:
    """A real seat index (bools are not seats)."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats
