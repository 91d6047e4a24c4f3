from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", deadline=None, max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless chromium for a test module (tests/browser.py); the test skips without it."""
    from tests.browser import launch

    yield from launch()


# A guard for pytest's own capture files (tests/capture_guard.py): its hooks, re-exported.
from tests.capture_guard import (  # noqa: E402
    pytest_runtest_call,
    pytest_runtest_setup,
    pytest_runtest_teardown,
)

__all__ = ["browser", "pytest_runtest_call", "pytest_runtest_setup", "pytest_runtest_teardown"]
