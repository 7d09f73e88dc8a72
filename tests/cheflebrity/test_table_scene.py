"""The Cheflebrity table driven by real pygame events: drags, keys, trades, hand-offs, reaction
windows, a whole game, saves and replays."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from pie_table.core.engine import TurnBot
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.cheflebrity import flow
from pie_table.games.cheflebrity.ui.names import card_label
from pie_table.games.cheflebrity.ui.table_scene import CheflebrityTableScene
from pie_table.games.cheflebrity.ui.trade_panel import TradePanel
from pie_table.kit.app import App
from pie_table.kit.handoff import HandoffScene
from pie_table.scenes.base import open_table
from pie_table.scenes.results import ResultsScene
from tests.cheflebrity.helpers import find
from tests.hinted import (
    CHECKED_AGAINST_THE_EXPERT,
    await_hint,
    blind_to_hidden,
    experts_move,
    given_hints,
    same_move,
)
from tests.sparse_frames import SparseFrames

pytestmark = pytest.mark.long  # tens of seconds in all: run first (tests/conftest.py)

DT = 0.05
B5, B20 = find("bottom", 5), find("bottom", 20)
F10, T15, E10 = find("filling", 10, "cherry"), find("top", 15), find("extras", 10)
SAB = find("sabotage")


def make_table(seats: str, seed: int = 3, **options: Any) -> tuple[App, CheflebrityTableScene]:
    app = App(size=(1280, 720), headless=True)
    scene = open_table(CheflebrityTableScene, app,
        GameSetup("cheflebrity", parse_seats(seats), dict(options), seed=seed))
    scene.autosave.enabled = False
    app.scenes.push(scene)
    return app, scene


def run_until(app: App, done: Any, frames: int = 2000) -> None:
    for _ in range(frames):
        if done():
            return
        app.step(DT, [])
    raise AssertionError("the table never reached the expected moment")


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.step(
        DT,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ],
    )


def press(app: App, key: int) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def zone(scene: CheflebrityTableScene, kind: str, value: int, owner: int | None = None) -> pygame.Rect:
    return next(
        z.rect
        for z in scene.zones
        if z.kind == kind and z.value == value and (owner is None or z.owner == owner)
    )


def set_turn(
    scene: CheflebrityTableScene,
    seat: int,
    hand: list[int],
    step: str = "play",
    pies: list[list[tuple[int, str]]] | None = None,
) -> None:
    """Put `seat`'s turn at `step` on the table with exactly `hand` and these working pies."""
    state = scene.state
    wanted = set(hand) | {c for pie in pies or [] for c, _p in pie}
    for pile in (state.deck, state.leftovers, *state.hands):
        pile[:] = [c for c in pile if c not in wanted]
    state.deck.extend(state.hands[seat])
    state.hands[seat] = list(hand)
    state.working[seat] = []
    for pie in pies or []:
        state.working[seat].append({"id": state.next_pie, "cards": [[c, p, 0] for c, p in pie]})
        state.next_pie += 1
    state.stack.items.clear()
    flow.start_turn(state, seat, [])
    state.step = step
    scene.driver.rules.changed_by_hand(scene.state)
    scene.panel = scene.trade = None
    scene.panel_key = None


def test_a_bottom_crust_dragged_onto_the_new_pie_slot_starts_a_pie():
    app, scene = make_table("human,bot:normal,bot:normal")
    set_turn(scene, 0, [B5, T15])
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    drag(app, zone(scene, "hand", B5).center, zone(scene, "new_pie", 0).center)
    assert [entry[0] for entry in scene.state.working[0][0]["cards"]] == [B5]
    assert scene.message == ""


def test_a_drop_that_breaks_the_build_order_springs_back_with_the_reason():
    app, scene = make_table("human,bot:normal,bot:normal")
    set_turn(scene, 0, [T15], pies=[[(B5, "bottom")]])
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    pie = scene.state.working[0][0]["id"]
    drag(app, zone(scene, "hand", T15).center, zone(scene, "pie", pie, 0).center)
    assert scene.message == "Add a Filling first: Bottom Crust, Filling, Top Crust, then Extras"
    assert T15 in scene.state.hands[0] and len(scene.state.working[0][0]["cards"]) == 1


