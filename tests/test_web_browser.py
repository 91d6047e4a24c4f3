"""The page in a real browser (Debian's chromium, driven by Playwright): two people play a deal against
each other, one plays a whole game against the computer, a reload mid-deal resumes, the grid games
play by clicking, and screenshots of each land in ``test-artifacts/``. Skipped without chromium."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import ARTIFACTS, CHROMIUM, require_chromium  # noqa: E402

sync_api = require_chromium()

from pegboard.web.hub import Settings  # noqa: E402
from pegboard.web.testing import ServerThread  # noqa: E402

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.slow]  # a real browser: not in -m "not slow"
Page = Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = Settings(pace=0.02, create_rate=100, create_burst=100)
    with ServerThread(str(tmp_path_factory.mktemp("browser") / "t.db"), settings) as running:
        yield running



def new_page(browser: Any, phone: bool = False) -> Page:
    viewport = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(45_000)  # generous: a loaded CI machine can stall a step for seconds
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.errors = errors
    return page


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def state(page: Page) -> dict[str, Any]:
    return page.evaluate("""() => { const s = window.pegboard && window.pegboard.state; return s && {
        n: s.n, legal: s.legal, phase: s.view.phase, deal: s.view.deal || 0, finished: s.finished,
        hand: s.view.hand || [], count: s.view.count, seat: s.seat, winner: s.view.winner } }""")


def wait_state(page: Page, condition: str) -> dict[str, Any]:
    page.wait_for_function(
        f"() => {{ const s = window.pegboard && window.pegboard.state; return s && ({condition}); }}")
    return state(page)


def new_table(page: Page, url: str, game: str, seats: list[str], options: dict[str, Any] | None = None) -> str:
    """Set up a table through the lobby form; ``seats`` are the kinds of seats 2.. (``human`` or
    ``computer:LEVEL``). Returns the table's address."""
    page.goto(url + "/")
    page.select_option("#game", game)
    for seat, kind in enumerate(seats, start=1):
        page.select_option(f"#seat-{seat}-kind", kind)
    for key, value in (options or {}).items():
        if isinstance(value, bool):
            page.set_checked(f"#option-{key}", value)
        else:
            page.fill(f"#option-{key}", str(value))
    page.click("#start")
    page.wait_for_url("**/t/*")
    wait_state(page, "true")
    return str(page.url)


def take_turn(page: Page, use_hint: bool = False) -> None:
    """Do one legal thing through the page (the first legal card or button, or the hint)."""
    now = state(page)
    legal = now["legal"]
    if use_hint and legal and legal[0] not in ("count", "muggins", "pass"):
        page.click("#hint")
        page.click("#use-hint")
    elif legal[0].startswith("discard ") and page.locator(".hand .card-btn").count():
        need = len(legal[0].split()) - 1
        for index in range(need):
            page.locator(".hand .card-btn").nth(index).click()
        page.click("#discard")
    elif legal[0].startswith("discard "):  # solitaire: the current card to a discard space
        page.click("#discard")
    elif "go" in legal:
        page.click("#go")
    elif legal[0].startswith("place "):
        page.locator(".cell.target").first.click()
    elif legal[0] == "count":
        page.fill("#count-points", "0")
        page.click("#count-submit")
    elif "pass" in legal:
        page.click("#pass")
    else:
        page.locator(".hand .card-btn.playable").first.click()
    # Wait for this player's own move to land, not just any new frame: a computer's move (its discard,
    # say) may arrive while ours is still on its way, and acting again on that frame would act twice.
    # (Compact separators: the page's JSON.stringify writes none, and a mismatch here would let the other
    # side's move, such as the computer's discard, pass for ours.)
    before = json.dumps([now["hand"], now["legal"]], separators=(",", ":"))
    wait_state(page, f"s.finished || (s.n > {now['n']} && JSON.stringify([s.view.hand || [], s.legal]) !== {before!r})")


