"""No path into a save shows a hand a hot-seat player has not been handed (issue 21 item 1): the
replay of a game still in progress is a spectator's only, Continue opens behind a hand-off, and a
finished game keeps its replay seat by seat, with the bar below the table, not over its hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from pie_table.core.saves import read_save, write_save
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit.app import App
from pie_table.kit.handoff import HandoffScene
from pie_table.scenes.replay import ReplayScene
from pie_table.scenes.saved_games import open_save

THREE_HUMANS = "human,human,human"


def _played(game: str, seats: str, actions: int | None, seed: int = 5, until: Any = None) -> Session:
    """A game whose every seat, human or not, is moved by a normal bot: `actions` moves, or to its end
    (or until `until(session)`)."""
    session = Session(GameSetup(game, parse_seats(seats), {}, seed=seed))
    bots = ",".join(["bot:normal"] * len(session.setup.seats))
    mover = Session(GameSetup(game, parse_seats(bots), {}, seed=seed))
    while not session.is_over() and (actions is None or len(session.log) < actions):
        if until is not None and until(session):
            break
        seat = session.to_act()[0]
        mover.state = session.state
        assert session.submit(seat, mover.bot_action(seat)).ok
    return session


@pytest.fixture
def app(tmp_path, monkeypatch) -> App:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return App(size=(1280, 720), headless=True)


def _key(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("game", ["cheflebrity", "pie-rats", "rats"])
def test_the_replay_of_an_unfinished_game_offers_no_seat_view(app: App, tmp_path: Path, game: str) -> None:
    path = write_save(tmp_path / "live.json", _played(game, THREE_HUMANS, 60))
    replay = ReplayScene(app, read_save(path))
    app.scenes.push(replay)
    app.step(0.05, [_key(pygame.K_END)])
    for _ in range(4):  # Tab through every seat: the view stays a spectator's
        app.step(0.05, [_key(pygame.K_TAB)])
        assert replay.viewer is None and replay.table.watch_seat is None
        shown = replay.table.view()
        assert shown == replay.table.rules.view(replay.table.state, None)
    replay.set_viewer(1)
    assert replay.viewer is None and replay.table.watch_seat is None
    assert replay.notice == "This game is still in progress: its replay shows no hands."


def test_a_save_that_claims_to_be_finished_is_replayed_to_its_end_before_a_seat_is_shown(
    app: App, tmp_path: Path
) -> None:
    data = read_save(write_save(tmp_path / "live.json", _played("cheflebrity", THREE_HUMANS, 60)))
    data["finished"] = True
    replay = ReplayScene(app, data)
    replay.set_viewer(0)
    assert replay.viewer is None and "hand" not in replay.table.view()


def test_continue_of_an_unfinished_shared_game_opens_behind_a_hand_off(app: App, tmp_path: Path) -> None:
    path = write_save(tmp_path / "live.json", _played("cheflebrity", THREE_HUMANS, 60))
    assert open_save(app, str(path)) == ""
    table = app.scenes.current
    app.step(0.05, [])
    for _ in range(400):  # a reaction window may have to run out first
        if isinstance(app.scenes.current, HandoffScene):
            break
        assert table.display_seat is None and "hand" not in table.view()
        app.step(0.05, [])
    assert isinstance(app.scenes.current, HandoffScene) and table.display_seat is None


def test_a_finished_game_is_replayed_seat_by_seat_with_the_bar_below_the_hand(
    app: App, tmp_path: Path
) -> None:
    path = write_save(tmp_path / "done.json", _played("cheflebrity", THREE_HUMANS, None, seed=3))
    replay = ReplayScene(app, read_save(path))
    app.scenes.push(replay)
    app.step(0.05, [_key(pygame.K_END)])
    for viewer in (0, 1, 2):
        app.step(0.05, [_key(pygame.K_TAB)])
        app.step(0.05, [])
        assert replay.viewer == viewer and "hand" in replay.table.view()
        assert replay.table.layout.size == replay._table_size()
        assert replay.table.layout.hand.bottom <= replay.bar.top  # the bar covers no card of the hand


_SPECTATOR_NOTES = [
    ("pie-rats", "pie_table.games.pie_rats.ui.table_draw", "fit_text",
     "Spectator view: every hand stays hidden"),
    ("rats", "pie_table.games.rats.ui.table_paint", "draw_hidden_sheet",
     "Spectator view: every sheet stays hidden"),
]


@pytest.mark.parametrize(("game", "module", "drawer", "wanted"), _SPECTATOR_NOTES)
def test_a_spectators_replay_does_not_speak_of_handing_the_screen_over(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, module: str, drawer: str,
    wanted: str,
) -> None:
    import importlib

    path = write_save(tmp_path / "live.json", _played(game, THREE_HUMANS, 40))
    painted: list[str] = []
    target = importlib.import_module(module)
    real = getattr(target, drawer)
    text_at = 0 if drawer == "fit_text" else 2

    def spy(*args: object, **kwargs: object) -> object:
        painted.append(str(args[text_at]))
        return real(*args, **kwargs)

    monkeypatch.setattr(target, drawer, spy)
    app.scenes.push(ReplayScene(app, read_save(path)))
    app.step(0.05, [])
    assert wanted in painted
    assert not any("handed over" in text or "pass the device" in text for text in painted)


def test_a_replay_stopped_in_a_reaction_window_offers_no_react_buttons(app: App, tmp_path: Path) -> None:
    def in_window(session: Session) -> bool:
        top = session.rules.current_decision(session.state)
        return top is not None and top.kind == "sabotage"

    path = write_save(tmp_path / "live.json", _played("cheflebrity", THREE_HUMANS, 400, until=in_window))
    replay = ReplayScene(app, read_save(path))
    app.scenes.push(replay)
    app.step(0.05, [_key(pygame.K_END)])
    app.step(0.05, [])
    assert replay.table.top()["kind"] == "sabotage"
    assert replay.table.reaction.buttons == []  # nobody claims a window in a replay


@pytest.mark.parametrize(("size", "language", "rows"), [((1280, 720), "en", 1), ((900, 560), "en", 2),
                                                      ((900, 560), "es", 2), ((1280, 720), "es", 2)])
def test_the_replay_bar_cuts_no_label_and_no_caption(tmp_path: Path, monkeypatch, size: tuple[int, int],
                                                    language: str, rows: int) -> None:
    """Every button's label and the caption at its longest fit whole; a window too narrow for one row
    puts the progress bar and its caption on a second row under the buttons, and the table above
    leaves room for both."""
    from pie_table.kit.i18n import set_language
    from tests.scenes.replay_bar import assert_whole

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    set_language(language)
    try:
        app = App(size=size, headless=True)
        saved = write_save(tmp_path / "g.json", _played("rats", THREE_HUMANS, 30))
        replay = ReplayScene(app, read_save(saved))
        app.scenes.push(replay)
        app.step(0.05, [])
        assert_whole(replay, size)
        specs = replay._button_specs()  # noqa: SLF001 - the bar as drawn
        assert (replay.track.y > max(rect.bottom for rect, _l, _a in specs)) == (rows == 2)
    finally:
        set_language("en")
