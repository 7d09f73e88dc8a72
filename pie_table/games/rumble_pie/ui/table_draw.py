"""Composing a frame of the Rumble Pie table, plus the static facts (seat labels, legends) it shows."""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from pie_table.core.setup import GameSetup
from pie_table.games.rumble_pie.rules import TICK_HZ
from pie_table.games.rumble_pie.ui.legend import Legend, key_rows
from pie_table.games.rumble_pie.ui.table_view import CursorMark, SeatInfo
from pie_table.kit import palette as pal
from pie_table.kit.i18n import N_, _
from pie_table.scenes.seats import REMOTE


class TableParts(Protocol):
    """What composing a frame reads from the table scene (the scene imports this module, so the
    drawing names the parts it needs instead of importing the scene back)."""

    sim: Any
    geom: Any
    view: Any
    cards: Any
    effects: Any
    feedback: Any
    mouse: Any
    cursors: dict[str, Any]
    summary: Any
    names: list[str]
    watch: bool  # a replay: nobody here starts a round

Color = tuple[int, int, int]
_DEVICE_NAMES = {"keys1": "left keys", "keys2": "right keys", "mouse": "mouse"}
_MOUSE_LEGEND = [
    ("Drag", "card onto a pile: play"),
    ("Drag", "card to a column: move"),
    ("Drag", "middle card: move two"),
    ("Click", "deck: draw a card"),
    ("Drag", "deck to a column: draw"),
    ("Click", "empty deck: call Out!"),
]


def device_name(control: str) -> str:
    """'left keys', 'right keys', 'pad 1', 'mouse'."""
    if control.startswith("pad"):
        return _("pad {n}").format(n=control[3:])
    return _(_DEVICE_NAMES.get(control, control))


def seat_infos(setup: GameSetup, teams: list[int], names: list[str]) -> list[SeatInfo]:
    """Label facts per seat: name, team, who plays it, its colour."""
    infos = []
    for seat, spec in enumerate(setup.seats):
        if spec.level == REMOTE:
            control = kind = _("Remote")  # played from another machine
        elif spec.is_bot:
            control, kind = _("Bot · {level}").format(level=_(spec.level)), _("Bot")
        else:
            control, kind = _("Human · {control}").format(control=device_name(spec.control)), _("Human")
        color = pal.SEAT_COLORS[seat % len(pal.SEAT_COLORS)]
        infos.append(SeatInfo(names[seat], teams[seat], control, color, spec.is_bot, kind))
    return infos


# A replay's keys (`scenes/playback.py`): nobody plays, so the seats' keys would only mislead.
_REPLAY_LEGEND = [(N_("Space"), N_("play · pause")), ("← →", N_("one move")), ("↑ ↓", N_("speed")),
                  ("Esc", N_("close"))]


def legends(app: Any, setup: GameSetup, names: list[str], watch: bool = False,
            live: bool = False) -> list[Legend]:
    """Each human's keys, headed in their seat colour; one general line last. In a replay
    (`watch`), the replay's keys instead; watching a game as it is played (`live`), what that is."""
    if watch and live:
        return [Legend(_("Watching"), pal.GOLD, [("", _("live, in no seat")), ("", "Esc: " + _("menu"))])]
    if watch:
        # One line each, the keys leading: the keys column is too narrow for "Space" in a small window.
        return [Legend(_("Replay"), pal.GOLD, [("", f"{_(k)}: {_(v)}") for k, v in _REPLAY_LEGEND])]
    out: list[Legend] = []
    for seat, spec in enumerate(setup.seats):
        if spec.is_bot or spec.level == REMOTE:
            continue  # a remote seat's keys are on its own machine
        color = pal.SEAT_COLORS[seat % len(pal.SEAT_COLORS)]
        rows: list[tuple[str, str]]
        cells: dict[str, str]
        if spec.control == "mouse":
            rows, cells = [(_(k), _(v)) for k, v in _MOUSE_LEGEND], {}
        else:
            rows, cells = key_rows(app.input.key_labels(spec.control))
        header = f"{names[seat]} · {device_name(spec.control)}"
        out.append(Legend(header, color, rows, f"P{seat + 1}", cells))
    out.append(Legend(_("Everyone"), pal.GOLD, [("Esc · Enter", _("pause · start round"))]))
    return out