def test_two_players_in_two_browsers_play_a_full_deal_against_each_other(server: ServerThread, browser: Any) -> None:
    ann = new_page(browser)
    new_table(ann, server.url, "cribbage", ["human"])
    ann.wait_for_selector("#invite-1")
    invite = ann.input_value("#invite-1")
    assert "#join=1." in invite
    bob = new_page(browser)
    bob.goto(invite)
    wait_state(bob, "s.seat === 1")
    bob.wait_for_function("() => !location.href.includes('#join')", timeout=10_000)
    assert "#join" not in bob.url, "the invite leaves the address bar once used"
    watcher = new_page(browser)
    watcher.goto(ann.url.split("#")[0] + "?watch")
    wait_state(watcher, "s.seat === null")
    bob_cards = state(bob)["hand"]
    for page in (ann, watcher):
        markup = page.content()
        assert not any(f'data-card="{card}"' in markup for card in bob_cards)
        # Cards cut for the first deal are public and go back into the pack (ruling 13): one may
        # well be dealt to Bob, so the cut events are left out of the search.
        public = page.evaluate(
            "() => JSON.stringify(window.pegboard.state, (k, v) => v && v.type === 'cut' ? undefined : v)")
        assert json.dumps(bob_cards[0]) not in public
    assert watcher.locator(".me").count() == 0 and watcher.locator(".hand .card-btn").count() == 0
    shot(ann, "two-players-ann-discard")
    for _ in range(60):
        states = {page: state(page) for page in (ann, bob)}
        if all(s["deal"] >= 1 or s["finished"] for s in states.values()):
            break
        movers = [page for page, s in states.items() if s["legal"]]
        if movers:
            take_turn(movers[0])
        else:
            ann.wait_for_timeout(50)
    for page in (ann, bob, watcher):
        wait_state(page, "s.view.deal >= 1 || s.finished")
    assert ann.locator(".last-deal .spoken").count() >= 3, "the last deal's hands are counted aloud"
    spoken = ann.locator(".last-deal .spoken").all_inner_texts()  # "fifteen two, ... a pair is six", "nineteen"
    assert all(re.search(r"fifteen|pair|run|flush|nob|nineteen", line) for line in spoken), spoken
    shot(ann, "two-players-ann-after-the-deal")
    shot(bob, "two-players-bob-after-the-deal")
    shot(watcher, "two-players-spectator")
    assert not ann.errors and not bob.errors and not watcher.errors


def test_one_player_plays_a_whole_game_against_the_computer(server: ServerThread, browser: Any) -> None:
    page = new_page(browser)
    new_table(page, server.url, "cribbage", ["computer:greedy"], {"target": 61})
    for turn in range(400):
        now = wait_state(page, "s.legal.length > 0 || s.finished")
        if now["finished"]:
            break
        if turn == 10:
            shot(page, "vs-computer-mid-game")
        take_turn(page, use_hint=turn % 7 == 0)
    final = state(page)
    assert final["finished"] and final["winner"]
    assert "win" in page.inner_text(".status")
    with page.expect_download() as download:
        page.click("#record")
    record = json.loads(Path(download.value.path()).read_text())
    assert record["format"] == "pegboard/1" and record["options"]["target"] == 61
    shot(page, "vs-computer-game-over")
    assert not page.errors


def test_a_reload_mid_deal_resumes_the_same_seat_and_view_with_the_keyboard_on_a_phone(
        server: ServerThread, browser: Any) -> None:
    page = new_page(browser, phone=True)
    new_table(page, server.url, "cribbage", ["computer:random"])
    before = state(page)
    page.keyboard.press("1")
    page.keyboard.press("2")
    page.keyboard.press("d")
    wait_state(page, f"s.n > {before['n']} && s.view.phase === 'play'")
    now = wait_state(page, "s.legal.length > 0")
    if "go" not in now["legal"]:
        page.locator(".hand .card-btn.playable").first.focus()
        page.keyboard.press("Enter")
        wait_state(page, f"s.n > {now['n']}")
    mid = wait_state(page, "s.legal.length > 0 || s.view.phase !== 'play'")  # nothing moves until we do
    shot(page, "phone-before-reload")
    page.reload()
    again = wait_state(page, f"s.n >= {mid['n']}")
    assert again["seat"] == mid["seat"] == 0 and again["n"] == mid["n"]
    assert again["hand"] == mid["hand"] and again["count"] == mid["count"]
    assert page.locator(".hand .card-btn").count() == len(mid["hand"])
    shot(page, "phone-after-reload")
    wait_state(page, "s.legal.length > 0 || s.finished")
    take_turn(page)
    assert not page.errors


def test_the_grid_games_play_by_clicking(server: ServerThread, browser: Any) -> None:
    page = new_page(browser)
    new_table(page, server.url, "solitaire", [])
    for _ in range(30):
        if state(page)["finished"]:
            break
        take_turn(page)
    assert state(page)["finished"] and page.locator(".lines li").count() >= 1
    lines = page.evaluate("() => window.pegboard.state.lines.reduce((sum, line) => sum + line.total, 0)")
    assert lines == page.evaluate("() => window.pegboard.state.view.score"), "every point is explained"
    shot(page, "solitaire-counted")
    new_table(page, server.url, "snailspace", ["computer:greedy"])
    for _ in range(4):
        wait_state(page, "s.legal.length > 0")
        take_turn(page)
    wait_state(page, "s.legal.length > 0")
    assert page.locator(".grid .cell .card:not(.slot)").count() >= 9
    shot(page, "snailspace")
    assert not page.errors


