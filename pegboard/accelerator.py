"""The optional compiled accelerator: which modules run compiled, and how to run without it.

pegboard's hot modules (engines, fast scorers, the simulator's game loop, the bots' searches) may be
compiled by mypyc at install time from the same typed source (see ``setup.py``). Compiled or not, they
play the same games to the byte (the differential test runs both ways). ``PEGBOARD_PURE=1`` in the
environment, set before pegboard is first imported, makes pegboard load the pure-Python source even
when compiled modules are installed.

A build records the SHA-256 of every source it read (:data:`BUILD_RECORD`, next to the compiled
modules). When pegboard is imported and one of those sources has changed since, the compiled modules
would run the old code: pegboard loads all of them from source instead, and says so in one line on
stderr, naming the rebuild command (:data:`REBUILD`). See docs/build.md.

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
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["COMPILED", "PURE_VARIABLE", "REQUIRE_VARIABLE", "BUILD_RECORD", "REBUILD", "pure_requested",
           "accelerator_required", "compiled_modules", "accelerator_status", "install_source_only_finder",
           "build_inputs", "source_digests", "write_build_record", "changed_sources", "stale_sources",
           "stale_warning", "source_wanted", "PURE_BUILD_VARIABLE", "compile_notice", "announce"]  # fmt: skip

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
REQUIRE_VARIABLE = "PEGBOARD_REQUIRE_ACCELERATOR"
"""Set to 1 (CI sets it where a C compiler is at hand), a failed compile fails the install and the
tests fail unless the compiled modules run: no silent fallback to pure Python."""
BUILD_RECORD = "accelerator-build.json"
"""The file, in the package folder next to the compiled modules, where a build records the SHA-256 of
every source it read (written by ``setup.py``, ignored by git)."""
PURE_BUILD_VARIABLE = "PEGBOARD_PURE_BUILD"
"""Set to 1 at install time, pegboard installs without compiling the accelerator (in seconds)."""
REBUILD = "pip install -e ."
"""The command that rebuilds the compiled modules from the source in place."""

_stale: list[str] = []
"""The sources this process found changed since the build (the compiled modules then run from source)."""


def compile_notice(modules: int) -> str:
    """The one line an install prints as it starts compiling: what, how long, how to skip it.

    >>> compile_notice(12)
    'pegboard: compiling the accelerator (12 modules, with mypyc): this takes 3-6 minutes; PEGBOARD_PURE_BUILD=1 \
skips it (pure Python, the same games, slower)'
    """
    return (f"pegboard: compiling the accelerator ({modules} modules, with mypyc): this takes 3-6 minutes; "
            f"{PURE_BUILD_VARIABLE}=1 skips it (pure Python, the same games, slower)")


def announce(line: str, stream: Any = None, terminal: str = "/dev/tty") -> None:
    """Print ``line`` on ``stream`` (stderr), and also on the ``terminal`` when the stream is not one:
    pip hides a build's output unless asked (``-v``), and a silent five-minute compile looks hung.
    No terminal (CI, a pipe): the stream alone."""
    stream = stream if stream is not None else sys.stderr
    print(line, file=stream, flush=True)
    isatty = getattr(stream, "isatty", None)
    if callable(isatty) and isatty():
        return
    try:
        with open(terminal, "w", encoding="utf-8") as tty:
            tty.write(line + "\n")
    except OSError:
        pass


def pure_requested() -> bool:
    """Whether the environment asks for the pure-Python modules (``PEGBOARD_PURE=1``)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def accelerator_required() -> bool:
    """Whether the environment demands the compiled modules (``PEGBOARD_REQUIRE_ACCELERATOR=1``)."""
    return os.environ.get(REQUIRE_VARIABLE, "") not in ("", "0")


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


def _source_path(root: Path, module: str) -> str | None:
    """A pegboard module's source file, relative to ``root`` (None for a module outside pegboard)."""
    if module.partition(".")[0] != "pegboard":
        return None
    stem = module.replace(".", "/")
    for candidate in (f"{stem}.py", f"{stem}/__init__.py"):
        if (root / candidate).is_file():
            return candidate
    return None


