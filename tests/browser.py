"""Debian's chromium for the browser tests, driven by Playwright: where it is (``CHROMIUM``), how it
is launched (``ARGS``), where screenshots land (``ARTIFACTS``), a module-level skip without it
(:func:`require_chromium`), one browser for a test module (:func:`launch`, the ``browser`` fixture of
conftest.py), and a fresh page with the errors it reports (:func:`browser_page`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--headless", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
needs_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")


@contextmanager
def browser_page(width: int = 1280, height: int = 900) -> Iterator[tuple[Any, list[str]]]:
    """``with browser_page() as (page, errors):`` a fresh page; ``errors`` collects what it reports."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page: Any = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.set_default_timeout(60_000)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
            yield page, errors
        finally:
            browser.close()


def require_chromium() -> Any:
    """Skip the calling test module without chromium, FastAPI or Playwright; Playwright's sync API."""
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium (.ci/run installs it)", allow_module_level=True)
    pytest.importorskip("fastapi")
    return pytest.importorskip("playwright.sync_api")



def launch() -> Iterator[Any]:
    """One chromium, closed afterwards (the ``browser`` fixture of conftest.py)."""
    sync_api = require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()
