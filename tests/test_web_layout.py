"""The web table's layout in a real browser (issue 40): on a desktop (1280x800, 1366x768) the whole
table fits one screen at the discard, the play and the show, the game's end shows its result and links,
and the review opens at its top; on a phone (390x844) no page scrolls sideways and the pinned hand panel
hides neither the played cards nor the hand being counted. Debian's chromium, driven by Playwright;
screenshots land in ``test-artifacts/``. Skipped without chromium."""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import ARTIFACTS, require_chromium  # noqa: E402

sync_api = require_chromium()

from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.testing import ServerThread  # noqa: E402

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]  # a real browser: not in -m "not slow"
DESKTOPS = [(1280, 800), (1366, 768)]
PHONE = (390, 844)
RANKS = dict(zip("A23456789TJQK", ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                    "jack", "queen", "king"], strict=True))
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# What must be on screen without scrolling, at the discard, the play and the show.
TABLE_PARTS = [".board", ".others .player", ".spot.starter .card", ".spot.crib .fan", ".spot.play .count",
               ".me .hand > *", ".controls .prompt", ".controls button:not([hidden])", ".status"]
Page = Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = Settings(pace=0.02, create_rate=100, create_burst=100)
    with ServerThread(str(tmp_path_factory.mktemp("layout") / "t.db"), settings) as running:
        yield running



@pytest.fixture()
def dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same deals every run: the tables' secret seeds come from a seeded generator."""
    chooser = random.Random(40)
    monkeypatch.setattr(secrets, "randbits", chooser.getrandbits)


def new_page(browser: Any, size: tuple[int, int]) -> Page:
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.set_default_timeout(45_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.errors = errors
    return page


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"layout-{name}.png"))


def state(page: Page) -> dict[str, Any]:
    now: dict[str, Any] = page.evaluate("""() => { const s = window.pegboard.state; return { n: s.n, legal: s.legal,
        phase: s.view.phase, deal: s.view.deal || 0, finished: s.finished, series: s.view.series.length,
        shows: s.shows || [] }; }""")
    return now


def new_table(page: Page, url: str, seats: list[str], options: dict[str, Any]) -> str:
    """A cribbage table set up through the lobby; returns its id. The page notes every action of ours
    the server answers (``window.pegboard.lastAck``), so a test waits for its own move, not any frame."""
    page.goto(url + "/")
    page.select_option("#game", {2: "cribbage", 3: "cribbage-3", 4: "cribbage-4"}[len(seats) + 1])
    for seat, kind in enumerate(seats, start=1):
        page.select_option(f"#seat-{seat}-kind", kind)
    for key, value in options.items():
        if isinstance(value, bool):
            page.set_checked(f"#option-{key}", value)
        else:
            page.fill(f"#option-{key}", str(value))
    page.click("#start")
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => window.pegboard && window.pegboard.state")
    page.evaluate("""() => { const ctl = window.pegboard; const onState = ctl.onState.bind(ctl); ctl.lastAck = 0;
        ctl.onState = (frame) => { if (frame.ack !== undefined) ctl.lastAck = frame.ack; onState(frame); }; }""")
    return str(page.url.rsplit("/", 1)[1])