def test_a_pie_dragged_to_the_serving_line_is_served():
    app, scene = make_table("human,bot:normal,bot:normal")
    set_turn(scene, 0, [E10], step="main", pies=[[(B20, "bottom"), (F10, "filling")]])
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    pie = scene.state.working[0][0]["id"]
    drag(app, zone(scene, "pie", pie, 0).center, zone(scene, "serving", 0, 0).center)
    assert [p["id"] for p in scene.state.served[0]] == [pie]


def test_the_move_list_plays_a_whole_turn_by_keyboard_alone():
    app, scene = make_table("human,bot:normal,bot:normal")
    run_until(app, lambda: scene.panel is not None)
    assert scene.panel.items[0][0] == {"type": "draw", "from": "deck"}
    press(app, pygame.K_RETURN)  # draw from the Ingredients
    run_until(app, lambda: scene.panel is not None and scene.state.step == "discard")
    while scene.panel.focused()["type"] != "end":
        press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert scene.state.turn == 1


class _Answers(TurnBot):
    """A bot that answers every offer with its first card, described truly, and passes otherwise."""

    def act(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        replies = [a for a in legal if a["type"] == "reply"]
        if replies:
            return replies[0]
        return next((a for a in legal if a["type"] in ("pass", "end")), legal[0])


def test_a_trade_composed_by_keyboard_delivers_the_real_cards_after_a_lie():
    from pie_table.core.session import Session

    setup = GameSetup("cheflebrity", parse_seats("human,bot:normal,bot:normal"), {}, seed=4)
    app = App(size=(1280, 720), headless=True)
    scene = open_table(CheflebrityTableScene, app, setup, Session(setup, bots={1: _Answers(), 2: _Answers()}))
    scene.autosave.enabled = False
    app.scenes.push(scene)
    set_turn(scene, 0, [E10, B5], step="main")
    answer = scene.state.hands[1][0]
    run_until(app, lambda: scene.panel is not None)
    while scene.panel.focused()["type"] != "trade_open":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(scene.trade, TradePanel)
    press(app, pygame.K_1)  # hand over the first card (Extras 10)
    assert scene.trade.picked == [E10]
    press(app, pygame.K_DOWN)  # to its claim
    press(app, pygame.K_PAGEUP)  # say it is a Top Crust: a lie
    while scene.trade.keys()[scene.trade.focus] != "send":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert scene.driver.history(None).said[-1]["claim"] == [{"kind": "top"}]
    run_until(app, lambda: scene.panel is not None and scene.state.stack.top().kind == "confirm")
    assert scene.panel.items[0][0] == {"type": "accept"}
    press(app, pygame.K_RETURN)
    assert answer in scene.state.hands[0] and E10 in scene.state.hands[1]
    lied_to = [n for n in scene.driver.history(1).notes if n["type"] == "trade_in"]
    assert lied_to[-1]["honest"] is False and lied_to[-1]["got"] == [E10]
    told = [n for n in scene.driver.history(0).notes if n["type"] == "trade_in"]
    assert told[-1]["honest"] is True
    assert not [n for n in scene.driver.history(2).notes if n["type"] == "trade_in"]


def test_two_humans_hand_off_and_a_trade_reaches_the_other_only_behind_a_hand_off():
    app, scene = make_table("human,human,bot:normal", seed=6)
    run_until(app, lambda: isinstance(app.scenes.current, HandoffScene))
    assert scene.display_seat is None  # nobody's hand shows behind the hand-off
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    assert scene.display_seat == 0
    set_turn(scene, 0, [E10, B5], step="main")
    scene.gate.confirm(0)
    run_until(app, lambda: scene.panel is not None)
    scene.submit(
        {
            "type": "offer",
            "to": 1,
            "give": [E10],
            "claim": [{"kind": "top", "quality": 25}],
            "want": [{"kind": "card"}],
        },
        0,
    )
    run_until(app, lambda: isinstance(app.scenes.current, HandoffScene))
    assert scene.display_seat is None
    seen = scene.view()
    assert "hand" not in seen and "mine" not in seen["trade"] and seen["trade"]["n_give"] == 1
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene.trade is not None)
    assert scene.trade.mode == "reply" and scene.display_seat == 1
    assert E10 not in scene.view()["hand"] and scene.view()["trade"]["mine"] == []


