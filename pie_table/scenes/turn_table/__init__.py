"""The shared turn-based table: one scene made of parts (the session with the driver, the seat
flow and its hand-offs, the reaction claim, drag and drop, the ending, the input), each handed
what it needs; a game gives its painting, its words and `zones_of(action)` (`GameTable`), from
which the lit drop targets and the dropped action are both derived."""

from pie_table.scenes.turn_table.drops import DropRules, ZoneKey, fits, matching, targets_of
from pie_table.scenes.turn_table.game import GameTable
from pie_table.scenes.turn_table.table import TurnTable

__all__ = ["DropRules", "GameTable", "TurnTable", "ZoneKey", "fits", "matching", "targets_of"]
