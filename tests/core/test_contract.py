"""The contract every registered game keeps (a new game gets these checks by registering).

Random games through the session check, along the way: a refused action changes nothing; the state
survives a JSON round trip; a seat's view does not change when what it cannot see is dealt
differently. At the end: the seed plus the log replays to the same state hash, and a log with an
impossible action is refused, never skipped. Every game's rules class is a `GameRules` and every
hook of it gives what the session, pacer, saves and reaction bar expect (a new hook gets its check
here); they call the hooks plainly, never probing with getattr. Engines import without pygame.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pie_table.core.driver import ReplayError, TableDriver
from pie_table.core.engine import GameRules, IllegalAction, RealtimeBot, TurnBot
from pie_table.core.fixed_step import FixedStep
from pie_table.core.history import SeatHistory
from pie_table.core.messages import Msg
from pie_table.core.registry import load_games
from pie_table.core.saves import SAVE_VERSION
from pie_table.core.session import Session, make_bots, state_hash
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.net.protocol import decode_host, encode
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
        top = session.rules.current_decision(session.state)
        if top is not None and top.deadline is not None and rng.random() < 0.3:
            assert session.submit(None, {"type": "timeout"}).ok
        else:
            seat = rng.choice(session.to_act())
            assert session.submit(seat, dict(rng.choice(session.legal(seat)))).ok
        if step % 7 == 0:
            _assert_refusal_changes_nothing(session, rng)
            _assert_round_trip(session)
            _assert_views_hide(session, rng)
            _assert_worlds_are_the_seats_own(session)
    _check_returns(session.rules, session.state, 0)


def _assert_worlds_are_the_seats_own(session: Session) -> None:
    for seat in range(len(session.setup.seats)):
        _check_determinize(session.rules, session.state, seat, session.history(seat))


def _random_realtime(session: Session, rng: random.Random, ticks: int) -> None:
    session.submit(None, {"type": "start"})
    for tick in range(ticks):
        queued = []
        for seat in session.to_act():
            legal = session.legal(seat)
            if legal and rng.random() < 0.2:
                queued.append((seat, dict(rng.choice(legal)), None))
        TableDriver(session, dynamics=FixedStep).dynamics.step(queued)
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
    TableDriver(again).replay(session.log)
    assert state_hash(again.rules, again.state) == session.hash()
    # A log with an impossible action is refused at that action, never skipped.
    broken = [entry.to_json() for entry in session.log]
    position = len(broken) // 2
    broken.insert(position, [0, {"type": "no-such-move"}])
    with pytest.raises(ReplayError, match=f"action {position + 1} of the log") as caught:
        TableDriver(_session(info, seed, seats)).replay(broken)
    assert caught.value.index == position


# Every hook of `GameRules` that the session, the pacer, the saves and the reaction bar read, each
# with a check of what it gives at a position.
def _check_system_actions(rules, state, seat) -> None:
    kinds = rules.system_actions
    assert isinstance(kinds, tuple) and all(type(k) is str for k in kinds)


def _check_bot_view(rules, state, seat) -> None:
    assert dict(rules.bot_view(state, seat)) == rules.view(state, seat)


def _check_current_decision(rules, state, seat) -> None:
    top = rules.current_decision(state)
    if top is None:
        return
    assert type(top.id) is int and isinstance(top.sealed, bool) and isinstance(top.allow_pass, bool)
    assert top.deadline is None or top.deadline > 0
    assert set(top.waiting_on()) == set(rules.to_act(state))


def _check_forced_action(rules, state, seat) -> None:
    forced = rules.forced_action(state, seat)
    # The one move listed, as the log records it (the session stamps the seat on every move).
    assert forced is None or [{**a, "seat": seat} for a in rules.legal_actions(state, seat)] == [forced]


def _check_view(rules, state, seat) -> None:
    # One view per version and seat, handed to every caller; a copy of the state has its own.
    view = rules.view(state, seat)
    assert rules.view(state, seat) is view
    copy = rules.clone(state)
    assert rules.view(copy, seat) == view and rules.view(copy, seat) is not view


def _check_version(rules, state, seat) -> None:
    version = rules.version(state)
    assert type(version) is int and version >= 0


def _check_apply(rules, state, seat) -> None:
    # Each applied action moves the state (a copy: the position is left as it is) to its next
    # version and the view kept for the last one stays as it was; a refusal moves nothing.
    copy = rules.clone(state)
    waiting = rules.to_act(copy)
    if not waiting or not (legal := list(rules.legal_actions(copy, waiting[0]))):
        return
    before = rules.version(copy)
    with pytest.raises(IllegalAction):
        rules.apply(copy, {"type": "no-such-move", "seat": waiting[0]})
    assert rules.version(copy) == before
    kept = rules.view(copy, seat)
    shown = json.dumps(kept, sort_keys=True, default=str)
    rules.apply(copy, {**legal[0], "seat": waiting[0]})
    assert rules.version(copy) == before + 1
    assert json.dumps(kept, sort_keys=True, default=str) == shown
    assert rules.view(copy, seat) is not kept


def _check_kept(rules, state, seat) -> None:
    # A part is kept for this state while its key stays; a new key builds it anew.
    name = ("contract check", seat)
    part = rules.kept(state, name, 1, lambda: [seat])
    assert part == [seat] and rules.kept(state, name, 1, list) is part
    assert rules.kept(state, name, 2, list) == []
    assert rules.kept(rules.clone(state), name, 2, lambda: [seat]) == [seat]  # a copy keeps its own


def _check_changed_by_hand(rules, state, seat) -> None:
    view = rules.view(state, seat)
    version = rules.version(state)
    rules.changed_by_hand(state)
    assert rules.version(state) == version + 1
    assert rules.view(state, seat) == view and rules.view(state, seat) is not view


def _check_idle_reason(rules, state, seat) -> None:
    idle = [s for s in range(_seats(state)) if s not in rules.to_act(state)]
    for other in idle:
        reason = rules.idle_reason(state, other)
        assert isinstance(reason, str | Msg) and str(reason), other


def _check_waiting_action(rules, state, seat) -> None:
    action = rules.waiting_action(state)
    assert action is None or (set(action) == {"type"} and action["type"] in rules.system_actions)


def _check_rules_version(rules, state, seat) -> None:
    assert type(rules.rules_version) is int and rules.rules_version >= 1


def _check_state_hash_since(rules, state, seat) -> None:
    # A save version a save of today's may carry: its hash is then compared (a later one could not be).
    assert type(rules.state_hash_since) is int and 2 <= rules.state_hash_since <= SAVE_VERSION


def _check_migrate_save(rules, state, seat) -> None:
    assert callable(rules.migrate_save)


def _check_rng(rules, state, seat) -> None:
    assert isinstance(rules.rng(state), random.Random)


def _check_tick(rules, state, seat) -> None:
    tick = rules.tick(state)
    assert type(tick) is int and tick >= 0


def _check_clone(rules, state, seat) -> None:
    assert rules.to_json(rules.clone(state)) == rules.to_json(state)


def _check_new_game(rules, state, seat) -> None:
    """The deal with what was said at it: the same state `new_state` deals, and events a session
    can file (a secret told to the one seat it is addressed to)."""
    seats = _seats(state)
    dealt, events = rules.new_game(seats, 11, {})
    assert _dump(rules, dealt) == _dump(rules, rules.new_state(seats, 11, {}))
    assert isinstance(events, list)
    assert all(isinstance(e, dict) and type(e.get("type")) is str for e in events)
    assert all(e.get("audience") == [e["to"]] for e in events if "to" in e)
    json.dumps([{k: v for k, v in e.items() if k != "text"} for e in events])  # plain data besides the text


def _check_searchable(rules, state, seat) -> None:
    assert isinstance(rules.searchable, bool)


def _check_determinize(rules, state, seat, history=None) -> None:
    """A searchable game's world for `seat`, made from its view and history: it is whole (it
    serialises, every move listed in it applies), the seat sees in it exactly what it sees at the
    table, and it is worked out from that alone: the same rng gives the same world from a table
    whose hidden cards were dealt differently (so it matches the true cards no more than chance),
    and the same from the plain view a seat at another machine is sent."""
    if not rules.searchable:
        with pytest.raises(NotImplementedError):
            rules.determinize(rules.bot_view(state, seat), SeatHistory(seat), random.Random(1))
        return
    history = history if history is not None else SeatHistory(seat)
    world = rules.determinize(rules.bot_view(state, seat), history, random.Random(7))
    assert rules.view(world, seat) == rules.view(state, seat)
    data = rules.to_json(world)
    assert rules.to_json(rules.from_json(json.loads(json.dumps(data)))) == data
    for other in rules.to_act(world):
        for action in list(rules.legal_actions(world, other))[:12]:
            rules.apply(rules.clone(world), {**action, "seat": other})
    dealt_otherwise = rules.shuffle_hidden(state, seat, random.Random(seat * 31 + 3))
    again = rules.determinize(rules.bot_view(dealt_otherwise, seat), history, random.Random(7))
    assert _dump(rules, again) == _dump(rules, world), f"seat {seat}'s world reads the hidden cards"
    # A seat played from another machine holds its view as the wire carried it: plain data.
    plain = decode_host(encode({"type": "view", "view": rules.view(state, seat)}))["view"]
    remote = rules.determinize(plain, history, random.Random(7))
    assert _dump(rules, remote) == _dump(rules, world), f"seat {seat}'s world differs from its plain view"


def _check_returns(rules, state, seat) -> None:
    if not rules.searchable or not rules.is_over(state):
        return
    worth = rules.returns(state)
    assert len(worth) == _seats(state) and all(isinstance(w, float) for w in worth)
    winners = [s for s in range(len(worth)) if worth[s] >= 1 / _seats(state)]
    assert winners and max(worth) == max(worth[s] for s in winners)


def _seats(state) -> int:
    seats = state.seats
    return seats if isinstance(seats, int) else len(seats)


_RULES_HOOKS = {
    "system_actions": _check_system_actions, "bot_view": _check_bot_view,
    "current_decision": _check_current_decision, "forced_action": _check_forced_action,
    "view": _check_view, "version": _check_version, "apply": _check_apply,
    "changed_by_hand": _check_changed_by_hand, "kept": _check_kept, "idle_reason": _check_idle_reason,
    "waiting_action": _check_waiting_action, "rules_version": _check_rules_version,
    "state_hash_since": _check_state_hash_since,
    "migrate_save": _check_migrate_save, "rng": _check_rng, "tick": _check_tick, "clone": _check_clone,
    "new_game": _check_new_game, "searchable": _check_searchable, "determinize": _check_determinize,
    "returns": _check_returns,
}
# What each game writes itself (the base class has no default for these).
_REQUIRED = ("new_state", "to_act", "legal_actions", "_apply", "_view", "is_over", "to_json", "from_json",
             "shuffle_hidden")


def test_every_hook_of_the_contract_has_a_check_here() -> None:
    hooks = {name for name in vars(GameRules)
             if not name.startswith("_") and name not in ("name", "check_views")}
    assert hooks - set(_REQUIRED) == set(_RULES_HOOKS)


def test_the_core_calls_hooks_plainly_and_never_probes_for_them() -> None:
    # A getattr with a default on the rules, a state or a bot is a hook without a contract.
    root = Path(__file__).resolve().parents[2] / "pie_table"
    probes = []
    for path in [*sorted((root / "core").glob("*.py")), root / "kit" / "reaction.py"]:
        text = path.read_text(encoding="utf-8")
        probes += [f"{path.name}: {m}" for m in re.findall(r"getattr\(\s*[\w.\[\]]+,\s*\"\w+\"[^)]*\)", text)]
    assert probes == []


@pytest.mark.parametrize("game_id", sorted(_GAMES))
def test_every_hook_the_core_reads_gives_what_the_core_expects(game_id: str) -> None:
    info = _GAMES[game_id]
    rules = info.rules
    assert isinstance(rules, GameRules)
    for name in _REQUIRED:
        assert getattr(type(rules), name) is not getattr(GameRules, name), f"{game_id} lacks {name}"
    if info.realtime:
        assert type(rules).waiting_action is not GameRules.waiting_action, f"{game_id} is real-time"
    if game_id != "toy":
        assert info.action_shapes, f"{game_id} declares no action shapes"
    rng = random.Random(5)
    session = _session(info, 5, info.min_seats + 1)
    checked: set[str] = set()
    for step in range(300):
        if session.is_over():
            break
        if info.realtime:
            if (action := rules.waiting_action(session.state)) is not None:
                session.submit(None, action)
            ticks = TableDriver(session, dynamics=FixedStep).dynamics
            ticks.step([(s, dict(rng.choice(legal)), None) for s in session.to_act()
                        if (legal := session.legal(s)) and rng.random() < 0.3])
        else:
            seat = rng.choice(session.to_act())
            session.submit(seat, dict(rng.choice(session.legal(seat))))
        if step % 10:
            continue
        for seat in range(len(session.setup.seats)):
            for name, check in _RULES_HOOKS.items():
                if name == "determinize":  # a world is made from the view and what the seat was told
                    _check_determinize(rules, session.state, seat, session.history(seat))
                else:
                    check(rules, session.state, seat)
                checked.add(name)
    bots = make_bots(GameSetup(info.id, [SeatSpec("bot", level="normal")] * 2, {}, None, 1), info)
    for bot in bots.values():
        assert isinstance(bot, RealtimeBot if info.realtime else TurnBot)
    assert checked == set(_RULES_HOOKS)


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
