"""The engine's words are typed (issue 41 item 5): verbs, event types and phases are ``Literal`` types
mypy checks, no function takes a view as ``Any``, and ``CribbageView`` is built by keyword."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest

from pegboard.engine.actions import VERBS, Verb
from pegboard.engine.events import EVENT_TYPES, PHASES, EventPhase, EventType, Phase

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pegboard"


def test_the_literal_types_name_exactly_the_documented_words() -> None:
    assert set(typing.get_args(Verb)) == set(VERBS)
    assert set(typing.get_args(EventType)) == set(EVENT_TYPES)
    assert set(typing.get_args(Phase)) == set(PHASES)
    assert set(typing.get_args(EventPhase)) == set(PHASES) | {""}


def test_no_view_is_typed_any() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}" for path in sorted(PACKAGE.rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if re.search(r"\bview: Any\b", line)]
    assert not found, found


def test_every_cribbage_view_is_built_by_keyword() -> None:
    """A 32-field view built by position puts a value in the wrong field without a word from mypy."""
    positional = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            built = name in ("CribbageView", "_make_view") and node.args
            by_tuple = name in ("_new", "__new__", "_make") and any(  # tuple.__new__(CribbageView, (...))
                isinstance(arg, ast.Name) and arg.id == "CribbageView" for arg in node.args)
            if built or (by_tuple and path.name != "cribbage.py"):  # the engine's builder: checked below
                positional.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not positional, positional


def _function(path: Path, name: str) -> ast.FunctionDef:
    return next(node for node in ast.walk(ast.parse(path.read_text()))
                if isinstance(node, ast.FunctionDef) and node.name == name)


def test_the_engines_view_builder_takes_every_field_by_keyword_and_places_it_in_order() -> None:
    """The engine builds its views through ``_make_view`` (keyword-only, so mypy checks each call, and a
    native call when compiled); its one positional tuple must follow the fields, types and order."""
    view_class = next(node for node in ast.walk(ast.parse((PACKAGE / "engine" / "views.py").read_text()))
                      if isinstance(node, ast.ClassDef) and node.name == "CribbageView")
    fields = [(node.target.id, ast.unparse(node.annotation)) for node in view_class.body
              if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)]
    builder = _function(PACKAGE / "engine" / "cribbage.py", "_make_view")
    assert not builder.args.args and not builder.args.posonlyargs
    assert [(arg.arg, ast.unparse(arg.annotation)) for arg in builder.args.kwonlyargs if arg.annotation] == fields
    returned = builder.body[-1]
    assert isinstance(returned, ast.Return) and isinstance(returned.value, ast.Call)
    placed = returned.value.args[1]
    assert isinstance(placed, ast.Tuple)
    assert [element.id for element in placed.elts if isinstance(element, ast.Name)] == [name for name, _ in fields]


SNIPPET = '''
from pegboard.engine.actions import Action
from pegboard.engine.events import Event, make_event
from pegboard.engine.views import CribbageView

Action(0, "plya")
make_event("sore", 0)
Event("score", 0, phase="showw")
CribbageView(game="cribbage")
def f(view: CribbageView) -> bool:
    return view.phase == "dicsard"
'''


@pytest.mark.slow
def test_mypy_refuses_a_misspelt_word_and_a_view_missing_its_fields(tmp_path: Path) -> None:
    snippet = tmp_path / "misspelt.py"
    snippet.write_text(SNIPPET)
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
                           str(tmp_path / "cache"), str(snippet)], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    lines = {int(match.group(1)) for match in re.finditer(r"misspelt\.py:(\d+): error", done.stdout)}
    assert {6, 7, 8, 9, 11} <= lines, done.stdout + done.stderr
