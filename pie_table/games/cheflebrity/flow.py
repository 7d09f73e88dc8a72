"""How a Cheflebrity turn runs, and the windows and trades that interrupt it.

A turn walks its steps in order: draw (required when anything can be drawn), an optional discard
to the Leftovers with a second draw, at most one pie card, then serving (one) and trading (each
other player once) in either order, since the rulebook's two lists order them differently. A
move of a later step skips the optional ones before it.

A working pie can change only when a card goes on it or comes off it, and only its owner can
serve it. So a Sabotage! window opens for the owner's rivals after every card added, after every
card a Sabotage! or an Oops! takes off, and after the draw of a player who has a dessert ready to
serve; every Sabotage! and Oops! opens a Saved it! window. Windows are sealed, ask every seat that
may answer whatever its hand holds, let every seat pass, and run out only through a logged
`timeout`. Every Sabotage! played in one window is played, one after another in seat order from
the player whose turn it is. A Saved it! ends its exchange: no Sabotage! answers it
(docs/rulings/cheflebrity.md).
"""

from __future__ import annotations

from typing import Any

from pie_table.core.decisions import Decision
from pie_table.core.engine import Action, Event, IllegalAction
from pie_table.core.messages import Msg, plural
from pie_table.games.cheflebrity import claims as C
from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity.deck import CARDS, GENIUS, KIND, OOPS, PART_NAMES, SABOTAGE, SAVED
from pie_table.games.cheflebrity.state import DEAL, ChefState, chef_name, say, tell

TURN, OOPS_PICK, SAB_WINDOW, SAVE_WINDOW, REPLY, CONFIRM = (
    "turn",
    "oops",
    "sabotage",
    "saved",
    "reply",
    "confirm",
)
WINDOWS = (SAB_WINDOW, SAVE_WINDOW)
# Why a Sabotage! window opened (its public data, for the table's prompt).
ADDED, REMOVED, DRAWN = "added", "removed", "drawn"
DRAW, DISCARD, REDRAW, PLAY, MAIN = "draw", "discard", "redraw", "play", "main"
STEPS = (DRAW, DISCARD, REDRAW, PLAY, MAIN)
AFTER_DRAW = (DISCARD, PLAY, MAIN)  # steps where the draw is done (sabotage, serve, trade allowed)
SABOTEURS = (SABOTAGE, GENIUS)
SAVERS = (SAVED, GENIUS)
# By card number: can it sabotage (a Sabotage! or Stroke of Genius!), can it save a pie.
IS_SABOTEUR = tuple(kind in SABOTEURS for kind in KIND)
IS_SAVER = tuple(kind in SAVERS for kind in KIND)


def card_name(card: int) -> Msg:
    return _CARD_NAMES[card]


_CARD_NAMES = tuple(Msg(card.name) for card in CARDS)  # made once: a message is never changed
# Messages every turn repeats, made once per chef (or card) for the same reason.
_TURN_MSGS = tuple(Msg("{chef}'s turn.", chef=chef_name(seat)) for seat in range(max(DEAL)))
_DONE_MSGS = tuple(Msg("{chef} is done.", chef=chef_name(seat)) for seat in range(max(DEAL)))
_DECLINED_MSGS = tuple(Msg("{chef} says no to the trade.", chef=chef_name(seat)) for seat in range(max(DEAL)))
_DRAWS_MSGS = tuple(Msg("{chef} draws a card.", chef=chef_name(seat)) for seat in range(max(DEAL)))
_YOU_DRAW_MSGS = tuple(Msg("You draw {card}.", card=name) for name in _CARD_NAMES)
_PLAYS_MSGS: dict[tuple[int, int], Msg] = {}


def _plays_msg(seat: int, card: int) -> Msg:
    """"Chef 2 plays Cherry Filling 20.", made once for each chef and card."""
    found = _PLAYS_MSGS.get((seat, card))
    if found is None:
        text = Msg("{chef} plays {card}.", chef=chef_name(seat), card=card_name(card))
        found = _PLAYS_MSGS[seat, card] = text
    return found


def others(state: ChefState, seat: int) -> list[int]:
    return [s for s in range(state.seats) if s != seat]


def order_from(state: ChefState, seat: int) -> list[int]:
    return [(seat + i) % state.seats for i in range(state.seats)]


# -- turns -----------------------------------------------------------------------------------------------


