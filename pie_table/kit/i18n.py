"""Translations via gettext; untranslated text falls back to the English source strings."""

from __future__ import annotations

import gettext
from typing import Any

from pie_table.core.messages import translate
from pie_table.paths import assets_dir

LOCALE_DIR = assets_dir("locale")
DOMAIN = "pie_table"

# Picks the language from LANGUAGE / LC_ALL / LANG; fallback=True means a missing catalogue is no error.
_translation = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), fallback=True)


def _(text: str) -> str:
    """The translation of `text` for the user's language (the text itself when none)."""
    return _translation.gettext(text)


def N_(text: str) -> str:
    """Mark `text` for the translation template without translating it yet (tables of labels)."""
    return text


def ngettext(singular: str, plural: str, count: int) -> str:
    """Plural-aware translation."""
    return _translation.ngettext(singular, plural, count)


def tr(message: Any) -> str:
    """An engine's message (a `Msg`, a stored {"msg", "params"} event or a plain message id) in the
    player's language."""
    return translate(message, _translation.gettext, _translation.ngettext)


def event_text(event: dict[str, Any]) -> str:
    """What an engine event says (its `text`: a message or a message id), translated."""
    return tr(event.get("text", ""))


def current_language() -> str:
    """The language the texts are shown in ("en" when no catalogue is active)."""
    language = _translation.info().get("language", "") or "en"
    return str(language).split("_")[0].lower()
