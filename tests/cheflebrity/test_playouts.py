"""Whole Cheflebrity games, random and by bots, checked after every action: every card in exactly
one place, nothing hidden in another seat's view or events, scores equal to the served desserts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.history import events_for
from pie_table.core.registry import load_games
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, SeatSpec
from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity.scoring import score

load_games()


def _places(state) -> Counter:
    cards = Counter(state.deck + state.leftovers + state.out + [c for h in state.hands for c in h])
    cards.update(e[0] for line in state.working + state.served for p in line for e in p["cards"])
    cards.update(k[0] for line in state.kept for k in line)
    if state.trade:
        cards.update(state.trade["give"] + state.trade["reply"])
    if state.pending:
        cards[state.pending["card"]] += 1
    cards.update(q["card"] for q in state.queued)
    return cards


def _hidden_from(state, seat: int) -> set[int]:
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand} | set(state.deck)
    if state.trade:
        if state.trade["from"] != seat:
            hidden |= set(state.trade["give"])
        if state.trade["to"] != seat:
            hidden |= set(state.trade["reply"])
    return hidden


def _public(state) -> set[int]:
    cards = set(state.leftovers + state.out)
    cards |= {e[0] for line in state.working + state.served for p in line for e in p["cards"]}
    cards |= {k[0] for line in state.kept for k in line} | {q["card"] for q in state.queued}
    return cards | ({state.pending["card"]} if state.pending else set())


def _play(levels: list[str], seed: int) -> Session:
    setup = GameSetup("cheflebrity", [SeatSpec("bot", level=lv) for lv in levels], {}, None, seed)
    session = Session(setup)
    rng = random.Random(seed)
    for _ in range(5000):
        if session.is_over():
            break
        state = session.state
        top = state.stack.top()
        public_before = _public(state)
        if top.deadline is not None and rng.random() < 0.1:
            applied = session.submit(None, {"type": "timeout"})
        else:
            seat = rng.choice(session.to_act())
            action = session.bot_action(seat)
            applied = session.submit(seat, action)
        assert applied.ok, applied.reason
        places = _places(state)
        assert sorted(places) == list(range(96)) and set(places.values()) == {1}
        for seat in range(len(levels)):
            view = session.view(seat)
            hidden = _hidden_from(state, seat)
            assert not hidden & set(view["hand"]) and not hidden & set(
                view["trade"].get("mine", []) if view["trade"] else []
            )
            seen = public_before | _public(state) | set(view["hand"])
            for event in events_for(applied.events, seat):
                if event.get("audience") == [seat]:
                    continue  # told to this seat alone: its own draw, deal or trade
                for key in ("card", "cards", "got", "gave"):
                    value = event.get(key)
                    shown = set(value) if isinstance(value, list) else {value} - {None}
                    assert shown <= seen, (seat, event)
    assert session.is_over()
    return session


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_every_card_and_every_secret(seed):
    _play(["random"] * (2 + seed % 4), seed)


@pytest.mark.parametrize(
    ("levels", "seed"),
    [(["hard", "normal", "easy"], 1), (["normal"] * 4, 2), (["hard", "random", "normal", "easy", "hard"], 3)],
)
def test_bot_games_score_what_was_served(levels, seed):
    session = _play(levels, seed)
    state = session.state
    again = score(state.served, state.kept, state.options["quality_rule"])
    assert again == state.result
    assert state.result["quality"] == [sum(P.quality(p) for p in line) for line in state.served]
    assert state.winners == [
        s for s, t in enumerate(state.result["totals"]) if t == max(state.result["totals"])
    ]
    replayed = Session(session.setup, bots={})
    TableDriver(replayed).replay([entry.to_json() for entry in session.log])
    assert replayed.hash() == session.hash()