def start_turn(state: ChefState, seat: int, events: list[Event]) -> None:
    state.turn = seat
    state.turn_no += 1
    state.discarded = None
    state.played = state.served_now = False
    state.traded_with = []
    state.step = DRAW if can_draw(state) else DISCARD
    state.stack.push_turn(TURN, seat)
    # Events every turn has are written out as `say` would make them (hundreds a game).
    events.append({"type": "turn", "text": _TURN_MSGS[seat], "seat": seat, "turn": state.turn_no})
    if state.step == DISCARD:  # nothing to draw: the moment after the draw is now
        draw_window(state)


def can_draw(state: ChefState) -> bool:
    """Something can be drawn now (this turn's discard may not be taken straight back)."""
    leftovers, discarded = state.leftovers, state.discarded
    barred = 0 if discarded is None else leftovers.count(discarded)
    return bool(state.deck) or barred < len(leftovers)


def end_turn(state: ChefState, events: list[Event]) -> None:
    state.stack.pop()
    following = state.next_seat(state.turn)
    if state.final_by is not None and following == state.final_by:
        finish(state, events)
        return
    start_turn(state, following, events)


def finish(state: ChefState, events: list[Event]) -> None:
    state.over = True
    result = state.result
    assert result is not None
    state.winners = list(result["winners"])
    top = max(result["totals"])
    text = (
        Msg(
            "The judging is done: {winner} wins with {points} points.",
            winner=chef_name(state.winners[0]),
            points=top,
        )
        if len(state.winners) == 1
        else Msg(
            "The judging is done: {winners} share the win with {points} points.",
            winners=[chef_name(s) for s in state.winners],
            points=top,
        )
    )
    say(events, "game_over", text, winners=list(state.winners), barrier=True)


# -- applying --------------------------------------------------------------------------------------------


def apply(state: ChefState, seat: int | None, action: Action, events: list[Event]) -> None:
    """Check and apply one action for `seat` (None: the table's timeout). Raises before any change."""
    if state.over:
        raise IllegalAction(Msg("The game is over"))
    top = state.stack.top()
    if top is None:
        raise IllegalAction(Msg("Nothing is waiting for a decision"))
    kind = action.get("type")
    if kind == "timeout":
        if seat is not None:
            raise IllegalAction(Msg("Only the table may take that action"))
        if top.deadline is None:
            raise IllegalAction(Msg("This decision has no time limit"))
        top.run_out()
        close_window(state, top, events)
        return
    if not isinstance(seat, int) or not top.asks(seat):
        raise IllegalAction(Msg("It is not your turn to act"))
    if top.kind == TURN:
        turn_move(state, seat, action, events)
    elif top.kind in WINDOWS:
        window_answer(state, top, seat, action, events)
    elif top.kind == OOPS_PICK:
        oops_pick(state, top, seat, action, events)
    elif top.kind == REPLY:
        trade_reply(state, seat, action, events)
    elif top.kind == CONFIRM:
        trade_confirm(state, seat, action, events)
    else:  # pragma: no cover - every kind pushed is handled above
        raise IllegalAction(Msg("Nothing is waiting for a decision"))


def turn_move(state: ChefState, seat: int, action: Action, events: list[Event]) -> None:
    kind, step = action.get("type"), state.step
    if kind == "draw":
        if step not in (DRAW, REDRAW):
            raise IllegalAction(Msg("You have drawn already this turn"))
        do_draw(state, seat, action, events)
        return
    if step in (DRAW, REDRAW):
        raise IllegalAction(Msg("Draw a card first: from the Ingredients Pile or the Leftovers"))
    if kind == "discard":
        if step != DISCARD:
            raise IllegalAction(Msg("Discard right after drawing, before you play a pie card"))
        card = hand_card(state, seat, action.get("card"))
        state.hands[seat].remove(card)
        state.leftovers.append(card)
        state.discarded = card
        state.step = REDRAW if can_draw(state) else PLAY
        say(
            events,
            "discard",
            Msg("{chef} puts {card} on the Leftovers.", chef=chef_name(seat), card=card_name(card)),
            seat=seat,
            card=card,
        )
    elif kind == "play":
        if state.played:
            raise IllegalAction(Msg("You have played a pie card this turn already"))
        if step == MAIN:
            raise IllegalAction(Msg("A pie card is played before serving and trading"))
        do_play(state, seat, action, events)
    elif kind == "serve":
        do_serve(state, seat, action, events)
    elif kind == "sabotage":
        sabotage = check_sabotage(state, seat, action)
        state.hands[seat].remove(sabotage["card"])
        start_sabotage(state, sabotage, events)
    elif kind == "offer":
        do_offer(state, seat, action, events)
    elif kind == "end":
        events.append({"type": "end_turn", "text": _DONE_MSGS[seat], "seat": seat})  # `say`
        end_turn(state, events)
    else:
        raise IllegalAction(Msg("That is not a move in Cheflebrity"))