def test_why_an_answer_cannot_go_yet_is_shown_whole_in_the_trade_panel(monkeypatch: Any) -> None:
    """Enter on Answer with no card picked says why, wrapped in the panel's width, never cut."""
    from pie_table.games.cheflebrity.ui import trade_panel
    from pie_table.kit import palette as pal
    from pie_table.kit.fonts import font

    app, scene = make_table("human,bot:normal", seed=6)
    set_turn(scene, 0, [E10, B5], step="main")
    run_until(app, lambda: scene.panel is not None)
    scene.trade = TradePanel("reply", 0, dict(scene.view()), lambda _a: True, lambda: None)
    assert scene.trade.action("send") is None and scene.trade.message.startswith("Pick the cards")
    shown: list[str] = []
    real = trade_panel.fit_text

    def fit(text: str, size: int, width: int, color: Any, *rest: Any) -> pygame.Surface:
        if color == pal.DANGER:
            shown.append(text)
        surface = real(text, size, width, color, *rest)
        if color == pal.DANGER:  # within the width, at the panel's own size (not shrunk to fit)
            assert surface.get_width() <= width and surface.get_height() == font(size, "bold").get_height()
        return surface
    monkeypatch.setattr(trade_panel, "fit_text", fit)
    scene.draw(app.screen)  # the table's own layout at 1280x720, where the line was cut
    assert " ".join(reversed(shown)) == scene.trade.message  # drawn from the bottom line up


def test_a_sabotage_window_on_a_shared_screen_is_claimed_by_a_seat_key():
    app, scene = make_table("bot:normal,human,human", reaction_seconds=6)
    state = scene.state
    set_turn(scene, 0, [B20])
    for pile in (state.deck, *state.hands):
        if SAB in pile:
            pile.remove(SAB)
    state.hands[1].append(SAB)
    scene.driver.rules.changed_by_hand(scene.state)
    run_until(app, lambda: scene.top() is not None and scene.top()["kind"] == "sabotage")
    assert sorted(scene.reaction.asked()) == [1, 2]
    press(app, pygame.K_2)
    assert scene.claimed == 1 and isinstance(app.scenes.current, HandoffScene)
    for _ in range(12):
        app.step(DT, [])
    press(app, pygame.K_RETURN)
    run_until(app, lambda: scene.panel is not None)
    sabotage = next(a for a, _t in scene.panel.items if a["type"] == "sabotage")
    scene.panel.submit(sabotage)
    run_until(
        app, lambda: scene.top() is None or scene.top()["kind"] not in ("sabotage", "saved"), frames=600
    )
    assert state.kept[1] == [[SAB, "sabotage"]] and state.working[0] == []
    assert any(e.action.get("type") == "timeout" for e in scene.driver.session.log)


def test_a_whole_game_against_bots_ends_in_a_judging_that_mashing_cannot_skip():
    app, scene = make_table("human,bot:normal,bot:hard,bot:easy", seed=9)
    rng = random.Random(2)
    frames = SparseFrames(app, scene)
    for _ in range(60000):
        if scene.rules.is_over(scene.state):
            break
        if app.scenes.current is scene and scene.panel is not None:
            items = [a for a, _t in scene.panel.items if a["type"] != "trade_open"]
            scene.panel.submit(items[0] if rng.random() < 0.7 else items[-1])
        elif app.scenes.current is scene and scene.trade is not None:
            scene.trade.press("decline" if scene.trade.mode != "offer" else "cancel")
        frames.step(DT)
    assert scene.rules.is_over(scene.state)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_RETURN)
    assert app.scenes.current is scene  # the judging stays up through key mashing
    run_until(app, lambda: scene.end_timer >= 1.3)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.current, ResultsScene)


