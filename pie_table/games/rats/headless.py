"""Play whole RATS games without a screen: for tests, bot tuning and speed figures."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from pie_table.core.driver import TableDriver
from pie_table.core.engine import TurnBot
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.games.rats.rules import RULES, RatsState


class Controller(Protocol):
    """Anything that decides for one seat from that seat's view and legal actions."""

    seat: int

    def act(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Pick one of `legal`."""


class RandomLegalController(TurnBot):
    """Picks uniformly among the legal actions."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """A uniformly random legal action."""
        return self.rng.choice(legal)


def play(state: RatsState, controllers: list[Any], record: list[dict[str, Any]] | None = None,
         opening: Sequence[dict[str, Any]] = ()) -> int:
    """Drive `state` to the end with one controller per seat; return the number of actions
    (`opening`: what was said when `state` was dealt, which its bots hear).

    Sword requests reach controllers as a lazy `RequestOptions` sequence; `apply` checks every pick.
    """
    setup = GameSetup("rats", [SeatSpec("bot", level="custom")] * state.seats, {}, None, state.seed)
    session = Session(setup, get_game("rats"), bots={c.seat: c for c in controllers}, state=state,
                      opening=opening)
    count = TableDriver(session).play_out()
    if record is not None:
        record.extend(entry.action for entry in session.log)
    return count


def run_game(seats: int, seed: int, options: dict[str, Any], controllers: list[Any]) -> dict[str, Any]:
    """Play one game to the end and summarise it."""
    state, opening = RULES.new_game(seats, seed, options)
    return summary(state, play(state, controllers, opening=opening))


def summary(state: RatsState, actions: int) -> dict[str, Any]:
    """What a finished game comes to: awards, winner, goals, turns and the number of actions."""
    return {
        "game": "rats",
        "seed": state.seed,
        "awards": list(state.awards),
        "winner": state.winner,
        "goals": list(state.goals),
        "turns": state.turn,
        "actions": actions,
        "vocations": list(state.vocations),
        "host": state.host,
    }
