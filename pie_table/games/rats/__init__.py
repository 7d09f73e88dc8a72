"""RATS: High Tea at Sea — registers the game at import (the engine itself never imports pygame)."""

from pie_table.core.registry import GameInfo, OptionInfo, register_game
from pie_table.games.rats import adapters
from pie_table.games.rats.action_shapes import ACTION_SHAPES
from pie_table.games.rats.bots import seat_bots
from pie_table.games.rats.expert import make_bot
from pie_table.games.rats.rules import RULES
from pie_table.games.rats.state import DEFAULT_SHIP

register_game(
    GameInfo(
        id="rats",
        title="RATS: High Tea at Sea",
        blurb="Posh rats scavenge, out-do the Host and throw a banquet before the ship sinks.",
        min_seats=2,
        max_seats=6,
        rules=RULES,
        # No toggle for High Tea for Two: the seat count decides it (on with two rats, off with more).
        options=(
            OptionInfo("vocations", "Vermin Vocations", False,
                       help="Each rat rolls for the order and takes a unique vocation power."),
            OptionInfo("ship_name", "Ship name", DEFAULT_SHIP, help="The first Host names the ship."),
        ),
        realtime=False,
        action_shapes=ACTION_SHAPES,
        scene_factory="pie_table.games.rats.ui.table_scene:RatsTableScene",
        bot_factory=make_bot,
        seat_bots=seat_bots,
        bot_levels=("easy", "normal", "hard", "expert", "random"),
        simulate=adapters.simulate,
        report=adapters.report,
        bench_sim=adapters.bench_sim,
        bench_seats=4,
        icon_factory="pie_table.kit.art:rat_portrait",
        seat_scores=adapters.seat_scores,
    )
)
