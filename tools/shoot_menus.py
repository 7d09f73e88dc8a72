"""Render every menu screen headless to PNGs for a look: `python tools/shoot_menus.py [outdir] [WxH]`."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from pie_table.core.registry import GameInfo, OptionInfo, load_games  # noqa: E402
from pie_table.core.setup import GameSetup, SeatSpec  # noqa: E402
from pie_table.kit import palette as pal  # noqa: E402
from pie_table.kit.app import App  # noqa: E402
from pie_table.kit.scene import Scene  # noqa: E402
from pie_table.scenes.game_select import GameSelectScene  # noqa: E402
from pie_table.scenes.pause import PauseScene  # noqa: E402
from pie_table.scenes.results import ResultsScene  # noqa: E402
from pie_table.scenes.rules_help import RulesHelpScene  # noqa: E402
from pie_table.scenes.seats import SeatsScene  # noqa: E402
from pie_table.scenes.title import TitleScene  # noqa: E402


class FeltStandIn(Scene):
    """A plain felt table so overlays have something to sit on."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(pal.FELT)
        for i in range(4):
            pygame.draw.rect(surface, pal.CREAM, (120 + i * 160, 300, 100, 140), border_radius=10)


def _demo_info() -> GameInfo:
    """A Rumble-Pie-like GameInfo for shooting the seat screen when the real one is not registered."""
    games = load_games()
    if "rumble_pie" in games or "rumble-pie" in games:
        return games.get("rumble_pie") or games["rumble-pie"]
    options = (OptionInfo("target", "Points to win", 25, (10, 15, 25)),
               OptionInfo("fourth", "Fourth column", False))
    return GameInfo(
        "rumble-pie", "Rumble Pie", "Real-time pie fight.", 2, 6, rules=None, realtime=True,  # type: ignore[arg-type]
        options=options,
        team_game=True,
        validate_teams=lambda seats, teams: None if len(set(teams)) > 1 else "Two teams",
    )


def _focus_first_option(scene: SeatsScene) -> SeatsScene:
    """Focus the first option once the scene is built, so its help text shows in the shot."""
    original = scene.enter

    def enter() -> None:
        original()
        if scene.option_rows:
            scene.menu.set_focus(scene.option_rows[0])

    scene.enter = enter  # type: ignore[method-assign]
    return scene


def screens(app: App) -> dict[str, Callable[[], list[Scene]]]:
    """Each screen as a stack of scenes (bottom first), built on demand."""
    info = _demo_info()
    setup = GameSetup(info.id, [SeatSpec("human", "keys1"), SeatSpec("bot", level="normal")], {}, [0, 1], 1)
    lines = ["Team Cherry 25", "Team Blueberry 19", "Out! called by seat 2 (+2)"]
    found: dict[str, Callable[[], list[Scene]]] = {
        "title": lambda: [TitleScene(app)],
        "game_select": lambda: [TitleScene(app), GameSelectScene(app)],
        "seats": lambda: [GameSelectScene(app), SeatsScene(app, info)],
        "pause": lambda: [FeltStandIn(app), PauseScene(app, "rumble-pie")],
        "rules": lambda: [FeltStandIn(app), PauseScene(app, "rumble-pie"), RulesHelpScene(app, "rumble-pie")],
        "results": lambda: [FeltStandIn(app), ResultsScene(app, setup, "Team Cherry wins!", lines)],
    }
    for game in load_games().values():
        if game.id != info.id:
            found[f"seats_{game.id}"] = lambda game=game: [GameSelectScene(app), _focus_first_option(
                SeatsScene(app, game))]
    return found


def _show(app: App, make: Callable[[], list[Scene]]) -> None:
    scenes = make()
    app.scenes.clear_to(scenes[0])
    for scene in scenes[1:]:
        app.scenes.push(scene)
    app.step(1 / 60, [])


def shoot(outdir: Path, size: tuple[int, int]) -> list[Path]:
    """Render each screen after one frame and save it; returns the files written."""
    app = App(size, headless=True)
    written = []
    outdir.mkdir(parents=True, exist_ok=True)
    for name, make in screens(app).items():
        _show(app, make)
        path = outdir / f"{name}_{size[0]}x{size[1]}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)
    return written


def bench(size: tuple[int, int], frames: int = 200) -> dict[str, float]:
    """Mean milliseconds per App.step (events, update, draw, flip) on each screen."""
    app = App(size, headless=True)
    result = {}
    for name, make in screens(app).items():
        _show(app, make)
        start = time.perf_counter()
        for _ in range(frames):
            app.step(1 / 60, [])
        result[name] = (time.perf_counter() - start) / frames * 1000.0
    return result


_STARTUP_CHILD = """
import time
from pie_table.kit.app import App
from pie_table.scenes.title import TitleScene
app = App((1280, 720), headless=True)
app.scenes.push(TitleScene(app))
app.step(1 / 60, [])
print(time.time(), app.startup_ms)
"""


def measure_startup(runs: int = 5) -> list[float]:
    """Wall milliseconds from spawning Python to the first title frame (imports, window, sound, art)."""
    import subprocess

    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    times = []
    for _ in range(runs):
        start = time.time()
        out = subprocess.run([sys.executable, "-c", _STARTUP_CHILD], cwd=root, env=env, check=True,
                             capture_output=True, text=True).stdout.split()
        times.append((float(out[-2]) - start) * 1000.0)
    return times


def main() -> int:
    """Shoot into argv[1] (default /tmp/pie_menus) at argv[2] (1280x720); `--startup` / `--bench` measure."""
    if "--startup" in sys.argv:
        times = measure_startup()
        print("startup_ms (spawn -> first title frame):", " ".join(f"{t:.0f}" for t in times))
        return 0
    if "--bench" in sys.argv:
        for name, ms in bench((1280, 720)).items():
            print(f"{name:>20}: {ms:.2f} ms/frame")
        return 0
    outdir = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/pie_menus")
    size = tuple(int(v) for v in sys.argv[2].split("x")) if len(sys.argv) > 2 else (1280, 720)
    start = time.perf_counter()
    for path in shoot(outdir, size):  # type: ignore[arg-type]
        print(path)
    print(f"shot in {(time.perf_counter() - start) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
