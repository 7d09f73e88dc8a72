"""The tables a RATS search believes in: every sheet drawn agrees with what was said aloud, and the
hard bot's drawn piles are the same whenever the same position is asked."""

import random

import pytest

from pie_table.core.driver import TableDriver
from pie_table.core.registry import get_game
from pie_table.core.session import Session
from pie_table.core.setup import GameSetup, parse_seats
from pie_table.games.rats.bots import RatsBot
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import CRUMBS, FLOWERS, RAGS, STRAW


def _session(seed: int, actions: int) -> Session:
    setup = GameSetup("rats", parse_seats("bot:normal,bot:normal,bot:normal"), {}, None, seed)
    session = Session(setup, get_game("rats"))
    TableDriver(session).play_out(limit=actions)
    return session


def _made_aloud(said, seat):
    """The values of the items `seat` made by its actions, by kind (flowers: either kind)."""
    dishes, decorations, either, nests = [], [], [], 0
    for e in said:
        if e["type"] == "action" and e["seat"] == seat:
            {CRUMBS: dishes, RAGS: decorations, FLOWERS: either}.get(e["supply"], []).append(e["count"])
            nests += e["supply"] == STRAW
    return dishes, decorations, either, nests


@pytest.mark.parametrize("seed,actions", [(4, 20), (9, 45), (15, 70)])
def test_a_drawn_sheet_holds_the_items_and_nests_the_table_saw_made(seed, actions) -> None:
    session = _session(seed, actions)
    history = session.history(0)
    for draw in range(4):
        world = RULES.determinize(RULES.bot_view(session.state, 0), history, random.Random(draw))
        for other in (1, 2):
            dishes, decorations, either, nests = _made_aloud(history.said, other)
            sheet = world.sheets[other]
            if any(q["kind"] in ("make", "nest") for q in world.stack.items[-1].data["asks"][other]):
                continue  # the item or nest of the open pick is still to be made in the world
            assert sorted(sheet.dishes + sheet.decorations) == sorted(dishes + decorations + either)
            assert all(d in sheet.dishes for d in dishes) and all(d in sheet.decorations for d in decorations)
            assert sum(sheet.nests) == nests


def test_a_drawn_world_keeps_the_counts_announced_since_the_last_gain() -> None:
    # Right after a supply is compared, every rat that out-did the Host has spent it, and a rat
    # that said RATS holds no more than the Host's count.
    session = _session(21, 1)
    driver = TableDriver(session)
    checked = 0
    while not session.is_over() and checked < 6:
        driver.play_out(limit=1)
        said = session.history(0).said
        if not said or said[-1]["type"] not in ("rats", "action") or session.state.stage != "outdo_next":
            continue
        world = RULES.determinize(RULES.bot_view(session.state, 0), session.history(0), random.Random(3))
        start = max(i for i, e in enumerate(said) if e["type"] == "host_has")
        host_has = said[start]
        for e in said[start:]:
            if e["type"] == "rats" and e["seat"] != 0:
                assert world.sheets[e["seat"]].supplies[e["supply"]] <= host_has["count"]
            if e["type"] == "action" and e["seat"] != 0:
                assert world.sheets[e["seat"]].supplies[e["supply"]] == 0
        checked += 1
    assert checked


def test_hard_draws_the_same_piles_for_the_same_position() -> None:
    session = _session(6, 40)
    seat = session.to_act()[0]
    view = RULES.bot_view(session.state, seat)
    piles = []
    for _ in range(2):
        bot = RatsBot("hard", seat, 17)
        bot.hear(session.history(seat))
        piles.append(bot._draw_piles(view))
    assert piles[0] == piles[1]
    assert any(any(count > 0 for count in pile) for other, pile in enumerate(piles[0]) if other != seat)
