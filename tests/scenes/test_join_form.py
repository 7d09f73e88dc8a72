"""The join screen (issue 23 item 1): servers on the local network listed by themselves, what an
address holds (its lobby's tables, each table's free seats), a join link pasted whole, and the
form remembered for next time. Real sockets on 127.0.0.1: a `serve`-like lobby holding two tables
runs on a thread of its own; zeroconf runs on the loopback interface."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pie_table.kit.app import App
from pie_table.net.lobby_list import LobbyAnswer
from pie_table.net.server import Lobby, bound_port, start
from pie_table.scenes.net_join import JoinScene, seats_offered
from tests.scenes.net_pair import title_app

_LOOPBACK = ["127.0.0.1"]


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app((1280, 720))


class Served:
    """A lobby like `main.py serve --table ... --table ...`, on a thread of its own."""

    def __init__(self, tables: list[tuple[str, list[str]]]) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.lobby = Lobby()
        self.server = self._call(start(self.lobby, "127.0.0.1", 0))
        self.url = f"ws://127.0.0.1:{bound_port(self.server)}"
        self.codes = {}
        for game, seats in tables:
            host = self._call(self._create(game, seats))
            self.codes[host.id] = host.code

    async def _create(self, game: str, seats: list[str]) -> Any:
        return self.lobby.create(game, seats, 7, {})

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def close(self) -> None:
        self._call(self._shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()

    async def _shut(self) -> None:
        self.server.close()
        await self.server.wait_closed()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:  # the tables' own loops
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)


@pytest.fixture
def served() -> Iterator[Served]:
    lobby = Served([("rats", ["remote", "bot:normal", "remote"]),
                    ("pie-rats", ["bot:normal", "remote", "bot:normal", "remote"])])
    yield lobby
    lobby.close()


def _frames_until(app: App, done: Callable[[], bool], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "timed out"
        app.step(0.1, [])
        time.sleep(0.01)


def _join_screen(app: App, interfaces: Any = None) -> JoinScene:
    join = JoinScene(app, interfaces=interfaces)
    app.scenes.push(join)
    return join


def _typed(app: App, join: JoinScene, address: str) -> None:
    """The player types `address` (the form asks it once it is left alone for a moment)."""
    join.address_input.text = address
    join._set_address(address)
    _frames_until(app, lambda: join._settle is None and join._asking is None)


def _ours(join: JoinScene) -> list[str]:
    """The found servers' buttons for the test's own announcement (others may be announced)."""
    return [b.text for b in join.found_buttons if b.text.endswith(":45873")]


def _joined_table(app: App, join: JoinScene) -> Any:
    """Join pressed: the table that opens in place of the form (no line of refusal)."""
    join.join()
    _frames_until(app, lambda: app.scenes.current is not join)
    assert join.notice == ""
    return app.scenes.current


def test_servers_on_the_local_network_are_listed_by_themselves(app: App) -> None:
    from pie_table.net.discovery import advertise

    join = _join_screen(app, _LOOPBACK)
    if join.browser is None:
        pytest.skip(f"zeroconf cannot run on the loopback interface here: {join.lan_line}")
    assert _ours(join) == []
    advert = advertise("pie_table rats", 45873, "127.0.0.1", interfaces=_LOOPBACK)
    try:
        _frames_until(app, lambda: bool(_ours(join)))  # nobody pressed anything
        assert _ours(join) == ["pie_table rats · 127.0.0.1:45873"]
    finally:
        advert.close()
    _frames_until(app, lambda: not _ours(join))  # the server went: its button goes too
    join.back()
    assert join.browser is None  # the screen left stops looking


def test_without_a_network_one_quiet_line_and_the_address_still_works(app: App, monkeypatch,
                                                                      served: Served) -> None:
    def no_multicast(*_args: Any, **_kw: Any) -> Any:
        raise OSError("no multicast")
    monkeypatch.setattr("pie_table.net.discovery.Zeroconf", no_multicast)
    join = _join_screen(app)
    assert join._lan_text() == "Tables on the local network cannot be looked for here: type an address."
    _typed(app, join, served.url)
    assert len(join.table_buttons) == 2


def test_the_address_lists_its_tables_and_the_seat_row_offers_the_chosen_tables_free_seats(
        app: App, served: Served) -> None:
    join = _join_screen(app)
    _typed(app, join, served.url)
    assert [b.text for b in join.table_buttons] == [
        "▶ RATS: High Tea at Sea · table 1 · 2 seats open", "Pie Rats · table 2 · 2 seats open"]
    assert join.seat_row.values == [1, 3]  # table 1's open seats, as the form numbers them
    join.table_buttons[1].activate()
    assert join.table == "2" and join.seat_row.values == [2, 4]
    assert join.table_buttons[1].text.startswith("▶ Pie Rats")

    # Join uses the table chosen (not the first one).
    join.code, join.name, join.seat = served.codes["2"], "Ann", 4
    table = _joined_table(app, join)
    assert table.game_id == "pie-rats" and table.driver.source.table == "2" and table.driver.seat == 3
    table.exit()


def test_an_address_where_nothing_answers_says_so_in_one_line(app: App) -> None:
    join = _join_screen(app)
    _typed(app, join, "ws://127.0.0.1:1")
    assert join.lobby_line == "No pie_table table answers at ws://127.0.0.1:1."
    assert join.table_buttons == [] and join.seat_row.values == list(range(1, 9))


def test_a_finished_table_is_listed_greyed(app: App) -> None:
    join = _join_screen(app)
    join.address = "ws://10.0.0.9:8765"
    join._lobby_answered(join.address, LobbyAnswer([
        {"table": "1", "game": "rats", "seats": 3, "open": [], "away": [], "over": True},
        {"table": "2", "game": "rats", "seats": 3, "open": [2], "away": [1], "over": False}], False), "")
    assert [(b.text, b.enabled) for b in join.table_buttons] == [
        ("RATS: High Tea at Sea · table 1 · finished", False),
        ("▶ RATS: High Tea at Sea · table 2 · 1 seat open · 1 away", True)]
    assert join.table == "2"  # the finished one is not chosen for the player


def test_a_join_link_pasted_whole_fills_the_address_table_and_code(app: App, served: Served) -> None:
    join = _join_screen(app)
    _typed(app, join, f"{served.url}/2?code={served.codes['2']}")
    assert (join.address, join.table, join.code) == (served.url, "2", served.codes["2"])
    assert join.address_input.text == served.url and join.code_input.text == served.codes["2"]
    assert join.chosen()["game"] == "pie-rats"


def test_the_away_seat_this_machine_took_is_offered_back(tmp_path, monkeypatch) -> None:
    from pie_table.net.last_join import remember_join

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    table = {"table": "1", "game": "rats", "seats": 4, "open": [3], "away": [0, 1], "over": False}
    assert seats_offered("ws://10.0.0.9:8765", table) == [4]  # someone else's away seats are not
    remember_join("ws://10.0.0.9:8765", "1", 2, "Ann")
    assert seats_offered("ws://10.0.0.9:8765", table) == [2, 4]


def test_the_form_of_the_last_join_is_prefilled_next_time(app: App, served: Served) -> None:
    join = _join_screen(app)
    _typed(app, join, f"{served.url}/2?code={served.codes['2']}")
    join.name, join.seat = "Ann", 4
    _joined_table(app, join).exit()
    again = JoinScene(app)
    assert (again.address, again.table, again.seat, again.name, again.code) == (served.url, "2", 4, "Ann", "")
    app.scenes.push(again)
    _frames_until(app, lambda: again.tables is not None)  # the remembered address is asked at once
    assert again.chosen()["game"] == "pie-rats" and again.seat_row.values == [2, 4]  # seat 4: away, mine

    # Taking that seat back needs no code (this machine's token): the table opens on it again.
    assert again._can_join()
    table = _joined_table(app, again)
    assert table.driver.source.table == "2" and table.driver.seat == 3
    table.exit()


def test_a_damaged_form_file_is_set_aside_and_the_form_starts_empty(app: App) -> None:
    from pie_table.net.last_join import _path, last_join, remember_join

    remember_join("ws://10.0.0.9:8765", "2", 3, "Ann")
    _path().write_text('{"format": "last-join", "version": 1, "last": {"seat": "three"}}', encoding="utf-8")
    join = JoinScene(app)
    assert (join.address, join.table, join.seat, join.name) == ("ws://127.0.0.1:", "1", 2, "")
    (aside,) = [p.name for p in _path().parent.iterdir() if p.name.startswith("last_join.json.bad")]
    join.rebuild()
    said = f"last_join.json does not hold what it should; it was set aside as {aside}."
    assert join.status.current_text() == said
    remember_join("ws://10.0.0.9:8765", "2", 3, "Ann")
    assert last_join().name == "Ann"


def test_the_host_room_shows_the_whole_join_link(app: App) -> None:
    from pie_table.net.join_link import parse_join_link
    from tests.scenes.net_pair import host_room, host_setup

    room = host_room(app, host_setup("rats", "human:hotseat,remote,bot:normal"))
    try:
        app.step(0.05, [])
        assert room.link.current_text() == f"Join link: {room.hosted.address}/1?code={room.hosted.code}"
        assert parse_join_link(room.join_link()) == (room.hosted.address, "1", room.hosted.code)
    finally:
        room.hosted.quit()


def test_ctrl_v_pastes_a_join_link_into_the_address(app: App, monkeypatch, served: Served) -> None:
    import pygame

    link = f"{served.url}/2?code={served.codes['2']}\n"
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: link)
    join = _join_screen(app)
    join.menu.set_focus(join.address_input)
    for key in [pygame.K_BACKSPACE] * len(join.address):
        join.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    join.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v"))
    assert join.address_input.text == link.strip()
    _frames_until(app, lambda: join._settle is None and join._asking is None)
    assert (join.address, join.table, join.code) == (served.url, "2", served.codes["2"])
