"""The project's import rules, checked on the source (parsed, never imported).

No cycle: no module of engine/, bot/, tools/, bench/ or testing/ imports itself
through other modules. Every import counts, at module level, inside a function
or under ``if TYPE_CHECKING:``: one that runs only later or only for mypy still
makes the two modules know each other, and turns into a circular import the day
someone moves it to the top.

Who may import whom, by top-level package (within a package anything goes):

- engine imports no other part of the project: it is the pure rules and AI.
- bot imports engine only.
- testing (the fake Bot API, the throwaway PostgreSQL) imports nothing of the
  project: it stands in for what the bot talks to, and a fake built on the
  bot's or the engine's own code could share, and so hide, their mistakes.
- tools imports engine and bot.view only: tools/transcripts.py writes the
  golden transcripts in the bot's own words (bot.view.i18n). bot.view is pure
  (tests/bot/test_layers.py keeps it off Telegram, storage and the tables),
  so a tool never starts the bot's machinery; nothing else of bot is allowed.
- bench may import anything, and nothing imports bench: benchmarks are run,
  never depended on.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "bot", "tools", "bench", "testing")

# Of another top-level package, what each may import (a module or a package and
# everything under it).
MAY_IMPORT: dict[str, tuple[str, ...]] = {
    "engine": (),
    "bot": ("engine",),
    "testing": (),
    "tools": ("engine", "bot.view"),
    "bench": ("engine", "bot", "tools", "testing"),
}


@dataclass(frozen=True)
class Edge:
    """One import statement of a project module, resolved to the module it loads."""

    source: str
    target: str
    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} ({self.path}:{self.line})"


def module_names(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module under ``packages`` by dotted name; a package is its __init__.py."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def resolve(name: str, known: dict[str, Path]) -> str | None:
    """The project module ``name`` loads: itself or, for a name of something defined in
    a module (``from a.b import c`` where c is a function), the nearest module above."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def imported_names(source: str, path: Path, tree: ast.Module) -> Iterable[tuple[str, int]]:
    """The dotted names a module imports, with their lines: ``from a.b import c`` gives
    ``a.b.c`` (resolve() falls back to ``a.b`` when c is not a module)."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # Relative: level 1 is the module's own package (the module itself for
                # an __init__.py), each further level one package up.
                parts = source.split(".")
                drop = node.level - 1 if is_package else node.level
                if drop >= len(parts):
                    raise AssertionError(f"{path}:{node.lineno}: relative import beyond the top")
                module = ".".join(
                    parts[: len(parts) - drop] + ([node.module] if node.module else [])
                )
            else:
                module = node.module or ""
            for alias in node.names:
                yield (module if alias.name == "*" else f"{module}.{alias.name}"), node.lineno


def import_graph(root: Path, packages: Iterable[str]) -> list[Edge]:
    """Every import between the project's own modules under ``root``."""
    packages = tuple(packages)
    known = module_names(root, packages)
    edges: dict[Edge, None] = {}  # in order, once per line (`from a import b, c`)
    for source, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name, line in imported_names(source, path, tree):
            if name.split(".")[0] not in packages:
                continue  # the standard library or a dependency
            target = resolve(name, known)
            if target is None:
                raise AssertionError(f"{path}:{line}: {name} is no module of the project")
            edges[Edge(source, target, path.relative_to(root), line)] = None
    return list(edges)


@dataclass(frozen=True)
class Cycle:
    """Modules that import each other (a strongly connected component of the graph),
    with one loop of imports through them: the failure shows where to cut."""

    modules: tuple[str, ...]
    loop: tuple[Edge, ...]

    def __str__(self) -> str:
        return f"{', '.join(self.modules)}:\n  " + "\n  ".join(str(e) for e in self.loop)


