"""A headless chromium page for the browser tests of the review and statistics pages: the page and
the errors it reports (uncaught exceptions and console errors), closed afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--headless", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
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
