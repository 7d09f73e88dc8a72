"""A die snapped to a value mid-roll lies at rest, square to the table."""

from __future__ import annotations

from pie_table.kit.dice import DieSprite


def test_a_die_set_mid_roll_lies_square_at_rest() -> None:
    die = DieSprite(1, 40)
    die.roll(5, duration=1.0, rng_seed=3)
    die.update(0.2)
    assert die.angle != 0.0  # tumbling
    die.set_value(5)
    assert die.settled and die.value == 5 and die.angle == 0.0
    assert die.image.get_size() == (40, 40)  # not the larger, rotated image