def cycles(edges: list[Edge]) -> list[Cycle]:
    """Every strongly connected component with a loop in it (Tarjan's algorithm): two
    or more modules, or one that imports itself."""
    graph: dict[str, list[Edge]] = {}
    for edge in edges:
        graph.setdefault(edge.source, []).append(edge)
        graph.setdefault(edge.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for edge in graph[node]:
            if edge.target not in index:
                visit(edge.target)
                low[node] = min(low[node], low[edge.target])
            elif edge.target in on_stack:
                low[node] = min(low[node], index[edge.target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)

    found = []
    for component in components:
        loop = shortest_loop(graph, component)
        if loop:  # a lone module that does not import itself has none
            found.append(Cycle(tuple(sorted(component)), tuple(loop)))
    return sorted(found, key=lambda c: c.modules)


def shortest_loop(graph: dict[str, list[Edge]], component: set[str]) -> list[Edge]:
    """The shortest way from the component's first module back to itself, inside it."""
    start = min(component)
    paths: dict[str, list[Edge]] = {start: []}
    frontier = [start]
    while frontier:
        next_frontier = []
        for node in frontier:
            for edge in sorted(graph[node], key=lambda e: (e.target, e.line)):
                if edge.target == start:
                    return paths[node] + [edge]
                if edge.target in component and edge.target not in paths:
                    paths[edge.target] = paths[node] + [edge]
                    next_frontier.append(edge.target)
        frontier = next_frontier
    return []


EDGES = import_graph(ROOT, PACKAGES)


def test_the_graph_sees_every_package() -> None:
    assert {edge.source.split(".")[0] for edge in EDGES} == set(PACKAGES)


def test_no_import_cycle() -> None:
    found = cycles(EDGES)
    if found:
        pytest.fail("modules that import each other:\n\n" + "\n\n".join(map(str, found)))


def misplaced(edges: list[Edge], package: str) -> list[str]:
    """The imports of ``package`` that MAY_IMPORT does not allow."""
    return [
        str(edge)
        for edge in edges
        if edge.source.split(".")[0] == package
        and edge.target.split(".")[0] != package
        and not any(
            edge.target == allowed or edge.target.startswith(allowed + ".")
            for allowed in MAY_IMPORT[package]
        )
    ]


@pytest.mark.parametrize("package", PACKAGES)
def test_who_may_import_whom(package: str) -> None:
    wrong = misplaced(EDGES, package)
    assert not wrong, f"{package} may import only {MAY_IMPORT[package]}:\n" + "\n".join(wrong)


def documented_table() -> dict[str, set[str]]:
    """docs/ARCHITECTURE.md's table of who may import what, between packages."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    section = text.split("### Who may import what", 1)[1].split("\n#", 1)[0]
    table: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0].strip("`/") in PACKAGES:
            table[cells[0].strip("`/")] = {
                name.strip("` ") for name in cells[1].split(",") if name.strip("` —")
            }
    return table


def test_the_architecture_page_states_these_rules() -> None:
    """The page a newcomer reads says what this test enforces, package by package."""
    assert documented_table() == {package: set(MAY_IMPORT[package]) for package in PACKAGES}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_allowed_import_is_used(package: str) -> None:
    """A permission nobody uses is a stale line in the table: drop it."""
    used = {
        allowed
        for allowed in MAY_IMPORT[package]
        for edge in EDGES
        if edge.source.split(".")[0] == package
        and (edge.target == allowed or edge.target.startswith(allowed + "."))
    }
    assert used == set(MAY_IMPORT[package])


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_cycle_finder_finds_hidden_and_self_imports(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "pkg/__init__.py": "from .a import run\n",
            # a -> b inside a function, b -> a only for mypy, c imports itself.
            "pkg/a.py": "def run() -> None:\n    from pkg import b\n",
            "pkg/b.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n"
            ),
            "pkg/sub/__init__.py": "",
            "pkg/sub/c.py": "from ..sub.c import x\nx = 1\n",
            "pkg/sub/d.py": "import pkg.a\nfrom pkg.sub import c\n",
        },
    )
    found = cycles(import_graph(tmp_path, ["pkg"]))
    assert [c.modules for c in found] == [("pkg.a", "pkg.b"), ("pkg.sub.c",)]
    assert [str(e) for e in found[0].loop] == [
        f"pkg.a -> pkg.b ({Path('pkg/a.py')}:2)",
        f"pkg.b -> pkg.a ({Path('pkg/b.py')}:3)",
    ]


def test_the_cycle_finder_passes_a_tree(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "pkg/__init__.py": "from .a import f\nfrom .b import g\n",
            "pkg/a.py": "from pkg.b import g\ndef f() -> None:\n    g()\n",
            "pkg/b.py": "import os\ndef g() -> None:\n    pass\n",
        },
    )
    assert cycles(import_graph(tmp_path, ["pkg"])) == []


def test_the_layer_check_finds_a_wrong_import(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "engine/__init__.py": "",
            "engine/rules.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import bot\n"
            ),
            "bot/__init__.py": "",
            "bot/view/__init__.py": "",
            "bot/view/i18n.py": "import engine.rules\n",
            "bot/tables.py": "",
            "tools/__init__.py": "",
            "tools/t.py": (
                "from bot.view.i18n import t\n\ndef f() -> None:\n    from bot import tables\n"
            ),
            "testing/__init__.py": "",
            "testing/fake.py": "from bench import load\n",
            "bench/load.py": "from bot import tables\nfrom tools import t\n",
        },
    )
    edges = import_graph(tmp_path, PACKAGES)
    assert {package: misplaced(edges, package) for package in PACKAGES} == {
        "engine": [f"engine.rules -> bot ({Path('engine/rules.py')}:3)"],
        "bot": [],
        "tools": [f"tools.t -> bot.tables ({Path('tools/t.py')}:4)"],
        "bench": [],
        "testing": [f"testing.fake -> bench.load ({Path('testing/fake.py')}:1)"],
    }