def test_a_game_quit_midway_continues_from_its_save_and_replays_seat_by_seat(tmp_path, monkeypatch):
    from pie_table.core.resume import load_session
    from pie_table.core.saves import read_save, write_save
    from pie_table.scenes.replay import ReplayScene

    monkeypatch.setenv("PIE_TABLE_HOME", str(tmp_path))
    app, scene = make_table("human,bot:normal,bot:hard", seed=12)
    scene.autosave.enabled = True
    frames = SparseFrames(app, scene)
    for _ in range(3000):
        if scene.state.turn_no >= 8:
            break
        if scene.panel is not None:
            scene.panel.submit(next(a for a, _t in scene.panel.items if a["type"] != "trade_open"))
        elif scene.trade is not None:
            scene.trade.press("decline")
        frames.step(DT)
    scene.exit()
    saved = load_session(read_save(scene.autosave.path))
    assert saved.hash() == scene.driver.session.hash() and saved.state.turn_no >= 8
    while not saved.is_over():
        for seat in saved.to_act():
            legal = saved.legal(seat)
            saved.submit(seat, saved.bot_action(seat) if seat in saved.bots else legal[-1])
    path = write_save(tmp_path / "done.json", saved)
    replay = ReplayScene(app, read_save(path))
    app.scenes.push(replay)
    replay.jump(0.5)
    for viewer in (None, 0, 1):
        replay.set_viewer(viewer)
        app.step(DT, [])
        table = replay.table
        shown = table.view()
        assert shown == table.rules.view(table.state, viewer)
        assert ("hand" in shown) == (viewer is not None)
        other = table.rules.shuffle_hidden(table.state, viewer, random.Random(5))
        assert table.rules.view(other, viewer) == shown


def test_h_gives_the_experts_hint_from_the_seats_own_view_and_focuses_that_move():
    app, scene = make_table("human,bot:normal,bot:hard", seed=5)
    set_turn(scene, 0, [F10, E10], pies=[[(B20, "bottom")]])
    run_until(app, lambda: scene.panel is not None)
    wanted = blind_to_hidden(scene, 0)  # the hint reads only the seat's view
    press(app, pygame.K_h)
    await_hint(app, scene)
    assert scene.hint_text and scene.hints_used == {0: 1}
    assert scene.hint_line().startswith("Expert's hint: ")
    pie = scene.state.working[0][0]["id"]
    assert scene.panel.focused() == wanted == {"type": "play", "card": F10, "pie": pie}


def test_a_hinted_trade_opens_filled_in_and_ready_to_send():
    app, scene = make_table("human,bot:normal,bot:normal", seed=5)
    set_turn(scene, 0, [E10, B5, T15], step="main")
    run_until(app, lambda: scene.panel is not None)
    offer = {
        "type": "offer",
        "to": 2,
        "give": [E10],
        "claim": [{"kind": "top", "quality": 25}],
        "want": [{"kind": "filling"}],
    }
    scene.hinted_offer = offer
    scene.submit({"type": "trade_open"}, 0)
    assert scene.trade.picked == [E10] and scene.trade.keys()[scene.trade.focus] == "send"
    assert scene.trade.action("send") == offer


def test_three_humans_at_one_screen_never_see_another_hand_or_hidden_trade_card():
    app, scene = make_table("human,human,human", seed=8, reaction_seconds=4)
    rng = random.Random(8)
    handoffs = 0
    for _ in range(6000):
        if scene.state.turn_no > 10 or scene.rules.is_over(scene.state):
            break
        top = app.scenes.current
        if isinstance(top, HandoffScene):
            assert scene.display_seat is None and "hand" not in scene.view()
            handoffs += 1
            for _ in range(12):
                app.step(DT, [])
            press(app, pygame.K_RETURN)
            continue
        viewer = scene.display_seat
        shown = scene.view()
        if viewer is None:
            assert "hand" not in shown
        else:
            # Only the seat at the screen is shown, its own cards, and only its side of a trade.
            assert shown["seat"] == viewer and shown["hand"] == scene.state.hands[viewer]
            trade = scene.state.trade
            if trade is not None:
                mine = (
                    trade["give"]
                    if trade["from"] == viewer
                    else trade["reply"]
                    if trade["to"] == viewer
                    else []
                )
                assert shown["trade"].get("mine", []) == mine
        drawn = {z.value for z in scene.zones if z.kind == "hand"}
        allowed = set(scene.state.hands[viewer]) if viewer is not None else set()
        if viewer is not None and scene.state.trade is not None:
            allowed |= set(shown["trade"].get("mine", []))
        assert drawn <= allowed
        if scene.panel is not None:
            items = [a for a, _t in scene.panel.items if a["type"] != "trade_open"]
            if any(a["type"] == "trade_open" for a, _t in scene.panel.items) and rng.random() < 0.15:
                hand = scene.state.hands[scene.panel.seat]
                partner = next(
                    s for s in range(3) if s != scene.panel.seat and s not in scene.state.traded_with
                )
                scene.submit(
                    {
                        "type": "offer",
                        "to": partner,
                        "give": [hand[0]],
                        "claim": [{"kind": "top", "quality": 25}],
                        "want": [{"kind": "card"}],
                    },
                    scene.panel.seat,
                )
            else:
                scene.panel.submit(items[0] if rng.random() < 0.6 else items[-1])
        elif scene.trade is not None:
            if scene.trade.mode == "reply" and scene.trade.pool:
                scene.trade.toggle(scene.trade.pool[0])
                scene.trade.press("send")
            else:
                scene.trade.press("accept" if scene.trade.mode == "counter" else "decline")
        app.step(DT, [])
    assert scene.state.turn_no > 10 and handoffs >= 10
    assert any(e.action.get("type") in ("reply", "accept") for e in scene.driver.session.log)


