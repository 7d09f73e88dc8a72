"""Window sizes on the command line: its own small module, so opening the window imports no
headless machinery (registry, sessions, saves) before the title needs it."""

from __future__ import annotations

from pie_table.cli.errors import CliError


def parse_size(text: str) -> tuple[int, int]:
    """`1280x720` → (1280, 720); CliError on anything else."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CliError(f"bad size {text!r}: expected WIDTHxHEIGHT, e.g. 1280x720") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise CliError(f"size {text!r} out of range (320x240 to 7680x4320)")
    return w, h