def status_lines(scene: TableParts) -> list[tuple[str, Color]]:
    """The status box: what phase we are in, then the latest flash (refusal, freeze)."""
    state = scene.sim.table()
    phase = state.phase
    lines: list[tuple[str, Color]] = []
    if phase == "ready":
        lines.append((_("Waiting for Go!"), pal.GOLD))
    elif phase == "countdown":
        lines.append((_("Get ready… {n}").format(n=max(1, -(-state.phase_ticks // TICK_HZ))), pal.GOLD))
    elif phase == "play":
        lines.append((_("Round {n}: everyone plays!").format(n=state.round), pal.CREAM))
    elif phase == "kapow_pause":
        lines.append((_("KaPow! pause…"), pal.GOLD))
    elif phase == "round_over":
        lines.append((_("Round {n} over").format(n=state.round), pal.GOLD))
    else:
        lines.append((_("Game over"), pal.GOLD))
    flash = scene.feedback.flash
    # The reminder of an earlier freeze gives way while the freeze's own message is showing.
    if state.columns_allowed > 3 and phase == "play" and not scene.feedback.freeze_showing():
        lines.append((_("Four columns until the round ends"), pal.HIGHLIGHT))
    if flash is not None:
        text, color, _left = flash
        lines.append((text, color))
    return lines


def banner_for(scene: TableParts) -> tuple[str, str, str]:
    """(big text, small text, button) for the centre strip."""
    state = scene.sim.table()
    humans = scene.sim.has_humans
    if state.phase == "ready":
        if scene.watch:
            return "Rumble Pie!", _("Waiting for Go!"), ""
        if humans:
            return "Rumble Pie!", _("Press Enter (pad: Start) or click Go! to start"), _("Go!")
        return "Rumble Pie!", _("The bots are about to start…"), ""
    if state.phase == "countdown":
        # The engine's countdown events set the number; after a skip_to the state stands in for them.
        seconds_left = max(1, -(-state.phase_ticks // TICK_HZ))
        number = scene.feedback.banner[0] if scene.feedback.banner else str(seconds_left)
        return number, _("Get ready…"), ""
    if scene.feedback.banner is not None:
        return scene.feedback.banner[0], "", ""
    return "", "", ""


def cursor_marks(scene: TableParts) -> list[CursorMark]:
    """Where each keyboard/pad human's selection and target are, in window pixels."""
    state, geom = scene.sim.table(), scene.geom
    marks, aimed = [], set()
    for device, cursor in scene.cursors.items():
        seat, player = cursor.seat, state.players[cursor.seat]
        source = None
        if player.hand is not None:
            source = geom.hand_rect(seat)
        elif cursor.column < state.columns_allowed:
            rows = len(player.columns[cursor.column]) if cursor.column < len(player.columns) else 0
            source = geom.column_card_rect(seat, cursor.column, max(0, rows - 1))
        target = None
        if cursor.target is not None:
            board, face = cursor.target
            size = len(state.boards[board][face].cards)
            target = geom.pile_card_rect(board, face, max(0, size - 1), max(1, size))
        slot = 1 if cursor.target in aimed else 0
        aimed.add(cursor.target)
        tag = f"P{seat + 1} {device_name(device)}"
        color = pal.SEAT_COLORS[seat % len(pal.SEAT_COLORS)]
        marks.append(CursorMark(seat, tag, color, source, target, slot))
    return marks


def draw_table(scene: TableParts, surface: pygame.Surface) -> None:
    """One frame: background, decks, cards, cursors, panels, banner, shake, effects, drag, summary."""
    state, view = scene.sim.table(), scene.view
    surface.blit(view.background(state.columns_allowed), (0, 0))
    view.draw_decks(surface, state)
    drag = scene.mouse.drag if scene.mouse is not None else None
    scene.cards.draw(surface, (0, 0), set(drag.cards) if drag else set())
    view.draw_clearing(surface, state)
    if drag is not None:
        view.draw_targets(surface, state, drag.targets)
    view.draw_cursors(surface, cursor_marks(scene))
    for seat, (text, _left) in scene.feedback.notices.items():
        view.draw_notice(surface, seat, text)
    view.draw_scores(surface, state)
    view.draw_status(surface, status_lines(scene))
    view.draw_log(surface, list(scene.feedback.log))
    title, sub, button = banner_for(scene)
    view.draw_banner(surface, title, sub, button if state.phase == "ready" else "")
    dx, dy = scene.effects.shake_offset()
    if dx or dy:
        surface.scroll(dx, dy)
    scene.effects.draw(surface)
    if drag is not None:
        _draw_drag(scene, surface, drag)
    _draw_summary(scene, surface)


def _draw_drag(scene: TableParts, surface: pygame.Surface, drag: Any) -> None:
    """The cards in the mouse's hand (or a deck card), drawn above everything on the table."""
    x, y = drag.topleft
    if not drag.cards:
        w, h = scene.geom.card_size
        from pie_table.kit import art

        surface.blit(art.card_back(pal.SEAT_COLORS[scene.mouse.seat % len(pal.SEAT_COLORS)], w, h), (x, y))
        return
    step = scene.geom.column_card_rect(0, 0, 1).y - scene.geom.column_card_rect(0, 0, 0).y
    for i, card in enumerate(drag.cards):
        image = scene.cards.card_surface(card)
        if image is not None:
            surface.blit(image, (x, y + i * step))


def _draw_summary(scene: TableParts, surface: pygame.Surface) -> None:
    """Between rounds and at the end: the summary panel over the table."""
    state = scene.sim.table()
    scene.summary.go_button = scene.summary.panel = None
    if state.phase not in ("round_over", "game_over") or not state.history:
        return
    humans = scene.sim.has_humans and not scene.watch  # (in a replay the next round just comes)
    prompt = _("Next round: Enter (pad: Start) or Go!") if humans else _("Next round starts shortly…")
    if state.phase == "game_over":
        prompt = _("And the winner is…")
    scene.summary.draw(surface, scene.view, state, scene.names, prompt, humans)
