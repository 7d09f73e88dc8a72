"""RATS on the decision stack: each stage's questions are one pick, sealed when several rats choose
at once; the table reads the session's view; bots keep what they work out to themselves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rats_helpers import act, table

from pie_table.core.driver import driver_for
from pie_table.core.resume import load_session
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import SUPPLIES, questions
from pie_table.scenes.base import open_table

_V1_SAVE = Path(__file__).parent / "data" / "rats_v1_vocations.json"


def _scavenging(seats: int = 3) -> Any:
    """A table where the Host has just rolled a scavenge roll: every rat picks at once."""
    state = table([[0] * 6 for _ in range(seats)], stage="scavenge")
    act(state, 0, "roll")
    return state


def test_a_scavenge_roll_opens_one_sealed_pick_asking_every_rat() -> None:
    state = _scavenging()
    pick = RULES.current_decision(state)
    assert pick is not None and pick.kind == "pick" and pick.sealed and pick.seats == [0, 1, 2]
    assert [questions(state, seat)[0]["kind"] for seat in range(3)] == ["scavenge"] * 3


def test_who_has_answered_a_sealed_pick_stays_secret_until_it_closes() -> None:
    state = _scavenging()
    act(state, 1, "scavenge", supply=RULES.legal_actions(state, 1)[0]["supply"])
    assert RULES.to_act(state) == [0, 2]  # the engine knows whom it waits for...
    for seat in (None, 0, 2):
        assert RULES.view(state, seat)["to_act"] == [0, 1, 2]  # ...nobody else sees who answered
    assert RULES.view(state, 1)["question"] is None and RULES.view(state, 2)["question"]["kind"] == "scavenge"


def test_the_pick_closes_once_every_rat_has_answered_and_the_game_moves_on() -> None:
    state = _scavenging()
    for seat in range(3):
        act(state, seat, "scavenge", supply=RULES.legal_actions(state, seat)[0]["supply"])
    pick = RULES.current_decision(state)
    assert pick is not None and pick.seats == [0] and not pick.sealed
    assert questions(state, 0) == [{"kind": "roll", "purpose": "scavenge"}] and state.scavenge_index == 1


def test_a_rats_second_question_in_a_pick_waits_for_its_first_answer() -> None:
    """The two-rat bonus "2 of any two supplies" is two questions to one rat in one pick."""
    state = RULES.new_state(2, 1)
    assert RULES.to_act(state) == [1]
    act(state, 1, "gain", supply="straw")
    assert RULES.to_act(state) == [1] and questions(state, 1)[0]["other_than"] == SUPPLIES.index("straw")
    act(state, 1, "gain", supply="rags")
    assert RULES.current_decision(state).seats == [0]  # the Host's first goal roll


def test_a_save_from_rules_version_1_still_replays() -> None:
    data = json.loads(_V1_SAVE.read_text())
    assert data["rules_version"] == 1
    session = load_session(data)
    assert session.is_over() and len(session.log) == 97 and session.rules.rules_version == 2


def _two_tables_played(seats: str) -> list[Session]:
    """Two whole games of bots at two tables (seeds 4 and 5)."""
    tables = []
    for seed in (4, 5):
        session = Session(GameSetup("rats", parse_seats(seats), {}, seed=seed))
        driver_for(session).play_out()
        tables.append(session)
    return tables


def test_a_tables_bots_share_one_reading_of_its_log_and_another_table_has_its_own() -> None:
    tables = _two_tables_played("bot:hard,bot:hard,bot:hard")
    readings = [{id(bot.reading) for bot in s.bots.values()} for s in tables]
    assert [len(r) for r in readings] == [1, 1] and readings[0] != readings[1]
    for session in tables:
        tracker = next(iter(session.bots.values())).tracker
        assert 0 < tracker.seen <= len(session.history(None).said)
        assert all(bot.tracker is tracker for bot in session.bots.values())


def test_a_tables_bots_share_one_store_of_worths_and_no_two_tables_share_one() -> None:
    from pie_table.games.rats.bots import TableWorths

    tables = _two_tables_played("bot:normal,bot:hard,bot:normal")
    stores = [{id(bot.worths) for bot in s.bots.values()} for s in tables]
    assert [len(found) for found in stores] == [1, 1] and stores[0] != stores[1]
    for session in tables:
        worths = next(iter(session.bots.values())).worths
        assert isinstance(worths, TableWorths) and worths.kept  # the table's bots filled their own
    assert not hasattr(RULES, "bot_worths")  # nothing kept on the rules object, shared by every game


def test_a_tables_worths_are_kept_by_the_circled_goals_and_bounded() -> None:
    from pie_table.games.rats import bots

    worths = bots.TableWorths()
    kept, table = worths.weights_for((4, 7))
    assert worths.kept[("weights", (4, 7))] == (kept, table) and worths.weights_for((4, 7)) == (kept, table)
    assert kept[4] == kept[7] == 1.0 and table[4] == 1.0
    for n in range(bots._MEMOS_KEPT - 1):  # the goal weights above are one position
        worths.worths(("items", (), frozenset({n})))
    assert len(worths.kept) == bots._MEMOS_KEPT
    worths.worths(("items", (), frozenset({-1})))  # one more position: the table starts afresh
    assert list(worths.kept) == [("items", (), frozenset({-1}))]


class _NoDirectViews:
    """Stands in for the rules at the table scene: the scene must ask the session for views."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        if name == "view":
            raise AssertionError("the table called rules.view instead of session.view")
        return getattr(self._rules, name)


def test_the_table_draws_from_the_sessions_view_only() -> None:
    import pygame

    from pie_table.games.rats.ui.table_scene import RatsTableScene
    from pie_table.kit.app import App

    app = App(size=(1280, 720), headless=True)
    scene = open_table(RatsTableScene, app,
        GameSetup("rats", parse_seats("human:mouse,bot:easy,bot:easy"), {}, seed=3))
    app.scenes.push(scene)
    scene.rules = _NoDirectViews(scene.rules)  # type: ignore[assignment]
    asked: list[int | None] = []
    real = scene.driver.view
    scene.driver.view = lambda seat: asked.append(seat) or real(seat)  # type: ignore[method-assign]
    for _ in range(40):
        app.step(0.05, [])
    scene.draw(pygame.Surface((1280, 720)))
    assert scene.display_seat in asked


def test_the_table_sends_an_action_for_the_seat_it_names_not_the_one_inside() -> None:
    from pie_table.games.rats.ui.table_scene import RatsTableScene
    from pie_table.kit.app import App

    app = App(size=(1280, 720), headless=True)
    scene = open_table(RatsTableScene, app,
                       GameSetup("rats", parse_seats("human:hotseat,human:hotseat"), {}, seed=3))
    app.scenes.push(scene)
    action = RULES.legal_actions(scene.state, 1)[0]  # the setup pick of rat 2
    assert not scene.submit(action, 0) and scene.message == "Not your seat"
    assert scene.submit(action, 1)
