"""Who sits where: seat specs shared by the seat screen, the table scenes and the CLI."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

HUMAN_CONTROLS = ("keys1", "keys2", "mouse", "pad1", "pad2", "pad3", "pad4")
BOT_LEVELS = ("easy", "normal", "hard", "expert", "random")
SEED_LIMIT = 2**63  # seeds are 0..2**63-1: what a save stores and a game's RNG takes


class SetupError(ValueError):
    """A seat list or option that cannot be played; the message is one line for the user."""


# A human seat's `level` when the seat is left to a player on another machine: kept in
# saves (the setup's "remote" list), so Continue at the host hosts the table again.
REMOTE = "remote"


@dataclass(frozen=True)
class SeatSpec:
    """One seat: a human on some control, or a bot of some level."""

    kind: str  # "human" | "bot"
    control: str = ""  # human: one of HUMAN_CONTROLS (or "hotseat" for turn-based games)
    level: str = ""  # bot: one of BOT_LEVELS

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def label(self) -> str:
        """Short text for the seat screen and score boards."""
        return f"Bot ({self.level})" if self.is_bot else f"Human ({self.control})"

    def spec(self) -> str:
        """The CLI form, e.g. `bot:hard` or `human:keys1`."""
        return f"bot:{self.level}" if self.is_bot else f"human:{self.control}"


def parse_seat(text: str) -> SeatSpec:
    """Parse `human:keys1` / `bot:hard`; raise SetupError with a one-line reason."""
    kind, _, detail = text.strip().partition(":")
    if kind == "bot":
        level = detail or "normal"
        if level not in BOT_LEVELS:
            raise SetupError(f"unknown bot level {level!r} (use {', '.join(BOT_LEVELS)})")
        return SeatSpec("bot", level=level)
    if kind == "human":
        control = detail or "mouse"
        if control not in HUMAN_CONTROLS and control != "hotseat":
            raise SetupError(f"unknown human control {control!r} (use {', '.join(HUMAN_CONTROLS)})")
        return SeatSpec("human", control=control)
    raise SetupError(f"bad seat spec {text!r}: expected human:<control> or bot:<level>")


def parse_seats(text: str) -> list[SeatSpec]:
    """Parse a comma-separated seat list."""
    parts = [p for p in text.split(",") if p.strip()]
    if not parts:
        raise SetupError("no seats given")
    return [parse_seat(p) for p in parts]


@dataclass
class GameSetup:
    """Everything chosen before a game starts."""

    game_id: str
    seats: list[SeatSpec]
    options: dict[str, Any] = field(default_factory=dict)
    teams: list[int] | None = None  # team index per seat, for team games
    seed: int = 0
    names: list[str] = field(default_factory=list)  # a human seat's player name ("" when none)
    lan: bool = False  # hosted with remote seats on the local network, not this machine alone

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"] = [s.spec() for s in self.seats]
        remote = [seat for seat, spec in enumerate(self.seats) if spec.level == REMOTE and not spec.is_bot]
        if remote:
            data["remote"] = remote  # older saves, and games with no remote seat, read the same
        if not self.names:
            del data["names"]  # saves from before names existed read the same
        if not self.lan:
            del data["lan"]
        return data

    def player_name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else ""

    def name_player(self, seat: int, name: str) -> None:
        """Give `seat` its player's name (a remote player who took the seat at a hosted table), so
        the save, its replay and the statistics name them as the table did."""
        self.names += [""] * (len(self.seats) - len(self.names))
        self.names[seat] = name

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSetup:
        """The setup a save or a file holds; SetupError for a seed that is not a whole number in
        0..2**63-1 (JSON allows 1.5, Infinity and true, none of which seeds a game)."""
        seed = data.get("seed", 0)
        if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
            raise SetupError("the seed must be a whole number from 0 to 2**63 - 1")
        return cls(
            game_id=data["game_id"],
            seats=_with_remote([parse_seat(s) for s in data["seats"]], data.get("remote", [])),
            options=dict(data.get("options", {})),
            teams=list(data["teams"]) if data.get("teams") is not None else None,
            seed=seed,
            names=[str(n) for n in data.get("names", [])],
            lan=data.get("lan") is True,
        )


def _with_remote(seats: list[SeatSpec], remote: list[Any]) -> list[SeatSpec]:
    """`seats` with the human seats a save lists as remote marked so; SetupError for a listed seat
    that is not a human seat of this game."""
    for seat in remote:
        if type(seat) is not int or not 0 <= seat < len(seats) or seats[seat].is_bot:
            raise SetupError(f"remote seat {seat!r} is not a human seat")
        seats[seat] = SeatSpec("human", control=seats[seat].control, level=REMOTE)
    return seats
