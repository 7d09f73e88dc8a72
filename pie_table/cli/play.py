"""`python main.py` with no subcommand: open the window at the title screen."""

from __future__ import annotations

import argparse


def play(args: argparse.Namespace) -> int:
    """Open the table window and run until the player quits."""
    from pie_table.cli.sizes import parse_size
    from pie_table.kit.app import App
    from pie_table.scenes.title import TitleScene

    app = App(size=parse_size(args.size), headless=False)
    app.home = TitleScene
    app.quit_after_first_frame = getattr(args, "quit_after_first_frame", False)
    if args.fullscreen:
        app.toggle_fullscreen()
    app.run(TitleScene(app))
    return 0
