"""Nothing hidden leaves the host: every byte sent to each remote seat in whole games is that
seat's own view and its own events, and holds no RNG state or undealt deck order.

`tests/core/test_contract.py` proves each game's views hide what a seat may not see; here every
payload a client received is shown to equal one of the views its seat had, in order."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from pie_table.core.engine import copy_json
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.net import protocol as p
from pie_table.net.over_network import play_networked
from pie_table.net.patch import apply_patch
from tests.net.netplay import TURN_BASED, four_bots, read_stream, replayed

_ALLOWED = {"names", "paused", "welcome", "joined", "update", "over", "away", "back", "error", "pong",
            "tables", "created"}
_UPDATE_KEYS = {"asked", "remaining", "type", "view", "patch", "events", "seen", "legal", "ask", "ack"}


def _views_received(frames: list[str]) -> list[dict[str, Any]]:
    views: list[dict[str, Any]] = []
    for message in read_stream(frames):
        message = copy_json(p.revive_tree(message))  # engine messages in their long JSON form again
        if message["type"] == "update":
            view = message["view"] if "view" in message else apply_patch(views[-1], message.get("patch", {}))
            views.append(view)
    return views


def _secrets_at_start(game: str) -> list[str]:
    """Texts that would give away the game: the RNG's internal words, the undealt decks' order."""
    info = get_game(game)
    session = Session(four_bots(game), info)
    data = info.rules.to_json(session.state)
    words = [str(w) for w in info.rules.rng(session.state).getstate()[1][:40] if w > 10**8]
    decks = [json.dumps(v, separators=(",", ":")) for k, v in data.items()
             if "deck" in k and isinstance(v, list) and len(v) >= 4]
    return words + decks


@pytest.mark.parametrize("game", TURN_BASED)
def test_each_seat_receives_only_its_views_and_events(game: str) -> None:
    setup = four_bots(game)
    played = asyncio.run(play_networked(setup, get_game(game), capture=True))
    secrets = _secrets_at_start(game)
    assert secrets, "the check needs something secret to look for"
    for client in played.clients:
        frames = client.capture or []
        kinds = {json.loads(f)["type"] for f in frames}
        assert kinds <= _ALLOWED
        for frame, message in zip(frames, read_stream(frames), strict=True):
            if message["type"] == "update":
                assert set(message) <= _UPDATE_KEYS
            read = json.dumps(message, separators=(",", ":"))
            for secret in secrets:  # neither as sent nor once the parts sent before are put back
                assert secret not in frame
                assert secret not in read
        views, events = replayed(setup, played.host, client.seat)
        # Every view received is one the seat had, in the order it had them.
        at = 0
        for view in _views_received(frames):
            while at < len(views) and views[at] != view:
                at += 1
            assert at < len(views), f"seat {client.seat} was sent a view it never had"
        assert views[-1] == _views_received(frames)[-1]
        # Exactly the events addressed to it (none with another audience), in order.
        updates = [copy_json(p.revive_tree(m)) for m in read_stream(frames) if m["type"] == "update"]
        sent = [e for message in updates for e in message.get("events", ())]
        assert sent == events
        assert all(client.seat in e.get("audience", [client.seat]) for e in sent)