def hand_card(state: ChefState, seat: int, card: Any) -> int:
    if type(card) is not int or card not in state.hands[seat]:
        raise IllegalAction(Msg("That card is not in your hand"))
    return card


def hand_cards(state: ChefState, seat: int, cards: Any) -> list[int]:
    if not isinstance(cards, list) or not cards:
        raise IllegalAction(Msg("Pick at least one card from your hand"))
    if len(set(map(repr, cards))) != len(cards):
        raise IllegalAction(Msg("Each card can be handed over only once"))
    return [hand_card(state, seat, c) for c in cards]


# -- drawing ---------------------------------------------------------------------------------------------


def do_draw(state: ChefState, seat: int, action: Action, events: list[Event]) -> None:
    source = action.get("from")
    if source == "deck":
        if not state.deck:
            raise IllegalAction(Msg("The Ingredients Pile is empty: take a card from the Leftovers"))
        card = state.deck.pop()
    elif source == "leftovers":
        picked = action.get("card")
        if type(picked) is not int or picked not in state.leftovers:
            raise IllegalAction(Msg("That card is not on the Leftovers"))
        card = picked
        if card == state.discarded:
            raise IllegalAction(Msg("You cannot take back the card you just discarded"))
        state.leftovers.remove(card)
    else:
        raise IllegalAction(Msg("Draw from the Ingredients Pile or the Leftovers"))
    first = state.step == DRAW  # the turn's draw, not the redraw after a discard
    state.step = DISCARD if first else PLAY
    if source == "leftovers":
        state.hands[seat].append(card)
        say(
            events,
            "take",
            Msg("{chef} takes {card} from the Leftovers.", chef=chef_name(seat), card=card_name(card)),
            seat=seat,
            card=card,
        )
    elif KIND[card] == OOPS:
        say(events, "draw", _DRAWS_MSGS[seat], seat=seat, barrier=True)
        start_oops(state, seat, card, events, first)
    else:
        state.hands[seat].append(card)
        # `say` and `tell`, written out (every turn draws).
        events.append({"type": "draw", "text": _DRAWS_MSGS[seat], "seat": seat, "barrier": True})
        events.append(
            {
                "type": "drew",
                "text": _YOU_DRAW_MSGS[card],
                "to": seat,
                "audience": [seat],
                "seat": seat,
                "card": card,
                "barrier": True,
            }
        )
    if source == "deck" and not state.deck and state.final_by is None:
        state.final_by = seat
        say(
            events,
            "final",
            Msg("The last Ingredients card is drawn: everyone else has one last turn."),
            seat=seat,
        )
    if first and KIND[card] != OOPS:  # an Oops! opens this window once it is dealt with
        draw_window(state)


def start_oops(state: ChefState, seat: int, card: int, events: list[Event], first: bool) -> None:
    """An Oops! is shown and used at once on one of the drawer's own working pies (`first`: it was
    the turn's draw, so the after-draw window waits until it is dealt with)."""
    targets = [p for p in state.working[seat] if p["cards"]]
    say(events, "oops", Msg("{chef} draws an Oops!", chef=chef_name(seat)), seat=seat, card=card)
    state.pending = {"kind": OOPS, "card": card, "by": seat, "owner": seat, "pie": None, "first": first}
    if not targets:
        state.out.append(card)
        state.pending = None
        say(
            events,
            "oops_nothing",
            Msg("No pie in the works: the Oops! spoils nothing."),
            seat=seat,
            card=card,
        )
        if first:
            draw_window(state)
        return
    if state.options["oops"] == "latest" or len(targets) == 1:
        latest = max(targets, key=lambda p: p["cards"][-1][2])
        aim_oops(state, latest["id"], events)
        return
    state.stack.push(OOPS_PICK, [seat], data={"public": {"card": card}})


