"""What a screen needs of the app is declared (a Protocol the App says it is), never probed: a
`hasattr(app, ...)` or `getattr(app, ..., default)` hides a missing method behind a silent no-op
(Settings' interface size did nothing on an app without set_ui_scale). Parsed statically."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pie_table"


def _probes_of_the_app(source: str) -> list[int]:
    """Lines of `source` calling hasattr or getattr on `app` or `self.app`."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("hasattr", "getattr") and node.args
                and ast.unparse(node.args[0]) in ("app", "self.app")):
            lines.append(node.lineno)
    return lines


def test_the_checker_sees_probes_of_the_app_and_nothing_else() -> None:
    source = ("if hasattr(self.app, 'set_ui_scale'):\n    pass\n"
              "x = getattr(app, 'input', None)\n"
              "y = getattr(event, 'button', 0)\n")
    assert _probes_of_the_app(source) == [1, 3]


def test_no_module_probes_the_app_for_what_it_has() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
             for line in _probes_of_the_app(path.read_text())]
    assert found == []


def test_the_app_declares_what_the_settings_sheet_needs() -> None:
    from pie_table.kit.app import App
    from pie_table.kit.settings import SettingsHost

    assert SettingsHost in App.__mro__  # declared, so mypy checks the App against it
    assert "set_ui_scale" in vars(App) and "toggle_fullscreen" in vars(App)
