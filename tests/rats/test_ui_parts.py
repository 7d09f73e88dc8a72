"""The RATS table's parts on plain surfaces: labels, the request form, the dice tray, the ceremony pacing."""

from __future__ import annotations

import random

import pygame
import pytest

from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import SUPPLIES
from pie_table.games.rats.ui.ceremony import Ceremony
from pie_table.games.rats.ui.choices import ChoicePanel
from pie_table.games.rats.ui.dice_tray import DiceTray
from pie_table.games.rats.ui.labels import action_label, prompt
from pie_table.games.rats.ui.request_form import RequestForm
from pie_table.games.rats.ui.sheet_view import RatCard, draw_sheet, ellipsize
from pie_table.kit.fonts import font


def _playout_decisions(seed: int, seats: int = 4, vocations: bool = True):
    """Yield (seat, current question, legal actions, seat view) for every decision of one random game."""
    rng = random.Random(seed)
    state = RULES.new_state(seats, seed, {"vocations": vocations})
    while not RULES.is_over(state):
        seat = RULES.to_act(state)[0]
        view = RULES.view(state, seat)
        legal = RULES.legal_actions(state, seat)
        yield seat, view["question"], legal, view
        RULES.apply(state, rng.choice(legal))


def test_every_decision_gets_a_prompt_and_distinct_readable_labels() -> None:
    kinds = set()
    for seed in range(6):
        for _seat, item, legal, view in _playout_decisions(seed):
            kinds.add(item["kind"])
            assert prompt(item, view) and prompt(item, view) != item["kind"]
            if item["kind"] == "request":
                continue  # a form, not one button per action (tested below)
            labels = [action_label(a, item, view) for a in legal]
            assert all(label and label != a["type"] for label, a in zip(labels, legal, strict=True))
            assert len(set(labels)) == len(labels), labels
    assert {"roll", "gain", "scavenge", "vocation", "flip"} <= kinds


def test_scavenge_label_shows_the_nest_bonus() -> None:
    view = {"seat": 0, "vocations": [None], "sheet": {"nests": [False, False, True, False, False, False]}}
    item = {"kind": "scavenge"}
    assert action_label({"type": "scavenge", "seat": 0, "supply": "straw", "count": 4}, item, view) == \
        "4 straw (nest: 8)"
    assert action_label({"type": "scavenge", "seat": 0, "supply": "rags", "count": 3}, item, view) == "3 rags"


def _request_legal() -> list[dict]:
    return [{"type": "request", "seat": 0, "target": t, "supply": s, "amount": a}
            for t in (1, 2) for s in ("baubles", "rags") for a in (1, 2, 3)]


def test_request_form_only_sends_the_legal_action_it_shows() -> None:
    chosen: list[dict] = []
    form = RequestForm(0, _request_legal(), chosen.append)
    form.select(2, "rags", 3)
    assert form.ask.text == "Ask Rat 3 for 3 rags"
    form.ask.activate()
    assert chosen == [{"type": "request", "seat": 0, "target": 2, "supply": "rags", "amount": 3}]


def test_request_form_nudges_keep_the_button_text_in_step() -> None:
    form = RequestForm(0, _request_legal(), lambda action: None)
    before = form.ask.text
    form.amount.nudge(1)
    assert form.ask.text != before and form.ask.text == "Ask Rat 2 for 2 baubles"


def test_choice_panel_number_keys_pick_the_nth_button() -> None:
    chosen: list[dict] = []
    legal = [{"type": "gain", "seat": 1, "supply": s} for s in ("swords", "baubles", "straw")]
    item = {"kind": "gain", "amount": 2, "reason": "setup"}
    panel = ChoicePanel(1, item, legal, {"seat": 1}, chosen.append)
    panel.layout(pygame.Rect(0, 0, 500, 300), 1.0)
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0))
    assert chosen == [legal[2]]


