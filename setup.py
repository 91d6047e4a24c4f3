"""Build pegboard, with the optional compiled accelerator.

The hot modules listed in ``pegboard/accelerator.py`` (the engines, the fast scorers, the simulator's
game loop, the bots' searches) are compiled with mypyc from the same typed Python source, when mypyc
and a C compiler are at hand. The pure-Python modules stay next to the compiled ones and are the
fallback: if compiling fails, or ``PEGBOARD_PURE_BUILD=1`` is set, pegboard installs without the
accelerator and plays the same games (``PEGBOARD_PURE=1`` at run time ignores a built accelerator).
With ``PEGBOARD_REQUIRE_ACCELERATOR=1`` (CI sets it where a C compiler is at hand) a failed compile
fails the install instead.

A successful build writes ``pegboard/accelerator-build.json``, the SHA-256 of every source it read;
pegboard checks it on import and runs from source when a source has changed since (docs/build.md).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def load_accelerator() -> ModuleType:
    """``pegboard/accelerator.py`` alone (the one list of compiled modules, and the build record's
    format), without importing pegboard, which may not be importable before it is built."""
    spec = importlib.util.spec_from_file_location("_pegboard_accelerator", ROOT / "pegboard" / "accelerator.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ACCELERATOR = load_accelerator()
BUILT_FROM: dict[str, str] = {}
"""The SHA-256 of every source the compile reads, taken just before mypyc reads them."""


class OptionalBuildExt(build_ext):
    """Build the compiled modules if the C compiler can, then record the sources they were built from.
    If any fails, install none of them (they share one library: a part of them would not import),
    unless the accelerator is required: then the install fails."""

    def run(self) -> None:
        inplace = self.inplace
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any failure to compile leaves the pure-Python package
            if ACCELERATOR.accelerator_required():
                raise
            self.inplace = inplace  # setuptools leaves it off when its build fails
            print(f"pegboard: the accelerator did not compile ({error}); installing pure Python", file=sys.stderr)
            self.remove_outputs()
            return
        if self.extensions and BUILT_FROM:
            ACCELERATOR.write_build_record(self.package_dir(), BUILT_FROM)

    def package_dir(self) -> Path:
        """The package folder the compiled modules went to (the source tree's with --inplace or -e)."""
        return Path(self.get_ext_fullpath("pegboard.accelerator")).parent

    def remove_outputs(self) -> None:
        """Remove every compiled module, wherever a build put one, and the build's record."""
        for ext in self.extensions:
            for path in (Path(self.get_ext_fullpath(ext.name)), Path(self.get_ext_filename(ext.name))):
                path.unlink(missing_ok=True)
        (self.package_dir() / ACCELERATOR.BUILD_RECORD).unlink(missing_ok=True)


def extensions() -> list:  # type: ignore[type-arg]
    if os.environ.get(ACCELERATOR.PURE_BUILD_VARIABLE) == "1":
        return []
    try:
        from mypyc.build import mypycify

        sources = [name.replace(".", "/") + ".py" for name in ACCELERATOR.COMPILED]
        BUILT_FROM.update(ACCELERATOR.source_digests(ROOT, ACCELERATOR.build_inputs(ROOT)))
        ACCELERATOR.announce(ACCELERATOR.compile_notice(len(sources)))
        return mypycify(sources, opt_level="3", group_name="pegboard", verbose=False)
    except BaseException as error:  # noqa: BLE001 - mypyc missing, or its type check failed: pure Python
        if ACCELERATOR.accelerator_required():
            raise
        print(f"pegboard: not compiling the accelerator ({error!r}); using pure Python", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
