"""A fifth game in a few lines, registered only in the tests: the core tests' toy engine and bot,
a table painted with plain rectangles, its words, and `zones_of` — all it takes to play on the real
shared turn-based table (scenes.turn_table): hand-offs, reaction claims, drag and drop, results."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from pie_table.core import registry
from pie_table.core.engine import Action
from pie_table.kit.move_panel import MovePanel, MoveWords
from pie_table.scenes.turn_table import TurnTable, ZoneKey
from tests.core.toy_game import INFO as TOY

GAME_ID = "tiny"
MODULE = "tests.scenes.tiny_game"


@dataclass
class Spot:
    """Something painted that a press or a drop can hit."""

    kind: str
    value: Any
    rect: pygame.Rect
    owner: int = -1


WORDS = MoveWords(
    label=lambda view, a: " ".join(str(a[k]) for k in ("type", "card") if k in a),
    prompt=lambda view, seat: "Play a card onto the pile, or pass",
    detail=lambda view, a: "",
    touches=lambda a, kind, value: a.get("card") == value,
    cards_of=lambda a: set(),
    pies_of=lambda a: set(),
)


class TinyTable(TurnTable):
    """The toy game on the shared table: a pile in the middle, the hand below, the moves at right."""

    game_id = GAME_ID

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def open_panel(self, seat: int, legal: list[Action]) -> None:
        view = self.driver.view(seat)
        self.panel = MovePanel(seat, legal, view, lambda a: self.submit(a, seat), None, WORDS)

    def handoff_look(self, seat: int, name: str) -> tuple[str, Any, Any]:
        return f"Only {name} should look now.", None, (200, 120, 60)

    def nothing_to_undo(self) -> str:
        return "Nothing to undo"

    def results_text(self, view: dict[str, Any]) -> tuple[str, list[str]]:
        return "The end", [f"Seat {seat + 1}: {score}" for seat, score in enumerate(view["scores"])]

    def round_of(self, view: dict[str, Any]) -> int:
        return int(view["turn"])

    def zones_of(self, action: Action) -> list[tuple[ZoneKey, ZoneKey]]:
        if action["type"] == "play":
            return [(("hand", action["card"], None), ("pile", 0, None))]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.fill((30, 80, 50))
        pile = pygame.Rect(width // 2 - 40, height // 3, 80, 110)
        lit = ("pile", 0, None) in self.drop_targets()
        pygame.draw.rect(surface, (250, 220, 90) if lit else (220, 200, 160), pile)
        self.zones = [Spot("pile", 0, pile)]
        for i, card in enumerate(self.view().get("hand") or []):
            rect = pygame.Rect(40 + i * 90, height - 140, 80, 110)
            pygame.draw.rect(surface, (240, 240, 230), rect)
            self.zones.append(Spot("hand", card, rect))
        if self.panel is not None:
            self.panel.draw(surface, pygame.Rect(width - 300, 20, 280, height - 40), 1.0, None, None)


def install() -> None:
    """The one registration: the toy engine and bots, with this table as its scene."""
    registry.register_game(replace(TOY, id=GAME_ID, title="Tiny", scene_factory=f"{MODULE}:TinyTable"))


def uninstall() -> None:
    """Take the tiny game out of the registry again."""
    registry._GAMES.pop(GAME_ID, None)
