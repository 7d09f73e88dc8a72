"""Cheflebrity bots: random, easy, normal and hard. Each decides from its seat's view and its
legal moves only: never another hand, never the deck order, never what a claim hides.

- random: any legal move.
- easy: draws from the Ingredients, plays its best pie card, serves anything it can at once,
  saves its own pies, never sabotages and never trades.
- normal: builds toward complete pies (a filling for every crust, a top before the extras), takes
  a useful card from the Leftovers, cycles a dead card, serves when a pie is finished or time
  runs short, sabotages a rival's good card, trades for what it lacks and sometimes lies.
- hard: as normal, but it weighs each pie card and each Sabotage! by what it does to its projected
  lead (project.py: the table scored as if every servable dessert were served now, the ten bonuses
  included), spoils a leader's Sabotage! with a Saved it!, and trusts each player's claims in
  proportion to how honest that player's past claims to it proved (its own trade notes). It cycles
  any weak card for a fresh draw, and offers a trade to every partner while it lacks a part (a
  Bottom Crust too when nothing in hand can be played): its weakest card, claimed to be the part
  the partner's Working Line lacks, at its best.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from pie_table.core.engine import TurnBot
from pie_table.games.cheflebrity import claims as C
from pie_table.games.cheflebrity import pies as P
from pie_table.games.cheflebrity import project
from pie_table.games.cheflebrity.deck import (
    BOTTOM,
    CARDS,
    EXTRAS,
    FILLING,
    FLAVOURS,
    GENIUS,
    KIND,
    OOPS,
    QUALITY,
    SABOTAGE,
    SAVED,
    TOP,
)
from pie_table.games.cheflebrity.flow import (
    DISCARD,
    DRAW,
    PLAY,
    REDRAW,
    REPLY,
    TURN,
)
from pie_table.games.cheflebrity.legal import Play, play_move, play_options, sabotage_moves

Action = dict[str, Any]
LEVELS = ("random", "easy", "normal", "hard")
_SPECIAL_WORTH = {SABOTAGE: 18, SAVED: 16, GENIUS: 20}
_LIE = {"easy": 0.0, "normal": 0.15, "hard": 0.3}
_OFFER = {"easy": 0.0, "normal": 0.35, "hard": 1.0}
# When a card of the hand is dead enough to throw on the Leftovers for a fresh draw: (at least this
# many cards held, worth under this). Hard cycles any weak card: a fresh draw is worth more to it
# on average than a card its pies cannot use, and its turns run out whatever it holds.
_CYCLE = {"normal": (7, 8.0), "hard": (2, 14.0)}
_END: Action = {"type": "end"}
_DECLINE: dict[str, list[Action]] = {"decline": [{"type": "decline"}]}
_FROM_DECK: Action = {"type": "draw", "from": "deck"}


@dataclass(slots=True)
class TurnMoves:
    """A turn's moves as a bot weighs them: what `legal.turn_actions` lists, grouped by kind and
    mostly not written out as moves (a bot writes out the one it picks)."""

    deck: bool = False  # a draw from the Ingredients
    takes: Sequence[int] = ()  # Leftovers cards to take
    discard: bool = False  # a card of the hand may go on the Leftovers
    plays: Sequence[Play] = ()  # `legal.play_options`
    serves: Sequence[int] = ()  # ids of the pies that may be served
    sabotages: Sequence[Action] = ()
    partners: Sequence[int] = ()  # seats an offer may go to
    # False while the serves, sabotages and partners are not worked out yet: a bot that discards
    # or plays a pie card (which it weighs first) never reads them.
    rest_read: bool = True

    @classmethod
    def listed(cls, by_type: dict[str, list[Action]]) -> TurnMoves:
        """The moves of a listed turn (`legal`), grouped by type."""
        draws = by_type.get("draw", [])
        return cls(
            deck=any(a["from"] == "deck" for a in draws),
            takes=[a["card"] for a in draws if a["from"] == "leftovers"],
            discard="discard" in by_type,
            plays=[(a["card"], a.get("as"), a["pie"]) for a in by_type.get("play", [])],
            serves=[a["pie"] for a in by_type.get("serve", [])],
            sabotages=by_type.get("sabotage", []),
            partners=sorted({a["to"] for a in by_type.get("offer", [])}),
        )


@dataclass(slots=True)
class _Reading:
    """What one decision worked out from its view, each part once (None: not yet)."""

    parts: list[tuple[Any, list[str]]] | None = None  # my working pies' ids and parts
    facts: tuple[int, bool, set[Any]] | None = None  # `_play_facts`
    margin: float | None = None  # `_base_margin`
    rows: list[project.Row] | None = None  # `project.rows` of the view, for `_margin`
    worths: Sequence[float] | None = None  # `_worths`

    def forget(self) -> None:
        """Start the next decision with nothing worked out (kept, not made anew: a bot decides
        hundreds of times a game)."""
        self.parts = self.facts = self.margin = self.rows = self.worths = None


class CheflebrityBot(TurnBot):
    """One bot seat."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level = level if level in LEVELS else "normal"
        self.seat = seat
        self.rng = random.Random(seed)
        self._others: list[int] | None = None  # the other seats, in order (read, never changed)
        self._now = _Reading()  # what the decision at hand has worked out from its view

    # -- the one entry point ------------------------------------------------------------------------

    def act(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Choose a move (one of `legal`, or an offer or answer worded its own way)."""
        self._now.forget()
        if self.level == "random" or len(legal) == 1:
            return self.rng.choice(legal)
        kind = view["asking"] or "turn"
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if kind == "sabotage":
            return self._sabotage_window(view, by_type)
        if kind == "saved":
            return self._save_window(view, by_type)
        if kind == "oops":
            return min(by_type["oops"], key=lambda a: self._top_worth(view, self.seat, a["pie"]))
        if kind == "reply":
            return self._reply(view, by_type)
        if kind == "confirm":
            return self._confirm(view)
        return self._turn(view, TurnMoves.listed(by_type))

    def decide_from_view(self, view: dict[str, Any]) -> Action | None:
        """A turn's move read from the view (`_turn_moves`: what the engine lists, worked out the
        same way), the answer to an offer (`_reply` words its own and needs only the decline), or
        None for the other decisions, which need the listed moves. (A pass in a window the bot
        holds no card for is forced: the engine's `forced_action`.)"""
        self._now.forget()
        asking = view["asking"]
        if self.level == "random":
            return None
        if asking == REPLY:
            return self._reply(view, _DECLINE)
        if asking != TURN:
            return None
        moves, count = self._turn_moves(view)
        if count == 0:
            return None
        if count == 1:  # a forced move needs no thought (the session takes it as it is listed)
            if moves.deck:
                return _FROM_DECK
            return _take(moves.takes[0]) if moves.takes else _END
        return self._turn(view, moves)

    def _turn_moves(self, view: dict[str, Any]) -> tuple[TurnMoves, int]:
        """The turn's moves from the view, as `legal.turn_actions` lists them, and how many it
        lists (2 when a discard or a pie card is among them: more than one, the rest unread)."""
        step, hand = view["step"], view["hand"]
        if step == DRAW or step == REDRAW:
            discarded, leftovers = view["discarded"], view["leftovers"]
            deck = bool(view["deck"])
            # The view's own list when this turn's discard is not on it (a bot only reads it).
            takes = leftovers if discarded not in leftovers else [c for c in leftovers if c != discarded]
            return TurnMoves(deck, takes), deck + len(takes)
        discard = step == DISCARD and bool(hand)
        plays: Sequence[Play] = ()
        if (step == DISCARD or step == PLAY) and not view["played"]:
            parts = self._my_parts(view)
            plays = play_options(hand, self._pies(view), parts)
        moves = TurnMoves(False, (), discard, plays, rest_read=False)
        if discard or plays:
            return moves, 2
        self._read_rest(view, moves)
        return moves, len(moves.serves) + len(moves.sabotages) + len(moves.partners) + 1

    def _read_rest(self, view: dict[str, Any], moves: TurnMoves) -> None:
        """The serves, sabotages and offers of a turn's moves, as `legal.turn_actions` lists them."""
        seat, hand, working = self.seat, view["hand"], view["working"]
        if not view["served_now"]:
            moves.serves = [p["id"] for p in working[seat] if p["kind"] != P.BUILDING]
        moves.sabotages = sabotage_moves(hand, seat, working)
        if hand:
            traded = view["traded_with"]
            if self._others is None:
                self._others = [s for s in range(view["seats"]) if s != seat]
            moves.partners = [s for s in self._others if s not in traded] if traded else self._others
        moves.rest_read = True

    # -- reading the table --------------------------------------------------------------------------

    def _pies(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """My Working Line."""
        return view["working"][self.seat]  # type: ignore[no-any-return]

    def _my_parts(self, view: dict[str, Any]) -> list[tuple[Any, list[str]]]:
        """Each of my working pies' id and parts, read once per decision."""
        now = self._now
        if now.parts is None:
            now.parts = [(p["id"], P.parts(p)) for p in self._pies(view)]
        return now.parts

    def _turns_left(self, view: dict[str, Any]) -> int:
        """My turns after this one, roughly: each turn takes about one card off the Ingredients."""
        if view["final_by"] is not None:
            return 0
        return int(view["deck"] / (view["seats"] * 1.25))

    def _top_worth(self, view: dict[str, Any], seat: int, pie_id: int) -> float:
        pie = next(p for p in view["working"][seat] if p["id"] == pie_id)
        card, part = pie["cards"][-1]
        worth = _quality(card)
        if part == FILLING:
            worth += 12  # losing the filling unmakes a servable dessert
        if part == TOP:
            worth += 6
        return worth

    def _play_worth(self, view: dict[str, Any], play: Play) -> float:
        return _play_value(self.level, self._play_facts(view), play)

    def _play_facts(self, view: dict[str, Any]) -> tuple[int, bool, set[Any]]:
        """What a pie card's worth reads from the table, once per view: the bonus for a new Bottom
        Crust (22 while fillings in hand outnumber the pies still waiting for one, else 4),
        whether a Top Crust is in hand, and which of my pies have a Top Crust."""
        if self._now.facts is not None:
            return self._now.facts
        kinds = [KIND[c] for c in view["hand"]]
        waiting, topped = 0, set()
        for pie, parts in self._my_parts(view):
            if FILLING not in parts:
                waiting += 1
            if TOP in parts:
                topped.add(pie)
        facts = (22 if kinds.count(FILLING) > waiting else 4, TOP in kinds, topped)
        self._now.facts = facts
        return facts

    def _hard_play_worth(self, view: dict[str, Any], play: Play) -> float:
        """The normal worth, plus how much the move lifts my projected lead (bonuses included)."""
        card, chosen, pie_id = play
        line = project.with_card(self._pies(view), pie_id, card, chosen or KIND[card])
        gain = self._margin(view, {self.seat: line}) - self._base_margin(view)
        return self._play_worth(view, play) + gain

    def _base_margin(self, view: dict[str, Any]) -> float:
        """My projected margin as the table stands, worked out once per decision."""
        now = self._now
        if now.margin is None:
            now.margin = self._margin(view, {})
        return now.margin

    def _margin(self, view: dict[str, Any], working: dict[int, list[project.Pie]]) -> float:
        """My projected margin with `working` in place of some lines (the others read once)."""
        now = self._now
        if now.rows is None:
            now.rows = project.rows(view)
        return project.margin(view, self.seat, working, now.rows)

    def _trust(self, view: dict[str, Any], seat: int) -> float:
        """How far `seat`'s claims to me have proved true (my private trade notes)."""
        honest = told = 0
        for note in self.history.notes:
            if note.get("type") == "trade_in" and note.get("other") == seat:
                told += 1
                honest += bool(note.get("honest"))
        return (honest + 1) / (told + 2)

    def _leader(self, view: dict[str, Any]) -> int:
        rivals = [s for s in range(view["seats"]) if s != self.seat]
        return max(
            rivals, key=lambda s: view["scores"][s] + sum(p["quality"] for p in view["working"][s]) * 0.5
        )

    # -- windows ------------------------------------------------------------------------------------

    def _best_sabotage(
        self, view: dict[str, Any], sabotages: Sequence[Action]
    ) -> tuple[float, Action | None]:
        if not sabotages:
            return 0.0, None
        best: tuple[float, Action | None] = (0.0, None)
        for action in sabotages:
            worth = self._top_worth(view, action["owner"], action["pie"])
            if self.level == "hard":
                # What throwing that card out does to my projected lead (a rival's bonuses too).
                owner = action["owner"]
                line = project.without_top(view["working"][owner], action["pie"])
                worth = max(worth, self._margin(view, {owner: line}) - self._base_margin(view))
            if KIND[action["card"]] == GENIUS:
                worth -= 3  # spend plain Sabotage! cards first
            if worth > best[0]:
                best = (worth, action)
        return best

    def _sabotage_window(self, view: dict[str, Any], by_type: dict[str, list[Action]]) -> Action:
        if self.level == "easy":
            return by_type["pass"][0]
        worth, action = self._best_sabotage(view, by_type.get("sabotage", []))
        threshold = 24 if self._turns_left(view) > 2 else 5
        return action if action is not None and worth >= threshold else by_type["pass"][0]

    def _save_window(self, view: dict[str, Any], by_type: dict[str, list[Action]]) -> Action:
        saves = by_type.get("save", [])
        pending = view["pending"]
        if not saves or pending is None:
            return by_type["pass"][0]
        if pending["owner"] == self.seat:
            return saves[0]
        # Hard: spoil a leader's Sabotage! on someone else (the leader would gain the bonus).
        if self.level == "hard" and pending["by"] == self._leader(view) and KIND[saves[0]["card"]] == SAVED:
            return saves[0]
        return by_type["pass"][0]

    # -- my turn ------------------------------------------------------------------------------------

    def _turn(self, view: dict[str, Any], moves: TurnMoves) -> Action:
        if moves.deck or moves.takes:
            return self._draw(view, moves.deck, moves.takes)
        if moves.discard and self.level != "easy":
            dead = self._dead_card(view)
            if dead is not None and view["deck"] > 0:
                return {"type": "discard", "card": dead}
        if moves.plays:
            if self.level == "hard":
                best = max(moves.plays, key=partial(self._hard_play_worth, view))
            else:
                best = max(moves.plays, key=partial(_play_value, self.level, self._play_facts(view)))
            if self._play_worth(view, best) > -5 or self.level == "easy":
                return play_move(*best)
        if not moves.rest_read:
            self._read_rest(view, moves)
        serve = self._serve(view, moves.serves)
        if serve is not None:
            return serve
        if moves.sabotages and self.level != "easy":
            worth, action = self._best_sabotage(view, moves.sabotages)
            late = self._turns_left(view) <= 1
            if action is not None and (worth >= 22 or late):
                return action
        if moves.partners and self.rng.random() < _OFFER[self.level]:
            offer = self._offer(view, moves.partners)
            if offer is not None:
                return offer
        return {"type": "end"}

    def _draw(self, view: dict[str, Any], deck: bool, takes: Sequence[int]) -> Action:
        if self.level == "easy" or not takes:
            return {"type": "draw", "from": "deck"} if deck else _take(self.rng.choice(takes))
        worths = self._worths(view)
        best = max(takes, key=worths.__getitem__)  # the first of the best
        best_worth = worths[best]
        if not deck or best_worth >= 34:
            return _take(best)
        return {"type": "draw", "from": "deck"}

    def _card_worth(self, view: dict[str, Any], card: int) -> float:
        """What a card would be worth to me in hand now."""
        return self._worths(view)[card]

    def _worths(self, view: dict[str, Any]) -> Sequence[float]:
        """Each card's worth in my hand now, by card number, looked up once per decision: what
        each part adds to a card's quality (`_bonus_for`) is the same for every card of its kind."""
        now = self._now
        if now.worths is None:
            bonus = self._bonus_for(view)
            now.worths = _WORTHS[bonus[BOTTOM], bonus[FILLING], bonus[TOP], bonus[EXTRAS]]
        return now.worths

    def _bonus_for(self, view: dict[str, Any]) -> dict[str, int | None]:
        """What each part adds to a card's quality in my hand now (None: it is worth half its
        quality): every card of a kind gets the same."""
        kinds = [KIND[c] for c in view["hand"]]
        fillings, bottoms = kinds.count(FILLING), kinds.count(BOTTOM)
        waiting = bottoms
        filling = top = extras = False  # some pie of mine takes one
        for _, parts in self._my_parts(view):
            takes_filling, takes_top, takes_extras = P.takes_each(parts)
            waiting += takes_filling  # a pie without its Filling waits for one
            filling, top, extras = filling or takes_filling, top or takes_top, extras or takes_extras
        return {
            BOTTOM: 20 if fillings > waiting else 0,
            FILLING: 30 if filling else (20 if bottoms else None),
            TOP: 18 if top else None,
            EXTRAS: 4 if extras else None,
        }

    def _dead_card(self, view: dict[str, Any]) -> int | None:
        held = view["hand"]
        least, under = _CYCLE.get(self.level, _CYCLE["normal"])
        if len(held) < least:
            return None
        hand = [c for c in held if KIND[c] not in _SPECIAL_WORTH]
        if not hand:
            return None
        worths = self._worths(view)
        worst = min(hand, key=worths.__getitem__)
        return worst if worths[worst] < under else None

    def _serve(self, view: dict[str, Any], serves: Sequence[int]) -> Action | None:
        """Serve a finished dessert (or any, when time runs short): pie ids in, a move out."""
        if not serves:
            return None
        if self.level == "easy":
            pies = {p["id"]: p for p in self._pies(view)}
            return {"type": "serve", "pie": max(serves, key=lambda pie_id: pies[pie_id]["quality"])}
        hand_kinds = [KIND[c] for c in view["hand"]]
        hurry = self._turns_left(view) <= len(serves)
        best, best_worth = None, -1.0
        # My pies with their parts, in the Working Line's order, which is the order of `serves`.
        for pie, (pie_id, found) in zip(self._pies(view), self._my_parts(view), strict=True):
            if pie_id not in serves:
                continue
            finished = TOP in found and EXTRAS not in hand_kinds
            finished = finished or (EXTRAS in found and EXTRAS not in hand_kinds)
            finished = finished or (
                TOP not in found
                and EXTRAS not in found
                and TOP not in hand_kinds
                and EXTRAS not in hand_kinds
            )
            if finished or hurry:
                worth = pie["quality"] + (10 if TOP in found else 0)
                if worth > best_worth:
                    best, best_worth = {"type": "serve", "pie": pie_id}, worth
        return best

    # -- trading ------------------------------------------------------------------------------------

    def _want(self, view: dict[str, Any]) -> str | None:
        """The part I most lack."""
        kinds = [KIND[c] for c in view["hand"]]
        lacking = _lacking([parts for _, parts in self._my_parts(view)], kinds)
        if lacking is not None:
            return lacking
        if BOTTOM not in kinds and FILLING in kinds:
            return BOTTOM
        if self.level == "hard" and BOTTOM not in kinds and not self._can_play(view):
            return BOTTOM  # a Bottom Crust can always be played: a turn without a pie card is lost
        return None

    def _can_play(self, view: dict[str, Any]) -> bool:
        """Could my hand put a pie card on my line?"""
        return bool(play_options(view["hand"], self._pies(view), self._my_parts(view)))

    def _surplus(self, view: dict[str, Any], avoid: str | None = None) -> int | None:
        hand = [c for c in view["hand"] if KIND[c] not in _SPECIAL_WORTH and KIND[c] != avoid]
        if len(hand) < (1 if self.level == "hard" else 3):
            return None
        return min(hand, key=self._worths(view).__getitem__)

    def _word(self, card: int, wanted: list[dict[str, Any]]) -> dict[str, Any]:
        """How I describe a card I hand over: the truth, or now and then what they hoped for."""
        if self.rng.random() < _LIE[self.level]:
            kind = wanted[0].get("kind") if wanted else KIND[card]
            if kind in (BOTTOM, FILLING, TOP, EXTRAS):
                lie: dict[str, Any] = {"kind": kind, "quality": 25}
                if kind == FILLING:
                    lie["flavour"] = self.rng.choice(("apple", "blueberry", "cherry", "pumpkin"))
                return lie
        return C.honest(card)

    def _offer(self, view: dict[str, Any], partners: Sequence[int]) -> Action | None:
        want = self._want(view)
        give = None if want is None else self._surplus(view, avoid=want)
        if want is None or give is None:
            return None
        if self.level == "hard":
            return self._hard_offer(view, partners, give, want)
        partner = self.rng.choice(partners)
        wanted = [{"kind": want}]
        return {
            "type": "offer",
            "to": partner,
            "give": [give],
            "claim": [self._word(give, [])],
            "want": wanted,
        }

    def _hard_offer(self, view: dict[str, Any], partners: Sequence[int], give: int, want: str) -> Action:
        """My weakest card for the part I lack, said to be the part the partner's Working Line
        lacks, at its best quality: a chef judges an offer by its claim alone, and an honest
        weak card is turned down."""
        partner = max(partners, key=lambda s: (self._trust(view, s), -view["scores"][s]))
        theirs = _seat_want(view["working"][partner])
        claim = C.honest(give)
        if KIND[give] != theirs:
            claim = {"kind": theirs, "quality": 25}
            if theirs == FILLING:  # a flavour their Serving Line lacks (and a claim the panel can word)
                served = {CARDS[c].flavour for p in view["served"][partner] for c, part in p["cards"]}
                claim["flavour"] = next((f for f in FLAVOURS if f not in served), FLAVOURS[0])
        return {"type": "offer", "to": partner, "give": [give], "claim": [claim], "want": [{"kind": want}]}

    def _claimed_worth(self, view: dict[str, Any], claim: list[dict[str, Any]], seat: int) -> float:
        """What a claim is worth to me, believed as far as I trust who made it."""
        want = self._want(view)
        worth = 0.0
        for desc in claim:
            kind = desc.get("kind")
            value = desc.get("quality", 12) if kind in (BOTTOM, FILLING, TOP, EXTRAS) else 10
            if kind == want:
                value += 25
            worth += value
        if self.level == "hard":
            trust = self._trust(view, seat)
            return worth * trust + 10 * len(claim) * (1 - trust)
        return worth

    def _reply(self, view: dict[str, Any], by_type: dict[str, list[Action]]) -> Action:
        trade = view["trade"]
        decline = by_type["decline"][0]
        if self.level == "easy" or trade is None:
            return decline
        if self._claimed_worth(view, trade["claim"], trade["from"]) < 30:
            return decline
        wanted = trade["want"]
        hand = view["hand"]
        match = [c for c in hand if any(C.matches(c, d) for d in wanted) and KIND[c] not in _SPECIAL_WORTH]
        mine = self._want(view)
        match = [c for c in match if KIND[c] != mine] or match
        give = min(match, key=lambda c: self._card_worth(view, c)) if match else self._surplus(view)
        if give is None:
            return decline
        if self._card_worth(view, give) >= self._claimed_worth(view, trade["claim"], trade["from"]):
            return decline
        return {"type": "reply", "give": [give], "claim": [self._word(give, wanted)]}

    def _confirm(self, view: dict[str, Any]) -> Action:
        trade = view["trade"]
        if trade is None:
            return {"type": "decline"}
        claimed = trade["reply_claim"]
        wanted = {d.get("kind") for d in trade["counter"] or trade["want"]}
        fits = any(d.get("kind") in wanted or C.ANY in wanted for d in claimed)
        trust = self._trust(view, trade["to"]) if self.level == "hard" else 1.0
        return {"type": "accept"} if fits and trust >= 0.4 else {"type": "decline"}


def _seat_want(line: list[dict[str, Any]]) -> str:
    """The part a chef most likely lacks, read from their Working Line (public): a Filling for a
    bare crust, else a Top Crust for a pie that takes one, else a Bottom Crust."""
    return _lacking([P.parts(p) for p in line], ()) or BOTTOM


def _lacking(found: list[list[str]], kinds: Sequence[str]) -> str | None:
    """The part pies with parts `found` lack that no card of `kinds` gives: a Filling for a bare
    crust, else a Top Crust for a pie that takes one (None: neither)."""
    if FILLING not in kinds and any(FILLING not in parts for parts in found):
        return FILLING
    if TOP not in kinds and any(P.takes(parts, TOP) for parts in found):
        return TOP
    return None


def _worth(bonus: dict[str, int | None], card: int) -> float:
    """A card's worth in my hand, given what each part adds now (`_bonus_for`)."""
    kind = KIND[card]
    special = _SPECIAL_WORTH.get(kind)
    if special is not None:
        return special
    extra = bonus[kind]
    return QUALITY[card] * 0.5 if extra is None else QUALITY[card] + extra


def _worth_table(key: tuple[int | None, ...]) -> tuple[float, ...]:
    """Every card's worth for one set of part bonuses (an Oops! is never held: it takes effect as
    it is drawn, so it is worth nothing)."""
    bonus = dict(zip((BOTTOM, FILLING, TOP, EXTRAS), key, strict=True))
    return tuple(0.0 if KIND[card] == OOPS else _worth(bonus, card) for card in range(len(KIND)))


# The card worths for every set of bonuses `_bonus_for` gives (Bottom Crust, Filling, Top Crust,
# Extras): 24 tables, made once with the module (a constant, the same for every game).
_WORTHS: dict[tuple[int | None, ...], tuple[float, ...]] = {
    key: _worth_table(key)
    for key in itertools.product((20, 0), (30, 20, None), (18, None), (4, None))
}


def _take(card: int) -> Action:
    return {"type": "draw", "from": "leftovers", "card": card}


def _quality(card: int) -> int:
    return _QUALITIES[card]


_QUALITIES = P.CARD_QUALITIES


def _play_value(level: str, facts: tuple[int, bool, set[Any]], play: Play) -> float:
    """What playing a pie card is worth (`CheflebrityBot._play_facts` read from the table)."""
    card, chosen, pie_id = play
    kind = KIND[card]
    part = chosen or kind
    quality = _QUALITIES[card]
    if level == "easy":
        return quality + (0.1 if part == FILLING else 0)
    bottom_bonus, tops, topped = facts
    if part == BOTTOM:
        worth = bottom_bonus + quality * 0.6
    elif part == FILLING:
        worth = 30 + quality
    elif part == TOP:
        worth = 18 + quality
    else:
        # Extras on a bare tart forbid its Top Crust: wait for one when one is in hand.
        worth = quality + (4 if pie_id in topped else (-12 if tops else 0))
    if kind == GENIUS:
        worth -= 18  # worth more as a Sabotage! or a Saved it!
    return worth


def make_bot(level: str, seat: int, seed: int) -> CheflebrityBot:
    """The registry's bot factory."""
    return CheflebrityBot(level, seat, seed)
