"""Saves written before the game's history moved out of its state still load, and replay to the
very game they were: the state each replays to, with its history put back inside as it was then
kept, has the hash the save holds."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.resume import load_session
from pie_table.core.saves import read_save
from pie_table.core.session import Session

_SAVES = sorted((Path(__file__).parent / "data" / "before_history_moved").glob("*.json"))


def _hash_as_kept_then(session: Session) -> str:
    """The state hash as pie_table took it when a game's state held its public log and each seat's
    notes (RATS filed its public events without their undo mark)."""
    data = session.rules.to_json(session.state)
    if not session.info.realtime:
        said = [{k: v for k, v in e.items() if k != "barrier"} if session.info.id == "rats" else e
                for e in session.history(None).said]
        data["log"] = copy_json(said)
        data["notes"] = copy_json([session.history(seat).notes for seat in range(len(session.setup.seats))])
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_there_is_a_save_of_every_game_part_way_and_finished() -> None:
    assert len(_SAVES) == 8


@pytest.mark.parametrize("path", _SAVES, ids=lambda p: p.stem)
def test_a_save_from_before_loads_and_is_the_same_game(path: Path) -> None:
    data = read_save(path)
    assert data["version"] == 1 and data["state_hash"]
    session = load_session(data)
    assert len(session.log) == data["actions"] and session.is_over() == data["finished"]
    assert _hash_as_kept_then(session) == data["state_hash"]
