"""What the table says and sounds when the engine reports events: log lines, notices, sounds, effects."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from pie_table.games.rumble_pie.ui.geometry import TableGeometry
from pie_table.kit import palette as pal
from pie_table.kit.i18n import _, tr
from pie_table.kit.sound import register_sounds

Color = tuple[int, int, int]
NOTICE_S = 1.6
# One big KaPow! burst at a time: overlapping bursts are noise on screen and each costs a rotozoom a frame.
BURST_S = 0.8
FLASH_S = 2.2
_LABEL = {"shorty": "Shorty", "sylvie": "Sylvie", "pierre": "Pierre", "one": "One", "two": "Two",
          "three": "Three", "four": "Four", "kapow": "KaPow!", "block": "Block"}
_PLAY_SOUND = {"block": "block"}
register_sounds("kapow", "block", "countdown", "go", "out")  # Rumble Pie's own, beside kit's shared ones
# The events that put a line in the table talk (the others only sound or show).
_TOLD = frozenset({"countdown", "kapow", "penalty", "out", "freeze", "round_over", "game_over"})


class Feedback:
    """Turns engine events and refusals into log lines, per-seat notices, status flashes and sounds."""

    def __init__(self, sound: Any, names: list[str], teams: list[int]) -> None:
        self.sound = sound
        self.names = names
        self.teams = teams
        self.log: deque[tuple[str, Color]] = deque(maxlen=10)
        self.notices: dict[int, tuple[str, float]] = {}
        self.flash: tuple[str, Color, float] | None = None
        self.banner: tuple[str, float] | None = None
        self._played_sounds: set[str] = set()
        self.quiet = False  # fast-forwarding: keep the table talk, skip sounds and effects
        self.clock = 0.0
        self._last_burst = -BURST_S

    def play(self, name: str) -> None:
        """A sound, at most once per frame per name (six bots must not make a wall of noise)."""
        if name not in self._played_sounds and not self.quiet:
            self._played_sounds.add(name)
            self.sound.play(name)

    def new_frame(self, dt: float) -> None:
        """Age notices and flashes; let each sound play again."""
        self._played_sounds.clear()
        self.clock += dt
        self.notices = {s: (t, left - dt) for s, (t, left) in self.notices.items() if left - dt > 0}
        if self.flash is not None:
            text, color, left = self.flash
            self.flash = (text, color, left - dt) if left - dt > 0 else None
        if self.banner is not None:
            text, left = self.banner
            self.banner = (text, left - dt) if left - dt > 0 else None

    def say(self, text: str, color: Color = pal.CREAM) -> None:
        """Add a line to the table talk."""
        self.log.append((text, color))

    def retell(self, events: Sequence[dict[str, Any]], geom: TableGeometry) -> None:
        """The table talk of a game shown from its middle (continued from a save, or a replay
        jumped into), told again from what the game said: its last lines, with no sound, effect,
        flash or banner (those belonged to moments long gone)."""
        told = [ev for ev in events if ev.get("type") in _TOLD]
        # A countdown says one line in three: enough events to fill the talk whatever they were.
        keep = 3 * (self.log.maxlen or len(told))
        self.quiet = True
        try:
            for ev in told[-keep:]:
                self.on_event(ev, geom, _NoEffects())
        finally:
            self.quiet = False
        self.notices.clear()
        self.flash = self.banner = None

    def seat_color(self, seat: int) -> Color:
        """A seat's team colour (log lines are tinted by team)."""
        return pal.TEAM_COLORS[self.teams[seat] % len(pal.TEAM_COLORS)]

    def hint(self, text: str) -> None:
        """A table-wide note in the status box (not a refusal: nothing was tried)."""
        self.flash = (text, pal.GOLD, FLASH_S * 1.5)

    def refused(self, seat: int, reason: str) -> None:
        """A human's action was turned down: buzz, and show why next to that player."""
        self.play("refuse")
        reason = tr(reason)  # the engine's message, in the player's language
        self.notices[seat] = (reason, NOTICE_S)
        self.flash = (f"{self.names[seat]}: {reason}", pal.DANGER, FLASH_S)

    def on_event(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        """React to one engine event."""
        handler = getattr(self, "_ev_" + str(ev.get("type")), None)
        if handler is not None:
            handler(ev, geom, _NoEffects() if self.quiet else effects)

    def _ev_countdown(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("countdown")
        self.banner = (str(ev.get("n", "")), 1.05)
        if ev.get("n") == 3:
            if ev.get("round", 1) > 1:
                self.play("shuffle")  # every card went back to its deck
            self.say(_("Round {n}: get ready!").format(n=ev.get("round", "")), pal.GOLD)

    def _ev_go(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("go")
        self.banner = (_("Go!"), 0.9)

    def _ev_drawn(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("draw")

    def _ev_placed(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("card_place")

    def _ev_moved(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("card_place")

    def _ev_played(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play(_PLAY_SOUND.get(str(ev.get("kind")), "card_slide"))

    def _ev_kapow(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("kapow")
        seat, board, face = ev["seat"], ev["board"], ev["face"]
        center = geom.face_rect(board, face).center
        if self.clock - self._last_burst >= BURST_S:
            self._last_burst = self.clock
            effects.burst(center)
        else:
            effects.float_text(_("KaPow!"), center, pal.DANGER)
        self.say(_("{seat} KaPow! on {board}'s {chef}").format(seat=self.names[seat], board=self.names[board],
                                                               chef=_(_LABEL.get(face, face))),
                 self.seat_color(seat))

    def _ev_penalty(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("refuse")
        text = _("{seat} KaPow!ed a team-mate: card discarded").format(seat=self.names[ev["seat"]])
        self.say(text, pal.DANGER)

    def _ev_pile_cleared(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        effects.sparkle(geom.face_rect(ev["board"], ev["face"]).center, self._team_color(ev.get("team")))

    def _ev_out(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("out")
        self.banner = (_("Out!"), 1.4)
        text = _("{seat} called Out! (+2)").format(seat=self.names[ev["seat"]])
        self.say(text, self.seat_color(ev["seat"]))

    def _ev_freeze(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("shuffle")
        if ev.get("ends_round"):
            text = _("Frozen again: the round is over (no Out! bonus)")
        else:
            text = _("Frozen! Everyone gets a fourth column for this round")
        self.flash = (text, pal.HIGHLIGHT, FLASH_S * 2)
        self._freeze_text = text
        self.say(text, pal.HIGHLIGHT)

    def freeze_showing(self) -> bool:
        """True while the flash on screen is the latest freeze message."""
        # Compared by text, not prefix, so it holds in every language.
        return self.flash is not None and self.flash[0] == getattr(self, "_freeze_text", None)

    def _ev_pause(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.flash = (_("KaPow! Everyone stops while the pie is cleared"), pal.GOLD, FLASH_S)

    def _ev_round_over(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        kapows = " / ".join(str(k) for k in ev.get("kapows", []))
        self.say(_("Round {n} over: KaPow!s {kapows}").format(n=ev.get("round"), kapows=kapows), pal.GOLD)

    def _ev_game_over(self, ev: dict[str, Any], geom: TableGeometry, effects: Any) -> None:
        self.play("win")
        winner = ev.get("winner")
        self.say(_("{team} wins!").format(team=_team_name(winner)), self._team_color(winner))

    @staticmethod
    def _team_color(team: int | None) -> Color:
        return pal.TEAM_COLORS[(team or 0) % len(pal.TEAM_COLORS)]


def _team_name(team: int | None) -> str:
    return pal.team_name(team)


class _NoEffects:
    """Stands in for the effect layer while fast-forwarding: every effect is skipped."""

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None
