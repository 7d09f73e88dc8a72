"""What moves on its own at the RATS table: the thrown dice and the ceremony's coin. The shared
table holds it as its `flights` (updated each frame, waited for by replays, snapped by `skip_to`);
the RATS table holds play while it is busy, so nobody moves before the dice land."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pie_table.games.rats.ui.dice_tray import DiceTray
from pie_table.kit import motion


class TableMotion:
    """The dice tray and, once the goals are scored, the ceremony (its coin)."""

    def __init__(self, tray: DiceTray, landed: Callable[[], None]) -> None:
        self.tray = tray
        self.ceremony: Any = None  # set when the goals are scored
        self.landed = landed  # called once when thrown dice come to rest

    @property
    def busy(self) -> bool:
        """True while dice roll or the coin spins."""
        return self.tray.busy or (self.ceremony is not None and self.ceremony.flipping)

    def update(self, dt: float) -> None:
        """Roll the dice on and step the ceremony, at the player's motion setting: with reduced
        motion thrown dice are at rest on their values and the coin shows its face at once (the
        goals are still revealed at the ceremony's own pace)."""
        rolling = self.tray.busy
        self.tray.update(motion.scaled(dt))
        if rolling and motion.reduced():
            self.tray.snap()
        if rolling and not self.tray.busy:
            self.landed()
        if self.ceremony is not None:
            self.ceremony.update(motion.scaled(dt))
            if motion.reduced():
                self.ceremony.land_coin()

    def clear(self) -> None:
        """Show the end of every motion at once (skip_to, screenshots)."""
        self.tray.snap()
        if self.ceremony is not None:
            self.ceremony.snap()
