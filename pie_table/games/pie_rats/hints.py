"""A hint's reason for the seat at the screen, in the game's own words: why the move the hint bot
chose from that seat's view (`core.hints`) is worth making. Pure Python."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pie_table.core.messages import Msg
from pie_table.games.pie_rats import race
from pie_table.games.pie_rats.deck import CAPTAIN_CHARISMA, CAPTAIN_STRENGTH, CARDS, PIES

Action = dict[str, Any]


def _rat(view: Mapping[str, Any], card: int) -> dict[str, Any]:
    return next(
        (r for crew in view["crews"] for r in crew if r["card"] == card), {"strength": 0, "loyalty": 0}
    )


def _changes_race(view: Mapping[str, Any], action: Action) -> bool:
    """Would this Kidnapping or Carob Bean change who carries which pie this round (`race.race`)?
    Never with no pie cooling."""
    to = action["seat"] if action["type"] == "kidnap" else None
    after = race.moved(view["crews"], action["crew"], to)
    return race.race(view, after) != race.race(view, view["crews"])


def _name(card: int) -> Msg:
    return Msg(CARDS[card].name)


def reason(view: Mapping[str, Any], action: Action) -> Msg:
    """Why the move is worth making, in a line."""
    kind = action["type"]
    if kind == "table":
        return Msg(
            "Table {card}: charisma only counts on the table, and only phase 2 lets it go down.",
            card=_name(action["card"]),
        )
    if kind == "crew":
        return Msg(
            "Add {card} to your crew: strength {s} towards the next pie.",
            card=_name(action["card"]),
            s=CARDS[action["card"]].strength,
        )
    if kind == "theft":
        return Msg(
            "Steal {card}: +{n} for your lures, and one less for a rival.",
            card=_name(action["target"]),
            n=CARDS[action["target"]].charisma,
        )
    if kind == "protect":
        rat = _rat(view, action["crew"])
        return Msg(
            "Protect {card}: strength {s}, the rat a rival could most hurt you by luring.",
            card=_name(action["crew"]),
            s=rat["strength"],
        )
    if kind == "declare":
        return Msg("Declare a lure: a rival's rat is within reach of your charisma.")
    if kind == "lure":
        gained = sum(_rat(view, t)["strength"] for t in action["targets"])
        have = CAPTAIN_CHARISMA + sum(CARDS[c].charisma for c in action["cards"])
        return Msg(
            "Lure {targets}: +{s} strength for you, charisma {have} is enough.",
            targets=[_name(t) for t in action["targets"]],
            s=gained,
            have=have,
        )
    if kind == "spinach":
        rat = _rat(view, action["crew"])
        return Msg(
            "Spinach for {card}: strength {a} becomes {b}.",
            card=_name(action["crew"]),
            a=rat["strength"],
            b=rat["strength"] * 2,
        )
    if kind in ("kidnap", "bean"):
        rat = _rat(view, action["crew"])
        if not _changes_race(view, action):
            return Msg(
                "Take {card} (strength {s}) out of a rival's crew: a weaker rival for the pies to come.",
                card=_name(action["crew"]),
                s=rat["strength"],
            )
        return Msg(
            "Take {card} (strength {s}) out of a rival's crew: it changes who reaches the pie first.",
            card=_name(action["crew"]),
            s=rat["strength"],
        )
    if kind == "call_loot":
        return Msg('Call "I\'m looting a pie!" first: nobody can touch your crew while you loot.')
    if kind == "loot":
        crew = {r["card"]: r["strength"] for r in view["crews"][action["seat"]]}
        total = CAPTAIN_STRENGTH + sum(crew.get(c, 0) for c in action["crew"])
        pie = PIES[action["pie"]]
        return Msg(
            "Loot {pie}: {points} points, strength {total} for weight {weight}; spare crew stays.",
            pie=Msg(pie.name),
            points=pie.points,
            total=total,
            weight=pie.weight,
        )
    if kind == "mirror":
        return Msg("Play the Mirror: the Charm would cost you or help a leader.")
    if kind == "refill":
        if action["cards"]:
            return Msg(
                "Discard {cards}: fresh cards are worth more.", cards=[_name(c) for c in action["cards"]]
            )
        if not view["hand"]:
            return Msg("Draw three fresh cards: your hand is empty.")
        return Msg("Keep your hand: every card in it may still be useful.")
    if kind == "pass":
        return Msg("Pass: nothing here is worth a card.")
    return Msg("End your turn: nothing more is worth doing now.")
