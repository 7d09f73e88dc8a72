"""Translations via gettext; untranslated text falls back to the English source strings."""

from __future__ import annotations

import gettext
from typing import Any

from pie_table.core.messages import SeatName, translate
from pie_table.paths import assets_dir

LOCALE_DIR = assets_dir("locale")
DOMAIN = "pie_table"

# Picks the language from LANGUAGE / LC_ALL / LANG; fallback=True means a missing catalogue is no error.
_translation: gettext.NullTranslations = gettext.NullTranslations()  # set by set_language below


def _(text: str) -> str:
    """The translation of `text` for the user's language (the text itself when none)."""
    return _translation.gettext(text)


def N_(text: str) -> str:
    """Mark `text` for the translation template without translating it yet (tables of labels)."""
    return text


def ngettext(singular: str, plural: str, count: int) -> str:
    """Plural-aware translation."""
    return _translation.ngettext(singular, plural, count)


def tr(message: Any, seat_name: SeatName | None = None) -> str:
    """An engine's message (a `Msg`, a stored {"msg", "params"} event or a plain message id) in the
    player's language; `seat_name` (a table's `SeatNames`) names the seats it mentions."""
    return translate(message, _translation.gettext, _translation.ngettext, seat_name)


def event_text(event: dict[str, Any], seat_name: SeatName | None = None) -> str:
    """What an engine event says (its `text`: a message or a message id), translated."""
    return tr(event.get("text", ""), seat_name)


# Languages the table offers (code -> the language's own name), English first.
LANGUAGES = {"en": "English", "es": "Español"}
_LANGUAGE_FILE = "language.json"
_current = "en"


def current_language() -> str:
    """The language the texts are shown in."""
    return _current


def set_language(code: str) -> None:
    """Show every text in `code` from now on (no restart: texts are translated when drawn).
    An unknown code, or a language without a catalogue, falls back to English."""
    global _translation, _current
    code = code if code in LANGUAGES else "en"
    if code == "en":
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)
    _current = code


def load_saved_language() -> str | None:
    """Apply the language the player chose last time; returns a one-line notice if the file was
    damaged (and set aside), else None. No file: the environment's language, else English."""
    from pie_table.core.userfiles import read_json
    from pie_table.paths import config_dir

    result = read_json(config_dir() / _LANGUAGE_FILE, "language", 1)
    if result.ok and isinstance(result.payload, dict):
        set_language(str(result.payload.get("language", "en")))
        return None
    if result.status == "missing":
        set_language(_environment_language())
        return None
    set_language("en")
    return tr(result.notice) if result.notice is not None else None


def save_language(code: str) -> None:
    """Remember `code` for the next start (atomically; a failure to write is not fatal)."""
    from pie_table.core.userfiles import write_json
    from pie_table.paths import config_dir

    try:
        write_json(config_dir() / _LANGUAGE_FILE, "language", 1, {"language": code})
    except OSError:
        pass


def _environment_language() -> str:
    import os

    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


set_language(_environment_language())
