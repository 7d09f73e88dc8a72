"""The turn table's parts on their own, each handed only what it declares it needs: the pointer's
drag and drop given a game's `DropRules`, a reaction claim given the driver and two callbacks,
the session's choice of the seat shown; and the game tables built from them, one level deep."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from pie_table.core.driver import TableDriver
from pie_table.core.engine import Action
from pie_table.core.pacing import Pace
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.scenes.turn_table.claim import ReactionClaim
from pie_table.scenes.turn_table.drops import Drops, ZoneKey
from pie_table.scenes.turn_table.seat import TableSession
from tests.core.toy_game import BLOCK, INFO


@dataclass
class _Zone:
    kind: str
    value: int
    owner: int
    rect: pygame.Rect


@dataclass
class _Panel:
    seat: int


@dataclass
class _Rules:
    """A game's drag and drop with two cards in hand and one pile: card 1 goes on the pile."""

    zones: list[_Zone]
    panel: _Panel | None = field(default_factory=lambda: _Panel(0))
    pressable: tuple[str, ...] = ("hand",)
    sent: list[tuple[Action, int | None]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    clicked: list[int] = field(default_factory=list)
    meant: Action | None = None  # what `attempt` names for a drop no listed move makes

    def acting_seat(self) -> int | None:
        return self.panel.seat if self.panel is not None else None

    def legal(self, seat: int) -> list[Action]:
        return [{"type": "play", "card": 1}]

    def zones_of(self, action: Action) -> list[tuple[ZoneKey, ZoneKey]]:
        return [(("hand", action["card"], None), ("pile", None, None))]

    def zones_at(self, pos: tuple[int, int]) -> list[Any]:
        return [z for z in reversed(self.zones) if z.rect.collidepoint(pos)]

    def drop_zones(self, pos: tuple[int, int]) -> list[Any]:
        return self.zones_at(pos)

    def draggable(self, zone: Any, seat: int) -> bool:
        return bool(zone.kind == "hand")

    def dropped(self, found: list[Action], dragged: Any, target: Any, seat: int) -> None:
        self.sent.append((found[0], seat))

    def attempt(self, dragged: Any, under: list[Any], seat: int) -> Action | None:
        return self.meant

    def click(self, zone: Any) -> None:
        self.clicked.append(zone.value)

    def submit(self, action: Action, seat: int | None = None) -> bool:
        self.sent.append((action, seat))
        return True

    def refuse(self, text: str) -> None:
        self.refused.append(text)


def _rules() -> _Rules:
    return _Rules([_Zone("hand", 1, 0, pygame.Rect(0, 100, 40, 60)),
                   _Zone("hand", 2, 0, pygame.Rect(50, 100, 40, 60)),
                   _Zone("pile", 0, -1, pygame.Rect(200, 0, 60, 80))])


def _drag(drops: Drops, start: tuple[int, int], end: tuple[int, int]) -> None:
    drops.mouse(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    drops.mouse(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    drops.mouse(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def test_a_drag_lights_the_targets_of_its_legal_moves_and_a_drop_there_makes_the_move():
    rules = _rules()
    drops = Drops(rules)
    drops.mouse(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 120), button=1))
    drops.mouse(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 60), rel=(0, 0), buttons=(1, 0, 0)))
    assert drops.dragging() is rules.zones[0] and drops.targets() == {("pile", None, None)}
    drops.mouse(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(220, 40), button=1))
    assert rules.sent == [({"type": "play", "card": 1}, 0)] and drops.drag is None


def test_a_drop_that_makes_no_move_springs_back_with_a_reason_or_the_move_it_meant():
    rules = _rules()
    _drag(Drops(rules), (60, 120), (220, 40))  # card 2 has no move onto the pile
    assert rules.sent == [] and rules.refused == ["That card does not go there"]
    rules.meant = {"type": "play", "card": 2}  # the game names what was meant: the engine says why not
    _drag(Drops(rules), (60, 120), (220, 40))
    assert rules.sent == [({"type": "play", "card": 2}, 0)]


def test_a_press_released_in_place_is_a_click_and_nothing_drops_without_a_move_list():
    rules = _rules()
    _drag(Drops(rules), (10, 120), (12, 121))  # under the drag threshold: a click
    assert rules.clicked == [1] and rules.sent == []
    rules.panel = None  # no choices on screen: a press picks nothing up
    _drag(Drops(rules), (10, 120), (220, 40))
    assert rules.clicked == [1] and rules.sent == [] and rules.refused == []


def _toy(seats: str = "human:mouse,human:mouse,human:mouse,bot:normal") -> tuple[Session, TableDriver]:
    session = Session(GameSetup("toy", parse_seats(seats), {"reaction_seconds": 6}, None, 8), INFO)
    return session, TableDriver(session, pace=Pace(reaction=(1.0, 1.0)), pace_seed=1)


def test_a_claim_hands_the_screen_to_its_claimer_and_a_lost_one_folds_the_hand_away_with_news():
    session, driver = _toy()
    handed: list[int] = []
    told: list[str] = []
    claim = ReactionClaim(driver, session.humans, driver.gate, lambda s: f"Seat {s + 1}",
                          lambda decision: "Block", handed.append, told.append)
    card = next(c for c in session.state.hands[0] if c != BLOCK)
    assert session.submit(0, {"type": "play", "card": card}).ok  # a window opens for seats 1 and 2
    claim.window.update(0.0)
    assert claim.window.claim(2) and claim.claimed == 2 and handed == [2]
    driver.gate.confirm(2)
    driver.update(2.0)  # the bot answers; the claimer is still choosing
    driver.update(4.5)  # and runs out of time
    claim.window.update(0.0)
    assert (claim.claimed, told, driver.gate.viewer) == (None, ["Time ran out: no Block"], None)
    assert claim.take_news() == "Time ran out: no Block" and claim.take_news() == ""
    claim.claimed = 1
    claim.settle(window_open=True)
    assert claim.claimed == 1
    claim.settle(window_open=False)  # a claim ends with its window
    assert claim.claimed is None


def test_the_seat_shown_is_the_one_at_the_screen_the_spectators_or_the_one_a_replay_chose():
    session, driver = _toy("human:mouse,bot:normal,bot:normal")
    assert TableSession(driver, [0], watch=False, spectator=None).display_seat == 0
    _bots, bot_driver = _toy("bot:normal,bot:normal,bot:normal")
    assert TableSession(bot_driver, [], watch=False, spectator=None).display_seat is None
    assert TableSession(bot_driver, [], watch=False, spectator=0).display_seat == 0
    watched = TableSession(bot_driver, [], watch=True, spectator=0)
    assert watched.display_seat is None  # a replay shows whom its viewer chose, nobody at first
    watched.watch_seat = 2
    assert watched.display_seat == 2


def test_each_game_table_is_one_class_on_the_shared_table_not_a_chain_of_mixins():
    from pie_table.games.cheflebrity.ui.table_scene import CheflebrityTableScene
    from pie_table.games.pie_rats.ui.table_scene import PieRatsTableScene
    from pie_table.games.rats.ui.table_scene import RatsTableScene

    for table in (RatsTableScene, PieRatsTableScene, CheflebrityTableScene):
        ours = [c.__name__ for c in table.__mro__ if c.__module__.startswith("pie_table")]
        assert ours == [table.__name__, "TurnTable", "Scene", "GameTable",
                        "WatchedTable"]
