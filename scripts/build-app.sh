#!/usr/bin/env bash
# Builds the frozen one-folder app dist/pie-table/ (PyInstaller): the program dist/pie-table/pie-table,
# every asset, the pie icon and LICENSES/ (what it bundles, and their licences). It needs neither
# Python nor the repository where it runs. A folder, not --onefile: a single file unpacks itself on
# every start (slow) and is what virus scanners flag.
# Usage: bash scripts/build-app.sh [--out DIR]   (default: the app in dist/, PyInstaller's work in build/)
# tests/test_frozen_app.py builds it this way and runs it from another folder.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=""
if [ "${1:-}" = "--out" ]; then out="$2"; fi
dist="${out:-$root/dist}"
work="${out:+$out/build}"
work="${work:-$root/build/pyinstaller}"
bash "$root/scripts/setup-env.sh"
py="$root/.venv/bin/python"
# PyInstaller: the `app` extra of pyproject.toml, installed into the same venv the first time (by
# itself: the editable install of pie_table stays as setup-env.sh made it).
if ! "$py" -c "import PyInstaller" 2>/dev/null; then
  mapfile -t wanted < <("$py" -c 'import sys, tomllib
print(*tomllib.load(open(sys.argv[1], "rb"))["project"]["optional-dependencies"]["app"], sep="\n")' \
    "$root/pyproject.toml")
  "$py" -m pip install --quiet --disable-pip-version-check "${wanted[@]}"
fi
app="$dist/pie-table"
rm -rf "$app" "$work"
# The games are imported by name from assets/games.json, which PyInstaller cannot follow: every
# module of pie_table goes in. readline (GPL) serves only an interactive prompt, which a game has not.
# --strip drops the debug symbols: 45 MB instead of 69 (libpython alone was 23 MB).
"$py" -m PyInstaller --noconfirm --clean --onedir --name pie-table --log-level ERROR \
  --distpath "$dist" --workpath "$work" --specpath "$work" \
  --add-data "$root/assets:pie_table/assets" \
  --collect-submodules pie_table \
  --exclude-module tkinter --exclude-module readline --strip \
  "$root/main.py"
rm -f "$app/_internal/pie_table/assets/locale/pie_table.pot"  # the translators' template
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
# The icon, drawn by the table's own art code (the window sets the same one when it opens).
"$py" - "$app/pie-table.png" <<'PY'
import sys
from pathlib import Path

from pie_table.cli.desktop_entry import write_icon

write_icon(Path(sys.argv[1]), 256)
PY
"$py" "$root/tools/bundle_licences.py" "$app"
cat > "$app/README.txt" <<'TXT'
pie_table: a desktop card table for four pie-themed tabletop games.

Start it:               ./pie-table
Add it to the menu:     ./pie-table --install-desktop-entry
Take it off the menu:   ./pie-table --remove-desktop-entry
Headless commands:      ./pie-table --help

Keep this folder whole (the program needs _internal/ beside it); move it anywhere, then run
--install-desktop-entry again from its new place. Settings and saves live in your own folders
(~/.config/pie_table, ~/.local/share/pie_table), not here. Licences: LICENSES/NOTICE.md.
TXT
echo "built $app ($(du -sh "$app" | cut -f1))"