def test_tray_lands_on_the_given_values_whatever_the_throw() -> None:
    tray = DiceTray()
    tray.layout(pygame.Rect(0, 0, 500, 220))
    tray.animate([6, 2], velocity=(2400.0, -900.0), seed=4)
    assert tray.busy
    for _ in range(200):
        tray.update(1 / 30)
    assert not tray.busy and [d.value for d in tray.dice] == [6, 2]
    assert all(tray.rect.contains(d.rect) for d in tray.dice)


def test_a_short_tray_holds_its_dice_beside_their_caption(monkeypatch) -> None:
    """A crowded table's strip of a tray (six rats at 200%) parks the dice at its left, larger
    than its height would make them over a caption, and writes the caption right of them."""
    from pie_table.games.rats.ui import dice_tray

    marker = (255, 0, 255)

    def caption(text, size, max_w, color, face, most):  # type: ignore[no-untyped-def]
        image = pygame.Surface((min(max_w, 200), 30))
        image.fill(marker)
        return image

    monkeypatch.setattr(dice_tray, "fit_lines", caption)
    tray = DiceTray()
    tray.layout(pygame.Rect(0, 0, 500, 60))
    assert tray.strip and tray.die_size == 42
    assert all(tray.rect.contains(d.rect) for d in tray.dice)
    assert {d.rect.centery for d in tray.dice} == {30}
    tray.show([5, 6], "5 flowers or 6 rags.")
    surface = pygame.Surface((500, 60))
    tray.draw(surface)
    written = pygame.mask.from_threshold(surface, marker, (1, 1, 1, 255)).get_bounding_rects()
    assert len(written) == 1 and written[0].left > max(d.rect.right for d in tray.dice)
    assert tray.rect.contains(written[0]) and written[0].centery == 30
    tall = DiceTray()
    tall.layout(pygame.Rect(0, 0, 500, 220))
    assert not tall.strip and tall.die_size == 79


def test_tray_ignores_grabs_unless_a_human_may_throw() -> None:
    thrown: list[tuple[float, float]] = []
    tray = DiceTray(on_throw=thrown.append)
    tray.layout(pygame.Rect(0, 0, 500, 220))
    centre = tray.dice[1].rect.center
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1)
    assert not tray.handle_event(down)
    tray.enabled = True
    assert tray.handle_event(down) and tray.handle_event(up)
    assert len(thrown) == 1 and thrown[0][0] > 0  # a bare click still tosses the dice


def test_ceremony_reveals_goal_by_goal_and_hides_spoilers() -> None:
    view = {"goal_awards": [[3, [3, 0]], [8, [1, 3]]]}
    log = [{"type": "goal_awards", "goal": 3}, {"type": "goal_awards", "goal": 8}, {"type": "winner"}]
    ceremony = Ceremony(auto=False)
    ceremony.sync(view)
    assert not ceremony.ready and ceremony.filter_log(log) == []
    assert ceremony.advance()
    assert ceremony.filter_log(log) == log[:1]
    ceremony.advance()
    assert ceremony.ready and ceremony.filter_log(log) == log
    assert not ceremony.advance()


def test_ceremony_auto_advances_with_time() -> None:
    ceremony = Ceremony()
    ceremony.sync({"goal_awards": [[2, [1]], [5, [3]]]})
    for _ in range(80):
        ceremony.update(0.05)
    assert ceremony.ready


@pytest.mark.parametrize("size", [(260, 420), (420, 660)])
def test_sheet_draws_inside_its_rect(size: tuple[int, int]) -> None:
    surface = pygame.Surface((size[0] + 40, size[1] + 40))
    surface.fill((1, 2, 3))
    rect = pygame.Rect(20, 20, *size)
    sheet = {"supplies": [3, 0, 12, 1, 0, 7], "nests": [True] + [False] * 5,
             "dishes": list(range(1, 13)), "decorations": [4, 4, 9]}
    draw_sheet(surface, rect, sheet, RatCard(seat=2, is_host=True, awards=9), 1.0)
    background = surface.map_rgb((1, 2, 3))
    # Nothing is painted outside the sheet except its drop shadow (right and bottom edge).
    for x in range(surface.get_width()):
        assert surface.get_at_mapped((x, 5)) == background
    for y in range(surface.get_height()):
        assert surface.get_at_mapped((5, y)) == background


