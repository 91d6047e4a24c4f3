"""The optional compiled accelerator: which modules run compiled, and how to run without it.

pegboard's hot modules (engines, fast scorers, the simulator's game loop, the bots' searches) may be
compiled by mypyc at install time from the same typed source (see ``setup.py``). Compiled or not, they
play the same games to the byte (the differential test runs both ways). ``PEGBOARD_PURE=1`` in the
environment, set before pegboard is first imported, makes pegboard load the pure-Python source even
when compiled modules are installed.

>>> status = accelerator_status()
>>> status["mode"] in ("compiled", "partly compiled", "pure Python")
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["COMPILED", "PURE_VARIABLE", "pure_requested", "compiled_modules", "accelerator_status",
           "install_source_only_finder"]

COMPILED = (
    "pegboard.engine.chance", "pegboard.engine.actions", "pegboard.engine.events", "pegboard.engine.journal",
    "pegboard.engine.base", "pegboard.engine.cribbage", "pegboard.engine.snailspace", "pegboard.engine.solitaire",
    "pegboard.engine.tally",
    "pegboard.scoring.play", "pegboard.scoring.fast", "pegboard.scoring.show", "pegboard.scoring.lines",
    "pegboard.scoring.square",
    "pegboard.bots.quick", "pegboard.bots.gridsearch", "pegboard.bots.series", "pegboard.bots.programplay",
    "pegboard.bots.replies",
    "pegboard.bots.solver",
    "pegboard.sim.match",
)  # fmt: skip
"""The modules ``setup.py`` asks mypyc to compile: plain functions and classes nothing outside them
subclasses (mypyc's compiled classes cannot be subclassed by Python code)."""

PURE_VARIABLE = "PEGBOARD_PURE"


def pure_requested() -> bool:
    """Whether the environment asks for the pure-Python modules (``PEGBOARD_PURE=1``)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


class _SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Finds pegboard's submodules as Python source only, never as compiled extension modules."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> Any:
        if not fullname.startswith("pegboard.") or path is None:
            return None
        loader = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loader).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def install_source_only_finder() -> None:
    """Load pegboard's submodules from source from now on (call before they are imported)."""
    if not any(isinstance(finder, _SourceOnlyFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceOnlyFinder())


def compiled_modules() -> list[str]:
    """The modules of :data:`COMPILED` that are running compiled in this process (imports them)."""
    running = []
    for name in COMPILED:
        module = importlib.import_module(name)
        if not (getattr(module, "__file__", "") or "").endswith(".py"):
            running.append(name)
    return running


def accelerator_status() -> dict[str, Any]:
    """How pegboard runs here: ``mode`` (compiled, partly compiled, pure Python), the compiled
    modules, and whether pure Python was asked for."""
    running = compiled_modules()
    mode = "compiled" if len(running) == len(COMPILED) else "partly compiled" if running else "pure Python"
    return {"mode": mode, "compiled": running, "pure_requested": pure_requested()}
