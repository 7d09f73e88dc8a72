"""A throwaway registered game whose table is a tiny scene, for driving the menu flow in tests."""

from __future__ import annotations

import sys
import types

import pygame

from pie_table.core import registry
from pie_table.core.engine import GameRules
from pie_table.core.registry import GameInfo, OptionInfo
from pie_table.kit.scene import Scene

GAME_ID = "zz-test-pie"
MODULE = "pie_table_fake_table"


class FakeTable(Scene):
    """Records its setup; F5 ends the game with a results overlay, Esc pauses."""

    built: list = []

    def __init__(self, app, setup, driver=None):
        super().__init__(app)
        self.setup = setup
        self.driver = driver
        self.focus_lost = 0
        self.sizes = []
        FakeTable.built.append(self)

    def handle_event(self, event):
        from pie_table.scenes.pause import PauseScene
        from pie_table.scenes.results import ResultsScene

        if event.type == pygame.KEYDOWN and event.key == pygame.K_F5:
            lines = ["Seat 1: 3", "Seat 2: 1"]
            self.app.scenes.push(ResultsScene(self.app, self.setup, "Seat 1 wins", lines))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.push(PauseScene(self.app, GAME_ID))

    def on_focus_lost(self):
        self.focus_lost += 1

    def on_resize(self, size):
        self.sizes.append(size)


class FakeState:
    """Nothing to play: the fake game is only ever opened, never played."""

    def __init__(self, seats: int, seed: int) -> None:
        self.seats = seats
        self.seed = seed


class FakeRules(GameRules):
    """Rules for a game that waits for nobody and never ends, so opening its table builds a real
    session and driver, as for every registered game."""

    name = "fake"

    def new_state(self, seats, seed, options=None):
        return FakeState(seats, seed)

    def to_act(self, state):
        return []

    def legal_actions(self, state, seat):
        return []

    def _view(self, state, seat):
        return {"seat": seat, "seats": state.seats}

    def is_over(self, state):
        return False

    def to_json(self, state):
        return {"seats": state.seats, "seed": state.seed}

    def from_json(self, data):
        return FakeState(data["seats"], data["seed"])


def validate(seats: int, teams: list[int]) -> str | None:
    """Every team needs a player, and at least two teams must play."""
    return None if len(set(teams)) >= 2 else "Pick at least two teams."


def make_info(realtime=True, teams=True, factory=f"{MODULE}:FakeTable"):
    """The fake GameInfo (teams and options switchable)."""
    hooks = {"team_game": True, "validate_teams": validate} if teams else {}
    options = (
        OptionInfo("target", "Points to win", 25, (10, 25)),
        OptionInfo("fast", "Fast deal", False),
        OptionInfo("name", "Table name", "kitchen"),
    )
    return GameInfo(GAME_ID, "Zz Test Pie", "A pie game that exists only in tests.", 2, 6, rules=FakeRules(),
                    options=options, realtime=realtime, scene_factory=factory, **hooks)


def install(info=None):
    """Register the fake game and make its factory importable."""
    module = types.ModuleType(MODULE)
    module.FakeTable = FakeTable
    sys.modules[MODULE] = module
    FakeTable.built.clear()
    registry.register_game(info or make_info())


def uninstall():
    """Remove the fake game from the registry again."""
    registry._GAMES.pop(GAME_ID, None)
    sys.modules.pop(MODULE, None)
