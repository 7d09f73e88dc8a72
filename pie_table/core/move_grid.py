"""Moves made of independent choices, listed without being built: `MoveGrid`.

A RATS sword request names a rat and a supply, then an amount: thousands of moves, each the same
few choices combined. A grid keeps the choices (its axes) and builds a move only when it is read,
in the order a full list would have; on the wire it travels as its axes (`moves_to_json`), a few
hundred bytes where the list would be a megabyte, and the other side reads it back as the same
sequence (`moves_from_json`).

Pure Python: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, overload

Action = dict[str, Any]


class MoveGrid(Sequence[Action]):
    """Every move that is `base` with one entry of each axis merged in, the last axis varying
    fastest; read, never changed."""

    def __init__(self, base: Mapping[str, Any], axes: Sequence[Sequence[Mapping[str, Any]]]) -> None:
        self.base = dict(base)
        self.axes = [[dict(choice) for choice in axis] for axis in axes]
        self._size = 1
        for axis in self.axes:
            self._size *= len(axis)

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("move out of range")
        picked: list[Mapping[str, Any]] = []
        for axis in reversed(self.axes):
            index, at = divmod(index, len(axis))
            picked.append(axis[at])
        move = dict(self.base)
        for choice in reversed(picked):
            move.update(choice)
        return move

    def __iter__(self) -> Iterator[Action]:
        return iter(self[:])

    def to_json(self) -> dict[str, Any]:
        """The grid as its axes (JSON data), a run of whole numbers in one field as its ends."""
        return {"base": self.base, "axes": [_runs(axis) for axis in self.axes]}


def _runs(axis: list[Action]) -> list[Any]:
    """An axis with each run of choices that differ only by one whole number counting up (the
    amounts 1 to 999) as `{"run": [field, first, last]}`."""
    out: list[Any] = []
    for choice in axis:
        if len(choice) == 1:
            (key, value), = choice.items()
            last = out[-1] if out else None
            if type(value) is int and isinstance(last, dict) and "run" in last \
                    and last["run"][0] == key and last["run"][2] + 1 == value:
                last["run"][2] = value
                continue
            if type(value) is int:
                out.append({"run": [key, value, value]})
                continue
        out.append(choice)
    return out


def _unruns(axis: list[Any]) -> list[Action]:
    """The choices `_runs` wrote; ValueError for anything else."""
    choices: list[Action] = []
    for item in axis:
        if not isinstance(item, dict):
            raise ValueError("a choice that is not an object")
        run = item.get("run")
        if run is None:
            choices.append(item)
        elif (isinstance(run, list) and len(run) == 3 and isinstance(run[0], str)
              and type(run[1]) is int and type(run[2]) is int and 0 <= run[2] - run[1] < 100_000):
            choices.extend({run[0]: value} for value in range(run[1], run[2] + 1))
        else:
            raise ValueError("a run of choices that is not one")
    return choices


def moves_to_json(moves: Sequence[Action]) -> list[Action] | dict[str, Any]:
    """A list of moves as it travels: a grid as its axes (`{"grid": ...}`), any other as a list."""
    if isinstance(moves, MoveGrid):
        return {"grid": moves.to_json()}
    return list(moves)


def moves_from_json(data: Any) -> Sequence[Action]:
    """The moves `moves_to_json` sent; ValueError for anything else."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and isinstance(data.get("grid"), dict):
        grid = data["grid"]
        base, axes = grid.get("base"), grid.get("axes")
        if isinstance(base, dict) and isinstance(axes, list) and all(isinstance(axis, list) for axis in axes):
            return MoveGrid(base, [_unruns(axis) for axis in axes])
    raise ValueError("moves that are neither a list nor a grid")
