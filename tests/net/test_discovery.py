"""Tables on the local network listed by themselves (issue 23 item 1): a server announced with
zeroconf on the loopback interface shows up in a running `Browser` without anyone asking again,
and leaves it when its announcement is withdrawn."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from pie_table.net.discovery import Browser, advertise

_LOOPBACK = ["127.0.0.1"]


def _wait(changed: threading.Event, done: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Wait for `done()`, woken by each change the browser reports."""
    for _ in range(50):
        if done():
            return True
        changed.wait(seconds / 50)
        changed.clear()
    return done()


def test_a_running_browser_lists_servers_as_they_come_and_go() -> None:
    changed = threading.Event()
    try:
        browser = Browser(changed.set, interfaces=_LOOPBACK)
    except OSError as exc:
        pytest.skip(f"zeroconf cannot run on the loopback interface here: {exc}")
    try:
        advert = advertise("Ann's table", 45871, "127.0.0.1", interfaces=_LOOPBACK)
        try:
            assert _wait(changed, lambda: any(s["port"] == 45871 for s in browser.found())), \
                "no announcement received (multicast on loopback unavailable?)"
            server = next(s for s in browser.found() if s["port"] == 45871)
            assert server["url"] == "ws://127.0.0.1:45871" and server["name"] == "Ann's table"
            secure = advertise("Bea's table", 45872, "127.0.0.1", interfaces=_LOOPBACK, secure=True)
            try:  # a server that speaks wss:// is listed with a wss:// link
                listed = "wss://127.0.0.1:45872"
                assert _wait(changed, lambda: any(s["url"] == listed for s in browser.found()))
            finally:
                secure.close()
        finally:
            advert.close()
        assert _wait(changed, lambda: not any(s["port"] == 45871 for s in browser.found()))
    finally:
        browser.close()


def test_serve_with_advertise_starts_and_says_where_it_serves() -> None:
    """`main.py serve --advertise` announces itself off its event loop (zeroconf, adopting the
    running loop, used to block it waiting on itself and the server never started)."""
    import json
    import socket
    import subprocess
    import sys
    from pathlib import Path

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    main = Path(__file__).resolve().parents[2] / "main.py"
    proc = subprocess.Popen([sys.executable, str(main), "serve", "--port", str(port), "--advertise"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.append(proc.stdout.readline() if proc.stdout else ""),
                                  daemon=True)
        reader.start()
        reader.join(30)  # a serve that hangs fails here instead of holding up the suite
        if not lines or not lines[0]:
            proc.kill()
        assert lines and lines[0], f"serve did not start: {proc.stderr.read() if proc.stderr else ''}"[-500:]
        line = lines[0]
        assert json.loads(line) == {"serving": f"ws://127.0.0.1:{port}"}
    finally:
        proc.terminate()
        proc.wait(10)
