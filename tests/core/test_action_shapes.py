"""Every action is checked against its game's declared shape before any engine sees it (issue 21
item 8): wrong types, extra keys and missing keys, made from the listed legal actions of random
positions of all four games, are refused with a reason naming the key, and change nothing."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from pie_table.core.driver import TableDriver, driver_for
from pie_table.core.fixed_step import FixedStep
from pie_table.core.registry import GameInfo, load_games
from pie_table.core.resume import load_session
from pie_table.core.saves import SaveError, to_save
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec

_GAMES = load_games()
# Keys a listed action may leave out and still be a move: the engine then reads the default.
_OPTIONAL = {("rumble-pie", "draw", "column"), ("rumble-pie", "move", "count"), ("rats", "scavenge", "count"),
             ("cheflebrity", "play", "as"), ("cheflebrity", "draw", "card")}
# Kinds no position lists, made from one that is (the trade panel builds a counter-offer).
_DERIVED = {("cheflebrity", "reply"): lambda reply: {**reply, "type": "counter", "want": [{"kind": "card"}]}}
# Options that bring out rare kinds (Vermin Vocations: vocations, the coin and the Queen's verdict).
_OPTIONS = {"rats": {"vocations": True}}
_PROBES = 8  # positions probed per kind of action


def _session(info: GameInfo, seed: int, seats: int) -> Session:
    setup = GameSetup(info.id, [SeatSpec("bot", level="random")] * seats, dict(_OPTIONS.get(info.id, {})),
                      None, seed)
    return Session(setup, info, bots={})


def _dump(session: Session) -> str:
    return json.dumps(session.rules.to_json(session.state), sort_keys=True)


def _positions(info: GameInfo, seed: int) -> Iterator[Session]:
    """A random game, stopped after every move (real-time: every tenth tick) for the test to probe."""
    rng = random.Random(seed)
    session = _session(info, seed, rng.randint(info.min_seats, info.max_seats))
    if info.realtime:
        session.submit(None, {"type": "start"})
    for step in range(3000):
        if session.is_over():
            return
        if info.realtime:
            if session.state.phase == "round_over":
                session.submit(None, {"type": "start"})
            queued = [(seat, dict(rng.choice(legal)), None) for seat in session.to_act()
                      if (legal := session.legal(seat)) and rng.random() < 0.3]
            TableDriver(session, dynamics=FixedStep).dynamics.step(queued)
            if step % 10 == 0:
                yield session
        else:
            seat = rng.choice(session.to_act())
            assert session.submit(seat, dict(rng.choice(session.legal(seat)))).ok
            yield session


def _one_of_each_kind(legal: Any) -> list[dict[str, Any]]:
    """The first listed action of each kind (RATS lists thousands of requests lazily: read a few)."""
    found: dict[str, dict[str, Any]] = {}
    for action in (legal if len(legal) < 200 else [legal[0], legal[len(legal) // 2], legal[-1]]):
        found.setdefault(action["type"], dict(action))
    return list(found.values())


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _wrong_values(value: Any) -> list[Any]:
    """Values of the wrong kind for a key that held `value`: an int sent as a float, bool or string,
    a string as a number, a list as a string and its first item of the wrong kind."""
    if type(value) is int:
        return [float(value), bool(value), str(value), -1]
    if type(value) is str:
        return [1.5, True, value + "?"]
    if type(value) is list:
        wrong = ["1"]
        if value:
            wrong += [[item] for item in _wrong_values(value[0])[:2]]
            if type(value[0]) is dict and value[0]:
                key = next(iter(value[0]))
                wrong.append([{**value[0], "extra": 1}])
                wrong.append([{k: v for k, v in value[0].items() if k != key}] if len(value[0]) > 1 else [5])
        return wrong
    if value is None:
        return [0.0, "none"]
    return []


def _variants(game_id: str, seat: int, action: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str, str]]:
    """(variant, reason it must get, or the start of it, and how it must end)."""
    kind = action["type"]
    for key, value in action.items():
        if key == "type":
            continue
        if key == "seat":
            for spoof in (bool(value), float(value), str(value)):
                yield {**action, key: spoof}, "Not your seat", ""
            continue
        if (game_id, kind, key) not in _OPTIONAL:
            yield {k: v for k, v in action.items() if k != key}, f"“{kind}” needs “{key}”", ""
        for wrong in _wrong_values(value):
            start = f"“{key}" if type(value) is list else f"“{key}” must be "
            yield {**action, key: wrong}, start, "" if type(value) is list else f", not {_shown(wrong)}"
    yield {**action, "bogus": 1}, f"“{kind}” takes no “bogus”", ""
    yield {**action, "seat": not seat if seat in (0, 1) else True}, "Not your seat", ""


def _probe(game_id: str, session: Session, probed: Counter[str]) -> None:
    """Send every variant of each listed kind not yet probed enough; each must be refused with its
    reason and leave the state as it was."""
    for seat in session.to_act():
        for action in _one_of_each_kind(session.legal(seat)):
            if probed[action["type"]] >= _PROBES:
                continue
            probed[action["type"]] += 1
            derive = _DERIVED.get((game_id, action["type"]))
            before = _dump(session)
            for base in [action] + ([derive(action)] if derive else []):
                probed[base["type"]] += base is not action
                for variant, reason, end in _variants(game_id, seat, base):
                    applied = session.submit(seat, variant)
                    assert not applied.ok, (variant, "was accepted")
                    said = applied.reason
                    assert said.startswith(reason) and said.endswith(end), (variant, said)
            assert _dump(session) == before, (action, "a refused variant changed the state")


@pytest.mark.parametrize("game_id", sorted(_GAMES))
def test_actions_of_the_wrong_shape_are_refused_with_a_reason_and_change_nothing(game_id: str) -> None:
    info = _GAMES[game_id]
    probed: Counter[str] = Counter()
    for seed in range(2 if info.realtime else 12):
        for session in _positions(info, seed):
            _probe(game_id, session, probed)
    assert set(probed) == set(info.action_shapes)


def _first_position(game_id: str, kind: str) -> tuple[Session, int, dict[str, Any]]:
    info = _GAMES[game_id]
    for seed in range(20):
        for session in _positions(info, seed):
            for seat in session.to_act():
                legal = session.legal(seat)
                if legal and legal[0]["type"] == kind:
                    return session, seat, dict(legal[0])
    raise AssertionError(f"no {kind} in 20 games")


@pytest.mark.parametrize(("game_id", "kind", "key", "value", "reason"), [
    ("rumble-pie", "move", "count", 1.0, "“count” must be a whole number from 1 to 2, not 1.0"),
    ("rats", "sword_order", "rat", 1.0, "“rat” must be a seat number from 0 to {last}, not 1.0"),
    ("rats", "goal", "goal", 11.0, "“goal” must be a whole number from 2 to 12, not 11.0"),
    ("rats", "request", "amount", "10",
     "“amount” must be a whole number from 1 to 999 or one of \"all\", not \"10\""),
    ("pie-rats", "refill", "cards", [1.0], "“cards[0]” must be a whole number from 0 to 64, not 1.0"),
    ("cheflebrity", "play", "pie", "new",
     "“pie” must be a whole number from 0 to 96 or nothing (null), not \"new\""),
])
def test_the_issues_examples_are_refused_before_the_engine_sees_them(game_id, kind, key, value, reason):
    session, seat, action = _first_position(game_id, kind)
    before = _dump(session)
    applied = session.submit(seat, {**action, key: value})
    assert not applied.ok
    assert applied.reason == reason.format(last=len(session.setup.seats) - 1)
    assert _dump(session) == before


def test_a_seat_is_a_whole_number_never_a_bool() -> None:
    session, seat, action = _first_position("rats", "roll")
    before = _dump(session)
    for given in (True, False, 1.0, "1", -1, len(session.setup.seats)):
        assert session.submit(given, dict(action)).reason == "No such seat"
    assert session.submit(seat, {**action, "seat": seat == 0}).reason == "Not your seat"
    assert _dump(session) == before


def test_the_tables_own_actions_carry_nothing_but_their_type() -> None:
    session, _, _ = _first_position("rumble-pie", "draw")
    before = _dump(session)
    assert session.submit(None, {"type": "tick", "ticks": 100}).reason == "“tick” takes no “ticks”"
    assert session.submit(1, {"type": "juggle"}).reason == "“juggle” is not an action of this game"
    assert _dump(session) == before


def test_a_save_whose_log_holds_a_misshapen_action_is_refused_at_that_action() -> None:
    session, seat, action = _first_position("rats", "goal")
    data = to_save(session, with_hash=False)
    data["log"] = [*data["log"], [seat, {**action, "goal": 11.0}]]
    refused = f"action {len(data['log'])} is refused .“goal” must be a whole number"
    with pytest.raises(SaveError, match=refused):
        load_session(data)


@pytest.mark.parametrize("game_id", sorted(_GAMES))
def test_every_bots_actions_are_of_their_declared_shape(game_id: str) -> None:
    # The all-bot loop applies bots' actions without the session's check (for speed): replaying
    # their games through `submit` shows that every bot level sends only well-formed actions.
    info = _GAMES[game_id]
    seats = [SeatSpec("bot", level=level) for level in info.bot_levels][:info.max_seats]
    setup = GameSetup(info.id, seats, {}, None, 7)
    played = Session(setup, info)
    driver_for(played).play_out()
    assert played.is_over()
    again = Session(setup, info, bots={})
    TableDriver(again).replay(played.log)
    assert again.hash() == played.hash()
