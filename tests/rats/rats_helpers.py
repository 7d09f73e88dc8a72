"""Shared set-ups for the RATS tests: tables placed at an exact moment of a game."""

from __future__ import annotations

import copy
from typing import Any

from pie_table.core.decisions import DecisionStack
from pie_table.games.rats.flow import advance
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import SUPPLIES, RatsState, Sheet
from tests import told


def said(state: RatsState) -> list[dict[str, Any]]:
    """The public events of `state` so far, as the helpers filed them."""
    return told.said(state)


def _file(state: RatsState, events: list[dict[str, Any]]) -> None:
    told.file(state, events)


def start(seats: int, seed: int, options: dict[str, Any] | None = None) -> RatsState:
    """A new game, with what was said at its start filed."""
    state, events = RULES.new_game(seats, seed, options)
    _file(state, events)
    return state


def table(
    supplies: list[list[int]],
    host: int = 0,
    stage: str = "outdo",
    turn: int = 2,
    goals: list[int] | None = None,
    vocations: list[str | None] | None = None,
    seed: int = 1,
    sheets: list[Sheet] | None = None,
    dice: list[int] | None = None,
    run: bool = True,
) -> RatsState:
    """A game at the start of `stage` with the given supplies (sheet order) and Host."""
    seats = len(supplies)
    state = RULES.new_state(seats, seed, {"vocations": vocations is not None})
    state.stack = DecisionStack()
    state.sheets = sheets if sheets is not None else [Sheet(list(s)) for s in supplies]
    state.vocations = list(vocations) if vocations else [None] * seats
    state.host = host
    state.turn = turn
    state.goals = list(goals if goals is not None else [2, 3][: max(0, turn)])
    state.stage = stage
    state.supply_index = 0
    state.dice = list(dice or [])
    told.forget(state)
    if run:
        go(state)
    return state


def go(state: RatsState) -> None:
    """Run the automatic stages, filing public events in the log."""
    events: list[dict[str, Any]] = []
    advance(state, events)
    _file(state, events)


def act(state: RatsState, seat: int, kind: str, **data: Any) -> list[dict[str, Any]]:
    """Apply one action for `seat`, filing what was said aloud."""
    events = RULES.apply(state, {"type": kind, "seat": seat, **data})
    _file(state, events)
    return events


def texts(state: RatsState) -> list[str]:
    """The public log as plain sentences."""
    return [str(e["text"]) for e in said(state)]


def peek_dice(state: RatsState) -> list[int]:
    """The two dice the state's rng will roll next (without disturbing it)."""
    rng = copy.deepcopy(state.rng)
    return [rng.randint(1, 6), rng.randint(1, 6)]


def supply(name: str) -> int:
    """Index of a supply by its short name."""
    return SUPPLIES.index(name)


def snapshot(state: RatsState) -> dict[str, Any]:
    """The full JSON of the state, for unchanged-state checks."""
    return RULES.to_json(state)


def opening_frames(monkeypatch, size: tuple[int, int], percent: int) -> tuple[list[Any], Any]:  # type: ignore[no-untyped-def]
    """Every text a three-rat table (a human and two bots) draws in its first two frames at `size`
    and `percent`%, and the table scene."""
    from pie_table.cli.game_args import build_setup
    from pie_table.cli.headless_app import make_table
    from pie_table.cli.main import build_parser
    from tests.kit.text_probe import recording, watch

    words = ["screenshot", "rats", "--seats", "human,bot:easy,bot:normal", "--seed", "3", "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    with recording(monkeypatch) as drawn:
        app, scene = make_table(info, setup, size, percent)
        watch(app)
        app.step(0.0)
        app.step(0.0)
    return list(drawn), scene


def request_table(size: tuple[int, int], percent: int, seats: int = 6, seed: int = 3) -> tuple[Any, Any]:
    """A headless table of a person and `seats - 1` bots at `percent`%, played on (the person
    taking the cocktail swords where offered, else a seeded pick) until the person's panel is
    the sword request form: the app and the table scene."""
    import random

    from pie_table.cli.game_args import build_setup
    from pie_table.cli.headless_app import make_table
    from pie_table.cli.main import build_parser

    spec = ",".join(["human"] + ["bot:normal"] * (seats - 1))
    words = ["screenshot", "rats", "--seats", spec, "--seed", str(seed), "--out", "x"]
    info, setup = build_setup(build_parser().parse_args(words))
    app, scene = make_table(info, setup, size, percent)
    rng = random.Random(seed)
    for _ in range(4000):
        app.step(0.25)
        panel = scene.panel
        if panel is not None and panel.kind == "request":
            app.step(0.0)
            return app, scene
        if panel is not None:
            swords = [a for a in panel.legal if "sword" in str(a)]
            panel.choose(swords[0] if swords else rng.choice(list(panel.legal)))
    raise AssertionError("the person was never asked a sword request")
