"""Issue 21 item 9: damaged per-user files and saves never stop the app. Each case the fuzz found is
pinned here, then hypothesis damages saves and settings/keys/statistics/players files at random:
the loaders never raise, a damaged file is set aside and listed with its reason, no other file is
lost, and the title and Saved games build with such files present."""

from __future__ import annotations

import json
import math
import os
import signal
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pie_table.core import stats
from pie_table.core.driver import TableDriver
from pie_table.core.fixed_step import FixedStep
from pie_table.core.resume import load_session
from pie_table.core.saves import SAVE_VERSION, SaveError, list_saves, parse_save, read_save, to_save
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.kit import keybindings
from pie_table.kit import settings as user_settings
from pie_table.paths import config_dir, data_dir, saves_dir

_GAMES = {
    "rats": ("bot:normal,bot:easy", {}),
    "pie-rats": ("bot:normal,bot:easy,bot:hard", {}),
    "cheflebrity": ("bot:normal,bot:easy,bot:hard", {}),
    "rumble-pie": ("bot:hard,bot:easy", {"target": 3}),
}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    return tmp_path


def _save(game: str = "rats", limit: int = 30, seed: int = 3) -> dict:
    seats, options = _GAMES[game]
    session = Session(GameSetup(game, parse_seats(seats), dict(options), seed=seed))
    if game == "rumble-pie":
        session.submit(None, {"type": "start"})
        for _ in range(limit * 10):
            TableDriver(session, dynamics=FixedStep).dynamics.step()
    else:
        TableDriver(session).play_out(limit=limit)
    return json.loads(json.dumps(to_save(session)))


def _write(path: Path, doc) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def _aside(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(name + ".bad-")]


def _build_title_and_saved_games():
    from pie_table.kit.app import App
    from pie_table.scenes.saved_games import SavedGamesScene
    from pie_table.scenes.title import TitleScene

    app = App(size=(1280, 720), headless=True)
    title = TitleScene(app)
    app.scenes.push(title)
    app.step(0.05, [])
    listing = SavedGamesScene(app)
    app.scenes.push(listing)
    app.step(0.05, [])
    return title, listing


# --- each case the fuzz found ---------------------------------------------------------------------


@pytest.mark.parametrize("bindings", [[], "x", None, 5, {"keys1": []}, {"keys1": {"up": "W"}}])
def test_a_keys_file_of_the_wrong_shape_is_set_aside(home, bindings):
    _write(config_dir() / "keys.json", {"format": "keys", "version": 1, "bindings": bindings})
    loaded, notice = keybindings.load()
    assert loaded.current == keybindings.Bindings().current
    aside = _aside(config_dir(), "keys.json")[0].name
    assert notice == f"keys.json does not hold what it should; it was set aside as {aside}."


@pytest.mark.parametrize("saved_at", ["1e30", "Infinity", "NaN", "-5"])
def test_a_save_time_out_of_range_is_refused_and_the_title_still_builds(home, saved_at):
    text = json.dumps(_save()).replace('"saved_at":', '"saved_at": ' + saved_at + ', "was":')
    _write(saves_dir() / "late.json", text)
    title, listing = _build_title_and_saved_games()
    assert title.saved is None and not listing.saves
    assert [(d.name, str(d.reason)) for d in listing.damaged] == [("late.json", "the save's time is damaged")]
    assert listing.rows[0][0].current_text() == "Damaged: late.json (the save's time is damaged)"


@pytest.mark.parametrize("players", [{"alice": 5}, {"alice": {"rats": {"played": "2"}}}, [],
                                     {"alice": {"rats": {"played": 1, "won": 2, "total": 0, "streak": 0,
                                                         "best_streak": 0, "vs": {}, "recent": []}}}])
def test_statistics_with_wrong_inner_types_are_set_aside_and_the_next_game_counts(home, players):
    doc = {"format": "statistics", "version": 1, "counted": [], "players": players}
    _write(data_dir() / "statistics.json", doc)
    data, notice = stats.load()
    assert data == stats.empty() and "statistics.json does not hold what it should" in notice
    assert _aside(data_dir(), "statistics.json")
    session = Session(GameSetup("rats", parse_seats("human:hotseat,bot:easy"), {}, seed=1, names=["Ana", ""]))
    while not session.is_over():
        for seat in session.to_act():
            session.submit(seat, session.bot_action(seat) if seat in session.bots else session.legal(seat)[0])
    assert stats.record_finished(session, "game.json")
    assert stats.rows(stats.load()[0])[0]["played"] == 1


