"""The Rumble Pie table scene (pygame): drawing, keyboard/pad/mouse play, bots, round flow."""

from pie_table.games.rumble_pie.ui.table_scene import RumbleTableScene

__all__ = ["RumbleTableScene"]
