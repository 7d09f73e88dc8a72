"""The first-game tutorial for Rumble Pie: a guided round on the real table against one slow,
scripted opponent.

The table shows one step at a time (draw, place, start a pile with a chef card, play up, defend
down, Block, KaPow!, Out!) and waits until the engine's events show the player did it. Each step
first has the engine lay out what it needs (`RULES.scenario`: the card in the arsenal, the
opponent's pile on the player's board) as a dealer would for a lesson; the opponent's moves are
real engine actions, played slowly. A
refusal shows the engine's reason with a nudge. The player may skip a step; Esc pauses as on any
table; at the end, "Play a real round" opens the seat screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from pie_table.core.driver import TableDriver
from pie_table.core.fixed_step import FixedStep
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rumble_pie.lessons import LESSONS, ME, TUTOR
from pie_table.games.rumble_pie.rules import RULES
from pie_table.games.rumble_pie.ui.table_scene import RumbleTableScene
from pie_table.kit import keybindings
from pie_table.kit import palette as pal
from pie_table.kit.fonts import font, min_readable
from pie_table.kit.i18n import N_, _, tr
from pie_table.kit.log_panel import paper
from pie_table.kit.text import fit_text, wrap_text

DEVICE = "keys1"
BOT_BEAT = 0.9  # seconds between the opponent's scripted plays: slow enough to watch
SEED = 2024


@dataclass(frozen=True)
class Step:
    """One lesson: what to say, what to lay out first, and the event that shows it was done."""

    title: str
    text: tuple[str, ...]  # sentences; they may name keys: {draw}, {col1}, {play}, {next}, {prev}, {out}
    done: Callable[[dict[str, Any]], bool]


def _played(kind: str, board: int) -> Callable[[dict[str, Any]], bool]:
    return lambda e: (
        e.get("type") == "played"
        and e.get("seat") == ME
        and e.get("kind") == kind
        and e.get("board") == board
    )


STEPS = (
    Step(
        N_("Draw a card"),
        (N_("Press {draw} to turn over the top card of your deck."), N_("It waits in your hand.")),
        lambda e: e.get("type") == "drawn" and e.get("seat") == ME,
    ),
    Step(
        N_("Place it in your arsenal"),
        (
            N_("Press {col1} to put the card you hold at the bottom of your first column."),
            N_("Only the bottom card of a column can be played."),
        ),
        lambda e: e.get("type") == "placed" and e.get("seat") == ME,
    ),
    Step(
        N_("Start a pile with a chef card"),
        (
            N_("A chef card starts a pile on the matching face of your opponent's board."),
            N_("Press {col1} to pick the column (the target lights up), then {play}."),
            N_("{prev} and {next} change the target."),
        ),
        _played("shorty", TUTOR),
    ),
    Step(
        N_("Play up"),
        (
            N_("On your pile, cards go up one at a time: One, Two, Three, Four."),
            N_("Your One is in the arsenal: pick its column and press {play}."),
        ),
        _played("one", TUTOR),
    ),
    Step(
        N_("Defend: play down"),
        (
            N_("Your opponent is building a pile on YOUR board."),
            N_("Knock it back down: a Two on their Three. They will have to climb again."),
        ),
        _played("two", ME),
    ),
    Step(
        N_("Block"),
        (N_("A Block drops a pile straight back to One."), N_("Play your Block on the pile on your board.")),
        _played("block", ME),
    ),
    Step(
        N_("KaPow!"),
        (
            N_("Your pile on their board stands at Four."),
            N_("Land the pie: play your KaPow! on it for a point."),
        ),
        lambda e: e.get("type") == "kapow" and e.get("seat") == ME,
    ),
    Step(
        N_("Out!"),
        (
            N_("Your deck is empty now. Press {out} to call Out!"),
            N_("The round ends and your team gets two bonus points."),
            N_("In a real round, be the first to empty your deck."),
        ),
        lambda e: e.get("type") == "out" and e.get("seat") == ME,
    ),
)


def tutorial_setup() -> GameSetup:
    """You on the left-hand keys against one slow opponent."""
    return GameSetup("rumble-pie", parse_seats(f"human:{DEVICE},bot:easy"), {}, [0, 1], seed=SEED)


class TutorialScene(RumbleTableScene):
    """A Rumble Pie round that teaches, step by step."""

    def __init__(self, app: Any, on_finish: Callable[[], None] | None = None) -> None:
        setup = tutorial_setup()
        # The opponent is the tutorial's own script, not a bot that might run away with the round.
        super().__init__(app, setup, TableDriver(Session(setup, bots={}), dynamics=FixedStep))
        self.autosave.enabled = False  # a lesson is not a game to continue or count
        self.cards.sync(self.sim.table(), animate=False)  # the lesson's table is laid, not dealt
        self.cards.settle()
        self.on_finish = on_finish
        self.step = -1  # before Go!
        self.note = ""
        self.script: list[dict[str, Any]] = []  # the opponent's next plays
        self.after_script: str | None = None  # the lesson that deals my answer once they are played
        self.script_wait = 0.0
        self.finished = False
        self.buttons: dict[str, pygame.Rect] = {}

    # -- the lesson's pace --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.step < 0 and self.sim.phase == "play":
            self._begin(0)
        super().update(dt)
        if self.script and self.sim.phase == "play":
            self.script_wait += dt
            if self.script_wait >= BOT_BEAT:
                self.script_wait = 0.0
                self.sim.push(self.script.pop(0), ("tutor", None))
        elif self.after_script is not None and not self.sim.queue and self.sim.phase == "play":
            # The opponent's pile is up: only now is the answering card dealt, so it cannot be
            # spent somewhere else before there is anything to answer.
            then, self.after_script = self.after_script, None
            self._lay_out(then)

    def _absorb(self, result: Any) -> bool:
        changed = super()._absorb(result)
        if 0 <= self.step < len(STEPS) and not self.finished:
            if any(STEPS[self.step].done(e) for e in result.events):
                self._sound("win" if self.step == len(STEPS) - 1 else "coin")
                self._begin(self.step + 1)
        return changed

    def _sound(self, name: str) -> None:
        try:
            self.app.sound.play(name)
        except Exception:  # noqa: BLE001 - sound is decoration
            pass

    def _refused(self, action: dict[str, Any], reason: str, origin: Any) -> None:
        super()._refused(action, reason, origin)
        if action.get("seat") == ME and 0 <= self.step < len(STEPS):
            self.note = _("Not quite: {reason}. {hint}").format(reason=tr(reason), hint=self._nudge())

    def _nudge(self) -> str:
        return _("Look at the step card above and try again.")

    def skip(self) -> None:
        """Go on to the next step without doing this one (the table is laid out for it)."""
        if 0 <= self.step < len(STEPS) - 1:
            self._begin(self.step + 1)
        elif self.step == len(STEPS) - 1:
            self._begin(len(STEPS))

    def _begin(self, index: int) -> None:
        self.step = index
        self.note = ""
        self.script = []
        self.after_script = None
        if index >= len(STEPS):
            self.finished = True
            return
        self._lay_out(LESSONS[index])

    def _lay_out(self, lesson: str) -> None:
        """The engine lays the table out for `lesson` (a new state: the old one is left as it was);
        views, sprites and cursors then catch up."""
        laid = RULES.scenario(lesson, self.state)
        self.here().session.state = laid.state
        self.script = laid.script
        self.after_script = laid.then
        self.sim.invalidate()
        self._refresh_all()

    @property
    def state(self) -> Any:
        return self.here().session.state

    # -- input and drawing ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.finished:
            self._finished_input(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.step >= 0:
            self.skip()
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.buttons.get("skip", pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos)
        ):
            self.skip()
            return
        super().handle_event(event)

    def _finished_input(self, event: pygame.event.Event) -> None:
        choice = None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            choice = "real"
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            choice = "menu"
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            choice = next((k for k, r in self.buttons.items() if r.collidepoint(event.pos)), None)
        if choice == "real":
            self.play_real_round()
        elif choice == "menu":
            self.app.scenes.pop()

    def play_real_round(self) -> None:
        """The lesson is over: the seat screen for a real round of Rumble Pie."""
        from pie_table.core.registry import get_game
        from pie_table.scenes.seats import SeatsScene

        if self.on_finish is not None:
            self.on_finish()
        self.app.scenes.replace(SeatsScene(self.app, get_game("rumble-pie")))

    def _keys(self) -> dict[str, str]:
        bindings = self.app.bindings
        names = bindings.current[DEVICE]
        return {intent: keybindings.label(DEVICE, keys[0]) for intent, keys in names.items() if keys}

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.step < 0:
            return
        self._draw_coach(surface)

    def _draw_finale(self, surface: pygame.Surface, s: float, pad: int, size: int) -> None:
        """The lesson's end: a larger card over the round's summary (dimmed), never beside it."""
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((20, 12, 8, 150))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, int(min(w * 0.62, 660 * s)), int(250 * s))
        box.center = (int(w * 0.405), h // 2)
        paper(surface, box, s, edge=pal.GOLD)
        self.buttons = {}
        head = fit_text(
            _("Well done! You know the whole game now."), int(22 * s), box.w - 2 * pad, pal.CHERRY, "bold"
        )
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + 2 * pad)))
        fnt = font(size)
        y = box.y + 3 * pad + head.get_height()
        recap = " ".join(
            (
                _("In a real round everyone plays at once, as fast as they can."),
                _("Each KaPow! scores a point and Out! two; the first team to the target wins."),
            )
        )
        keys = _("Your keys are listed on the right; Settings, then Controls, changes them.")
        for line in [
            *wrap_text(recap, fnt, box.w - 4 * pad)[:3],
            "",
            *wrap_text(keys, fnt, box.w - 4 * pad)[:2],
        ]:
            text = fnt.render(line, True, pal.INK)
            surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
            y += fnt.get_linesize()
        bh = int(44 * s)
        y = box.bottom - 2 * pad - bh
        for key, label in (
            ("real", _("Play a real round (Enter)")),
            ("menu", _("Back to the menu (Esc)")),
        ):
            rect = pygame.Rect(box.x + 2 * pad, y, box.w // 2 - 3 * pad, bh)
            if key == "menu":
                rect.x = box.centerx + pad
            pygame.draw.rect(
                surface, pal.GOLD if key == "real" else pal.CREAM, rect, border_radius=rect.h // 3
            )
            pygame.draw.rect(surface, pal.WOOD_DARK, rect, 2, border_radius=rect.h // 3)
            text = fit_text(label, size, rect.w - 10, pal.INK, "bold")
            surface.blit(text, text.get_rect(center=rect.center))
            self.buttons[key] = rect

    def _draw_coach(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = min(w / 1280, h / 720)
        # In the band between the two boards, which a two-seat table leaves empty.
        box = pygame.Rect(0, 0, int(min(w * 0.62, 660 * s)), int(112 * s))
        box.center = (int(w * 0.405), h // 2)
        pad = int(8 * s)
        size = max(min_readable(), int(15 * s))
        if self.finished:
            self._draw_finale(surface, s, pad, size)
            return
        paper(surface, box, s, edge=pal.GOLD)
        self.buttons = {}
        step = STEPS[self.step]
        head = fit_text(
            _("Step {n} of {total}: {title}").format(n=self.step + 1, total=len(STEPS), title=_(step.title)),
            int(18 * s),
            box.w - 2 * pad - int(120 * s),
            pal.CHERRY,
            "bold",
        )
        surface.blit(head, (box.x + pad, box.y + pad))
        skip = fit_text(_("Skip (Tab)"), size, int(110 * s), pal.INK, "bold")
        rect = skip.get_rect(topright=(box.right - pad, box.y + pad)).inflate(12, 6)
        rect.topright = (box.right - pad, box.y + pad)
        pygame.draw.rect(surface, pal.CREAM, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, pal.WOOD_DARK, rect, 2, border_radius=rect.h // 2)
        surface.blit(skip, skip.get_rect(center=rect.center))
        self.buttons["skip"] = rect
        keys = self._keys()
        names = {k: keys.get(k, "?") for k in ("draw", "col1", "play", "next", "prev", "out")}
        text = " ".join(_(sentence).format(**names) for sentence in step.text)
        fnt = font(size)
        y = box.y + pad + head.get_height() + int(6 * s)
        for line in wrap_text(text, fnt, box.w - 2 * pad)[: 2 if self.note else 3]:
            surface.blit(fnt.render(line, True, pal.INK), (box.x + pad, y))
            y += fnt.get_linesize()
        if self.note:
            note = fit_text(self.note, size, box.w - 2 * pad, pal.DANGER, "bold")
            surface.blit(note, (box.x + pad, box.bottom - pad - note.get_height()))
