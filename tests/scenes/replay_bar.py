"""What every replay bar keeps to, at any window and interface size (the replay tests share it)."""

from __future__ import annotations

from pie_table.kit.fonts import font
from pie_table.scenes.playback import PlaybackScene


def assert_whole(replay: PlaybackScene, size: tuple[int, int]) -> None:
    """Every button's label and the caption at its longest fit whole, the buttons stand within the
    bar and apart, and the table above ends where the bar starts."""
    s = replay.bar_scale(size)
    specs = replay._button_specs()  # noqa: SLF001 - the bar as drawn
    for rect, label, _action in specs:
        assert font(int(18 * s), "bold").size(label)[0] <= rect.w - 8, label
        assert replay.bar.contains(rect)
    for one, other in zip(specs, specs[1:], strict=False):
        assert not one[0].colliderect(other[0])
    caption = replay._caption(99, 99, 0.25, max(replay.who_choices(), key=len))  # noqa: SLF001
    assert font(max(14, int(16 * s)), "bold").size(caption)[0] <= replay.track.w
    assert replay.bar.contains(replay.track)
    assert replay._table_size()[1] == replay.bar.y  # noqa: SLF001 - the table ends where the bar starts
