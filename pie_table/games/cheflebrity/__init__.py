"""Cheflebrity — registers the game at import (the engine never imports pygame)."""

from pie_table.core.registry import GameInfo, OptionInfo, register_game
from pie_table.games.cheflebrity import adapters
from pie_table.games.cheflebrity.action_shapes import ACTION_SHAPES
from pie_table.games.cheflebrity.expert import make_bot
from pie_table.games.cheflebrity.rules import RULES

register_game(
    GameInfo(
        id="cheflebrity",
        title="Cheflebrity",
        blurb="Build pies card by card, bluff your trades, sabotage rival bakers.",
        min_seats=2,
        max_seats=5,
        rules=RULES,
        options=(
            OptionInfo(
                "reaction_seconds",
                "Reaction time",
                6,
                choices=(4, 6, 10, 15),
                choice_labels={4: "4 s", 6: "6 s", 10: "10 s", 15: "15 s"},
                help="How long a Sabotage! or Saved it! window counts down.",
            ),
            OptionInfo(
                "oops",
                "Oops! takes",
                "choose",
                choices=("choose", "latest"),
                choice_labels={"choose": "pie you pick", "latest": "latest card"},
                help="Which card an Oops! throws out: the top card of a pie you pick, or your latest.",
            ),
            OptionInfo(
                "quality_rule",
                "Best and worst pie",
                "count",
                choices=("count", "total"),
                choice_labels={"count": "25s & 5s", "total": "pie totals"},
                help="Most 25s (5s) in one pie, or the highest (lowest) pie total.",
            ),
        ),
        realtime=False,
        action_shapes=ACTION_SHAPES,
        scene_factory="pie_table.games.cheflebrity.ui.table_scene:CheflebrityTableScene",
        bot_factory=make_bot,
        bot_levels=("easy", "normal", "hard", "expert", "random"),
        simulate=adapters.simulate,
        report=adapters.report,
        bench_sim=adapters.bench_sim,
        icon_factory="pie_table.kit.art:pie_icon",
        bench_seats=4,
    )
)
