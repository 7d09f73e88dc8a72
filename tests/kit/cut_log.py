"""Every text a table cut with an ellipsis while drawing, and which of them lost a name.

Cuts all go through kit.fonts.fit; it is wrapped wherever a module holds it, and the caches of
fitted images are emptied first, so every label of the frames drawn is fitted (and logged) anew.
A cut counts against the table when the words it hid held the name of a card, a pie, a rat, a
Captain or a chef: those are what a player reads a label for."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from pie_table.kit import fonts
from pie_table.kit.i18n import set_language
from tests.kit.text_probe import clear_caches

Cut = tuple[str, str, str]  # (the whole text, what was shown, the module that drew it)
_PLUMBING = ("pie_table.kit.fonts", "pie_table.kit.text", __name__)


@contextmanager
def logging_cuts(monkeypatch) -> Iterator[list[Cut]]:  # type: ignore[no-untyped-def]
    """Within the block, every (text, shown) that fonts.fit had to cut is appended to the list."""
    original = fonts.fit
    cuts: list[Cut] = []

    def fit(text, size, max_w, face="sans", floor=0):  # type: ignore[no-untyped-def]
        shown, fitted = original(text, size, max_w, face, floor)
        if shown != text:
            cuts.append((str(text), shown, _drawer()))
        return shown, fitted

    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if name.startswith("pie_table") and getattr(module, "fit", None) is original:
            monkeypatch.setattr(module, "fit", fit)
        if name.startswith("pie_table") and getattr(module, "fit_font", None) is original:
            monkeypatch.setattr(module, "fit_font", fit)
    monkeypatch.setattr(fonts, "fit", fit)
    clear_caches()
    try:
        yield cuts
    finally:
        clear_caches()


def _drawer() -> str:
    """The module that asked for the text to be fitted."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_globals.get("__name__", "") in _PLUMBING:
        frame = frame.f_back  # type: ignore[assignment]
    return frame.f_globals.get("__name__", "?") if frame is not None else "?"


def names_in(game: str) -> set[str]:
    """Every name a label of `game` may hold, in the language set now."""
    if game == "pie-rats":
        from pie_table.games.pie_rats.deck import CARDS, DECK, PIES
        from pie_table.games.pie_rats.ui import names

        cards = {names.card_label(c) for c in range(len(CARDS))}
        pies = {names.pie_label(p) for p in range(len(PIES))}
        return cards | pies | {names.captain_title(c) for c in range(len(DECK.captains))}
    if game == "cheflebrity":
        from pie_table.games.cheflebrity.deck import CARDS as CHEF_CARDS
        from pie_table.games.cheflebrity.ui import names as chef_names

        chefs = {chef_names.chef_label(seat) for seat in range(6)}
        return {chef_names.card_label(c) for c in range(len(CHEF_CARDS))} | chefs
    if game == "rats":
        from pie_table.games.rats.ui.labels import rat_name

        return {rat_name(seat) for seat in range(6)}
    if game == "rumble-pie":
        from pie_table.kit import palette as pal
        from pie_table.kit.i18n import _

        chefs = {"Shorty", "Sylvie", "Pierre"}  # the chefs' names, the same in every language
        players = {_("Player {n}").format(n=seat + 1) for seat in range(6)}
        return chefs | players | {pal.team_name(team) for team in range(3)}
    return set()


def lost_names(cuts: Iterable[Cut], names: set[str]) -> set[str]:
    """The cut texts whose cut hid (part of) a name they held."""
    return {text for text, shown, _where in cuts if any(n in text and n not in shown for n in names)}


def table_cuts(monkeypatch, game: str, seats: str, size: tuple[int, int], lang: str,  # type: ignore[no-untyped-def]
               rounds: Iterable[int], asked: int = 3, percent: int = 100) -> list[Cut]:
    """The cuts while `game` is drawn at `size` in `lang`, with the interface at `percent`%: at the
    start of each of `rounds`, and at the next `asked` times the screen's seat is asked to move
    (its move list on show)."""
    from pie_table.cli.game_args import build_setup
    from pie_table.cli.headless_app import make_table
    from pie_table.cli.main import build_parser

    set_language(lang)
    try:
        with logging_cuts(monkeypatch) as cuts:
            for turn in rounds:
                words = ["screenshot", game, "--seats", seats, "--seed", "3", "--out", "x"]
                args = build_parser().parse_args(words)
                info, setup = build_setup(args)
                app, scene = make_table(info, setup, size, percent)
                scene.skip_to(at=None, turn=turn)
                app.step(0.0)
                _play_to_asked(app, scene, asked)
        return cuts
    finally:
        set_language("en")


def _play_to_asked(app, scene, times: int) -> None:  # type: ignore[no-untyped-def]
    """Let the table play on, drawing a frame each time seat 0 is asked, `times` times."""
    driver = scene.driver
    for _ in range(400):
        if times <= 0 or driver.is_over():
            return
        actors = driver.to_act()
        if not actors:
            driver.update(0.05)
            app.step(0.05)
            continue
        actor = actors[0]
        if actor == 0:
            app.step(0.0)
            app.step(0.0)
            times -= 1
        scene.submit(driver.autoplay_action(actor), actor)
        app.step(0.0)
