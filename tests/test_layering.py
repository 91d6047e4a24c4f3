"""The house's floors (issue 25): every module imports only from its own floor or below, no modules
import each other in a circle, and nothing outside the engine and the rules tests a game's family by
name. Imports are read from the source with ``ast`` (those inside functions and ``TYPE_CHECKING``
blocks too), so a lazy import cannot hide an upward one.

The same holds for packages (issue 41): a package (``pegboard.analysis``, ``pegboard.rl``, or a
top-level module such as ``pegboard.session``) stands on one floor with every module in it, imports
only from its floor or below, and no packages import each other in a circle (``analysis`` and ``rl``
did, each through modules that did not)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pegboard"

FLOORS: list[tuple[str, ...]] = [
    ("pegboard.errors", "pegboard.accelerator", "pegboard.files", "pegboard.datadir"),
    # objectives: what a game is played for, as data; kinds and families: what each family of games is (issue 41)
    ("pegboard.cards", "pegboard.rules", "pegboard.kinds", "pegboard.families", "pegboard.objectives"),
    ("pegboard.scoring",),
    ("pegboard", "pegboard.engine", "pegboard.stats"),  # "pegboard": the package's face (__init__)
    ("pegboard.bots", "pegboard.records", "pegboard.fairness"),
    ("pegboard.sim", "pegboard.session", "pegboard.duplicate", "pegboard.present", "pegboard.rl", "pegboard.analysis",
     "pegboard.plots", "pegboard.counts", "pegboard.puzzles"),
    ("pegboard.cluster",),
    ("pegboard.tables", "pegboard.tui", "pegboard.web"),
    ("pegboard.cli", "pegboard.__main__"),
]
"""From the ground up: the engine imports nothing above it, the bots nothing from the simulator or an
interface (cli, tui, web), the scorers nothing from the engine or the bots."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floor_of(module: str) -> int:
    """The floor of a module: that of the longest prefix FLOORS names."""
    best, floor = -1, -1
    for number, prefixes in enumerate(FLOORS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, floor = len(prefix), number
    if floor < 0:
        raise AssertionError(f"{module} is on no floor: add it to FLOORS")
    return floor


def imported(path: Path, modules: set[str]) -> dict[str, int]:
    """The pegboard modules a file imports (``from pegboard.x import y`` is ``pegboard.x.y`` when that
    is a module), each with the line of its first import."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules else node.module
                     for alias in node.names]
        for name in names:
            if name == "pegboard" or name.startswith("pegboard."):
                found.setdefault(name, node.lineno)
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))
MODULES = {module_name(path): path for path in SOURCES}
GRAPH = {module: imported(path, set(MODULES)) for module, path in MODULES.items()}


def test_every_module_is_on_a_floor() -> None:
    for module in MODULES:
        floor_of(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_from_its_floor_or_below(module: str) -> None:
    floor = floor_of(module)
    upward = [f"{target} (floor {floor_of(target)}, line {line})" for target, line in GRAPH[module].items()
              if floor_of(target) > floor]
    assert not upward, f"{module} (floor {floor}) imports from above: {', '.join(upward)}"


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's strongly connected components of an import graph with more than one member: the groups
    that import each other in a circle (imports of names outside the graph, and of oneself, ignored)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, {}):
            if target not in graph or target == node:
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_in_a_circle() -> None:
    found = circles(GRAPH)
    assert not found, f"modules importing each other in a circle: {found}"


def package_of(module: str) -> str:
    """The package a module belongs to: ``pegboard.X`` for ``pegboard.X...`` (a top-level module is
    its own package; the package's face, ``pegboard``, too)."""
    return ".".join(module.split(".")[:2])


def package_graph(graph: dict[str, dict[str, int]]) -> dict[str, dict[str, str]]:
    """Which packages each package imports, each with the first module import that makes it so."""
    packages: dict[str, dict[str, str]] = {}
    for module, targets in sorted(graph.items()):
        source = package_of(module)
        imports = packages.setdefault(source, {})
        for target, line in targets.items():
            if package_of(target) != source:
                imports.setdefault(package_of(target), f"{module} imports {target} (line {line})")
    return packages


PACKAGES = package_graph(GRAPH)


def test_every_module_stands_on_its_packages_floor() -> None:
    """Floors belong to packages: no module sits above or below the package it is in."""
    apart = [f"{module} (floor {floor_of(module)}, {package_of(module)} {floor_of(package_of(module))})"
             for module in MODULES if floor_of(module) != floor_of(package_of(module))]
    assert not apart, f"modules off their package's floor: {', '.join(apart)}"


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_a_package_imports_only_from_its_floor_or_below(package: str) -> None:
    floor = floor_of(package)
    upward = [f"{target} (floor {floor_of(target)}: {why})" for target, why in PACKAGES[package].items()
              if floor_of(target) > floor]
    assert not upward, f"{package} (floor {floor}) imports from above: {', '.join(upward)}"


def test_no_packages_import_each_other_in_a_circle() -> None:
    """``pegboard.analysis`` and ``pegboard.rl`` did (the analysis dealt its playouts with the learning
    environments' sampler, which scored with the analysis): now both use the engine's."""
    graph = {package: dict.fromkeys(targets, 0) for package, targets in PACKAGES.items()}
    found = circles(graph)
    why = [PACKAGES[a][b] for circle in found for a in circle for b in circle if b in PACKAGES[a]]
    assert not found, f"packages importing each other in a circle: {found} ({'; '.join(why)})"


def family_tests(path: Path) -> list[str]:
    """Comparisons of a ``family`` (``rules.family == "solitaire"``, ``family in ("cribbage",)``) with a
    game family's name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        names_family = any(isinstance(side, ast.Attribute) and side.attr == "family" or
                           isinstance(side, ast.Name) and side.id == "family" for side in sides)
        constants = [side for side in sides if isinstance(side, ast.Constant) or isinstance(side, ast.Tuple)
                     and all(isinstance(item, ast.Constant) for item in side.elts)]
        if names_family and constants:
            found.append(f"{path.name}:{node.lineno}" if PACKAGE not in path.parents else
                         f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return found


def test_only_the_engine_and_the_rules_test_a_family_by_name() -> None:
    """Interfaces, bots, records and simulations ask the rules for the fact they need (``rules.crib``,
    ``rules.solo``, ``rules.holds_hand``...), so a new game is a new preset, not a hunt for names."""
    allowed = {*(PACKAGE / "engine").rglob("*.py"), *(PACKAGE / "families").rglob("*.py")}  # issue 41
    found = [place for path in SOURCES if path not in allowed for place in family_tests(path)]
    assert not found, f"family tested by name at {', '.join(found)}"


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    """The checks themselves: an upward import, a circle's import and a family test are each found."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f(rules):\n    from pegboard.cli.app import main\n"
                      "    return rules.family == 'solitaire' or rules.family in ('cribbage',)\n")
    assert imported(sample, set(MODULES)) == {"pegboard.cli.app": 2}
    assert len(family_tests(sample)) == 2
    assert floor_of("pegboard.engine.base") < floor_of("pegboard.bots.expert") < floor_of("pegboard.tui.app")
    two_packages = {"pegboard.analysis.a": {"pegboard.rl.b": 1}, "pegboard.rl.b": {"pegboard.rl.c": 1},
                    "pegboard.rl.c": {"pegboard.analysis.d": 1}, "pegboard.analysis.d": {}}
    assert circles(two_packages) == []  # no module circle...
    packages = package_graph(two_packages)
    assert circles({package: dict.fromkeys(targets, 0) for package, targets in packages.items()}) == [
        ["pegboard.analysis", "pegboard.rl"]]  # ...but a package circle
    assert package_of("pegboard.session") == "pegboard.session" and package_of("pegboard") == "pegboard"
