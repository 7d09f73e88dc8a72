"""Rumble Pie: real-time team pie fights. Registers the game with the table."""

from pie_table.core.messages import Msg
from pie_table.core.registry import GameInfo, OptionInfo, Tutorial, register_game
from pie_table.games.rumble_pie import adapters
from pie_table.games.rumble_pie.action_shapes import ACTION_SHAPES
from pie_table.games.rumble_pie.bots import make_bot
from pie_table.games.rumble_pie.rules import RULES, validate_setup

register_game(
    GameInfo(
        id="rumble-pie",
        title="Rumble Pie",
        blurb="Everyone plays at once: stack pies up on rival chefs, knock theirs back down, KaPow!",
        min_seats=2,
        max_seats=6,
        rules=RULES,
        options=(
            OptionInfo("target", "Target score", 25, choices=(10, 15, 20, 25, 30, 40),
                       help="The first team at or past this score after a round wins."),
            OptionInfo("pause_after_kapow", "Pause after each KaPow!", False,
                       help="The rulebook's calmer alternative: play stops briefly after every KaPow!."),
            OptionInfo("kapow_penalty", "KaPow! on own team: penalty instead of refusal", False,
                       help="Allow the mistake and discard the card as the rulebook's penalty."),
        ),
        realtime=True,
        action_shapes=ACTION_SHAPES,
        scene_factory="pie_table.games.rumble_pie.ui.table_scene:RumbleTableScene",
        bot_factory=make_bot,
        bot_levels=("easy", "normal", "hard"),
        team_game=True,
        validate_teams=validate_setup,
        validate_setup=adapters.check_setup,
        simulate=adapters.simulate,
        report=adapters.report,
        bench_sim=adapters.bench_sim,
        icon_factory="pie_table.kit.art:pie_icon",
        tutorial=Tutorial(
            scene_factory="pie_table.games.rumble_pie.ui.tutorial:TutorialScene",
            button=Msg("Rumble Pie tutorial"),
            question=Msg("New to Rumble Pie?"),
            detail=Msg("A guided round against a slow opponent, one move at a time."),
        ),
        stats_line=adapters.stats_line,
    )
)
