#!/usr/bin/env bash
# Creates .venv beside the project (once) and installs pie_table with its test tools into it.
# Re-running is cheap: pip is only called again when pyproject.toml changed.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
  "$py" -m venv "$venv"
fi
stamp="$venv/.pie_table_installed"
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  # The build backend's notes (an editable install's "be careful with folders" banner) are not
  # for players: the install stays quiet unless something actually fails.
  PYTHONWARNINGS=ignore "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$root[test]"
  touch "$stamp"
fi
