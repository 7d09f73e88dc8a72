"""What a rat says aloud to the table, in one place: the rules log these lines, and a table
leaves room on a rat's card for the longest of them."""

from __future__ import annotations

from pie_table.core.messages import Msg
from pie_table.games.rats.state import SUPPLIES, VOCATIONS, rat, supply_amount, supply_word

# Amounts at their widest for room on a card: a rat holds at most some 54 of a supply in five
# turns (two digits), while a request may name up to three.
_MOST_HELD, _MOST_ASKED = 99, 999


def request(seat: int, target: int, amount: int | str, supply: int) -> Msg:
    """`seat` asks `target` for `amount` (a number or "all") of `supply`."""
    asked = (Msg("all of your {supply}", supply=supply_word(supply)) if amount == "all"
             else supply_amount(int(amount), supply))
    return Msg("{rat}: Could you possibly part with {asked}, {target}?", rat=rat(seat), asked=asked,
               target=rat(target))


def handover(seat: int, given: int, supply: int) -> Msg:
    """`seat` hands over `given` of `supply`."""
    here = supply_amount(given, supply)
    return (Msg("{rat}: Indeed, here is {amount}.", rat=rat(seat), amount=here) if given == 1
            else Msg("{rat}: Indeed, here are {amount}.", rat=rat(seat), amount=here))


def afraid(seat: int, count: int, supply: int) -> Msg:
    """`seat` has more of `supply` than the Host."""
    return Msg("{rat}: I'm afraid I have {amount}.", rat=rat(seat), amount=supply_amount(count, supply))


def becomes(seat: int, vocation: str) -> Msg:
    """`seat` takes `vocation`."""
    return Msg("{rat} becomes the {vocation}.", rat=rat(seat), vocation=Msg(vocation.title()))


def longest(seat: int = 0, other: int = 5) -> list[Msg]:
    """Each of these lines with the widest values it takes (every supply and vocation, the
    largest amounts), said by `seat` to `other`: what a rat's card must find room for."""
    lines = [becomes(seat, vocation) for vocation in VOCATIONS]
    for supply in range(len(SUPPLIES)):
        lines += [request(seat, other, "all", supply), request(seat, other, _MOST_ASKED, supply),
                  handover(seat, _MOST_HELD, supply), afraid(seat, _MOST_HELD, supply)]
    return lines
