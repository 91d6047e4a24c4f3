"""Accounts and rated play in a real browser (issue 36; Debian's chromium driven by Playwright): signing up,
out and in from the lobby; two browsers matched for a rated game that they play out by clicking, the rating
change and the check of the shuffle at its end; a clock running out; a player who leaves past the grace
period; the check of the shuffle on a finished game's page opened again. Also prints the clicks and
seconds from the lobby to the first move of a rated game. Screenshots land in ``test-artifacts/``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser import ARTIFACTS, require_chromium  # noqa: E402

sync_api = require_chromium()

from pegboard.web import accounts  # noqa: E402
from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.store import SQLiteStore  # noqa: E402
from pegboard.web.testing import ServerThread  # noqa: E402

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]  # a real browser: not in -m "not slow"
PASSWORD = "a long secret"
Page = Any


def settings(**extra: Any) -> Settings:
    return Settings(workers=0, fast_passwords=True, match_every=0.05, test_clocks=True, rate=1000.0, burst=1000.0,
                    create_rate=100, create_burst=100, **extra)



def new_page(browser: Any) -> Page:
    """A page in a context of its own (its own cookies: another person)."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.set_default_timeout(45_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # A refused request (a wrong password's 401) is logged by the browser itself: not the page's error.
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource") else None)
    page.errors = errors
    return page


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"online-{name}.png"))


