"""Rumble Pie rules engine: the `RULES` object every other part of the table talks to.

Actions (dicts): system `{"type": "start"}` and `{"type": "tick"}`; seat actions carry "seat":
`draw` (optional "column"), `place` ("column"), `play` ("source": column or "hand", "board", "face"),
`move` ("from", "to", "count" 1|2) and `out`. Time only moves through ticks (TICK_HZ per second).
"""

from __future__ import annotations

import random
from typing import Any

from pie_table.core.engine import GameRules, IllegalAction
from pie_table.core.lazy_view import LazyView
from pie_table.games.rumble_pie import flow, legal, lessons
from pie_table.games.rumble_pie.actions import apply_seat_action, idle_reason
from pie_table.games.rumble_pie.cards import FACES, FULL_KAPOWS, Card, deck_kinds
from pie_table.games.rumble_pie.legal import can_play, legal_actions_from_view, playable_targets
from pie_table.games.rumble_pie.state import (
    KAPOW_CLEAR_TICKS,
    PAUSE_TICKS,
    TICK_HZ,
    PlayerState,
    RumbleState,
    clone_state,
    empty_board,
    state_from_json,
    state_to_json,
)
from pie_table.games.rumble_pie.view import build_view, lazy_view

__all__ = ["RULES", "TICK_HZ", "FACES", "KAPOW_CLEAR_TICKS", "PAUSE_TICKS", "RumbleRules", "RumbleState",
           "validate_setup", "can_play", "playable_targets", "legal_actions_from_view"]

_OPTION_KEYS = ("teams", "target", "pause_after_kapow", "kapow_penalty")


def validate_setup(seats: int, teams: list[int]) -> str | None:
    """One-line reason these seats/teams cannot play, or None when they can."""
    if not isinstance(seats, int) or not 2 <= seats <= 6:
        return "Rumble Pie needs 2 to 6 players"
    if not isinstance(teams, list | tuple) or len(teams) != seats:
        return "Give every seat a team"
    if any(not isinstance(t, int) or isinstance(t, bool) or t < 0 for t in teams):
        return "Teams are numbered 0, 1, 2"
    count = max(teams) + 1
    if count not in (2, 3):
        return "Rumble Pie needs 2 or 3 teams"
    sizes = [teams.count(t) for t in range(count)]
    if 0 in sizes:
        return "Every team needs at least one player"
    if max(sizes) > 3:
        return "A team has at most 3 players"
    return None


def team_kapows(teams: list[int]) -> list[int]:
    """KaPow! cards per seat: 3 for players on a team bigger than the smallest team, else 4."""
    sizes = [teams.count(t) for t in range(max(teams) + 1)]
    smallest = min(sizes)
    return [FULL_KAPOWS - 1 if sizes[t] > smallest else FULL_KAPOWS for t in teams]


