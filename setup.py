"""Build hook: the wheel carries the repository's top-level `assets/` as `pie_table/assets`.

Everything else is declared in pyproject.toml. The assets stay at the top of the repository (the
tools, the tests and a clone's `python main.py` read them there); a build copies them into the
package, where `pie_table.paths` looks first. An editable install keeps reading the clone's folder.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

_ASSETS = Path(__file__).resolve().parent / "assets"


class BuildPyWithAssets(build_py):
    """`build_py` that also copies `assets/` into the built package."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            self.copy_tree(str(_ASSETS), str(Path(self.build_lib) / "pie_table" / "assets"))


setup(cmdclass={"build_py": BuildPyWithAssets})