def oops_pick(state: ChefState, top: Decision, seat: int, action: Action, events: list[Event]) -> None:
    if action.get("type") != "oops":
        raise IllegalAction(Msg("Choose which of your pies loses its last card"))
    if state.find_pie(seat, action.get("pie")) is None:
        raise IllegalAction(Msg("No such pie in your Working Line"))
    state.stack.pop()
    aim_oops(state, action["pie"], events)


def aim_oops(state: ChefState, pie_id: int, events: list[Event]) -> None:
    assert state.pending is not None
    state.pending["pie"] = pie_id
    owner = state.pending["owner"]
    pie = state.find_pie(owner, pie_id)
    assert pie is not None
    top_card = pie["cards"][-1][0]
    say(
        events,
        "oops_aim",
        Msg("The Oops! lands on {chef}'s {card}.", chef=chef_name(owner), card=card_name(top_card)),
        seat=owner,
        pie=pie_id,
        card=top_card,
    )
    open_window(state, SAVE_WINDOW, list(range(state.seats)))


# -- playing and serving ---------------------------------------------------------------------------------


def do_play(state: ChefState, seat: int, action: Action, events: list[Event]) -> None:
    if state.played:
        raise IllegalAction(Msg("You have played a pie card this turn already"))
    card = hand_card(state, seat, action.get("card"))
    part = P.part_of(card, action.get("as"))
    if part is None:
        if KIND[card] == GENIUS:
            raise IllegalAction(Msg("Say which pie part your Stroke of Genius! stands for"))
        raise IllegalAction(Msg("Only pie cards go into a pie"))
    pie_id = action.get("pie")
    pie = None if pie_id is None else state.find_pie(seat, pie_id)
    if pie_id is not None and pie is None:
        raise IllegalAction(Msg("No such pie in your Working Line"))
    refusal = P.add_refusal(pie, part)
    if refusal is not None:
        raise IllegalAction(refusal)
    state.hands[seat].remove(card)
    state.plays += 1
    if pie is None:
        pie = {"id": state.next_pie, "cards": []}
        state.next_pie += 1
        state.working[seat].append(pie)
    pie["cards"].append([card, part, state.plays])
    state.played = True
    state.step = MAIN
    text = (
        Msg(
            "{chef} plays {card} as a {part}.",
            chef=chef_name(seat),
            card=card_name(card),
            part=Msg(PART_NAMES[part]),
        )
        if KIND[card] == GENIUS
        else _plays_msg(seat, card)
    )
    events.append({"type": "play", "text": text, "seat": seat, "card": card, "part": part, "pie": pie["id"]})
    sabotage_window(state, ADDED, seat)


def do_serve(state: ChefState, seat: int, action: Action, events: list[Event]) -> None:
    if state.served_now:
        raise IllegalAction(Msg("You can serve only one pie or tart a turn"))
    pie = state.find_pie(seat, action.get("pie"))
    if pie is None:
        raise IllegalAction(Msg("No such pie in your Working Line"))
    if not P.servable(pie):
        raise IllegalAction(Msg("Serve it once it has a Bottom Crust and a Filling"))
    state.working[seat].remove(pie)
    state.served[seat].append(pie)
    state.served_now = True
    state.step = MAIN
    say(
        events,
        "serve",
        Msg(
            "{chef} serves a {kind} worth {points}.",
            chef=chef_name(seat),
            kind=Msg(P.KIND_NAMES[P.pie_kind(pie)]),
            points=P.quality(pie),
        ),
        seat=seat,
        pie=pie["id"],
    )


# -- Sabotage! and Saved it! ------------------------------------------------------------------------------


def open_window(state: ChefState, kind: str, seats: list[int], data: dict[str, Any] | None = None) -> None:
    deadline = float(state.options["reaction_seconds"])
    state.stack.push_window(kind, seats, order_from(state, state.turn), deadline, data)


def has_target(state: ChefState, seats: list[int]) -> bool:
    """Some seat of `seats` has a rival's working pie it could sabotage."""
    owners = [owner for owner, line in enumerate(state.working) if line]
    if len(owners) > 1:  # every seat has a rival with a pie (asked at every window)
        return bool(seats)
    return bool(owners) and any(seat != owners[0] for seat in seats)


