"""Engine messages carry an id and parameters; the UI renders them in the player's language."""

import gettext
import json

import pytest

from pie_table.core.engine import IllegalAction
from pie_table.core.messages import Msg, plural, render, translate
from pie_table.games.rumble_pie.rules import RULES as RUMBLE
from pie_table.kit import i18n
from pie_table.scenes.base import open_table

_SPANISH = {
    "Rat {n}": "Rata {n}",
    "{rat}: RATS!": "{rat}: ¡RATAS!",
    "Your Host has {amount}.": "Tu anfitrión tiene {amount}.",
    "A {card} cannot go on a {top}": "Un {card} no va sobre un {top}",
    "Two": "Dos",
    "Four": "Cuatro",
}
_PLURALS = {("{n} rag", "{n} rags"): ("{n} trapo", "{n} trapos")}


class _Catalogue(gettext.NullTranslations):
    def gettext(self, message):
        return _SPANISH.get(message, message)

    def ngettext(self, singular, plural_, n):
        one, other = _PLURALS.get((singular, plural_), (singular, plural_))
        return one if n == 1 else other


@pytest.fixture
def spanish(monkeypatch):
    monkeypatch.setattr(i18n, "_translation", _Catalogue())


def test_a_message_is_english_text_that_keeps_its_id_and_parameters():
    rag = plural(1, "{n} rag", "{n} rags")
    msg = Msg("{rat}: I'm afraid I have {amount}.", rat=Msg("Rat {n}", n=2), amount=rag)
    assert msg == "Rat 2: I'm afraid I have 1 rag." and str(msg).endswith("1 rag.")
    data = json.loads(json.dumps(msg.to_json()))
    assert translate(data) == msg
    assert render("{names}", {"names": [Msg("Rat {n}", n=1), Msg("Rat {n}", n=3)]}) == "Rat 1, Rat 3"


def test_a_broken_translation_falls_back_to_the_english():
    assert render("{a} and {b}", {"a": 1, "b": 2}, gettext=lambda s: "{a} y {c}") == "1 and 2"


def test_rats_events_are_translated_by_the_ui(spanish):
    from pie_table.core.engine import copy_json
    from pie_table.net.protocol import revive_tree
    from tests.rats.rats_helpers import said, table

    state = table([[0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 0], [0] * 6])
    events = said(state)
    spoken = [i18n.event_text(e) for e in events]
    assert "Tu anfitrión tiene 2 trapos." in spoken
    assert "Your Host has 2 rags." in [e["text"] for e in events]
    assert "Rata 2: ¡RATAS!" in spoken
    # An event keeps its id and parameters through JSON (the wire, a seat's replay): it translates the same.
    again = revive_tree(json.loads(json.dumps(copy_json(events))))
    assert [i18n.event_text(e) for e in again] == spoken


def test_rumble_pie_refusals_are_translated_by_the_ui(spanish):
    from tests.rumble_pie.helpers import arrange, play, playing

    pile = ["shorty", "one", "two", "three", "four"]
    state = arrange(playing(), columns={0: [["two"]]}, piles={(1, "shorty"): pile})
    with pytest.raises(IllegalAction) as caught:
        RUMBLE.apply(state, play(0, 0, 1, "shorty"))
    assert caught.value.reason == "A Two cannot go on a Four"  # English for logs and tests
    assert i18n.tr(caught.value.message) == "Un Dos no va sobre un Cuatro"


def test_the_table_shows_a_refusal_in_the_players_language(spanish):
    """Through the session and the Rumble Pie table's feedback, not just the engine."""
    from pie_table.core.setup import GameSetup, parse_seats
    from pie_table.games.rumble_pie.ui import RumbleTableScene
    from pie_table.kit.app import App
    from tests.rumble_pie.helpers import arrange

    app = App((1280, 720), headless=True)
    scene = open_table(RumbleTableScene, app,
        GameSetup("rumble-pie", parse_seats("human:keys1,bot:easy"), seed=1))
    app.scenes.push(scene)
    scene.skip_to(at=3.5)
    four = ["shorty", "one", "two", "three", "four"]
    arrange(scene.sim.state, columns={0: [["two"]]}, piles={(1, "shorty"): four})
    scene.sim.push({"type": "play", "seat": 0, "source": 0, "board": 1, "face": "shorty"}, ("keys1", None))
    scene.update(1 / 60)
    assert scene.feedback.notices[0][0] == "Un Dos no va sobre un Cuatro"


def test_a_seat_named_in_a_message_is_rendered_by_the_tables_name_for_it():
    from pie_table.core.messages import named_seat, seat_msg

    rat = seat_msg("Rat {n}", 2, n=3)
    said = Msg("{rat}: RATS!", rat=rat)
    assert str(said) == "Rat 3: RATS!" and named_seat(rat) == 2  # the engine's text is unchanged
    names = {2: "Alice"}.get
    assert translate(said, seat_name=names) == "Alice: RATS!"
    assert translate(rat, seat_name=names) == "Alice"
    stored = json.loads(json.dumps(said.to_json()))  # a saved or replayed event names her too
    assert translate(stored, seat_name=names) == "Alice: RATS!"
    assert translate(Msg("{rats} wait", rats=[seat_msg("Rat {n}", 0, n=1), rat]),
                     seat_name=lambda seat: f"P{seat}") == "P0, P2 wait"
    assert translate(Msg("Rat {n}", n=3), seat_name=names) == "Rat 3"  # not marked: left alone
