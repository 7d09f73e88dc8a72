"""Frames of a whole game played at a table under test, drawn sparingly: every position the game
passes through is drawn (the first frame after each move), and one frame in `EVERY` between, so a
card in flight or a beat of a bot is still drawn now and then; the rest go by undrawn. A test that
only plays a game to its end then costs its moves, not hundreds of pictures nobody looks at."""

from __future__ import annotations

from typing import Any

EVERY = 8


class SparseFrames:
    """Steps `app` for the table `scene`, drawing as the module says."""

    def __init__(self, app: Any, scene: Any) -> None:
        self.app, self.scene = app, scene
        self.moves_drawn = -1
        self.undrawn = 0

    def step(self, dt: float) -> None:
        moves = len(self.scene.driver.session.log)
        draw = moves != self.moves_drawn or self.undrawn >= EVERY - 1
        self.app.step(dt, [], draw=draw)
        if draw:
            self.moves_drawn, self.undrawn = moves, 0
        else:
            self.undrawn += 1
