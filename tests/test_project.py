"""Project habits: the core imports with NumPy alone, and the code is mypy- and ruff-clean."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_MODULES = ["pegboard", "pegboard.cards", "pegboard.rules", "pegboard.scoring.show",
                "pegboard.scoring.fast", "pegboard.scoring.batch", "pegboard.scoring.lines",
                "pegboard.scoring.square", "pegboard.stats"]
HEAVY = ["click", "rich", "matplotlib", "textual", "fastapi", "uvicorn", "ray", "hypothesis", "gymnasium",
         "pettingzoo", "pyspiel"]


def test_core_imports_need_only_numpy() -> None:
    code = (f"import sys\nfor m in {CORE_MODULES!r}: __import__(m)\n"
            f"print([m for m in {HEAVY!r} if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mypy") is None and not (Path(sys.executable).parent / "mypy").exists(),
                    reason="mypy is not installed")
def test_mypy_is_clean() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff is not installed")
def test_ruff_is_clean() -> None:
    """The lint rules of pyproject.toml (line length, imports, unused names, bugbear) hold everywhere."""
    ruff = Path(sys.executable).parent / "ruff"
    done = subprocess.run([str(ruff) if ruff.exists() else "ruff", "check", "--output-format", "concise",
                           "pegboard", "tests", "benchmarks", "examples"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
