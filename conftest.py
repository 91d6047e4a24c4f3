"""Test collection for the whole repository: a module running compiled (the optional accelerator) has
no Python source for pytest's doctest collector to import; its doctests run in the pure-Python pass
of ``tests/test_accelerator.py`` instead."""

from __future__ import annotations

from pathlib import Path

from pegboard.accelerator import pure_requested


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix == ".py" and not pure_requested():
        if any(collection_path.parent.glob(f"{collection_path.stem}.cpython-*.so")):
            return True
    return None