class RumbleRules(GameRules):
    """Real-time, all-play Rumble Pie; time advances only through `tick` actions."""

    name = "rumble-pie"
    # The session's own actions: the 60 Hz clock and the start of a round (no seat acts them).
    system_actions = ("start", "tick")
    rules_version = 1

    def new_state(self, seats: int, seed: int, options: dict[str, Any] | None = None) -> RumbleState:
        """A fresh game in the `ready` phase with every deck shuffled from `seed`."""
        opts = _normalise_options(seats, options)
        teams = opts["teams"]
        cards = [Card(kind, seat) for seat, kapows in enumerate(team_kapows(teams))
                 for kind in deck_kinds(kapows)]
        team_count = max(teams) + 1
        state = RumbleState(
            seats=seats, teams=list(teams), team_count=team_count, options=opts, cards=cards,
            players=[PlayerState() for _ in range(seats)], boards=[empty_board() for _ in range(seats)],
            set_aside=[[] for _ in range(team_count)], discard=[], round_kapows=[0] * team_count,
            scores=[0] * team_count, rng=random.Random(seed),
        )
        flow.deal(state)
        return state

    def _apply(self, state: RumbleState, action: dict[str, Any]) -> list[dict[str, Any]]:
        """Apply an action in place and return its events; IllegalAction leaves the state untouched."""
        if not isinstance(action, dict):
            raise IllegalAction("Malformed action")
        kind = action.get("type")
        if kind == "tick":
            return flow.tick(state, legal.is_frozen)
        return flow.start(state) if kind == "start" else apply_seat_action(state, action)

    def tick(self, state: RumbleState) -> int:
        """The game's clock, in ticks of 1/60 s."""
        return state.tick

    def waiting_action(self, state: RumbleState) -> dict[str, Any] | None:
        """The table's action the game waits for before its clock runs on: the next round's start."""
        return {"type": "start"} if state.phase in ("ready", "round_over") else None

    def to_act(self, state: RumbleState) -> list[int]:
        """Everyone plays at once: every seat during play, nobody otherwise."""
        return list(range(state.seats)) if state.phase == "play" else []

    def idle_reason(self, state: RumbleState, seat: int) -> str:
        """Why `seat` may not act now (the phase's own words)."""
        return idle_reason(state)

    def legal_actions(self, state: RumbleState, seat: int) -> list[dict[str, Any]]:
        """Every seat action `apply` would accept now (system actions start/tick not included)."""
        return legal.legal_actions(state, seat)

    def _view(self, state: RumbleState, seat: int | None) -> dict[str, Any]:
        """Public JSON for `seat` (None = spectator); decks appear only as counts. Nothing is
        private but deck order, so a seat's view is the spectator's (built once) with its seat."""
        if seat is None:
            return build_view(state, None)
        return {**self.view(state, None), "seat": seat}

    def bot_view(self, state: RumbleState, seat: int | None) -> LazyView:
        """`view`, each part worked out only when read: a bot asked every tick reads the phase,
        and the table only when it thinks (about once a second)."""
        return lazy_view(state, seat)

    def shuffle_hidden(self, state: RumbleState, seat: int | None, rng: random.Random) -> RumbleState:
        """A copy in which what nobody may see (every deck's order, the rng) is different."""
        copy = clone_state(state)
        for player in copy.players:
            rng.shuffle(player.deck)
        copy.rng = random.Random(rng.random())
        return copy

    def is_over(self, state: RumbleState) -> bool:
        """True once a team has won."""
        return state.phase == "game_over"

    def to_json(self, state: RumbleState) -> dict[str, Any]:
        """The whole state, rng included, as JSON-compatible data."""
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> RumbleState:
        """Inverse of `to_json`."""
        return state_from_json(data)

    def clone(self, state: RumbleState) -> RumbleState:
        """A fast independent deep copy."""
        return clone_state(state)

    def scenario(self, name: str, state: RumbleState) -> lessons.Lesson:
        """A copy of `state` laid out for the tutorial's lesson `name` (`lessons.LESSONS`), with
        the opponent's moves to play; `state` itself is left as it was."""
        return lessons.scenario(name, state)

    # UI helpers, also reachable as module functions
    can_play = staticmethod(can_play)
    playable_targets = staticmethod(playable_targets)


def _normalise_options(seats: int, options: dict[str, Any] | None) -> dict[str, Any]:
    """Fill defaults and validate; ValueError with a one-line message on a bad setup."""
    options = dict(options or {})
    if not isinstance(seats, int) or isinstance(seats, bool):
        raise ValueError("Rumble Pie needs 2 to 6 players")
    teams = options.get("teams")
    if teams is not None and not isinstance(teams, list | tuple):
        raise ValueError("Give every seat a team")  # a number or a mapping is not a team per seat
    teams = [i % 2 for i in range(seats)] if teams is None else list(teams)
    reason = validate_setup(seats, teams)
    if reason is not None:
        raise ValueError(reason)
    target = options.get("target", 25)
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise ValueError("The target score must be a positive whole number")
    opts = {k: v for k, v in options.items() if k not in _OPTION_KEYS}
    opts.update(teams=teams, target=target, pause_after_kapow=bool(options.get("pause_after_kapow", False)),
                kapow_penalty=bool(options.get("kapow_penalty", False)))
    return opts


RULES = RumbleRules()

