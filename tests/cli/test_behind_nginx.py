"""Two `serve` processes behind one address, as the repository's nginx example routes them
(`deploy/nginx/`): nginx itself (installed from Debian's packages where missing) on a port of its
own with that very config, `/a/` to one process and `/b/` to the other. Headless players
(`main.py join`, `RemoteSeat`) and the window's code (`RemoteDriver`, the join screen) reach tables
on both through the one address, each always at its own process; a link to a path nginx does not
route is one line, never a traceback."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pie_table.cli.main import main
from pie_table.kit.app import App
from pie_table.net.client import RemoteSeat
from pie_table.net.link_source import join_seat
from pie_table.net.lobby_list import lobby_tables
from pie_table.scenes.net_join import JoinScene, table_line, take_seat
from tests.net.processes import Nginx, Serving, free_port
from tests.scenes.net_pair import title_app

# Each process plays its own games (the first also Rumble Pie and the tables made on it here:
# Cheflebrity; the second only Pie Rats), so where a table was reached says which process answered.
_A_TABLE = "rats:remote,bot:normal"
_A_RUMBLE = "rumble-pie:remote,bot:normal"
_B_TABLE = "pie-rats:remote,bot:normal,bot:normal,bot:normal"


class Behind:
    """nginx at `url` in front of `a` and `b`."""

    def __init__(self) -> None:
        front, ports = free_port(), (free_port(), free_port())
        self.url = f"ws://127.0.0.1:{front}"
        flags = ("--trusted-proxy", "127.0.0.1", "--tables-per-address", "20")
        self.a = Serving("--table", _A_TABLE, "--table", _A_TABLE, "--table", _A_RUMBLE, "--public-url",
                         f"{self.url}/a/", *flags, port=ports[0])
        self.b = Serving("--table", _B_TABLE, "--table", _B_TABLE, "--public-url", f"{self.url}/b", *flags,
                         port=ports[1])
        self.nginx = Nginx(front, ports)

    def stop(self) -> None:
        self.nginx.stop()
        self.a.stop()
        self.b.stop()


@pytest.fixture(scope="module")
def behind() -> Iterator[Behind]:
    proxied = Behind()
    yield proxied
    proxied.stop()


def _last_json(out: str) -> dict[str, Any]:
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_serve_prints_the_links_players_use_through_the_proxy(behind: Behind) -> None:
    assert behind.a.public == f"{behind.url}/a/" and behind.b.public == f"{behind.url}/b/"
    assert [t["url"] for t in behind.a.tables] == [f"{behind.url}/a/{t['table']}?code={t['code']}"
                                                   for t in behind.a.tables]
    assert all(t["url"].startswith(f"{behind.url}/b/") for t in behind.b.tables)


def test_headless_players_join_a_table_on_each_process_through_one_address(behind: Behind, capsys) -> None:
    for serving, game in ((behind.a, "rats"), (behind.b, "pie-rats")):
        assert main(["join", serving.tables[0]["url"], "--seat", "1"]) == 0
        played = _last_json(capsys.readouterr().out)
        assert (played["game"], played["over"]) == (game, True)


def _held_here(tables: list[dict[str, Any]]) -> set[str]:
    """The games of the tables a lobby holds itself (those of the other process sharing its store
    are listed too, marked with where they are joined)."""
    return {t["game"] for t in tables if "at" not in t}


def test_every_connection_reaches_its_own_process(behind: Behind) -> None:
    """Asked twenty times each, with and without the last slash, /a/ holds only the first
    process's tables and /b/ only the second's; each lists the other's as held there."""
    for n in range(10):
        slash = "/" if n % 2 else ""
        at_a, at_b = lobby_tables(f"{behind.url}/a{slash}"), lobby_tables(f"{behind.url}/b{slash}")
        assert "pie-rats" not in _held_here(at_a)
        assert _held_here(at_b) == {"pie-rats"}
        assert {t["at"] for t in at_b if "at" in t} <= {f"{behind.url}/a/"}


def test_the_windows_driver_takes_a_seat_and_takes_it_back_through_the_proxy(behind: Behind) -> None:
    table = behind.b.tables[1]
    driver = join_seat(f"{behind.url}/b/", table["table"], code=table["code"], seat=0, name="Ann")
    assert driver.info.id == "pie-rats" and driver.seat == 0
    token = driver.source.token
    driver.close()
    _until(lambda: 0 in _listed(f"{behind.url}/b", table["table"])["away"])
    again = join_seat(f"{behind.url}/b", table["table"], token=token)  # typed without the slash
    assert (again.info.id, again.seat) == ("pie-rats", 0)
    again.close()


def test_a_table_made_on_each_process_is_listed_there_only(behind: Behind) -> None:
    made = asyncio.run(_made(f"{behind.url}/a/", "cheflebrity", ["remote", "remote", "bot:normal"]))
    assert _listed(f"{behind.url}/a/", made["table"])["game"] == "cheflebrity"
    assert "cheflebrity" not in _held_here(lobby_tables(f"{behind.url}/b/"))
    # Listed at /b/ too, once it has read the store, as a table joined at /a/.
    _until(lambda: made["table"] in {t["table"] for t in lobby_tables(f"{behind.url}/b/")})
    there = _listed(f"{behind.url}/b/", made["table"])
    assert (there["game"], there["at"]) == ("cheflebrity", f"{behind.url}/a/")


