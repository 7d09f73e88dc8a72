#!/usr/bin/env bash
# Sets up .venv if needed, then runs ruff, mypy and the whole test suite headless.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup-env.sh"
cd "$root"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
"$root/.venv/bin/python" -m ruff check pie_table tests tools main.py
# Type check (config and what it covers: [tool.mypy] in pyproject.toml).
"$root/.venv/bin/python" -m mypy
# One worker per core (tests are independent: each process has its own home folder); a file's tests
# stay on one worker, so a file that builds something once (the wheel, the frozen app) builds it once.
exec "$root/.venv/bin/python" -m pytest -n auto --dist loadfile "$@"
