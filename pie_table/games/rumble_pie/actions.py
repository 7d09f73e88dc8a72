"""Seat actions (draw, place, play, move, Out!): check everything first, then mutate."""

from __future__ import annotations

from typing import Any, TypeGuard

from pie_table.core.engine import IllegalAction
from pie_table.core.messages import Msg
from pie_table.games.rumble_pie.cards import FACES
from pie_table.games.rumble_pie.flow import end_round, start_pause
from pie_table.games.rumble_pie.legal import can_play, source_kind
from pie_table.games.rumble_pie.state import COLUMN_DEPTH, KAPOW_CLEAR_TICKS, PlayerState, RumbleState

Event = dict[str, Any]
_PHASE_REASON = {
    "ready": "The round has not started yet",
    "countdown": "Wait for Go!",
    "kapow_pause": "Play is paused while a KaPow! pile is cleared",
    "round_over": "The round is over",
    "game_over": "The game is over",
}


def idle_reason(state: RumbleState) -> str:
    """Why no seat may act in the current phase."""
    return _PHASE_REASON.get(state.phase, "Not now")


def apply_seat_action(state: RumbleState, action: dict[str, Any]) -> list[Event]:
    """Dispatch one seat action; raises IllegalAction without touching the state."""
    kind = action.get("type")
    handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise IllegalAction("Unknown action")
    seat = _index(action, "seat", state.seats, "seat")
    if state.phase != "play":
        raise IllegalAction(idle_reason(state))
    return handler(state, seat, action)


def _draw(state: RumbleState, seat: int, action: dict[str, Any]) -> list[Event]:
    """Top card of the deck to the hand, or straight to the bottom of a column."""
    player = state.players[seat]
    column = _column(state, action, "column") if "column" in action else None
    if not player.deck:
        raise IllegalAction("Your deck is empty")
    if player.hand is not None:
        raise IllegalAction("Place or play the card you are holding first")
    if player.arsenal_count() >= state.capacity:
        most = state.capacity - 1
        raise IllegalAction(Msg("Only {most} or fewer cards in the arsenal allow a draw", most=most))
    if column is not None:
        _need_room(player.columns[column], 1)
    card = player.deck.pop()
    if column is None:
        player.hand = card
    else:
        player.columns[column].append(card)
    to: int | str = "hand" if column is None else column
    return [{"type": "drawn", "seat": seat, "card": card, "kind": state.cards[card].kind, "to": to}]


def _place(state: RumbleState, seat: int, action: dict[str, Any]) -> list[Event]:
    """The held card to the bottom of a column."""
    player = state.players[seat]
    column = _column(state, action, "column")
    if player.hand is None:
        raise IllegalAction("You are not holding a card")
    _need_room(player.columns[column], 1)
    card = player.hand
    player.columns[column].append(card)
    player.hand = None
    return [{"type": "placed", "seat": seat, "card": card, "column": column}]


def _move(state: RumbleState, seat: int, action: dict[str, Any]) -> list[Event]:
    """The bottom card, or bottom two together in order, to another column."""
    player = state.players[seat]
    src = _column(state, action, "from")
    dst = _column(state, action, "to")
    count = action.get("count", 1)
    if count not in (1, 2) or isinstance(count, bool):
        raise IllegalAction("Move one card or the bottom two")
    if src == dst:
        raise IllegalAction("Pick a different column")
    if len(player.columns[src]) < count:
        raise IllegalAction("Not enough cards in that column")
    _need_room(player.columns[dst], count)
    moving = player.columns[src][-count:]
    del player.columns[src][-count:]
    player.columns[dst].extend(moving)
    return [{"type": "moved", "seat": seat, "from": src, "to": dst, "cards": moving}]


def _play(state: RumbleState, seat: int, action: dict[str, Any]) -> list[Event]:
    """A held card or a column's bottom card onto any pile it fits."""
    source = action.get("source")
    kind = source_kind(state, seat, source)
    if kind is None:
        raise IllegalAction("No card there to play")
    board = _index(action, "board", state.seats, "board")
    face = action.get("face")
    if not isinstance(face, str) or face not in FACES:
        raise IllegalAction("No such chef face")
    reason = can_play(state, kind, board, face, seat)
    if reason is not None:
        raise IllegalAction(reason)
    card = _take_card(state.players[seat], source)
    pile = state.boards[board][face]
    pile.cards.append(card)
    state.played_this_tick.add((board, face))
    events: list[Event] = [{"type": "played", "seat": seat, "card": card, "kind": kind, "source": source,
                            "board": board, "face": face}]
    if kind == "kapow":
        events.extend(_kapow(state, seat, board, face))
    return events


def _take_card(player: PlayerState, source: Any) -> int:
    """Take the card `source_kind` found at a source: the held card, or a column's bottom card."""
    if source != "hand":
        return player.columns[source].pop()
    card = player.hand
    # source_kind found a held card, so the hand is not empty here.
    assert card is not None, "played from an empty hand"
    player.hand = None
    return card


def _kapow(state: RumbleState, seat: int, board: int, face: str) -> list[Event]:
    """Score a pie, or (penalty option, own team) discard the KaPow! card for the round."""
    pile = state.boards[board][face]
    team = state.teams[seat]
    if state.teams[board] == team:
        card = pile.cards.pop()
        state.discard.append(card)
        return [{"type": "penalty", "seat": seat, "card": card, "board": board, "face": face}]
    state.round_kapows[team] += 1
    pile.clearing = KAPOW_CLEAR_TICKS
    pile.scored_by = team
    events: list[Event] = [{"type": "kapow", "seat": seat, "team": team, "board": board, "face": face}]
    if state.options.get("pause_after_kapow", False):
        events.extend(start_pause(state))
    return events


def _out(state: RumbleState, seat: int, action: dict[str, Any]) -> list[Event]:
    """Call Out!: needs an empty deck and nothing held; ends the round at once."""
    player = state.players[seat]
    if player.deck:
        raise IllegalAction("Out! needs an empty deck")
    if player.hand is not None:
        raise IllegalAction("Place or play the card you are holding first")
    state.out_by = seat
    events: list[Event] = [{"type": "out", "seat": seat, "team": state.teams[seat]}]
    return events + end_round(state)


def _column(state: RumbleState, action: dict[str, Any], key: str) -> int:
    """A column index the seat may use now."""
    value = action.get(key)
    if not _is_int(value) or not 0 <= value < state.columns_allowed:
        raise IllegalAction("No such column")
    return value


def _need_room(column: list[int], count: int) -> None:
    """Columns hold at most three cards."""
    if len(column) + count > COLUMN_DEPTH:
        raise IllegalAction(Msg("That column is full ({most} cards at most)", most=COLUMN_DEPTH))


def _index(action: dict[str, Any], key: str, limit: int, what: str) -> int:
    """An int field in range, or a refusal."""
    value = action.get(key)
    if not _is_int(value) or not 0 <= value < limit:
        raise IllegalAction(Msg("No such {what}", what=Msg(what)))
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    """True for real ints (bools excluded)."""
    return isinstance(value, int) and not isinstance(value, bool)


_HANDLERS = {"draw": _draw, "place": _place, "play": _play, "move": _move, "out": _out}
