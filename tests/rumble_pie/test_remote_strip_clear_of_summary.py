"""Across machines the Rumble table draws a strip in the banner's place (at the host, the prompt
about an away seat; at a remote seat, "Waiting for the host…"); while the round summary is up that
strip goes clear of the summary's panel, whose team rows it used to cover."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pie_table.cli.headless_app import make_table
from pie_table.core.registry import get_game
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.ui.remote_badge import clear_of_summary


class _RoundOver(Exception):
    """The first round has ended: the summary is up."""


def _at_round_end(seats: str, size: tuple[int, int], teams: list[int] | None = None) -> tuple[Any, Any]:
    """A table of `seats` played without a screen up to its first round's end: (app, scene)."""
    setup = GameSetup("rumble-pie", parse_seats(seats), {}, teams, seed=5)
    app, scene = make_table(get_game("rumble-pie"), setup, size)

    def stop_at_round_end(_result: object) -> None:
        # The phase alone, read each tick (a whole table is built only where one is drawn).
        if scene.sim.session.view(None)["phase"] == "round_over":
            raise _RoundOver

    with pytest.raises(_RoundOver):
        scene.sim.fast_forward(until_round=2, on_result=stop_at_round_end)
    return app, scene


@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
@pytest.mark.parametrize("seats", [2, 6])
def test_the_strip_over_the_banner_leaves_the_round_summary_clear(size: tuple[int, int], seats: int) -> None:
    teams = [seat % 3 for seat in range(seats)] if seats == 6 else None  # three teams: a taller summary
    app, scene = _at_round_end(",".join(["bot:easy"] * seats), size, teams)
    scene.draw(app.screen)
    panel = scene.summary.panel
    assert panel is not None  # the summary is up
    banner = scene.geom.area("banner")
    assert banner.colliderect(panel)  # where the strip was drawn: over the summary
    band = clear_of_summary(banner, panel, scene.geom.area("play"))
    assert not band.colliderect(panel) and band.size == banner.size
    assert app.screen.get_rect().contains(band)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_the_summary_says_how_to_go_on_whole(size: tuple[int, int], language: str, monkeypatch) -> None:
    from pie_table.kit.i18n import _, set_language
    from tests.kit.text_probe import probe_screen, recording

    set_language(language)
    try:
        _app, scene = _at_round_end("human:keys1,bot:normal,bot:normal,bot:normal", size)
        with recording(monkeypatch) as drawn:
            scene.draw(probe_screen(size))
        prompt = _("Next round: Enter (pad: Start) or Go!")
        panel = scene.summary.panel
        assert panel is not None
        lines = [d.text for d in drawn if panel.collidepoint(d.where[:2]) and d.text and d.text in prompt]
        assert " ".join(lines) == prompt
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (760, 480)])
def test_the_summary_columns_never_run_into_each_other_in_spanish(size: tuple[int, int], monkeypatch) -> None:
    from pie_table.kit.i18n import _, set_language
    from tests.kit.text_probe import probe_screen, recording

    set_language("es")
    try:
        # 760x480: about the table's size in a replay.
        _app, scene = _at_round_end("bot:normal,bot:normal,bot:normal,bot:normal", size)
        with recording(monkeypatch) as drawn:
            scene.draw(probe_screen(size))
        panel = scene.summary.panel
        assert panel is not None
        heads = [_("Team"), _("KaPow!s"), _("Out!"), _("Total")]
        inside = [d for d in drawn if panel.contains(d.where)]
        names = [d for d in inside if d.text.startswith(("Equipo ", "Cereza", "Arándano"))]
        kapows = next(pygame.Rect(d.where) for d in inside if d.text == _("KaPow!s"))
        assert len(names) == 2 and all(pygame.Rect(d.where).right < kapows.left for d in names)
        rects = [next(pygame.Rect(d.where) for d in drawn if d.text == head and panel.contains(d.where))
                 for head in heads]
        for left, right in zip(rects, rects[1:], strict=False):
            assert left.right < right.left, (left, right)
    finally:
        set_language("en")
