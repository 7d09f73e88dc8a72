"""Servers run as an operator runs them, each a process of its own on 127.0.0.1: `serve` (the JSON
lines it prints), and nginx with the repository's own example config in front of two of them."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NGINX_EXAMPLE = ROOT / "deploy" / "nginx"
# The example's own ports: its front and the two processes behind it (the tests put free ones in).
_EXAMPLE_PORTS = ("9230", "9231", "9232")


class Serving:
    """A `serve` process and the JSON lines it printed up to its `serving` line."""

    def __init__(self, *flags: str, port: int = 0) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "serve", "--port", str(port), "--bot-pace", "instant",
             *flags],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        self.tables: list[dict[str, Any]] = []
        while True:
            line = json.loads(self.line())
            if "serving" in line:
                self.url, self.public = line["serving"], line.get("public")
                break
            self.tables.append(line)

    def line(self) -> str:
        assert self.process.stdout is not None
        text = self.process.stdout.readline()
        assert text, "serve ended"
        return text

    def command(self, text: str) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        return json.loads(self.line())  # type: ignore[no-any-return]

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def free_port() -> int:
    """A port nothing listens on now (asked of the system)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def nginx_binary() -> str:
    """nginx, installed from Debian's packages when missing (CI runs as root on Debian): the test
    of the example config runs it for real, never skips."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if found is None:
        for step in (["apt-get", "update"],
                     ["apt-get", "install", "-y", "--no-install-recommends", "nginx-light"]):
            subprocess.run(step, check=True, stdout=subprocess.DEVNULL)
        found = shutil.which("nginx") or "/usr/sbin/nginx"
    return found


class Nginx:
    """nginx run from a folder of its own (its config, pid, logs and temp files; no system service)
    with the repository's example config, its ports changed to `front` and `backs`."""

    def __init__(self, front: int, backs: tuple[int, int]) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="pie_table_nginx_"))
        ports = dict(zip(_EXAMPLE_PORTS, (str(front), *map(str, backs)), strict=True))
        for example in NGINX_EXAMPLE.glob("*.conf"):
            text = example.read_text()
            for old, new in ports.items():
                text = text.replace(old, new)
            (self.folder / example.name).write_text(text)
        (self.folder / "logs").mkdir()
        # The outside nginx.conf a distribution ships, cut to what a process of its own needs.
        (self.folder / "nginx.conf").write_text(
            f"daemon off;\nworker_processes 1;\npid {self.folder}/nginx.pid;\n"
            f"error_log {self.folder}/logs/error.log;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n  access_log {self.folder}/logs/access.log;\n"
            + "".join(f"  {kind}_temp_path {self.folder}/{kind};\n"
                      for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
            + "  include pie_table.conf;\n}\n")
        self.process = subprocess.Popen([nginx_binary(), "-p", str(self.folder), "-c", "nginx.conf"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.url = f"ws://127.0.0.1:{front}"
        _wait_listening(front, self.process)

    def log(self) -> str:
        return (self.folder / "logs" / "error.log").read_text()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)


def _wait_listening(port: int, process: subprocess.Popen[str], seconds: float = 10.0) -> None:
    """Until something accepts on `port` (nginx says nothing when it is ready)."""
    end = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"nginx ended: {process.stderr.read() if process.stderr else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            assert time.monotonic() < end, f"nginx did not listen on {port}"
            time.sleep(0.05)
