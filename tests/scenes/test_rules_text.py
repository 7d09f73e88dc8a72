"""The rules viewer reads our markdown subset: wrapped bullets stay one bullet."""

from pie_table.scenes.rules_help import load_rules, parse_markdown


def test_an_indented_continuation_line_belongs_to_its_bullet():
    text = ("# Title\n\n- First bullet that goes on\n  onto a second line.\n- Second\n\n"
            "A paragraph\nin two lines.\n")
    assert parse_markdown(text) == [
        ("h1", "Title"),
        ("bullet", "• First bullet that goes on onto a second line."),
        ("bullet", "• Second"),
        ("para", "A paragraph in two lines."),
    ]


def test_numbered_items_continue_too_and_an_unindented_line_is_a_paragraph():
    text = "1. One\n   more\n\nnot indented\n"
    assert parse_markdown(text) == [("bullet", "1. One more"), ("para", "not indented")]


def test_the_shipped_rules_have_no_orphaned_continuations():
    for game in ("rumble-pie", "rats"):
        blocks = parse_markdown(load_rules(game))
        lowercase_paras = [t for kind, t in blocks if kind == "para" and t[:1].islower()]
        assert lowercase_paras == [], lowercase_paras[:3]