def test_join_create_makes_a_table_through_the_proxy_and_plays_it(behind: Behind, capsys) -> None:
    seats = "remote,bot:easy,bot:easy,bot:easy"
    assert main(["join", f"{behind.url}/b", "--create", "pie-rats", "--seats", seats, "--option", "pies=6",
                 "--seat", "1", "--name", "Ann"]) == 0
    first, *_rest, last = (json.loads(line) for line in capsys.readouterr().out.strip().splitlines())
    assert first["url"] == f"{behind.url}/b/{first['table']}?code={first['code']}"
    assert (last["table"], last["game"], last["over"]) == (first["table"], "pie-rats", True)
    assert _listed(f"{behind.url}/b/", first["table"])["over"]


def test_a_link_to_a_path_nginx_does_not_route_is_one_line(behind: Behind, capsys) -> None:
    assert main(["join", f"{behind.url}/c/1?code=ABCDEF", "--seat", "1"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"error: {behind.url}/c/ answered HTTP 403, not as a pie_table host does: check the address "
        "(and the path of its link)")


def test_the_rumble_window_plays_live_through_the_proxy(behind: Behind, tmp_path, monkeypatch) -> None:
    """The join screen's way to a real-time seat (`take_seat`: Rumble Pie's own remote table),
    frames coming through nginx tick after tick."""
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    table = behind.a.tables[2]
    sim = take_seat(f"{behind.url}/a", table["table"], table["code"], 0, "Cy")
    try:
        assert sim.realtime and sim.seat == 0 and sim.info.id == "rumble-pie"
        _until(lambda: len(sim.advance(0.1)) > 0)
        ticks = sim.view["tick"]
        _until(lambda: sim.advance(0.1) is not None and sim.view["tick"] > ticks + 30)
    finally:
        sim.close()


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app((1280, 720))


def test_a_pasted_link_with_a_path_joins_from_the_window(behind: Behind, app: App) -> None:
    table = behind.a.tables[1]
    join = JoinScene(app)
    app.scenes.push(join)
    join.address_input.text = table["url"]
    join._set_address(table["url"])
    _until(lambda: join._settle is None and join._asking is None, app)
    assert (join.address, join.table, join.code) == (f"{behind.url}/a/", table["table"], table["code"])
    assert "pie-rats" not in _held_here(join.tables or [])
    join.name, join.seat = "Bea", 1
    join.join()
    _until(lambda: app.scenes.current is not join, app)
    opened = app.scenes.current
    assert join.notice == "" and opened.game_id == "rats" and opened.driver.seat == 0
    opened.exit()


def test_a_path_nginx_does_not_route_is_one_line_in_the_window(behind: Behind, app: App) -> None:
    join = JoinScene(app)
    app.scenes.push(join)
    join.address_input.text = f"{behind.url}/c/"
    join._set_address(join.address_input.text)
    _until(lambda: join._settle is None and join._asking is None, app)
    assert join.lobby_line == (f"Something answers at {behind.url}/c/, but not as a pie_table host: "
                               "check the address and the path of its link.")


def _listed(url: str, table: str) -> dict[str, Any]:
    """The lobby's line for `table` at `url`."""
    return next(t for t in lobby_tables(url) if t["table"] == table)


def _until(done: Callable[[], bool], app: App | None = None, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        if app is not None:
            app.step(0.1, [])
        time.sleep(0.01)


def test_the_join_screen_joins_a_table_the_other_process_holds_where_it_lives(
        behind: Behind, app: App) -> None:
    made = asyncio.run(_made(f"{behind.url}/a/", "rats", ["remote", "bot:normal"]))
    join = JoinScene(app)
    app.scenes.push(join)
    join.address_input.text = f"{behind.url}/b/"
    join._set_address(f"{behind.url}/b/")

    def listed() -> dict[str, Any] | None:
        shown = {t["table"] for t in join.tables or []}
        if join._settle is None and join._asking is None and made["table"] not in shown:
            join.ask_lobby()  # /b/ reads the store every few seconds: asked again until it lists it
        return next((t for t in join.tables or [] if t["table"] == made["table"]), None)
    _until(lambda: listed() is not None, app)
    line = listed()
    assert line is not None and line["at"] == f"{behind.url}/a/"
    assert table_line(line).endswith(f" · at {behind.url}/a/")
    join._chooser(line)()
    _until(lambda: join._asking is None and join.tables is not None, app)
    assert (join.address, join.table) == (f"{behind.url}/a/", made["table"])
    join.code, join.name, join.seat = made["code"], "Cy", 1
    join.join()
    _until(lambda: app.scenes.current is not join, app)
    opened = app.scenes.current
    assert join.notice == "" and opened.game_id == "rats" and opened.driver.seat == 0
    opened.exit()


async def _made(url: str, game: str, seats: list[str]) -> dict[str, Any]:
    """A table made on the lobby at `url`: its `created` answer."""
    seat = RemoteSeat(url)
    await seat.open()
    try:
        await seat.send({"type": "create", "game": game, "seats": seats, "options": {}})
        return await seat.expect("created")
    finally:
        await seat.close()