def test_a_stroke_of_genius_dropped_on_a_pie_asks_which_part_it_becomes():
    genius = find("genius")
    app, scene = make_table("human,bot:normal,bot:normal")
    set_turn(scene, 0, [genius], pies=[[(B20, "bottom"), (F10, "filling")]])
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    pie = scene.state.working[0][0]["id"]
    drag(app, zone(scene, "hand", genius).center, zone(scene, "pie", pie, 0).center)
    assert len(scene.state.working[0][0]["cards"]) == 2  # nothing played yet: the list asks
    shown = [scene.panel.items[i][0] for i in scene.panel.shown()]
    assert {a.get("as") for a in shown if a["type"] == "play"} == {"top", "extras"}
    while scene.panel.focused().get("as") != "extras":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert scene.state.working[0][0]["cards"][-1][:2] == [genius, "extras"]


def test_h_while_answering_a_trade_fills_in_the_hinted_answer():
    app, scene = make_table("human,bot:normal,bot:normal", seed=5)
    set_turn(scene, 1, [E10, B5, T15], step="main")
    offer = {"type": "offer", "to": 0, "give": [E10], "claim": [{"kind": "filling"}]}
    offer["want"] = [{"kind": "card"}]
    assert scene.submit(offer, 1)
    run_until(app, lambda: scene.trade is not None)
    assert scene.trade.mode == "reply" and "1 card said to be" in scene.trade.heading()
    suggested = experts_move(scene.driver, 0)
    press(app, pygame.K_h)
    await_hint(app, scene)
    assert scene.hint_text and scene.hints_used == {0: 1}
    focused = scene.trade.keys()[scene.trade.focus]
    sent = scene.trade.action(focused)
    assert sent is not None and sent["type"] == suggested["type"]
    assert sent.get("give") == suggested.get("give")
    press(app, pygame.K_RETURN)  # Enter sends what the hint filled in
    assert scene.state.stack.top().kind != "reply"


def test_h_then_enter_plays_exactly_the_hinted_move_at_every_decision_of_a_game():
    """A player who leans on the hint: at every decision of a whole game (trades answered too),
    H then Enter (once the expert is done) makes the move the hint named; a hinted offer opens
    filled in and Enter sends it."""

    def plain(action: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in action.items() if k != "seat"}

    app, scene = make_table("human,bot:normal,bot:normal", seed=6)
    checked, given = 0, given_hints(scene)
    for _ in range(60000):
        if scene.rules.is_over(scene.state):
            break
        answering = scene.trade is not None and scene.trade.mode != "offer"
        if app.scenes.current is scene and (scene.panel is not None or answering):
            seat = scene.trade.seat if answering else scene.panel.seat
            expert = experts_move(scene.driver, seat) if checked < CHECKED_AGAINST_THE_EXPERT else None
            before = len(scene.driver.session.log)
            app.step(0.0, [])  # the table as the player sees it, drawn
            press(app, pygame.K_h)
            await_hint(app, scene, draw=False)
            assert given[-1][0] == seat
            wanted = given[-1][1]
            assert expert is None or same_move(wanted, expert), (wanted, expert)
            press(app, pygame.K_RETURN)
            if wanted["type"] == "offer":
                assert scene.trade is not None and scene.trade.mode == "offer"
                press(app, pygame.K_RETURN)  # the filled-in offer: Send has the focus
            made = [e.action for e in scene.driver.session.log[before:] if e.seat == seat]
            assert made, f"Enter after H made no move ({wanted})"
            assert plain(made[0]) == plain(wanted), (made[0], wanted)
            checked += 1
        # Bots' turns and animations go by undrawn: nothing is read from them.
        app.step(DT, [], draw=False)
    assert scene.rules.is_over(scene.state) and checked > 30


