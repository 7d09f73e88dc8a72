"""What the join screen says about the address, over real sockets on 127.0.0.1: a busy host is
asked again rather than called absent, a host that never answers is said so with how long it was
waited for, an empty address asks for one, a refusal goes once the address changes, and a long
line (a version mismatch) wraps with room for every line above the Join code row."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from pie_table.kit.app import App
from pie_table.net import lobby_list
from pie_table.net.lobby_list import lobby_tables
from pie_table.net.server import Lobby, bound_port, start
from tests.scenes.net_pair import title_app
from tests.scenes.test_join_form import _join_screen, _typed


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app((900, 560))


class SlowFirst:
    """A lobby on 127.0.0.1 behind a TCP relay that lets the first `silent` connections hang
    (a host too busy to answer them) and relays every later one."""

    def __init__(self, silent: int) -> None:
        self.silent, self.seen = silent, 0
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.lobby_server, self.relay = self._call(self._open())
        self.url = f"ws://127.0.0.1:{self.relay.sockets[0].getsockname()[1]}"

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    async def _open(self) -> tuple[Any, Any]:
        lobby = Lobby()
        lobby.create("rats", ["remote", "bot:normal"], 7, {})
        served = await start(lobby, "127.0.0.1", 0)
        relay = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.target = bound_port(served)
        return served, relay

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.seen += 1
        if self.seen <= self.silent:
            await reader.read()  # holds the connection, answers nothing
            writer.close()
            return
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def close(self) -> None:
        async def shut() -> None:
            self.relay.close()
            self.lobby_server.close()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)
        self._call(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def slow() -> Iterator[SlowFirst]:
    relay = SlowFirst(silent=1)
    yield relay
    relay.close()


def test_a_host_slow_to_answer_is_asked_again_not_called_absent(slow: SlowFirst) -> None:
    retries: list[int] = []
    tables = lobby_tables(slow.url, timeout=0.5, attempts=3, on_retry=retries.append)
    assert [t["game"] for t in tables] == ["rats"] and retries == [2]


def test_a_host_that_never_answers_is_said_so_with_the_time_waited(app: App, monkeypatch) -> None:
    relay = SlowFirst(silent=99)
    monkeypatch.setattr(lobby_list, "TIMEOUT_S", 0.2)
    try:
        join = _join_screen(app)
        _typed(app, join, relay.url)
        assert join.lobby_line == (f"{relay.url} did not answer within 1 s: is the host running? "
                                   "Change the address or type it again to ask again.")
        assert relay.seen == 3
    finally:
        relay.close()


def test_an_empty_address_asks_for_one(app: App) -> None:
    join = _join_screen(app)
    _typed(app, join, "")
    assert join.lobby_line == "Type the host's address, or paste its join link."


def test_a_refusal_goes_once_the_address_changes(app: App) -> None:
    join = _join_screen(app)
    join.notice = "That join code is wrong"
    join._set_address("ws://127.0.0.1:9")
    assert join.notice == ""


def test_a_long_line_under_the_address_wraps_above_the_join_code_row(app: App) -> None:
    join = _join_screen(app)
    join.address = "ws://127.0.0.1:8765"
    join._lobby_answered(join.address, None, (
        "This table speaks protocol 3 (pie_table 0.9.0) and you speak 2 (pie_table 0.8.0): "
        "both need the same version"))
    app.step(0.05, [])
    label, code = join.lobby_label.rect, join.code_input.rect
    assert label.bottom <= code.top
    from pie_table.kit.fonts import font
    from pie_table.kit.text import wrap_text

    lines = wrap_text(join.lobby_line, font(max(12, int(18 * join.scale))), label.w)
    assert len(lines) >= 2 and label.h >= len(lines) * font(max(12, int(18 * join.scale))).get_linesize()


def test_a_link_pasted_into_the_prefilled_address_replaces_it(app: App, monkeypatch) -> None:
    import pygame

    link = "ws://10.0.0.9:8765/2?code=KXAPRD"
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: link)
    join = _join_screen(app)
    assert join.address_input.text == "ws://127.0.0.1:"  # pre-filled, as a first join leaves it
    join.menu.set_focus(join.address_input)
    join.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="v"))
    assert join.address_input.text == link and join.address == link


def test_one_key_clears_the_address(app: App) -> None:
    import pygame

    join = _join_screen(app)
    join.menu.set_focus(join.address_input)
    join.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode=""))
    assert join.address_input.text == "" and join.address == ""
    join.address_input.text = "ws://10.0.0.9:8765"
    join.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=pygame.KMOD_CTRL,
                                         unicode=""))
    assert join.address_input.text == ""