def build_inputs(root: Path) -> list[str]:
    """The sources a build of the accelerator reads, relative to ``root`` (the folder holding
    ``pegboard``): the compiled modules', and those of every pegboard module and package they import
    at any depth, lazily too. mypy reads them all, and mypyc may copy what it learns there (a ``Final``
    constant's value) into the compiled code, so an edit to any of them needs a rebuild.

    >>> inputs = build_inputs(Path(__file__).parent.parent)
    >>> "pegboard/engine/cribbage.py" in inputs and "pegboard/cards.py" in inputs
    True
    >>> "pegboard/web/server.py" in inputs
    False
    """
    import ast

    found: dict[str, str] = {}
    todo = list(COMPILED)
    while todo:
        module = todo.pop()
        if module in found or (path := _source_path(root, module)) is None:
            continue
        found[module] = path
        parts = module.split(".")
        todo += [".".join(parts[:end]) for end in range(1, len(parts))]  # its packages' __init__
        for node in ast.walk(ast.parse((root / path).read_text(encoding="utf-8"), path)):
            if isinstance(node, ast.Import):
                todo += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                todo += [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    return sorted(found.values())


def _digest(path: Path) -> str | None:
    import hashlib  # here, not at the top: a pure-Python install never pays for it

    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def source_digests(root: Path, paths: Iterable[str]) -> dict[str, str]:
    """The SHA-256 of each source file (relative to ``root``) as it is now."""
    return {path: digest for path in paths if (digest := _digest(root / path)) is not None}


def write_build_record(package_dir: Path, digests: dict[str, str]) -> Path:
    """Record the sources a build read (``setup.py`` calls this once the compiled modules are in place)."""
    import json

    path = package_dir / BUILD_RECORD
    path.write_text(json.dumps({"sources": digests}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def changed_sources(package_dir: Path) -> list[str] | None:
    """The recorded sources whose file is not the one the build read (``[]`` when none is), or None
    when the build left no readable record."""
    import json

    try:
        digests = json.loads((package_dir / BUILD_RECORD).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(digests, dict) or not digests:
        return None
    root = package_dir.parent
    return sorted(path for path, digest in digests.items() if _digest(root / str(path)) != digest)


def _extensions_present(package_dir: Path) -> bool:
    """Whether a compiled module of :data:`COMPILED` sits next to its source (a cheap look, no import)."""
    root = package_dir.parent
    for module in COMPILED:
        stem = root / module.replace(".", "/")
        if any(stem.with_name(stem.name + suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            return True
    return False


def stale_sources(package_dir: Path) -> list[str]:
    """Why the compiled modules in ``package_dir`` must not run: the sources changed since they were
    built, or the build's record itself when it left none. ``[]`` when they may run, or none is built."""
    if not _extensions_present(package_dir):
        return []
    changed = changed_sources(package_dir)
    return [f"{package_dir.name}/{BUILD_RECORD}"] if changed is None else changed


def stale_warning(stale: list[str]) -> str:
    """The one line that says the compiled modules are left aside, why, and how to rebuild them.

    >>> stale_warning(["pegboard/engine/cribbage.py", "pegboard/cards.py"])  # doctest: +ELLIPSIS
    'pegboard: pegboard/engine/cribbage.py and 1 more source changed since the accelerator was built: ...'
    """
    if stale[0].endswith(f"/{BUILD_RECORD}"):
        why = "the compiled accelerator has no record of the source it was built from"
    else:
        more = f" and {len(stale) - 1} more source{'s' if len(stale) > 2 else ''}" if len(stale) > 1 else ""
        why = f"{stale[0]}{more} changed since the accelerator was built"
    return f"pegboard: {why}: running pure Python (slower) until you rebuild it with `{REBUILD}`"


def source_wanted() -> bool:
    """Whether pegboard must load its compiled modules from source (call it before any is imported):
    with ``PEGBOARD_PURE=1``, or when a source they were built from has changed (or the build recorded
    none), which it says in one line on stderr. Then every compiled module loads from source, not only
    the changed ones: they share one library, and a module loaded from source cannot subclass a
    compiled class."""
    if pure_requested():
        return True
    stale = stale_sources(Path(__file__).parent)
    if stale:
        _stale[:] = stale
        print(stale_warning(stale), file=sys.stderr)
    return bool(stale)


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
    modules, whether pure Python was asked for, and the sources changed since the build (``stale``:
    the compiled modules are then left aside)."""
    running = compiled_modules()
    mode = "compiled" if len(running) == len(COMPILED) else "partly compiled" if running else "pure Python"
    return {"mode": mode, "compiled": running, "pure_requested": pure_requested(), "stale": list(_stale)}
