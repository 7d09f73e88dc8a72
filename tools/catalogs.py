"""Translation catalogues without GNU gettext tools: the Spanish catalogue of the deck's names is
generated from the deck file, and every `.po` of a language is compiled into the one `.mo` the app
loads. Run after editing a `.po` (or the deck):

    python tools/catalogs.py

The compiled `.mo` files are committed, so neither players nor CI need gettext installed;
tests/kit/test_catalogs.py fails when a `.mo` is out of date with its sources.
"""

from __future__ import annotations

import ast
import json
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "pie_table"
HEADER = (
    "Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"
)


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr for the catalogues kept here (no contexts). A plural entry is keyed by
    "singular\0plural" and its forms are joined by "\0", as a .mo file stores them."""
    entries: dict[str, str] = {}
    parts: dict[str, str] = {}
    field = ""

    def flush() -> None:
        if "msgid" in parts and ("msgstr" in parts or "msgstr[0]" in parts):
            key = parts["msgid"] + ("\0" + parts["msgid_plural"] if "msgid_plural" in parts else "")
            if "msgstr" in parts:
                value = parts["msgstr"]
            else:
                forms = sorted((k for k in parts if k.startswith("msgstr[")), key=lambda k: int(k[7:-1]))
                value = "\0".join(parts[k] for k in forms)
            entries[key] = value
        parts.clear()

    for raw in text.splitlines() + [""]:
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line:
                flush()
            continue
        if line.startswith('"'):
            if field:
                parts[field] += ast.literal_eval(line)
            continue
        name, _, rest = line.partition(" ")
        if name == "msgid" and "msgid" in parts and field.startswith("msgstr"):
            flush()
        field = name
        parts[name] = ast.literal_eval(rest)
    flush()
    return entries


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def write_po(path: Path, entries: dict[str, str], comment: str) -> None:
    lines = [f"# {comment}", 'msgid ""', 'msgstr ""']
    lines += [_quote(part + "\n") for part in HEADER.rstrip("\n").split("\n")]
    for key in sorted(k for k in entries if k):
        if "\0" in key:
            one, other = key.split("\0", 1)
            forms = entries[key].split("\0")
            lines += ["", f"msgid {_quote(one)}", f"msgid_plural {_quote(other)}"]
            lines += [f"msgstr[{i}] {_quote(form)}" for i, form in enumerate(forms)]
        else:
            lines += ["", f"msgid {_quote(key)}", f"msgstr {_quote(entries[key])}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU .mo bytes for `entries` (untranslated ones left out; the header under "")."""
    table = {k: v for k, v in entries.items() if k and v}
    table[""] = HEADER
    keys = sorted(table)
    ids = [k.encode("utf-8") for k in keys]
    strs = [table[k].encode("utf-8") for k in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count
    offsets: list[int] = []
    blob = b""
    for data in ids + strs:
        offsets += [len(data), start + len(blob)]
        blob += data + b"\0"
    head = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, 0)
    return head + struct.pack(f"{4 * count}i", *offsets) + blob


def deck_entries(language: str) -> dict[str, str]:
    """Names from the Pie Rats deck file: English -> `language`."""
    deck = json.loads((ROOT / "assets" / "pie_rats" / "deck.json").read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    groups = [deck["crew"], deck["charisma"], deck["actions"], deck["pies"]]
    for group in groups:
        for card in group:
            if language in card["name"]:
                found[card["name"]["en"]] = card["name"][language]
    for names in deck["captain"]["names"]:
        if language in names:
            found[names["en"]] = names[language]
    return found


def cheflebrity_entries(language: str) -> dict[str, str]:
    """Names from the Cheflebrity deck file (cards and filling flavours): English -> `language`."""
    deck = json.loads((ROOT / "assets" / "cheflebrity" / "deck.json").read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for card in deck["pie_cards"] + deck["special_cards"]:
        if language in card["name"]:
            found[card["name"]["en"]] = card["name"][language]
    for names in deck["fillings"].values():
        if language in names:
            found[names["en"]] = names[language]
    return found


def sources(language: str) -> dict[str, str]:
    """Every entry of a language: its hand-kept catalogue plus the generated deck names."""
    folder = LOCALE / language / "LC_MESSAGES"
    entries: dict[str, str] = {}
    for po in sorted(folder.glob("*.po")):
        entries.update(parse_po(po.read_text(encoding="utf-8")))
    return entries


def build(check: bool = False) -> list[str]:
    """Regenerate the deck catalogues and the .mo files; with `check`, only list what is stale."""
    stale = []
    for folder in sorted(p for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir()):
        language = folder.name
        deck_po = folder / "LC_MESSAGES" / "pie_rats_deck.po"
        if not check:
            write_po(
                deck_po,
                deck_entries(language),
                "Generated by tools/catalogs.py from assets/pie_rats/deck.json",
            )
            write_po(
                folder / "LC_MESSAGES" / "cheflebrity_deck.po",
                cheflebrity_entries(language),
                "Generated by tools/catalogs.py from assets/cheflebrity/deck.json",
            )
        mo = folder / "LC_MESSAGES" / f"{DOMAIN}.mo"
        data = compile_mo(sources(language))
        if check:
            if not mo.exists() or mo.read_bytes() != data:
                stale.append(str(mo.relative_to(ROOT)))
        else:
            mo.write_bytes(data)
    return stale


if __name__ == "__main__":
    if "--check" in sys.argv:
        out = build(check=True)
        print("\n".join(out) or "catalogues up to date")
        raise SystemExit(1 if out else 0)
    build()
    print("catalogues compiled")
