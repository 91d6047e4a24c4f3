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
            built = name == "CribbageView" and node.args
            by_tuple = name in ("_new", "__new__", "_make") and any(  # tuple.__new__(CribbageView, (...))
                isinstance(arg, ast.Name) and arg.id == "CribbageView" for arg in node.args)
            if built or by_tuple:
                positional.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not positional, positional


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
