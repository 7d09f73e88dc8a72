"""The contract every registered game keeps (a new game gets these checks by registering).

Random games through the session check, along the way: a refused action changes nothing; the state
survives a JSON round trip; a seat's view does not change when what it cannot see is dealt
differently. At the end: the seed plus the log replays to the same state hash, and a log with an
impossible action is refused, never skipped. Engines import without pygame.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.core.registry import load_games
from pie_table.core.session import Session, state_hash
from pie_table.core.setup import GameSetup, SeatSpec
from tests.core.toy_game import INFO as TOY

_GAMES = {**load_games(), "toy": TOY}
_SEEDS = (1, 2)


def _dump(rules, state) -> str:
    return json.dumps(rules.to_json(state), sort_keys=True)


def _session(info, seed: int, seats: int) -> Session:
    setup = GameSetup(info.id, [SeatSpec("bot", level="random")] * seats, {}, None, seed)
    return Session(setup, info, bots={})


def _assert_refusal_changes_nothing(session: Session, rng: random.Random) -> None:
    rules, state = session.rules, session.state
    before = _dump(rules, state)
    waiting = session.to_act()
    idle = [s for s in range(len(session.setup.seats)) if s not in waiting]
    legal = session.legal(waiting[0]) if waiting else []
    if idle and legal:
        refused = session.submit(rng.choice(idle), dict(rng.choice(legal)))
        assert not refused.ok and refused.reason
    seat = waiting[0] if waiting else 0
    for bogus in ({"type": "no-such-move", "seat": seat}, {"type": "play", "seat": seat, "card": -999},
                  {"seat": seat}):
        with pytest.raises(IllegalAction) as caught:
            rules.apply(state, bogus)
        assert caught.value.reason
    assert _dump(rules, state) == before


def _assert_round_trip(session: Session) -> None:
    rules = session.rules
    data = rules.to_json(session.state)
    assert rules.to_json(rules.from_json(json.loads(json.dumps(data)))) == data


def _assert_views_hide(session: Session, rng: random.Random) -> None:
    rules = session.rules
    for seat in [None, *range(len(session.setup.seats))]:
        other = rules.shuffle_hidden(session.state, seat, random.Random(rng.random()))
        assert rules.view(other, seat) == rules.view(session.state, seat), f"seat {seat}'s view leaks"


def _random_turn_based(session: Session, rng: random.Random, limit: int) -> None:
    for step in range(limit):
        if session.is_over():
            return
        top = getattr(session.rules, "current_decision", lambda s: None)(session.state)
        if top is not None and top.deadline is not None and rng.random() < 0.3:
            assert session.submit(None, {"type": "timeout"}).ok
        else:
            seat = rng.choice(session.to_act())
            assert session.submit(seat, dict(rng.choice(session.legal(seat)))).ok
        if step % 7 == 0:
            _assert_refusal_changes_nothing(session, rng)
            _assert_round_trip(session)
            _assert_views_hide(session, rng)


def _random_realtime(session: Session, rng: random.Random, ticks: int) -> None:
    session.submit(None, {"type": "start"})
    for tick in range(ticks):
        queued = []
        for seat in session.to_act():
            legal = session.legal(seat)
            if legal and rng.random() < 0.2:
                queued.append((seat, dict(rng.choice(legal)), None))
        session.realtime_step(queued)
        if session.is_over():
            return
        if session.state.phase == "round_over":
            session.submit(None, {"type": "start"})
        if tick % 97 == 0:
            _assert_refusal_changes_nothing(session, rng)
            _assert_round_trip(session)
            _assert_views_hide(session, rng)


@pytest.mark.parametrize("game_id", sorted(_GAMES))
@pytest.mark.parametrize("seed", _SEEDS)
def test_contract(game_id: str, seed: int) -> None:
    info = _GAMES[game_id]
    rng = random.Random(seed)
    seats = rng.randint(info.min_seats, info.max_seats)
    session = _session(info, seed, seats)
    if info.realtime:
        _random_realtime(session, rng, 2400)
    else:
        _random_turn_based(session, rng, 4000)
    assert len(session.log) > 10
    again = _session(info, seed, seats)
    again.replay(session.log)
    assert state_hash(again.rules, again.state) == session.hash()
    # A log with an impossible action is refused at that action, never skipped.
    broken = [entry.to_json() for entry in session.log]
    position = len(broken) // 2
    broken.insert(position, [0, {"type": "no-such-move"}])
    with pytest.raises(IllegalAction, match=f"action {position + 1} of the log"):
        _session(info, seed, seats).replay(broken)


def test_every_registered_game_offers_what_the_contract_needs() -> None:
    for game_id, info in _GAMES.items():
        for name in ("to_act", "shuffle_hidden", "legal_actions", "view", "to_json", "from_json"):
            assert callable(getattr(info.rules, name, None)), f"{game_id} lacks {name}"
        assert isinstance(getattr(info.rules, "rules_version", None), int), game_id


def test_engines_import_without_pygame() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "from pie_table.core.registry import load_games\n"
        "games = load_games()\n"
        "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print(','.join(sorted(games)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert set(out.stdout.strip().split(",")) == set(load_games())
