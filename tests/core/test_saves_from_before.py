"""Saves written before a game's state changed shape still load, and replay to the very game they
were: the state each replays to, put back in the shape it was then kept in, has the hash the save
holds. Version 1: before the game's history moved out of its state; version 2: before
Cheflebrity's scoring breakdown did (worked out since, not kept). A version-2 save of another game
keeps its hash check: its state's shape did not change."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.resume import load_session
from pie_table.core.saves import SaveError, read_save, to_save
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats

_DATA = Path(__file__).parent / "data"
_SAVES = sorted((_DATA / "before_history_moved").glob("*.json"))
_CHEF_SAVES = sorted((_DATA / "before_result_moved").glob("*.json"))


def _hash_as_kept_then(session: Session, version: int = 1) -> str:
    """The state hash as pie_table took it when a game's state held its public log and each seat's
    notes (RATS filed its public events without their undo mark; Cheflebrity's state also held
    its scoring breakdown)."""
    data = session.rules.to_json(session.state)
    if session.info.id == "cheflebrity":
        assert "result" not in data  # the state holds the game only
        data["result"] = copy_json(session.state.result)
    if not session.info.realtime and version == 1:
        said = [{k: v for k, v in e.items() if k != "barrier"} if session.info.id == "rats" else e
                for e in session.history(None).said]
        data["log"] = copy_json(said)
        data["notes"] = copy_json([session.history(seat).notes for seat in range(len(session.setup.seats))])
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_there_is_a_save_of_every_game_part_way_and_finished() -> None:
    assert len(_SAVES) == 8


def test_there_is_a_version_2_cheflebrity_save_part_way_and_finished() -> None:
    assert [read_save(p)["finished"] for p in _CHEF_SAVES] == [True, False]


@pytest.mark.parametrize(("path", "version"), [(p, 1) for p in _SAVES] + [(p, 2) for p in _CHEF_SAVES],
                         ids=lambda p: p.parent.name + "/" + p.stem if isinstance(p, Path) else "")
def test_a_save_from_before_loads_and_is_the_same_game(path: Path, version: int) -> None:
    data = read_save(path)
    assert data["version"] == version and data["state_hash"]
    session = load_session(data)
    assert len(session.log) == data["actions"] and session.is_over() == data["finished"]
    assert _hash_as_kept_then(session, version) == data["state_hash"]


def test_a_version_2_save_of_another_game_still_has_its_hash_checked() -> None:
    session = Session(GameSetup("rats", parse_seats("human,bot:normal"), {}, None, 5))
    with pytest.raises(SaveError, match="differs"):
        load_session(to_save(session) | {"version": 2, "state_hash": "0" * 16})
    assert load_session(to_save(session) | {"version": 2}).hash() == session.hash()
