"""The Cheflebrity felt follows the interface size: at 200% its chefs' names, scores and the piles'
captions are drawn at least 1.3 times as tall as at 100%, on the 1280x720 design and on a small
900x560 window, in English and Spanish, and no text of the table is drawn smaller."""

from __future__ import annotations

import re

import pytest

from pie_table.games.cheflebrity.ui.layout import compute_layout
from pie_table.kit.fonts import set_window
from pie_table.kit.i18n import set_language
from pie_table.kit.text import set_interface_size
from tests.kit.table_texts import sized_home, table_texts  # noqa: F401 - sized_home, a fixture
from tests.kit.text_probe import largest_sizes

# The felt's own labels: a chef's name and score, the Ingredients' and the Out Pile's counts.
_LABELS = re.compile(r"^(Chef \d|\d+ ptos?|\d+ pts|(Ingredients|Ingredientes|Out|Fuera): \d+)$")


pytestmark = pytest.mark.usefixtures("sized_home")


def _sizes(monkeypatch, size: tuple[int, int], percent: int) -> dict[str, int]:
    """The size each text of a four-chef table is drawn at, five turns in."""
    seats = "human,bot:normal,bot:hard,bot:easy"
    drawn, _scene = table_texts(monkeypatch, "cheflebrity", seats, size, percent)
    return largest_sizes(drawn)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("size", [(1280, 720), (900, 560)])
def test_200_percent_draws_the_felts_names_scores_and_captions_larger(monkeypatch, size, lang):
    set_language(lang)
    normal = _sizes(monkeypatch, size, 100)
    larger = _sizes(monkeypatch, size, 200)
    both = set(normal) & set(larger)
    labels = sorted(text for text in both if _LABELS.match(text))
    assert len(labels) >= 6  # four chefs' names, scores, the piles' counts
    # A pie's points over its stack grow as far as the chef's place holds the stack (1.2 times
    # in a rival's short place at 1280x720); the rest 1.3 times at least.
    least = {t: 1.2 if re.match(r"^\d+ (ptos?|pts)$", t) else 1.3 for t in labels}
    assert [(t, normal[t], larger[t]) for t in labels if larger[t] < least[t] * normal[t]] == []
    assert sorted(t for t in both if larger[t] < normal[t]) == []


@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1920, 1080)])
def test_a_spectators_felt_takes_the_hands_room(size):
    """A replay or a spectator shows no hand: its one line leaves the chefs' areas the rest."""
    set_window(size)
    shown, hidden = (compute_layout(size, 4, 0, hand_shown=flag) for flag in (True, False))
    assert hidden.hand.h < shown.hand.h // 2
    assert hidden.seats[0].h > shown.seats[0].h and hidden.seats[1].h >= shown.seats[1].h
    assert hidden.hand.bottom == shown.hand.bottom


@pytest.mark.parametrize("size", [(1280, 720), (900, 560), (1280, 600)])
def test_the_cards_are_never_smaller_at_200_percent(size):
    """The texts grow in the felt's height, and the hand's and piles' cards (whose corners' sizes
    follow their height) keep theirs or grow: on a replay's shorter table too (1280x600)."""
    set_window(size)
    normal = compute_layout(size, 4, 0)
    set_interface_size(200)
    larger = compute_layout(size, 4, 0)
    assert larger.text >= 1.3 * normal.text
    assert larger.hand_card[1] >= normal.hand_card[1] and larger.pile_card[1] >= normal.pile_card[1]
    assert larger.strip[1] >= normal.strip[1]