def test_ellipsize_fits_the_width() -> None:
    text = ellipsize("Could you possibly part with 12 flowers, Rat 5?", 13, 120)
    assert text.endswith("…") and font(13).size(text)[0] <= 120
    assert ellipsize("RATS!", 13, 120) == "RATS!"


def test_request_form_names_the_rule_when_a_supply_was_just_taken_from_that_rat() -> None:
    legal = [a for a in _request_legal() if not (a["target"] == 1 and a["supply"] == "rags")]
    chosen: list[dict] = []
    form = RequestForm(0, legal, chosen.append)
    form.select(1, "rags", 2)
    assert form.current() is None and "just gave up rags" in form.ask.text
    form.ask.activate()
    assert chosen == []
    form.select(2, "rags", 2)  # the same supply from another rat is fine
    form.ask.activate()
    assert chosen == [{"type": "request", "seat": 0, "target": 2, "supply": "rags", "amount": 2}]


def test_request_form_takes_large_amounts_typed_as_digits() -> None:
    from rats_helpers import table

    from pie_table.games.rats.rules import RULES

    state = table([[0, 0, 0, 0, 60, 0], [3, 0, 0, 0, 0, 0], [0] * 6])
    chosen: list[dict] = []
    form = RequestForm(1, RULES.legal_actions(state, 1), chosen.append)
    form.select(0, "rags", 1)
    form.amount.type_digit("5", 0)
    form.amount.type_digit("4", 100)
    form.ask.activate()
    assert chosen == [{"type": "request", "seat": 1, "target": 0, "supply": "rags", "amount": 54}]


def test_one_is_singular_in_what_rats_say() -> None:
    from rats_helpers import act, table, texts

    state = table([[0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0], [0] * 6])
    assert "Rat 2: I'm afraid I have 1 cocktail sword." in texts(state)
    state = table([[0, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0] * 6])
    act(state, 1, "request", target=0, supply="baubles", amount=1)
    assert "Rat 1: Indeed, here is 1 bauble." in texts(state)


def test_speech_bubbles_start_empty_each_turn() -> None:
    from pie_table.games.rats.ui.table_draw import last_words

    log = [{"type": "rats", "seat": 1, "text": "Rat 2: RATS!"}, {"type": "turn", "text": "Turn 2"}]
    assert last_words(log, 3) == ["", "", ""]
    log.append({"type": "afraid", "seat": 0, "text": "Rat 1: I'm afraid I have 2 rags."})
    assert last_words(log, 3) == ["I'm afraid I have 2 rags.", "", ""]


def test_nothing_is_said_about_a_roll_until_the_dice_land() -> None:
    from pie_table.games.rats.ui.table_draw import until_the_dice_land

    log = [{"type": "turn"}, {"type": "dice", "dice": [3, 4]}, {"type": "goal", "text": "goal 7"}]
    assert until_the_dice_land(log) == [{"type": "turn"}]
    assert until_the_dice_land(log[:1]) == log[:1]


def test_results_say_one_award_not_one_awards() -> None:
    from pie_table.games.rats.ui.labels import results_text

    view = {"awards": [1, 5], "winner": 1, "seats": 2, "coin": "heads", "flipper": 0,
            "goal_awards": [[2, [1, 5]]]}
    _title, lines = results_text(view)
    assert any(line.endswith(": 1 award") for line in lines)
    assert any(line.endswith(": 5 awards") for line in lines)


def test_enter_on_the_request_form_moves_down_its_rows_then_asks() -> None:
    chosen: list[dict] = []
    legal = [a for a in _request_legal() if a["target"] == 1]  # one rat to ask, as with two rats
    panel = ChoicePanel(0, {"kind": "request"}, legal, {"seat": 0}, chosen.append)
    form = panel.request
    assert form is not None and panel.menu.focused is form.target
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    for expected in (form.supply, form.amount, form.ask):
        assert panel.handle_event(enter, "accept")
        assert panel.menu.focused is expected
    assert chosen == [] and form.target.value == 1
    panel.handle_event(enter, "accept")
    assert chosen == [{"type": "request", "seat": 0, "target": 1, "supply": "baubles", "amount": 1}]


