"""Pie Rats moves: each is checked in full (IllegalAction with the reason, nothing changed) and
only then performed. Which decision may take which move is the flow's business (flow.py)."""

from __future__ import annotations

from typing import Any

from pie_table.core.engine import Action, Event, IllegalAction
from pie_table.core.messages import Msg
from pie_table.games.pie_rats.deck import (
    BEAN,
    CHARM,
    KEYS,
    KIDNAP,
    MIRROR,
    PIES,
    SPINACH,
    THEFT,
    is_charisma,
    is_crew,
)
from pie_table.games.pie_rats.reckon import lure_have, lure_need, surplus_card
from pie_table.games.pie_rats.state import SEAT_CAPTAINS, PieRatsState, Rat, captain_name, card_name, say

MEAN = (KIDNAP, BEAN)


def int_field(action: Action, key: str) -> int:
    value = action.get(key)
    if type(value) is not int:
        raise IllegalAction(Msg("The move needs a card number for '{key}'", key=key))
    return value


def _is_int(value: Any) -> bool:
    return type(value) is int


# Messages made once for each Captain (and card) they name: every round repeats them, and a
# message is never changed.
_DECLARES_MSGS = tuple(tuple(Msg("{captain} declares a lure.", captain=name) for name in by_seat)
                       for by_seat in SEAT_CAPTAINS)  # by Captain, then seat
_JOINS_MSGS: dict[tuple[int, int, int], Msg] = {}


def _joins_msg(state: PieRatsState, seat: int, card: int) -> Msg:
    key = (state.captains[seat], seat, card)
    found = _JOINS_MSGS.get(key)
    if found is None:
        text = Msg("{card} joins {captain}'s crew.", card=card_name(card), captain=captain_name(state, seat))
        found = _JOINS_MSGS[key] = text
    return found


def int_list(action: Action, key: str) -> list[int]:
    value = action.get(key)
    if not isinstance(value, list) or not all(map(_is_int, value)):
        raise IllegalAction(Msg("The move needs a list of card numbers for '{key}'", key=key))
    if len(set(value)) != len(value):
        raise IllegalAction(Msg("A card is named twice"))
    return list(value)


def hand_card(state: PieRatsState, seat: int, action: Action, wanted: str) -> int:
    """The card named by the action, which must be in the seat's hand and be a `wanted` card."""
    card = int_field(action, "card")
    if card not in state.hands[seat]:
        raise IllegalAction(Msg("That card is not in your hand"))
    if (
        KEYS[card] != wanted
        and not (wanted == "crew" and is_crew(card))
        and not (wanted == "charisma" and is_charisma(card))
    ):
        raise IllegalAction(Msg("That card is not a {kind}", kind=_KIND_NAMES.get(wanted, Msg(wanted))))
    return card


_KIND_NAMES = {
    "crew": Msg("crew member"),
    "charisma": Msg("charisma card"),
    MIRROR: Msg("Mirror"),
    THEFT: Msg("Charisma Theft"),
    SPINACH: Msg("Spinach"),
    KIDNAP: Msg("Kidnapping"),
    BEAN: Msg("Carob Bean"),
}


# -- phase 2 -------------------------------------------------------------------------------------------


def check_table(state: PieRatsState, seat: int, action: Action) -> int:
    return hand_card(state, seat, action, "charisma")


def do_table(state: PieRatsState, seat: int, card: int, events: list[Event]) -> None:
    state.hands[seat].remove(card)
    state.charisma[seat].append(card)
    say(
        events,
        "table",
        Msg("{captain} tables {card}.", captain=captain_name(state, seat), card=card_name(card)),
        seat=seat,
        card=card,
    )


def check_theft(state: PieRatsState, seat: int, action: Action) -> tuple[int, int, int]:
    card = hand_card(state, seat, action, THEFT)
    target = int_field(action, "target")
    for victim, tabled in enumerate(state.charisma):
        if target in tabled:
            if victim == seat:
                raise IllegalAction(Msg("That charisma card is already yours"))
            return card, target, victim
    raise IllegalAction(Msg("No Captain has that charisma card on the table"))


def do_theft(state: PieRatsState, seat: int, found: tuple[int, int, int], events: list[Event]) -> None:
    card, target, victim = found
    state.hands[seat].remove(card)
    state.discard.append(card)
    state.charisma[victim].remove(target)
    state.charisma[seat].append(target)
    say(
        events,
        "theft",
        Msg(
            "{captain} steals {card} from {victim}!",
            captain=captain_name(state, seat),
            card=card_name(target),
            victim=captain_name(state, victim),
        ),
        seat=seat,
        card=card,
        target=target,
        victim=victim,
    )


