"""Rumble Pie bot judgement: read a seat's view into a `Table`, then score every legal action.

Pure functions over the public view (decks are counts, so nothing here can peek at a hidden card).
The numbers are a hand-tuned scale on which a KaPow! (1000) beats a defence at Four (~550–800),
which beats pushing a pile up (260–740), which beats drawing or shedding (a few hundred at most);
anything that helps the other team is negative.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pie_table.games.rumble_pie.cards import FACES, VALUE
from pie_table.games.rumble_pie.legal import legal_actions_from_view

Action = dict[str, Any]
_KAPOW = 1000.0
_OUT = 900.0
_START = 220.0
_SHED = 60.0
# Defence worth by the pile's height: a pile at Four is one card from a point for the other team.
_THREAT = {2: 60.0, 3: 250.0, 4: 550.0}
# Worth of digging a buried card out is only taken when the card is this good.
_DIG_AT = 400.0
# Idle looks before settling for a mildly costly action (filling the last arsenal slot, a small
# gift to the other team), and before accepting real harm so that a full arsenal never stalls a round.
_PATIENCE = 3
_LONG_PATIENCE = 8
_MILD_HARM = -150.0
_NEVER = -9999.0


@dataclass(frozen=True)
class Profile:
    """The knobs that make a level: how well it sees the table and how much it dithers."""

    noise: float  # uniform +/- added to each score: random-ish choices for weaker levels
    defend_from: int  # lowest own-team pile height it treats as a threat (99: never)
    arsenal_target: int  # restock the arsenal up to this many cards
    read_opponents: bool  # weighs threats by what opponents hold face-up at their column bottoms
    dig: bool  # moves cards between columns to free a needed one
    smart_out: bool  # may finish a one-card KaPow! before calling Out!
    hand_draw: float  # chance of drawing to the hand (then play or place it) instead of to a column


@dataclass(frozen=True)
class Pile:
    """One pile as the bot sees it."""

    board: int
    face: str
    top: str | None
    level: int  # -1 empty, 0 chef, 1 One/Block, 2..4, 5 KaPow! (clearing)
    own: bool  # on the bot's own team's board


@dataclass
class Table:
    """What one decision needs, read once from the view."""

    seat: int
    piles: dict[tuple[int, str], Pile]
    columns: list[list[str]]
    hand: str | None
    deck: int
    arsenal: int
    capacity: int
    ready: set[str]  # kinds the bot can play at once (column bottoms and hand)
    opp_ready: set[str]  # kinds any opponent can play at once
    opp_min_deck: int  # fewest cards left in an opponent's deck (Out! race)


def read_table(view: dict[str, Any], seat: int) -> Table:
    """Summarise the view for `seat`."""
    teams = view["teams"]
    me = view["players"][seat]
    piles = {}
    for b, board in enumerate(view["boards"]):
        for face in FACES:
            p = board[face]
            top = p["top"]
            level = -1 if top is None else (5 if p["clearing"] else VALUE[top])
            piles[(b, face)] = Pile(b, face, top, level, teams[b] == teams[seat])
    opponents = [p for p in view["players"] if teams[p["seat"]] != teams[seat]]
    return Table(
        seat=seat, piles=piles, columns=me["columns"], hand=me["hand"], deck=me["deck_count"],
        arsenal=me["arsenal_count"], capacity=view["capacity"], ready=_ready(me),
        opp_ready=set().union(*(_ready(p) for p in opponents)) if opponents else set(),
        opp_min_deck=min((p["deck_count"] + (p["hand"] is not None) for p in opponents), default=99),
    )


def _ready(player: dict[str, Any]) -> set[str]:
    """Kinds a player could play right now."""
    kinds = {col[-1] for col in player["columns"] if col}
    if player["hand"] is not None:
        kinds.add(player["hand"])
    return kinds


def play_score(kind: str, pile: Pile, t: Table, prof: Profile) -> float:
    """Worth of playing a `kind` card on `pile` (assumed legal)."""
    if not pile.own:
        return _attack_score(kind, pile, t)
    return _own_board_score(kind, pile, t, prof)


def _attack_score(kind: str, pile: Pile, t: Table) -> float:
    """On an opponent's board: start, push up or KaPow!; playing down there only helps them."""
    if kind == "kapow":
        return _KAPOW
    if pile.top is None:
        return _START
    if kind != "block" and VALUE[kind] == pile.level + 1:
        score = 200.0 + 60.0 * VALUE[kind]
        if kind == "four" and "kapow" in t.ready:
            score += 300.0  # the pie lands on the very next action
        return score
    return -(120.0 + 60.0 * pile.level)


def _own_board_score(kind: str, pile: Pile, t: Table, prof: Profile) -> float:
    """On the own team's board: playing down or Blocking defends; playing up helps the other team."""
    if kind != "block" and VALUE[kind] == pile.level + 1:
        return -(100.0 + 100.0 * pile.level)
    new = 1 if kind == "block" else VALUE[kind]
    score = _SHED + 20.0 * (pile.level - new)
    if pile.level >= prof.defend_from:
        threat = _THREAT.get(pile.level, 0.0)
        if prof.read_opponents and _next_up(pile.level) in t.opp_ready:
            threat *= 1.5  # an opponent holds the very card that moves this pile on
        score += threat
    if kind == "block" and pile.level < 3:
        score -= 80.0  # a Block is worth keeping for a pile at Three or Four
    return score - _offence_need(kind, t)