@pytest.mark.parametrize("scale", [0.7, 1.0])
def test_two_digit_dishes_on_the_small_revealed_cards_are_never_cut(monkeypatch, scale: float) -> None:
    from pie_table.games.rats.ui import sheet_view
    from pie_table.kit.fonts import fit

    shown: list[str] = []

    def fit_text(text: str, size: int, max_w: int, color, face: str = "sans"):
        shown.append(fit(text, size, max_w, face)[0])
        return font(max(1, size), face).render(text, True, color)

    monkeypatch.setattr(sheet_view, "fit_text", fit_text)
    surface = pygame.Surface((400, 200))
    card = sheet_view.RatCard(seat=1, revealed={"dishes": [12, 3, 24], "decorations": [10]})
    sheet_view.draw_rat_card(surface, pygame.Rect(0, 0, int(220 * scale), int(90 * scale)), card, scale)
    assert {"12", "3", "24", "10"} <= set(shown) and "…" not in "".join(shown)


def test_the_dice_caption_of_a_scavenge_roll_is_translated_whole() -> None:
    """'6 rags or 5 flowers.' under the dice: the 'or' is Spanish too (it stayed English)."""
    from pie_table.games.rats.actions import _roll_text as roll_text  # the engine's own words
    from pie_table.games.rats.ui.labels import dice_caption
    from pie_table.kit.i18n import set_language

    event = {"dice": (5, 6), "purpose": "scavenge", "text": roll_text("scavenge", [5, 6])}
    try:
        set_language("es")
        caption = dice_caption(event)
    finally:
        set_language("en")
    assert " o " in caption and " or " not in caption, caption


def test_the_scavenge_buttons_name_their_supplies_in_the_players_language() -> None:
    """'6 baubles' and '2 flowers' on the scavenge buttons and in a request read in Spanish too
    (they stayed English: the engine's own words)."""
    from pie_table.kit.i18n import set_language

    view = {"sheet": {"nests": []}, "seat": 0, "vocations": []}
    try:
        set_language("es")
        baubles = action_label({"type": "scavenge", "supply": "baubles", "count": 6}, {}, view)
        flowers = action_label({"type": "scavenge", "supply": "flowers", "count": 1}, {}, view)
        asked = action_label({"type": "request", "supply": "rags", "amount": 3, "target": 1}, {}, view)
    finally:
        set_language("en")
    assert (baubles, flowers) == ("6 abalorios", "1 flor")
    assert "3 trapos" in asked and "rags" not in asked, asked
    assert action_label({"type": "scavenge", "supply": "baubles", "count": 6}, {}, view) == "6 baubles"


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_six_nest_choices_are_each_labelled_whole_on_the_table(monkeypatch, size, language) -> None:
    from pie_table.cli.headless_app import make_table
    from pie_table.core.registry import get_game
    from pie_table.core.setup import GameSetup, parse_seats
    from pie_table.kit.i18n import set_language
    from tests.kit.cut_log import logging_cuts

    set_language(language)
    try:
        setup = GameSetup("rats", parse_seats("human,bot:easy"), {}, seed=3)
        _app, scene = make_table(get_game("rats"), setup, size)
        legal = [{"type": "nest", "seat": 0, "supply": supply} for supply in SUPPLIES]
        with logging_cuts(monkeypatch) as cuts:
            panel = ChoicePanel(0, {"kind": "nest"}, legal, {"seat": 0}, lambda _a: None)
            panel.layout(scene.panel_rect(), scene.layout.scale)
            panel.draw(pygame.Surface(size))
        assert cuts == []
        assert all(button.rect.bottom <= scene.panel_rect().bottom for button in panel.buttons)
    finally:
        set_language("en")