def test_either_card_that_can_save_is_offered_and_a_drop_on_the_threatened_pie_spends_that_one():
    """Issue 21 item 14: a Stroke of Genius! and a Saved it! in hand are both offered; the one
    dragged onto the threatened pie is the one spent."""
    genius, saved = find("genius"), find("saved")
    app, scene = make_table("human,bot:easy,bot:easy")
    state = scene.state
    for pile in (state.deck, *state.hands):
        pile[:] = [c for c in pile if c not in (genius, saved, SAB, B20, F10)]
    state.hands[0] = [genius, saved]
    state.working[0] = [{"id": state.next_pie, "cards": [[B20, "bottom", 0], [F10, "filling", 0]]}]
    state.next_pie += 1
    set_turn(scene, 1, [SAB], step="main")
    pie = state.working[0][0]["id"]
    assert scene.driver.session.submit(1, {"type": "sabotage", "card": SAB, "owner": 0, "pie": pie}).ok
    run_until(app, lambda: scene.panel is not None)
    app.step(DT, [])
    assert scene.panel.items == [
        ({"type": "save", "card": saved}, f"Save the pie with {card_label(saved)}"),
        ({"type": "save", "card": genius}, f"Save the pie with {card_label(genius)}"),
        ({"type": "pass"}, "Pass"),
    ]
    drag(app, zone(scene, "hand", genius).center, zone(scene, "pie", pie, 0).center)
    run_until(app, lambda: scene.top()["kind"] != "saved")
    assert state.kept[0] == [[genius, "saved"]] and state.hands[0] == [saved]
    assert [entry[0] for entry in state.working[0][0]["cards"]] == [B20, F10]


def test_the_window_after_a_card_comes_off_says_so():
    from pie_table.games.cheflebrity.ui.moves import prompt

    app, scene = make_table("human,bot:easy,bot:easy")
    set_turn(scene, 1, [T15], step="main", pies=[[(B5, "bottom"), (F10, "filling")]])
    state = scene.state
    assert flow.sabotage_window(state, flow.REMOVED, 1)
    scene.driver.rules.changed_by_hand(state)
    assert prompt(scene.driver.view(0), 0) == "Chef 2's pie lost a card. Sabotage! a rival's pie, or pass."
    state.stack.pop()
    assert flow.sabotage_window(state, flow.DRAWN, 1)
    scene.driver.rules.changed_by_hand(state)
    assert prompt(scene.driver.view(0), 0) == (
        "Chef 2 has drawn and could serve. Sabotage! a rival's pie, or pass."
    )


def _offered_a_trade(hand: list[int]) -> tuple[App, CheflebrityTableScene]:
    """Seat 0 (a human with `hand`) is offered a trade by seat 1 (a bot): the answer panel is open."""
    app, scene = make_table("human,bot:normal,bot:normal", seed=5)
    set_turn(scene, 1, [E10], step="main")
    state = scene.state
    for pile in (state.deck, state.leftovers, *state.hands[1:]):
        pile[:] = [c for c in pile if c not in hand]
    state.deck.extend(c for c in state.hands[0] if c not in hand)
    state.hands[0] = list(hand)
    scene.driver.rules.changed_by_hand(state)
    offer = {"type": "offer", "to": 0, "give": [E10], "claim": [{"kind": "filling"}],
             "want": [{"kind": "card"}]}
    assert scene.submit(offer, 1)
    run_until(app, lambda: scene.trade is not None)
    assert scene.trade.mode == "reply"
    return app, scene


def test_enter_after_enter_answers_a_trade_with_the_card_the_panel_shows_and_nothing_else():
    """The answer opens on the hand's first card (lit in the hand); Enter picks it and moves on to
    Answer, the next Enter sends it, honestly described. Never a stuck Answer, never a card unseen."""
    app, scene = _offered_a_trade([B5, T15, F10])
    trade = scene.trade
    press(app, pygame.K_RETURN)
    assert trade.picked == [B5] and trade.keys()[trade.focus] == "send"
    assert scene.state.stack.top().kind == "reply"  # picking is not answering
    press(app, pygame.K_RETURN)
    answer = scene.driver.session.log[-1]
    assert answer.seat == 0 and answer.action["type"] == "reply"
    assert answer.action["give"] == [B5] and answer.action["claim"] == [{"kind": "bottom", "quality": 5}]


