"""Per-user JSON files: atomic writes, and every kind of damaged file refused in one line and set aside."""

import json
import os
import re

import pytest

from pie_table import paths
from pie_table.core import userfiles
from pie_table.core.userfiles import Problem, move_aside, read_json, write_json

_KIND = "pie_table-settings"


def _validate(payload: dict) -> None:
    if not isinstance(payload.get("volume"), int):
        raise TypeError("volume")


def _read(path, **kwargs):
    return read_json(path, _KIND, 2, validate=_validate, **kwargs)


def test_round_trip_stores_format_and_version(tmp_path):
    path = write_json(tmp_path / "deep" / "settings.json", _KIND, 2, {"volume": 7})
    assert json.loads(path.read_text()) == {"format": _KIND, "version": 2, "volume": 7}
    result = _read(path)
    assert result.status == "ok" and result.ok and result.payload == {"volume": 7}
    assert result.notice is None


def test_a_payload_may_not_hide_the_format(tmp_path):
    with pytest.raises(ValueError):
        write_json(tmp_path / "settings.json", _KIND, 1, {"version": 3})
    with pytest.raises(TypeError):  # not JSON: refused before any file is touched
        write_json(tmp_path / "settings.json", _KIND, 1, {"volume": object()})
    assert list(tmp_path.iterdir()) == []


def test_missing_file_means_defaults_silently(tmp_path):
    result = _read(tmp_path / "settings.json")
    assert result.status == "missing" and result.payload is None and result.notice is None
    assert list(tmp_path.iterdir()) == []


_DAMAGED = {
    "empty": (b"", Problem.EMPTY, "is empty"),
    "blank": (b"  \n", Problem.EMPTY, "is empty"),
    "truncated": (b'{"format": "pie_table-settings", "version": 2, "vol', Problem.DAMAGED, "is damaged"),
    "random bytes": (bytes(range(256)) * 4, Problem.DAMAGED, "is damaged"),
    "a list": (b"[1, 2, 3]", Problem.WRONG_TYPE, "does not hold"),
    "a version in words": (b'{"format": "pie_table-settings", "version": "2", "volume": 1}',
                           Problem.WRONG_TYPE, "does not hold"),
    "a true version": (b'{"format": "pie_table-settings", "version": true, "volume": 1}',
                       Problem.WRONG_TYPE, "does not hold"),
    "a wrong field": (b'{"format": "pie_table-settings", "version": 2, "volume": "loud"}',
                      Problem.WRONG_TYPE, "does not hold"),
    "foreign JSON": (b'{"name": "something else", "version": 2}', Problem.FOREIGN,
                     "is not a pie_table pie_table-settings file"),
    "another kind": (b'{"format": "pie_table-save", "version": 2, "volume": 1}', Problem.FOREIGN, "is not"),
    "newer": (b'{"format": "pie_table-settings", "version": 3, "volume": 1}', Problem.NEWER,
              "was written by a newer version"),
    "older, no migration": (b'{"format": "pie_table-settings", "version": 1, "volume": 1}', Problem.OLD,
                            "older version"),
}


@pytest.mark.parametrize("case", sorted(_DAMAGED))
def test_damaged_files_are_refused_and_set_aside(tmp_path, case):
    content, problem, words = _DAMAGED[case]
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    neighbour = tmp_path / "stats.json"
    neighbour.write_text("untouched")
    result = _read(path)
    assert result.status == "refused" and result.payload is None
    assert result.problem is problem and words in str(result.reason)
    assert not path.exists() and result.set_aside is not None
    assert result.set_aside.read_bytes() == content
    assert re.fullmatch(r"settings\.json\.bad-\d{8}-\d{4}", result.set_aside.name)
    notice = str(result.notice)
    assert notice.startswith("settings.json ") and result.set_aside.name in notice and "\n" not in notice
    assert neighbour.read_text() == "untouched"


def test_setting_aside_is_the_callers_choice(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "pie_table-settings", "version": 9, "volume": 1}')
    kept = _read(path, set_aside={Problem.DAMAGED, Problem.EMPTY})
    assert kept.problem is Problem.NEWER and kept.set_aside is None and path.exists()
    assert str(kept.notice) == "game.json was written by a newer version of pie_table."
    assert _read(path, set_aside=False).set_aside is None and path.exists()
    moved = _read(path, set_aside={Problem.NEWER})
    assert moved.set_aside is not None and not path.exists()


def test_an_unreadable_file_is_refused_but_never_moved(tmp_path):
    folder = tmp_path / "settings.json"
    folder.mkdir()
    result = _read(folder)
    assert result.problem is Problem.UNREADABLE and result.set_aside is None and folder.is_dir()


def test_set_aside_never_overwrites_an_earlier_one(tmp_path):
    path = tmp_path / "settings.json"
    names = []
    for text in ("first", "second", "third"):
        path.write_text(text)
        names.append(move_aside(path, now=1_800_000_000))
    assert [p.read_text() for p in names] == ["first", "second", "third"]
    assert names[1].name == names[0].name + "-2" and names[2].name == names[0].name + "-3"


def test_older_files_are_migrated(tmp_path):
    path = tmp_path / "settings.json"
    write_json(path, _KIND, 1, {"loudness": 4})

    def migrate(payload, version):
        assert version == 1
        return {"volume": payload.pop("loudness")}

    assert _read(path, migrate=migrate).payload == {"volume": 4}
    refused = _read(path, migrate=lambda payload, version: payload["missing"])
    assert refused.problem is Problem.OLD and refused.set_aside is not None


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_a_failing_write_leaves_the_old_file_whole(tmp_path, monkeypatch, step):
    path = write_json(tmp_path / "settings.json", _KIND, 2, {"volume": 1})
    before = path.read_bytes()

    def fail(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(userfiles.os, step, fail)
    with pytest.raises(OSError):
        write_json(path, _KIND, 2, {"volume": 2})
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["settings.json"]


def test_files_under_pie_table_home(tmp_path, monkeypatch):
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    assert not (tmp_path / "config").exists()  # folders come with the first write, not before
    written = write_json(paths.config_dir() / "settings.json", _KIND, 2, {"volume": 3})
    assert written == tmp_path / "config" / "settings.json"
    assert _read(written).payload == {"volume": 3}
