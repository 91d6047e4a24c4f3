"""The guard of tests/capture_guard.py: pytest's capture file of the standard output closed between a
test's set-up and its call (as happened once in CI, and every later test on that worker errored)
costs no test. Run in a pytest of its own, with and without the guard."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # two pytest runs of their own
CLOSER = '''
import pytest

def pytest_runtest_logreport(report):
    """What happened in CI: the capture file closed after a set-up was read, before the call."""
    if report.when == "setup" and report.nodeid.endswith("test_first"):
        import _pytest.capture  # noqa: F401
        manager = pytest_runtest_logreport.config.pluginmanager.getplugin("capturemanager")
        manager._global_capturing.out.tmpfile.close()

def pytest_configure(config):
    pytest_runtest_logreport.config = config
'''
TESTS = '''
def test_first():
    print("one")

def test_second(capsys):
    print("two")
    assert capsys.readouterr().out == "two\\n"

def test_third():
    print("three")
'''


def run_inner(folder: Path, *plugins: str) -> subprocess.CompletedProcess[str]:
    (folder / "conftest.py").write_text(CLOSER)
    (folder / "test_inner.py").write_text(TESTS)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    options = [arg for plugin in plugins for arg in ("-p", plugin)]
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-o",
                           "addopts=", *options, "-q", "-W", "default", "test_inner.py"],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def test_without_the_guard_every_later_test_errors(tmp_path: Path) -> None:
    done = run_inner(tmp_path)
    assert done.returncode != 0 and "I/O operation on closed file" in done.stdout


def test_with_the_guard_every_test_passes_and_a_warning_names_where(tmp_path: Path) -> None:
    done = run_inner(tmp_path, "tests.capture_guard")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "3 passed" in done.stdout
    assert "found closed before test_inner.py::test_first (call)" in done.stdout
