"""Words for Pie Rats moves: a button label per legal action, and the arithmetic of a lure or a
loot as the rulebook works it out (charisma against loyalty plus one; strength against weight)."""

from __future__ import annotations

from typing import Any

from pie_table.games.pie_rats.deck import CAPTAIN_CHARISMA, CAPTAIN_STRENGTH, CARDS, PIES
from pie_table.games.pie_rats.reckon import owes_no_loot_penalty
from pie_table.games.pie_rats.ui.names import captain_label, card_label, pie_label
from pie_table.kit.i18n import _

PHASE_TITLES = {1: "Reveal", 2: "Charisma", 3: "Crew", 4: "Declare", 5: "Lure", 6: "Loot"}


def phase_title(phase: int) -> str:
    return _(PHASE_TITLES.get(phase, ""))


def owner_of(view: dict[str, Any], card: int) -> int | None:
    for seat, crew in enumerate(view["crews"]):
        if any(r["card"] == card for r in crew):
            return seat
    return None


def _rat(view: dict[str, Any], card: int) -> dict[str, Any] | None:
    for crew in view["crews"]:
        for rat in crew:
            if rat["card"] == card:
                return rat
    return None


def _names(cards: list[int]) -> str:
    return ", ".join(card_label(c) for c in cards) if cards else _("no cards")


def _who(view: dict[str, Any], seat: int) -> str:
    """A seat as the table names it: the panel's view carries the table's `seat_names` (the
    player's name beside the Captain's); the Captain alone without."""
    names = view.get("seat_names")
    return names[seat] if names and 0 <= seat < len(names) else captain_label(view, seat)


def label(view: dict[str, Any], action: dict[str, Any]) -> str:
    """The one line a move's button shows."""
    kind = action["type"]
    if kind == "done":
        if view["phase"] == 6 and _penalty_due(view, action["seat"]):
            return _("Done (your strongest rat leaves!)")
        return _("Done")
    if kind == "pass":
        return _("Pass")
    if kind == "table":
        return _("Table {card} (+{n})").format(
            card=card_label(action["card"]), n=CARDS[action["card"]].charisma
        )
    if kind == "theft":
        victim = next(s for s, t in enumerate(view["charisma"]) if action["target"] in t)
        return _("Steal {card} from {captain}").format(
            card=card_label(action["target"]), captain=_who(view, victim)
        )
    if kind == "crew":
        info = CARDS[action["card"]]
        return _("Crew: {card} (loyalty {l:+d}, strength {s})").format(
            card=card_label(action["card"]), l=info.loyalty, s=info.strength
        )
    if kind == "protect":
        return _("Protect {card}").format(card=card_label(action["crew"]))
    if kind == "declare":
        return _("Declare a lure")
    if kind == "lure":
        targets = " + ".join(card_label(t) for t in action["targets"])
        return _("Lure {targets} ({cards})").format(targets=targets, cards=_names(action["cards"]))
    if kind == "spinach":
        rat = _rat(view, action["crew"]) or {"strength": 0}
        return _("Spinach for {card} (strength {a} to {b})").format(
            card=card_label(action["crew"]), a=rat["strength"], b=rat["strength"] * 2
        )
    if kind in ("kidnap", "bean"):
        owner = owner_of(view, action["crew"])
        text = (
            _("Kidnap {card} from {captain}") if kind == "kidnap" else _("Carob Bean for {captain}'s {card}")
        )
        return text.format(card=card_label(action["crew"]), captain=_who(view, owner or 0))
    if kind == "call_loot":
        return _('Call "I\'m looting a pie!"')
    if kind == "loot":
        return _("Loot {pie} with {crew}").format(pie=pie_label(action["pie"]), crew=_names(action["crew"]))
    if kind == "mirror":
        return _("Play a Mirror on the Charm")
    if kind == "refill":
        if not action["cards"]:
            return _("Keep my hand and draw up to 3") if view["hand"] else _("Draw 3 cards")
        return _("Discard {cards}, then draw").format(cards=_names(action["cards"]))
    return kind


def _penalty_due(view: dict[str, Any], seat: int) -> bool:
    """Would Done now cost the strongest rat (`reckon.owes_no_loot_penalty`, as the engine asks)?"""
    crew = view["crews"][seat]
    strength = CAPTAIN_STRENGTH + sum(r["strength"] for r in crew)
    reading = view["options"]["no_loot_penalty"]
    return bool(crew) and owes_no_loot_penalty(
        reading, view["frozen"][seat], view["looted"][seat], view["sill"], strength
    )


def arithmetic(view: dict[str, Any], action: dict[str, Any]) -> str:
    """The sum behind a lure or a loot, as a player would work it out at the table ('' otherwise)."""
    if action["type"] == "lure":
        bonus = [CARDS[c].charisma for c in action["cards"]]
        have = CAPTAIN_CHARISMA + sum(bonus)
        left = " + ".join([str(CAPTAIN_CHARISMA), *(str(b) for b in bonus)])
        parts, need = [], 0
        for target in action["targets"]:
            rat = _rat(view, target)
            loyalty = rat["loyalty"] if rat else 0
            parts.append(f"({CAPTAIN_CHARISMA} {loyalty:+d} + 1)")
            need += CAPTAIN_CHARISMA + loyalty + 1
        return _("Charisma {left} = {have} against loyalty {right} = {need}").format(
            left=left, have=have, right=" + ".join(parts), need=need
        )
    if action["type"] == "loot":
        crew = {r["card"]: r["strength"] for r in view["crews"][action["seat"]]}
        values = [crew.get(c, 0) for c in action["crew"]]
        total = CAPTAIN_STRENGTH + sum(values)
        left = " + ".join([str(CAPTAIN_STRENGTH), *(str(v) for v in values)])
        return _("Strength {left} = {total} against weight {weight}").format(
            left=left, total=total, weight=PIES[action["pie"]].weight
        )
    return ""


def prompt(view: dict[str, Any], seat: int) -> str:
    """What the seat at the screen is asked now."""
    decisions = view.get("decisions") or []
    if not decisions:
        return ""
    top = decisions[-1]
    kind = top["kind"]
    if kind == "turn":
        return {
            2: _("Phase 2: table charisma cards, then Done"),
            3: _("Phase 3: add crew members, then Done"),
            4: _("Phase 4: protect one crew member or declare a lure"),
            5: _("Phase 5: lure a crew member, or Done"),
            6: _("Phase 6: loot a pie, or Done"),
        }.get(view["phase"], "")
    if kind == "theft":
        return _("Charisma Theft: anyone may steal a tabled charisma card")
    if kind == "mirror":
        held = top["data"].get("held") or {}
        who = _who(view, held.get("seat", 0))
        return _("{captain} plays a Charm: answer with a Mirror, or pass").format(captain=who)
    if kind == "ambush":
        held = top["data"].get("held") or {}
        who = _who(view, held.get("seat", 0))
        return _("{captain} reaches for a pie: Kidnapping or Carob Bean now, or pass").format(captain=who)
    if kind == "refill":
        return _("Round over: discard any cards you like, then draw to 3")
    return ""
