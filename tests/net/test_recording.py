"""A seat's replay is the remote driver fed from its file: a `Recording` shows the update reached,
steps and jumps, and the driver tells its listeners each step's events at its next `update`, as
it tells a live update's; the seat's history and its public part follow the frame reached."""

from __future__ import annotations

from typing import Any

from pie_table.net.recording import Recording
from pie_table.net.remote_driver import RemoteDriver

_DEALT = {"kind": "dealt", "audience": [1], "to": 1}
_PLAYED = {"kind": "played", "seat": 0}
_SECRET = {"kind": "drew", "audience": [1], "to": 1}
_OVER = {"kind": "over"}


def _payload() -> dict[str, Any]:
    """A three-update recording of seat 1 at a RATS table: a whole view, then two patches."""
    frames = [{"view": {"turn": 0, "hand": ["a"]}, "events": [_DEALT]},
              {"patch": {"s": {"turn": 1}}, "events": [_PLAYED, _SECRET]},
              {"patch": {"s": {"turn": 2, "over": True}}, "events": [_OVER]}]
    return {"game": "rats", "seat": 1, "seats": 2, "names": ["Ada", "Bea"], "options": {},
            "finished": True, "frames": frames}


def _heard(driver: RemoteDriver[Recording]) -> dict[int | None, list[list[dict[str, Any]]]]:
    heard: dict[int | None, list[list[dict[str, Any]]]] = {None: [], 1: []}
    for seat in heard:
        driver.listen(seat, lambda _entry, events, seat=seat: heard[seat].append([dict(e) for e in events]))
    return heard


def test_a_step_is_told_at_the_drivers_next_update_each_seat_hearing_what_it_may() -> None:
    driver = RemoteDriver(Recording(_payload()))
    heard = _heard(driver)
    driver.update(0.0)
    assert heard == {None: [], 1: []}  # nothing stepped to yet: nothing told
    assert driver.source.step()
    assert heard == {None: [], 1: []}  # told at the update, on the table's thread
    driver.update(0.0)
    assert heard == {None: [[_PLAYED]], 1: [[_PLAYED, _SECRET]]}
    driver.update(0.0)
    assert heard[1] == [[_PLAYED, _SECRET]]  # once
    assert driver.view(1) == {"turn": 1, "hand": ["a"]} and driver.view(0) == {}
    assert driver.source.step() and not driver.source.step()  # the last frame
    driver.update(0.0)
    assert heard[1][-1] == [_OVER] and driver.is_over()


def test_the_history_follows_the_frame_reached_after_a_jump_back() -> None:
    driver = RemoteDriver(Recording(_payload(), at=2))
    assert driver.history(1).events == [_DEALT, _PLAYED, _SECRET, _OVER]
    assert driver.history(None).events == [_PLAYED, _OVER]
    driver.source.jump(0)
    driver.update(0.0)  # a jump is no step: nothing is told
    assert driver.history(1).events == [_DEALT] and driver.history(0).events == []
    assert driver.view(None) == {"turn": 0, "hand": ["a"]}


def test_nothing_is_asked_or_played_on_a_recording() -> None:
    driver = RemoteDriver(Recording(_payload()))
    assert driver.to_act() == [] and driver.legal(1) == [] and driver.remaining() is None
    refused = driver.submit(1, {"kind": "play"})
    assert not refused.outcome.ok and refused.outcome.reason == "a replay is only watched"
    assert driver.next_move_in() is None and driver.held_by_host == "" and driver.lost == ""
    assert driver.gate.humans == [1] and driver.setup.seats[1].kind == "human"
    assert driver.names == ["Ada", "Bea"] and driver.info.id == "rats"

