"""Issue 34's "done when", played as one run: two `serve` processes sharing one PostgreSQL store
behind the repository's nginx example, every client going through its one address. A window makes
a table on the first lobby (the join screen's New table code), two windows play a seat each (the
window's own `RemoteDriver`, its seat played by the game's bot), a third window watches the
table the first made, and headless `main.py join` processes play the other seats, at tables of
all four games. The first process is killed with -9 mid-game and started again: every table is
resumed, every client takes its seat back by itself, every game finishes, and the store holds
every move a window was told was taken.

`run(short=True)` is what CI runs (the suite's test, some 15-20 s); `python -m
tests.net.durable_scenario` runs it whole (three tables of each turn-based game, Rumble to its end:
some 6 minutes) and prints its figures as one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pie_table.core.saves import expand_log
from pie_table.net.link_source import join_seat
from pie_table.net.lobby_list import create_table, lobby_tables
from pie_table.net.remote_driver import RemoteDriver
from pie_table.net.store import open_store
from tests.net.netplay import until_serving
from tests.net.processes import ROOT, Nginx, free_port

_TURN_BASED = ("rats", "pie-rats", "cheflebrity")
_KILL_AFTER_MOVES = 3  # each window's moves taken before the first process is killed
_WAIT_S = 240.0  # the most any step waits (a loaded machine is slow, never this slow)
_PASS = '{"type":"pass"}'
_RUMBLE_S = 1200.0  # Rumble Pie to 10 between two normal bots: some 330 s of play


class _Serve:
    """A `serve` process sharing the store, behind nginx at `public`."""

    def __init__(self, port: int, store: str, owner: str, public: str, log: Path) -> None:
        began = time.perf_counter()
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "serve", "--port", str(port), "--bot-pace", "instant",
             "--store", store, "--store-owner", owner, "--public-url", public, "--trusted-proxy", "127.0.0.1",
             "--tables-per-address", "40"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log.open("w"), text=True, cwd=ROOT)
        self.resumed, _serving = until_serving(self.process)
        self.start_s = time.perf_counter() - began  # to listening, every table resumed

    def end(self, how: signal.Signals) -> None:
        self.process.send_signal(how)
        self.process.wait(30)


@dataclass
class _Window:
    """A window's seat at a table, played by the game's bot on a thread of its own."""

    driver: RemoteDriver
    taken: int = 0  # moves the host said were taken
    acked: list[str] = field(default_factory=list)  # those moves, as JSON
    unsure: int = 0  # moves sent whose answer never came or was another message's refusal
    error: str = ""
    thread: threading.Thread = field(init=False)

    def __post_init__(self) -> None:
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.thread.start()

    def _play(self) -> None:
        driver, seat = self.driver, self.driver.seat
        end = time.monotonic() + _WAIT_S
        while not driver.is_over() and time.monotonic() < end:
            driver.update(0.02)
            if driver.lost:
                self.error = driver.lost
                return
            if seat in driver.to_act() and not driver.held_by_host:
                action = driver.autoplay_action(seat)
                applied = driver.submit(seat, action)
                if applied.ok:
                    self.taken += 1
                    self.acked.append(_canonical(action))
                else:  # refused (a stale move: nothing done) or not answered (the server died)
                    self.unsure += 1
            time.sleep(0.01)


def _join(url: str, seat: int, home: Path) -> subprocess.Popen[str]:
    """`main.py join` at `seat` (from 1) with a home of its own; what it says goes to home/err."""
    home.mkdir(parents=True)
    env = {**os.environ, "PIE_TABLE_HOME": str(home)}
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "join", url, "--seat", str(seat)],
                            stdout=subprocess.PIPE, stderr=(home / "err").open("w"), text=True, cwd=ROOT,
                            env=env)


def _canonical(action: Any) -> str:
    """A move as JSON to compare, without its seat (which the session adds where a game's moves
    do not name it: the log's entry names it anyway)."""
    return json.dumps({k: v for k, v in action.items() if k != "seat"}, sort_keys=True, separators=(",", ":"))


def _missing(acked: list[str], logged: list[str]) -> list[str]:
    """The moves of `acked` the log does not hold (counted: a move taken twice, lost once and made
    again, is missing once). Not in order: an answer kept for its turn (a trade's reply) is logged
    when its turn comes. A pass is left out: answers that are all passes when a reaction's time
    runs out are played as the timeout alone (`core.seat_order`)."""
    left = Counter(logged)
    missing = []
    for move in acked:
        if left[move] > 0:
            left[move] -= 1
        elif move != _PASS:
            missing.append(move)
    return missing


def _finished(store: str, made: dict[str, dict[str, Any]]) -> set[str]:
    """The ids of the tables of `made` the store holds as finished."""
    reader = open_store(store, "reader")
    try:
        records = [reader.read(t["table"]) for t in made.values()]
        return {r.id for r in records if r is not None and r.status == "finished"}
    finally:
        reader.close()


def _logged(store: str, table: str) -> int:
    """How many actions the store holds of `table`."""
    reader = open_store(store, "reader")
    try:
        record = reader.read(table)
        return len(expand_log(record.log)) if record is not None else 0
    finally:
        reader.close()


def _until(done: Any, what: str) -> None:
    end = time.monotonic() + _WAIT_S
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


def run(store: str, short: bool = True) -> dict[str, Any]:
    """The scenario on `store` (a fresh PostgreSQL database's URL); its figures. Raises
    AssertionError at the first thing that is not as the issue asks."""
    front, port_a, port_b = free_port(), free_port(), free_port()
    nginx = Nginx(front, (port_a, port_b))
    lobby_a, lobby_b = f"{nginx.url}/a/", f"{nginx.url}/b/"
    homes = Path(tempfile.mkdtemp(prefix="pie_durable_"))
    a = _Serve(port_a, store, "a", lobby_a, homes / "serve-a.log")
    b = _Serve(port_b, store, "b", lobby_b, homes / "serve-b.log")
    joins: dict[str, subprocess.Popen[str]] = {}
    windows: dict[str, _Window] = {}
    watcher: RemoteDriver | None = None
    rumble_join: subprocess.Popen[str] | None = None
    try:
        copies = 1 if short else 3  # tables of each turn-based game on the first process
        made = {f"{game}#{n}": create_table(lobby_a, game, ["remote", "remote", "bot:normal"], {})
                for game in _TURN_BASED for n in range(copies)}
        made["rumble-pie"] = create_table(lobby_a, "rumble-pie", ["remote", "bot:normal"], {"target": 10})
        on_b = create_table(lobby_b, "pie-rats", ["remote", "bot:normal"], {})
        for name in ("pie-rats#0", "cheflebrity#0"):  # two windows, at the first seat of their tables
            windows[name] = _Window(join_seat(lobby_a, made[name]["table"], code=made[name]["code"],
                                                 seat=0, name=f"Window {len(windows) + 1}"))
        watcher = join_seat(lobby_a, made["pie-rats#0"]["table"], watch=True)  # the third window
        rumble = made["rumble-pie"]
        rumble_join = _join(f"{lobby_a}{rumble['table']}?code={rumble['code']}", 1, homes / "rumble")
        for name, table in made.items():  # every other remote seat: `join` (its --seat counts from 1)
            if "#" not in name:
                continue
            link = f"{lobby_a}{table['table']}?code={table['code']}"
            for seat in (1,) if name in windows else (0, 1):
                joins[f"{name}/{seat + 1}"] = _join(link, seat + 1, homes / f"{name}.{seat}")
        joins["b"] = _join(f"{lobby_b}{on_b['table']}?code={on_b['code']}", 1, homes / "b")

        def seated() -> bool:  # every remote seat taken (a join takes a second or two to start)
            listed = {t["table"]: t for t in lobby_tables(lobby_a)}
            return all(t["table"] in listed and not listed[t["table"]]["open"] for t in made.values())
        _until(seated, "every seat to be taken")

        def b_lists_a() -> bool:  # as held where they are joined (a fast game may be over already)
            listed = {t["table"]: t for t in lobby_tables(lobby_b)}
            over = _finished(store, made)
            return all(listed.get(t["table"], {}).get("at") == lobby_a or t["table"] in over
                       for t in made.values())
        _until(b_lists_a, "B to list A's tables")
        moved = {name: w.taken for name, w in windows.items()}
        _until(lambda: all(w.taken >= moved[n] + _KILL_AFTER_MOVES for n, w in windows.items()),
               "the windows' moves")
        taken_at_kill = {name: w.taken for name, w in windows.items()}
        a.end(signal.SIGKILL)
        killed = time.perf_counter()
        rumble_at_kill = _logged(store, rumble["table"])
        in_play = {t["table"] for t in made.values()} - _finished(store, made)  # a fast game may be over
        a = _Serve(port_a, store, "a", lobby_a, homes / "serve-a-again.log")
        resumed_s = time.perf_counter() - killed
        assert {line["table"] for line in a.resumed} == in_play
        assert {made[name]["table"] for name in windows} <= in_play
        for window in windows.values():
            window.thread.join(_WAIT_S)
            driver = window.driver
            assert not window.error and driver.is_over(), (
                window.error or f"a window did not finish: held {driver.held_by_host!r}, asked "
                                f"{driver.to_act()}, {window.taken} moves taken; the logs are in {homes}")
        _until(lambda: watcher is not None and watcher.is_over(), "the watcher to see the end")
        lines = {}
        for name, join in joins.items():
            try:
                out, _err = join.communicate(timeout=_WAIT_S)
            except subprocess.TimeoutExpired:
                raise AssertionError(f"{name} did not finish; the logs are in {homes}") from None
            assert join.returncode == 0, f"{name} failed; the logs are in {homes}"
            lines[name] = json.loads(out.strip().splitlines()[-1])
            assert lines[name]["over"], name
        # Each took its seat back by itself (at a table still in play when the process was killed).
        assert all(line["resumed"] >= 1 for name, line in lines.items()
                   if name != "b" and made[name.split("/")[0]]["table"] in in_play), lines
        assert lines["b"]["resumed"] == 0  # B was never stopped
        if short:  # Rumble to 10 is minutes of play: here it is seen to play on after the restart
            _until(lambda: _logged(store, rumble["table"]) > rumble_at_kill, "Rumble to play on")
            rumble_join.terminate()
        else:
            out, _err = rumble_join.communicate(timeout=_RUMBLE_S)
            assert rumble_join.returncode == 0, f"Rumble's join failed; the logs are in {homes}"
            line = json.loads(out.strip().splitlines()[-1])
            assert line["over"] and line["resumed"] >= 1, line
        reader = open_store(store, "reader")
        try:
            records = {name: reader.read(table["table"]) for name, table in made.items()}
        finally:
            reader.close()
        lost: dict[str, list[str]] = {}
        for name, window in windows.items():
            record = records[name]
            assert record is not None and record.status == "finished"
            logged = [_canonical(action) for seat, action in expand_log(record.log) if seat == 0]
            # Every move it was told was taken is in the store (which may hold more: a move whose
            # answer never came, the server killed after its commit).
            lost[name] = _missing(window.acked, logged)
        assert not any(lost.values()), lost
        unfinished = {n for n, r in records.items() if r is None or r.status != "finished"}
        assert unfinished == ({"rumble-pie"} if short else set()), unfinished
        return {"tables": len(made) + 1, "in_play_at_kill": len(in_play), "resume_s": round(a.start_s, 2),
                "kill_to_serving_s": round(resumed_s, 2),
                "window_moves_at_kill": taken_at_kill,
                "window_moves": {n: w.taken for n, w in windows.items()},
                "window_moves_unanswered": {n: w.unsure for n, w in windows.items()},
                "window_moves_lost": lost, "joins_resumed": {n: line["resumed"] for n, line in lines.items()}}
    finally:
        for window in windows.values():
            window.driver.close()
        if watcher is not None:
            watcher.close()
        for join in (*joins.values(), *([rumble_join] if rumble_join is not None else [])):
            if join.poll() is None:
                join.kill()
                join.wait(10)
        for serve in (a, b):
            if serve.process.poll() is None:
                serve.end(signal.SIGTERM)
        nginx.stop()


def main() -> None:
    """The whole scenario on a PostgreSQL server of its own; one JSON line of figures."""
    from tests.net.postgres_server import PostgresServer, fresh_database

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--short", action="store_true", help="one table of each game, as CI runs it")
    args = parser.parse_args()
    server = PostgresServer(durable=True)
    try:
        began = time.perf_counter()
        figures = run(fresh_database(server.url), short=args.short)
        print(json.dumps({**figures, "run_s": round(time.perf_counter() - began, 1)}), flush=True)
    finally:
        server.remove()


if __name__ == "__main__":
    main()
