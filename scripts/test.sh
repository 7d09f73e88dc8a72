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
# One worker per core and one more (tests are independent: each process has its own home folder):
# many network tests wait on sockets and child processes, and the extra worker runs meanwhile (on
# 2 cores: 322 s with 2 workers, 263 s with 3). A file's tests stay on one worker, so a file that
# builds something once (the wheel, the frozen app) builds it once.
workers=$(( $(nproc 2>/dev/null || echo 1) + 1 ))
exec "$root/.venv/bin/python" -m pytest -n "$workers" --dist loadfile "$@"
