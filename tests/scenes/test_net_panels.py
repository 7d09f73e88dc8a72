"""The joined table's move panel follows what the host asks of its seat (issue 23 item 2): after
every move the host applies — one that sends this seat no event of its own included, such as its
own Done opening a Pie Rats Charisma Theft window — the panel lists the moves the host sent, never
the last decision's (which would show the window's title over moves it no longer takes)."""

from __future__ import annotations

from typing import Any

import pytest

from pie_table.kit.app import App
from pie_table.scenes.net_join import JoinScene, open_remote_table
from tests.scenes.net_pair import (
    PLAYED_DRAWN_EVERY,
    Stepping,
    Window,
    frames_until,
    host_room,
    host_setup,
    join,
    title_app,
)


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return title_app()


class PanelWatch:
    """At the joined table, between its frames: the moves its panel was last opened with against
    those the host last sent (checked when no message came in since the frame began and nothing
    holds the table's play: the panel had its frame to follow); plays the seat's move once checked."""

    def __init__(self, table: Any) -> None:
        self.table, self.remote = table, table.driver
        self.stale: list[tuple[Any, list[str], list[str]]] = []
        self.checked: set[str] = set()
        self.received = self._received()
        self.offered: list[Any] = []  # the moves the table last opened its panel with
        opened = table.open_panel

        def open_panel(seat: int, legal: Any) -> None:
            self.offered = list(legal)
            opened(seat, legal)
        table.open_panel = open_panel

    def _received(self) -> int:
        return self.remote.source.remote.traffic.received_messages

    def __call__(self) -> None:
        quiet, self.received = self._received() == self.received, self._received()
        remote, table = self.remote, self.table
        if not quiet or remote.is_over() or 1 not in remote.to_act() or table.holds_play():
            return
        legal = list(remote.legal(1))
        top = table.top()
        if self._received() != self.received:
            return  # a message came in while this looked (the network's own thread): not quiet after all
        if self.offered != legal:
            self.stale.append((top and top["kind"], [a["type"] for a in self.offered],
                               [a["type"] for a in legal]))
        self.checked.add(top["kind"] if top else _rats_pick(remote.view(1)))
        table.submit(remote.autoplay_action(1), 1)
        self.received = self._received()


def _rats_pick(view: Any) -> str:
    """RATS's one decision, a pick (its view lists no decisions): asked of several rats at once or one."""
    return "pick of several" if len(view.get("to_act") or ()) > 1 else "pick"


@pytest.mark.parametrize(("game", "window"), [("pie-rats", "theft"), ("cheflebrity", "sabotage"),
                                              ("rats", "pick of several")])
def test_the_joined_panel_lists_the_moves_the_host_asks_for(app: App, game: str, window: str) -> None:
    room = host_room(app, host_setup(game, "bot:normal,remote,bot:normal,bot:normal", seed=8))
    remote = join(app, room, 1, "Ann")
    joined_window = Window()
    joined_window.scenes.push(JoinScene(joined_window))
    assert open_remote_table(joined_window, remote) == ""
    watch = PanelWatch(joined_window.scenes.current)
    room.start()
    host = app.scenes.current
    stepping = Stepping(joined_window, watch, drawn_every=PLAYED_DRAWN_EVERY)
    try:
        frames_until(app, lambda: host.driver.is_over() or len(watch.stale) > 2, 240,
                     drawn_every=PLAYED_DRAWN_EVERY)
    finally:
        stepping.stop(app)
    assert watch.stale == []
    assert window in watch.checked  # the reaction window was asked of the remote seat and checked
    remote.close()
    host.exit()
