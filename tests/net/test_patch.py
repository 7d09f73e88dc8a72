"""The one patch format every table's views travel in: applying a patch gives the new view exactly,
whatever changed, and a list that grew or was cut short costs only the change."""

from __future__ import annotations

import json
import random
from typing import Any

from pie_table.net.patch import apply_patch, from_top_level_delta, patch


def _value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice([0, 1, 2, "x", None, True])
    if roll < 0.65:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice("abcde"): _value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def _changed(rng: random.Random, value: Any, depth: int = 0) -> Any:
    if isinstance(value, list):
        items = [_changed(rng, v, depth + 1) if rng.random() < 0.3 else v for v in value]
        if rng.random() < 0.3:
            items = items[:rng.randint(0, len(items))]
        if rng.random() < 0.3:
            items.append(_value(rng, depth + 1))
        return items
    if isinstance(value, dict):
        kept = {k: _changed(rng, v, depth + 1) if rng.random() < 0.3 else v
                for k, v in value.items() if rng.random() < 0.9}
        if rng.random() < 0.3:
            kept[rng.choice("abcdefg")] = _value(rng, depth + 1)
        return kept
    return _value(rng, depth + 1) if rng.random() < 0.5 else value


def test_a_patch_through_json_turns_the_old_view_into_the_new_one() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        old = {"a": _value(rng), "b": [_value(rng) for _ in range(3)]}
        new = _changed(rng, old)
        assert apply_patch(old, json.loads(json.dumps(patch(old, new)))) == new


def test_a_decision_closing_is_a_cut_and_a_crew_member_turning_one_field() -> None:
    crews = [[{"card": 1, "turned": False}, {"card": 2, "turned": False}], [{"card": 3, "turned": False}]]
    old = {"decisions": [{"id": 1, "kind": "turn"}, {"id": 2, "kind": "window"}], "crews": crews}
    new = {"decisions": [{"id": 1, "kind": "turn"}],
           "crews": [crews[0], [{"card": 3, "turned": True}]]}
    turned = {"p": {"1": {"p": {"0": {"s": {"turned": True}}}}}}
    assert patch(old, new) == {"p": {"decisions": {"c": 1}, "crews": turned}}


def test_an_older_seat_replays_top_level_delta_reads_as_a_patch() -> None:
    old = {"log": [1], "gone": 0, "n": 1}
    delta = {"set": {"n": 2}, "grow": {"log": [2]}, "drop": ["gone"]}
    assert apply_patch(old, from_top_level_delta(delta)) == {"log": [1, 2], "n": 2}
