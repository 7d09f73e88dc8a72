"""Bots: what they infer from the public log, and that their choices have a purpose."""

import pytest
from rats_helpers import act, go, table

from pie_table.core.decisions import DecisionStack
from pie_table.games.rats.bots import goal_weights, make_bot
from pie_table.games.rats.infer import Tracker
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import SUPPLIES, Sheet
from tests import told

SW, BA, ST, CR, RA, FL = range(6)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("genius", 0, 1)


def test_tracker_reads_the_out_do_example_from_the_public_log():
    state = table([[3, 5, 0, 0, 6, 1], [1, 1, 7, 0, 6, 6], [4, 0, 6, 0, 2, 5]])
    act(state, 2, "request", target=0, supply="baubles", amount=2)
    act(state, 0, "gain", supply="straw")
    act(state, 2, "nest", supply="crumbs")
    act(state, 1, "nest", supply="rags")
    act(state, 2, "make", item="dish")
    act(state, 1, "make", item="decoration")
    tracker = Tracker(3)
    tracker.update(RULES.view(state, None), told.said(state))
    assert tracker.lower[0][SW] == 3  # the Host announced 3 swords and was out-done: it keeps them
    assert tracker.lower[0][FL] == 1
    assert tracker.decorations[0] == [6]  # the Host won rags with 6
    assert tracker.either[1] == [6] and tracker.either[2] == [5]  # flowers: dish or decoration
    assert tracker.nests == [0, 1, 1]
    assert tracker.lower[0][BA] == 0  # spent on the baubles action
    # Victoria only ever said RATS or spent what she announced: all that is sure is the Privilege.
    assert tracker.host == 1 and tracker.lower[1] == [1] * 6


def test_goal_weights_circled_goals_count_fully():
    weights = goal_weights([7, 8], 2)
    assert weights[7] == weights[8] == 1.0
    assert 0 < weights[2] < weights[6] < 1.0  # 6 is rolled more often than 2


def test_hard_queen_picks_the_goal_it_leads():
    voc = ["queen", None, None]
    state = table([[0] * 6] * 3, stage="turn_start", turn=1, goals=[2], vocations=voc, run=False)
    state.sheets[0] = Sheet([0] * 6, [False] * 6, [], [5, 6, 7])
    go(state)
    bot = make_bot("hard", 0, 1)
    choice = told.decide(bot, state, RULES, 0)
    assert choice["goal"] in (8, 9, 10, 11)  # decorations or the run: where it is alone at the top


def test_hard_requests_what_the_target_is_known_to_hold():
    # Turn 1: the Host announces 6 baubles and is out-done, so it still holds them on turn 2.
    state = table([[0, 6, 0, 0, 0, 0], [0, 8, 0, 0, 0, 0], [0] * 6], turn=1, goals=[2])
    act(state, 1, "gain", supply="swords")  # already compared: carried into turn 2
    assert state.turn == 2 and state.sheets[0].supplies[BA] == 6
    state.stack = DecisionStack()
    state.stage, state.supply_index = "outdo", 0
    go(state)
    bot = make_bot("hard", 1, 2)
    request = told.decide(bot, state, RULES, 1)
    held = state.sheets[request["target"]].supplies[SUPPLIES.index(request["supply"])]
    assert 1 <= request["amount"] <= held


def test_hard_scavenges_into_its_nest():
    state = table([[0] * 6] * 3, stage="scavenge_rolled", dice=[4, 5], run=False)
    state.sheets[1].nests[RA] = True
    go(state)
    bot = make_bot("hard", 1, 3)
    choice = told.decide(bot, state, RULES, 1)
    assert choice["supply"] == "rags"  # 4 rags doubled beats 5 crumbs


@pytest.mark.parametrize(("levels", "vocations", "seed"), [
    (("easy", "normal", "hard", "random"), True, 17),
    # Hard plays differently with three rats or more and one-on-one: both are checked.
    (("hard", "normal", "hard"), False, 3),
    (("hard", "hard", "hard", "hard", "hard"), True, 8),
    (("hard", "normal"), False, 4),
])
def test_bots_choose_only_legal_actions_and_never_read_other_sheets(levels, vocations, seed):
    """At every decision, a twin bot deciding from a table where everything the seat cannot see
    (other sheets, other rats' questions and notes, the dice to come) was dealt differently
    picks exactly the same action: the bot decides from its own view alone."""
    import copy
    import random

    shuffler = random.Random(5)
    state, opening = RULES.new_game(len(levels), seed, {"vocations": vocations})
    told.file(state, opening)
    bots = [make_bot(level, s, s) for s, level in enumerate(levels)]
    decisions = 0
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        legal = RULES.legal_actions(state, seat)
        bots[seat].hear(told.seat(state, seat))  # what it heard: the same at both tables
        twin = copy.deepcopy(bots[seat])
        other = RULES.shuffle_hidden(state, seat, random.Random(shuffler.random()))
        assert RULES.view(other, seat) == RULES.view(state, seat)
        action = bots[seat].act(RULES.view(state, seat), legal)
        assert action in legal
        assert twin.act(RULES.view(other, seat), RULES.legal_actions(other, seat)) == action
        told.file(state, RULES.apply(state, action))
        decisions += 1
    assert decisions > 50


def _request_table():
    """Turn 2 of a table where the Host announced 6 baubles on turn 1 and was out-done: rat 1 holds
    8 baubles and is asked for its sword request."""
    state = table([[0, 6, 0, 0, 0, 0], [0, 8, 0, 0, 0, 0], [0] * 6], turn=1, goals=[2])
    act(state, 1, "gain", supply="swords")
    state.stack = DecisionStack()
    state.stage, state.supply_index = "outdo", 0
    go(state)
    return state


def test_the_requests_a_bot_rates_best_begin_with_the_one_it_makes_and_are_each_legal():
    state = _request_table()
    bot = make_bot("hard", 1, 2)
    made = told.decide(bot, state, RULES, 1)
    options = bot.request_options(RULES.view(state, 1), 6)
    assert options[0] == made and bot.request_options(RULES.view(state, 1), 1) == [made]
    assert 2 <= len(options) <= 6
    assert len({(o["target"], o["supply"], o["amount"]) for o in options}) == len(options)
    for option in options:
        trial = RULES.clone(state)
        RULES.apply(trial, option)  # every one is a request the rules take


def test_the_expert_weighs_the_guides_best_requests_in_the_worlds_it_draws():
    """A sword request is no longer the hard bot's alone: the expert searches the few requests the
    hard bot rates best (never the thousands of amounts listed) and plays one of them."""
    from pie_table.core.search import SearchingBot
    from pie_table.games.rats import expert

    state = _request_table()
    bot = expert.make_bot("expert", 1, 2)
    assert isinstance(bot, SearchingBot)
    guide = make_bot("hard", 1, 2)
    told.decide(guide, state, RULES, 1)
    options = guide.request_options(RULES.view(state, 1), expert.BUDGET.candidates)
    played = told.decide(bot, state, RULES, 1)
    assert bot.thoughts and bot.thoughts[-1].playouts >= 2 * len(options)
    assert {k: v for k, v in played.items() if k != "seat"} in [
        {k: v for k, v in o.items() if k != "seat"} for o in options]