def _next_up(level: int) -> str:
    """The card that pushes a pile at `level` one step towards a pie."""
    return {0: "one", 1: "two", 2: "three", 3: "four", 4: "kapow"}.get(level, "")


def _offence_need(kind: str, t: Table) -> float:
    """Cost of spending a card some attack pile needs next (prefer defending with a spare card)."""
    if kind == "block":
        return 0.0
    for pile in t.piles.values():
        if not pile.own and pile.level >= 0 and VALUE[kind] == pile.level + 1:
            return 80.0
    return 0.0


def best_use(kind: str, t: Table, prof: Profile) -> float:
    """Best worth of a `kind` card over every pile it could legally land on (0 when none helps)."""
    best = 0.0
    for pile in t.piles.values():
        if _fits(kind, pile):
            best = max(best, play_score(kind, pile, t, prof))
    return best


def _fits(kind: str, pile: Pile) -> bool:
    """A light legality check for planning (the engine's check decides for real)."""
    if pile.level == 5:
        return False
    if pile.top is None:
        return kind == pile.face and not pile.own
    if kind in FACES:
        return False
    if kind == "kapow":
        return pile.level == 4 and not pile.own
    if kind == "block":
        return pile.level >= 2
    return abs(VALUE[kind] - pile.level) == 1


def score_action(action: Action, t: Table, prof: Profile) -> float:
    """Worth of one legal action for this seat."""
    kind = action["type"]
    if kind == "play":
        src = action["source"]
        card = t.hand if src == "hand" else t.columns[src][-1]
        assert card is not None, "a legal play from the hand means a card is held"
        return play_score(card, t.piles[(action["board"], action["face"])], t, prof)
    if kind == "draw":
        return _draw_score(action, t, prof)
    if kind == "place":
        return 150.0 - _bury_cost(action["column"], t, prof)
    if kind == "move":
        return _move_score(action, t, prof)
    return _out_score(t, prof)


def _draw_score(action: Action, t: Table, prof: Profile) -> float:
    """Restock towards the level's target, but never fill the last slot unless nothing else helps."""
    short = prof.arsenal_target - t.arsenal
    if t.capacity - t.arsenal <= 1:
        score = -1.0  # a full arsenal cannot draw or dig: only as a last resort
    elif short > 0:
        score = 120.0 + 50.0 * short
    else:
        score = 30.0
    if "column" in action:
        score -= _bury_cost(action["column"], t, prof)
    return score


def _bury_cost(column: int, t: Table, prof: Profile) -> float:
    """What covering a column's bottom card costs: a fraction of that card's best use now."""
    col = t.columns[column]
    if not col:
        return -5.0  # an empty column is the best place for a new card
    return 0.3 * best_use(col[-1], t, prof) + 5.0 * len(col)


def _move_score(action: Action, t: Table, prof: Profile) -> float:
    """Digging: worth it only when it frees a buried card that is badly needed right now."""
    if not prof.dig:
        return -1.0
    src = t.columns[action["from"]]
    count = action["count"]
    if len(src) <= count:
        return -1.0
    freed = best_use(src[-count - 1], t, prof)
    if freed < _DIG_AT:
        return -1.0
    return freed - 200.0 * count - _bury_cost(action["to"], t, prof)


def _out_score(t: Table, prof: Profile) -> float:
    """Out! ends the round with two bonus points; a smart bot first lands a ready KaPow! if safe."""
    if not prof.smart_out or t.opp_min_deck < 1:
        return 2 * _KAPOW
    return _OUT


def fallback_score(action: Action, t: Table, prof: Profile) -> float:
    """After waiting in vain: free a useful card, fill the last slot, or shed the least harmful card."""
    if action["type"] != "move":
        return score_action(action, t, prof)
    src = t.columns[action["from"]]
    count = action["count"]
    freed = best_use(src[-count - 1], t, prof) if len(src) > count else 0.0
    return freed - 50.0 * count if freed > 0 else _NEVER  # a move that frees nothing is fidgeting


def choose(view: dict[str, Any], seat: int, prof: Profile, rng: random.Random,
           idle: int = 0) -> Action | None:
    """The best legal action, or None to wait; `idle` (looks in a row that found nothing) lowers the bar."""
    actions = legal_actions_from_view(view, seat)
    if not actions:
        return None
    t = read_table(view, seat)
    to_hand = rng.random() < prof.hand_draw or t.capacity - t.arsenal <= 2
    actions = [a for a in actions if not (a["type"] == "draw" and ("column" in a) == to_hand)]
    best, best_score = None, 0.0
    for action in actions:
        score = score_action(action, t, prof)
        if prof.noise:
            score += rng.uniform(-prof.noise, prof.noise)
        if score > best_score:
            best, best_score = action, score
    if best is not None or idle < _PATIENCE:
        return best
    # Still nothing after a while: mild costs first, real harm only when the wait drags on.
    floor = _NEVER if idle >= _LONG_PATIENCE else _MILD_HARM
    score, i = max((fallback_score(a, t, prof), i) for i, a in enumerate(actions))
    return actions[i] if score > floor else None
