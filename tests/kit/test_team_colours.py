"""Team colours stay apart for players with the common colour-vision deficiencies: each pair is at
least ΔE 30 apart (CIELAB) in normal vision and in simulated protan, deutan and tritan vision
(Machado et al. 2009 matrices, full severity)."""

from __future__ import annotations

import itertools
import math

import pytest

from pie_table.kit.palette import TEAM_COLORS
from tests.kit.colour_vision import SIMULATIONS, lab, seen


@pytest.mark.parametrize("vision", list(SIMULATIONS))
def test_team_colours_stay_apart(vision):
    shown = [lab(seen(c, vision)) for c in TEAM_COLORS]
    closest = min(math.dist(a, b) for a, b in itertools.combinations(shown, 2))
    assert closest >= 30, f"two team colours are only ΔE {closest:.1f} apart in {vision} vision"