def my_turn(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => { const s = window.pegboard.state; return s.legal.length > 0 || s.finished; }")
    return state(page)


def act(page: Page) -> None:
    """Do the first legal thing through the page, and wait for the server's answer to it."""
    legal = state(page)["legal"]
    sent = page.evaluate("() => window.pegboard.nextId")
    if legal[0].startswith("discard "):
        for index in range(len(legal[0].split()) - 1):
            page.locator(".hand .card-btn").nth(index).click()
        page.click("#discard")
    elif "go" in legal:
        page.click("#go")
    elif legal[0] == "count":
        page.fill("#count-points", "0")
        page.click("#count-submit")
    elif "pass" in legal:
        page.click("#pass")
    else:
        page.locator(".hand .card-btn.playable").first.click()
    page.wait_for_function(f"() => window.pegboard.lastAck >= {sent}")


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    return list(page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter((el) => el.getClientRects().length).map((el) => { const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; })""", selector))


def off_screen(page: Page, selectors: list[str]) -> list[str]:
    """The selectors with nothing on the page, or something not wholly inside the viewport."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    missing = []
    for selector in selectors:
        found = boxes(page, selector)
        if not found or any(box["top"] < -1 or box["left"] < -1 or box["bottom"] > height + 1
                            or box["right"] > width + 1 for box in found):
            missing.append(selector)
    return missing


def overflow(page: Page) -> tuple[int, int]:
    """How far the page scrolls (sideways, down): (0, 0) for a page that fits its window."""
    return tuple(page.evaluate("""() => { const root = document.documentElement;
        return [root.scrollWidth - root.clientWidth, root.scrollHeight - root.clientHeight]; }"""))


def covered(page: Page, selector: str) -> list[str]:
    """The elements matching ``selector`` that are off screen or under something else at their centre."""
    return list(page.evaluate("""(selector) => [...document.querySelectorAll(selector)].filter((el) => {
        const r = el.getBoundingClientRect(); const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
        const top = document.elementFromPoint(x, y); return !(top && (top === el || el.contains(top)));
        }).map((el) => el.getAttribute('aria-label') || el.className.baseVal || el.className)""", selector))


def card_names(cards: list[str]) -> list[str]:
    return [f"{RANKS[card[0]]} of {SUITS[card[1]]}" for card in cards]


@pytest.mark.parametrize("size, players", [(DESKTOPS[0], 2), (DESKTOPS[1], 2), (DESKTOPS[1], 4)],
                         ids=["1280x800", "1366x768", "1366x768-four-players"])
def test_the_table_fits_one_desktop_screen_at_the_discard_the_play_and_the_show(
        server: ServerThread, browser: Any, dealt: None, size: tuple[int, int], players: int) -> None:
    page = new_page(browser, size)
    new_table(page, server.url, ["computer:greedy"] * (players - 1), {"muggins": True})
    name = f"{size[0]}x{size[1]}-{players}"
    seen: set[str] = set()
    for _ in range(80):
        now = my_turn(page)
        moment = {"discard": f"discard-{min(now['deal'], 1)}", "play": "play", "count": "count",
                  "muggins": "claim"}.get(now["phase"], now["phase"])
        if now["phase"] == "play" and not now["series"]:
            moment = "play-first"  # a series' first card: nothing played yet
        if moment not in seen:
            seen.add(moment)
            page.wait_for_timeout(150)  # the pegs' and cards' transitions
            shot(page, f"{name}-{moment}")
            assert overflow(page) == (0, 0), f"{moment}: the page scrolls by {overflow(page)}"
            assert not off_screen(page, TABLE_PARTS), f"{moment}: off screen: {off_screen(page, TABLE_PARTS)}"
            if now["phase"] == "discard":
                assert page.locator(".player .tag.turn").count() == 0, "no 'to play' badge during the discard"
            if moment == "claim":  # the hand being counted: the side's first panel
                assert not off_screen(page, [".shows li:last-child .card"]), "the hand being counted is off screen"
            if moment == "discard-0" and players == 2:  # a hint, and its button, fit too
                page.click("#hint")
                page.wait_for_selector("#use-hint", timeout=120_000)
                shot(page, f"{name}-hint")
                assert overflow(page) == (0, 0) and not off_screen(page, TABLE_PARTS + ["#use-hint"])
            if moment == "discard-1":  # the last deal's panel is open beside the table (it scrolls in the side)
                panel = boxes(page, ".last-deal")[0]
                assert all(panel["left"] <= card["left"] and card["right"] <= panel["right"] <= size[0]
                           for card in boxes(page, ".last-deal .shows .card")), "the last deal's cards are clipped"
                break
        act(page)
    assert {"discard-0", "play", "count", "claim", "discard-1"} <= seen, seen
    assert not page.errors


def test_the_game_over_the_review_and_the_statistics_open_where_a_player_looks(
        server: ServerThread, browser: Any, dealt: None) -> None:
    page = new_page(browser, DESKTOPS[0])
    page.goto(server.url + "/")  # statistics are kept for registered players: Lee signs up in the lobby first
    page.fill("#account-name", "Lee")  # (not Ann: the other tests' guests are called Ann)
    page.fill("#account-password", "a long secret")
    page.click("#sign-up")
    page.wait_for_selector("#me-name")
    table = new_table(page, server.url, ["computer:greedy"], {"target": 31})
    while not my_turn(page)["finished"]:
        act(page)
    page.wait_for_timeout(300)
    shot(page, "1280x800-game-over")
    assert re.search(r"(You win|\w+ wins)!", page.inner_text(".status"))
    assert overflow(page) == (0, 0), f"the finished table scrolls by {overflow(page)}"
    assert not off_screen(page, [".status", "#review", "#record", ".board"])
    page.goto(f"{server.url}/r/{table}")
    page.wait_for_selector("#decision-title")
    page.wait_for_timeout(200)
    shot(page, "1280x800-review")
    assert page.evaluate("() => window.scrollY") == 0, "the review opens at its top"
    assert not off_screen(page, ["h1", "#figures"])
    panel = boxes(page, "#figures")[0]  # the luck and skill columns once ran past the panel's edge
    assert all(box["right"] <= panel["right"] + 1 for box in boxes(page, "#figures table")), "figures overflow"
    phone = new_page(browser, PHONE)
    for name, address, ready, must_fit in [
            ("review", f"/r/{table}", "#decision-title", ["#figures table", ".topbar .button", "#chart"]),
            ("stats", "/stats/Lee", "#games-table", [".look-up button", ".figures"])]:
        phone.goto(server.url + address)
        phone.wait_for_selector(ready, timeout=120_000)
        shot(phone, f"phone-{name}")
        assert overflow(phone)[0] == 0, f"{address} scrolls sideways by {overflow(phone)[0]} px on a phone"
        for selector in must_fit:
            assert all(box["right"] <= PHONE[0] for box in boxes(phone, selector)), f"{address}: {selector} runs off"
    assert not page.errors and not phone.errors


def test_on_a_phone_nothing_scrolls_sideways_and_the_pinned_hand_hides_no_card_in_play(
        server: ServerThread, browser: Any, dealt: None) -> None:
    page = new_page(browser, PHONE)
    page.goto(server.url + "/")
    page.select_option("#game", "cribbage")
    page.select_option("#seat-1-kind", "computer:expert")
    page.wait_for_selector("#objective")
    shot(page, "phone-lobby")
    assert overflow(page)[0] == 0, f"the lobby scrolls sideways by {overflow(page)[0]} px"
    assert all(box["right"] <= PHONE[0] for box in boxes(page, "#objective") + boxes(page, "#start"))
    new_table(page, server.url, ["computer:greedy"], {"muggins": True})
    seen: set[str] = set()
    for _ in range(80):
        now = my_turn(page)
        page.wait_for_timeout(150)
        assert overflow(page)[0] == 0, f"{now['phase']}: the table scrolls sideways by {overflow(page)[0]} px"
        parts = [boxes(page, f".table-main > {part}")[0] for part in (".last", ".left", ".side")]  # one column
        assert all(above["bottom"] <= below["top"] for above, below in zip(parts, parts[1:])), "the parts overlap"
        if now["phase"] == "play" and now["series"]:
            hidden = covered(page, ".series .card")
            assert not hidden, f"the pinned hand covers the played cards {hidden}"
            if "play" not in seen:
                shot(page, "phone-play")
            seen.add("play")
        elif now["phase"] == "muggins":
            counted = now["shows"][-1]["cards"]
            labels = card_names(counted)
            hidden = [name for name in labels if covered(page, f'svg.card[aria-label="{name}"]')
                      == [name] * page.locator(f'svg.card[aria-label="{name}"]').count()]
            assert not hidden, f"the hand being counted is under the pinned panel: {hidden}"
            if "claim" not in seen:
                shot(page, "phone-claim")
            seen.add("claim")
        elif now["phase"] == "discard" and now["deal"] >= 1:
            break
        act(page)
    assert {"play", "claim"} <= seen, seen
    assert not page.errors


def test_no_turn_badge_during_the_discard_where_everyone_acts_at_once(server: ServerThread, browser: Any) -> None:
    page = new_page(browser, DESKTOPS[0])
    new_table(page, server.url, ["human"], {})  # the friend never comes: their discard stays to make
    page.wait_for_function("() => window.pegboard.state.legal.length > 0")
    assert page.locator(".player.acting").count() == 1, "the friend still to discard is outlined"
    assert page.locator(".player .tag.turn").count() == 0, "but no 'to play' badge: nobody plays yet"
    assert not page.errors
