"""Where everything sits on the RATS table for a window size, and the drawing of its public parts.

Every function here draws from a view dict (`RULES.view(state, seat)`), never from the game state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from pie_table.core.messages import SeatName
from pie_table.games.rats import speech
from pie_table.games.rats.state import GOAL_NAMES, TURNS, VOCATIONS
from pie_table.games.rats.ui.choices import least_height
from pie_table.games.rats.ui.labels import goal_hint, goal_name, rat_name, stage_text
from pie_table.games.rats.ui.sheet_view import RatCard, card_name_and_who, paper, who_fits, who_lines
from pie_table.kit import palette as pal
from pie_table.kit.fonts import fits, font, min_readable
from pie_table.kit.i18n import _, event_text, ngettext, tr
from pie_table.kit.log_panel import LogScroll
from pie_table.kit.log_panel import draw_log as draw_log_panel
from pie_table.kit.text import design_scale, fit_lines, fit_text, ui_scale, wrap_text

# Log lines worth putting on a rat's card as "what it last said".
_SPEECH = frozenset({"afraid", "rats", "request", "handover", "refused", "vocation", "coin"})

# The room, in pixels at scale 1, the RATS table still lays out in: a larger interface size grows
# it until only this much is left (the goal notes give way first, the sheet keeps every row).
_ROOM = (960, 540)


@dataclass
class TableLayout:
    """Rects of every table region for one window size."""

    size: tuple[int, int] = (1280, 720)
    scale: float = 1.0
    top: pygame.Rect = field(default_factory=pygame.Rect)
    goals: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)
    cards: list[pygame.Rect] = field(default_factory=list)
    tray: pygame.Rect = field(default_factory=pygame.Rect)
    panel: pygame.Rect = field(default_factory=pygame.Rect)
    sheet: pygame.Rect = field(default_factory=pygame.Rect)
    stage: pygame.Rect = field(default_factory=pygame.Rect)
    ceremony: pygame.Rect = field(default_factory=pygame.Rect)


def compute_layout(size: tuple[int, int], seats: int) -> TableLayout:
    """Split the window: goals and log left; rats, dice and choices in the middle; the sheet right.

    A grown interface draws only as large as leaves the choice panel its question and a row of
    buttons under the grown rat cards: six Spanish cards at 1920x1080 and 150% took all but 182
    px of the 256 it needs, and "Tirar los dados" shrank to a sliver. The scale steps back, never
    below 100%'s, until the panel fits."""
    least = design_scale(size)
    s = ui_scale(size, _ROOM)
    lay = _layout_at(size, seats, s)
    while lay.panel.h < least_height(s) and s > least:
        s = max(least, (math.ceil(s * 100) - 1) / 100)  # whole hundredths: every percent meets the same steps
        lay = _layout_at(size, seats, s)
    return lay


