"""A reaction countdown on a shared screen keeps every React! button whole and inside its box: a
long Captain's name takes two lines rather than an ellipsis, and where the moves box is too short
for the buttons (900x560 at 200%) the box grows down over the log instead of letting them spill
onto its lines."""

from __future__ import annotations

import pygame
import pytest

from pie_table.cli.game_args import build_setup
from pie_table.cli.headless_app import make_table
from pie_table.cli.main import build_parser
from pie_table.games.cheflebrity.ui.table_look import banner as chef_banner
from pie_table.games.pie_rats.ui.table_look import banner as rats_banner
from pie_table.kit.i18n import _, set_language
from pie_table.scenes.turn_table.look import reaction_box
from tests.kit.cut_log import logging_cuts
from tests.kit.table_texts import sized_home  # noqa: F401 - the fixture

_SEATS = {"pie-rats": "human:hotseat,human:hotseat,bot:normal,bot:hard",
          "cheflebrity": "human:hotseat,human:hotseat,bot:normal"}


pytestmark = pytest.mark.usefixtures("sized_home")  # a home of its own; English at 100% after


def _open_window(game: str, size: tuple[int, int], percent: int):  # type: ignore[no-untyped-def]
    """The table at the first reaction window asked of a human, seed 3, a few frames on."""
    words = ["screenshot", game, "--seats", _SEATS[game], "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    app, table = make_table(info, setup, size, percent)

    def open_for_a_human() -> bool:
        return table.is_window(table.top()) and any(s in table.humans for s in table.session.to_act())

    table.autoplay = True
    table.driver.skip_to(until=open_for_a_human)
    table.autoplay = False
    table.snap()
    assert open_for_a_human()
    for _frame in range(3):
        app.step(0.05, [])
    return app, table


@pytest.mark.parametrize(("game", "size", "percent", "lang"), [
    ("pie-rats", (900, 560), 100, "en"),  # "React! Captain Crumbbe…" had been cut
    ("pie-rats", (900, 560), 100, "es"),
    ("pie-rats", (900, 560), 200, "es"),  # the second button had been drawn over the log
    ("cheflebrity", (900, 560), 200, "es"),
    ("pie-rats", (1280, 720), 200, "en"),
])
def test_every_react_button_is_whole_and_inside_the_countdowns_box(monkeypatch, game, size, percent, lang):
    set_language(lang)
    with logging_cuts(monkeypatch) as cuts:
        app, table = _open_window(game, size, percent)
        cuts.clear()
        app.step(0.0, [])
    buttons = table.reaction.buttons
    assert buttons  # (a human who played the card is not asked)
    react = _("React! {seat}").split("{")[0]
    assert [shown for _text, shown, _where in cuts if shown.startswith(react)] == []
    said = (rats_banner if game == "pie-rats" else chef_banner)(table, table.public())
    box = reaction_box(table, said, table.layout.panel_scale)
    window = pygame.Rect((0, 0), size)
    for rect, _seat in buttons:
        assert box.contains(rect) and window.contains(rect), (rect, box)
    if box != table.layout.moves:  # grown: the log's lines are covered, not drawn through
        assert box.bottom == table.layout.log.bottom
