"""The shared turn-based table: one scene that holds keys and mouse, hand-offs, reaction claims,
undo, drag and drop, hints, skip_to, results and pause; a game gives its painting, its words and
`zones_of(action)`, from which the lit drop targets and the dropped action are both derived."""

from pie_table.scenes.turn_table.drops import ZoneKey, fits, matching, targets_of
from pie_table.scenes.turn_table.table import TurnTable

__all__ = ["TurnTable", "ZoneKey", "fits", "matching", "targets_of"]