def test_only_the_creator_sees_the_invites_and_a_hint_outlives_the_other_sides_discard(
        server: ServerThread, browser: Any) -> None:
    from pegboard.web.testing import Client

    ann = new_page(browser)
    new_table(ann, server.url, "cribbage-3", ["human", "human"])
    ann.wait_for_selector("#invite-2")
    bob = new_page(browser)
    bob.goto(ann.input_value("#invite-1"))
    wait_state(bob, "s.seat === 1")
    bob.wait_for_selector("#watch-link")
    assert bob.locator("[id^=invite-]").count() == 0, "another player never sees the empty seats' invites"
    cat_invite = ann.input_value("#invite-2").split("#join=2.")[1]
    table = ann.url.split("/t/")[1].split("?")[0].split("#")[0]
    from pegboard.web.testing import post

    cat_token = post(f"{server.url}/api/tables/{table}/join", {"seat": 2, "invite": cat_invite})["token"]
    cat = Client(server.ws_url, table, cat_token)
    before = wait_state(ann, "s.legal.length > 0")
    ann.click("#hint")
    ann.wait_for_selector("#use-hint")
    cat.act(cat.state["legal"][0])  # Cat's discard arrives while Ann's hint is on screen
    wait_state(ann, f"s.n > {before['n']}")
    assert ann.locator("#use-hint").count() == 1, "the hint still holds: it is still Ann's discard to make"
    ann.click("#use-hint")
    wait_state(ann, "s.view.discarded.length > 0")
    cat.close()
    assert not ann.errors and not bob.errors


def in_view(page: Page, selector: str) -> bool:
    return bool(page.evaluate("""(selector) => { const box = document.querySelector(selector);
        if (!box) return false; const r = box.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1; }""", selector))


def test_on_a_phone_the_hand_the_prompt_and_the_turn_are_on_screen_without_scrolling(
        server: ServerThread, browser: Any) -> None:
    page = new_page(browser, phone=True)
    new_table(page, server.url, "cribbage-3", ["computer:greedy", "computer:greedy"], {"target": 31})
    seen_deals = set()
    for _ in range(200):
        now = wait_state(page, "s.legal.length > 0 || s.finished")
        if now["finished"]:
            break
        if now["deal"] not in seen_deals and now["phase"] == "discard":
            seen_deals.add(now["deal"])
            for scroll in ("0", "document.body.scrollHeight"):
                page.evaluate(f"() => window.scrollTo(0, {scroll})")
                page.wait_for_timeout(50)
                for selector in (".hand .card-btn", ".controls .prompt", ".status"):
                    assert in_view(page, selector), f"deal {now['deal'] + 1}: {selector} is off screen ({scroll})"
            shot(page, f"phone-deal-{now['deal'] + 1}")
            page.evaluate("() => window.scrollTo(0, 0)")
        take_turn(page)
    assert len(seen_deals) >= 2
    widths = page.evaluate(
        "() => [...document.querySelectorAll('.shows .card')].map((c) => c.getBoundingClientRect().width)")
    assert widths and min(widths) >= 48, f"the show's cards are too small to read on a phone: {widths}"
    assert not page.errors


def teardown_module() -> None:
    if shutil.which("chromium") is None and not CHROMIUM.exists():  # pragma: no cover
        return


def test_the_lobby_sets_what_the_computer_plays_for_and_the_table_says_it(server: ServerThread, browser: Any) -> None:
    """Issue 23: the lobby offers the objective only where it applies (two-sided cribbage games), and
    the table's title says what the computer plays for."""
    page = new_page(browser)
    page.goto(server.url + "/")
    page.select_option("#game", "cribbage-3")
    assert page.locator("fieldset.objective").is_hidden()  # three players: the computer plays to win
    page.select_option("#game", "five-card")
    options = page.locator("#objective option").evaluate_all("(all) => all.map((option) => option.value)")
    assert options == ["win", "game-points", "spread", "match"]  # a five-card match too
    page.select_option("#game", "cribbage-4")
    options = page.locator("#objective option").evaluate_all("(all) => all.map((option) => option.value)")
    assert options == ["win", "game-points", "spread"]  # partners: their own table, no match modelled
    page.select_option("#game", "cribbage")
    page.select_option("#seat-1-kind", "computer:expert")
    page.select_option("#objective", "game-points")
    shot(page, "lobby-objective")
    page.click("#start")
    page.wait_for_url("**/t/*")
    wait_state(page, "true")
    table = page.url.rsplit("/", 1)[1]
    assert server.hub.tables[table].session.objective.name == "game-points"
    assert "for game points" in page.inner_text("h1")
    assert page.evaluate("() => window.pegboard.state.objective") == "game-points"
    shot(page, "table-objective")
    new_table(page, server.url, "cribbage", ["computer:greedy"])  # the form's default: to win, and not shown
    assert page.evaluate("() => window.pegboard.state.objective") == "win" and "for " not in page.inner_text("h1")
    assert not page.errors
