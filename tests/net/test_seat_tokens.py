"""The remembered seat tokens (issue 23 item 4): a player who closed the window takes the seat back
by joining the same address and table again; a damaged file is set aside, never a crash."""

from __future__ import annotations

from pie_table.net.seat_tokens import _path, forget, remember, remembered


def test_a_token_is_remembered_per_address_and_table(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    assert remembered("ws://10.0.0.2:8765", "1") == ""
    remember("ws://10.0.0.2:8765", "1", "tok-a")
    remember("ws://10.0.0.3:8765", "1", "tok-b")
    assert remembered("ws://10.0.0.2:8765/", "1") == "tok-a"
    assert remembered("ws://10.0.0.3:8765", "1") == "tok-b" and remembered("ws://10.0.0.3:8765", "2") == ""
    forget("ws://10.0.0.2:8765", "1")
    assert remembered("ws://10.0.0.2:8765", "1") == "" and remembered("ws://10.0.0.3:8765", "1") == "tok-b"


def test_a_damaged_file_is_set_aside_and_nothing_is_remembered(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    remember("ws://10.0.0.2:8765", "1", "tok-a")
    _path().write_text("{not json", encoding="utf-8")
    assert remembered("ws://10.0.0.2:8765", "1") == ""
    assert any(p.name.startswith("seat_tokens") and p != _path() for p in _path().parent.iterdir())
    remember("ws://10.0.0.2:8765", "1", "tok-c")
    assert remembered("ws://10.0.0.2:8765", "1") == "tok-c"
