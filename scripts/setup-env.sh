#!/usr/bin/env bash
# Creates .venv beside the project (once) and installs pie_table with its test tools into it.
# Re-running is cheap and quiet: pip is only called again when pyproject.toml changed. Each step
# that takes time says so in one line, and pip shows its own progress (the first install fetches
# some 20 packages, which takes a minute or two and would otherwise look like a hang).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="${PYTHON:-python3}"
say() { printf 'pie_table: %s\n' "$*"; }
if [ ! -x "$venv/bin/python" ]; then
  if ! command -v "$py" >/dev/null 2>&1; then
    say "$py was not found: install Python 3.11 or newer (or set PYTHON to one)" >&2
    exit 1
  fi
  if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    say "$py is older than Python 3.11: install a newer one (or set PYTHON to one)" >&2
    exit 1
  fi
  if ! "$py" -c 'import venv, ensurepip' 2>/dev/null; then
    say "Python's venv module is missing: install it (Debian, Ubuntu: sudo apt install python3-venv)" >&2
    exit 1
  fi
  say "creating .venv with $py (first run only)"
  "$py" -m venv "$venv"
fi
stamp="$venv/.pie_table_installed"
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
  say "updating pip in .venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  say "installing pie_table and its packages into .venv (first run: about 20 packages from the" \
      "package index, a minute or two)"
  # The build backend's notes (an editable install's "be careful with folders" banner) are not
  # for players; pip's own lines (what it fetches, its progress bars) are, so it is not --quiet.
  PYTHONWARNINGS=ignore "$venv/bin/python" -m pip install --disable-pip-version-check -e "$root[test]"
  touch "$stamp"
  say "ready"
fi
