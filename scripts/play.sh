#!/usr/bin/env bash
# Sets up .venv if needed, then opens the pie_table window. Extra arguments go to main.py.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup-env.sh"
exec "$root/.venv/bin/python" "$root/main.py" "$@"
