"""No import circles between pie_table's modules (module-level imports, type-checking ones included;
imports inside functions are deliberate late loads and are left out)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pie_table"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _base(node: ast.ImportFrom, importer: str, is_package: bool) -> str | None:
    """The absolute module a `from ... import` names (relative ones resolved against `importer`)."""
    if node.level == 0:
        return node.module
    parts = importer.split(".") if is_package else importer.split(".")[:-1]
    parts = parts[:len(parts) - (node.level - 1)]
    return ".".join([*parts, node.module] if node.module else parts)


def _top_level_imports(tree: ast.Module, importer: str = "", is_package: bool = False) -> set[str]:
    found: set[str] = set()
    nodes = list(tree.body)
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.If):  # `if TYPE_CHECKING:` blocks count too
            nodes.extend(node.body + node.orelse)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (base := _base(node, importer, is_package)):
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("pie_table")}


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    # A module's own parent packages are loaded before it anyway (`from pkg import sub`): no edge.
    return {name: {m for m in _top_level_imports(ast.parse(path.read_text()), name, path.stem == "__init__")
                   if m in modules and m != name and not name.startswith(m + ".")}
            for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_circles():
    assert _cycle(_graph()) is None, " -> ".join(_cycle(_graph()) or [])


def test_relative_imports_count_too():
    tree = ast.parse("from . import b\nfrom ..core import engine\nfrom .c import d\n")
    assert _top_level_imports(tree, "pie_table.kit.a") >= {
        "pie_table.kit.b", "pie_table.core.engine", "pie_table.kit.c", "pie_table.kit.c.d"}
    assert "pie_table.kit.b" in _top_level_imports(ast.parse("from . import b"), "pie_table.kit", True)


def test_the_checker_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