def sabotage_window(state: ChefState, why: str, owner: int) -> bool:
    """A Sabotage! window for `owner`'s rivals, since `owner`'s pies changed (`why`: ADDED,
    REMOVED) or `owner` has drawn (DRAWN); none when none of them has a pie to hit. True if it
    opened. Only public facts decide whether it opens, never a hand."""
    rivals = others(state, owner)
    if not has_target(state, rivals):
        return False
    open_window(state, SAB_WINDOW, rivals, {"public": {"why": why, "owner": owner}})
    return True


def draw_window(state: ChefState) -> bool:
    """The moment after the turn's draw: the rivals may sabotage before a dessert of the player
    whose turn it is can be served. Nothing else can leave the works this turn without a window
    of its own, so without such a dessert no window opens."""
    seat = state.turn
    if not any(P.servable(pie) for pie in state.working[seat]):
        return False
    return sabotage_window(state, DRAWN, seat)


def check_sabotage(state: ChefState, seat: int, action: Action) -> dict[str, Any]:
    card = hand_card(state, seat, action.get("card"))
    if KIND[card] not in SABOTEURS:
        raise IllegalAction(Msg("Only a Sabotage! or a Stroke of Genius! can sabotage"))
    owner = action.get("owner")
    if type(owner) is not int or not 0 <= owner < state.seats:
        raise IllegalAction(Msg("Choose a rival's pie to sabotage"))
    if owner == seat:
        raise IllegalAction(Msg("Sabotage a rival's pie, not your own"))
    pie = state.find_pie(owner, action.get("pie"))
    if pie is None:
        raise IllegalAction(Msg("Only a pie in a Working Line can be sabotaged"))
    return {"by": seat, "card": card, "owner": owner, "pie": pie["id"]}


def start_sabotage(state: ChefState, sabotage: dict[str, Any], events: list[Event]) -> None:
    """A Sabotage! (already out of its player's hand) is played: the Saved it! window opens."""
    seat, card, owner = sabotage["by"], sabotage["card"], sabotage["owner"]
    state.pending = {"kind": SABOTAGE, "card": card, "by": seat, "owner": owner, "pie": sabotage["pie"]}
    pie = state.find_pie(owner, sabotage["pie"])
    assert pie is not None
    say(
        events,
        "sabotage",
        Msg(
            "{chef} plays {card} on {owner}'s {target}!",
            chef=chef_name(seat),
            card=card_name(card),
            owner=chef_name(owner),
            target=card_name(pie["cards"][-1][0]),
        ),
        seat=seat,
        card=card,
        owner=owner,
        pie=sabotage["pie"],
    )
    open_window(state, SAVE_WINDOW, others(state, seat))


def window_answer(state: ChefState, top: Decision, seat: int, action: Action, events: list[Event]) -> None:
    kind = action.get("type")
    if kind == "pass":
        top.record(seat, action)
    elif top.kind == SAB_WINDOW and kind == "sabotage":
        top.record(seat, {"type": "sabotage", **check_sabotage(state, seat, action)})
    elif top.kind == SAVE_WINDOW and kind == "save":
        card = hand_card(state, seat, action.get("card"))
        if KIND[card] not in SAVERS:
            raise IllegalAction(Msg("Only a Saved it! or a Stroke of Genius! can save a pie"))
        top.record(seat, {"type": "save", "card": card})
    elif top.kind == SAB_WINDOW:
        raise IllegalAction(Msg("Now you may play a Sabotage! or pass"))
    else:
        raise IllegalAction(Msg("Now you may play a Saved it! or pass"))
    if top.is_complete():
        close_window(state, top, events)


def close_window(state: ChefState, top: Decision, events: list[Event]) -> None:
    state.stack.pop()
    if top.kind == SAB_WINDOW:
        queue_sabotages(state, [answer for _seat, answer in top.claims()], events)
        return
    pending = state.pending
    assert pending is not None
    state.pending = None
    won = top.winner()
    opened = False
    if won is None:
        spoil(state, pending, events)
        # The pie changed: its owner's rivals may answer before it can be served.
        opened = sabotage_window(state, REMOVED, pending["owner"])
    else:
        saver, answer = won
        state.hands[saver].remove(answer["card"])
        state.kept[saver].append([answer["card"], "saved"])
        state.out.append(pending["card"])
        say(
            events,
            "saved",
            Msg(
                "Saved it! {chef} rescues {owner}'s pie.",
                chef=chef_name(saver),
                owner=chef_name(pending["owner"]),
            ),
            seat=saver,
            card=answer["card"],
            owner=pending["owner"],
            pie=pending["pie"],
        )
    if not opened and pending.get("first"):  # the Oops! was the turn's draw
        opened = draw_window(state)
    if not opened:
        next_sabotage(state, events)


