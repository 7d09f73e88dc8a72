"""The tutorial's positions, laid out by the engine: pure Python, no pygame.

A lesson starts from the game as the player left it (`scenario(name, state)` returns a new state and
never changes the one given), and lays out only what it needs, as a dealer would for a lesson: the
card in the player's arsenal, the opponent's pile climbing on the player's board. Cards come from
their owner's deck or the unused heap, so no card is made or lost. A lesson may also give the
opponent's moves to play, slowly, and the lesson that deals the player's answer once they are played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pie_table.games.rumble_pie.state import Pile, RumbleState, clone_state

ME, TUTOR = 0, 1  # the player, and the scripted opponent


@dataclass
class Lesson:
    """A laid-out position: the state, the opponent's moves to play in order, and the lesson that
    comes once they are played (None: none)."""

    state: RumbleState
    script: list[dict[str, Any]] = field(default_factory=list)
    then: str | None = None


def scenario(name: str, state: RumbleState) -> Lesson:
    """A copy of `state` laid out for lesson `name` (see `LESSONS`)."""
    lay_out = _LESSONS.get(name)
    if lay_out is None:
        raise ValueError(f"no Rumble Pie lesson {name!r} (use {', '.join(_LESSONS)})")
    copy = clone_state(state)
    lesson = Lesson(copy)
    lay_out(lesson)
    return lesson


def _take(state: RumbleState, owner: int, kind: str) -> int:
    """One of `owner`'s cards of `kind` from their deck or the unused heap."""
    for pile in (state.players[owner].deck, state.discard):
        for card in reversed(pile):
            if state.cards[card].kind == kind and state.cards[card].owner == owner:
                pile.remove(card)
                return card
    raise LookupError(f"no {kind} left for seat {owner}")


def _give(state: RumbleState, kind: str) -> None:
    """Put one of my `kind` cards at the bottom of my first column with room."""
    player = state.players[ME]
    card = _take(state, ME, kind)
    column = next((c for c in player.columns if len(c) < 3), None)
    if column is None:
        column = player.columns[0]
        state.discard.extend(column[:-1])
        del column[:-1]
    column.append(card)


def _my_pile(state: RumbleState) -> Pile:
    return state.boards[TUTOR]["shorty"]


def _climb(state: RumbleState, kinds: tuple[str, ...]) -> None:
    """My pile on the opponent's board climbs to the last of `kinds`."""
    pile = _my_pile(state)
    for kind in kinds[len(pile.cards):]:
        pile.cards.append(_take(state, ME, kind))


def _opponent_plays(lesson: Lesson, kinds: tuple[str, ...], then: str) -> None:
    """The opponent's first column holds `kinds` (the last plays first), each to be played on the
    Sylvie face of my board; `then` deals my answer."""
    state = lesson.state
    column = state.players[TUTOR].columns[0]
    state.discard.extend(column)  # what a skipped lesson left unplayed sits the lesson out
    column[:] = [_take(state, TUTOR, kind) for kind in kinds]
    lesson.script = [{"type": "play", "seat": TUTOR, "source": 0, "board": ME, "face": "sylvie"}
                     for _ in kinds]
    lesson.then = then


def _draw(lesson: Lesson) -> None:
    state = lesson.state
    state.players[ME].deck.append(_take(state, ME, "shorty"))  # the top: the first card drawn is a chef


def _place(lesson: Lesson) -> None:
    state = lesson.state
    player = state.players[ME]
    if player.hand is None:
        player.hand = _take(state, ME, "shorty")


def _chef(lesson: Lesson) -> None:
    state = lesson.state
    player = state.players[ME]
    if player.hand is not None:  # skipped: put the held card away for them
        player.columns[0].append(player.hand)
        player.hand = None
    if not any(state.cards[c[-1]].kind == "shorty" for c in player.columns if c):
        _give(state, "shorty")


def _up(lesson: Lesson) -> None:
    _climb(lesson.state, ("shorty",))
    _give(lesson.state, "one")


def _down(lesson: Lesson) -> None:
    # My own pile climbs to Two meanwhile, so the Two I am dealt has one place only: down on the
    # opponent's Three. The opponent builds Sylvie, One, Two, Three on my board, one play at a time.
    _climb(lesson.state, ("shorty", "one", "two"))
    _opponent_plays(lesson, ("three", "two", "one", "sylvie"), "down:answer")


def _block(lesson: Lesson) -> None:
    state = lesson.state
    pile = state.boards[ME]["sylvie"]
    if not pile.cards or state.cards[pile.cards[-1]].kind not in ("two", "three", "four"):
        _opponent_plays(lesson, ("two", "one", "sylvie") if not pile.cards else ("two",), "block:answer")
    else:
        _give(state, "block")


def _kapow(lesson: Lesson) -> None:
    state = lesson.state
    _climb(state, ("shorty", "one", "two", "three", "four"))
    pile = _my_pile(state)
    if state.cards[pile.cards[-1]].kind != "four":
        pile.cards.append(_take(state, ME, "four"))
    _give(state, "kapow")


def _out(lesson: Lesson) -> None:
    state = lesson.state
    player = state.players[ME]
    state.discard.extend(player.deck)  # the rest of the deck sits this lesson out
    player.deck.clear()
    if player.hand is not None:
        state.discard.append(player.hand)
        player.hand = None


def _dealt(kind: str) -> Callable[[Lesson], None]:
    return lambda lesson: _give(lesson.state, kind)


_LESSONS: dict[str, Callable[[Lesson], None]] = {
    "draw": _draw, "place": _place, "chef": _chef, "up": _up, "down": _down,
    "down:answer": _dealt("two"), "block": _block, "block:answer": _dealt("block"),
    "kapow": _kapow, "out": _out,
}
# The lessons in the order the tutorial teaches them (each "...:answer" follows its lesson's script).
LESSONS = tuple(name for name in _LESSONS if ":" not in name)
