"""The package's import graph, read from the source with :mod:`ast` (nothing is imported): every module
imports only its own layer and the layers below it, and no import cycle spans two packages
(docs/architecture.md draws the layers; a new top-level module or package must be placed in one here).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src"

# Each top-level module or subpackage of puzzlewright ("" is the package's front door, __init__.py) by layer,
# lowest first. ranking sits below the lexicon: the tie rule (ranking.best_rows) orders a lexicon's words.
LAYERS = (
    ("base", {"errors", "lazy", "letters", "record", "cache", "outputs", "suggest", "ranking", "jsontext", "native", "progress",
              "svg", "notebook", "prefix_walk"}),
    ("lexicon", {"lexicon"}),
    ("generic", {"budget", "schema", "counting", "jsonlines", "parallel"}),
    ("puzzles", {"", "acrostic", "letterboxed", "jumble", "wordle", "grid"}),
    ("surfaces", {"cli", "web"}),
)
LAYER_OF = {unit: level for level, (_, units) in enumerate(LAYERS) for unit in units}


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    files = {}
    for path in sorted((SOURCE / "puzzlewright").rglob("*.py")):
        parts = path.relative_to(SOURCE).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return files


def _type_checking_only(node: ast.If) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): imports that never run."""
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(name: str, path: Path, modules: dict[str, Path]) -> dict[str, bool]:
    """The package's modules that module ``name`` imports anywhere (functions too) -> whether the import
    runs (False: only under ``if TYPE_CHECKING:``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, bool] = {}

    def note(target: str, runs: bool) -> None:
        if target.startswith("puzzlewright"):
            found[target] = found.get(target, False) or runs

    def visit(node: ast.AST, runs: bool) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.body:
                visit(child, False)
            for child in node.orelse:
                visit(child, runs)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                note(alias.name, runs)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                note(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base, runs)
        for child in ast.iter_child_nodes(node):
            visit(child, runs)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return found


def unit(module: str) -> str:
    """The top-level module or subpackage ``module`` belongs to ("" for the package itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


@pytest.fixture(scope="module")
def graph() -> dict[str, dict[str, bool]]:
    modules = module_files()
    return {name: imported(name, path, modules) for name, path in modules.items()}


def test_every_unit_has_a_layer(graph):
    assert {unit(module) for module in graph} - set(LAYER_OF) == set()


def test_no_module_imports_a_higher_layer(graph):
    upward = sorted(f"{module} ({LAYERS[LAYER_OF[unit(module)]][0]}) imports {target} "
                    f"({LAYERS[LAYER_OF[unit(target)]][0]})"
                    for module, targets in graph.items() for target in targets
                    if LAYER_OF[unit(target)] > LAYER_OF[unit(module)])
    assert upward == []


def strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of a directed graph (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    components.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return components


def test_strongly_connected_finds_cycles():
    components = strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    assert sorted(map(sorted, components)) == [["a", "b", "c"], ["d"]]


def test_no_import_cycle_spans_two_packages(graph):
    """Imports that run, at import time or inside functions: a cycle across packages means neither can be
    understood (or moved) without the other."""
    edges = {module: {target for target, runs in targets.items() if runs and target in graph}
             for module, targets in graph.items()}
    spanning = [sorted(component) for component in strongly_connected(edges)
                if len({unit(module) for module in component}) > 1]
    assert spanning == []
