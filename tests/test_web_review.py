"""The review page of a finished game in the web app (issue 21): its API over HTTP, and the page in a
real browser (the chart, the decision list, a decision's table as that player saw it)."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.testing import Client, ServerThread, open_table, post  # noqa: E402
from tests.browser import browser_page, needs_chromium  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = Settings(pace=0, rate=1000.0, burst=1000.0)
    with ServerThread(str(tmp_path_factory.mktemp("review") / "t.db"), settings) as running:
        yield running


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def finished_table(server: ServerThread, game: str = "five-card") -> str:
    """A table where a person (Hal, moving at random) and the expert (Eve) have played a whole game
    (a table of computers only is refused: issue 25)."""
    created, tokens = open_table(server.url, {"game": game, "seats": [
        {"kind": "human", "name": "Hal"}, {"kind": "computer", "level": "expert", "name": "Eve"}]})
    table = str(created["table"])
    client = Client(server.ws_url, table, tokens[0])
    try:
        client.play_out(random.Random(21))
    finally:
        client.close()
    deadline = time.monotonic() + 120
    while get(f"{server.url}/api/tables/{table}/record")[0] != 200:
        assert time.monotonic() < deadline, "the record did not come"
        time.sleep(0.1)
    return table


@pytest.mark.slow
def test_a_finished_game_is_reviewed_over_http(server: ServerThread) -> None:
    table = finished_table(server)
    status, body = get(f"{server.url}/api/tables/{table}/review")
    assert status == 200, body
    review = json.loads(body)
    assert set(review["players"]) == {"Hal", "Eve"} and review["decisions"]
    assert review["players"]["Eve"]["accuracy"] >= review["players"]["Hal"]["accuracy"]
    decision = review["decisions"][0]
    status, body = get(f"{server.url}/api/tables/{table}/review/{decision['index']}")
    seen = json.loads(body)
    assert status == 200 and seen["player"] == decision["player"] and seen["action"] == decision["choice"]
    assert len(seen["view"]["hand"]) == 5 and "events" not in seen["view"]
    status, page = get(f"{server.url}/r/{table}")
    assert status == 200 and b"/static/js/review.js" in page
    assert get(f"{server.url}/api/tables/{table}/review/99999")[0] == 404


def test_an_unfinished_game_is_not_reviewed(server: ServerThread) -> None:
    created = post(f"{server.url}/api/tables", {"game": "cribbage", "seats": [{"kind": "human", "name": "Ann"},
                                                                            {"kind": "computer", "level": "expert"}]})
    status, body = get(f"{server.url}/api/tables/{created['table']}/review")
    assert status == 409 and b"not over" in body
    assert get(f"{server.url}/api/tables/nosuchtable/review")[0] == 404


@pytest.mark.slow
@pytest.mark.xdist_group("browser")
@needs_chromium
def test_the_review_page_in_a_browser(server: ServerThread) -> None:
    table = finished_table(server, "cribbage")
    ARTIFACTS.mkdir(exist_ok=True)
    with browser_page() as (page, errors):
        page.goto(f"{server.url}/r/{table}")
        page.wait_for_selector("#figures .accuracy")
        assert page.locator("#figures table.accuracy-figures tbody tr").count() == 2
        assert page.locator("#chart path").count() >= 2  # a score line per side (and the chance to win)
        # issue 38: each side's luck, skill, luck-adjusted result and PR, and the cards' luck in the chart
        assert page.locator("#figures td.luck").count() == 2 and page.locator("#figures td.skill").count() == 2
        assert "Luck-adjusted" in page.locator("#figures table.luck-figures thead").inner_text()
        assert page.locator("#chart .chart-luck").count() > 0
        panel = page.locator("#figures").bounding_box()
        assert all(table.bounding_box()["x"] + table.bounding_box()["width"] <= panel["x"] + panel["width"] + 1
                   for table in page.locator("#figures table").all()), "the figures run past their panel"
        page.wait_for_selector("#decision-title")  # the first costly decision is shown at once
        marks = page.locator("#chart .chart-mark")
        buttons = page.locator(".decision-btn")
        assert buttons.count() == marks.count() > 0
        buttons.last.click()
        index = buttons.last.get_attribute("data-index")
        page.wait_for_selector(f".decision-btn.selected[data-index='{index}']")
        page.wait_for_function("() => document.querySelector('#decision .seen-cards .card') !== null")
        assert page.locator("#options tr.chosen").count() == 1
        page.uncheck("#only-mistakes")
        assert page.locator(".decision-btn").count() > buttons.count() or page.locator(".decision-btn").count() > 0
        page.locator(".decision-btn").first.click()
        page.keyboard.press("j")
        page.wait_for_function("() => window.pegboard.selected !== null")
        page.screenshot(path=str(ARTIFACTS / "review-page.png"), full_page=True)
        assert errors == []