def spoil(state: ChefState, pending: dict[str, Any], events: list[Event]) -> None:
    """An Oops! or Sabotage! nobody saved throws out the top card of its pie."""
    pie = state.find_pie(pending["owner"], pending["pie"])
    assert pie is not None
    lost = pie["cards"].pop()[0]
    state.out.append(lost)
    if not pie["cards"]:
        state.working[pending["owner"]].remove(pie)
    if pending["kind"] == SABOTAGE:
        state.kept[pending["by"]].append([pending["card"], "sabotage"])
    else:
        state.out.append(pending["card"])
    say(
        events,
        "spoiled",
        Msg(
            "{owner}'s {card} goes to the Out Pile.", owner=chef_name(pending["owner"]), card=card_name(lost)
        ),
        seat=pending["owner"],
        card=lost,
        pie=pending["pie"],
        by=pending["by"],
        cause=pending["kind"],
    )


def queue_sabotages(state: ChefState, claims: list[dict[str, Any]], events: list[Event]) -> None:
    """Every Sabotage! a window closed with is played, in seat order from the player whose turn it
    is: all leave their hands now, face up, and each waits for the one before it to be settled."""
    added = []
    for claim in claims:
        state.hands[claim["by"]].remove(claim["card"])
        added.append({"by": claim["by"], "card": claim["card"], "owner": claim["owner"], "pie": claim["pie"]})
    state.queued += added  # behind any of an earlier window still waiting
    next_sabotage(state, events)
    for claim in added:
        if not any(claim is waiting for waiting in state.queued):
            continue  # played already
        say(
            events,
            "sabotage_queued",
            Msg(
                "{chef} also plays {card} on {owner}'s pie: it waits its turn.",
                chef=chef_name(claim["by"]),
                card=card_name(claim["card"]),
                owner=chef_name(claim["owner"]),
            ),
            seat=claim["by"],
            card=claim["card"],
            owner=claim["owner"],
            pie=claim["pie"],
        )


def next_sabotage(state: ChefState, events: list[Event]) -> None:
    """Play the first waiting Sabotage! whose pie is still in the works; one whose pie is gone goes
    back to its player's hand."""
    while state.queued:
        sabotage = state.queued.pop(0)
        if state.find_pie(sabotage["owner"], sabotage["pie"]) is not None:
            start_sabotage(state, sabotage, events)
            return
        state.hands[sabotage["by"]].append(sabotage["card"])
        say(
            events,
            "sabotage_back",
            Msg(
                "{chef}'s {card} has no pie left to spoil: it goes back to their hand.",
                chef=chef_name(sabotage["by"]),
                card=card_name(sabotage["card"]),
            ),
            seat=sabotage["by"],
            card=sabotage["card"],
        )


# -- trading ---------------------------------------------------------------------------------------------


def do_offer(state: ChefState, seat: int, action: Action, events: list[Event]) -> None:
    to = action.get("to")
    if type(to) is not int or not 0 <= to < state.seats or to == seat:
        raise IllegalAction(Msg("Choose another player to trade with"))
    if to in state.traded_with:
        raise IllegalAction(Msg("You have offered {chef} a trade this turn already", chef=chef_name(to)))
    give = hand_cards(state, seat, action.get("give"))
    claim = C.check_claim(action.get("claim"), size=len(give))
    want = C.check_claim(action.get("want"))
    for card in give:
        state.hands[seat].remove(card)
    state.traded_with.append(to)
    state.step = MAIN
    state.trade = {
        "from": seat,
        "to": to,
        "give": give,
        "claim": claim,
        "want": want,
        "stage": "reply",
        "reply": [],
        "reply_claim": [],
        "counter": None,
    }
    say(
        events,
        "offer",
        Msg(
            "{chef} offers {other} {claim} for {want}.",
            chef=chef_name(seat),
            other=chef_name(to),
            claim=C.describe_all(claim),
            want=C.describe_all(want),
        ),
        seat=seat,
        partner=to,
        n=len(give),
        claim=claim,
        want=want,
    )
    state.stack.push(REPLY, [to])


