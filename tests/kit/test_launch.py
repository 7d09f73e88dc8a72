"""A launch shows the title first: what its first frame does not need (the art of the portraits and
icon, the sound device, the headless commands, the session machinery behind a saved game, the
commands' argument parsers) comes after it, or only when asked for."""

import os
import subprocess
import sys
from pathlib import Path

import pygame

from pie_table.kit.app import App, SilentSound
from pie_table.scenes.title import TitleScene

_ROOT = Path(__file__).resolve().parents[2]

_LAUNCH = """
import sys
from pie_table.cli.main import main
code = main(["--quit-after-first-frame"])
late = ["pie_table.kit.art", "pie_table.kit.sound", "pie_table.cli.commands", "pie_table.cli.checks",
        "pie_table.core.session", "pie_table.core.engine", "pie_table.core.shapes", "pie_table.games",
        "pygame._sdl2.controller", "pie_table.core.registry", "pie_table.core.setup"]
print(code, [name for name in late if name in sys.modules])
"""


def test_a_launch_quits_after_its_first_frame_without_the_art_sound_or_commands(tmp_path):
    # A first launch, in a home of its own: the saves other tests of this process wrote would give
    # the title a Continue line, which names its game through the registry.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PIE_TABLE_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", _LAUNCH], cwd=_ROOT, env=env, capture_output=True,
                         text=True, timeout=120, check=True).stdout.strip().splitlines()
    assert out[-1] == "0 []"


def test_a_window_opens_its_sound_and_paints_its_portraits_after_the_first_frame():
    app = App((960, 540))  # a window (on SDL's dummy driver), not a headless app
    title = TitleScene(app)
    app.scenes.push(title)
    assert isinstance(app.sound, SilentSound)
    pads: list[int] = []  # the frames drawn when the pads were started
    app.input.start_pads = lambda: pads.append(app.frames)  # type: ignore[method-assign]
    app.step(0.0, [])
    assert not title._decor  # the first frame: the title without its drawn pastry...
    assert pads == [1]  # ... and the pads started once it was on screen
    assert title.next_frame() == 0.0  # ... which comes in the very next frame
    app.step(1 / 60, [])
    assert title._decor.get("pie") is not None and title.next_frame() is None and pads == [1]
    assert not isinstance(app.sound, SilentSound) or pygame.mixer.get_init() is None
    app.scenes.close_all()


def test_opening_the_window_parses_its_options_without_building_every_commands_parser(monkeypatch):
    from pie_table.cli import main as cli

    def whole_line():
        raise AssertionError("the whole command line was built")

    monkeypatch.setattr(cli, "build_parser", whole_line)
    args = cli.parse(["--size", "900x600", "--fullscreen"])
    assert (args.command, args.size, args.fullscreen) == (None, "900x600", True)
    assert args.quit_after_first_frame is False