def _layout_at(size: tuple[int, int], seats: int, s: float) -> TableLayout:
    """compute_layout at scale `s`."""
    w, h = size
    m = int(10 * s)
    top = pygame.Rect(0, 0, w, int(44 * s))
    # The goals column is wide enough for the longest goal hint whole (within reason).
    hints = max(font(max(min_readable(), int(12 * s))).size(goal_hint(g))[0] for g in GOAL_NAMES)
    left_w = min(max(int(w * 0.21), hints + int(48 * s)), int(w * 0.27))
    right_w = int(w * 0.31)
    body_y = top.bottom + m
    # Each goal takes two lines, its name and its hint, in readable type; the log takes the rest.
    # Grown, the goals keep the room their two lines need at 100% (draw_goals shrinks them to
    # it rather than drop the hints), taking it from the log.
    body = h - body_y
    goals_h = min(_goals_height(s, s), max(int(body * 0.68), min(_goals_height(s, design_scale(size)),
                                                                  int(body * 0.75))))
    if s > design_scale(size):
        # Grown, the goals' names and hints grow too, as far as the log keeps its title and three
        # lines (it scrolls back; the goals have no other place to be read).
        goals_h = max(goals_h, min(_goals_height(s, s), body - 2 * m - _log_least(s)))
    goals = pygame.Rect(m, body_y, left_w, goals_h)
    log = pygame.Rect(m, goals.bottom + m, left_w, h - goals.bottom - 2 * m)
    sheet = pygame.Rect(w - right_w - m, body_y, right_w, h - body_y - m)
    centre = pygame.Rect(goals.right + m, body_y, sheet.x - goals.right - 2 * m, h - body_y - m)
    per_row = 3 if seats > 2 else 2
    rows = -(-seats // per_row)
    card_w = (centre.w - (per_row - 1) * m) // per_row
    # A rat's card holds what it last said whole, on more lines, as far as the dice tray and the
    # choice panel under the cards keep the least they need (a grown card always takes them).
    spare = (centre.h - rows * m - _tray_least(s) - m - 10 - least_height(s) - 5) // rows
    card_h = max(int(70 * s), min(_grown_card_h(card_w, s), spare))
    if s > design_scale(size):
        card_h = _grown_card_h(card_w, s)
    cards = [pygame.Rect(centre.x + (i % per_row) * (card_w + m), centre.y + (i // per_row) * (card_h + m),
                         card_w, card_h) for i in range(seats)]
    cards_bottom = centre.y + rows * (card_h + m)
    free = centre.bottom - cards_bottom
    # The dice tray takes half of what the rats leave, but never the room the choice panel under
    # it needs for a question and its buttons: it becomes a strip, the dice beside their caption.
    tray_h = max(min(int(180 * s), free // 2, free - m - 10 - least_height(s)), _tray_least(s))
    tray = pygame.Rect(centre.x + 5, cards_bottom + 5, centre.w - 10, tray_h)
    panel = pygame.Rect(centre.x, tray.bottom + m + 5, centre.w, centre.bottom - tray.bottom - m - 5)
    ceremony = pygame.Rect(centre.x, body_y, sheet.right - centre.x, h - body_y - m)
    return TableLayout(size, s, top, goals, log, cards, tray, panel, sheet, centre, ceremony)


def _tray_least(s: float) -> int:
    """The dice tray's least height: a strip of dice beside two lines of their caption at its size
    (on one line "3 espadas de cóctel o 1 paja." shrank below its size at 100%)."""
    return 2 * font(int(22 * s), "bold").get_linesize() + 8


def _grown_card_h(card_w: int, s: float) -> int:
    """A grown rat card's height: its portrait, or its name and who it is (on two lines where the
    viewer's " (you)" moves down beside it), over what its rat says (_speech_lines)."""
    pad, said = int(6 * s), font(max(min_readable(), int(13 * s)))
    portrait = int(40 * s)
    words = max(portrait + int(4 * s), _who_height(card_w, s, said))
    lines = _speech_lines(card_w - 2 * pad, said)
    # (never shorter than a card with its speech's second line, as every grown card had)
    return max(int(70 * s) + said.get_linesize() + int(4 * s), 2 * pad + words + lines * said.get_linesize())


def _who_height(card_w: int, s: float, said: pygame.font.Font) -> int:
    """How far down a grown card its name and longest who-line reach (the Host at the screen with
    any vocation), as draw_rat_card places them: beside the portrait, or under it across the card
    where a word is too wide beside it."""
    pad, portrait, size, line = int(6 * s), int(40 * s), _said_size(s), said.size("Ag")[1]
    beside = card_w - 3 * pad - portrait
    most = 0
    for vocation in (None, *VOCATIONS):
        _name, sub = card_name_and_who(RatCard(0, vocation=vocation, is_host=True, is_viewer=True), beside, s)
        lines = who_lines(sub, size, beside)
        if who_fits(lines, size, beside):
            most = max(most, int(20 * s) + len(lines) * line + 2)
        else:
            most = max(most, portrait + int(4 * s) + len(who_lines(sub, size, card_w - 2 * pad)) * line + 2)
    return most


def _said_size(s: float) -> int:
    """The size of a rat card's who-line and what it says (draw_rat_card)."""
    return max(min_readable(), int(13 * s))


def _speech_lines(width: int, fnt: pygame.font.Font) -> int:
    """How many lines a grown rat card gives what its rat says: two, or as many as the longest
    thing a rat says takes in the language shown (a request for "all of your cocktail swords"
    takes five in Spanish on 1280x720 at 200%), so none is cut."""
    rat = rat_name(0)
    said = (tr(line).removeprefix(rat + ": ") for line in speech.longest())
    return max(2, max(len(wrap_text(f"“{text}”", fnt, width)) for text in said))


def draw_felt(surface: pygame.Surface) -> None:
    """The table cloth under everything."""
    surface.fill(pal.FELT_DARK)


def top_bar_wood(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The top bar's plank (a backdrop may hold it)."""
    pygame.draw.rect(surface, pal.bar_wood(), rect)
    pygame.draw.line(surface, pal.WOOD_DARK, rect.bottomleft, rect.bottomright, 3)


def draw_top_bar(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], scale: float,
                 banner: str, painted: bool = False, names: SeatName = rat_name) -> None:
    """Ship name, turn counter, where the game is, and who the table waits for (`painted`: the
    plank is on the backdrop already)."""
    if not painted:
        top_bar_wood(surface, rect)
    pad = int(12 * scale)
    ship = fit_text(_("Aboard {ship}").format(ship=view.get("ship", "")), int(22 * scale), rect.w // 3,
                    pal.CREAM, "title")
    surface.blit(ship, ship.get_rect(midleft=(rect.x + pad, rect.centery)))
    turn = max(1, view.get("turn", 0))
    info = _("Turn {n} of {total}").format(n=turn, total=TURNS) + "  ·  " + stage_text(view, names)
    mid_right = rect.centerx
    if banner:
        mid = _bar_words(banner, int(18 * scale), rect.w // 3 - pad, pal.HIGHLIGHT)
        surface.blit(mid, mid.get_rect(center=rect.center))
        mid_right += mid.get_width() // 2
    # The turn and the stage take what the banner leaves them, on two lines when one would cut.
    room = max(rect.w // 3, rect.right - pad - (mid_right + pad))
    right = _bar_words(info, int(18 * scale), room, pal.CREAM)
    surface.blit(right, right.get_rect(midright=(rect.right - pad, rect.centery)))


def _bar_words(text: str, size: int, room: int, color: tuple[int, int, int]) -> pygame.Surface:
    """`text` on one line at `size` within `room`, or else on two of a smaller size (the bar holds
    two), whole rather than cut."""
    if fits(text, size, room, "bold"):
        return fit_text(text, size, room, color, "bold")
    return fit_lines(text, int(size * 0.8), room, color, "bold", most=2)


def _log_least(scale: float) -> int:
    """How tall the log is with its title and three lines at `scale` (as draw_log lays them)."""
    title = font(max(min_readable(), int(18 * scale)), "title").get_height()
    line = font(max(min_readable(), int(14 * scale))).get_linesize()
    return 2 * int(8 * scale) + title + int(4 * scale) + 3 * line


def _goals_height(scale: float, rows: float) -> int:
    """The goals' height at `scale` with each row its name over its hint at scale `rows`."""
    lines = font(max(min_readable(), int(16 * rows))).get_linesize() + \
        font(max(min_readable(), int(12 * rows))).get_linesize()
    return int(52 * scale) + len(GOAL_NAMES) * lines  # 52: the title and the pads


def draw_goals(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], scale: float,
               least: float | None = None) -> None:
    """Banquet goals 2-12; circled ones are ringed, the newest in cherry. `least`: the scale the
    rows may shrink to (the interface's 100%) to keep each goal's hint under its name."""
    paper(surface, rect, scale)
    pad = int(8 * scale)
    head = fit_text(_("Banquet goals"), int(20 * scale), rect.w - 2 * pad, pal.INK, "title")
    surface.blit(head, (rect.x + pad, rect.y + pad))
    circled = list(view.get("goals", []))
    top = rect.y + pad + head.get_height() + int(4 * scale)
    row_h = (rect.bottom - pad // 2 - top) // len(GOAL_NAMES)  # the last hint's descent is margin enough
    for i, goal in enumerate(sorted(GOAL_NAMES)):
        row = pygame.Rect(rect.x + pad, top + i * row_h, rect.w - 2 * pad, row_h)
        _goal_row(surface, row, goal, circled, scale, scale if least is None else least)


def _row_sizes(row_h: int, scale: float, least: float) -> tuple[int, int, bool]:
    """(name size, hint size, on two lines) of a goal row: the name over its hint at the largest
    scale from `scale` down to `least` at which both fit the row, else one line at `scale` (a
    grown interface would otherwise lose every goal's hint). Grown, both are first kept a pixel
    larger than at `least` (a hint on the text floor would otherwise stay there)."""
    steps = 8

    def sizes(t: float) -> tuple[int, int]:
        return max(min_readable(), int(min(16 * t, row_h * 0.7))), max(min_readable(), int(12 * t))

    base = sizes(least)
    for grown in (scale > least, False):
        for k in range(steps + 1):
            size, hint_size = sizes(scale - (scale - least) * k / steps)
            if grown:
                size, hint_size = max(size, base[0] + 1), max(hint_size, base[1] + 1)
            if row_h >= font(size).get_linesize() + font(hint_size).get_linesize():
                return size, hint_size, True
    return max(min_readable(), int(min(16 * scale, row_h * 0.7))), max(min_readable(), int(12 * scale)), False


def _goal_row(surface: pygame.Surface, row: pygame.Rect, goal: int, circled: list[int], scale: float,
              least: float) -> None:
    on = goal in circled
    newest = bool(circled) and circled[-1] == goal
    ink = pal.INK if on else pal.soft_ink()
    face = "bold" if on else "sans"
    size, hint_size, two_lines = _row_sizes(row.h, scale, least)
    name_y = row.y + font(size).get_linesize() // 2 if two_lines else row.centery
    num = fit_text(str(goal), int(min(18 * scale, row.h * 0.75)), int(30 * scale), ink, "bold")
    centre = (row.x + int(14 * scale), name_y)
    surface.blit(num, num.get_rect(center=centre))
    if on:
        ring = pal.CHERRY if newest else pal.INK
        pygame.draw.circle(surface, ring, centre, max(6, int(min(13 * scale, row.h * 0.5))), 2)
    name_x = row.x + int(32 * scale)
    if two_lines:  # the name, and its hint under it
        name = fit_text(goal_name(goal), size, row.right - name_x, ink, face)
        surface.blit(name, name.get_rect(midleft=(name_x, name_y)))
        hint = fit_text(goal_hint(goal), hint_size, row.right - name_x, ink)
        surface.blit(hint, (name_x, row.y + font(size).get_linesize()))
        return
    # One line: room for the longest goal name whole, the hints beside them when all fit whole.
    name_w = max(font(size, "bold").size(goal_name(g))[0] for g in GOAL_NAMES) + int(4 * scale)
    name = fit_text(goal_name(goal), size, name_w, ink, face)
    surface.blit(name, name.get_rect(midleft=(name_x, name_y)))
    hint_x = name_x + name_w + int(4 * scale)
    if max(font(hint_size).size(goal_hint(g))[0] for g in GOAL_NAMES) <= row.right - hint_x:
        hint = font(hint_size).render(goal_hint(goal), True, ink)
        surface.blit(hint, hint.get_rect(midleft=(hint_x, name_y)))


def draw_log(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any], scale: float,
             painted: bool = False, names: SeatName = rat_name, scroll: LogScroll | None = None) -> None:
    """The newest things said aloud, oldest at the top, as many as fit (or read back to `scroll`)."""
    draw_log_panel(surface, rect, view.get("log", []), scale, _("Said aloud"), painted=painted, names=names,
                   scroll=scroll)


def rat_cards(view: dict[str, Any], viewer: int | None, waiting: list[int],
              names: SeatName = rat_name) -> list[RatCard]:
    """Public facts per rat, from the view: host, vocation, last words, and the end-of-game reveal."""
    seats = view.get("seats", 0)
    vocations = view.get("vocations", [None] * seats)
    revealed = view.get("revealed")
    awards = view.get("awards") or []
    said = last_words(view.get("log", []), seats, names)
    # Before vocations are settled nobody wears the hat yet.
    hosting = view.get("stage") not in ("start", "order_rolled", "vocation_pick")
    return [RatCard(
        seat=seat,
        name=getattr(names, "marked", names)(seat),  # a table's SeatNames marks a dropped player away
        vocation=vocations[seat] if seat < len(vocations) else None,
        is_host=hosting and view.get("host") == seat,
        said=said[seat],
        acting=seat in waiting,
        is_viewer=seat == viewer,
        awards=awards[seat] if seat < len(awards) and view.get("goal_awards") else None,
        revealed=revealed[seat] if revealed else None,
    ) for seat in range(seats)]


def until_the_dice_land(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log without the latest roll and what followed it: while the dice still tumble nobody
    has read them yet, so the table does not say the result aloud before they land."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].get("type") == "dice":
            return log[:index]
    return log


def last_words(log: list[dict[str, Any]], seats: int, names: SeatName = rat_name) -> list[str]:
    """What each rat said aloud in the current turn (the speaker is the event's `seat`): a new
    turn starts with empty bubbles, so last turn's words never seem to answer this turn's rolls."""
    said = [""] * seats
    for entry in log:
        seat = entry.get("seat")
        if entry.get("type") == "turn":
            said = [""] * seats
        elif entry.get("type") in _SPEECH and isinstance(seat, int) and 0 <= seat < seats:
            said[seat] = event_text(entry, names).removeprefix(names(seat) + ": ")
    return said


def draw_notes(surface: pygame.Surface, rect: pygame.Rect, notes: list[dict[str, Any]], scale: float) -> None:
    """The viewer's latest private note (what it secretly wrote down), on a slip under the sheet."""
    if not notes:
        return
    text = event_text(notes[-1])
    image = fit_text(text, int(15 * scale), rect.w - int(16 * scale), pal.soft_ink(), "bold")
    slip = pygame.Rect(rect.x, rect.y, rect.w, image.get_height() + int(8 * scale))
    pygame.draw.rect(surface, pal.CREAM, slip, border_radius=6)
    surface.blit(image, (slip.x + int(8 * scale), slip.y + int(4 * scale)))


def draw_waiting(surface: pygame.Surface, rect: pygame.Rect, view: dict[str, Any],
                 scale: float, names: SeatName = rat_name) -> pygame.Rect | None:
    """With no decision on screen: a quiet plaque naming who the table waits for; where it lies
    (None when nobody is waited for)."""
    waiting = view.get("to_act", [])
    if not waiting:
        return None
    who = ", ".join(names(seat) for seat in waiting)
    words = ngettext("{rats} is deciding...", "{rats} are deciding...", len(waiting)).format(rats=who)
    width = rect.w - int(40 * scale)
    # Every rat named: six of them wrap onto a second line (or a third) rather than lose the last.
    text = fit_lines(words, int(20 * scale), width - 20, pal.CREAM, "bold", most=3)
    plaque = pygame.Rect(0, 0, width, max(int(56 * scale), text.get_height() + int(16 * scale)))
    plaque.midtop = (rect.centerx, rect.y + int(20 * scale))
    pygame.draw.rect(surface, pal.FELT, plaque, border_radius=int(12 * scale))
    surface.blit(text, text.get_rect(center=plaque.center))
    return plaque.union(text.get_rect(center=plaque.center))
