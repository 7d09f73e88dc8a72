"""The player's settings, kept in a versioned per-user file and applied at once.

What lives here: sound volume and mute, the reaction-window countdown a new game starts with, and
how quickly bots move, animations, the card theme and the interface size. (The language has its
own file, kit/i18n; window mode is F11.) A missing
file means defaults; a damaged one is set aside with one line of notice (pie_table.core.userfiles).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol

from pie_table.core.userfiles import read_json, write_json
from pie_table.kit.theme import THEMES

if TYPE_CHECKING:
    from pie_table.kit.scene import SceneManager

FILE = "settings.json"
KIND, VERSION = "settings", 1
VOLUMES = tuple(range(0, 101, 10))
REACTION_SECONDS = (4, 6, 10, 15)
BOT_PACES = ("human", "brisk")
ANIMATIONS = ("slow", "normal", "fast", "instant")
# Interface size in percent, for high-DPI displays: text and widgets drawn that much larger at the
# window's own resolution, as far as each screen's room allows (kit.text.ui_scale).
UI_SCALES = (100, 125, 150, 175, 200)
# How much of the usual wait a bot takes at each pace (turn-based tables).
PACE_FACTOR = {"human": 1.0, "brisk": 0.35}


@dataclass
class Settings:
    volume: int = 80
    muted: bool = False
    reaction_seconds: int = 6
    bot_pace: str = "human"
    animation: str = "normal"
    reduce_motion: bool = False
    card_theme: str = "normal"
    ui_scale: int = 100
    tutorial_offered: bool = False  # a game's tutorial was offered on its first pick (Rumble Pie's today)

    def pace_factor(self) -> float:
        return PACE_FACTOR.get(self.bot_pace, 1.0)


# The JSON type of each setting; a file holding another type is damaged and set aside.
_TYPES = {"volume": int, "muted": bool, "reaction_seconds": int, "bot_pace": str, "animation": str,
          "reduce_motion": bool, "card_theme": str, "ui_scale": int, "tutorial_offered": bool}


class SettingsHost(Protocol):
    """What the Settings sheet needs of the app it is opened in (kit.app.App declares it is
    one): the settings it changes, and the window and sound it applies them to at once."""

    settings: Settings
    fullscreen: bool
    scenes: SceneManager
    sound: Any

    @property
    def size(self) -> tuple[int, int]:
        """The window's drawing size in pixels."""

    def set_ui_scale(self, percent: int) -> None:
        """Draw everything `percent`% larger, every scene laid out again at once."""

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and the last windowed size."""


def check(payload: dict[str, Any]) -> None:
    """TypeError when a setting has the wrong type (`true` where a volume goes, a number as a
    yes/no). A value of the right type but out of range only falls back to its default."""
    for key, kind in _TYPES.items():
        if key in payload and type(payload[key]) is not kind:
            raise TypeError(f"{key} is not a {kind.__name__}")


def _clean(payload: dict[str, Any]) -> Settings:
    """Settings from a file's payload; a value out of range falls back to its default."""
    base = Settings()
    volume = payload.get("volume", base.volume)
    reaction = payload.get("reaction_seconds", base.reaction_seconds)
    pace = payload.get("bot_pace", base.bot_pace)
    animation, theme, scale = payload.get("animation"), payload.get("card_theme"), payload.get("ui_scale")
    return Settings(
        volume=volume if type(volume) is int and 0 <= volume <= 100 else base.volume,
        muted=bool(payload.get("muted", base.muted)),
        reaction_seconds=reaction if reaction in REACTION_SECONDS else base.reaction_seconds,
        bot_pace=pace if pace in BOT_PACES else base.bot_pace,
        animation=animation if isinstance(animation, str) and animation in ANIMATIONS else base.animation,
        reduce_motion=bool(payload.get("reduce_motion", base.reduce_motion)),
        card_theme=theme if isinstance(theme, str) and theme in THEMES else base.card_theme,
        ui_scale=scale if type(scale) is int and scale in UI_SCALES else base.ui_scale,
        tutorial_offered=bool(payload.get("tutorial_offered", base.tutorial_offered)),
    )


def load() -> tuple[Settings, str | None]:
    """The saved settings (defaults when there is no file) and a one-line notice if a damaged
    file was set aside."""
    from pie_table.kit.i18n import tr
    from pie_table.paths import config_dir

    result = read_json(config_dir() / FILE, KIND, VERSION, validate=check)
    if result.ok and result.payload is not None:
        return _clean(result.payload), None
    notice = tr(result.notice) if result.notice is not None else None
    return Settings(), notice


def save(settings: Settings) -> None:
    """Write the settings atomically; a failure to write keeps the game going."""
    from pie_table.paths import config_dir

    try:
        write_json(config_dir() / FILE, KIND, VERSION, asdict(settings))
    except OSError:
        pass


def apply_motion(settings: Settings) -> None:
    """Animation speed, reduced motion and the card theme take effect at once."""
    from pie_table.kit import motion, theme

    motion.configure(settings.animation, settings.reduce_motion)
    theme.configure(settings.card_theme)


def apply_sound(app: Any, settings: Settings) -> None:
    """Volume and mute take effect at once."""
    sound = app.sound
    sound.set_volume(settings.volume / 100)
    sound.mute(settings.muted)
