"""The lure and loot arithmetic bots share with the engine (reckon.py): what a bot works out
without listing every move is what the listed moves give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pie_table.games.pie_rats.deck import CARDS, CHARISMA, CREW, PIES
from pie_table.games.pie_rats.reckon import best_lure_pick, first_loots, loot_moves, lure_have, lure_moves

CHARISMA_CARDS = [i for i, card in enumerate(CARDS) if card.kind == CHARISMA]
CREW_CARDS = [i for i, card in enumerate(CARDS) if card.kind == CREW]

targets_strategy = st.lists(
    st.tuples(st.sampled_from(CREW_CARDS), st.integers(-1, 1), st.integers(0, 6)),
    max_size=9,
    unique_by=lambda target: target[0],
)
tabled_strategy = st.lists(st.sampled_from(CHARISMA_CARDS), max_size=7, unique=True)


def _listed_best(targets, tabled, spend):
    """The brute force: every lure the engine lists, worth its targets' strength less `spend` times
    the charisma its cards cost; the first of the best."""
    strength = {card: s for card, _, s in targets}
    moves = lure_moves(0, [(card, loyalty) for card, loyalty, _ in targets], tabled)
    best, best_worth = None, float("-inf")
    for move in moves:
        spent = lure_have(move["cards"]) - lure_have([])
        worth = sum(strength[t] for t in move["targets"]) - spend * spent
        if worth > best_worth:
            best, best_worth = (tuple(move["targets"]), move["cards"]), worth
    return best


@settings(max_examples=300, deadline=None)
@given(targets_strategy, tabled_strategy)
def test_the_best_lure_is_the_best_of_the_listed_lures(targets, tabled):
    assert best_lure_pick(targets, tabled, 0.6) == _listed_best(targets, tabled, 0.6)


def test_a_pair_lure_needs_a_charm_and_nothing_reaches_without_charisma():
    charm = next(i for i in CHARISMA_CARDS if CARDS[i].key == "charm")
    plain = [i for i in CHARISMA_CARDS if CARDS[i].key != "charm"]
    weak = [(CREW_CARDS[0], 0, 2), (CREW_CARDS[1], 0, 3)]
    assert best_lure_pick(weak, [], 0.6) is None  # the Captain's own charisma never reaches
    # Enough charisma for both targets, but no Charm: the stronger one alone.
    rich = sorted(plain, key=lambda i: -CARDS[i].charisma)[:4]
    single = best_lure_pick(weak, rich, 0.6)
    assert single is not None and single[0] == (CREW_CARDS[1],)
    # With a Charm both come, and the Charm is among the cards spent.
    pair = best_lure_pick(weak, rich + [charm], 0.0)
    assert pair is not None and pair[0] == (CREW_CARDS[0], CREW_CARDS[1]) and charm in pair[1]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 7), max_size=8),
    st.lists(st.integers(0, len(PIES) - 1), max_size=6, unique=True),
)
def test_the_first_loot_of_each_pie_is_its_cheapest_listed_loot(strengths, sill):
    crew = CREW_CARDS[: len(strengths)]
    listed = loot_moves(2, crew, strengths, sill)
    strength = dict(zip(crew, strengths, strict=True))
    expected = []
    for pie in sill:
        loots = [move for move in listed if move["pie"] == pie]
        if loots:  # the first of the least strength spent
            expected.append(min(loots, key=lambda move: sum(strength[c] for c in move["crew"])))
    assert first_loots(2, crew, strengths, sill) == expected
