"""Translation catalogues with Babel: the texts the code marks are extracted into a template, the
Spanish catalogues of the deck names are generated from the deck files, and every `.po` of a
language is compiled into the one `.mo` the app loads. Run after editing a `.po` (or a deck):

    python tools/catalogs.py            # regenerate the deck catalogues, compile the .mo files
    python tools/catalogs.py --check    # list the .mo files that are out of date (exit 1 if any)
    python tools/catalogs.py extract    # write assets/locale/pie_table.pot and list the texts
                                        # no language translates yet (not committed)

New entries are appended by hand at the end of a `.po` (a merge tool would re-sort and re-wrap the
file, which makes merges of parallel work painful). The compiled `.mo` files are committed, so
players need no Babel; tests/kit/test_catalogs.py fails when a `.mo` is out of date with its sources.
"""

from __future__ import annotations

import ast
import io
import itertools
import json
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "pie_table"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# The dates written into catalogue headers: fixed, so the same sources always compile to the same
# bytes (the test compares the committed .mo with a fresh compile).
_STAMP = datetime(2026, 1, 1, tzinfo=UTC)
# How the code marks a text: `_`/`N_` in the UI, `Msg` and `seat_msg` in the engines, and plurals as
# `ngettext(one, other, n)` or `plural(n, one, other)`. (The `("{n} rag", "{n} rags")` pairs some
# tables keep are found by tests/kit/test_catalogs.py, which checks every marked text has Spanish.)
KEYWORDS = {"_": None, "N_": None, "Msg": None, "seat_msg": None, "ngettext": (1, 2), "plural": (2, 3)}
_PLURAL_FORMS = "nplurals=2; plural=(n != 1);"  # Spanish and English alike


def _catalog(language: str | None = None) -> Catalog:
    catalog = Catalog(locale=language, domain=DOMAIN, project="pie_table", version="1",
                      creation_date=_STAMP, revision_date=_STAMP, fuzzy=False, msgid_bugs_address="",
                      last_translator="pie_table contributors", language_team="pie_table contributors")
    if language is not None:
        # Our own forms, not the locale data's: newer CLDR gives Spanish a third ("many") form the
        # catalogues do not have.
        catalog.mime_headers = [("Plural-Forms", _PLURAL_FORMS)]
    return catalog


def read_catalog(path: Path, language: str) -> Catalog:
    """One `.po` file as Babel reads it."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def language_catalog(language: str) -> Catalog:
    """Every `.po` of a language merged into one catalogue (a later file's translation wins)."""
    merged = _catalog(language)
    for po in sorted((LOCALE / language / "LC_MESSAGES").glob("*.po")):
        for message in read_catalog(po, language):
            if message.id:
                if message.id in merged:
                    del merged[message.id]
                merged[message.id] = Message(message.id, message.string)
    return merged


def sources(language: str) -> dict[str, str]:
    """msgid -> translation for a language; a plural is keyed "one\\0other", its forms joined by "\\0"."""
    entries = {}
    for message in language_catalog(language):
        if not message.id:
            continue
        key = "\0".join(message.id) if isinstance(message.id, tuple | list) else message.id
        value = "\0".join(message.string) if isinstance(message.string, tuple | list) else message.string
        entries[key] = value or ""
    return entries


def compile_mo(catalog: Catalog) -> bytes:
    """The `.mo` bytes Babel writes for `catalog` (untranslated entries left out)."""
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _names(groups: list[list[dict]], extra: list[dict], language: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for group in groups:
        for card in group:
            if language in card["name"]:
                found[card["name"]["en"]] = card["name"][language]
    for names in extra:
        if language in names:
            found[names["en"]] = names[language]
    return found


def deck_entries(language: str) -> dict[str, str]:
    """Names from the Pie Rats deck file: English -> `language`."""
    deck = json.loads((ROOT / "assets" / "pie_rats" / "deck.json").read_text(encoding="utf-8"))
    groups = [deck["crew"], deck["charisma"], deck["actions"], deck["pies"]]
    return _names(groups, deck["captain"]["names"], language)


def cheflebrity_entries(language: str) -> dict[str, str]:
    """Names from the Cheflebrity deck file (cards and filling flavours): English -> `language`."""
    deck = json.loads((ROOT / "assets" / "cheflebrity" / "deck.json").read_text(encoding="utf-8"))
    groups = [deck["pie_cards"] + deck["special_cards"]]
    return _names(groups, list(deck["fillings"].values()), language)


def write_generated(path: Path, language: str, entries: dict[str, str], source: str) -> None:
    """A generated `.po` (the deck names), sorted, with a header naming where it came from."""
    catalog = _catalog(language)
    catalog.header_comment = f"# Generated by tools/catalogs.py from {source}: do not edit."
    for english in sorted(entries):
        catalog.add(english, entries[english])
    with path.open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False)


def build(check: bool = False) -> list[str]:
    """Regenerate the deck catalogues and the .mo files; with `check`, only list what is stale."""
    stale = []
    for folder in sorted(p for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir()):
        language, messages = folder.name, folder / "LC_MESSAGES"
        if not check:
            write_generated(messages / "pie_rats_deck.po", language, deck_entries(language),
                            "assets/pie_rats/deck.json")
            write_generated(messages / "cheflebrity_deck.po", language, cheflebrity_entries(language),
                            "assets/cheflebrity/deck.json")
        mo = messages / f"{DOMAIN}.mo"
        data = compile_mo(language_catalog(language))
        if check:
            if not mo.exists() or mo.read_bytes() != data:
                stale.append(str(mo.relative_to(ROOT)))
        else:
            mo.write_bytes(data)
    return stale


def _literals(node: ast.expr) -> list[str]:
    """The texts an argument can be: a string, or each branch of `"a" if ... else "b"`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def extract_python(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel extraction method reading the syntax tree rather than tokens: only literal texts count
    (Babel's token reader also takes "en" out of `_(names["en"])`), and both branches of a
    conditional text do. Yields every argument (None where it is not a text); Babel picks the ones
    KEYWORDS names."""
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name not in keywords:
            continue
        choices = [_literals(arg) or [None] for arg in node.args]
        for args in itertools.product(*choices):
            if any(arg is not None for arg in args):
                yield node.lineno, name, args, []


def extract() -> Catalog:
    """Every text the code marks (see KEYWORDS), with where it is used, as a template catalogue."""
    template = _catalog()
    for filename, line, text, comments, _context in extract_from_dir(
        ROOT / "pie_table", method_map=[("**.py", extract_python)], keywords=KEYWORDS
    ):
        template.add(text, None, [(f"pie_table/{filename}", line)], auto_comments=comments)
    return template


def untranslated(template: Catalog, language: str) -> list[str]:
    """The template's texts `language` has no translation for."""
    known = sources(language)
    missing = []
    for message in template:
        key = "\0".join(message.id) if isinstance(message.id, tuple | list) else message.id
        if key and not known.get(key):
            missing.append(key.replace("\0", " / "))
    return missing


def _extract_command() -> None:
    template = extract()
    with TEMPLATE.open("wb") as handle:
        write_po(handle, template, width=0, sort_output=True)
    print(f"{len(template)} texts written to {TEMPLATE.relative_to(ROOT)}")
    for folder in sorted(p for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir()):
        for text in untranslated(template, folder.name):
            print(f"{folder.name}: no translation for {text!r}")


if __name__ == "__main__":
    if "extract" in sys.argv[1:]:
        _extract_command()
    elif "--check" in sys.argv:
        out = build(check=True)
        print("\n".join(out) or "catalogues up to date")
        raise SystemExit(1 if out else 0)
    else:
        build()
        print("catalogues compiled")
