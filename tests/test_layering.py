"""The house's floors (issue 25): every module imports only from its own floor or below, no modules
import each other in a circle, and nothing outside the engine and the rules tests a game's family by
name. Imports are read from the source with ``ast`` (those inside functions and ``TYPE_CHECKING``
blocks too), so a lazy import cannot hide an upward one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pegboard"

FLOORS: list[tuple[str, ...]] = [
    ("pegboard.errors", "pegboard.accelerator", "pegboard.files", "pegboard.datadir"),
    ("pegboard.cards", "pegboard.rules", "pegboard.objectives"),  # objectives: what a game is played for, as data
    ("pegboard.scoring",),
    ("pegboard", "pegboard.engine", "pegboard.stats"),  # "pegboard": the package's face (__init__)
    ("pegboard.bots", "pegboard.records", "pegboard.fairness"),
    ("pegboard.sim", "pegboard.session", "pegboard.duplicate", "pegboard.present", "pegboard.rl", "pegboard.analysis",
     "pegboard.plots", "pegboard.puzzles"),
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


def test_no_modules_import_each_other_in_a_circle() -> None:
    """Tarjan's strongly connected components of the import graph: every one a single module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in GRAPH.get(module, {}):
            if target not in MODULES or target == module:
                continue
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in sorted(MODULES):
        if module not in index:
            visit(module)
    assert not circles, f"modules importing each other in a circle: {circles}"


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
    allowed = {PACKAGE / "rules.py", *(PACKAGE / "engine").rglob("*.py")}
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
