import random

from pie_table.core.engine import IllegalAction, rng_from_json, rng_state_to_json, try_apply


class _Counter:
    name = "counter"

    def apply(self, state, action):
        if action.get("type") != "inc":
            raise IllegalAction("only inc")
        state["n"] += 1
        return [{"type": "incremented"}]


def test_try_apply_reports_refusal_and_keeps_state():
    state = {"n": 0}
    bad = try_apply(_Counter(), state, {"type": "dec"})
    assert not bad.ok and bad.reason == "only inc" and state == {"n": 0}
    good = try_apply(_Counter(), state, {"type": "inc"})
    assert good.ok and good.events == [{"type": "incremented"}] and state == {"n": 1}


def test_rng_json_round_trip_continues_the_same_sequence():
    rng = random.Random(42)
    rng.random()
    copy = rng_from_json(rng_state_to_json(rng))
    assert [copy.random() for _ in range(5)] == [rng.random() for _ in range(5)]