@pytest.mark.parametrize("seed", ["Infinity", "-Infinity", "NaN", "1.5", "true", "-1", str(2**63)])
def test_a_damaged_seed_is_refused_in_one_line_by_continue_and_watch(home, seed):
    from pie_table.kit.app import App
    from pie_table.scenes.saved_games import open_save

    text = json.dumps(_save()).replace('"seed": 3', '"seed": ' + seed)
    path = _write(saves_dir() / "seed.json", text)
    with pytest.raises(SaveError, match="seed is damaged"):
        load_session(read_save(path))
    app = App(size=(1280, 720), headless=True)
    for watch in (False, True):
        _write(path, text)
        assert open_save(app, str(path), watch=watch) == (
            "seed.json cannot be opened (the save's seed is damaged); it was set aside and stays listed in "
            "Saved games.")
        assert len(app.scenes) == 0 and not path.exists()


@pytest.mark.parametrize("damage", ["unknown game", "no seats", "damaged action"])
def test_watch_refuses_a_save_it_cannot_replay_instead_of_raising(home, damage):
    from pie_table.kit.app import App
    from pie_table.scenes.saved_games import open_save

    doc = _save()
    if damage == "unknown game":
        doc["game"] = doc["setup"]["game_id"] = "tea-for-none"
    elif damage == "no seats":
        del doc["setup"]["seats"]
    else:
        doc["log"][5][1] = {"type": "roll", "dice": "many"}
    path = _write(saves_dir() / "w.json", doc)
    app = App(size=(1280, 720), headless=True)
    line = open_save(app, str(path), watch=True)
    assert line.startswith("w.json cannot be opened (") and len(app.scenes) == 0
    assert {"unknown game": "does not have (tea-for-none)", "no seats": "seats and options are damaged",
            "damaged action": "action 6"}[damage] in line


def test_a_hostile_log_is_refused_at_once():
    doc = _save("rumble-pie", limit=10)
    for rows in ([[None, {"type": "tick"}, 10_000_000]], [[None, {"type": "tick"}, 700_000]] * 20):
        doc["log"] = rows
        started = time.perf_counter()
        with pytest.raises(SaveError, match="log is too long"):
            parse_save(json.dumps(doc))
        assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("seat", [True, False, 7, -1, 1.0, "0"])
def test_a_log_entry_whose_seat_is_not_a_seat_is_refused(seat):
    doc = _save()
    doc["log"][2][0] = seat
    with pytest.raises(SaveError, match="entry 3 of the log names no seat"):
        parse_save(json.dumps(doc))


@pytest.mark.parametrize("version", [0, -1, 1.0, True, None, "1"])
def test_a_save_of_no_real_version_is_refused(version):
    doc = _save()
    doc["version"] = version
    with pytest.raises(SaveError, match="format version is damaged"):
        parse_save(json.dumps(doc))


def test_leftovers_of_killed_writes_are_removed_at_start_and_nothing_else(home):
    keep = [_write(saves_dir() / "a.json", _save()), _write(data_dir() / "notes.tmp", "mine")]
    old = time.time() - 3600
    leftovers = [_write(saves_dir() / ".a.json.k2j3.tmp", "{"),
                 _write(config_dir() / ".keys.json.x1.tmp", "")]
    fresh = _write(data_dir() / ".statistics.json.zz.tmp", "{")  # a write under way in another copy
    for path in leftovers:
        os.utime(path, (old, old))
    _build_title_and_saved_games()
    assert all(p.exists() for p in keep) and fresh.exists() and not any(p.exists() for p in leftovers)


def test_a_damaged_players_file_is_set_aside_with_a_notice_on_the_title(home):
    _write(data_dir() / "players.json", {"format": "players", "version": 1, "last": {"a": 1}})
    title, _listing = _build_title_and_saved_games()
    aside = _aside(data_dir(), "players.json")
    assert len(aside) == 1 and stats.last_names() == []
    assert f"players.json does not hold what it should; it was set aside as {aside[0].name}." in title.notice


