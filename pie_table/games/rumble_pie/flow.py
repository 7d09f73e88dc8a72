"""Round flow: dealing, the countdown, ticks (clearing, pauses, freezes) and round/game end."""

from __future__ import annotations

from typing import Any

from pie_table.core.engine import IllegalAction
from pie_table.games.rumble_pie.state import (
    BASE_COLUMNS,
    COUNTDOWN_TICKS,
    PAUSE_TICKS,
    TICK_HZ,
    RumbleState,
    empty_board,
)

Event = dict[str, Any]
OUT_BONUS = 2


def start(state: RumbleState) -> list[Event]:
    """Begin the countdown; after a round, first gather and reshuffle every deck."""
    if state.phase not in ("ready", "round_over"):
        over = state.phase == "game_over"
        raise IllegalAction("The game is over" if over else "A round is already under way")
    if state.phase == "round_over":
        _new_round(state)
    state.phase = "countdown"
    state.phase_ticks = COUNTDOWN_TICKS
    return [{"type": "countdown", "n": 3, "round": state.round}]


def deal(state: RumbleState) -> None:
    """Give every card back to its owner's deck and shuffle each deck with the state's rng."""
    for player in state.players:
        player.deck = []
        player.columns = [[] for _ in range(BASE_COLUMNS)]
        player.hand = None
    for card_id, card in enumerate(state.cards):
        state.players[card.owner].deck.append(card_id)
    for player in state.players:
        state.rng.shuffle(player.deck)


def _new_round(state: RumbleState) -> None:
    """Reset the table for the next round."""
    state.round += 1
    state.boards = [empty_board() for _ in range(state.seats)]
    state.set_aside = [[] for _ in range(state.team_count)]
    state.discard = []
    state.round_kapows = [0] * state.team_count
    state.out_by = None
    state.columns_allowed = BASE_COLUMNS
    state.played_this_tick = set()
    deal(state)


def tick(state: RumbleState, is_frozen: Any) -> list[Event]:
    """Advance one 1/60 s step; `is_frozen(state)` decides the freeze rule."""
    state.tick += 1
    state.played_this_tick.clear()
    if state.phase == "countdown":
        return _countdown(state)
    if state.phase not in ("play", "kapow_pause"):
        return []
    events = _clear_piles(state)
    if state.phase == "kapow_pause":
        state.phase_ticks -= 1
        if state.phase_ticks <= 0:
            state.phase = "play"
            events.append({"type": "resume"})
    elif is_frozen(state):
        if state.columns_allowed > BASE_COLUMNS:
            # Frozen again with the fourth column out: the rulebook's remedy is spent, so the round
            # ends here (KaPow!s count, nobody earns the Out! bonus). See docs/rulings/rumble-pie.md.
            events.append({"type": "freeze", "columns": state.columns_allowed, "ends_round": True})
            return events + end_round(state, frozen=True)
        state.columns_allowed += 1
        for player in state.players:
            player.columns.append([])
        events.append({"type": "freeze", "columns": state.columns_allowed, "ends_round": False})
    return events


def start_pause(state: RumbleState) -> list[Event]:
    """The alternative rule: everyone stops while the KaPow! pile is cleared."""
    state.phase = "kapow_pause"
    state.phase_ticks = PAUSE_TICKS
    return [{"type": "pause", "ticks": PAUSE_TICKS}]


def _countdown(state: RumbleState) -> list[Event]:
    """3, 2, 1, Go!"""
    state.phase_ticks -= 1
    if state.phase_ticks <= 0:
        state.phase = "play"
        state.phase_ticks = 0
        return [{"type": "go", "round": state.round}]
    if state.phase_ticks % TICK_HZ == 0:
        return [{"type": "countdown", "n": state.phase_ticks // TICK_HZ, "round": state.round}]
    return []


def _clear_piles(state: RumbleState) -> list[Event]:
    """Count down KaPow!ed piles; a finished one goes to its scoring team's set-aside heap."""
    events: list[Event] = []
    for b, board in enumerate(state.boards):
        for face, pile in board.items():
            if pile.clearing <= 0:
                continue
            pile.clearing -= 1
            if pile.clearing == 0:
                team = pile.scored_by
                # A pile counts down only after a KaPow! that names the team scoring it.
                assert team is not None, "a clearing pile with no scoring team"
                state.set_aside[team].extend(pile.cards)
                events.append({"type": "pile_cleared", "board": b, "face": face, "team": team,
                               "cards": list(pile.cards)})
                pile.cards = []
                pile.scored_by = None
    return events


def end_round(state: RumbleState, frozen: bool = False) -> list[Event]:
    """Score the round (KaPow!s plus the Out! bonus), record it, and decide whether the game is over
    (`frozen`: it ended on a second freeze rather than an Out!)."""
    out_team = state.teams[state.out_by] if state.out_by is not None else None
    bonus = [0] * state.team_count
    if out_team is not None:
        bonus[out_team] = OUT_BONUS
    for team in range(state.team_count):
        state.scores[team] += state.round_kapows[team] + bonus[team]
    summary = {"round": state.round, "kapows": list(state.round_kapows), "out_by": state.out_by,
               "out_team": out_team, "bonus": OUT_BONUS if out_team is not None else 0,
               "scores": list(state.scores), "frozen": frozen}
    state.history.append(summary)
    state.phase = "round_over"
    state.phase_ticks = 0
    events: list[Event] = [{"type": "round_over", **summary}]
    winner = judge_winner(state.scores, state.target, out_team)
    if winner is not None:
        state.winner = winner
        state.phase = "game_over"
        events.append({"type": "game_over", "winner": winner, "scores": list(state.scores)})
    return events


def judge_winner(scores: list[int], target: int, out_team: int | None) -> int | None:
    """Highest score at or above target wins; a tie at the top goes to the Out! team, else no winner yet."""
    best = max(scores)
    if best < target:
        return None
    leaders = [t for t, s in enumerate(scores) if s == best]
    if len(leaders) == 1:
        return leaders[0]
    return out_team if out_team in leaders else None
