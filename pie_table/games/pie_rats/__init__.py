"""Pie Rats of the Carob Bean Farm — registers the game at import (the engine never imports pygame)."""

from pie_table.core.registry import GameInfo, OptionInfo, register_game
from pie_table.games.pie_rats import adapters
from pie_table.games.pie_rats.action_shapes import ACTION_SHAPES
from pie_table.games.pie_rats.expert import make_bot
from pie_table.games.pie_rats.rules import RULES

register_game(
    GameInfo(
        id="pie-rats",
        title="Pie Rats",
        blurb="Of the Carob Bean Farm: Captains lure each other's rats and carry pies off the window sill.",
        min_seats=2,
        max_seats=6,
        rules=RULES,
        options=(
            OptionInfo(
                "phase6",
                "Looting freezes",
                "a",
                choices=("a", "b", "c"),
                choice_labels={"a": "when called", "b": "always", "c": "never"},
                help='The rulebook\'s phase 6 rules a, b, c. When called (a): call "I\'m looting a pie!" to '
                "freeze; always (b): phase 6 is always frozen; never (c): anything goes.",
            ),
            OptionInfo(
                "no_loot_penalty",
                "No loot costs a rat",
                "failed",
                choices=("failed", "always"),
                choice_labels={"failed": "callers", "always": "everyone"},
                help="Who ends phase 6 without a pie they could carry and loses their strongest rat: "
                'only a Captain who called "I\'m looting a pie!" (standard), or every Captain '
                "(the rulebook read word for word).",
            ),
            OptionInfo("pies", "Pies", 10, choices=(6, 8, 10, 12, 14, 16), help="How many pies are baked."),
            OptionInfo(
                "reaction_seconds",
                "Reaction time",
                6,
                choices=(4, 6, 10, 15),
                choice_labels={4: "4 s", 6: "6 s", 10: "10 s", 15: "15 s"},
                help="How long a reaction window (Mirror, Charisma Theft, an ambush) counts down.",
            ),
        ),
        realtime=False,
        action_shapes=ACTION_SHAPES,
        scene_factory="pie_table.games.pie_rats.ui.table_scene:PieRatsTableScene",
        bot_factory=make_bot,
        bot_levels=("easy", "normal", "hard", "expert", "random"),
        simulate=adapters.simulate,
        report=adapters.report,
        bench_sim=adapters.bench_sim,
        icon_factory="pie_table.kit.art:rat_portrait",
        bench_seats=4,
    )
)
