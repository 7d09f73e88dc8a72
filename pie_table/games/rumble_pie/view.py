"""What a seat may see: everything on the table, but decks only as counts and never the rng.

Per player: "columns" (card kinds, last = bottom/playable), "column_ids", "hand"/"hand_id",
"deck_count", "arsenal_count". Per board and face: "ids", "kinds", "owners" (bottom first), "top",
"clearing" (ticks left, 0 if none), "scored_by". Plus phase, scores, teams, options and history.

The view is described field by field (`LazyView`): the table builds it whole, while a bot, asked
every tick but thinking about once a second, reads only the phase until it thinks.
"""

from __future__ import annotations

from typing import Any

from pie_table.core.lazy_view import Fields, LazyView
from pie_table.games.rumble_pie.state import RumbleState


def build_view(state: RumbleState, seat: int | None) -> dict[str, Any]:
    """JSON view for `seat` (None = spectator); Rumble Pie has no private cards beyond deck order."""
    return lazy_view(state, seat).whole()


def lazy_view(state: RumbleState, seat: int | None) -> LazyView:
    """`build_view`, each part worked out when first read (for a decision made at once)."""
    return LazyView(_FIELDS, state, seat)


def _board(state: RumbleState, board: dict[str, Any]) -> dict[str, Any]:
    cards = state.cards
    return {f: {"ids": list(p.cards), "kinds": [cards[c].kind for c in p.cards],
                "owners": [cards[c].owner for c in p.cards],
                "top": cards[p.cards[-1]].kind if p.cards else None,
                "clearing": p.clearing, "scored_by": p.scored_by}
            for f, p in board.items()}


def _player(state: RumbleState, seat: int) -> dict[str, Any]:
    """One seat's public table: arsenal and held card face-up, the deck as a count."""
    cards = state.cards
    player = state.players[seat]
    return {
        "seat": seat,
        "team": state.teams[seat],
        "deck_count": len(player.deck),
        "deck_ids": sorted(player.deck),
        "columns": [[cards[c].kind for c in col] for col in player.columns],
        "column_ids": [list(col) for col in player.columns],
        "hand": cards[player.hand].kind if player.hand is not None else None,
        "hand_id": player.hand,
        "arsenal_count": player.arsenal_count(),
    }


_FIELDS: Fields = {
    # What may change on any tick: the clock, the phase, the scores.
    "game": lambda v: "rumble-pie",
    "seat": lambda v: v.seat,
    "seats": lambda v: v.state.seats,
    "team_count": lambda v: v.state.team_count,
    "target": lambda v: v.state.target,
    "tick": lambda v: v.state.tick,
    "phase": lambda v: v.state.phase,
    "phase_ticks": lambda v: v.state.phase_ticks,
    "round": lambda v: v.state.round,
    "columns_allowed": lambda v: v.state.columns_allowed,
    "capacity": lambda v: v.state.capacity,
    "scores": lambda v: list(v.state.scores),
    "round_kapows": lambda v: list(v.state.round_kapows),
    "out_by": lambda v: v.state.out_by,
    "winner": lambda v: v.state.winner,
    "penalty": lambda v: v.state.penalty,
    "played_this_tick": lambda v: sorted([b, f] for b, f in v.state.played_this_tick),
    # What changes only when a card moves or a pile clears.
    "teams": lambda v: list(v.state.teams),
    "options": lambda v: {k: (list(x) if isinstance(x, list) else x) for k, x in v.state.options.items()},
    "players": lambda v: [_player(v.state, s) for s in range(v.state.seats)],
    "boards": lambda v: [_board(v.state, board) for board in v.state.boards],
    "set_aside_counts": lambda v: [len(x) for x in v.state.set_aside],
    # Public too: which cards a KaPow! set aside, the penalty discard, and each card's kind and
    # owner (decks are dealt from known sets, so a deck's contents are no secret: its order is,
    # and decks are given only as counts and as sorted ids).
    "set_aside_ids": lambda v: [list(x) for x in v.state.set_aside],
    "discard_ids": lambda v: list(v.state.discard),
    "cards": lambda v: tuple((card.kind, card.owner) for card in v.state.cards),
    "discard_count": lambda v: len(v.state.discard),
    "history": lambda v: [{**h, "kapows": list(h["kapows"]), "scores": list(h["scores"])}
                          for h in v.state.history],
}
