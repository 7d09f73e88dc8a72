"""What a seat may see: everything on the table, but decks only as counts and never the rng.

Per player: "columns" (card kinds, last = bottom/playable), "column_ids", "hand"/"hand_id",
"deck_count", "arsenal_count". Per board and face: "ids", "kinds", "owners" (bottom first), "top",
"clearing" (ticks left, 0 if none), "scored_by". Plus phase, scores, teams, options and history.
"""

from __future__ import annotations

from typing import Any

from pie_table.games.rumble_pie.state import RumbleState


def build_view(state: RumbleState, seat: int | None) -> dict[str, Any]:
    """JSON view for `seat` (None = spectator); Rumble Pie has no private cards beyond deck order."""
    view = public_view(state)
    view["seat"] = seat
    return view


def public_view(state: RumbleState) -> dict[str, Any]:
    """The seat-independent part of every view, built afresh."""
    return {**_moment(state), **_table(state)}


def cached_public_view(state: RumbleState) -> dict[str, Any]:
    """`public_view`, with the table's cards (players, boards, piles, history) rebuilt only when the
    rules say the table changed: most ticks move nothing, and rebuilding it 60 times a second was
    half of a headless game's time. Callers must not mutate it (views are read, never changed)."""
    parts = state.view_parts
    if parts is None or parts[0] != state.table_version:
        parts = state.view_parts = (state.table_version, _table(state))
    return {**_moment(state), **parts[1]}


def _moment(state: RumbleState) -> dict[str, Any]:
    """What may change on any tick: the clock, the phase, the scores."""
    return {
        "game": "rumble-pie",
        "seat": None,
        "seats": state.seats,
        "team_count": state.team_count,
        "target": state.target,
        "tick": state.tick,
        "phase": state.phase,
        "phase_ticks": state.phase_ticks,
        "round": state.round,
        "columns_allowed": state.columns_allowed,
        "capacity": state.capacity,
        "scores": list(state.scores),
        "round_kapows": list(state.round_kapows),
        "out_by": state.out_by,
        "winner": state.winner,
        "penalty": state.penalty,
        "played_this_tick": sorted([b, f] for b, f in state.played_this_tick),
    }


def _table(state: RumbleState) -> dict[str, Any]:
    """What changes only when a card moves or a pile clears."""
    cards = state.cards
    return {
        "teams": list(state.teams),
        "options": {k: (list(v) if isinstance(v, list) else v) for k, v in state.options.items()},
        "players": [_player(state, s) for s in range(state.seats)],
        "boards": [{f: {"ids": list(p.cards), "kinds": [cards[c].kind for c in p.cards],
                        "owners": [cards[c].owner for c in p.cards],
                        "top": cards[p.cards[-1]].kind if p.cards else None,
                        "clearing": p.clearing, "scored_by": p.scored_by}
                    for f, p in board.items()} for board in state.boards],
        "set_aside_counts": [len(x) for x in state.set_aside],
        # Public too: which cards a KaPow! set aside, the penalty discard, and each card's kind and
        # owner (decks are dealt from known sets, so a deck's contents are no secret: its order is,
        # and decks are given only as counts and as sorted ids).
        "set_aside_ids": [list(x) for x in state.set_aside],
        "discard_ids": list(state.discard),
        "cards": state.card_table,
        "discard_count": len(state.discard),
        "history": [{**h, "kapows": list(h["kapows"]), "scores": list(h["scores"])} for h in state.history],
    }


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