def test_a_fifo_named_like_a_save_does_not_hang_the_title(home):
    saves_dir().mkdir(parents=True)
    os.mkfifo(saves_dir() / "pipe.json")
    os.mkfifo(data_dir() / "statistics.json")
    good = _write(saves_dir() / "good.json", _save())

    def hung(*_args):
        raise TimeoutError("the title blocked on a FIFO")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        title, listing = _build_title_and_saved_games()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert title.saved is not None and title.saved.path == str(good)
    assert [(d.name, str(d.reason)) for d in listing.damaged] == [("pipe.json", "not a regular file")]


# --- the fuzz -------------------------------------------------------------------------------------

_ODD = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([math.inf, -math.inf, math.nan, 1e30, -0.0, 0.5]),
    st.text(max_size=8), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _paths(doc, prefix=()):
    """Every place in a JSON document (keys of objects, indexes of lists), the log cut short."""
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc[:6]):
            yield from _paths(value, (*prefix, index))


def _damage(doc, path, value, how):
    """`doc` with the place at `path` replaced by `value`, or deleted."""
    if not path:
        return value
    target = doc
    for step in path[:-1]:
        target = target[step]
    if how == "delete" and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


_SOURCES = {game: _save(game, limit=25) for game in _GAMES}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_saves_never_stop_the_loaders_and_are_set_aside_with_a_reason(home, data):
    folder = saves_dir()
    for old in folder.glob("*") if folder.exists() else []:
        old.unlink()
    game = data.draw(st.sampled_from(sorted(_SOURCES)))
    doc = json.loads(json.dumps(_SOURCES[game]))
    place = data.draw(st.sampled_from(list(_paths(doc))))
    doc = _damage(doc, place, data.draw(_ODD), data.draw(st.sampled_from(["set", "delete"])))
    good = _write(folder / "good.json", _SOURCES["rats"])
    damaged = _write(folder / "damaged.json", json.dumps(doc, allow_nan=True))
    title, listing = _build_title_and_saved_games()  # the title lists the saves first
    saves, listed = list_saves(folder)
    assert good.exists() and [s.path for s in saves if s.path == str(good)] == [str(good)]
    if listed:
        assert [d.name for d in listed] == ["damaged.json"] and str(listed[0].reason)
        if listed[0].path == str(damaged):  # a newer pie_table's save is listed and left where it is
            assert damaged.exists() and "newer" in str(listed[0].reason)
        else:
            assert not damaged.exists() and _aside(folder, "damaged.json")
        assert listing.rows[-1][0].current_text().startswith("Damaged: damaged.json (")
        return
    # The shape passed: the replay either works or is refused in one line (never anything else).
    try:
        load_session(read_save(damaged))
    except SaveError as exc:
        assert exc.message and "\n" not in exc.message


_USER_FILES = {
    "settings.json": (config_dir, "settings", {"volume": 30, "muted": False, "bot_pace": "brisk"}),
    "keys.json": (config_dir, "keys", {"bindings": {"keys1": {"up": ["SCANCODE_W"]}}}),
    "statistics.json": (data_dir, "statistics", {"counted": ["a.json"], "players": {"ana": {"rats": {
        "played": 2, "won": 1, "vs": {"easy": [2, 1]}, "best": 40, "total": 70, "streak": 1, "best_streak": 1,
        "recent": [[30, 0], [40, 1]], "hints": 0, "kapows": 0, "outs": 0}}}}),
    "players.json": (data_dir, "players", {"last": ["Ana", "Bo"]}),
}


def _load_all() -> dict[str, object]:
    return {"settings.json": user_settings.load(), "keys.json": keybindings.load(),
            "statistics.json": stats.load(), "players.json": stats.load_names()}


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_user_files_never_stop_the_loaders_and_no_other_file_is_lost(home, data):
    for name, (where, kind, payload) in _USER_FILES.items():
        for old in where().glob(name + "*") if where().exists() else []:
            old.unlink()
        _write(where() / name, {"format": kind, "version": 1, **payload})
    name = data.draw(st.sampled_from(sorted(_USER_FILES)))
    where, kind, payload = _USER_FILES[name]
    doc = json.loads(json.dumps({"format": kind, "version": 1, **payload}))
    if data.draw(st.booleans()):
        place = data.draw(st.sampled_from(list(_paths(doc))))
        doc = _damage(doc, place, data.draw(_ODD), data.draw(st.sampled_from(["set", "delete"])))
        text = json.dumps(doc, allow_nan=True)
    else:
        raw = json.dumps(doc)
        cut = data.draw(st.integers(0, len(raw)))
        text = raw[:cut] + data.draw(st.text(max_size=4))
    _write(where() / name, text)
    loaded = _load_all()  # never raises
    aside = _aside(where(), name)
    notice = loaded[name][1]
    if aside:
        assert notice and name in str(notice) and aside[0].name in str(notice)
    else:
        assert notice is None and (where() / name).exists()
    for other, (other_where, _kind, _payload) in _USER_FILES.items():
        if other != name:
            assert (other_where() / other).exists() and loaded[other][1] is None
    title, listing = _build_title_and_saved_games()
    assert title.menu.items and listing.menu.items


