"""Translations via gettext; untranslated text falls back to the English source strings."""

from __future__ import annotations

import gettext

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
