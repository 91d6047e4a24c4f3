"""Build pegboard, with the optional compiled accelerator.

The hot modules listed in ``pegboard/accelerator.py`` (the engines, the fast scorers, the simulator's
game loop, the bots' searches) are compiled with mypyc from the same typed Python source, when mypyc
and a C compiler are at hand. The pure-Python modules stay next to the compiled ones and are the
fallback: if compiling fails, or ``PEGBOARD_PURE_BUILD=1`` is set, pegboard installs without the
accelerator and plays the same games (``PEGBOARD_PURE=1`` at run time ignores a built accelerator).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext


def compiled_sources() -> list[str]:
    """The source files of the modules to compile, from ``pegboard.accelerator.COMPILED`` (the one list)."""
    spec = importlib.util.spec_from_file_location("_pegboard_accelerator", Path("pegboard") / "accelerator.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [name.replace(".", "/") + ".py" for name in module.COMPILED]


class OptionalBuildExt(build_ext):
    """Build the compiled modules if the C compiler can; if any fails, install none of them (the
    compiled modules share one library: a part of them would not import)."""

    failed = False

    def build_extension(self, ext):  # type: ignore[no-untyped-def]
        if self.failed:
            return
        try:
            super().build_extension(ext)
        except Exception as error:  # noqa: BLE001 - any failure to compile leaves the pure-Python package
            self.failed = True
            print(f"pegboard: {ext.name} not compiled ({error}); using pure Python", file=sys.stderr)

    def run(self) -> None:
        super().run()
        if self.failed:
            for ext in self.extensions:
                for path in (Path(self.get_ext_fullpath(ext.name)), Path(self.get_ext_filename(ext.name))):
                    path.unlink(missing_ok=True)


def extensions() -> list:  # type: ignore[type-arg]
    if os.environ.get("PEGBOARD_PURE_BUILD") == "1":
        return []
    try:
        from mypyc.build import mypycify

        return mypycify(compiled_sources(), opt_level="3", group_name="pegboard", verbose=False)
    except BaseException as error:  # noqa: BLE001 - mypyc missing, or its type check failed: pure Python
        print(f"pegboard: not compiling the accelerator ({error!r}); using pure Python", file=sys.stderr)
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