def test_the_answer_opens_on_the_hands_first_card_lit_in_the_hand(monkeypatch: Any) -> None:
    from pie_table.games.cheflebrity.ui import table_look

    app, scene = _offered_a_trade([B5, T15, F10])
    trade = scene.trade
    assert trade.focused() == "card" and trade._value("card") == card_label(B5)
    assert trade._title("card") == "Hand over (Enter)"
    lit: list[set[int]] = []
    real = table_look.draw_hand
    monkeypatch.setattr(table_look, "draw_hand", lambda *a: lit.append(set(a[5])) or real(*a))
    app.step(DT, [])
    assert lit[-1] == {B5}  # the card Enter would pick is lit in the hand


def test_the_hand_row_walks_the_hand_and_a_number_key_pick_leads_to_answer_too():
    app, scene = _offered_a_trade([B5, T15, F10])
    trade = scene.trade
    press(app, pygame.K_RIGHT)
    assert trade._value("card") == card_label(T15) and trade.lit_cards() == {T15}
    press(app, pygame.K_3)  # the third card, picked by its number: the focus goes on to Answer
    assert trade.picked == [F10] and trade.focused() == "send"
    for _ in range(3):  # past Ask for instead and the card's claim
        press(app, pygame.K_UP)
    assert trade.focused() == "card" and trade._title("card") == "Picked (Enter: put back)"
    press(app, pygame.K_RETURN)  # Enter on a picked card puts it back
    assert trade.picked == [] and trade.focused() == "card"
    assert scene.state.stack.top().kind == "reply"


def test_with_no_card_to_hand_over_the_answer_opens_on_decline():
    app, scene = _offered_a_trade([])
    assert scene.trade.keys()[scene.trade.focus] == "decline"
    press(app, pygame.K_RETURN)
    assert scene.driver.session.log[-1].action["type"] == "decline"


class _Counters(TurnBot):
    """A bot that answers every offer with a counter-offer: its first card, for any card instead."""

    def act(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        replies = [a for a in legal if a["type"] == "reply"]
        if replies:
            return {**replies[0], "type": "counter", "want": [{"kind": "card"}]}
        return next((a for a in legal if a["type"] in ("pass", "end")), legal[0])


def test_enter_after_enter_hands_over_the_card_shown_when_a_counter_offer_comes_back():
    from pie_table.core.session import Session

    setup = GameSetup("cheflebrity", parse_seats("human,bot:normal,bot:normal"), {}, seed=4)
    app = App(size=(1280, 720), headless=True)
    bots = {1: _Counters(), 2: _Counters()}
    scene = open_table(CheflebrityTableScene, app, setup, Session(setup, bots=bots))
    scene.autosave.enabled = False
    app.scenes.push(scene)
    set_turn(scene, 0, [E10, B5], step="main")
    run_until(app, lambda: scene.panel is not None)
    offer = {"type": "offer", "to": 1, "give": [E10], "claim": [{"kind": "extras", "quality": 10}],
             "want": [{"kind": "card"}]}
    scene.panel.submit(offer)
    run_until(app, lambda: scene.trade is not None and scene.trade.mode == "counter")
    assert scene.trade.keys()[scene.trade.focus] == "card" and scene.trade._value("card") == card_label(B5)
    press(app, pygame.K_RETURN)
    assert scene.trade.picked == [B5] and scene.trade.keys()[scene.trade.focus] == "send"
    press(app, pygame.K_RETURN)
    answer = scene.driver.session.log[-1]
    assert answer.seat == 0 and answer.action["type"] == "accept" and answer.action["give"] == [B5]


def test_with_many_cards_picked_in_a_small_window_the_answer_buttons_stay_on_the_panel():
    """At 900x560 four picked cards leave no room for every row: rows above the focus give way,
    never Answer or Decline, and the focused row is always drawn."""
    app, scene = _offered_a_trade([B5, T15, F10, B20, SAB])
    app.scenes.on_resize((900, 560))
    for key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
        press(app, key)
    trade = scene.trade
    drawn = [row.key for row in trade.rows]
    assert len(drawn) < len(trade.keys())  # the room is really short
    assert drawn[-2:] == ["send", "decline"] and trade.focused() in drawn
    for _ in range(len(trade.keys())):  # walking the focus through every row shows each in turn
        press(app, pygame.K_DOWN)
        assert trade.focused() in [row.key for row in trade.rows]
