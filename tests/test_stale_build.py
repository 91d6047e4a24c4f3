"""A build that cannot hide an edit (issue 41): the compiled accelerator records the sources it was
built from, and when one has changed since, pegboard runs the source as it is now, with one line of
warning naming the rebuild command, instead of the compiled code of the old source.

Both tests work in a temporary copy of the repository. The first stands empty files in for the
compiled modules (no compiler needed: a stale build never loads them). The second builds the
accelerator for real, changes a constant of a compiled module and imports it (slow: a minute or two).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from pegboard.accelerator import (
    BUILD_RECORD,
    COMPILED,
    PURE_VARIABLE,
    REBUILD,
    accelerator_required,
    build_inputs,
    source_digests,
    write_build_record,
)

ROOT = Path(__file__).resolve().parent.parent
PROBE = ("import pegboard.engine.cribbage as c; from pegboard.accelerator import accelerator_status as s; "
         "print(c.MAX_COUNT, s()['mode'])")
"""What a user sees: the constant's value, and whether pegboard runs compiled."""
CONSTANT = re.compile(r"^MAX_COUNT = \d+$", re.M)


def copy_repository(destination: Path) -> Path:
    """The package's source and what builds it, without any build output."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", BUILD_RECORD)
    shutil.copytree(ROOT / "pegboard", destination / "pegboard", ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, destination / name)
    return destination


def set_max_count(copy: Path, value: int) -> None:
    source = copy / "pegboard" / "engine" / "cribbage.py"
    text, count = CONSTANT.subn(f"MAX_COUNT = {value}", source.read_text(encoding="utf-8"))
    assert count == 1
    source.write_text(text, encoding="utf-8")


def probe(copy: Path, **variables: str) -> tuple[str, list[str]]:
    """Import the copy's pegboard in a new process: its output, and the lines it wrote on stderr."""
    env = {name: value for name, value in os.environ.items()
           if name not in (PURE_VARIABLE, "PEGBOARD_PURE_BUILD", "PYTHONPATH")}
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=copy, env={**env, **variables}, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout.strip(), result.stderr.splitlines()


def assert_one_warning(lines: list[str], changed: str) -> None:
    assert len(lines) == 1, lines
    assert lines[0].startswith("pegboard: ") and changed in lines[0] and f"`{REBUILD}`" in lines[0], lines[0]


def test_an_edited_source_runs_as_edited_with_one_line_of_warning(tmp_path: Path) -> None:
    copy = copy_repository(tmp_path)
    for module in COMPILED:  # stand-ins: a stale build never loads them
        stem = copy / module.replace(".", "/")
        stem.with_name(stem.name + importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"")
    output, lines = probe(copy)
    assert output == "31 pure Python"
    assert_one_warning(lines, "no record")

    write_build_record(copy / "pegboard", source_digests(copy, build_inputs(copy)))
    set_max_count(copy, 30)
    output, lines = probe(copy)
    assert output == "30 pure Python"
    assert_one_warning(lines, "pegboard/engine/cribbage.py changed")
    assert probe(copy, **{PURE_VARIABLE: "1"}) == ("30 pure Python", [])  # asked for: no warning

    set_max_count(copy, 31)  # the build's source again: Python loads the compiled stand-ins (and fails on them)
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=copy, capture_output=True, text=True, timeout=300,
                            env={name: value for name, value in os.environ.items() if name != PURE_VARIABLE})
    assert result.returncode != 0 and importlib.machinery.EXTENSION_SUFFIXES[0] in result.stderr


def can_build() -> bool:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return importlib.util.find_spec("mypyc") is not None and shutil.which(os.environ.get("CC", compiler)) is not None


def build(copy: Path) -> None:
    env = {name: value for name, value in os.environ.items() if name not in (PURE_VARIABLE, "PEGBOARD_PURE_BUILD")}
    result = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=copy, env=env,
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0 and (copy / "pegboard" / BUILD_RECORD).is_file(), result.stderr[-3000:]


@pytest.mark.slow
def test_after_a_build_a_changed_constant_of_a_compiled_module_is_seen(tmp_path: Path) -> None:
    if os.environ.get("PEGBOARD_PURE_BUILD") == "1":
        pytest.skip("PEGBOARD_PURE_BUILD=1: no compiled accelerator is built here")
    if not can_build():
        assert not accelerator_required(), "the accelerator is required, but mypyc or a C compiler is missing"
        pytest.skip("needs mypyc and a C compiler to build the accelerator")
    copy = copy_repository(tmp_path)
    build(copy)
    assert probe(copy) == ("31 compiled", [])

    set_max_count(copy, 30)
    output, lines = probe(copy)
    assert output == "30 pure Python"
    assert_one_warning(lines, "pegboard/engine/cribbage.py changed")
    assert probe(copy, **{PURE_VARIABLE: "1"}) == ("30 pure Python", [])

    set_max_count(copy, 31)  # by content, not by date: the source the build read runs compiled again
    assert probe(copy) == ("31 compiled", [])

    set_max_count(copy, 30)
    build(copy)  # the rebuild the warning names
    assert probe(copy) == ("30 compiled", [])
