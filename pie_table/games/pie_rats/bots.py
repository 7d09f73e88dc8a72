"""Pie Rats bots: random, easy, normal and hard. Each decides from its seat's view and its legal
moves only (never another hand, never the deck order).

- random: any legal move.
- easy: tables what it holds, lures and loots the first thing it finds, never plays a card out of
  turn, and throws its action cards away at every refill.
- normal: tables everything, lures the strongest rat it can afford, loots the richest pie it can,
  uses Spinach and Kidnapping to reach a pie, Mirrors a Charm aimed at its own crew, steals the
  best charisma card in the theft window, keeps one action card at the refill.
- hard: reads the race for the sill (race.py: who, from the Lead Player on, would carry which pie):
  it declares whenever a lure is worth anything (measured: a lure a round beats any protection),
  picks the lure, Kidnapping or Carob Bean that swings the race most, Mirrors any Charm of a
  Captain ahead of it, ambushes a loot that would put someone ahead, and keeps no action card
  at the refill (fresh cards are worth more).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pie_table.core.engine import TurnBot
from pie_table.games.pie_rats import race
from pie_table.games.pie_rats.deck import (
    CAPTAIN_CHARISMA,
    CAPTAIN_STRENGTH,
    CARDS,
    CHARISMAS,
    CHARM,
    KEYS,
    KIDNAP,
    KINDS,
    PIES,
    SPINACH,
)
from pie_table.games.pie_rats.reckon import best_lure_pick, first_loots, lure_need, lure_picks

Action = dict[str, Any]
# A Spinach or Kidnapping as phase 6 weighs it: (its move's type, the card, the crew member, the
# strength it adds to the bot's crew).
Helper = tuple[str, int, int, int]
LEVELS = ("random", "easy", "normal", "hard")
# What luring one crew member needs beyond its loyalty (`reckon.lure_need` of one loyalty).
_LURE_ONE = lure_need([0])
# Which action cards a bot keeps through a refill, most wanted first.
_KEEP = {"kidnapping": 0, "spinach": 1, "mirror": 2, "carob_bean": 3, "charisma_theft": 4}
# Each pie's weight, by pie number.
_WEIGHTS = tuple(pie.weight for pie in PIES)


def _points(view: Mapping[str, Any], seat: int) -> int:
    return view["standings"][seat][0]


def _leader(view: Mapping[str, Any], me: int) -> int | None:
    """The best-placed other Captain (points, then crew strength)."""
    others = [s for s in range(view["seats"]) if s != me]
    if not others:
        return None
    return max(others, key=lambda s: (view["standings"][s][0], sum(r["strength"] for r in view["crews"][s])))


class PieRatsBot(TurnBot):
    """One bot seat."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.level = level if level in LEVELS else "normal"
        self.seat = seat
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Choose one of `legal`."""
        if self.level == "random" or len(legal) == 1:
            return self.rng.choice(legal)
        kind = view["asking"] or "turn"
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if kind == "refill":
            return self._refill(view)
        if kind == "theft":
            return self._theft_window(view, by_type)
        if kind == "mirror":
            return self._mirror(view, view["decisions"][-1], by_type)
        if kind == "ambush":
            return self._ambush(view, view["decisions"][-1], by_type)
        return self._turn(view, by_type)

    # -- windows --------------------------------------------------------------------------------------

    def _theft_window(self, view: Mapping[str, Any], by_type: dict[str, list[Action]]) -> Action:
        thefts = by_type.get("theft", [])
        if not thefts or self.level == "easy":
            return by_type["pass"][0]
        owner = {c: s for s, tabled in enumerate(view["charisma"]) for c in tabled}

        def worth(action: Action) -> float:
            card = CARDS[action["target"]]
            bonus = 1.5 if card.key == CHARM else 0.0
            if self.level == "hard":
                bonus += 0.5 * (_points(view, owner[action["target"]]) >= _points(view, self.seat))
            return card.charisma + bonus

        best = max(thefts, key=worth)
        # Normal steals only something worth a card; hard waits for a +2 unless the pile is low.
        return best if worth(best) >= 2 else by_type["pass"][0]

    def _mirror(self, view: Mapping[str, Any], top: dict[str, Any],
                by_type: dict[str, list[Action]]) -> Action:
        mirrors = by_type.get("mirror", [])
        if not mirrors:
            return by_type["pass"][0]
        held = top["data"]["held"]
        mine = {r["card"] for r in view["crews"][self.seat]}
        aimed_at_me = any(t in mine for t in held["targets"])
        ahead = _points(view, held["seat"]) >= _points(view, self.seat)
        if aimed_at_me or (self.level == "hard" and ahead) or (self.level == "easy" and aimed_at_me):
            return mirrors[0]
        return by_type["pass"][0]

    def _ambush(self, view: Mapping[str, Any], top: dict[str, Any],
                by_type: dict[str, list[Action]]) -> Action:
        held = top["data"]["held"]
        mean = by_type.get("kidnap", []) + by_type.get("bean", [])
        if not mean or self.level == "easy":
            return by_type["pass"][0]
        looter = held["seat"]
        gain = PIES[held["pie"]].points
        threat = _points(view, looter) + gain >= _points(view, self.seat) + (0 if self.level == "hard" else 3)
        if not threat:
            return by_type["pass"][0]
        used = set(held["crew"])
        strength = {r["card"]: r["strength"] for r in view["crews"][looter]}
        spare = held["total"] - held["weight"]
        breaking = [a for a in mean if a["crew"] in used and strength[a["crew"]] > spare]
        if not breaking:
            return by_type["pass"][0]
        return max(breaking, key=lambda a: (strength[a["crew"]], a["type"] == "kidnap"))

    def _refill(self, view: Mapping[str, Any]) -> Action:
        """Crew and charisma were tabled, so the hand holds action cards: keep the useful ones (at
        most two, so at least one fresh card comes), discard the rest. Easy keeps nothing. Any
        cards of the hand may go (named in hand order, as the moves list them)."""
        keep_at_most = {"easy": 0, "normal": 1}.get(self.level, 0)
        hand = sorted(view["hand"], key=lambda c: (_KEEP.get(CARDS[c].key, 9), c))
        if self.level == "normal":
            hand = [c for c in hand if CARDS[c].key != "carob_bean"] + [
                c for c in hand if CARDS[c].key == "carob_bean"
            ]
        unwanted = {c for c in hand[keep_at_most:] if CARDS[c].kind == "action"}
        return {"type": "refill", "seat": self.seat, "cards": [c for c in view["hand"] if c in unwanted]}

    def decide_from_view(self, view: Mapping[str, Any]) -> Action | None:
        """The move for a decision the bot settles from its view alone, or None when it needs the
        listed moves. Only decisions it settles the same way either way, so games do not change:
        the first card to table, the refill, the declaration, a normal or easy bot's lure (from
        `reckon.lure_moves`, as the engine lists them). (A pass in a window the bot holds no card
        for is forced: the engine's `forced_action`.)"""
        kind = view["asking"]
        if self.level == "random" or kind is None:
            return None
        seat, hand = self.seat, view["hand"]
        if kind == "refill":
            return self._refill(view)
        if kind != "turn":
            return None
        phase, done = view["phase"], {"type": "done", "seat": seat}
        if phase == 2 or phase == 3:
            wanted = "charisma" if phase == 2 else "crew"
            for card in hand:
                if KINDS[card] == wanted:
                    return {"type": "table" if phase == 2 else "crew", "seat": seat, "card": card}
            return done
        if phase == 4:
            moves: dict[str, list[Action]] = {}
            if not view["acted"][seat]:
                moves["protect"] = [
                    {"type": "protect", "seat": seat, "crew": r["card"]} for r in view["crews"][seat]
                ]
                moves["declare"] = [{"type": "declare", "seat": seat}]
            return self._declare(view, moves) or done
        if phase == 5 and self.level != "hard":  # hard weighs its mean cards first (listed moves)
            if not view["declared"][seat] or view["acted"][seat]:
                return done
            return self._pick_lure(view) or done
        if phase == 6 and self.level != "hard" and not view["looted"][seat]:
            if self.level == "normal" and view["options"]["phase6"] == "a" and not view["frozen"][seat]:
                # A normal bot that can carry a pie calls "I'm looting a pie!" (`_loot_turn`): a
                # crew strong enough for a pie's weight is all that takes.
                total = CAPTAIN_STRENGTH + sum(r["strength"] for r in view["crews"][seat])
                for pie in view["sill"]:
                    if _WEIGHTS[pie] <= total:
                        return {"type": "call_loot", "seat": seat}
            moves, helpers = self._loot_moves(view)
            return self._loot_turn(view, moves, helpers) or done
        return None

    def _loot_moves(self, view: Mapping[str, Any]) -> tuple[dict[str, list[Action]], list[Helper]]:
        """The phase-6 moves a normal or easy bot weighs, as `legal` lists them, read from the view:
        the call and the loots (the first of each pie, `reckon.first_loots`: `_loot_turn` picks the
        first loot, or by pie and then by the least strength spent), and apart (not written out)
        Spinach on its crew and Kidnappings."""
        seat, rule = self.seat, view["options"]["phase6"]
        found: dict[str, list[Action]] = {}
        if rule == "a" and not view["frozen"][seat] and view["sill"]:
            found["call_loot"] = [{"type": "call_loot", "seat": seat}]
        crew = view["crews"][seat]
        loots = first_loots(seat, [r["card"] for r in crew], [r["strength"] for r in crew], view["sill"])
        if loots:
            found["loot"] = loots
        hand = view["hand"]
        spinach = kidnap = None
        for card in hand:  # the first card of each kind, as `legal` names them
            key = KEYS[card]
            if key == SPINACH and spinach is None:
                spinach = card
            elif key == KIDNAP and kidnap is None and rule != "b":
                kidnap = card
        helpers: list[Helper] = []
        if spinach is not None:
            helpers += [("spinach", spinach, r["card"], r["strength"]) for r in crew if r["spinach"] is None]
        if kidnap is not None:
            frozen = view["frozen"]
            helpers += [
                ("kidnap", kidnap, r["card"], r["strength"])
                for owner, rats in enumerate(view["crews"])
                if owner != seat and not frozen[owner]
                for r in rats
            ]
        return found, helpers

    # -- turns ------------------------------------------------------------------------------------------

    def _turn(self, view: Mapping[str, Any], by_type: dict[str, list[Action]]) -> Action:
        phase = view["phase"]
        done = by_type["done"][0]
        if phase == 2:
            if "table" in by_type:
                return by_type["table"][0]
            return done
        if phase == 3:
            return by_type["crew"][0] if "crew" in by_type else done
        if phase == 4:
            return self._declare(view, by_type) or done
        if phase == 5:
            if self.level == "hard":
                mean = self._spoil(view, by_type)
                if mean is not None:
                    return mean
            if "lure" in by_type:
                if self.level != "hard":
                    return self._pick_lure(view) or done
                return self._lure(view, by_type["lure"])
            if self.level == "hard":
                mean = self._spoil(view, by_type)
                if mean is not None:
                    return mean
            return done
        return self._loot_turn(view, by_type, self._listed_helpers(view, by_type)) or done

    def _declare(self, view: Mapping[str, Any], by_type: dict[str, list[Action]]) -> Action | None:
        if "declare" not in by_type:
            return None
        charisma = view["charisma"]
        have = CAPTAIN_CHARISMA + sum(CHARISMAS[c] for c in charisma[self.seat])
        best_target = 0
        reach = have - _LURE_ONE  # the highest loyalty a lure can pay for
        for owner, crew in enumerate(view["crews"]):
            if owner == self.seat:
                continue
            for rat in crew:
                if not rat["protected"] and rat["loyalty"] <= reach and rat["strength"] > best_target:
                    best_target = rat["strength"]
        protects = by_type.get("protect", [])
        if self.level == "hard":
            return self._declare_hard(view, by_type, protects)
        if self.level == "easy":
            return by_type["declare"][0] if best_target else (protects[0] if protects else None)
        risk = 0
        if protects:
            rivals = max(
                CAPTAIN_CHARISMA + sum(CHARISMAS[c] for c in tabled)
                for s, tabled in enumerate(charisma)
                if s != self.seat
            )
            for rat in view["crews"][self.seat]:
                if _LURE_ONE + rat["loyalty"] <= rivals + (1 if self.level == "hard" else 0):
                    risk = max(risk, rat["strength"])
        if best_target and best_target + 1 >= risk:
            return by_type["declare"][0]
        if protects and risk:
            strength = {r["card"]: (r["strength"], -r["loyalty"]) for r in view["crews"][self.seat]}
            return max(protects, key=lambda a: strength[a["crew"]])
        return by_type["declare"][0] if best_target else None

    def _declare_hard(
        self, view: Mapping[str, Any], by_type: dict[str, list[Action]], protects: list[Action]
    ) -> Action | None:
        # Measured: a lure a round is worth more than any protection (hard beat easy 64% when it
        # protected whenever the risk looked larger, 99% when it lures whenever it can).
        if race.best_lure_gain(view, self.seat) > 0:
            return by_type["declare"][0]
        _, card = race.worst_loss(view, self.seat)
        protect = next((a for a in protects if a["crew"] == card), None)
        if protect is not None:
            return protect
        if protects:
            strength = {r["card"]: (r["strength"], -r["loyalty"]) for r in view["crews"][self.seat]}
            return max(protects, key=lambda a: strength[a["crew"]])
        return by_type["declare"][0]

    def _lure(self, view: Mapping[str, Any], lures: list[Action]) -> Action:
        """Hard: the listed lure that swings the race for the pies most."""
        return max(lures[:400], key=lambda a: race.lure_worth(view, self.seat, a))

    def _pick_lure(self, view: Mapping[str, Any]) -> Action | None:
        """Easy: the first lure the engine lists. Normal: the strength a lure brings against the
        charisma it spends, the first of the best (`reckon.best_lure_pick`). Both read the lures
        `legal` lists, in its order, without writing every move out; None if no lure reaches."""
        seat = self.seat
        tabled = view["charisma"][seat]
        targets = [  # (card, loyalty, strength) of every crew member a lure may aim at
            (r["card"], r["loyalty"], r["strength"])
            for owner, crew in enumerate(view["crews"])
            if owner != seat
            for r in crew
            if not r["protected"] and not r["lured"]
        ]
        best: tuple[tuple[int, ...], list[int]] | None
        if self.level == "easy":
            hand, picks = lure_picks([(card, loyalty) for card, loyalty, _ in targets], tabled)
            best = next(
                ((chosen, sets[0]) for chosen, need in picks if (sets := hand.card_sets(need, len(chosen)))),
                None,
            )
        else:  # within a choice of targets the cheapest cards win (the first of them)
            best = best_lure_pick(targets, tabled, 0.6)
        if best is None:
            return None
        return {"type": "lure", "seat": seat, "targets": list(best[0]), "cards": best[1]}

    def _spoil(self, view: Mapping[str, Any], by_type: dict[str, list[Action]]) -> Action | None:
        """Hard: the Kidnapping or Carob Bean that swings this round's race for the pies most."""
        options = by_type.get("kidnap", []) + by_type.get("bean", [])
        if not options:
            return None
        best = max(options, key=lambda a: (race.mean_worth(view, self.seat, a), a["type"] == "kidnap"))
        return best if race.mean_worth(view, self.seat, best) >= 1.5 else None

    def _loot_turn(
        self, view: Mapping[str, Any], by_type: dict[str, list[Action]], helper_moves: list[Helper]
    ) -> Action | None:
        loots = by_type.get("loot", [])
        found: list[tuple[int, Action] | None] = []

        def helpers() -> tuple[int, Action] | None:
            """`_helpers`, worked out once for this decision."""
            if not found:
                found.append(self._helpers(view, helper_moves))
            return found[0]

        if self.level == "hard" and not loots and "call_loot" in by_type:
            mean = self._spoil(view, by_type)
            if mean is not None and helpers() is None:
                return mean
        best_pie = max((PIES[p].points for p in view["sill"]), default=0)
        if "call_loot" in by_type and (loots or helpers()) and self.level != "easy":
            return by_type["call_loot"][0]
        if self.level != "easy":
            better = helpers()
            current = max((PIES[a["pie"]].points for a in loots), default=0)
            if better is not None and better[0] > current:
                return better[1]
        if loots:
            if self.level == "easy":
                return loots[0]
            strength = {r["card"]: r["strength"] for r in view["crews"][self.seat]}
            return max(loots, key=lambda a: (PIES[a["pie"]].points, -sum(strength[c] for c in a["crew"])))
        if best_pie and self.level == "hard":
            return self._spoil(view, by_type)
        return None

    def _listed_helpers(self, view: Mapping[str, Any], by_type: dict[str, list[Action]]) -> list[Helper]:
        """The listed Spinach and Kidnapping moves as `_helpers` weighs them."""
        strength = {r["card"]: r["strength"] for r in view["crews"][self.seat]}
        all_strength = {r["card"]: r["strength"] for c in view["crews"] for r in c}
        found: list[Helper] = []
        for action in by_type.get("spinach", []):
            found.append(("spinach", action["card"], action["crew"], strength.get(action["crew"], 0)))
        for action in by_type.get("kidnap", []):
            found.append(("kidnap", action["card"], action["crew"], all_strength[action["crew"]]))
        return found

    def _helpers(self, view: Mapping[str, Any], helper_moves: list[Helper]) -> tuple[int, Action] | None:
        """A Spinach or Kidnapping that lets the crew carry a richer pie: (its points, the move).
        The first of the moves (in `legal`'s order) reaching the richest pie wins."""
        if not helper_moves:
            return None
        total = CAPTAIN_STRENGTH + sum(r["strength"] for r in view["crews"][self.seat])
        sill = [(PIES[p].weight, PIES[p].points) for p in view["sill"]]
        reaches: dict[int, int] = {}  # the richest pie within reach (-1: none), by the strength added
        best: tuple[int, Helper] | None = None
        for move in helper_moves:
            extra = move[3]
            reach = reaches.get(extra)
            if reach is None:
                within = [points for weight, points in sill if weight <= total + extra]
                reach = reaches[extra] = max(within) if within else -1
            if reach >= 0 and (best is None or reach > best[0]):
                best = (reach, move)
        if best is None:
            return None
        kind, card, crew, _ = best[1]
        return best[0], {"type": kind, "seat": self.seat, "card": card, "crew": crew}


def make_bot(level: str, seat: int, seed: int) -> PieRatsBot:
    """The registry's bot factory."""
    return PieRatsBot(level, seat, seed)