# -- phase 3 -------------------------------------------------------------------------------------------


def check_crew(state: PieRatsState, seat: int, action: Action) -> int:
    return hand_card(state, seat, action, "crew")


def do_crew(state: PieRatsState, seat: int, card: int, events: list[Event]) -> None:
    state.hands[seat].remove(card)
    state.crews[seat].append(Rat(card))
    # `say`, written out (crew join every round: one of the commonest events).
    events.append({"type": "crew", "text": _joins_msg(state, seat, card), "seat": seat, "card": card})


# -- phase 4 -------------------------------------------------------------------------------------------


def check_protect(state: PieRatsState, seat: int, action: Action) -> int:
    target = int_field(action, "crew")
    place = state.owner_of(target)
    if place is None or place[0] != seat:
        raise IllegalAction(Msg("Protect a crew member of your own"))
    return place[1]


def do_protect(state: PieRatsState, seat: int, index: int, events: list[Event]) -> None:
    rat = state.crews[seat][index]
    rat.protected = True
    state.acted[seat] = True
    say(
        events,
        "protect",
        Msg("{captain} protects {card}.", captain=captain_name(state, seat), card=card_name(rat.card)),
        seat=seat,
        card=rat.card,
    )


def do_declare(state: PieRatsState, seat: int, events: list[Event]) -> None:
    state.declared[seat] = True
    state.acted[seat] = True
    text = _DECLARES_MSGS[state.captains[seat]][seat]
    events.append({"type": "declare", "text": text, "seat": seat})  # `say`, written out


# -- phase 5 -------------------------------------------------------------------------------------------


def check_lure(state: PieRatsState, seat: int, action: Action) -> dict[str, Any]:
    """A lure as data {seat, targets, cards} once every part of it is allowed."""
    if not state.declared[seat]:
        raise IllegalAction(Msg("A Captain who protected a crew member in phase 4 does not lure this round"))
    if state.acted[seat]:
        raise IllegalAction(Msg("You have already made your lure this round"))
    targets = int_list(action, "targets")
    cards = int_list(action, "cards")
    if not targets:
        raise IllegalAction(Msg("Choose a crew member to lure"))
    for card in cards:
        if card not in state.charisma[seat]:
            raise IllegalAction(Msg("Only charisma cards on your table can help a lure"))
    charms = [KEYS[c] for c in cards].count(CHARM)
    if len(targets) > 2 or (len(targets) == 2 and not charms):
        raise IllegalAction(Msg("Only a Charm lets you lure two crew members at once"))
    loyalties = []
    for target in targets:
        place = state.owner_of(target)
        if place is None:
            raise IllegalAction(Msg("That crew member is not on the table"))
        owner, index = place
        if owner == seat:
            raise IllegalAction(Msg("{card} is already in your crew", card=card_name(target)))
        rat = state.crews[owner][index]
        if rat.protected:
            raise IllegalAction(Msg("{card} is protected this round", card=card_name(target)))
        if rat.lured:
            raise IllegalAction(
                Msg("{card} was just lured and cannot be lured again this phase", card=card_name(target))
            )
        loyalties.append(rat.loyalty)
    need, have = lure_need(loyalties), lure_have(cards)
    if have < need:
        raise IllegalAction(Msg("That lure needs {need} charisma; you have {have}", need=need, have=have))
    spare = surplus_card(cards, len(targets), need)
    if spare is not None:
        raise IllegalAction(Msg("{card} is not needed for that lure: keep it", card=card_name(spare)))
    return {"seat": seat, "targets": targets, "cards": cards, "need": need, "have": have}


def has_charm(lure: dict[str, Any]) -> bool:
    return CHARM in [KEYS[c] for c in lure["cards"]]


def do_lure(state: PieRatsState, lure: dict[str, Any], events: list[Event]) -> None:
    seat = lure["seat"]
    for card in lure["cards"]:
        state.charisma[seat].remove(card)
        state.discard.append(card)
    for target in lure["targets"]:
        owner, index = state.owner_of(target)  # type: ignore[misc]  # checked when declared
        rat = state.crews[owner].pop(index)
        rat.protected, rat.lured = False, True
        state.crews[seat].append(rat)
        say(
            events,
            "lured",
            Msg(
                "{captain} lures {card} away from {victim}.",
                captain=captain_name(state, seat),
                card=card_name(target),
                victim=captain_name(state, owner),
            ),
            seat=seat,
            card=target,
            victim=owner,
        )
    state.acted[seat] = True


