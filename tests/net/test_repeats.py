"""Each part of a seat's updates goes once per connection, then as its number: the client reads
exactly what the host meant, a remote seat of a 4-seat game is sent at most 150 kB of text, and a
seat replay recorded before numbers existed reads as one recorded now."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.registry import get_game
from pie_table.net import protocol as p
from pie_table.net import repeats
from pie_table.net.over_network import local_hash, play_networked
from pie_table.net.repeats import Expander, Shortener
from pie_table.net.seat_replay import SeatRecorder, read_seat_replay, recorded_frames
from tests.net.netplay import TURN_BASED, four_bots

_CHEF = {"$m": "Chef {n}", "$p": {"n": 2}}
_EVENT = {"type": "draw", "text": {"$m": "{chef} draws a card.", "$p": {"chef": _CHEF}}, "seat": 1,
          "barrier": True}
_MOVES = [{"type": "draw", "from": "deck"}, {"type": "draw", "from": "leftovers", "card": 63}]
_RECORDED = Path(__file__).parent / "data" / "rats-seat3-cc297ec.json"  # seat 3, seed 1, by main at cc297ec


def _updates() -> list[dict[str, Any]]:
    return [
        {"type": "update", "events": [_EVENT], "seen": 1, "patch": {"s": {"step": "discard", "deck": 69}}},
        {"type": "names", "names": ["Chef A long name", "Chef A long name"]},  # not an update: never numbered
        {"type": "update", "events": [_EVENT, {**_EVENT, "seat": 2}], "seen": 3,
         "legal": _MOVES, "patch": {"s": {"step": "discard", "deck": 69}}, "remaining": 5.99},
        {"type": "update", "legal": copy_json(_MOVES),
         "patch": {"p": {"0": {"s": {"id": 5, "seats": [2], "asked": True}}}, "d": ["é \"quoted\" key"]}},
    ]


def _round_trip(messages: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """Each message as sent through one connection's ends: (text on the wire, message read)."""
    host, client = Shortener(), Expander()
    out = []
    for message in messages:
        text = host.text(message)
        out.append((text, client.expand(json.loads(text))))
    return out


def test_the_client_reads_each_update_as_the_host_meant_it_and_what_repeats_goes_as_a_number() -> None:
    sent = _round_trip(_updates())
    assert [read for _, read in sent] == _updates()
    plain = [json.dumps(m, separators=(",", ":")) for m in _updates()]
    assert sent[0][0] == plain[0]  # the first time, everything in full
    assert sent[1][0] == plain[1]
    assert len(sent[2][0]) < len(plain[2]) - 100  # the event and the patch again: numbers
    assert '"legal":{"$r":' in sent[3][0]  # the same moves offered again: one number


def test_the_first_time_an_update_is_sent_its_text_is_exactly_json_dumps() -> None:
    # The host writes an update's text itself (to number its parts as it goes): every kind of
    # scalar and key must come out as `json.dumps` writes it, or the client reads another value.
    scalars = ["", "a", "é ñ ☃ 🥧", "tab\tnew\nline \"q\" \\ \u0001", 0, -7, 2**70, 1.5, -0.0, 1e300, 3.0,
               True, False, None]
    update = {"type": "update", "values": scalars, "by_key": {"é": 1, "x y": [True, None], "": 2.25},
              "nested": [{"k": [n, [f"part {n}"]]} for n in range(3)]}  # nothing repeats: no numbers
    assert Shortener().text(update) == json.dumps(update, separators=(",", ":"))
    assert Expander().expand(json.loads(Shortener().text(update))) == update


def test_a_number_the_host_never_gave_or_an_update_grown_too_big_is_refused(monkeypatch) -> None:
    with pytest.raises(ValueError, match="never gave"):
        Expander().expand({"type": "update", "patch": {"$r": 0}})
    client = Expander()
    client.expand({"type": "update", "events": [_EVENT]})
    monkeypatch.setattr(repeats, "MAX_EXPANDED_CHARS", 500)
    with pytest.raises(ValueError, match="too big"):
        client.expand({"type": "update", "events": [{"$r": 0}] * 40})  # 40 times the first part
    with pytest.raises(ValueError, match="reads as a number"):
        Shortener().text({"type": "update", "patch": {"$r": 3}})


def test_both_ends_stop_numbering_at_the_same_part(monkeypatch) -> None:
    monkeypatch.setattr(repeats, "MAX_PARTS", 3)
    messages = _updates() * 3
    sent = _round_trip(messages)
    assert [read for _, read in sent] == messages
    assert '{"$r":3}' not in "".join(text for text, _ in sent)


def _game(game: str, seed: int, capture: bool = False) -> Any:
    setup = four_bots(game, seed)
    played = asyncio.run(play_networked(setup, get_game(game), capture=capture))
    assert played.host.session.hash() == local_hash(setup, get_game(game))
    return played


@pytest.mark.parametrize("game", TURN_BASED)
def test_a_remote_seat_of_a_four_seat_game_is_sent_at_most_150_kb_of_text(game: str) -> None:
    played = _game(game, 1)
    assert max(client.traffic.received_bytes for client in played.clients) <= 150_000


def test_a_seat_replay_recorded_before_updates_were_numbered_reads_as_one_recorded_now(tmp_path) -> None:
    found = read_seat_replay(_RECORDED)
    assert found.ok and found.payload is not None
    before = recorded_frames(found.payload)
    client = next(c for c in _game("rats", 1, capture=True).clients if c.seat == 2)
    assert client.capture is not None
    messages = [m for m in _read_stream(client.capture) if m["type"] in ("joined", "update")]
    recorder = SeatRecorder(tmp_path, messages[0], messages[0]["token"])
    for message in messages[1:]:
        recorder.took(message)
    now = recorded_frames(copy_json(recorder.payload(client.names, True)))
    assert copy_json(now[-1].view) == copy_json(before[-1].view)
    assert [copy_json(e) for f in now for e in f.events] == [copy_json(e) for f in before for e in f.events]


def _read_stream(frames: list[str]) -> list[dict[str, Any]]:
    """The messages of one connection, read as its client reads them."""
    client = Expander()
    return [p.decode_host(frame, client) for frame in frames]
