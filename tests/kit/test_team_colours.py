"""Team colours stay apart for players with the common colour-vision deficiencies: each pair is at
least ΔE 30 apart (CIELAB) in normal vision and in simulated protan, deutan and tritan vision
(Machado et al. 2009 matrices, full severity)."""

from __future__ import annotations

import itertools
import math

import pytest

from pie_table.kit.palette import TEAM_COLORS

_SIMULATIONS = {
    "normal": None,
    "protan": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deutan": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritan": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def _seen(color: tuple[int, int, int], matrix) -> tuple[float, float, float]:
    linear = [_linear(c) for c in color]
    if matrix is None:
        return tuple(linear)  # type: ignore[return-value]
    return tuple(max(0.0, min(1.0, sum(row[j] * linear[j] for j in range(3)))) for row in matrix)  # type: ignore


@pytest.mark.parametrize("vision", list(_SIMULATIONS))
def test_team_colours_stay_apart(vision):
    seen = [_lab(_seen(c, _SIMULATIONS[vision])) for c in TEAM_COLORS]
    closest = min(math.dist(a, b) for a, b in itertools.combinations(seen, 2))
    assert closest >= 30, f"two team colours are only ΔE {closest:.1f} apart in {vision} vision"