def announce_lure(state: PieRatsState, lure: dict[str, Any], events: list[Event]) -> None:
    say(
        events,
        "charm",
        Msg(
            "{captain} plays a Charm to lure {targets} (charisma {have} against {need}).",
            captain=captain_name(state, lure["seat"]),
            targets=[card_name(t) for t in lure["targets"]],
            have=lure["have"],
            need=lure["need"],
        ),
        seat=lure["seat"],
        targets=list(lure["targets"]),
        cards=list(lure["cards"]),
    )


def check_mirror(state: PieRatsState, seat: int, action: Action) -> int:
    return hand_card(state, seat, action, MIRROR)


def do_mirror(state: PieRatsState, seat: int, card: int, lure: dict[str, Any], events: list[Event]) -> None:
    lurer = lure["seat"]
    state.hands[seat].remove(card)
    for used in lure["cards"]:
        state.charisma[lurer].remove(used)
        state.discard.append(used)
    state.discard.append(card)
    state.acted[lurer] = True
    say(
        events,
        "mirror",
        Msg(
            "{captain} holds up a Mirror: {victim}'s Charm fails and its cards are discarded.",
            captain=captain_name(state, seat),
            victim=captain_name(state, lurer),
        ),
        seat=seat,
        card=card,
        victim=lurer,
        cards=list(lure["cards"]),
    )


# -- items: Spinach, Kidnapping, Carob Bean ------------------------------------------------------------------


def check_spinach(state: PieRatsState, seat: int, action: Action) -> tuple[int, int]:
    card = hand_card(state, seat, action, SPINACH)
    target = int_field(action, "crew")
    place = state.owner_of(target)
    if place is None or place[0] != seat:
        raise IllegalAction(Msg("Spinach goes on a crew member of your own (never on a Captain)"))
    if state.crews[seat][place[1]].spinach is not None:
        raise IllegalAction(Msg("{card} already has Spinach", card=card_name(target)))
    return card, place[1]


def do_spinach(state: PieRatsState, seat: int, found: tuple[int, int], events: list[Event]) -> None:
    card, index = found
    state.hands[seat].remove(card)
    rat = state.crews[seat][index]
    rat.spinach = card
    say(
        events,
        "spinach",
        Msg(
            "{captain} feeds Spinach to {card}: strength {strength}.",
            captain=captain_name(state, seat),
            card=card_name(rat.card),
            strength=rat.strength,
        ),
        seat=seat,
        card=card,
        crew=rat.card,
    )


def check_mean(
    state: PieRatsState, seat: int, action: Action, kind: str, only_owner: int | None = None
) -> tuple[int, int, int]:
    """A Kidnapping or Carob Bean against another Captain's crew member: (card, owner, index)."""
    card = hand_card(state, seat, action, kind)
    target = int_field(action, "crew")
    place = state.owner_of(target)
    if place is None:
        raise IllegalAction(Msg("That crew member is not on the table"))
    owner, index = place
    if owner == seat:
        raise IllegalAction(Msg("Play it on another Captain's crew"))
    if only_owner is not None and owner != only_owner:
        raise IllegalAction(Msg("Now only the looting Captain's crew can be targeted"))
    if state.frozen[owner]:
        raise IllegalAction(
            Msg("{captain} is looting a pie: that crew is frozen", captain=captain_name(state, owner))
        )
    if state.phase == 6 and state.options["phase6"] == "b":
        raise IllegalAction(Msg("With the nice rule no mean cards are played in phase 6"))
    return card, owner, index


def do_kidnap(state: PieRatsState, seat: int, found: tuple[int, int, int], events: list[Event]) -> None:
    card, owner, index = found
    state.hands[seat].remove(card)
    state.discard.append(card)
    rat = state.crews[owner].pop(index)
    rat.protected = False
    rat.lured = state.phase == 5  # sideways like a lured rat, so it stays this phase
    state.crews[seat].append(rat)
    say(
        events,
        "kidnap",
        Msg(
            "{captain} kidnaps {card} from {victim}!",
            captain=captain_name(state, seat),
            card=card_name(rat.card),
            victim=captain_name(state, owner),
        ),
        seat=seat,
        card=card,
        crew=rat.card,
        victim=owner,
    )


def do_bean(state: PieRatsState, seat: int, found: tuple[int, int, int], events: list[Event]) -> None:
    card, owner, index = found
    state.hands[seat].remove(card)
    rat = state.crews[owner].pop(index)
    state.discard.extend([card, rat.card] + ([rat.spinach] if rat.spinach is not None else []))
    say(
        events,
        "bean",
        Msg(
            "{captain} feeds a Carob Bean to {card}, who scampers off from {victim}.",
            captain=captain_name(state, seat),
            card=card_name(rat.card),
            victim=captain_name(state, owner),
        ),
        seat=seat,
        card=card,
        crew=rat.card,
        victim=owner,
    )


# -- phase 6 -------------------------------------------------------------------------------------------