def sign_up(page: Page, url: str, name: str) -> int:
    """Create an account from the lobby; the clicks it took."""
    page.goto(url + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector("#me-name")
    return 1


def find_opponent(page: Page, kind: str = "five-card", clock: str = "15+120") -> None:
    page.wait_for_selector("#find")
    page.select_option("#rated-kind", kind)
    if clock == "test":  # the one-second clock a test server also takes (not offered to people)
        page.evaluate("() => document.querySelector('#rated-clock').append(new Option('test', 'test'))")
    page.select_option("#rated-clock", clock)
    page.click("#find")


def at_table(page: Page) -> str:
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => window.pegboard && window.pegboard.state")
    page.evaluate("""() => { const ctl = window.pegboard; ctl.lastAck = 0; ctl.lastError = 0;
        const onState = ctl.onState.bind(ctl); const onError = ctl.onError.bind(ctl);
        ctl.onState = (frame) => { if (frame.ack !== undefined) ctl.lastAck = frame.ack; onState(frame); };
        ctl.onError = (frame) => { if (frame.id !== undefined) ctl.lastError = frame.id; onError(frame); }; }""")
    return str(page.url.rsplit("/", 1)[1])


def state(page: Page) -> dict[str, Any]:
    now: dict[str, Any] = page.evaluate("""() => { const s = window.pegboard.state;
        return { n: s.n, legal: s.legal, finished: s.finished, seat: s.seat, rated: s.rated, outcome: s.outcome }; }""")
    return now


def act(page: Page) -> int:
    """Do the first legal thing by clicking, wait for the server's answer; the clicks it took."""
    legal = state(page)["legal"]
    if not legal:
        return 0
    sent = page.evaluate("() => window.pegboard.nextId")
    clicks = 1
    try:
        if legal[0].startswith("discard "):
            for index in range(len(legal[0].split()) - 1):
                page.locator(".hand .card-btn").nth(index).click(timeout=3000)
                clicks += 1
            page.click("#discard", timeout=3000)
        elif "go" in legal:
            page.click("#go", timeout=3000)
        else:
            page.locator(".hand .card-btn.playable").first.click(timeout=3000)
    except sync_api.TimeoutError:
        return 0  # the server made the move first (a forced one, made for the player at a rated table)
    page.wait_for_function(f"() => window.pegboard.lastAck >= {sent} || window.pegboard.lastError >= {sent}"
                           " || window.pegboard.state.finished")
    return clicks


def test_sign_up_then_out_and_in_again_from_the_lobby(browser: Any, tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings()) as server:
        page = new_page(browser)
        sign_up(page, server.url, "Ann")
        assert page.inner_text("#me-name") == "Ann"
        assert page.get_attribute("#me-name", "href") == "/players/Ann"
        page.wait_for_selector("#find")  # signed in: the rated games panel
        shot(page, "lobby-signed-in")
        page.click("#sign-out")
        page.wait_for_selector("#account-form")
        assert page.locator("#find").count() == 0
        page.fill("#account-name", "Ann")
        page.fill("#account-password", "not the password")
        page.click("#sign-in")
        page.wait_for_function("() => document.querySelector('#account-error').textContent.length > 0")
        assert "wrong name or password" in page.inner_text("#account-error")
        page.fill("#account-password", PASSWORD)
        page.click("#sign-in")
        page.wait_for_selector("#me-name")
        page.reload()  # the session cookie holds
        page.wait_for_selector("#me-name")
        page.click("#account-link")
        page.wait_for_selector("#password-form")
        page.fill("#password-form-old", PASSWORD)
        page.fill("#password-form-new", PASSWORD + "!")
        page.click("#password-form-submit")
        page.wait_for_selector("#password-form-note:has-text('changed')")
        page.click("#private")
        page.wait_for_selector("#privacy-note:has-text('private')")
        # a reset link (what `pegboard accounts reset` prints) sets a new password and signs in
        store = SQLiteStore(str(tmp_path / "t.db"))
        token = store.transact(lambda tx: accounts.new_reset(tx, accounts.by_name(tx, "Ann").id, time.time()))
        page.click("#logout-all")
        page.wait_for_selector("#account-form")
        page.goto(f"{server.url}/reset#{token}")
        page.fill("#reset-form-password", "a new long secret")
        page.click("#reset-form-submit")
        page.wait_for_selector("#reset-form-note:has-text('signed in as Ann')")
        page.wait_for_url(server.url + "/")
        page.wait_for_selector("#me-name")
        phone = page.context.new_page()
        phone.set_viewport_size({"width": 390, "height": 844})
        for address, ready in [("/", "#find"), ("/account", "#delete-form"), ("/players/Ann", "#ratings"),
                               ("/leaderboard", "#board-cribbage")]:
            phone.goto(server.url + address)
            phone.wait_for_selector(ready)
            width = phone.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert width == 0, f"{address} scrolls sideways by {width} px on a phone"
        shot(phone, "phone-lobby-signed-in")
        # a casual table for a signed-in player works as before (its requests carry the CSRF token)
        page.goto(server.url + "/")
        page.select_option("#seat-1-kind", "computer:greedy")
        page.click("#start")
        at_table(page)
        assert not page.errors, page.errors


def test_two_browsers_are_matched_play_a_rated_game_and_see_the_rating_change_and_check_the_shuffle(
        browser: Any, tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings()) as server:
        ann, bob = new_page(browser), new_page(browser)
        started = time.monotonic()
        clicks = sign_up(ann, server.url, "Ann")
        sign_up(bob, server.url, "Bob")
        find_opponent(ann)
        clicks += 1
        ann.wait_for_selector("#queue-status:has-text('Looking')")
        find_opponent(bob)
        table = at_table(ann)
        assert at_table(bob) == table, "both land at the same table"
        first = ann.wait_for_function("() => window.pegboard.state.legal.length > 0")
        assert first
        assert ann.locator("#hint").count() == 0, "no hints at a rated table"
        ann.wait_for_selector("#clocks .clock")
        shot(ann, "rated-table")
        clicks += act(ann)
        seconds = time.monotonic() - started
        print(f"\nlobby to the first move of a rated game: {clicks} clicks (and 2 fields typed), {seconds:.1f} s "
              "(including the other player's sign-up and a matchmaking round)")
        deadline = time.monotonic() + 240
        while not (state(ann)["finished"] and state(bob)["finished"]):
            assert time.monotonic() < deadline, "the game did not finish"
            moved = sum(act(page) for page in (ann, bob) if not state(page)["finished"])
            if not moved:
                ann.wait_for_timeout(30)
        for page in (ann, bob):
            page.wait_for_selector("#rating-changes")
            text = page.inner_text("#rating-changes")
            assert "1500? →" in text and "(+" in text and "(-" in text, text
        shot(ann, "rated-game-over")
        ann.click("#verify")
        ann.wait_for_selector("#verify-result")
        result = ann.inner_text("#verify-result")
        assert "The shuffle checks out." in result and "Your browser's random part is in the shuffle." in result, result
        shot(ann, "rated-verified")
        # (e) the finished game's page opened afresh checks out too
        again = ann.context.new_page()
        again.goto(f"{server.url}/t/{table}")
        again.wait_for_selector("#verify")
        again.click("#verify")
        again.wait_for_selector("#verify-result")
        assert "The shuffle checks out." in again.inner_text("#verify-result")
        # the players' pages: a provisional rating with ?, its history plotted; the leaderboard
        again.goto(f"{server.url}/players/Ann")
        again.wait_for_selector("#plot-five-card polyline")
        assert "?" in again.inner_text("#rating-five-card") and "1 game" in again.inner_text("#rating-five-card")
        again.goto(f"{server.url}/leaderboard")
        again.wait_for_selector("#board-five-card")
        shot(again, "leaderboard")
        again.close()
        # a rematch: both ask, both land at a new table
        ann.click("#rematch")
        ann.wait_for_selector("#rematch-status")
        bob.click("#rematch")
        for page in (ann, bob):
            page.wait_for_function(f"() => !location.pathname.endsWith('{table}') && window.pegboard"
                                   " && window.pegboard.state")
        assert ann.url == bob.url and state(ann)["seat"] != state(bob)["seat"]
        assert not ann.errors and not bob.errors, ann.errors + bob.errors


def test_a_clock_running_out_shows_the_loss_on_time(browser: Any, tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings()) as server:
        ann, bob = new_page(browser), new_page(browser)
        sign_up(ann, server.url, "Ann")
        sign_up(bob, server.url, "Bob")
        find_opponent(ann, "cribbage", "test")
        find_opponent(bob, "cribbage", "test")
        at_table(ann)
        at_table(bob)
        ann.wait_for_selector("#clocks .clock.running")
        shot(ann, "clock-running")
        ann.wait_for_function("() => window.pegboard.state.finished", timeout=60_000)
        status = ann.inner_text(".status")
        assert "ran out of time" in status, status
        assert state(ann)["outcome"]["reason"] == "time"
        ann.wait_for_selector("#rating-changes")
        shot(ann, "clock-ran-out")
        assert not ann.errors and not bob.errors, ann.errors + bob.errors


def test_a_player_away_past_the_grace_period_loses_and_the_other_sees_the_countdown(
        browser: Any, tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings(grace=4.0)) as server:
        ann, bob = new_page(browser), new_page(browser)
        sign_up(ann, server.url, "Ann")
        sign_up(bob, server.url, "Bob")
        find_opponent(ann, "cribbage")
        find_opponent(bob, "cribbage")
        at_table(ann)
        at_table(bob)
        bob_seat = state(bob)["seat"]
        ann.wait_for_function(f"() => window.pegboard.seats[{bob_seat}].online")
        bob.context.close()
        countdown = ann.wait_for_selector(f"#away-{bob_seat}")
        words = countdown.inner_text() if countdown is not None else ""
        assert "Bob left:" in words and "s to come back" in words, words
        shot(ann, "opponent-away")
        ann.wait_for_function("() => window.pegboard.state.finished", timeout=30_000)
        status = ann.inner_text(".status")
        assert "Bob left the game: You win!" in status, status
        assert state(ann)["outcome"] == {"reason": "abandoned", "loser": bob_seat, "winner": "Ann"}
        assert not ann.errors, ann.errors


def test_a_player_blocks_another_from_their_page_and_is_never_matched_with_them(browser: Any, tmp_path: Path) -> None:
    with ServerThread(str(tmp_path / "t.db"), settings()) as server:
        ann, bob = new_page(browser), new_page(browser)
        sign_up(ann, server.url, "Ann")
        sign_up(bob, server.url, "Bob")
        ann.goto(server.url + "/players/Bob")
        ann.click("#block")
        ann.wait_for_function("() => document.querySelector('#block').textContent === 'Unblock Bob'")
        assert "never matched with Bob" in ann.inner_text("#block-note")
        ann.goto(server.url + "/")
        find_opponent(ann)
        find_opponent(bob)
        time.sleep(1.0)
        assert "/t/" not in ann.url and "/t/" not in bob.url  # both still waiting: never paired
        ann.goto(server.url + "/players/Bob")
        ann.click("#block")
        ann.wait_for_function("() => document.querySelector('#block').textContent === 'Block Bob'")
        assert not ann.errors and not bob.errors
