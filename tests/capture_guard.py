"""Once, in CI, something in a worker closed one of the files pytest's global capture redirects the
standard streams to (``ValueError: I/O operation on closed file`` at the next test's start), and
every later test on that worker errored. It did not happen again in many runs, and nothing in the
package closes a standard stream. This guard, before each test phase, replaces a closed capture file
with a fresh one and warns naming the test that ran before, so one such event costs no test and
says where to look. It reads pytest's private capture objects and does nothing if they change.

A pytest plugin: tests/conftest.py re-exports its hooks; ``-p tests.capture_guard`` loads it elsewhere."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

_last_phase: list[str] = ["(none)"]


def _reopen_closed_capture_files(config: pytest.Config) -> list[int]:
    import tempfile

    from _pytest import capture

    reopened: list[int] = []
    manager = config.pluginmanager.getplugin("capturemanager")
    capturing = getattr(manager, "_global_capturing", None)
    for fd_capture in (getattr(capturing, name, None) for name in ("in_", "out", "err")):
        tmpfile = getattr(fd_capture, "tmpfile", None)
        if tmpfile is None or not getattr(tmpfile, "closed", False):
            continue
        target = fd_capture.targetfd  # type: ignore[union-attr]
        if target == 0:
            fd_capture.tmpfile = open(os.devnull, encoding="utf-8")  # type: ignore[union-attr]
        else:
            fresh = capture.EncodedFile(tempfile.TemporaryFile(buffering=0), encoding="utf-8", errors="replace",
                                        newline="", write_through=True)
            fd_capture.tmpfile = fresh  # type: ignore[union-attr]
            if getattr(fd_capture.syscapture, "tmpfile", None) is tmpfile:  # type: ignore[union-attr]
                fd_capture.syscapture.tmpfile = fresh  # type: ignore[union-attr]
        reopened.append(target)
    return reopened


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    _guard_capture(item, "setup")
    yield


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    _guard_capture(item, "call")
    yield


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    _guard_capture(item, "teardown")
    yield


def _guard_capture(item: pytest.Item, phase: str) -> None:
    import warnings

    try:
        reopened = _reopen_closed_capture_files(item.config)
    except Exception:  # pytest's private capture objects changed: do nothing
        reopened = []
    if reopened:
        warnings.warn(f"pytest's capture file of fd {reopened} was found closed before {item.nodeid} ({phase}); "
                      f"the phase before was {_last_phase[0]}", stacklevel=1)
    _last_phase[0] = f"{item.nodeid} ({phase})"