def trade_reply(state: ChefState, seat: int, action: Action, events: list[Event]) -> None:
    trade = state.trade
    assert trade is not None
    kind = action.get("type")
    if kind == "decline":
        cancel_trade(state, seat, events)
        return
    if kind not in ("reply", "counter"):
        raise IllegalAction(Msg("Answer the offer with cards, a counter-offer, or decline it"))
    give = hand_cards(state, seat, action.get("give"))
    claim = C.check_claim(action.get("claim"), size=len(give))
    counter = C.check_claim(action.get("want")) if kind == "counter" else None
    for card in give:
        state.hands[seat].remove(card)
    trade.update(reply=give, reply_claim=claim, counter=counter, stage="confirm")
    if counter is None:
        text = Msg("{chef} answers with {claim}.", chef=chef_name(seat), claim=C.describe_all(claim))
    else:
        text = Msg(
            "{chef} counters: {claim}, but for {want}.",
            chef=chef_name(seat),
            claim=C.describe_all(claim),
            want=C.describe_all(counter),
        )
    say(events, "reply", text, seat=seat, n=len(give), claim=claim, counter=counter)
    state.stack.pop()
    state.stack.push(CONFIRM, [trade["from"]])


def trade_confirm(state: ChefState, seat: int, action: Action, events: list[Event]) -> None:
    trade = state.trade
    assert trade is not None
    kind = action.get("type")
    if kind == "decline":
        cancel_trade(state, seat, events)
        return
    if kind != "accept":
        raise IllegalAction(Msg("Accept the answer or decline it"))
    give, claim = trade["give"], trade["claim"]
    if action.get("give") is not None:
        if trade["counter"] is None:
            raise IllegalAction(Msg("Only a counter-offer lets you change what you hand over"))
        pool = state.hands[seat] + give
        chosen = action["give"]
        if not isinstance(chosen, list) or not chosen or len(set(map(repr, chosen))) != len(chosen):
            raise IllegalAction(Msg("Pick at least one card from your hand"))
        if any(type(c) is not int or c not in pool for c in chosen):
            raise IllegalAction(Msg("That card is not in your hand"))
        claim = C.check_claim(action.get("claim"), size=len(chosen))
        state.hands[seat] = [c for c in pool if c not in chosen]
        give = list(chosen)
    other = trade["to"]
    state.hands[seat].extend(trade["reply"])
    state.hands[other].extend(give)
    say(
        events,
        "traded",
        Msg(
            "{chef} and {other} trade {n} for {m}.",
            chef=chef_name(seat),
            other=chef_name(other),
            n=_cards(len(give)),
            m=_cards(len(trade["reply"])),
        ),
        seat=seat,
        partner=other,
        n=len(give),
        m=len(trade["reply"]),
    )
    _tell_trade(events, seat, other, gave=give, got=trade["reply"], claimed=trade["reply_claim"])
    _tell_trade(events, other, seat, gave=trade["reply"], got=give, claimed=claim)
    state.trade = None
    state.stack.pop()


def _cards(n: int) -> dict[str, Any]:
    return plural(n, "{n} card", "{n} cards")


def _tell_trade(
    events: list[Event],
    seat: int,
    other: int,
    *,
    gave: list[int],
    got: list[int],
    claimed: list[dict[str, Any]],
) -> None:
    honest = C.claim_true(got, claimed)
    text = Msg(
        "From {other} you get {got} (said: {claim})."
        if honest
        else "From {other} you get {got}, not what they said ({claim})!",
        other=chef_name(other),
        got=[card_name(c) for c in got],
        claim=C.describe_all(claimed),
    )
    tell(
        events,
        seat,
        "trade_in",
        text,
        seat=seat,
        other=other,
        gave=list(gave),
        got=list(got),
        claimed=claimed,
        honest=honest,
        barrier=True,
    )


def cancel_trade(state: ChefState, seat: int, events: list[Event]) -> None:
    trade = state.trade
    assert trade is not None
    state.hands[trade["from"]].extend(trade["give"])
    state.hands[trade["to"]].extend(trade["reply"])
    state.trade = None
    state.stack.pop()
    say(events, "declined", _DECLINED_MSGS[seat], seat=seat)