def check_call(state: PieRatsState, seat: int) -> None:
    if state.options["phase6"] != "a":
        raise IllegalAction(Msg('Calling "I\'m looting a pie!" belongs to phase-6 rule a'))
    if state.frozen[seat]:
        raise IllegalAction(Msg("You have already called it"))
    if state.looted[seat]:
        raise IllegalAction(Msg("You have already looted a pie this round"))
    if not state.sill:
        raise IllegalAction(Msg("No pie is on the window sill to loot"))


def do_call(state: PieRatsState, seat: int, events: list[Event]) -> None:
    state.frozen[seat] = True
    say(events, "call", Msg('{captain}: "I\'m looting a pie!"', captain=captain_name(state, seat)), seat=seat)


def check_loot(state: PieRatsState, seat: int, action: Action) -> dict[str, Any]:
    """A loot as data {seat, pie, crew, total, weight}."""
    if state.looted[seat]:
        raise IllegalAction(Msg("A Captain loots one pie per round"))
    pie = int_field(action, "pie")
    if pie not in state.sill:
        raise IllegalAction(Msg("That pie is not on the window sill"))
    chosen = int_list(action, "crew")
    mine = {rat.card: rat for rat in state.crews[seat]}
    for card in chosen:
        if card not in mine:
            raise IllegalAction(Msg("Only your own crew can help you loot"))
    weight = PIES[pie].weight
    total = loot_strength(state, seat, chosen)
    if total < weight:
        raise IllegalAction(
            Msg(
                "{pie} weighs {weight}; your strength is {total}",
                pie=Msg(PIES[pie].name),
                weight=weight,
                total=total,
            )
        )
    for card in chosen:
        if total - mine[card].strength >= weight:
            raise IllegalAction(Msg("{card} is not needed for that pie: keep them", card=card_name(card)))
    return {"seat": seat, "pie": pie, "crew": chosen, "total": total, "weight": weight}


def loot_strength(state: PieRatsState, seat: int, chosen: list[int]) -> int:
    from pie_table.games.pie_rats.deck import CAPTAIN_STRENGTH

    mine = {rat.card: rat for rat in state.crews[seat]}
    return CAPTAIN_STRENGTH + sum(mine[c].strength for c in chosen if c in mine)


def loot_still_holds(state: PieRatsState, loot: dict[str, Any]) -> bool:
    """After an ambush: are the chosen crew all still there and still strong enough?"""
    mine = {rat.card for rat in state.crews[loot["seat"]]}
    return (
        all(c in mine for c in loot["crew"])
        and loot_strength(state, loot["seat"], loot["crew"]) >= loot["weight"]
    )


def do_loot(state: PieRatsState, loot: dict[str, Any], events: list[Event]) -> None:
    seat = loot["seat"]
    state.sill.remove(loot["pie"])
    state.won[seat].append(loot["pie"])
    state.loot_order.append(seat)
    state.looted[seat] = True
    kept = []
    for rat in state.crews[seat]:
        if rat.card in loot["crew"]:
            state.discard.append(rat.card)
            if rat.spinach is not None:
                state.discard.append(rat.spinach)
        else:
            kept.append(rat)
    state.crews[seat] = kept
    pie = PIES[loot["pie"]]
    say(
        events,
        "loot",
        Msg(
            "{captain} loots {pie} (strength {total} for weight {weight}): {points} points!",
            captain=captain_name(state, seat),
            pie=Msg(pie.name),
            total=loot["total"],
            weight=pie.weight,
            points=pie.points,
        ),
        seat=seat,
        pie=loot["pie"],
        crew=list(loot["crew"]),
    )


def strongest(state: PieRatsState, seat: int) -> int | None:
    """Index of the crew member a Captain who could not loot discards: strongest, then most loyal."""
    crew = state.crews[seat]
    if not crew:
        return None
    return max(range(len(crew)), key=lambda i: (crew[i].strength, crew[i].loyalty, -i))


def do_no_loot(state: PieRatsState, seat: int, events: list[Event]) -> None:
    """Phase 6 ends for a Captain without a pie while pies wait on the sill."""
    index = strongest(state, seat)
    if index is None:
        say(events, "no_loot", Msg("{captain} loots nothing.", captain=captain_name(state, seat)), seat=seat)
        return
    rat = state.crews[seat].pop(index)
    state.discard.append(rat.card)
    if rat.spinach is not None:
        state.discard.append(rat.spinach)
    say(
        events,
        "no_loot",
        Msg(
            "{captain} loots nothing, and {card} leaves the crew in disgust.",
            captain=captain_name(state, seat),
            card=card_name(rat.card),
        ),
        seat=seat,
        crew=rat.card,
    )