def test_every_file_set_aside_at_start_is_named_on_the_title(home):
    from pie_table.kit.app import App
    from pie_table.scenes.title import TitleScene

    _write(config_dir() / "keys.json", {"format": "keys", "version": 1, "bindings": []})
    _write(config_dir() / "settings.json", {"format": "settings", "version": 1, "muted": "no"})
    _write(data_dir() / "statistics.json", "{")
    app = App(size=(1280, 720))  # a windowed app reads the player's own files
    try:
        title = TitleScene(app)
        app.scenes.push(title)
        for folder, name in ((config_dir(), "keys.json"), (config_dir(), "settings.json"),
                             (data_dir(), "statistics.json")):
            assert f"{name} " in title.notice and _aside(folder, name)
    finally:
        app.scenes.close_all()


def test_a_save_from_a_newer_pie_table_is_listed_but_left_in_place(home):
    doc = _save()
    doc["version"] = SAVE_VERSION + 1
    path = _write(saves_dir() / "future.json", doc)
    _saves, listed = list_saves(saves_dir())
    assert [(d.path, str(d.reason)) for d in listed] == [
        (str(path), "the save comes from a newer pie_table; update to open it")]
    assert path.exists() and not _aside(saves_dir(), "future.json")


def test_a_save_of_newer_rules_is_listed_with_a_remove_and_never_offered_as_continue(home):
    doc = _save()
    doc["rules_version"] += 1
    path = _write(saves_dir() / "newer.json", doc)
    title, listing = _build_title_and_saved_games()
    assert title.saved is None and not listing.saves
    assert listing.rows[0][0].current_text() == (
        "Damaged: newer.json (the save needs a newer version of RATS: High Tea at Sea's rules)")
    assert listing.rows[0][1].text == "Remove" and path.exists()  # kept: a newer pie_table plays it
    listing.rows[0][1].activate()
    listing.app.scenes.current.yes_button.activate()  # "Remove", asked first
    assert not path.exists() and not listing.damaged


def test_a_save_of_millions_of_tiny_containers_is_refused_before_it_is_parsed(home):
    doc = _save()
    text = json.dumps(doc)[:-1] + ', "junk": [' + ",".join(["[]"] * 600_000) + "]}"
    started = time.perf_counter()
    with pytest.raises(SaveError) as caught:
        parse_save(text)
    assert caught.value.message == "too large to be a save" and time.perf_counter() - started < 0.5
    assert load_session(parse_save(json.dumps(doc))).is_over() is False  # a real save still reads


def test_a_game_id_with_a_newline_is_refused_in_one_line(home):
    with pytest.raises(SaveError) as caught:
        load_session(dict(_save(), game="chess\nTraceback: fake"))
    assert caught.value.message == "the save is of a game this table does not have (chess?Traceback: fake)"


@pytest.mark.parametrize(("game", "key", "value"), [("pie-rats", "reaction_seconds", 2**64),
                                                    ("rumble-pie", "target", 10**7),
                                                    ("pie-rats", "pies", 17),
                                                    ("pie-rats", "phase6", "z"),
                                                    ("rumble-pie", "pause_after_kapow", 1),
                                                    ("rats", "ship_name", "x" * 41)])
def test_an_option_the_seat_screen_does_not_offer_is_refused_on_load(home, game, key, value):
    doc = _save(game, limit=5)
    doc["setup"]["options"][key] = value
    with pytest.raises(SaveError) as caught:
        load_session(parse_save(json.dumps(doc)))
    assert caught.value.message == f"the save's option {key} is not one this table offers"


def test_a_shorter_game_than_the_seat_screen_offers_still_loads(home):
    doc = _save("rumble-pie", limit=5)
    assert doc["setup"]["options"]["target"] == 3  # below the seat screen's 10: a short game still loads
    assert not load_session(parse_save(json.dumps(doc))).is_over()
